import TapawayDemo
import TapawayX11

extension FontMatchCacheFile {
    /// The cache file's name in Tapaway's cache directory.
    static let fileName = "font-matches"
    /// The largest cache file read.
    static let maximumSize = 512 * 1024

    /// `font-matches` in `$XDG_CACHE_HOME/tapaway/` (else `~/.cache/tapaway/`), kept by the settings
    /// file's rules: read only when it is a regular file of ours, replaced atomically (a temporary file
    /// renamed over it, never written through a link, never over anything that is not a regular file of
    /// ours), without flushing to the disk (it can be made again).
    ///
    /// Nil when there is no home directory to put it in. Failures are silent: a cache that cannot be
    /// read or written costs only time.
    static func standard() -> FontMatchCacheFile? {
        guard let directory = XDGPaths.current().cacheDirectory else { return nil }
        let store = SettingsStore(directory: directory, name: fileName, label: "font-match cache", header: [])
        return FontMatchCacheFile(
            read: { store.readOwnFile(limit: maximumSize) },
            write: { bytes in try? store.replace(with: bytes, durable: false) })
    }
}
