import TapawayKit

/// The program's keyboard shortcuts: the function keys that no field takes, which reach the
/// app as unhandled keys (the help card lists them).
///
/// Ctrl+Tab, which moves the keyboard's focus into the chrome, is `ChromeKeyboardFocus`'s.
package enum AppShortcut: Sendable, CaseIterable {
    /// F1: shows or hides the help card.
    case help
    /// F2: shows or hides the inspector.
    case inspector
    /// F3: connects or disconnects the hardware keyboard.
    case hardwareKeyboard
    /// F4: shows or hides the software keyboard while a hardware one is connected.
    case softwareKeyboard
    /// F5: turns the device.
    case rotate
    /// F6: shows or hides the Audit instrument.
    case audit
    /// F9: starts or stops recording the session's input.
    case record
    /// F12: saves a screenshot.
    case screenshot

    /// The shortcut `key` stands for, or nil when it is none.
    package init?(_ key: KeyInput) {
        switch key.key {
        case .function(1): self = .help
        case .function(2): self = .inspector
        case .function(3): self = .hardwareKeyboard
        case .function(4): self = .softwareKeyboard
        case .function(5): self = .rotate
        case .function(6): self = .audit
        case .function(9): self = .record
        case .function(12): self = .screenshot
        default: return nil
        }
    }
}

extension TapawayApp {
    /// Takes a key that nothing else took: Ctrl+Tab into the chrome, else a shortcut.
    func handleUnhandledKey(_ key: KeyInput) {
        if chromeFocus.handle(key) { return }
        guard let shortcut = AppShortcut(key) else { return }
        perform(shortcut)
    }

    /// Does what `shortcut` asks, as its key does.
    package func perform(_ shortcut: AppShortcut) {
        switch shortcut {
        case .help: toggleHelp()
        case .inspector: toggleInspector()
        case .hardwareKeyboard: toggleHardwareKeyboard()
        case .softwareKeyboard: application.keyboard.toggleSoftwareKeyboard()
        case .rotate: rotate()
        case .audit: toggleAudit()
        case .record: onRecordingToggle?()
        case .screenshot: onScreenshotRequest?()
        }
    }
}
