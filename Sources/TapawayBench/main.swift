// tapaway-bench: figures, not pass/fail. Run in release mode: scripts/bench.sh
//
//   tapaway-bench                     the in-process Kit benchmarks
//   tapaway-bench keystroke N [K]     K keystrokes (default 200) in a text view of N characters,
//                                     for profiling one case (valgrind --tool=callgrind)
#if canImport(Glibc)
import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
MainActor.assumeIsolated {
    switch arguments.first {
    case "keystroke":
        let length = arguments.dropFirst().first.flatMap(Int.init) ?? 1_000_000
        let count = arguments.dropFirst(2).first.flatMap(Int.init) ?? 200
        let r = KitBenchmarks.keystroke(length: length, paragraphs: false, count: count)
        print("\(length) characters: median \(KitBenchmarks.format(r.median)) µs, p99 \(KitBenchmarks.format(r.p99)) µs")
    case nil, "kit":
        KitBenchmarks.run()
    default:
        print("tapaway-bench: unknown benchmark '\(arguments[0])'; use kit or keystroke N [K]")
        exit(64)
    }
}
