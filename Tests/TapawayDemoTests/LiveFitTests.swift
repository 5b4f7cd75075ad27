import TapawayHeadless
import TapawayKit
import Testing

@testable import TapawayDemo

/// A device fitted live: the window's size in points changes while the device turns (a new scale
/// first, then the window manager's new size), and the avoidance numbers stay true through it;
/// and the compact navigation bar of small iPhones in landscape.
@MainActor
@Suite("A device fitted live")
struct LiveFitTests {
    /// The avoidance values, every one played through the turn.
    nonisolated static let strategies = [
        "platform", "none", "shrink-frame", "insets", "move-screen", "move-window", "keyboard-guide", "adjust-resize",
        "adjust-pan", "edge-to-edge", "ime-insets", "kav-height", "kav-position", "kav-padding",
    ]

    @Test(
        "turning the iPad, the window rescaled and then grown or not resized: the overlap never reads more than the keyboard",
        arguments: strategies, [true, false])
    func overlapThroughARescaledTurn(_ strategy: String, rescaled: Bool) throws {
        // The iPad at 0.8 on a 1280 × 1000 work area: its window of 1104 × 944 pixels is
        // 1380 × 1180 points. Turned, it fits at 1: the same pixels are 1104 × 944 points at once
        // (the new scale), then the window grows to the work area's width (the window manager's
        // answer, a few frames later).
        // Not rescaled: a screen that holds both orientations, nothing resized.
        let h = Harness(.sendEvent, size: rescaled ? Size(width: 1380, height: 1180) : Size(width: 1800, height: 1300))
        #expect(h.app.setOption(OptionKey(nil, "device"), to: "ipad"))
        #expect(h.app.setOption(OptionKey(nil, "avoidance"), to: strategy))
        h.platform.settle()
        #expect(h.app.focus("name"))
        h.platform.settle()
        #expect(h.keyboard.state == .shown)
        let application = h.platform.application
        if rescaled {
            h.app.onDeviceChange = { _ in
                application.resizeScreen(to: Size(width: 1104, height: 944))
                return true
            }
        }
        // What the inspector and the trace's avoidance lines read: every change the driver
        // reports, and the numbers after each frame.
        let driver = h.app.screen(for: h.app.technique).avoidance
        var read: [(when: String, numbers: AvoidanceNumbers)] = []
        let reporting = driver.onNumbersChange
        driver.onNumbersChange = { numbers in
            read.append(("reported", numbers))
            reporting?(numbers)
        }
        #expect(h.app.setOption(OptionKey(nil, "orientation"), to: "landscape"))
        for frame in 0..<90 {
            if rescaled, frame == 6 { application.resizeScreen(to: Size(width: 1280, height: 944)) }
            h.platform.advance(by: 1.0 / 60)
            read.append(("after frame \(frame)", driver.numbers))
        }
        driver.onNumbersChange = reporting
        let over = read.filter { entry in
            entry.numbers.keyboard.map { entry.numbers.overlap > $0.height + 0.5 } ?? false
        }
        #expect(over.isEmpty, "the overlap read more than the keyboard under \(strategy): \(over.prefix(3))")
        #expect(!h.app.windowLayout.clipped)
        #expect(h.keyboard.state == .shown, "the field kept its keyboard through the turn")
    }

    @Test("small iPhones show the compact 32-point navigation bar in landscape; Pro Max, iPad and Android keep theirs")
    func compactBarInLandscape() throws {
        // microsoft/fluentui-apple #1727: "small" phones in landscape show a compact navigation
        // bar that's only 32px tall instead of the usual 44px (iPhone 14 Pro); the Pro Max
        // ("large") keeps the usual bar, as iPad does (romaonthego/REMenu #109: "on iPhone 6 Plus
        // Landscape UINavigation bar height is 44 px like on iPad").
        let expected: [(String, Double)] = [
            ("iphone-se", 32), ("iphone-15", 32), ("iphone-15-pro-max", NavigationBar.height),
            ("ipad", NavigationBar.height), ("android", NavigationBar.materialHeight),
        ]
        for (id, height) in expected {
            let h = Harness(.sendEvent, size: Size(width: 1800, height: 1300))
            #expect(h.app.setOption(OptionKey(nil, "device"), to: id))
            #expect(h.app.setOption(OptionKey(nil, "orientation"), to: "landscape"))
            h.platform.settle()
            let bar = h.app.navigation.navigationBar
            let top = h.platform.application.safeAreaInsets.top
            #expect(bar.frame.height == height + top, "\(id): \(bar.frame)")
            // The screen starts below it, and its title is centred in the compact bar.
            let screen = h.app.screen(for: h.app.technique).view.frameInScreen
            #expect(screen.minY == bar.frameInScreen.maxY, "\(id): the screen at \(screen.minY)")
            #expect(bar.titleLabel.frame.height == height, "\(id): the title's row")
            // Turned back, the bar is the portrait one again.
            #expect(h.app.setOption(OptionKey(nil, "orientation"), to: "portrait"))
            h.platform.settle()
            #expect(bar.contentHeight == (id == "android" ? NavigationBar.materialHeight : NavigationBar.height), "\(id)")
        }
    }
}
