import TapawayDemo
import TapawayKit

/// The standard form's views by their ids, for the tests that play on it: the shipped
/// `standard` screen builds them, so a missing one is a failed test, not a missing feature.
@MainActor
extension ScreenForm {
    private func required<T: View>(_ id: String, as type: T.Type = T.self) -> T {
        guard let view = view(id) as? T else {
            preconditionFailure("the standard screen has no \(T.self) with the id \(id)")
        }
        return view
    }

    var name: TextField { required("name") }
    var email: TextField { required("email") }
    var password: TextField { required("password") }
    var phone: TextField { required("phone") }
    var caption: Label { required("caption") }
    var subscribe: Switch { required("subscribe") }
    var submit: Button { required("submit") }
    var notes: TextView { required("notes") }
}

@MainActor
extension FormViewController {
    /// The chat screen's composer bar (with `layout=chat`).
    var chatComposer: View {
        guard let bar = composer else { preconditionFailure("the screen shown has no composer") }
        return bar
    }
}

@MainActor
extension View {
    /// The chat composer's message field, in the composer bar.
    var messageField: TextField {
        guard let field = view(withIdentifier: "message") as? TextField else {
            preconditionFailure("no message field in \(identifier ?? "the view")")
        }
        return field
    }
}
