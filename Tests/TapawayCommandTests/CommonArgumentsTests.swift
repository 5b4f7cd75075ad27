import ArgumentParser
import TapawayDemo
import Testing

@testable import tapaway

/// `LaunchOptions(commonArguments:)` reads the common command lines without swift-argument-parser
/// (issue 37).
///
/// The parser stays the definition of the command line: every line the fast path reads, it must read to
/// the same options as the parser, and it must leave to the parser every line the parser would refuse.
@MainActor
@Suite("The common command lines, read without the parser")
struct CommonArgumentsTests {
    /// Values for each option the fast path reads: every valid one, and those that are not, or
    /// that look like an option, a subcommand or nothing.
    static let values: [String: [String]] = [
        "--scenario": TechniqueID.allCases.map(\.rawValue) + [
            "as-written", "nope", "", "-", "list", "Send-Event", "-x", "--set",
        ],
        "--set": [
            "dismiss=on-drag", "cancels-touches=off", "tap-gesture.cancels-touches=off", "", "a=b=c", "x", "-",
            "device=ipad", "é=ü", "list", "-x", "--no-settings", "a b",
        ],
        "--device": DeviceProfile.all.map(\.id) + ["nope", "", "-", "--trace", "audit"],
        "--trace": ["-", "/tmp/t.jsonl", "", "list", "-x", "--scenario", "a b", "=", "audit", "--", "-5"],
        "--screen": ["standard", "plain", "chat", "f.json", "", "-", "validate", "--set", "help"],
    ]

    /// The command lines tried: each option with each value and without one, every pair of
    /// options in both orders (repeats among them), with and around `--no-settings`, all five
    /// together, and lines the fast path must leave alone.
    static var lines: [[String]] {
        let names = values.keys.sorted()
        var lines: [[String]] = [[], ["--no-settings"], ["--no-settings", "--no-settings"]]
        for name in names {
            lines.append([name])
            lines.append(["--no-settings", name])
            for value in values[name]! {
                lines.append([name, value])
                lines.append(["--no-settings", name, value])
                lines.append([name, value, "--no-settings"])
            }
        }
        for first in names {
            for second in names {
                for a in values[first]!.prefix(4) {
                    for b in values[second]!.prefix(4) {
                        lines.append([first, a, second, b])
                        lines.append([first, a, "--no-settings", second, b])
                    }
                }
            }
        }
        lines.append([
            "--scenario", "tap-gesture", "--set", "dismiss=on-drag", "--device", "ipad", "--trace", "-", "--screen", "chat",
            "--no-settings",
        ])
        lines.append([
            "--set", "device=iphone-se", "--device", "ipad", "--set", "cancels-touches=off", "--set", "dismiss=interactive",
        ])
        lines.append(["--screen", "plain", "--trace", "/tmp/t", "--device", "iphone-se", "--scenario", "android"])
        lines += [
            ["--scenario", "tap-gesture", "--size", "400x800"], ["--help"], ["-h"], ["--version"], ["list"],
            ["--"], ["--", "--no-settings"], ["--scenario=tap-gesture"], ["--set=a=b"], ["--no-settings=true"],
            ["--scenario", "send-event", "extra"], ["--scenario", "send-event", "--scenario", "send-event"],
            ["--device", "ipad", "--device", "ipad"], ["--trace", "-", "--trace", "-"],
            ["--screen", "chat", "--screen", "plain"],
            ["matrix", "--set", "dismiss=on-drag"], ["--set", "dismiss=on-drag", "audit"], ["--focus", "name"],
            ["--theme", "dark", "--no-settings"], ["-", "--no-settings"],
        ]
        return lines
    }

    /// What swift-argument-parser makes of `line` as the window's command, or nil when it
    /// refuses it or reads another command.
    static func parsed(_ line: [String]) -> LaunchOptions? {
        (try? TapawayCommand.parseAsRoot(line) as? TapawayCommand)?.launchOptions
    }

    /// Each line with what the parser makes of it, parsed once for both tests.
    static let parsedLines: [(line: [String], parsed: LaunchOptions?)] = lines.map { ($0, parsed($0)) }

    @Test("every line the fast path reads, swift-argument-parser reads to the same options")
    func agreesWithTheParser() {
        var read = 0
        for (line, parsed) in Self.parsedLines {
            guard let fast = LaunchOptions(commonArguments: line) else { continue }
            read += 1
            #expect(parsed != nil, "the parser refuses \(line), which the fast path reads")
            #expect(parsed == fast, "\(line): the parser reads \(String(describing: parsed)), the fast path \(fast)")
        }
        // Not a vacuous check: most of the lines are the fast path's.
        #expect(read * 2 > Self.lines.count, "only \(read) of \(Self.lines.count) lines were read without the parser")
    }

    @Test(
        "the common lines are read without the parser",
        arguments: [
            ["--no-settings"], ["--scenario", "tap-gesture"], ["--trace", "-"], ["--trace", "/tmp/t.jsonl"],
            ["--screen", "chat"], ["--device", "ipad"], ["--set", "dismiss=on-drag", "--set", "cancels-touches=off"],
            ["--scenario", "android", "--set", "android.target-sdk=27", "--device", "android", "--trace", "-", "--no-settings"],
        ])
    func commonLinesTakeTheFastPath(line: [String]) {
        #expect(LaunchOptions(commonArguments: line) != nil, "\(line) went to the parser")
    }

    @Test("every line the parser refuses or reads as another command is left to the parser")
    func refusalsGoToTheParser() {
        for (line, parsed) in Self.parsedLines where parsed == nil {
            #expect(LaunchOptions(commonArguments: line) == nil, "the fast path reads \(line), which the parser refuses")
        }
    }

    @Test("the names the fast path leaves to the parser as values are every subcommand's, and help")
    func subcommandNamesAreTheParsers() {
        // A value naming a subcommand may be read as one by the parser; a subcommand added to the
        // command (import, for one) must join the list, or its name would be taken for a value.
        let names = TapawayCommand.configuration.subcommands.map { $0.configuration.commandName ?? "" }
        #expect(LaunchOptions.subcommandNames == Set(names + ["help"]))
    }
}
