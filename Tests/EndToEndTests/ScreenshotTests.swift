import Foundation
import TapawayTestSupport
import Testing

@Suite("Screenshot, end to end")
struct ScreenshotTests {
    /// `--screenshot` renders the scenario (here with `name` focused, so the keypad is up),
    /// writes a PNG and exits 0 on its own.
    @Test("--focus name --screenshot writes a PNG and exits 0")
    func screenshotSmoke() throws {
        _ = try AppProcess.binaryURL()  // fail fast, before starting a server, if it is not built
        let display = try VirtualDisplay()
        defer { display.stop() }
        let png = FileManager.default.temporaryDirectory
            .appendingPathComponent("tapaway-e2e-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        // A state folder of its own: the user's remembered window size must not change the picture.
        let state = PrivateFolder(purpose: "state")
        defer { state.remove() }
        let app = try AppProcess(
            ["--scenario", "send-event", "--focus", "name", "--screenshot", png.path], display: display,
            environment: ["XDG_STATE_HOME": state.path])
        defer { app.terminate() }

        let exited = app.process.waitForExit(timeout: 15)
        #expect(exited, "tapaway did not exit within 15 s with --screenshot\n\(app.diagnostics)")
        #expect(app.process.exitCode == 0, "tapaway --screenshot exited with \(app.exitDescription)\n\(app.diagnostics)")

        let data = try #require(try? Data(contentsOf: png), "no file written at \(png.path)\n\(app.diagnostics)")
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        #expect(Array(data.prefix(8)) == signature, "\(png.path) does not start with the PNG signature: \(Array(data.prefix(8)))")
        // The whole window, as the README gives it for the default device (iPhone 15 in portrait:
        // "the window 933 × 852"), in 8-bit RGB: the IHDR chunk, which the PNG specification puts
        // first ("The IHDR chunk shall be the first chunk"), holds width, height, bit depth 8 and
        // colour type 2 (truecolour); the file ends with the IEND chunk (length 0, its CRC
        // AE 42 60 82), so nothing was cut short.
        let bytes = [UInt8](data)
        func bigEndian(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        #expect(bytes.count > 33, "\(bytes.count) bytes")
        guard bytes.count > 33 else { return }
        #expect(bigEndian(8) == 13 && String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR")
        let size: [Int] = [bigEndian(16), bigEndian(20)]
        #expect(size == [933, 852], "the picture is the window")
        #expect(Array(bytes[24..<26]) == [8, 2], "8-bit RGB")
        #expect(Array(bytes.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82], "ends with IEND")
    }

    /// The eight bytes every PNG file begins with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    @Test("F12 saves in XDG_PICTURES_DIR of user-dirs.dirs, and a banner says where for a few seconds")
    func intoPictures() throws {
        let folder = PrivateFolder(purpose: "pictures")
        defer { folder.remove() }
        let pictures = folder.file("My Pictures")
        try FileManager.default.createDirectory(atPath: pictures, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("config"), withIntermediateDirectories: true)
        try "# written by xdg-user-dirs-update\nXDG_PICTURES_DIR=\"\(pictures)\"\n".write(
            toFile: folder.file("config/user-dirs.dirs"), atomically: false, encoding: .utf8)
        try Session.run(environment: ["XDG_CONFIG_HOME": folder.file("config")]) { s in
            try s.x.key(named: "F12")
            try s.app.waitForLayout(what: "the notice banner up") { layout in
                layout.views.contains { $0.id == "notice-banner" && $0.visible }
            }
            let saved = try FileManager.default.contentsOfDirectory(atPath: pictures)
            #expect(
                saved.count == 1 && saved.allSatisfy { $0.hasPrefix("tapaway-screenshot-") && $0.hasSuffix(".png") }, "\(saved)")
            let data = try #require(FileManager.default.contents(atPath: pictures + "/" + (saved.first ?? "")))
            #expect(Array(data.prefix(8)) == Self.signature)
            #expect(s.app.stdout.contains("tapaway: screenshot saved to \(pictures)/tapaway-screenshot-"), "\(s.app.stdout)")
            let dataFolder = s.app.directory.appendingPathComponent("data/tapaway").path
            let inData = (try? FileManager.default.contentsOfDirectory(atPath: dataFolder)) ?? []
            #expect(inData.isEmpty, "nothing in the data folder: \(inData)")
            // The banner goes by itself.
            try s.app.waitForLayout(timeout: 15, what: "the notice banner gone") { layout in
                layout.views.contains { $0.id == "notice-banner" && !$0.visible }
            }
        }
    }

    @Test("--screenshot writes through no link standing where its temporary file used to go")
    func noWriteThroughTemporaryLink() throws {
        let folder = PrivateFolder(purpose: "screenshot-link")
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let victim = folder.file("victim.txt")
        try "precious".write(toFile: victim, atomically: false, encoding: .utf8)
        let png = folder.file("shot.png")
        try FileManager.default.createSymbolicLink(atPath: png + ".tmp", withDestinationPath: victim)
        let display = try VirtualDisplay()
        defer { display.stop() }
        let app = try AppProcess(["--no-settings", "--screenshot", png], display: display)
        defer { app.terminate() }
        #expect(app.waitForExit(timeout: 15) == 0, "\(app.diagnostics)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious", "the link's target was written")
        #expect(Array((FileManager.default.contents(atPath: png) ?? Data()).prefix(8)) == Self.signature)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["shot.png", "shot.png.tmp", "victim.txt"], "no temporary file left: \(left)")
    }

    /// What stands at PATH for `refusedTargets`: a link (to a file that must keep its text), a
    /// FIFO, and (as root, who can make one) a character device, each made in `folder`.
    enum Target: String, CaseIterable, Sendable {
        case link, fifo, device
    }

    @Test(
        "--screenshot refuses a link, a FIFO or a device at PATH: one line, status 73, the path left as it was",
        arguments: Target.allCases)
    func refusedTargets(_ target: Target) throws {
        let folder = PrivateFolder(purpose: "screenshot-\(target.rawValue)")
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let victim = folder.file("victim.txt")
        try "precious".write(toFile: victim, atomically: false, encoding: .utf8)
        let png = folder.file("shot.png")
        let kind: mode_t
        switch target {
        case .link:
            try FileManager.default.createSymbolicLink(atPath: png, withDestinationPath: victim)
            kind = S_IFLNK
        case .fifo:
            try #require(mkfifo(png, 0o600) == 0, "mkfifo: \(errno)")
            kind = S_IFIFO
        case .device:
            // /dev/full's numbers (major 1, minor 7: glibc's makedev gives 0x107, and Swift sees
            // no makedev), made here rather than risking the real one.
            guard geteuid() == 0 else { return }  // only root can make a device node
            try #require(mknod(png, S_IFCHR | 0o600, dev_t(0x107)) == 0, "mknod: \(errno)")
            kind = S_IFCHR
        }
        let display = try VirtualDisplay()
        defer { display.stop() }
        let app = try AppProcess(["--no-settings", "--screenshot", png], display: display, trace: false)
        defer { app.terminate() }
        let status = app.waitForExit(timeout: 20)
        #expect(status == 73, "EX_CANTCREAT: \(app.exitDescription)\n\(app.stderr)")
        let lines = app.stderr.split(separator: "\n")
        #expect(
            lines.count == 1 && lines.first?.contains("cannot write \(png)") == true
                && lines.first?.contains("it is left as it is") == true,
            "one line naming the path: \(app.stderr)")
        var info = stat()
        #expect(lstat(png, &info) == 0 && info.st_mode & S_IFMT == kind, "\(target) at PATH replaced")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious", "the link's target was written")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["shot.png", "victim.txt"], "no temporary file left: \(left)")
    }

    @Test("--screenshot replaces a regular file of ours with the picture")
    func replacesOwnFile() throws {
        let folder = PrivateFolder(purpose: "screenshot-replace")
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let png = folder.file("shot.png")
        try "an older picture".write(toFile: png, atomically: false, encoding: .utf8)
        let display = try VirtualDisplay()
        defer { display.stop() }
        let app = try AppProcess(["--no-settings", "--screenshot", png], display: display, trace: false)
        defer { app.terminate() }
        #expect(app.waitForExit(timeout: 20) == 0, "\(app.diagnostics)")
        #expect(Array((FileManager.default.contents(atPath: png) ?? Data()).prefix(8)) == Self.signature)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["shot.png"])
    }

    @Test("--screenshot - writes the PNG to standard output and nothing else there")
    func toStandardOutput() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let app = try AppProcess(["--no-settings", "--screenshot", "-"], display: display, trace: false)
        defer { app.terminate() }
        #expect(app.waitForExit(timeout: 20) == 0, "\(app.diagnostics)")
        let data = try Data(contentsOf: app.stdoutURL)
        #expect(Array(data.prefix(8)) == Self.signature, "standard output starts with the PNG signature")
        // The PNG ends with its IEND chunk: no message line follows the picture.
        #expect(Array(data.suffix(8)) == [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82], "\(data.count) bytes")
        #expect(!app.stderr.contains("saved to"), "\(app.stderr)")
    }
}
