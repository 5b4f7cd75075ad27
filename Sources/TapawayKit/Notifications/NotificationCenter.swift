/// The name of a notification.
public struct NotificationName: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    /// The name's text.
    public var rawValue: String
    /// Creates a name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The name's text.
    public var description: String { rawValue }
}

/// A message posted through a `NotificationCenter`.
public struct Notification {
    /// What happened.
    public var name: NotificationName
    /// The object it happened to, if any.
    public var object: AnyObject?
    /// Details (keyboard frames, durations, …).
    public var userInfo: [String: Any]

    /// Creates a notification.
    public init(name: NotificationName, object: AnyObject? = nil, userInfo: [String: Any] = [:]) {
        self.name = name; self.object = object; self.userInfo = userInfo
    }
}

/// A token returned by `NotificationCenter.addObserver` and `ObserverList.add`; pass it back to
/// `removeObserver` or `remove` to stop observing.
public final class ObserverToken: Hashable {
    init() {}
    /// Tokens are equal when they are the same registration (the same token object), so a
    /// token handed to the wrong list or centre never removes someone else's observer.
    public static func == (a: ObserverToken, b: ObserverToken) -> Bool { a === b }
    /// Hashes the registration.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Delivers notifications to the observers registered for their name (and optionally object),
/// synchronously and in registration order, as Foundation's notification center does.
public final class NotificationCenter {
    private struct Registration {
        let token: ObserverToken
        let name: NotificationName?
        weak var object: AnyObject?
        let matchesAnyObject: Bool
        let block: (Notification) -> Void
    }

    private var registrations: [Registration] = []

    /// The centre the Kit posts its notifications to.
    @MainActor public static let `default` = NotificationCenter()

    /// Creates an empty centre.
    public init() {}

    /// Calls `block` for every notification named `name` (any name when nil) from `object`
    /// (any object when nil). Keep the token to remove the observer.
    @discardableResult
    public func addObserver(
        forName name: NotificationName?, object: AnyObject? = nil,
        using block: @escaping (Notification) -> Void
    ) -> ObserverToken {
        let token = ObserverToken()
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
