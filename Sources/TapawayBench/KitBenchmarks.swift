import Glibc
import TapawayDemo
import TapawayHeadless
import TapawayKit
import TapawayUnibreak

/// In-process measurements of the Kit on the headless platform: what one touch costs as the view
/// tree grows, what one keystroke costs as the text grows, and how much of the window one
/// keystroke repaints.
@MainActor
enum KitBenchmarks {
    /// The clock the in-process benchmarks time with: the monotonic clock, or this thread's CPU
    /// time when `TAPAWAY_BENCH_CPU_TIME` is set (on a machine shared with other work, that
    /// leaves out the time spent waiting for a core, though not the caches the others evict).
    static let clock = getenv("TAPAWAY_BENCH_CPU_TIME") == nil ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID

    /// The time now on `clock`, in nanoseconds: wall time, or the thread's CPU time when asked.
    static func nanos() -> UInt64 {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// The median and 99th percentile of `samples`.
    static func summary(_ samples: [Double]) -> (median: Double, p99: Double) {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return (0, 0) }
        return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))])
    }

    /// Builds a tree of about `count` views, ten children a node, under a `DismissingWindow`.
    static func tree(count: Int, platform: HeadlessPlatform) -> (Window, depth: Int) {
        let size = platform.application.screenSize
        let window = DismissingWindow(
            frame: Rect(origin: .zero, size: size), notificationCenter: platform.application.notificationCenter)
        var frontier: [View] = [window]
        var made = 0
        var depth = 0
        while made < count {
            depth += 1
            var next: [View] = []
            for parent in frontier {
                let b = parent.bounds
                for i in 0..<10 where made < count {
                    let w = b.width / 10
                    let child = View(frame: Rect(x: Double(i) * w, y: 0, width: w, height: b.height))
                    parent.addSubview(child)
                    next.append(child)
                    made += 1
                }
            }
            frontier = next
        }
        platform.application.addWindow(window)
        return (window, depth)
    }

    /// µs per touch (a tap: began and ended) through `sendEvent` and hit testing.
    static func touchDelivery(count: Int) -> (median: Double, p99: Double, depth: Int) {
        let platform = HeadlessPlatform(screenSize: Size(width: 10_000, height: 800))
        let (_, depth) = tree(count: count, platform: platform)
        let app = platform.application
        var samples: [Double] = []
        for i in 0..<2000 {
            let point = Point(x: Double((i * 7919) % 10_000), y: Double((i * 31) % 800))
            let start = nanos()
            app.handlePointer(id: 1, phase: .began, at: point, timestamp: Double(i))
            app.handlePointer(id: 1, phase: .ended, at: point, timestamp: Double(i) + 0.01)
            samples.append(Double(nanos() - start) / 1000)
        }
        let s = summary(samples)
        return (s.median, s.p99, depth)
    }

    /// µs per keystroke in a text view holding `length` characters (one paragraph, or paragraphs of
    /// about 500 characters), typed in the middle of the text, with layout and the repaint of its dirty
    /// area into a recording canvas.
    ///
    /// The first `warmUp` keystrokes are not counted: they fill the width table and give the text room
    /// to grow.
    ///
    /// A keystroke whose re-wrap stops at its budget leaves the rest of the paragraph to later
    /// turns of the run loop: those turns run, untimed, before the next keystroke, and the
    /// longest of them is `longestSettle` (µs; 0 when none was needed).
    ///
    /// `script` says what the text is and what is typed into it (see `Script`).
    static func keystroke(
        length: Int, paragraphs: Bool, script: Script = .english, count: Int = 1000,
        warmUp: Int = 20
    ) -> (median: Double, p99: Double, longestSettle: Double) {
        let platform = HeadlessPlatform(screenSize: Size(width: 390, height: 800))
        let view = TextView(frame: Rect(x: 10, y: 10, width: 370, height: 400))
        let sentence = script.sentence
        let line = paragraphs ? String(repeating: sentence, count: 500 / sentence.count) + "\n" : sentence
        var text = String(repeating: line, count: length / line.count + 1)
        text.removeLast(text.count - length)
        view.text = text
        let window = Window(frame: Rect(origin: .zero, size: platform.application.screenSize))
        window.addSubview(view)
        platform.application.addWindow(window)
        view.becomeFirstResponder()
        view.select((length / 2)..<(length / 2))
        _ = platform.render()
        var samples: [Double] = []
        var longestSettle = 0.0
        for i in 0..<(warmUp + count) {
            let start = nanos()
            view.insertText(script.typed(i))
            _ = platform.render()
            if i >= warmUp { samples.append(Double(nanos() - start) / 1000) }
            while !view.isLayoutSettled {
                let turn = nanos()
                platform.application.timers.fireDue()
                _ = platform.render()
                longestSettle = max(longestSettle, Double(nanos() - turn) / 1000)
            }
        }
        let s = summary(samples)
        return (s.median, s.p99, longestSettle)
    }

    /// The share of the window one keystroke in the focused `name` field repaints, in percent.
    static func repaintShare() -> Double {
        let platform = HeadlessPlatform(screenSize: TapawayApp.defaultSize)
        let app = TapawayApp(application: platform.application)
        app.focus("name")
        platform.settle()
        _ = platform.render()
        (app.form.view("name") as? TextField)?.insertText("a")
        platform.application.runFrame()
        let window = app.window
        let dirty = window.takeDirtyRect() ?? .zero
        return 100 * dirty.width * dirty.height / (window.bounds.width * window.bounds.height)
    }

    /// Runs everything and prints a table.
    static func run() {
        print("Touch delivery through sendEvent and hit testing (a tap: began + ended)")
        print("| views | depth | median µs | p99 µs |")
        print("|---:|---:|---:|---:|")
        for n in [10, 100, 1000, 10_000] {
            let r = touchDelivery(count: n)
            print("| \(n) | \(r.depth) | \(format(r.median)) | \(format(r.p99)) |")
        }
        print("")
        // The app's line breaking: libunibreak for text that is not ASCII.
        LineBreaking.rules = UnibreakLineBreaks()
        for script in Script.allCases {
            for paragraphs in [true, false] {
                keystrokeTable(paragraphs: paragraphs, script: script)
            }
        }
        print("")
        print("Share of the simulated screen repainted by one keystroke in a field: \(format(repaintShare())) %")
    }

    /// Prints the keystroke rows of one script, one paragraph or paragraphs of 500 characters.
    static func keystrokeTable(paragraphs: Bool, script: Script) {
        print(
            "One keystroke in the middle of a text view, with layout and repaint: "
                + (paragraphs ? "paragraphs of 500 characters" : "one paragraph")
                + (script == .english ? "" : ", \(script.rawValue)"))
        print("| characters | median µs | p99 µs | against 100 | longest later turn µs |")
        print("|---:|---:|---:|---:|---:|")
        var first = 0.0
        for n in [100, 10_000, 1_000_000] {
            let r = keystroke(length: n, paragraphs: paragraphs, script: script)
            if n == 100 { first = r.median }
            print(
                "| \(n) | \(format(r.median)) | \(format(r.p99)) | ×\(format(r.median / max(first, 0.001))) | \(format(r.longestSettle)) |"
            )
        }
        print("")
    }

    /// The text a keystroke benchmark types into, and what it types: each script the app wraps
    /// by libunibreak (past ASCII) and, on X11, shapes.
    enum Script: String, CaseIterable {
        /// English, typed "x" and a space.
        case english
        /// Kana between ideographs, where nearly every character allows a break; typed 字 and 。.
        case japanese
        /// Arabic words between spaces, right to left; typed ب and a space.
        case arabic
        /// Japanese, English and Arabic in one sentence; typed each in turn.
        case mixed

        /// The sentence the text repeats.
        var sentence: String {
            switch self {
            case .english: "The quick brown fox jumps over the lazy dog. "
            case .japanese: "日本語の文章を書きます。次の行も続きます、"
            case .arabic: "كتبت هذا النص بالعربية وسأكمل الكتابة في السطر التالي. "
            case .mixed: "日本語の文章とEnglish wordsとالنص العربي، "
            }
        }

        /// What keystroke `i` types.
        func typed(_ i: Int) -> String {
            switch self {
            case .english: i % 10 == 9 ? " " : "x"
            case .japanese: i % 10 == 9 ? "。" : "字"
            case .arabic: i % 10 == 9 ? " " : "ب"
            case .mixed: ["字", "x", "ب", " "][i % 4]
            }
        }
    }

    static func format(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}
