import Glibc
import TapawayHeadless
import TapawayKit
import TapawayTestSupport
import Testing

/// The themes, `Palette` reading the current one, and switching at run time.
///
/// Every test that changes `Palette.current` puts the light theme back before it returns (the tests run
/// on the main actor, one at a time, and none of these suspends).
@MainActor
@Suite("Themes")
struct ThemeTests {
    @Test("the light theme keeps iOS's light colours; the dark one has iOS's dark colours")
    func themeColours() {
        let light = Theme.light, dark = Theme.dark
        #expect(light.appearance == .light && dark.appearance == .dark)
        #expect(light.groupedBackground.rgb == 0xF2F2F7)
        #expect(light.keypadTray.rgb == 0xD1D4DA)
        #expect(light.accent.rgb == 0x007AFF)
        #expect(dark.groupedBackground.rgb == 0x000000)
        #expect(dark.secondaryGroupedBackground.rgb == 0x1C1C1E)
        #expect(dark.label.rgb == 0xFFFFFF)
        #expect(dark.separator.rgb == 0x38383A)
        #expect(dark.accent.rgb == 0x0A84FF)
        #expect(dark.keypadTray.rgb == 0x2C2C2E)
        #expect(dark.keypadKey.rgb == 0x6B6B6B)
        #expect(dark.keypadFunctionKey.rgb == 0x4A4A4A)
        #expect(dark.keypadKeyLabel.rgb == 0xFFFFFF)
        #expect(Theme.named(.dark) == dark && Theme.named(.light) == light)
    }

    @Test("in each theme, text stands out from what it is drawn on")
    func contrast() {
        func luminance(_ c: Color) -> Double {
            func linear(_ v: Double) -> Double { v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
            return 0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
        }
        func ratio(_ a: Color, _ b: Color) -> Double {
            let (x, y) = (luminance(a), luminance(b))
            return (max(x, y) + 0.05) / (min(x, y) + 0.05)
        }
        for theme in [Theme.light, Theme.dark] {
            #expect(ratio(theme.label, theme.fieldBackground) >= 7, "\(theme): label on a field")
            #expect(ratio(theme.label, theme.groupedBackground) >= 7, "\(theme): label on the background")
            #expect(ratio(theme.secondaryLabel, theme.groupedBackground) >= 3, "\(theme): secondary label")
            #expect(ratio(theme.keypadKeyLabel, theme.keypadKey) >= 4.5, "\(theme): key labels")
            #expect(ratio(theme.keypadKeyLabel, theme.keypadFunctionKey) >= 4.5, "\(theme): function key labels")
        }
    }

    @Test("every role has its colour, and a colour finds its counterpart in the other theme")
    func roles() {
        for role in Theme.Role.allCases {
            #expect(Theme.dark[role] != Theme.light[role] || role == .switchKnob, "\(role) is the same in both themes")
        }
        #expect(Theme.light.counterpart(of: Theme.light.groupedBackground, in: .dark) == Theme.dark.groupedBackground)
        #expect(
            Theme.light.counterpart(of: Theme.light.secondaryLabel, in: .dark, roles: Theme.Role.inks)
                == Theme.dark.secondaryLabel)
        #expect(Theme.light.counterpart(of: Color(hex: 0x123456), in: .dark) == nil)
        // Light's white is a field or cell background before it is a key.
        #expect(Theme.light.counterpart(of: .white, in: .dark, roles: Theme.Role.fills) == Theme.dark.secondaryGroupedBackground)
    }

    @Test("Palette's names read the current theme")
    func paletteFollowsCurrent() {
        defer { Palette.current = .light }
        #expect(Palette.current == .light)
        #expect(Palette.groupedBackground == Theme.light.groupedBackground)
        Palette.current = .dark
        #expect(Palette.groupedBackground == Theme.dark.groupedBackground)
        #expect(Palette.label == Theme.dark.label)
        #expect(Palette.keypadTray == Theme.dark.keypadTray)
        #expect(Palette.accent == Theme.dark.accent)
    }

    @Test("auto follows the desktop hint, light without one; light and dark are fixed")
    func preferences() {
        #expect(ThemePreference.auto.resolved(hint: .dark) == .dark)
        #expect(ThemePreference.auto.resolved(hint: nil) == .light)
        #expect(ThemePreference.light.resolved(hint: .dark) == .light)
        #expect(ThemePreference.dark.resolved(hint: .light) == .dark)
    }

    @Test("applyTheme repaints every window whole, recolours copied colours and posts themeDidChange")
    func switchingRepaints() {
        defer { Palette.current = .light }
        let platform = HeadlessPlatform(screenSize: Size(width: 300, height: 400))
        let background = View(frame: Rect(x: 0, y: 0, width: 300, height: 400))
        background.backgroundColor = Palette.groupedBackground
        let caption = Label(text: "Caption", frame: Rect(x: 10, y: 10, width: 200, height: 20))
        caption.textColor = Palette.secondaryLabel
        let title = Label(text: "Title", frame: Rect(x: 10, y: 40, width: 200, height: 20))
        let custom = View(frame: Rect(x: 10, y: 70, width: 50, height: 50))
        custom.backgroundColor = Color(hex: 0x123456)
        background.addSubview(caption)
        background.addSubview(title)
        background.addSubview(custom)
        let window = platform.makeWindow(background)
        let other = platform.makeWindow()
        platform.settle()
        _ = platform.render()  // takes every dirty rect
        #expect(!window.hasDirtyRect && !other.hasDirtyRect)

        var posted: [(Theme, Theme)] = []
        let token = platform.application.notificationCenter.addObserver(forName: .themeDidChange) { note in
            if let old = note.userInfo[ThemeChangeKey.old] as? Theme, let new = note.userInfo[ThemeChangeKey.new] as? Theme {
                posted.append((old, new))
            }
        }
        defer { platform.application.notificationCenter.removeObserver(token) }

        platform.application.applyTheme(.dark)
        #expect(Palette.current == .dark)
        #expect(platform.application.needsFrame)
        #expect(window.takeDirtyRect() == window.bounds)
        #expect(other.takeDirtyRect() == other.bounds)
        #expect(background.backgroundColor == Theme.dark.groupedBackground)
        #expect(caption.textColor == Theme.dark.secondaryLabel)
        #expect(title.textColor == Theme.dark.label)
        #expect(custom.backgroundColor == Color(hex: 0x123456), "a colour of no role is left alone")
        #expect(posted.count == 1 && posted.first?.0 == .light && posted.first?.1 == .dark)

        // What is painted now is dark.
        window.invalidate(window.bounds)
        let canvas = platform.render()
        #expect(canvas.operations.contains(.fill(Rect(x: 0, y: 0, width: 300, height: 400), Theme.dark.groupedBackground)))
        #expect(
            canvas.operations.contains {
                if case .text("Title", _, Theme.dark.label) = $0 { return true }; return false
            })

        // The same theme again: nothing to do.
        platform.application.applyTheme(.dark)
        #expect(!window.hasDirtyRect)
        #expect(posted.count == 1)

        // And back: every copied colour returns exactly.
        platform.application.applyTheme(Theme.light)
        #expect(background.backgroundColor == Theme.light.groupedBackground)
        #expect(caption.textColor == Theme.light.secondaryLabel)
        #expect(title.textColor == Theme.light.label)
        #expect(window.takeDirtyRect() == window.bounds)
        #expect(posted.count == 2)
    }

    @Test("a view kept outside the windows adopts the theme when asked")
    func detachedViewAdopts() {
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        view.backgroundColor = Theme.light.keypadTray
        let label = Label(text: "x")
        label.textColor = Theme.light.placeholder
        view.addSubview(label)
        view.adoptTheme(.dark, replacing: .light)
        #expect(view.backgroundColor == Theme.dark.keypadTray)
        #expect(label.textColor == Theme.dark.placeholder)
    }
}
