import TapawayKit

/// What a dismissal technique decided about one event, and why: the facts the trace's
/// `decision` lines and the inspector show.
public struct DismissalDecision: Sendable, Equatable {
    /// The outcome.
    public enum Action: String, Sendable {
        /// The first responder was told to resign.
        case resign
        /// There is a first responder and it stays.
        case keep
        /// Nothing to decide: no first responder.
        case none
    }

    /// One touch of the event as the logic saw it.
    public struct TouchFact: Sendable, Equatable {
        /// The finger's id.
        public var touch: Int
        /// Its phase.
        public var phase: TouchPhase
        /// The identifier of the view it is in (nearest identified ancestor), if any.
        public var view: String?
        /// Whether that view can become first responder.
        public var canBecomeFirstResponder: Bool
        /// Whether it counts as inside the first responder.
        public var insideFirstResponder: Bool
    }

    /// The technique's id (`send-event`, …).
    public var strategy: String
    /// The outcome.
    public var action: Action
    /// Which rule decided, in words.
    public var reason: String
    /// The first responder's identifier when the event arrived.
    public var firstResponder: String?
    /// The event's touches for this window.
    public var touches: [TouchFact]

    /// Creates a decision.
    public init(strategy: String, action: Action, reason: String, firstResponder: String?, touches: [TouchFact]) {
        self.strategy = strategy; self.action = action; self.reason = reason
        self.firstResponder = firstResponder; self.touches = touches
    }
}

extension View {
    /// A name for traces: the view's identifier, else its nearest identified ancestor's.
    public var traceName: String? { identifiedAncestor?.identifier }
}
