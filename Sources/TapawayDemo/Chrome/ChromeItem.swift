import TapawayKit

/// A row of the host chrome: a choice (scenario, dismiss mode) or an on/off option.
///
/// It lives in the chrome window, so touching it is never a touch in the simulated app.
@MainActor
package final class ChromeItem: Control {
    /// How the item shows its state.
    package enum Kind: Sendable {
        /// One of several; the chosen one is highlighted.
        case choice
        /// An on/off option with a small switch.
        case toggle
        /// One segment of a row of choices: its title centred, the chosen one filled.
        case segment
    }

    /// The row's title, its first line; a change repaints.
    package var title: String { didSet { setNeedsDisplay() } }
    /// A second, smaller line.
    package var subtitle: String? { didSet { setNeedsDisplay() } }
    /// How the row shows its state: a choice, a toggle or a segment.
    package let kind: Kind
    /// Whether the choice is chosen or the option is on.
    package var isOn = false { didSet { if isOn != oldValue { setNeedsDisplay() } } }
    /// Called on a tap.
    package var onTap: ((ChromeItem) -> Void)?
    /// Whether the keyboard's focus is on the item (`ChromeKeyboardFocus`): it shows a ring.
    package var hasKeyboardFocus = false { didSet { if hasKeyboardFocus != oldValue { setNeedsDisplay() } } }

    /// Creates a row titled `title`, of `kind`, identified `identifier` in traces and tests.
    package init(title: String, subtitle: String? = nil, kind: Kind, identifier: String) {
        self.title = title
        self.subtitle = subtitle
        self.kind = kind
        super.init(frame: .zero)
        self.identifier = identifier
        addAction(for: .touchUpInside) { [weak self] _, _ in
            guard let self else { return }
            self.onTap?(self)
        }
    }

    /// Shows the subtitle on the title's line, right-aligned and smaller, instead of under it
    /// (the technique rows: a title and its id in one compact line).
    package var subtitleInline = false { didSet { setNeedsDisplay() } }

    // MARK: Accessibility

    /// A scenario or instrument row is a list item, an on/off option a toggle button, a
    /// segment of a choice a radio button.
    package override var accessibilityRole: AccessibilityRole? {
        switch kind {
        case .choice: return .listItem
        case .toggle: return .toggleButton
        case .segment: return .radioButton
        }
    }
    /// The title, without the mark of an option that differs from its default.
    package override var accessibilityLabel: String? {
        get {
            super.accessibilityLabel
                ?? (title.hasSuffix(SidebarWindow.changedMark) ? String(title.dropLast(SidebarWindow.changedMark.count)) : title)
        }
        set { super.accessibilityLabel = newValue }
    }
    /// Selectable and selected for a row; checkable and checked for the others; focusable, and
    /// focused while the keyboard's focus is on it.
    package override var accessibilityTraits: AccessibilityTraits {
        var traits: AccessibilityTraits = kind == .choice ? [.selectable, .focusable] : [.checkable, .focusable]
        if isOn { traits.insert(kind == .choice ? .selected : .checked) }
        if hasKeyboardFocus { traits.insert(.focused) }
        if !isEnabled { traits.insert(.disabled) }
        return traits
    }
    /// The group of the segments of one choice (AT-SPI's member-of relation).
    package var groupName: String?
    /// The item's `groupName`, so a screen reader announces the segments of one choice together.
    package override var accessibilityGroup: String? { groupName }
    /// `toggle` for an option that turns on and off, `select` for the rest.
    package override var accessibilityActionName: String? { kind == .toggle ? "toggle" : "select" }
    /// Does what a click does (the item's tap), with no touch.
    package override func accessibilityActivate() -> Bool {
        guard isEnabled, window != nil else { return false }
        sendActions(for: .touchUpInside)
        return true
    }

    /// The keyboard's focus ring, over whatever the item drew: two points of the accent colour
    /// around the row (or the segment), as GTK rings its focused widget.
    package override func drawOverlay(_ rect: Rect, in canvas: Canvas) {
        guard hasKeyboardFocus else { return }
        let ring = kind == .segment ? bounds.insetBy(dx: 1, dy: 1) : bounds.insetBy(dx: 7, dy: 1)
        canvas.strokeRoundedRect(ring, radius: kind == .segment ? 7 : 9, lineWidth: 2, color: Palette.accent)
    }

    /// The height the row needs at `width` to show its title and its subtitle wrapped whole.
    package func neededHeight(width: Double) -> Double {
        guard let fonts = application?.fonts, let subtitle, !subtitle.isEmpty, !subtitleInline else { return 34 }
        let title = fonts.font(size: 13, weight: .regular), small = fonts.font(size: 12, weight: .regular)
        let lines = max(1, TextLayout.wrap(subtitle, width: width - 16 - 20, font: small).count)
        return max(48, 2 + 12 + title.lineHeight + Double(lines) * small.lineHeight + 6)
    }

    /// Draws the row: its highlight, title, subtitle and state mark.
    package override func draw(_ rect: Rect, in canvas: Canvas) {
        if kind == .segment {
            drawSegment(in: canvas)
            return
        }
        let b = bounds.insetBy(dx: 8, dy: 2)
        if kind == .choice && isOn {
            canvas.fillRoundedRect(b, radius: 8, color: Palette.chromeSelection)
        } else if isHighlighted {
            canvas.fillRoundedRect(b, radius: 8, color: Palette.chromeSelection.withAlpha(0.5))
        }
        guard let fonts = application?.fonts else { return }
        let titleFont = fonts.font(size: 13, weight: kind == .choice && isOn ? .semibold : .regular)
        let x = b.minX + 10
        if let subtitle, !subtitle.isEmpty, subtitleInline {
            let small = fonts.font(size: 12, weight: .regular)
            let baseline = b.midY + ((titleFont.ascent - titleFont.descent) / 2).rounded()
            let subtitleWidth = small.width(of: subtitle)
            canvas.save()
            canvas.clip(
                to: Rect(x: x, y: b.minY, width: max(0, b.width - (kind == .toggle ? 74 : 28) - subtitleWidth), height: b.height))
            canvas.drawText(
                title, at: Point(x: x, y: baseline), font: titleFont,
                color: kind == .choice && isOn ? Palette.accent : Palette.label)
            canvas.restore()
            let right = kind == .toggle ? b.maxX - 54 : b.maxX - 8
            canvas.drawText(
                subtitle, at: Point(x: right - subtitleWidth, y: baseline), font: small,
                color: Palette.secondaryLabel)
        } else if let subtitle, !subtitle.isEmpty {
            let small = fonts.font(size: 12, weight: .regular)
            // A toggle's title stops short of its switch.
            canvas.save()
            canvas.clip(to: Rect(x: x, y: b.minY, width: max(0, b.width - (kind == .toggle ? 64 : 20)), height: b.height))
            canvas.drawText(
                title, at: Point(x: x, y: b.minY + 8 + titleFont.ascent), font: titleFont,
                color: kind == .choice && isOn ? Palette.accent : Palette.label)
            canvas.restore()
            // The subtitle wraps rather than being cut (a recording's long file name).
            canvas.save()
            canvas.clip(to: Rect(x: x, y: b.minY, width: b.width - 20, height: b.height))
            var baseline = b.minY + 12 + titleFont.lineHeight + small.ascent
            for range in TextLayout.wrap(subtitle, width: b.width - 20, font: small) {
                canvas.drawText(subtitle[range], at: Point(x: x, y: baseline), font: small, color: Palette.secondaryLabel)
                baseline += small.lineHeight
            }
            canvas.restore()
        } else {
            canvas.drawText(
                title, at: Point(x: x, y: b.midY + ((titleFont.ascent - titleFont.descent) / 2).rounded()),
                font: titleFont, color: Palette.label)
        }
        if kind == .toggle {
            let track = Rect(x: b.maxX - 44, y: b.midY - 11, width: 36, height: 22)
            canvas.fillRoundedRect(
                track, radius: 11, color: isOn ? Palette.switchOn : Palette.switchOff.mixed(with: Palette.separator, amount: 0.4))
            let knob = Rect(x: isOn ? track.maxX - 20 : track.minX + 2, y: track.minY + 2, width: 18, height: 18)
            canvas.fillEllipse(in: knob, color: .white)
        }
    }

    /// A segment: a rounded cell, filled with the accent when chosen, its title centred.
    private func drawSegment(in canvas: Canvas) {
        let b = bounds.insetBy(dx: 1.5, dy: 1)
        if isOn {
            canvas.fillRoundedRect(b, radius: 7, color: Palette.accent)
        } else {
            canvas.fillRoundedRect(
                b, radius: 7, color: isHighlighted ? Palette.chromeSelection : Palette.chromeSelection.withAlpha(0.45))
        }
        guard let fonts = application?.fonts else { return }
        let font = fonts.font(size: 12, weight: .regular)
        let width = font.width(of: title)
        canvas.save()
        canvas.clip(to: b.insetBy(dx: 4, dy: 0))
        canvas.drawText(
            title, at: Point(x: b.midX - min(width, b.width - 8) / 2, y: b.midY + ((font.ascent - font.descent) / 2).rounded()),
            font: font, color: isOn ? .white : Palette.label)
        canvas.restore()
    }
}
