import TapawayKit

/// What a dismissal technique decided about one event, and why: the facts the trace's
/// `decision` lines and the inspector show.
package struct DismissalDecision: Sendable, Equatable {
    /// What the technique did with the first responder.
    package enum Action: String, Sendable {
        /// The first responder was told to resign.
        case resign
        /// There is a first responder and it stays.
        case keep
        /// Nothing to decide: no first responder.
        case none
        /// The keyboard was hidden and the first responder kept its focus (Android's
        /// `hideSoftInputFromWindow` without `clearFocus`).
        case hide
    }

    /// One touch of the event as the logic saw it.
    package struct TouchFact: Sendable, Equatable {
        /// The finger's id, as the trace's `touch` lines number it.
        package var touch: Int
        /// Where the touch is in its life in this event.
        package var phase: TouchPhase
        /// The identifier of the view it is in (nearest identified ancestor), if any.
        package var view: String?
        /// Whether that view can become first responder.
        package var canBecomeFirstResponder: Bool
        /// Whether it counts as inside the first responder.
        package var insideFirstResponder: Bool
    }

    /// The technique that decided (the trace's `strategy` field).
    package var technique: TechniqueID
    /// What the technique did with the first responder: resigned it, kept it, or hid the keyboard.
    package var action: Action
    /// Which rule decided, in words.
    package var reason: String
    /// The first responder's identifier when the event arrived.
    package var firstResponder: String?
    /// The event's touches, as the technique saw them.
    package var touches: [TouchFact]

    /// The technique's id as the trace writes it (`send-event`, …).
    package var strategy: String { technique.rawValue }

    /// A decision from facts already gathered.
    package init(technique: TechniqueID, action: Action, reason: String, firstResponder: String?, touches: [TouchFact]) {
        self.technique = technique; self.action = action; self.reason = reason
        self.firstResponder = firstResponder; self.touches = touches
    }

    /// The one way techniques build a decision: each touch becomes a fact (its view, whether
    /// that view can become first responder, and whether it counts as inside by the
    /// technique's own idea of inside, which by default is "in the first responder or one of
    /// its subviews").
    @MainActor
    package init(
        technique: TechniqueID, action: Action, reason: String, firstResponder: View?, touches: [Touch],
        inside: ((View) -> Bool)? = nil
    ) {
        let isInside: (View) -> Bool = inside ?? { view in firstResponder.map { view.isDescendant(of: $0) } ?? false }
        let facts = touches.map { touch in
            TouchFact(
                touch: touch.identifier, phase: touch.phase, view: touch.view?.traceName,
                canBecomeFirstResponder: touch.view?.canBecomeFirstResponder ?? false,
                insideFirstResponder: firstResponder != nil && (touch.view.map(isInside) ?? false))
        }
        self.init(
            technique: technique, action: action, reason: reason, firstResponder: firstResponder?.traceName,
            touches: facts)
    }
}

extension View {
    /// A name for traces: the view's identifier, else its nearest identified ancestor's.
    package var traceName: String? { identifiedAncestor?.identifier }
}
