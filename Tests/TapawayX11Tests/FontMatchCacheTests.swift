import Foundation
import Glibc
import Testing

@testable import TapawayX11

/// The font-match cache's file and key (issue 20): what it reads back is exactly what it wrote,
/// anything else is refused whole, and a changed file it stamped makes it out of date.
///
/// The end-to-end tests (`FontMatchCacheTests` there) check the program's use of it.
@Suite("Font-match cache")
struct FontMatchCacheTests {
    /// A folder of the test's own, removed at the end.
    final class Folder {
        let path: String
        init() {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-font-cache-\(UUID().uuidString)").path
            mkdir(path, 0o700)
        }
        func file(_ name: String, _ text: String = "x") -> String {
            let path = self.path + "/" + name
            FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
            return path
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    /// A cache with awkward paths and values, stamped on `files`.
    static func sample(stamping files: [String]) -> FontMatchCache {
        FontMatchCache(
            libraries: FontMatchCache.currentLibraries(), environment: FontMatchCache.currentEnvironment(),
            stamps: files.map { FontMatchCache.Stamp(path: $0, signature: FontMatchCache.signature(of: $0)) },
            display: "-12:antialias=True:rgba=0:dpi=96",
            request: ["Inter:pixelsize=14.0:weight=80", "sans\\-serif:pixelsize=14.0:weight=80"], family: "Inter",
            matches: [
                .regular: ("Inter:pixelsize=14.0:weight=80", "Inter:style=Regular:file=\(files.first ?? "/none"):index=0"),
                .semibold: ("Inter:pixelsize=14.0:weight=180", "Inter,Inter Semi Bold:style=Semi Bold:weight=180"),
            ])
    }

    @Test("what is written reads back the same, paths with spaces, %, newlines and non-ASCII included")
    func roundTrip() throws {
        let folder = Folder()
        let odd = folder.file("a b%20\nc é.conf")
        let cache = Self.sample(stamping: [odd, folder.path + "/absent"])
        let bytes = cache.serialized()
        let back = try #require(FontMatchCache.parse(bytes))
        #expect(back == cache)
        #expect(back.stamps[0].path == odd)
        #expect(back.stamps[1].signature == "absent")
        #expect(back.isCurrent)
    }

    @Test("a truncated file is refused, at every length")
    func truncated() {
        let folder = Folder()
        let bytes = Self.sample(stamping: [folder.file("fonts.conf")]).serialized()
        for length in 0..<bytes.count {
            #expect(FontMatchCache.parse(Array(bytes[..<length])) == nil, "accepted \(length) of \(bytes.count) bytes")
        }
    }

    @Test("a changed byte anywhere is refused")
    func corrupt() {
        let folder = Folder()
        let bytes = Self.sample(stamping: [folder.file("fonts.conf")]).serialized()
        for index in bytes.indices {
            var damaged = bytes
            damaged[index] ^= 0x01
            #expect(FontMatchCache.parse(damaged) == nil, "accepted a change at byte \(index)")
        }
    }

    @Test("foreign files are refused: another version, a line it does not know, too large, binary")
    func foreign() {
        func sealed(_ text: String) -> [UInt8] {
            Array((text + "end \(FontMatchCache.checksum(Array(text.utf8)))\n").utf8)
        }
        func replacing(_ old: String, with new: String, in text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.hasPrefix(old) ? new + line.dropFirst(old.count) : String(line)
            }.joined(separator: "\n")
        }
        let good = String(decoding: Self.sample(stamping: []).serialized(), as: UTF8.self)
        let body = good.split(separator: "\n").filter { !$0.hasPrefix("end ") }.joined(separator: "\n") + "\n"
        #expect(FontMatchCache.parse(sealed(body)) != nil)
        #expect(
            FontMatchCache.parse(sealed(replacing("tapaway-font-matches 1", with: "tapaway-font-matches 2", in: body))) == nil)
        #expect(FontMatchCache.parse(sealed(body + "run rm -rf /\n")) == nil)
        #expect(FontMatchCache.parse(sealed(body + "family DejaVu%20Sans\n")) == nil, "a second family")
        #expect(FontMatchCache.parse(sealed(body + "match regular a b\n")) == nil, "a second regular match")
        #expect(FontMatchCache.parse(sealed(body + "match bold a b\n")) == nil, "a weight it does not know")
        #expect(FontMatchCache.parse(sealed(replacing("family Inter", with: "family In%2", in: body))) == nil)
        #expect(FontMatchCache.parse(sealed(replacing("family Inter", with: "family In ter", in: body))) == nil)
        let noRegular = body.split(separator: "\n").filter { !$0.hasPrefix("match regular") }.joined(separator: "\n") + "\n"
        #expect(FontMatchCache.parse(sealed(noRegular)) == nil, "no regular match")
        #expect(FontMatchCache.parse(sealed(body + "env " + String(repeating: "x", count: 600 * 1024) + "\n")) == nil)
        #expect(FontMatchCache.parse([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0x0A]) == nil)
        #expect(FontMatchCache.parse(sealed("\u{FEFF}" + body)) == nil)
    }

    @Test("a stamped file changed, removed or newly present makes the cache out of date")
    func staleStamps() throws {
        let folder = Folder()
        let conf = folder.file("fonts.conf")
        let font = folder.file("Inter-Regular.otf")
        let later = folder.path + "/fonts.conf.d"
        let cache = Self.sample(stamping: [conf, font, later])
        #expect(cache.isCurrent)

        // The modification time alone (touch -d), the content kept: out of date.
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, font, &times, 0) == 0)
        #expect(!cache.isCurrent)
        let refreshed = Self.sample(stamping: [conf, font, later])
        #expect(refreshed.isCurrent)

        // A configuration folder that was absent appears.
        #expect(mkdir(later, 0o700) == 0)
        #expect(!refreshed.isCurrent)

        // A stamped file goes.
        let again = Self.sample(stamping: [conf, font, later])
        #expect(again.isCurrent)
        #expect(unlink(conf) == 0)
        #expect(!again.isCurrent)
    }

    @Test("another version of fontconfig or Xft, or another environment, makes the cache out of date")
    func staleLibrariesAndEnvironment() {
        var cache = Self.sample(stamping: [])
        #expect(cache.isCurrent)
        cache.libraries = "21300 20306"
        #expect(!cache.isCurrent)
        cache = Self.sample(stamping: [])
        cache.environment = cache.environment.map { $0.hasPrefix("FONTCONFIG_FILE") ? "FONTCONFIG_FILE=/elsewhere.conf" : $0 }
        #expect(!cache.isCurrent)
    }

    @Test("a match is used only for its own query and when it names a font file the cache stamped as present")
    func matchNeedsItsQueryAndAStampedFile() {
        let folder = Folder()
        let font = folder.file("Inter-Regular.otf")
        var cache = Self.sample(stamping: [font])
        // Each refusal comes before the display is used: a placeholder stands for it.
        let display = OpaquePointer(bitPattern: 1)!
        #expect(cache.pattern(for: .regular, query: "Inter:pixelsize=15.0:weight=80", display: display, screen: 0) == nil)
        #expect(cache.pattern(for: .medium, query: "Inter:pixelsize=14.0:weight=100", display: display, screen: 0) == nil)
        // The semibold match names no file.
        #expect(cache.pattern(for: .semibold, query: "Inter:pixelsize=14.0:weight=180", display: display, screen: 0) == nil)
        cache.stamps = [FontMatchCache.Stamp(path: font, signature: "absent")]
        #expect(cache.pattern(for: .regular, query: "Inter:pixelsize=14.0:weight=80", display: display, screen: 0) == nil)
        cache.stamps = []
        #expect(cache.pattern(for: .regular, query: "Inter:pixelsize=14.0:weight=80", display: display, screen: 0) == nil)
    }
}
