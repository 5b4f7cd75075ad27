import FoundationEssentials
import Glibc
import TapawayX11Watcher

/// Benchmarks of real programs on an X display (a private `Xvfb -noreset`, which
/// `scripts/bench.sh` starts): Tapaway beside the programs a Linux user would compare it with,
/// measured the same way, from outside, through DAMAGE and XTest.
@MainActor
enum XBenchmarks {
    /// The Tapaway binary measured (release build), from `TAPAWAY_BINARY` or next to this one.
    static var tapaway: String {
        if let path = getenv("TAPAWAY_BINARY") { return String(cString: path) }
        let me = CommandLine.arguments[0]
        let folder = me.contains("/") ? String(me[..<me.lastIndex(of: "/")!]) : "."
        return folder + "/tapaway"
    }

    /// Another Tapaway binary to start beside `tapaway`, from `TAPAWAY_BASELINE_BINARY` (an
    /// earlier build, say): its rows are interleaved with the others', so the two builds meet the
    /// same machine.
    static var baseline: String? { getenv("TAPAWAY_BASELINE_BINARY").map { String(cString: $0) } }

    /// A Tk window with two entries and a button; it prints `done` once the first entry holds
    /// 1000 characters.
    static let tkScript = """
        entry .a; entry .b; button .c -text OK; pack .a .b .c
        focus -force .a
        bind .a <KeyRelease> {if {[string length [.a get]] >= 1000} {puts done; flush stdout}}
        """

    static func writeTkScript() -> String {
        let path = "/tmp/tapaway-bench-tk-\(getpid()).tcl"
        if let file = fopen(path, "w") {
            fputs(tkScript, file)
            fclose(file)
        }
        return path
    }

    /// The configuration folder of the bare Tapaway's runs, removed after them.
    static let configFolder = "/tmp/tapaway-bench-config-\(getpid())"

    /// The programs compared at start-up: a name, the command and what it adds to the environment.
    ///
    /// Tapaway runs three times over: bare, as a user types it (with an empty configuration folder of
    /// its own, so no one's settings are read or written), with an argument, which
    /// swift-argument-parser parses, each with a font-match cache of its own (current after the warm-up
    /// round); and bare with no cache it can read or write, so fontconfig matches at every start.
    static func peers() -> [(name: String, command: [String], environment: [String: String])] {
        mkdir(configFolder, 0o700)
        let own = ["XDG_CONFIG_HOME": configFolder, "XDG_DATA_HOME": configFolder, "XDG_CACHE_HOME": configFolder + "/cache"]
        var withoutCache = own
        withoutCache["XDG_CACHE_HOME"] = "/dev/null"
        var list: [(name: String, command: [String], environment: [String: String])] = [
            ("tapaway", [tapaway], own),
            ("tapaway --no-settings", [tapaway, "--no-settings"], ["XDG_CACHE_HOME": configFolder + "/cache-args"]),
            ("tapaway, no font cache", [tapaway], withoutCache),
        ]
        if let baseline {
            var ownBaseline = own
            ownBaseline["XDG_CACHE_HOME"] = configFolder + "/cache-baseline"
            list.append(("baseline tapaway", [baseline], ownBaseline))
            list.append(
                (
                    "baseline tapaway --no-settings", [baseline, "--no-settings"],
                    ["XDG_CACHE_HOME": configFolder + "/cache-baseline-args"]
                ))
        }
        if let p = findExecutable("matchbox-keyboard") { list.append(("matchbox-keyboard", [p], [:])) }
        if let p = findExecutable("xvkbd") { list.append(("xvkbd", [p], [:])) }
        if let p = findExecutable("wish") { list.append(("Tk (wish)", [p, writeTkScript()], [:])) }
        if let p = findExecutable("yad") { list.append(("yad --entry", [p, "--entry"], [:])) }
        return list
    }

    // MARK: Start-up

    /// Exec to the first complete frame (the last change of pixels before the screen is quiet for 0.5
    /// s, after a top-level window mapped) and memory a second later (resident, proportional and
    /// private, medians), in `rounds` interleaved rounds: each round starts every program once, the
    /// order rotated by one each round and reversed every other round, so a machine that slows down or
    /// speeds up during the run, or a program slow to go away, weighs on every program alike.
    ///
    /// Each program's time is also given as a ratio to matchbox-keyboard's in the same round: the
    /// median of those ratios. A first round, not counted, starts every program once: the files they
    /// read are then in the page cache for all alike, and Tapaway's font-match caches are written.
    static func startup(rounds: Int) {
        guard let watcher = XWatcher(displayName: nil) else {
            print("startup: no display with DAMAGE (run scripts/bench.sh, which starts Xvfb)")
            return
        }
        let programs = peers()
        var times = [[Double?]](repeating: [], count: programs.count)
        var memory = [[Double]](repeating: [], count: programs.count)
        var proportional = [[Double]](repeating: [], count: programs.count)
        var own = [[Double]](repeating: [], count: programs.count)
        for program in programs {
            watcher.clear()
            var environment = program.environment
            environment["NO_AT_BRIDGE"] = "1"
            guard let process = Spawned(program.command, environment: environment) else { continue }
            let deadline = monotonicNow() + 20
            while watcher.mapped.isEmpty && monotonicNow() < deadline { watcher.pump(timeout: 0.05) }
            _ = watcher.waitUntilQuiet(quiet: 0.5, timeout: 20)
            process.stop()
            watcher.pump(timeout: 0.5)
        }
        for round in 0..<rounds {
            var timesThisRound = [Double?](repeating: nil, count: programs.count)
            for step in 0..<programs.count {
                // Rotated, and backwards every other round: run forwards only, each program
                // would always follow the same one, and pay for its teardown (yad's is heavy).
                let index = (round % 2 == 0 ? step + round : programs.count - 1 - step + round) % programs.count
                let program = programs[index]
                watcher.clear()
                let start = monotonicNow()
                var environment = program.environment
                environment["NO_AT_BRIDGE"] = "1"
                guard let process = Spawned(program.command, environment: environment) else { continue }
                // Wait for a window, then for the screen to be quiet.
                let deadline = start + 20
                while watcher.mapped.isEmpty && monotonicNow() < deadline { watcher.pump(timeout: 0.05) }
                guard let last = watcher.waitUntilQuiet(quiet: 0.5, timeout: 20) else {
                    process.stop()
                    continue
                }
                timesThisRound[index] = (last - start) * 1000
                let settle = last + 1 - monotonicNow()
                if settle > 0 { usleep(useconds_t(settle * 1_000_000)) }
                if let rss = process.residentKiB { memory[index].append(Double(rss) / 1024) }
                if let pss = process.proportionalKiB { proportional[index].append(Double(pss) / 1024) }
                if let uss = process.privateKiB { own[index].append(Double(uss) / 1024) }
                process.stop()
                watcher.pump(timeout: 0.5)
            }
            for index in programs.indices { times[index].append(timesThisRound[index]) }
        }
        try? FileManager.default.removeItem(atPath: configFolder)
        let reference = programs.firstIndex { $0.name == "matchbox-keyboard" }
        print("Start-up to the first complete frame (DAMAGE, from outside), \(rounds) interleaved rounds")
        print("| program | min ms | median ms | max ms | × matchbox-keyboard | RSS MiB | PSS MiB | private MiB |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        for (index, program) in programs.enumerated() {
            let t = Figures(times[index].compactMap { $0 })
            var ratios: [Double] = []
            if let reference {
                for (mine, theirs) in zip(times[index], times[reference]) {
                    if let mine, let theirs, theirs > 0 { ratios.append(mine / theirs) }
                }
            }
            let ratio = ratios.isEmpty ? "—" : format2(Figures(ratios).median)
            let m = Figures(memory[index]), p = Figures(proportional[index]), u = Figures(own[index])
            print(
                "| \(program.name) | \(format1(t.min)) | \(format1(t.median)) | \(format1(t.max)) | \(ratio) "
                    + "| \(format1(m.median)) | \(format1(p.median)) | \(format1(u.median)) |")
        }
        print("")
    }

    // MARK: Typing

    /// 1000 characters typed through XTest into a focused field: until the field holds them all,
    /// and the lag after the last key was sent; Tapaway beside a Tk entry.
    static func typing() {
        guard let watcher = XWatcher(displayName: nil) else { return }
        var bytes: [UInt8] = []
        for i in 0..<1000 { bytes.append(i % 7 == 6 ? 0x20 : UInt8(97 + (i * 7) % 26)) }
        let text = String(decoding: bytes, as: UTF8.self)
        print("Typing 1000 characters through XTest into a focused field")
        print("| program | until all arrived ms | after the last key ms |")
        print("|---|---:|---:|")
        var candidates: [(String, [String], (String) -> Bool)] = [
            (
                "tapaway", [tapaway, "--no-settings", "--focus", "name", "--trace", "-"],
                { line in
                    // A text line of name once it holds all 1000 characters: past 256 characters
                    // the line gives the length instead of the whole text.
                    line.contains("\"kind\":\"text\"") && line.contains("\"id\":\"name\"")
                        && line.contains("\"length\":1000")
                }
            )
        ]
        if let wish = findExecutable("wish") {
            candidates.append(("Tk entry (wish)", [wish, writeTkScript()], { $0 == "done" }))
        }
        for (name, command, done) in candidates {
            watcher.clear()
            guard let process = Spawned(command) else { continue }
            while watcher.mapped.isEmpty { watcher.pump(timeout: 0.05) }
            _ = watcher.waitUntilQuiet(quiet: 0.5, timeout: 20)
            if name != "tapaway", let window = watcher.mapped.first?.window { watcher.focus(window) }
            _ = process.readLines()
            let start = monotonicNow()
            watcher.type(text)
            let sent = monotonicNow()
            if let arrived = process.waitForLine(timeout: 30, done) {
                print("| \(name) | \(format1((arrived.time - start) * 1000)) | \(format1(max(0, arrived.time - sent) * 1000)) |")
            } else {
                print("| \(name) | did not arrive | |")
            }
            process.stop()
        }
        print("")
    }

    // MARK: Tap to pixels, and the animation

    /// The frame of view `id` in a `layout` line.
    struct Layout: Decodable {
        struct View: Decodable {
            let id: String
            let frame: [Double]
            let visible: Bool
        }
        let kind: String
        let views: [View]?
        let phase: String?
        let ms: Double?
        let animating: Bool?
        let start: Double?
    }

    static func decode(_ line: String) -> Layout? {
        try? JSONDecoder().decode(Layout.self, from: Data(line.utf8))
    }

    /// A click on the caption while a field is focused, to the first changed pixel of the keypad
    /// hiding: `taps` times on a quiet machine, then `taps` times while as many busy loops as the
    /// machine has cores (`/bin/sh` spinning, at the same priority as Tapaway) keep every core busy.
    ///
    /// Each tap is split in three at Tapaway's painted frame (its `frame` line, on the same clock): the
    /// click to the frame's start (XTest, the server, Tapaway waking and handling the press and
    /// release), the frame, and the frame's end to the changed pixel (the server carrying the drawing
    /// out, DAMAGE, this client waking). And, for each process, the time it spent waiting for a core
    /// between the click and the pixel (`/proc/PID/schedstat`).
    ///
    /// Beside it, the same clicks on a Tk window: a click on a frame that takes the focus from
    /// a focused entry, to the entry's first changed pixel (`tkTapLatencies`), quiet and loaded
    /// alike, the two programs' taps in the same run.
    static func tapAndAnimation(taps: Int) {
        guard let quiet = tapLatencies(taps: taps) else { return }
        let tkQuiet = tkTapLatencies(taps: taps)
        let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        let hogs = (0..<cores).compactMap { _ in Spawned(["/bin/sh", "-c", "while :; do :; done"]) }
        let loaded = tapLatencies(taps: taps)
        let tkLoaded = tkTapLatencies(taps: taps)
        for hog in hogs { hog.stop() }
        let loadName = "\(hogs.count) busy loops (CPU hog)"
        let runs = [("quiet", quiet), (loadName, loaded ?? TapRun())]
        print("Tap to the first changed pixel (DAMAGE), \(taps) taps each: Tapaway's keypad hiding, a Tk entry losing focus")
        print("| machine | program | taps | p50 ms | p99 ms | max ms |")
        print("|---|---|---:|---:|---:|---:|")
        let rows = [
            ("quiet", "tapaway", quiet), ("quiet", "Tk entry (wish)", tkQuiet ?? TapRun()),
            (loadName, "tapaway", loaded ?? TapRun()), (loadName, "Tk entry (wish)", tkLoaded ?? TapRun()),
        ]
        for (machine, program, run) in rows where !run.taps.isEmpty {
            let tap = Figures(run.taps.map(\.total))
            print(
                "| \(machine) | \(program) | \(run.taps.count) | \(format2(tap.percentile(0.5))) "
                    + "| \(format2(tap.percentile(0.99))) | \(format2(tap.max)) |")
        }
        print("")
        print("Each tap in three, at Tapaway's painted frame, and the time each process waited for a core")
        print("between the click and the pixel (p50 / p99 ms; Xvfb's only when TAPAWAY_BENCH_XVFB_PID names it)")
        print(
            "| machine | click → frame starts | frame | frame ends → pixel | Tapaway waited | Xvfb waited | this client waited |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for (name, run) in runs {
            let split = run.taps.filter { $0.toFrame != nil }
            func cell(_ values: [Double]) -> String {
                let figures = Figures(values)
                return "\(format2(figures.percentile(0.5))) / \(format2(figures.percentile(0.99)))"
            }
            func waited(_ values: [Double]) -> String { values.isEmpty ? "—" : cell(values) }
            print(
                "| \(name) | \(cell(split.compactMap(\.toFrame))) | \(cell(split.compactMap(\.frame))) "
                    + "| \(cell(split.compactMap(\.afterFrame))) | \(waited(run.taps.compactMap(\.tapawayWaited))) "
                    + "| \(waited(run.taps.compactMap(\.serverWaited))) | \(waited(run.taps.compactMap(\.clientWaited))) |")
        }
        print("")
    }

    /// One tap's milliseconds: in all, split at Tapaway's frame when its line was found, and
    /// how long each process waited for a core meanwhile, where that could be read.
    struct TapTiming {
        let total: Double
        var toFrame: Double?
        var frame: Double?
        var afterFrame: Double?
        var tapawayWaited: Double?
        var serverWaited: Double?
        var clientWaited: Double?
    }

    /// The taps of one run.
    struct TapRun {
        var taps: [TapTiming] = []
    }

    /// The nanoseconds a process has spent runnable but waiting for a core (the second field
    /// of `/proc/PID/schedstat`), or nil when it cannot be read.
    static func runQueueWait(of pid: pid_t) -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/schedstat", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        return fields.count >= 2 ? Double(fields[1]) : nil
    }

    /// `taps` clicks on the caption, with a field focused, each timed to the first changed pixel
    /// of the keypad as it starts to hide; nil when Tapaway did not start.
    static func tapLatencies(taps: Int) -> TapRun? {
        guard let watcher = XWatcher(displayName: nil),
            let process = Spawned(
                [tapaway, "--no-settings", "--focus", "name", "--trace", "-"],
                environment: ["TAPAWAY_FRAME_STATS": "1"])
        else { return nil }
        defer { process.stop() }
        var views: [String: [Double]] = [:]
        var lines: [Layout] = []
        func read() {
            for line in process.readLines() {
                guard let decoded = decode(line) else { continue }
                lines.append(decoded)
                for view in decoded.views ?? [] where view.visible { views[view.id] = view.frame }
            }
        }
        func waitFor(_ phase: String) -> Bool {
            let deadline = monotonicNow() + 5
            while monotonicNow() < deadline {
                read()
                if lines.contains(where: { $0.kind == "keypad" && $0.phase == phase }) { return true }
                usleep(2_000)
            }
            return false
        }
        guard waitFor("didShow") else {
            print("tap: the keypad never showed")
            return nil
        }
        usleep(300_000)
        read()
        guard let caption = views["caption"], let name = views["name"] else {
            print("tap: no layout")
            return nil
        }
        let server = getenv("TAPAWAY_BENCH_XVFB_PID").flatMap { pid_t(String(cString: $0)) }
        func waits() -> [Double?] {
            [runQueueWait(of: process.pid), server.flatMap(runQueueWait), runQueueWait(of: getpid())]
        }
        var run = TapRun()
        lines.removeAll()
        for _ in 0..<taps {
            let tray = keypadTray(views)
            watcher.clear()
            lines.removeAll()
            let before = waits()
            let start = monotonicNow()
            watcher.click(x: Int(caption[0] + 4), y: Int(caption[1] + caption[3] / 2))
            var first: Double?
            let deadline = start + 2
            while first == nil && monotonicNow() < deadline {
                watcher.pump(timeout: 0.05, returnEarly: true)
                first = watcher.damages.first { $0.intersects(x: tray.0, y: tray.1, width: tray.2, height: tray.3) }?.time
            }
            let after = waits()
            guard waitFor("didHide") else { break }
            if let first {
                var timing = TapTiming(total: (first - start) * 1000)
                let waited = zip(before, after).map { pair in pair.0.flatMap { a in pair.1.map { ($0 - a) / 1e6 } } }
                (timing.tapawayWaited, timing.serverWaited, timing.clientWaited) = (waited[0], waited[1], waited[2])
                // The last frame painted after the click that ended before the pixel changed.
                if let frame = lines.last(where: { line in
                    guard line.kind == "frame", let begun = line.start, let ms = line.ms else { return false }
                    return begun >= start && begun + ms / 1000 <= first
                }), let begun = frame.start, let ms = frame.ms {
                    timing.toFrame = (begun - start) * 1000
                    timing.frame = ms
                    timing.afterFrame = (first - begun) * 1000 - ms
                }
                run.taps.append(timing)
            }
            lines.removeAll()
            watcher.click(x: Int(name[0] + name[2] / 2), y: Int(name[1] + name[3] / 2))
            guard waitFor("didShow") else { break }
            usleep(50_000)
            read()
        }
        return run
    }

    /// A Tk window for the tap: an entry with the focus above a frame that takes the focus when
    /// clicked, as Tapaway's background takes it from a field; it prints where both are.
    static let tkTapScript = """
        entry .a; frame .bg -width 300 -height 200; pack .a .bg
        bind .bg <Button-1> {focus .bg}
        focus -force .a
        update
        puts "at [winfo rootx .a] [winfo rooty .a] [winfo width .a] [winfo height .a] [winfo rootx .bg] [winfo rooty .bg]"
        flush stdout
        """

    /// `taps` clicks on the Tk window's frame, each timed to the entry's first changed pixel as
    /// it loses the focus (its caret and focus ring go), the entry clicked again between taps;
    /// nil when `wish` is missing or did not start.
    static func tkTapLatencies(taps: Int) -> TapRun? {
        guard let wish = findExecutable("wish"), let watcher = XWatcher(displayName: nil) else { return nil }
        let path = "/tmp/tapaway-bench-tk-tap-\(getpid()).tcl"
        guard let file = fopen(path, "w") else { return nil }
        fputs(tkTapScript, file)
        fclose(file)
        defer { unlink(path) }
        guard let process = Spawned([wish, path]) else { return nil }
        defer { process.stop() }
        guard let line = process.waitForLine(timeout: 10, { $0.hasPrefix("at ") }) else {
            print("tap: Tk did not start")
            return nil
        }
        let at = line.line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard at.count == 6 else { return nil }
        let entry = (at[0], at[1], at[2], at[3])
        _ = watcher.waitUntilQuiet(quiet: 0.3, timeout: 5)
        func firstChange(after start: Double) -> Double? {
            let deadline = start + 2
            while monotonicNow() < deadline {
                watcher.pump(timeout: 0.05, returnEarly: true)
                if let change = watcher.damages.first(where: {
                    $0.intersects(x: entry.0, y: entry.1, width: entry.2, height: entry.3)
                }) {
                    return change.time
                }
            }
            return nil
        }
        var run = TapRun()
        for _ in 0..<taps {
            watcher.clear()
            let start = monotonicNow()
            watcher.click(x: Int(at[4]) + 20, y: Int(at[5]) + 20)
            guard let first = firstChange(after: start) else { break }
            run.taps.append(TapTiming(total: (first - start) * 1000))
            // The entry takes the focus back, and repaints, before the next tap.
            usleep(20_000)
            watcher.clear()
            watcher.click(x: Int(entry.0 + entry.2 / 2), y: Int(entry.1 + entry.3 / 2))
            _ = firstChange(after: monotonicNow())
            usleep(50_000)
        }
        return run
    }

    /// `cycles` show/hide cycles of the keypad: frame draw times and missed 60 Hz deadlines,
    /// from the `frame` lines Tapaway writes when `TAPAWAY_FRAME_STATS` is set.
    static func animation(cycles: Int) {
        guard let watcher = XWatcher(displayName: nil),
            let process = Spawned([tapaway, "--no-settings", "--trace", "-"], environment: ["TAPAWAY_FRAME_STATS": "1"])
        else { return }
        defer { process.stop() }
        var frames: [Layout] = []
        var views: [String: [Double]] = [:]
        var phases: [String] = []
        func read() {
            for line in process.readLines() {
                guard let decoded = decode(line) else { continue }
                if decoded.kind == "frame" { frames.append(decoded) }
                if decoded.kind == "keypad", let phase = decoded.phase { phases.append(phase) }
                for view in decoded.views ?? [] where view.visible { views[view.id] = view.frame }
            }
        }
        func waitFor(_ phase: String) -> Bool {
            let deadline = monotonicNow() + 5
            while monotonicNow() < deadline {
                read()
                if phases.last == phase { return true }
                usleep(2_000)
            }
            return false
        }
        let ready = monotonicNow() + 5
        while views["name"] == nil && monotonicNow() < ready { read(); usleep(10_000) }
        guard let name = views["name"], let caption = views["caption"] else { print("animation: no layout"); return }
        frames.removeAll()
        for _ in 0..<cycles {
            watcher.click(x: Int(name[0] + name[2] / 2), y: Int(name[1] + name[3] / 2))
            guard waitFor("didShow") else { break }
            watcher.click(x: Int(caption[0] + 4), y: Int(caption[1] + caption[3] / 2))
            guard waitFor("didHide") else { break }
        }
        read()
        let animated = frames.filter { $0.animating == true }
        let draws = Figures(animated.compactMap(\.ms))
        var missed = 0, longest = 0.0
        for (a, b) in zip(animated, animated.dropFirst()) {
            guard let s0 = a.start, let s1 = b.start else { continue }
            let gap = (s1 - s0) * 1000
            // Frames of one slide follow each other; a gap over a frame and a half is a missed deadline.
            if gap < 100 {
                longest = max(longest, gap)
                if gap > 1000.0 / 60 * 1.5 { missed += 1 }
            }
        }
        print("The keypad sliding, \(cycles) show/hide cycles: \(animated.count) frames drawn while animating")
        print("| draw p50 ms | draw p99 ms | draw max ms | longest gap ms | missed 60 Hz deadlines |")
        print("|---:|---:|---:|---:|---:|")
        print(
            "| \(format2(draws.percentile(0.5))) | \(format2(draws.percentile(0.99))) | \(format2(draws.max)) | \(format2(longest)) | \(missed) |"
        )
        print("")
    }

    /// The keypad's tray: the union of the visible keys' frames.
    static func keypadTray(_ views: [String: [Double]]) -> (Double, Double, Double, Double) {
        let keys = views.filter { $0.key.hasPrefix("key-") }.values
        guard !keys.isEmpty else { return (0, 0, 0, 0) }
        let minX = keys.map { $0[0] }.min()!, minY = keys.map { $0[1] }.min()!
        let maxX = keys.map { $0[0] + $0[2] }.max()!, maxY = keys.map { $0[1] + $0[3] }.max()!
        return (minX, minY, maxX - minX, maxY - minY)
    }
}

/// A number with two decimals.
func format2(_ value: Double) -> String {
    guard value.isFinite else { return "—" }
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}
