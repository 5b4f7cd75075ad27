/// An object that can take part in event handling and hold keyboard focus, as `UIResponder`.
@MainActor
open class Responder {
    /// Creates a responder that is not in any chain until something makes it the next of another.
    public init() {}

    /// The next responder in the chain (a view's superview or view controller, a window's application).
    open var next: Responder? { nil }

    /// Whether this responder can take keyboard focus.
    ///
    /// `false` by default.
    open var canBecomeFirstResponder: Bool { false }
    /// Whether this responder lets focus go.
    ///
    /// `true` by default.
    open var canResignFirstResponder: Bool { true }

    /// A view shown above the keypad while this responder is first responder (a toolbar), as
    /// UIKit's `inputAccessoryView`.
    public var inputAccessoryView: View?

    /// The window whose first responder this can be; views answer their window.
    open var responderWindow: Window? { nil }

    /// Whether this responder is its window's first responder.
    public var isFirstResponder: Bool { responderWindow?.firstResponder === self }

    /// Takes keyboard focus; the previous first responder is asked to resign first.
    ///
    /// Returns whether this responder is first responder afterwards.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard let window = responderWindow else { return false }
        if window.firstResponder === self { return true }
        guard canBecomeFirstResponder else { return false }
        return window.transferFirstResponder(to: self)
    }

    /// Gives up keyboard focus.
    ///
    /// Returns whether it did (or was not first responder).
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard let window = responderWindow, window.firstResponder === self else { return true }
        guard canResignFirstResponder else { return false }
        return window.transferFirstResponder(to: nil)
    }

    /// Called after this responder became first responder.
    open func didBecomeFirstResponder() {}
    /// Called after this responder stopped being first responder.
    open func didResignFirstResponder() {}

    /// Touches began in this responder; the default passes them up the chain.
    open func touchesBegan(_ touches: [Touch], with event: Event) { next?.touchesBegan(touches, with: event) }
    /// Touches moved; the default passes them up the chain.
    open func touchesMoved(_ touches: [Touch], with event: Event) { next?.touchesMoved(touches, with: event) }
    /// Touches ended; the default passes them up the chain.
    open func touchesEnded(_ touches: [Touch], with event: Event) { next?.touchesEnded(touches, with: event) }
    /// Touches were cancelled; the default passes them up the chain.
    open func touchesCancelled(_ touches: [Touch], with event: Event) { next?.touchesCancelled(touches, with: event) }

    /// A key was pressed while this responder (or one after it in the chain) has focus.
    ///
    /// The default passes it up the chain.
    open func keyDown(_ key: KeyInput, with event: Event) { next?.keyDown(key, with: event) }
}
