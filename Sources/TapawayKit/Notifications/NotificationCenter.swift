/// The name of a notification.
public struct NotificationName: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    /// The name's text, which makes two names equal.
    public var rawValue: String
    /// Creates the name spelled `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates the name spelled `rawValue`, without the label.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The name's text, as traces print it.
    public var description: String { rawValue }
}

/// A message posted through a `NotificationCenter`.
public struct Notification {
    /// The notification's name, which observers match.
    public var name: NotificationName
    /// The object it happened to, if any.
    public var object: AnyObject?
    /// Details (keyboard frames, durations, …).
    public var userInfo: [String: Any]

    /// Creates a notification named `name`, from `object`, carrying `userInfo`.
    public init(name: NotificationName, object: AnyObject? = nil, userInfo: [String: Any] = [:]) {
        self.name = name; self.object = object; self.userInfo = userInfo
    }
}

/// One registration with a `NotificationCenter` or an `ObserverList`: `cancel()` stops it, as
/// the token knows where it is registered (holding that centre or list weakly, so a token kept
/// after its list has gone cancels nothing and keeps nothing alive).
///
/// Keep tokens in an `ObserverBag` to stop them all when their owner goes.
@MainActor
public final class ObserverToken: Hashable {
    /// Removes the registration from where it is registered; nil once cancelled.
    private var removal: ((ObserverToken) -> Void)?

    /// A token whose `cancel()` calls `removal` once.
    init(removal: @escaping (ObserverToken) -> Void) { self.removal = removal }

    /// Stops the observer; cancelling twice, or after the list or centre has gone, is harmless.
    public func cancel() {
        guard let removal else { return }
        self.removal = nil
        removal(self)
    }

    /// Adds the token to `bag`, which cancels it when the bag goes.
    public func store(in bag: ObserverBag) { bag.add(self) }

    /// Tokens are equal when they are the same registration (the same token object), so a
    /// token handed to the wrong list or centre never removes someone else's observer.
    public nonisolated static func == (a: ObserverToken, b: ObserverToken) -> Bool { a === b }
    /// Hashes the registration by the token's identity, as `==` compares it.
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Registrations that stop together: an owner keeps one bag, puts every token it gets in it,
/// and the bag cancels them all when the owner (and so the bag) goes, or on `cancelAll()`.
@MainActor
public final class ObserverBag {
    private var tokens: [ObserverToken] = []

    /// Creates an empty bag, which cancels nothing until tokens are added.
    public init() {}

    /// Keeps `token` until the bag goes or `cancelAll()` is called.
    public func add(_ token: ObserverToken) { tokens.append(token) }

    /// Keeps every token of `tokens`.
    public func add(_ tokens: [ObserverToken]) { self.tokens += tokens }

    /// How many registrations the bag holds.
    public var count: Int { tokens.count }

    /// Whether the bag holds no registration (its owner is not observing).
    public var isEmpty: Bool { tokens.isEmpty }

    /// Cancels every registration in the bag and empties it.
    public func cancelAll() {
        let held = tokens
        tokens.removeAll()
        for token in held { token.cancel() }
    }

    isolated deinit { cancelAll() }
}

/// Delivers notifications to the observers registered for their name (and optionally object),
/// synchronously and in registration order, as Foundation's notification center does.
@MainActor
public final class NotificationCenter {
    private struct Registration {
        let token: ObserverToken
        let name: NotificationName?
        weak var object: AnyObject?
        let matchesAnyObject: Bool
        let block: (Notification) -> Void
    }

    private var registrations: [Registration] = []

    /// Creates an empty centre.
    public init() {}

    /// Calls `block` for every notification named `name` (any name when nil) from `object`
    /// (any object when nil).
    ///
    /// Keep the token (in an `ObserverBag`) to remove the observer.
    @discardableResult
    public func addObserver(
        forName name: NotificationName?, object: AnyObject? = nil,
        using block: @escaping (Notification) -> Void
    ) -> ObserverToken {
        let token = ObserverToken { [weak self] token in self?.removeObserver(token) }
        registrations.append(
            Registration(
                token: token, name: name, object: object,
                matchesAnyObject: object == nil, block: block))
        return token
    }

    /// Stops the observer registered with `token`; removing twice is harmless.
    public func removeObserver(_ token: ObserverToken) {
        registrations.removeAll { $0.token == token }
    }

    /// The number of registrations, for tests that check observers are removed.
    public var observerCount: Int { registrations.count }

    /// Posts a notification to its observers.
    public func post(_ notification: Notification) {
        // Observers may add or remove observers while being called: iterate a snapshot,
        // but skip registrations removed meanwhile.
        let snapshot = registrations
        for registration in snapshot {
            if let name = registration.name, name != notification.name { continue }
            if !registration.matchesAnyObject {
                guard let wanted = registration.object, let object = notification.object,
                    wanted === object
                else { continue }
            }
            guard registrations.contains(where: { $0.token == registration.token }) else { continue }
            registration.block(notification)
        }
    }

    /// Posts a notification built from its parts.
    public func post(name: NotificationName, object: AnyObject? = nil, userInfo: [String: Any] = [:]) {
        post(Notification(name: name, object: object, userInfo: userInfo))
    }
}

extension NotificationName {
    /// A text field became first responder and began editing.
    public static let textFieldDidBeginEditing = NotificationName("TextFieldTextDidBeginEditing")
    /// A text field resigned and ended editing.
    public static let textFieldDidEndEditing = NotificationName("TextFieldTextDidEndEditing")
    /// A text field's text changed.
    public static let textFieldDidChange = NotificationName("TextFieldTextDidChange")
    /// A paste into a single-line input was longer than `TextField.pasteLimit` characters and
    /// only its beginning was kept; `userInfo` holds `PasteCutKey.kept` and `.pastedBytes`.
    public static let textFieldPasteWasCut = NotificationName("TextFieldPasteWasCut")
    /// A text view became first responder and began editing.
    public static let textViewDidBeginEditing = NotificationName("TextViewTextDidBeginEditing")
    /// A text view resigned and ended editing.
    public static let textViewDidEndEditing = NotificationName("TextViewTextDidEndEditing")
    /// A text view's text changed.
    public static let textViewDidChange = NotificationName("TextViewTextDidChange")
    /// The keypad is about to slide up.
    public static let keyboardWillShow = NotificationName("KeyboardWillShow")
    /// The keypad has finished sliding up.
    public static let keyboardDidShow = NotificationName("KeyboardDidShow")
    /// The keypad is about to slide away.
    public static let keyboardWillHide = NotificationName("KeyboardWillHide")
    /// The keypad has finished sliding away.
    public static let keyboardDidHide = NotificationName("KeyboardDidHide")
    /// The keypad's frame is about to change (shows, hides and layout changes).
    public static let keyboardWillChangeFrame = NotificationName("KeyboardWillChangeFrame")
    /// The keypad's frame has changed.
    public static let keyboardDidChangeFrame = NotificationName("KeyboardDidChangeFrame")
}

/// Keys of the keyboard notifications' `userInfo`.
public enum KeyboardInfoKey {
    /// `Rect`: the keypad's frame, in screen coordinates, when the animation begins.
    public static let frameBegin = "KeyboardFrameBegin"
    /// `Rect`: the keypad's frame, in screen coordinates, when the animation ends.
    public static let frameEnd = "KeyboardFrameEnd"
    /// `Double`: the animation's duration in seconds.
    public static let animationDuration = "KeyboardAnimationDuration"
    /// `AnimationCurve`: the animation's timing curve.
    public static let animationCurve = "KeyboardAnimationCurve"
}

/// The `userInfo` keys of `textFieldPasteWasCut`.
public enum PasteCutKey {
    /// How many characters of the paste were kept (an `Int`).
    public static let kept = "kept"
    /// How many UTF-8 bytes the whole paste had (an `Int`).
    public static let pastedBytes = "pastedBytes"
}
