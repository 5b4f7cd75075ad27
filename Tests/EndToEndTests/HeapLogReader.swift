import Foundation
import Glibc

/// Reads the program's heap log (`TAPAWAY_HEAP_LOG`): one line per heap trim with malloc's
/// figures before and after it, for the tests that measure what the program keeps in use.
struct HeapLogReader {
    /// The log file, in a private folder the reader made.
    let path: String
    private let folder: PrivateFolder

    /// A reader for a log in a fresh private folder; `remove()` deletes it.
    init() throws {
        folder = PrivateFolder(purpose: "heap-log")
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        path = folder.file("heap.log")
    }

    /// Deletes the log and its folder.
    func remove() { folder.remove() }

    /// The test's monotonic clock, which is the program's (`CLOCK_MONOTONIC`), in seconds.
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// The first trim logged after now: the program trims when it goes idle, at most every few seconds,
    /// so each round sends a mark (work, then an idle line) until one is written.
    ///
    /// Returns malloc's bytes in use after that trim and the spare queue elements it freed.
    func nextTrim(session s: Session) throws -> (inUse: Int, spares: Int) {
        let time = Self.now()
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n") {
                let fields = line.split(separator: " ").compactMap { Int($0) }
                // seconds, six figures before the trim, six after, then the spares freed.
                if fields.count >= 14, Double(fields[0]) > time { return (fields[8], fields[13]) }
            }
            try s.settle()
        }
        throw EndToEndError("no heap trim was logged after \(time) s within 30 s.\n\(s.app.diagnostics)")
    }
}
