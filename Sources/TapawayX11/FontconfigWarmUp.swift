import CX11
import Glibc

/// Loads fontconfig's configuration on a second thread while the main one parses the command
/// line and connects to the X server. Reading the configuration and the font cache is the
/// largest single piece of start-up (about a third of the work before the first frame), and
/// nothing else needs the other core then.
///
/// fontconfig publishes its configuration atomically, but two threads that both find none each
/// load a whole one, so the first font waits for this thread (`finish()`) rather than racing it.
package enum FontconfigWarmUp {
    nonisolated(unsafe) private static var thread: pthread_t?

    /// Starts loading on a second thread; does nothing if it has already started.
    package static func start() {
        guard thread == nil else { return }
        var handle = pthread_t()
        let created = pthread_create(
            &handle, nil,
            { _ in
                _ = FcInit()
                return nil
            }, nil)
        if created == 0 { thread = handle }
    }

    /// Waits until the loading started by `start()` has finished (at once if it never started).
    static func finish() {
        guard let handle = thread else { return }
        thread = nil
        pthread_join(handle, nil)
    }
}
