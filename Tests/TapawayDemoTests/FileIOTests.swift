import TapawayDemo
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A file under /tmp holding `bytes`, removed by the caller.
private func temporaryFile(_ bytes: [UInt8]) -> String {
    var template = Array("/tmp/tapaway-fileio-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    precondition(fd >= 0, "mkstemp failed")
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
}

/// Reads whatever is in the pipe's read end now (it must be non-blocking).
private func drain(_ fd: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n <= 0 { return bytes }
        bytes += chunk[0..<n]
    }
}

@Suite("FileIO: bounded reads and line writes")
struct FileIOTests {
    @Test("a regular file is read whole up to its limit, and refused one byte past it")
    func boundedRegularFile() throws {
        let path = temporaryFile(Array("0123456789".utf8))
        defer { unlink(path) }
        #expect(try FileIO.read(path, limit: 10) == Array("0123456789".utf8))
        #expect(throws: FileIO.ReadFailure.tooLarge(limit: 9)) { try FileIO.read(path, limit: 9) }
        #expect(FileIO.ReadFailure.tooLarge(limit: 64 << 10).message() == "is larger than 64 KiB")
    }

    @Test("a missing file, a directory and a FIFO are refused with their reasons, at once")
    func refusals() throws {
        #expect(throws: FileIO.ReadFailure.cannotOpen(ENOENT)) { try FileIO.read("/nonexistent/tapaway", limit: 10) }
        #expect(FileIO.ReadFailure.cannotOpen(ENOENT).message().contains("no such file"))
        #expect(throws: FileIO.ReadFailure.directory) { try FileIO.read("/tmp", limit: 10) }
        #expect(FileIO.ReadFailure.directory.message(noun: "recording") == "is a directory, not a recording")

        // A FIFO with no writer: refused, not waited on (a blocking open would hang here).
        let fifo = temporaryFile([])
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        #expect(throws: FileIO.ReadFailure.notRegular) { try FileIO.read(fifo, limit: 10) }
        #expect(FileIO.ReadFailure.notRegular.message() == "is not a regular file")
    }

    @Test("a stream is read to its end when streams are accepted, and bounded as it is read")
    func streams() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        _ = Array("{\"kind\":\"header\"}\n".utf8).withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        let path = "/proc/self/fd/\(ends[0])"
        #expect(try FileIO.read(path, limit: 100, accepting: .regularFilesAndStreams) == Array("{\"kind\":\"header\"}\n".utf8))
        close(ends[0])

        #expect(pipe(&ends) == 0)
        _ = [UInt8](repeating: 0x61, count: 11).withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        #expect(throws: FileIO.ReadFailure.tooLarge(limit: 10)) {
            try FileIO.read("/proc/self/fd/\(ends[0])", limit: 10, accepting: .regularFilesAndStreams)
        }
        close(ends[0])
    }

    @Test("writes: whole lines arrive whole; a full pipe says how much it took; a failure says why")
    func writes() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
        #expect(FileIO.writeLine("one line", to: ends[1]))
        #expect(drain(ends[0]) == Array("one line\n".utf8))

        // More than the pipe holds: it takes what fits and says so, without blocking.
        let capacity = Int(fcntl(ends[1], 1032 /* F_GETPIPE_SZ */))
        let big = [UInt8](repeating: 0x62, count: capacity + 100)
        #expect(big.withUnsafeBytes { FileIO.write($0, to: ends[1]) } == .wouldBlock(written: capacity))
        #expect(drain(ends[0]).count == capacity)

        signal(SIGPIPE, SIG_IGN)
        close(ends[0])
        ends[0] = open("/dev/null", O_RDONLY)
        #expect(big.withUnsafeBytes { FileIO.write($0, to: ends[1]) } == .failed(errno: EPIPE, written: 0))
        close(ends[1])

        let full = open("/dev/full", O_WRONLY)
        #expect(full >= 0)
        defer { close(full) }
        #expect(!FileIO.writeLine("lost", to: full))
        #expect(big.withUnsafeBytes { FileIO.write($0, to: full) } == .failed(errno: ENOSPC, written: 0))
    }
}
