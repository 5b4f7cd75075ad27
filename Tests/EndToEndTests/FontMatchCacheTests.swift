import Foundation
import Glibc
import TapawayTestSupport
import Testing

/// The font-match cache (issue 20), end to end: a start whose cache is current opens its fonts
/// without fontconfig loading its configuration and draws exactly what a start without one
/// draws; a changed configuration matches again; a damaged, foreign or hostile cache is ignored
/// without a word and replaced, and one that is not a regular file of ours is neither read nor
/// replaced.
///
/// fontconfig says when it loads its configuration: with `FC_DEBUG=1024` it prints a line for
/// each configuration file it reads, on standard output.
@Suite("Font-match cache, end to end")
struct FontMatchCacheTests {
    /// A user's folders, kept across launches so that they share one cache (a launch's own
    /// folders would give every launch another key and another cache).
    struct Home {
        let folder = PrivateFolder(purpose: "font-cache")
        var cache: String { folder.file("cache/tapaway/font-matches") }
        var environment: [String: String?] {
            [
                "XDG_CONFIG_HOME": folder.file("config"), "XDG_DATA_HOME": folder.file("data"),
                "XDG_STATE_HOME": folder.file("state"), "XDG_CACHE_HOME": folder.file("cache"), "FC_DEBUG": "1024",
            ]
        }
    }

    /// Runs `body` with a private display and a home of its own, removed afterwards, once the
    /// program is known to be built (so a missing build fails before a server starts).
    static func withDisplayAndHome(_ body: (VirtualDisplay, Home) throws -> Void) throws {
        _ = try AppProcess.binaryURL()
        let display = try VirtualDisplay()
        defer { display.stop() }
        let home = Home()
        defer { home.folder.remove() }
        try body(display, home)
    }

    /// What one `--screenshot` launch did.
    struct Shot: CustomStringConvertible {
        let png: Data
        let stdout: String
        let stderr: String
        /// Whether fontconfig read its configuration.
        var loadedConfiguration: Bool { stdout.contains("config file") }
        /// A summary for failure messages (the whole of fontconfig's output would bury them).
        var description: String {
            "a \(png.count)-byte picture, \(stdout.split(separator: "\n").count) lines out, error: \"\(stderr)\""
        }
    }

    /// A recording that types a snowman (DejaVu Sans has it, Inter not) and an emoji (the colour
    /// emoji font) into the focused field: both drawn with fallback fonts.
    static let fallbackRecording = """
        {"kind":"header","version":1,"scenario":"send-event","screen":[930,820],"inspector":true,"focused":"name"}
        {"kind":"key","t":0.05,"key":"text","text":"a☃😀"}

        """

    /// Launches `tapaway --no-settings --screenshot FILE` (with `arguments`) for `home` and waits
    /// for it to exit 0.
    static func shoot(_ home: Home, on display: VirtualDisplay, _ arguments: [String] = []) throws -> Shot {
        let png = home.folder.file("shot-\(UUID().uuidString).png")
        try FileManager.default.createDirectory(atPath: home.folder.path, withIntermediateDirectories: true)
        let app = try AppProcess(
            ["--no-settings", "--scenario", "send-event"] + arguments + ["--screenshot", png], display: display,
            environment: home.environment)
        defer { app.terminate() }
        let code = app.waitForExit(timeout: 30)
        try #require(code == 0, "tapaway --screenshot: \(app.exitDescription)\n\(app.diagnostics)")
        let data = try #require(FileManager.default.contents(atPath: png), "no screenshot\n\(app.diagnostics)")
        try? FileManager.default.removeItem(atPath: png)
        return Shot(png: data, stdout: app.stdout, stderr: app.stderr)
    }

    /// The bytes of the file at `path`, if there is one.
    static func bytes(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { Array($0) } }

    /// Whether `bytes` look like a whole cache file (its first and last lines).
    static func isWholeCache(_ bytes: [UInt8]?) -> Bool {
        guard let bytes, let text = String(validating: bytes, as: UTF8.self) else { return false }
        let lines = text.split(separator: "\n")
        return lines.first == "tapaway-font-matches 1" && lines.last?.hasPrefix("end ") == true
    }

    @Test("a second start opens its fonts from the cache, without fontconfig's configuration, and draws the same")
    func secondStartFromTheCache() throws {
        try Self.withDisplayAndHome { display, home in
            let first = try Self.shoot(home, on: display)
            #expect(first.loadedConfiguration, "no cache yet: fontconfig matches\n\(first.stdout.prefix(500))")
            let written = Self.bytes(home.cache)
            #expect(Self.isWholeCache(written), "the cache is written after the first frame")

            let second = try Self.shoot(home, on: display)
            #expect(!second.loadedConfiguration, "fontconfig loaded its configuration:\n\(second.stdout.prefix(800))")
            #expect(second.png == first.png, "the fonts from the cache draw differently")
            #expect(second.stderr.isEmpty, "\(second.stderr)")
            #expect(Self.bytes(home.cache) == written, "a current cache is left as it is")
        }
    }

    @Test("after a start from the cache, fallback fonts still come from fontconfig, which loads then")
    func fallbacksAfterAHit() throws {
        _ = try AppProcess.binaryURL()
        let display = try VirtualDisplay()
        defer { display.stop() }
        let home = Home(), fresh = Home()
        defer {
            home.folder.remove()
            fresh.folder.remove()
        }
        try FileManager.default.createDirectory(atPath: home.folder.path, withIntermediateDirectories: true)
        let recording = home.folder.file("fallbacks.jsonl")
        try Self.fallbackRecording.write(toFile: recording, atomically: false, encoding: .utf8)
        let typing = ["--focus", "name", "--replay", recording, "--replay-speed", "max"]

        _ = try Self.shoot(home, on: display)
        let written = Self.bytes(home.cache)
        #expect(Self.isWholeCache(written))
        let hit = try Self.shoot(home, on: display, typing)
        #expect(hit.loadedConfiguration, "the fallbacks need fontconfig, which loads its configuration on demand")
        #expect(Self.bytes(home.cache) == written, "the start's own fonts came from the cache: it is left as it is")
        let noCache = try Self.shoot(fresh, on: display, typing)
        #expect(hit.png == noCache.png, "the snowman and the emoji draw as they do without a cache")
    }

    @Test("a configuration file of the user's that appears, or changes, makes the next start match again")
    func changedConfiguration() throws {
        try Self.withDisplayAndHome { display, home in
            let inter = try Self.shoot(home, on: display)
            #expect(!inter.stderr.contains("not found"), "Inter is installed (fonts-inter): \(inter.stderr)")
            // The user's own fonts.conf, absent when the cache was written, now turns Inter away.
            let conf = home.folder.file("config/fontconfig/fonts.conf")
            try FileManager.default.createDirectory(
                atPath: home.folder.file("config/fontconfig"), withIntermediateDirectories: true)
            let rejecting = """
                <?xml version="1.0"?>
                <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
                <fontconfig><selectfont><rejectfont><pattern>
                <patelt name="family"><string>Inter</string></patelt>
                </pattern></rejectfont></selectfont></fontconfig>

                """
            try rejecting.write(toFile: conf, atomically: false, encoding: .utf8)

            let rejected = try Self.shoot(home, on: display)
            #expect(rejected.loadedConfiguration, "the new configuration file is read")
            #expect(rejected.stderr.contains("font family 'Inter' not found"), "\(rejected.stderr)")
            #expect(rejected.png != inter.png, "another family draws differently")

            let cached = try Self.shoot(home, on: display)
            #expect(!cached.loadedConfiguration, "the cache made with the new configuration is current")
            #expect(cached.stderr.contains("font family 'Inter' not found"), "the same warning from the cache: \(cached.stderr)")
            #expect(cached.png == rejected.png)

            // The same file, changed: Inter again.
            try "<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n".write(toFile: conf, atomically: false, encoding: .utf8)
            let back = try Self.shoot(home, on: display)
            #expect(back.loadedConfiguration, "the changed file is read again")
            #expect(!back.stderr.contains("not found"), "\(back.stderr)")
            #expect(back.png == inter.png)
        }
    }

    @Test("an Xft resource that changes a match (Xft.rgba) makes the next start match again, and so does its removal")
    func changedResources() throws {
        _ = try AppProcess.binaryURL()
        let display = try VirtualDisplay()
        defer { display.stop() }
        let probe = try DesktopProbe(displayName: display.name)
        let home = Home()
        defer {
            probe.setResources(nil)
            home.folder.remove()
        }

        let grey = try Self.shoot(home, on: display)
        probe.setResources("Xft.rgba:\trgb\n")
        let subpixel = try Self.shoot(home, on: display)
        #expect(subpixel.loadedConfiguration, "another display key: fontconfig matches")
        #expect(subpixel.png != grey.png, "subpixel text draws differently")
        let cached = try Self.shoot(home, on: display)
        #expect(!cached.loadedConfiguration, "the cache made with the resource is current")
        #expect(cached.png == subpixel.png)
        probe.setResources(nil)
        let back = try Self.shoot(home, on: display)
        #expect(back.loadedConfiguration)
        #expect(back.png == grey.png)
    }

    @Test("a truncated, corrupt, foreign or hostile cache is ignored quietly, matched past and replaced")
    func brokenCaches() throws {
        try Self.withDisplayAndHome { display, home in
            let reference = try Self.shoot(home, on: display)
            let valid = try #require(Self.bytes(home.cache))
            try #require(Self.isWholeCache(valid))

            // The regular match's font file replaced by a text file, stamped as the cache stamps
            // files, with the checksum made again: a cache that passes every check but names no font.
            let text = home.folder.file("not-a-font.otf")
            try "not a font\n".write(toFile: text, atomically: false, encoding: .utf8)
            let hostile = try Self.namingAnotherFile(valid, text)

            var flipped = valid
            flipped[valid.count / 2] ^= 0x20
            let variants: [(name: String, bytes: [UInt8])] = [
                ("truncated", Array(valid.prefix(valid.count / 2))), ("corrupt", flipped),
                ("foreign", Array("[Desktop Entry]\nName=Not a cache\n".utf8)), ("binary", [0, 1, 2, 0xFF, 0xFE, 0x0A]),
                ("hostile", hostile),
            ]
            for variant in variants {
                try Data(variant.bytes).write(to: URL(fileURLWithPath: home.cache))
                let shot = try Self.shoot(home, on: display)
                #expect(shot.loadedConfiguration, "\(variant.name): fontconfig matches")
                #expect(shot.stderr.isEmpty, "\(variant.name): nothing said: \(shot.stderr)")
                #expect(shot.png == reference.png, "\(variant.name): the fonts are those fontconfig matches")
                let replaced = Self.bytes(home.cache)
                #expect(Self.isWholeCache(replaced) && replaced != variant.bytes, "\(variant.name): replaced by a whole cache")
            }
            let after = try Self.shoot(home, on: display)
            #expect(!after.loadedConfiguration, "the replaced cache is current")
            #expect(after.png == reference.png)
        }
    }

    @Test("a cache path that is a link or a folder is neither read nor replaced")
    func notARegularFile() throws {
        try Self.withDisplayAndHome { display, home in
            let reference = try Self.shoot(home, on: display)
            let valid = try #require(Self.bytes(home.cache))
            // A link to a current cache: not read (so fontconfig matches), not replaced, its target kept.
            let elsewhere = home.folder.file("elsewhere")
            try Data(valid).write(to: URL(fileURLWithPath: elsewhere))
            try FileManager.default.removeItem(atPath: home.cache)
            try FileManager.default.createSymbolicLink(atPath: home.cache, withDestinationPath: elsewhere)
            let linked = try Self.shoot(home, on: display)
            #expect(linked.loadedConfiguration, "a link is not read")
            #expect(linked.stderr.isEmpty, "\(linked.stderr)")
            #expect(linked.png == reference.png)
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: home.cache)) == elsewhere, "the link is kept")
            #expect(Self.bytes(elsewhere) == valid, "nothing is written through the link")

            try FileManager.default.removeItem(atPath: home.cache)
            try FileManager.default.createDirectory(atPath: home.cache, withIntermediateDirectories: false)
            let folder = try Self.shoot(home, on: display)
            #expect(folder.loadedConfiguration)
            #expect(folder.stderr.isEmpty, "\(folder.stderr)")
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: home.cache, isDirectory: &isDirectory) && isDirectory.boolValue)
        }
    }

    /// `cache` with the regular match's font file replaced by `path`, stamped as the program
    /// stamps files (device, inode, size, modification and change times) and sealed again with
    /// its checksum (FNV-1a, 64 bits).
    static func namingAnotherFile(_ cache: [UInt8], _ path: String) throws -> [UInt8] {
        let text = try #require(String(validating: cache, as: UTF8.self))
        var lines = text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("end ") }
        let regular = try #require(lines.firstIndex { $0.hasPrefix("match regular ") })
        let fileField = try #require(lines[regular].split(separator: ":").first { $0.hasPrefix("file=") })
        let original = String(fileField.dropFirst("file=".count))
        lines[regular] = lines[regular].replacingOccurrences(of: "file=" + original, with: "file=" + path)
        var info = stat()
        try #require(stat(path, &info) == 0)
        let signature =
            "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
            + ":\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
        lines.insert("stamp \(path) \(signature)", at: regular)
        let body = lines.joined(separator: "\n") + "\n"
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return Array((body + "end \(String(hash, radix: 16))\n").utf8)
    }
}
