import TapawayKit
import TapawayScreen

/// A screen file's `sheet`, presented over the screen as UIKit's `UISheetPresentationController`
/// presents one: a card with rounded top corners and a grabber, resting at its detent, over the
/// whole navigation stack (its bar too), with a dim over the rest when it is dimmed.
///
/// The sheet is another view controller's: it is not under the presenting screen's view, so a
/// recognizer, a background control or a `touchesBegan` override of the screen never sees its
/// touches, while a window's `sendEvent` does. Apple: "By default, a sheet is modal, presenting a
/// focused experience that dims the parent view and prevents interaction with it" (the Human
/// Interface Guidelines, Sheets); and of `isModalInPresentation`: "When this property is true,
/// UIKit ignores events outside the view controller's bounds and prevents the interactive
/// dismissal of the view controller while it is onscreen", so a tap on the dim of a sheet that
/// is not modal dismisses it, and the field in it stops editing as it goes.
///
/// Its `style` says how it sits: a page sheet at its detent; a form sheet, which on a wide screen
/// is a card in the middle ("In a horizontally compact environment, this option behaves the same
/// as UIModalPresentationStyle.pageSheet", `UIModalPresentationStyle.formSheet`); or an alert
/// controller's card, 270 points wide in the middle, always dimmed, which a tap on the dim does
/// not dismiss and every button in it does (an alert action's handler runs, then the alert goes),
/// and whose first text field takes the focus when it shows (inferred from devices: UIKit
/// focuses it); or, on a wide screen, a popover: a card pointing at its anchor, over a clear
/// layer that takes every touch outside it and dismisses it ("When a popover is active,
/// interactions with other views are normally disabled until the popover is dismissed",
/// `UIPopoverPresentationController.passthroughViews`). On a phone a form sheet and a popover
/// are page sheets.
@MainActor
final class SheetPresenter {
    private unowned let screen: FormViewController
    /// What the file says of the sheet.
    let spec: SheetPresentation
    /// The card: the grabber, then the content.
    ///
    /// It is the sheet's view controller's view.
    let card = SheetCardView()
    /// The presentation's own view around the card, which the presentation places and moves
    /// (UIKit's presentation controllers hold the presented view in a container of their own):
    /// a library moving the sheet's view controller's view moves the card inside it, on top
    /// of what the presentation does.
    let frameView = View()
    /// The dim over the screen above the card, when the sheet dims.
    let dimming = DimmingView(identifier: "sheet-dimming")
    /// The content built from the file.
    let content: View
    /// The sheet's own view controller, whose view is the card.
    let controller: SheetViewController
    /// Whether the sheet is up (or on its way up).
    private(set) var isPresented = false
    /// The screen's input that was editing when the sheet came up, to be given the focus back
    /// when it goes.
    private weak var focusedBehind: View?
    private var slide: Animation?
    /// How far down the card is pushed while it slides in or out (0: at its detent).
    private var offset = 0.0
    /// Its registration for the end of every frame, from its first presentation on.
    private let frames = ObserverBag()

    /// A presenter for `spec`, whose content `content` the screen's form built.
    init(screen: FormViewController, spec: SheetPresentation, content: View) {
        self.screen = screen
        self.spec = spec
        self.content = content
        controller = screen.makeSheetController(for: spec)
        card.addSubview(content)
        frameView.addSubview(card)
        controller.setView(card)
        controller.presenter = screen
        controller.keepsKeyboard = { [weak self] in self?.keepsKeyboard ?? false }
        dimming.onTap = { [weak self] in self?.dimTapped() }
        if spec.style == "alert" { dismissOnButtons(under: content) }
    }

    /// Every button of an alert dismisses it once its own actions have run.
    private func dismissOnButtons(under view: View) {
        for subview in view.subviews {
            if let button = subview as? Control, screen.form.element(for: button)?.kind == .button {
                button.addAction(for: .touchUpInside) { [weak self] _, _ in self?.dismiss(animated: true) }
            }
            dismissOnButtons(under: subview)
        }
    }

    /// Whether it is a card in the middle of the screen (an alert, or a form sheet on a wide
    /// screen) rather than a sheet at the bottom.
    private func isCentered(in container: View) -> Bool {
        spec.style == "alert" || (spec.style == "form" && container.bounds.width >= Self.regularWidth)
            || isPopover(in: container)
    }

    /// Whether it is shown as a popover: asked for, on a wide screen.
    private func isPopover(in container: View) -> Bool {
        spec.style == "popover" && container.bounds.width >= Self.regularWidth
    }

    /// Whether the keyboard stays up when a field of the sheet stops editing: what the file says
    /// (`disablesAutomaticKeyboardDismissal`), else UIKit's default, true for a form sheet shown as
    /// one (on a wide screen, with iOS's keyboard).
    ///
    /// Apple documents the default for `UIModalPresentationFormSheet` and, on the iPad, that "the
    /// keyboard, once shown, is not hidden until the user taps the dismiss key or the modal view
    /// controller is programmatically dismissed"; on a phone, where a form sheet is a page sheet,
    /// Tapaway keeps UIKit's property but not the default (inferred: Apple's text speaks of the iPad).
    var keepsKeyboard: Bool {
        if let given = spec.disablesAutomaticKeyboardDismissal { return given }
        guard spec.style == "form", let container = screen.windowContent,
            container.application?.keyboard.style != .android
        else { return false }
        return isCentered(in: container)
    }

    /// The width from which a screen is horizontally regular, where a form sheet is a card in
    /// the middle: every iPad's, portrait or landscape; no iPhone's in portrait.
    static let regularWidth = 700.0

    /// Presents the sheet over the screen's navigation stack: slid up over 0.3 s, or at once.
    func present(animated: Bool) {
        guard !isPresented, let container = screen.windowContent, let application = container.application else { return }
        isPresented = true
        // A field of the screen that was editing stops while the sheet is up, and is given the
        // focus back when it goes, as UIKit does around a presentation (inferred: the keyboard
        // goes with an alert and comes back after it). The file may say which one it was.
        let editing = (container.window?.firstResponder as? View).flatMap { $0 is any TextInput ? $0 : nil }
        focusedBehind = editing ?? spec.focusedBehind.flatMap { screen.form.view($0) }
        if editing != nil { _ = container.window?.transferFirstResponder(to: nil, force: true) }
        if spec.dimmed { container.addSubview(dimming) }
        container.addSubview(frameView)
        if frames.isEmpty { frames.add(application.frameObservers.add { [weak self] in self?.layOut() }) }
        dimming.isUserInteractionEnabled = true
        // An alert and a popover fade in where they rest; a sheet slides up.
        let start = animated && spec.style != "alert" && !isPopover(in: container) ? container.bounds.height : 0
        move(from: start, to: 0, animated: animated, dimTo: 1)
        if spec.style == "alert", let field = firstInput(under: content) { _ = field.becomeFirstResponder() }
    }

    private func firstInput(under view: View) -> View? {
        for subview in view.subviews {
            if subview is any TextInput, !subview.isHidden { return subview }
            if let found = firstInput(under: subview) { return found }
        }
        return nil
    }

    /// Dismisses the sheet: the field in it stops editing, and the card slides away.
    func dismiss(animated: Bool) {
        guard isPresented else { return }
        isPresented = false
        if let responder = card.window?.firstResponder as? View, responder.isDescendant(of: card) {
            _ = card.window?.transferFirstResponder(to: nil, force: true)
        }
        if let behind = focusedBehind, behind.isVisibleInHierarchy {
            screen.report(.keep, "the sheet goes, and \(behind.traceName ?? "the field") under it takes its focus back")
            _ = behind.becomeFirstResponder()
        }
        focusedBehind = nil
        // A keyboard the sheet kept after its field stopped editing goes with the sheet.
        screen.windowContent?.application?.keyboard.hideIfDetached()
        dimming.isUserInteractionEnabled = false
        let stays = spec.style == "alert" || screen.windowContent.map(isPopover) == true
        let height = stays ? 0 : screen.windowContent?.bounds.height ?? 0
        move(from: offset, to: height, animated: animated, dimTo: 0) { [weak self] in
            guard let self, !self.isPresented else { return }
            self.frameView.removeFromSuperview()
            self.dimming.removeFromSuperview()
        }
    }

    private func move(from start: Double, to end: Double, animated: Bool, dimTo dim: Double, then: (() -> Void)? = nil) {
        slide?.cancel()
        let dimStart = dimming.level
        guard animated, let application = card.application else {
            offset = end
            dimming.setLevel(dim)
            layOut()
            then?()
            return
        }
        offset = start
        layOut()
        slide = application.animate(
            duration: 0.3, curve: .easeInOut,
            step: { [weak self] t in
                guard let self else { return }
                self.offset = start + (end - start) * t
                self.dimming.setLevel(dimStart + (dim - dimStart) * t)
                self.layOut()
            },
            completion: { finished in if finished { then?() } })
    }

    /// The card's top at its detent, in the container's coordinates: a strip of the screen
    /// stays in view above a large sheet; a medium one is about half as high.
    private func restingTop(in container: View) -> Double {
        let height = container.bounds.height
        let top = container.safeAreaInsets.top + 10
        return spec.detent == "medium" ? height - ((height - top) / 2).rounded() : top
    }

    /// Where the card rests, in the container's coordinates: at the bottom from its detent, or
    /// in the middle (a form sheet 540 by 620 points at most; an alert 270 points wide and as
    /// high as its content).
    private func restingFrame(in container: View) -> Rect {
        let b = container.bounds
        guard isCentered(in: container) else {
            let top = restingTop(in: container)
            return Rect(x: 0, y: top, width: b.width, height: max(0, b.height - top))
        }
        let inset = container.safeAreaInsets
        let room = Rect(x: 0, y: inset.top, width: b.width, height: max(0, b.height - inset.top - inset.bottom))
        if isPopover(in: container) { return popoverFrame(in: container, room: room) }
        let size: Size
        if spec.style == "alert" {
            let width = min(270, b.width - 40)
            let needed = (content as? ElementView)?.elements.layOut(
                in: Rect(x: 0, y: 0, width: width, height: room.height), safeArea: EdgeInsets())
            size = Size(width: width, height: min(room.height, max(44, spec.content.placement.height ?? needed ?? 120)))
        } else {
            size = Size(width: min(540, b.width - 40), height: min(620, room.height - 40))
        }
        return Rect(
            x: ((b.width - size.width) / 2).rounded(), y: (room.minY + (room.height - size.height) / 2).rounded(),
            width: size.width, height: size.height)
    }

    /// A popover's card: 320 points wide at most and as high as its content (its arrow's strip
    /// included), below its anchor with the arrow pointing up, or above it when there is no
    /// room below, kept 20 points inside the screen's sides.
    private func popoverFrame(in container: View, room: Rect) -> Rect {
        let b = container.bounds
        let width = min(320, b.width - 40)
        let needed =
            (content as? ElementView)?.elements.layOut(
                in: Rect(x: 0, y: 0, width: width, height: room.height), safeArea: EdgeInsets()) ?? 200
        let height = min(room.height / 2, max(44, spec.content.placement.height ?? needed)) + SheetCardView.arrowStrip
        let anchor = anchorFrame(in: container) ?? Rect(x: b.midX, y: room.minY, width: 0, height: 0)
        let x = min(max(20, (anchor.midX - width / 2).rounded()), b.width - width - 20)
        let below = anchor.maxY + 4 + height <= room.maxY
        card.arrowUp = below
        card.arrowX = anchor.midX - x
        return Rect(x: x, y: below ? anchor.maxY + 4 : anchor.minY - 4 - height, width: width, height: height)
    }

    /// The anchor's frame in the container's coordinates.
    private func anchorFrame(in container: View) -> Rect? {
        guard let id = spec.anchor, let view = screen.form.view(id), view.window === container.window else { return nil }
        let frame = view.frameInScreen
        let origin = container.frameInScreen.origin
        return Rect(x: frame.minX - origin.x, y: frame.minY - origin.y, width: frame.width, height: frame.height)
    }

    /// Puts the card at its detent (less the slide's offset) and the dim above it, or around it.
    func layOut() {
        guard let container = frameView.superview else { return }
        let b = container.bounds
        // A form sheet and a popover on a phone are page sheets.
        let shown = spec.style == "alert" || isCentered(in: container) ? spec.style : "page"
        if card.style != shown { card.style = shown }
        if dimming.isClear != isPopover(in: container) { dimming.isClear = isPopover(in: container) }
        var frame = restingFrame(in: container)
        frame.origin.y += offset - keyboardLift(for: frame, in: container)
        if frameView.frame != frame { frameView.frame = frame }
        // The card fills the presentation's view; only a change of size lays it out again, so a
        // library that moved the card keeps its move.
        if card.frame.size != frame.size { card.frame = Rect(origin: .zero, size: frame.size) }
        // The dim reaches under the card's rounded corners, so that they show it; around a card
        // in the middle it covers everything.
        let dim =
            isCentered(in: container)
            ? b : Rect(x: 0, y: 0, width: b.width, height: max(0, frame.minY + SheetCardView.cornerRadius))
        if dimming.frame != dim { dimming.frame = dim }
    }

    /// How far a card in the middle (a form sheet on a wide screen, an alert) rises so that it
    /// clears the docked keyboard, following the keyboard as it slides: the presentation avoids
    /// the keyboard by itself.
    ///
    /// Measured, not documented: developers using IQKeyboardManager report a sheet raised twice, "`UISheetPresentationController` supports automatic keyboard
    /// avoidance. Wouldn't it have been a conflict because it played the same role twice?"
    /// (hackiftekhar/IQKeyboardManager #1994), and a text view in an iPad form sheet moved up out
    /// of the screen (#909). Where it comes to rest, centred in the room left above the keyboard
    /// and never above the safe area's top, is inferred. Page sheets are not lifted here.
    private func keyboardLift(for frame: Rect, in container: View) -> Double {
        guard isCentered(in: container), !isPopover(in: container), let keyboard = container.application?.keyboard,
            !keyboard.floats, !keyboard.window.isHidden
        else { return 0 }
        let keyboardTop = keyboard.frame.minY - container.frameInScreen.minY
        guard frame.maxY > keyboardTop else { return 0 }
        let top = container.safeAreaInsets.top
        let room = max(0, keyboardTop - top)
        let centred = top + max(0, (room - frame.height) / 2).rounded()
        return max(0, frame.minY - centred)
    }

    /// A point of the dim a finger can tap, in the dim's coordinates: just above the card, or
    /// above a card in the middle (below it when there is no room above).
    var dimTapPoint: Point {
        guard let container = frameView.superview, isCentered(in: container) else {
            return Point(x: dimming.bounds.midX, y: max(0, dimming.bounds.maxY - SheetCardView.cornerRadius - 5))
        }
        let frame = frameView.frame
        let above = frame.minY - 24
        return Point(
            x: frame.midX, y: above > container.safeAreaInsets.top ? above : min(frame.maxY + 24, dimming.bounds.maxY - 1))
    }

    /// A tap on the dim: a sheet that is not modal goes, and editing in it ends.
    private func dimTapped() {
        guard isPresented, spec.dismissible else { return }
        if let responder = card.window?.firstResponder as? View, responder.isDescendant(of: card) {
            screen.report(
                .resign,
                "a tap on the sheet's dim dismisses the sheet, and \(responder.traceName ?? "the field") in it stops editing "
                    + "(isModalInPresentation is false)")
        }
        dismiss(animated: true)
    }
}

/// The sheet's view controller.
///
/// As UIKit's, a presented view controller hands the events it does not handle to the one that
/// presented it: "If the view controller was presented by another view controller, the next responder
/// is the presenting view controller" (`UIResponder.next`), so a `touchesBegan` override of the screen
/// hears the sheet's touches.
@MainActor
class SheetViewController: ViewController {
    /// The screen that presented the sheet.
    weak var presenter: ViewController?

    /// Asked whether the keyboard stays when a field of the sheet stops editing: the presenter's
    /// answer for the sheet as it is shown now.
    var keepsKeyboard: () -> Bool = { false }

    /// The presenting screen, so that events the sheet does not handle go on to it, as in UIKit.
    override var next: Responder? { presenter }

    /// UIKit's default for the sheet's presentation style, or what the screen file says.
    override var disablesAutomaticKeyboardDismissal: Bool { keepsKeyboard() }
}

/// The sheet's card: its background with rounded top corners, the grabber, and the content
/// below the grabber.
@MainActor
final class SheetCardView: View {
    /// How tall the grabber's strip is.
    static let grabberStrip = 20.0
    /// The radius of the card's top corners.
    static let cornerRadius = 12.0
    /// How tall a popover's arrow is: the strip of the card it takes.
    static let arrowStrip = 13.0
    /// For a popover, whether its arrow points up (the card below its anchor) or down.
    var arrowUp = true {
        didSet { if arrowUp != oldValue { setNeedsLayout() } }
    }
    /// For a popover, where its arrow's tip is, from the card's left edge.
    var arrowX = 0.0 {
        didSet { if arrowX != oldValue { setNeedsDisplay() } }
    }
    /// The style it is shown in: `page` has a grabber and rounded top corners; a `form` card and
    /// an `alert` are rounded all round, with no grabber; a `popover` has an arrow at its top or
    /// bottom.
    var style = "page" {
        didSet { if style != oldValue { setNeedsLayout() } }
    }

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        identifier = "sheet"
    }

    /// The content fills the card below the grabber's strip (the whole card without one).
    override func layoutSubviews() {
        var area = bounds
        switch style {
        case "page":
            area = Rect(x: 0, y: Self.grabberStrip, width: bounds.width, height: max(0, bounds.height - Self.grabberStrip))
        case "popover":
            let strip = Self.arrowStrip
            area = Rect(x: 0, y: arrowUp ? strip : 0, width: bounds.width, height: max(0, bounds.height - strip))
        default:
            break
        }
        for subview in subviews { subview.frame = area }
    }

    /// The card and its grabber.
    override func draw(_ rect: Rect, in canvas: Canvas) {
        let b = bounds
        if style == "popover" {
            // The card below (or above) the arrow's strip, and the arrow pointing at the anchor.
            let strip = Self.arrowStrip
            let body = Rect(x: 0, y: arrowUp ? strip : 0, width: b.width, height: max(0, b.height - strip))
            // A popover is drawn on the screen undimmed: its own surface and a hairline set it off.
            canvas.fillRoundedRect(body, radius: 13, color: Palette.secondaryGroupedBackground)
            canvas.strokeRoundedRect(body, radius: 13, lineWidth: 1, color: Palette.separator)
            let tip = min(max(arrowX, 24), b.width - 24)
            for row in 0...Int(strip) {
                let half = Double(row) + 1
                let y = arrowUp ? strip - Double(row) : b.height - strip - 1 + Double(row)
                canvas.fill(Rect(x: tip - half - 1, y: y, width: 1, height: 1), color: Palette.separator)
                canvas.fill(Rect(x: tip + half, y: y, width: 1, height: 1), color: Palette.separator)
                canvas.fill(Rect(x: tip - half, y: y, width: half * 2, height: 1), color: Palette.secondaryGroupedBackground)
            }
            return
        }
        guard style == "page" else {
            canvas.fillRoundedRect(b, radius: style == "alert" ? 14 : Self.cornerRadius, color: Palette.groupedBackground)
            return
        }
        canvas.fillRoundedRect(
            Rect(x: 0, y: 0, width: b.width, height: b.height + Self.cornerRadius), radius: Self.cornerRadius,
            color: Palette.groupedBackground)
        canvas.fillRoundedRect(Rect(x: (b.width - 36) / 2, y: 6, width: 36, height: 5), radius: 2.5, color: Palette.separator)
    }
}
