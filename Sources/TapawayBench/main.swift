// tapaway-bench: figures, not pass/fail. Run in release mode: scripts/bench.sh
//
//   tapaway-bench [kit]               the in-process Kit benchmarks (headless)
//   tapaway-bench keystroke N [K] [paragraphs] [japanese|arabic|mixed]
//                                     K keystrokes (default 1000, after 20 not counted) in a text view of N characters
//                                     (one paragraph, or paragraphs of about 500; English, or another script wrapped
//                                     by libunibreak), for profiling one case (valgrind --tool=callgrind)
//   tapaway-bench startup [ROUNDS]    start-up against the peers, in interleaved rounds (needs DISPLAY; default 10)
//   tapaway-bench typing              1000 characters through XTest, beside a Tk entry
//   tapaway-bench tap [TAPS]          tap to the first changed pixel (default 200 taps)
//   tapaway-bench animation [CYCLES]  keypad slides: frame draw times (default 100 cycles)
//   tapaway-bench audit               tapaway audit on the standard form and generated screens, every technique
//   tapaway-bench import              tapaway import of the largest shared storyboard's scenes and a 300-node dump
//   tapaway-bench json                writing JSON: trace lines and a recording's line (headless)
import Glibc
import TapawayKit
import TapawayUnibreak

let arguments = Array(CommandLine.arguments.dropFirst())
let count = arguments.dropFirst().first.flatMap(Int.init)
MainActor.assumeIsolated {
    switch arguments.first {
    case "keystroke":
        let length = count ?? 1_000_000
        let keystrokes = arguments.dropFirst(2).first.flatMap(Int.init) ?? 1000
        let paragraphs = arguments.dropFirst(3).contains("paragraphs")
        let script =
            KitBenchmarks.Script.allCases.first { arguments.dropFirst(3).contains($0.rawValue) } ?? .english
        if script != .english { LineBreaking.rules = UnibreakLineBreaks() }
        let r = KitBenchmarks.keystroke(length: length, paragraphs: paragraphs, script: script, count: keystrokes)
        print(
            "\(length) characters: median \(KitBenchmarks.format(r.median)) µs, p99 \(KitBenchmarks.format(r.p99)) µs, "
                + "longest later turn settling the lines \(KitBenchmarks.format(r.longestSettle)) µs")
    case nil, "kit":
        KitBenchmarks.run()
    case "startup":
        XBenchmarks.startup(rounds: count ?? 10)
    case "typing":
        XBenchmarks.typing()
    case "tap":
        XBenchmarks.tapAndAnimation(taps: count ?? 200)
    case "animation":
        XBenchmarks.animation(cycles: count ?? 100)
    case "audit":
        AuditBenchmarks.run()
    case "import":
        ImportBenchmarks.run()
    case "json":
        JSONBenchmarks.run()
    default:
        print(
            "tapaway-bench: unknown benchmark '\(arguments[0])'; use kit, keystroke, startup, typing, tap, animation, audit, import or json"
        )
        exit(64)
    }
}
