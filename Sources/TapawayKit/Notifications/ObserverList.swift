/// Observers of one kind of event (touches, focus changes, frames…): each registration returns a
/// token, and cancelling the token (or removing it here) stops it.
///
/// The one way the Kit and the app let several parties watch the same thing, so that no second
/// observer silently replaces the first and nothing stays registered after its owner has gone.
///
/// Observers are called in registration order. One may add or remove observers while being
/// called: the call goes over a snapshot, skipping those removed meanwhile.
@MainActor
public final class ObserverList<Value> {
    private var entries: [(token: ObserverToken, block: (Value) -> Void)] = []

    /// Creates a list with no observers.
    public init() {}

    /// Calls `block` with every value notified from now on, until the token is cancelled (or
    /// `remove(_:)` gets it).
    public func add(_ block: @escaping (Value) -> Void) -> ObserverToken {
        let token = ObserverToken { [weak self] token in self?.remove(token) }
        entries.append((token, block))
        return token
    }

    /// Stops the observer registered with `token`; removing twice, or a token of another
    /// list, is harmless.
    public func remove(_ token: ObserverToken) {
        entries.removeAll { $0.token == token }
    }

    /// Stops every observer registered with `tokens`.
    public func remove(_ tokens: [ObserverToken]) {
        guard !tokens.isEmpty else { return }
        let gone = Set(tokens)
        entries.removeAll { gone.contains($0.token) }
    }

    /// How many observers are registered (tests check that owners remove theirs).
    public var count: Int { entries.count }

    /// Whether no observer is registered: a caller can skip building a value nobody reads.
    public var isEmpty: Bool { entries.isEmpty }

    /// Calls every observer with `value`.
    public func notify(_ value: Value) {
        guard !entries.isEmpty else { return }
        if entries.count == 1 {
            entries[0].block(value)
            return
        }
        let snapshot = entries
        for (i, entry) in snapshot.enumerated() {
            if i > 0 && !entries.contains(where: { $0.token == entry.token }) { continue }
            entry.block(value)
        }
    }
}

extension ObserverList where Value == Void {
    /// Calls every observer, in registration order, for a list that carries no value.
    public func notify() { notify(()) }
}
