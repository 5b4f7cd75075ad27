import TapawayKit

/// Tells the inspector when editing ends and no technique decided it: Escape, Return, a drag that the
/// scroll view's keyboard dismiss mode acted on, an interactive dismissal, or the screen leaving (Back,
/// a switch of technique).
///
/// Without these notes a tester sees the keypad go and no entry saying why.
@MainActor
final class EditingEndNotes {
    private unowned let application: Application
    private weak var log: DecisionLogView?
    private weak var navigation: NavigationController?
    /// Its registrations, cancelled when the notes go.
    private let tokens = ObserverBag()
    /// The last input since the last frame, and whether a technique resigned or hid since.
    private var lastInput: PlatformInput?
    private var decided = false
    private weak var focused: View?
    /// A key that asks the focused input to let go (Escape, Tab), and the input it asked, until
    /// the next frame shows whether it did.
    private var asked: (key: String, input: View)?

    /// Watches `application` and writes notes to `log`; `decisions` is the app's list of
    /// technique decisions.
    init(
        application: Application, log: DecisionLogView, navigation: NavigationController,
        decisions: ObserverList<DismissalDecision>
    ) {
        self.application = application
        self.log = log
        self.navigation = navigation
        tokens.add(
            application.inputObservers.add { [weak self] input in
                self?.lastInput = input
                self?.decided = false
                self?.noteAskedToLeave(by: input)
            })
        tokens.add(application.frameObservers.add { [weak self] in self?.checkRefusal() })
        tokens.add(application.focusObservers.add { [weak self] responder in self?.focusChanged(to: responder) })
        tokens.add(
            decisions.add { [weak self] decision in
                if decision.action == .resign || decision.action == .hide { self?.decided = true }
            })
    }

    /// Escape asks the focused input to end editing, and Tab asks it to let another input have
    /// the focus (when there is another): remember which, to say so if it refuses.
    private func noteAskedToLeave(by input: PlatformInput) {
        guard case .key(let key) = input, key.modifiers.isDisjoint(with: [.control, .alt]),
            let view = application.firstResponder as? View, let window = view.window
        else { return }
        switch key.key {
        case .escape: asked = ("Escape", view)
        case .tab where FocusNavigation.readingOrder(in: window).count > 1: asked = ("Tab", view)
        default: break
        }
    }

    /// After a frame: an input Escape or Tab asked that still has the focus and refuses to let
    /// go kept it because its delegate said no; the log says so, as it says when Escape works.
    private func checkRefusal() {
        guard let (key, input) = asked else { return }
        asked = nil
        guard application.firstResponder === input, !input.canResignFirstResponder else { return }
        let name = input.traceName ?? "the field"
        let delegate = input is TextView ? "textViewShouldEndEditing" : "textFieldShouldEndEditing"
        log?.appendNote(
            verdict: "kept", source: key,
            reason:
                "\(key) asked \(name) to end editing, and its delegate refused (\(delegate) returned false): \(name) keeps the focus"
        )
    }

    private func focusChanged(to responder: Responder?) {
        defer { focused = responder as? View }
        guard responder == nil, let ended = focused, !decided else { return }
        let name = ended.traceName ?? "the field"
        if let (source, reason) = cause(ended: ended, name: name) {
            log?.appendNote(verdict: "editing ended", source: source, reason: reason)
        }
    }

    /// A scroll view's dismissal on scrolling in the terms of the platform of the technique on
    /// view (UIKit's `keyboardDismissMode` is the model's, and the words when none is known).
    static func dismissOnScroll(_ mode: KeyboardDismissMode, _ platform: TechniquePlatform?) -> String {
        let interactive = mode == .interactive
        switch platform {
        case .swiftUI?: return ".scrollDismissesKeyboard(\(interactive ? ".interactively" : ".immediately"))"
        case .flutter?: return "the scroll view's keyboardDismissBehavior (ScrollViewKeyboardDismissBehavior.onDrag)"
        case .reactNative?: return "the ScrollView's keyboardDismissMode=\"\(interactive ? "interactive" : "on-drag")\""
        case .android?: return "the scroll's dismissal (Tapaway's Dragging the form option: Android's views have none)"
        default: return "the scroll view's keyboardDismissMode (\(interactive ? ".interactive" : ".onDrag"))"
        }
    }

    /// Who ended editing, and why, in words.
    private func cause(ended: View, name: String) -> (String, String)? {
        let onTop = (navigation?.topViewController as? FormViewController)?.view
        if ended.window == nil || onTop.map({ !ended.isDescendant(of: $0) }) ?? true {
            return (
                "navigation", "the screen holding \(name) left (Back, or another technique chosen), and \(name) resigned with it"
            )
        }
        switch lastInput {
        case .key(let key)?:
            switch key.key {
            case .escape: return ("Escape", "Escape ended editing in \(name): the window's own key handling, not the technique")
            case .returnKey: return ("Return", "Return ended editing in \(name) (editingDidEndOnExit), not the technique")
            default: return ("a key", "a key ended editing in \(name), not the technique")
            }
        case .pointer?, .pointers?:
            let platform = (navigation?.topViewController as? FormViewController).flatMap {
                Techniques.technique(for: $0.technique)?.platform
            }
            switch scrollView(around: ended)?.keyboardDismissMode ?? .none {
            case .onDrag:
                return (
                    "keyboardDismissMode",
                    "the drag began a scroll, and \(Self.dismissOnScroll(.onDrag, platform)) ended editing in \(name)"
                )
            case .interactive:
                return (
                    "keyboardDismissMode",
                    "the keypad followed the finger and was let go low: \(Self.dismissOnScroll(.interactive, platform)) "
                        + "ended editing in \(name)"
                )
            case .none:
                return ("not the technique", "editing in \(name) ended with no technique deciding it")
            }
        default:
            return ("not the technique", "editing in \(name) ended with no technique deciding it")
        }
    }

    private func scrollView(around view: View) -> ScrollView? {
        var current = view.superview
        while let v = current {
            if let scroll = v as? ScrollView, !(scroll is TextView) { return scroll }
            current = v.superview
        }
        return nil
    }
}
