import CX11
import Glibc

/// A debugging aid for memory soaks: with `TAPAWAY_HEAP_LOG=FILE`, each heap trim appends one line of
/// malloc's figures (`mallinfo2`) to FILE, before and after the trim, so a soak can tell what the
/// program holds from what the allocator keeps.
///
/// Without the variable it does nothing.
///
/// A line: `seconds arena inUse free freeChunks topFree mmapped` then the same six after the
/// trim, all in bytes but the seconds (the monotonic clock) and the number of free chunks; then
/// how many spare event-queue elements Xlib held and the trim freed (about 200 bytes each).
enum HeapLog {
    /// The log's descriptor, opened on first use; -1 when the variable is unset or the file
    /// cannot be opened.
    private nonisolated(unsafe) static var descriptor: Int32 = {
        guard let path = getenv("TAPAWAY_HEAP_LOG"), path.pointee != 0 else { return -1 }
        return open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    }()

    /// Whether the log is on.
    static var isOn: Bool { descriptor >= 0 }

    /// malloc's six figures now.
    static func figures() -> [Int] {
        var raw = [size_t](repeating: 0, count: 6)
        raw.withUnsafeMutableBufferPointer { tapaway_heap_figures($0.baseAddress!) }
        return raw.map { Int($0) }
    }

    /// Appends one line: the time, `before`, the figures now and `eventQueueSpares`.
    static func write(seconds: Double, before: [Int], eventQueueSpares: Int) {
        guard isOn else { return }
        let line =
            ([String(Int(seconds))] + (before + figures() + [eventQueueSpares]).map(String.init)).joined(separator: " ") + "\n"
        _ = line.utf8CString.withUnsafeBufferPointer { Glibc.write(descriptor, $0.baseAddress, $0.count - 1) }
    }
}
