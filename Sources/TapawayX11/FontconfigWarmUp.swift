import CX11
import Glibc

/// Loads fontconfig's configuration on a second thread while the main one parses the command line and
/// connects to the X server.
///
/// Reading the configuration and the font cache is the largest single piece of start-up (about a third
/// of the work before the first frame), and nothing else needs the other core then.
///
/// With a font-match cache (`start(cache:)`), the thread reads it first and loads nothing when
/// it is current: the first frame's fonts then open from it (`XftFontProvider`) and fontconfig
/// loads its configuration only if something asks it to match (a fallback font, say).
///
/// fontconfig publishes its configuration atomically, but two threads that both find none each
/// load a whole one, so the first font waits for this thread (`finish()`) rather than racing it.
package enum FontconfigWarmUp {
    nonisolated(unsafe) private static var thread: pthread_t?
    /// The cache file given to `start(cache:)`, if any.
    nonisolated(unsafe) private(set) static var cacheFile: FontMatchCacheFile?
    /// The cache the thread found current, if any (read after `finish()`).
    nonisolated(unsafe) private static var current: FontMatchCache?

    /// Starts loading on a second thread; does nothing if it has already started.
    ///
    /// With `cache`, the thread first reads that file and, if it is current, loads no configuration.
    package static func start(cache: FontMatchCacheFile? = nil) {
        guard thread == nil else { return }
        cacheFile = cache
        var handle = pthread_t()
        let created = pthread_create(
            &handle, nil,
            { _ in
                if let file = FontconfigWarmUp.cacheFile, let bytes = file.read(),
                    let found = FontMatchCache.parse(bytes), found.isCurrent
                {
                    FontconfigWarmUp.current = found
                } else {
                    _ = FcInit()
                }
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

    /// The current font-match cache the thread found, handed over once (after `finish()`).
    static func takeCache() -> FontMatchCache? {
        defer { current = nil }
        return current
    }
}
