import TapawayKit

/// Says when the application comes to hold a secret and when it stops: the first secure field (a
/// password) that holds text, and the moment no secure field holds any.
///
/// The program forbids core dumps in between (`CoreDumps` in the X11 backend), so a crash while no
/// password is held leaves a core file as any program's does.
///
/// It follows the fields' change notifications (typing, pasting, deleting, clearing, undo,
/// an input method's commit) and the end of editing. A field that is freed while it still held
/// text counts as holding it for the rest of the run: its bytes may still be in memory.
@MainActor
package final class SecretWatch {
    /// Whether some secure field holds text now (or was freed holding it).
    package private(set) var holdsSecret = false

    private struct Held {
        weak var field: TextField?
    }

    private var held: [ObjectIdentifier: Held] = [:]
    /// Its registrations, cancelled when the watch goes.
    private let tokens = ObserverBag()
    private let onChange: (Bool) -> Void

    /// Watches the secure fields of the application whose notifications `center` posts, and
    /// calls `onChange` with true when the first one comes to hold text, with false when none
    /// holds any any more.
    package init(notificationCenter center: NotificationCenter, onChange: @escaping (Bool) -> Void) {
        self.onChange = onChange
        for name in [NotificationName.textFieldDidChange, .textFieldDidEndEditing, .textFieldDidBeginEditing] {
            tokens.add(
                center.addObserver(forName: name) { [weak self] note in
                    guard let field = note.object as? TextField else { return }
                    self?.update(field)
                })
        }
    }

    private func update(_ field: TextField) {
        let id = ObjectIdentifier(field)
        if field.isSecureTextEntry && !field.text.isEmpty {
            held[id] = Held(field: field)
        } else {
            held[id] = nil
        }
        // A field freed while it held text stays counted (its entry's field is nil).
        let now = !held.isEmpty
        guard now != holdsSecret else { return }
        holdsSecret = now
        onChange(now)
    }
}
