import TapawayKit
import TapawayScreen

/// The `background-control` screen: Return in a single-line field ends editing on exit, the
/// background is a control whose touch-up-inside resigns, and the scroll view shrinks by the
/// keypad's height while it shows and scrolls the focused field into view (its platform
/// avoidance, `ShrinkFrameAvoidance`).
@MainActor
package final class BackgroundControlViewController: FormViewController {
    /// Whether everything but the focused field is dimmed while the keypad shows.
    package var dimsAroundField = false {
        didSet { if !dimsAroundField { dimOverlay.fade(to: 0, duration: 0.2) } }
    }
    /// The overlay that dims all but the focused field while the keypad shows, when `dimsAroundField` is on.
    package let dimOverlay = DimOverlay()
    private let observers = ObserverBag()

    /// Creates the screen showing `document` (nil: the shipped screens).
    package init(document: ScreenDocument? = nil) {
        super.init(technique: .backgroundControl, document: document, backgroundIsControl: true)
    }

    /// Wires Return and the background control.
    package override func viewDidLoad() {
        for field in form.inputs.compactMap({ $0 as? TextField }) {
            field.addAction(for: .editingDidEndOnExit) { [weak self] control, _ in
                self?.report(.resign, "Return in \(control.traceName ?? "a field") (editingDidEndOnExit)")
                control.resignFirstResponder()
            }
        }
        guard let background = form.background as? Control else { return }
        background.addAction(for: .touchUpInside) { [weak self] control, event in
            guard let self else { return }
            // The touch that ended on the background is the one that acted, whichever finger
            // lifted last (a scroll view holds a tap's end back while another finger rests).
            let touches = control.trackedTouch.map { [$0] } ?? (event?.allTouches ?? [])
            if self.editingInput == nil {
                self.report(.none, "background touch-up inside with nothing to resign", touches: touches)
            } else {
                self.report(.resign, "background touch-up inside", touches: touches)
                self.view.endEditing(true)
            }
        }
        background.addAction(for: [.touchUpOutside, .touchCancel]) { [weak self] _, event in
            guard let self, self.editingInput != nil else { return }
            self.report(.keep, "the touch left the background or was cancelled (a scroll)", touches: event?.allTouches ?? [])
        }
        dimOverlay.form = form
        view.addSubview(dimOverlay)
        form.onScroll = { [weak self] _ in self?.dimOverlay.setNeedsDisplay() }
    }

    /// Says, for the inspector, when a new touch lands somewhere the background control never
    /// sees (a button, the switch, a row, another field, the navigation bar): the technique does
    /// nothing then, and a tester should not have to wonder whether the tap registered.
    package override func willDeliver(_ event: Event, in window: AppWindow) {
        guard let focused = editingInput, let background = form.background as? Control else { return }
        for touch in event.touches(for: window) where touch.phase == .began && touch.view !== background {
            let place = touch.view?.traceName ?? "no view"
            let why =
                touch.view.map { $0.isDescendant(of: focused) } == true
                ? "it landed in \(place), the field being edited" : "it landed on \(place)"
            report(.keep, "the background control never saw this touch: \(why)", touches: [touch])
        }
    }

    /// Starts observing the keypad and editing.
    package override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        guard let center = notificationCenter, observers.isEmpty else { return }
        observers.add(center.addObserver(forName: .keyboardWillShow) { [weak self] note in self?.keyboardWillShow(note) })
        observers.add(center.addObserver(forName: .keyboardWillHide) { [weak self] note in self?.keyboardWillHide(note) })
        observers.add(
            center.addObserver(forName: .keyboardDidShow) { [weak self] _ in self?.dimOverlay.setNeedsDisplay() })
    }

    /// Stops observing; the avoidance gives the form its full frame back.
    package override func viewWillDisappear(_ animated: Bool) {
        observers.cancelAll()
        dimOverlay.fade(to: 0, duration: 0)
        super.viewWillDisappear(animated)
    }

    /// Keeps the overlay over the whole screen.
    package override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        dimOverlay.frame = view.bounds
        dimOverlay.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    }

    private func keyboardWillShow(_ note: Notification) {
        guard dimsAroundField else { return }
        dimOverlay.fade(to: 1, duration: note.userInfo[KeyboardInfoKey.animationDuration] as? Double ?? 0.25)
    }

    private func keyboardWillHide(_ note: Notification) {
        dimOverlay.fade(to: 0, duration: note.userInfo[KeyboardInfoKey.animationDuration] as? Double ?? 0.25)
    }

    /// The space kept between the field being edited and the keypad.
    package static let fieldMargin = ShrinkFrameAvoidance.fieldMargin

    /// Its own avoidance: the scroll view shrinks on did-show (seed 003).
    package override var platformAvoidance: AvoidanceKind { .shrinkFrame }
}
