import Glibc
import TapawayDemo
import Testing

/// F12's folder: `XDG_PICTURES_DIR` as xdg-user-dirs writes it in `user-dirs.dirs`, read
/// without running anything, else the data directory.
@Suite("The pictures folder")
struct PicturesFolderTests {
    private let paths = XDGPaths(environment: ["HOME": "/home/ada"])

    @Test(
        "XDG_PICTURES_DIR: $HOME-relative or absolute quoted paths, escapes undone",
        arguments: [
            ("XDG_PICTURES_DIR=\"$HOME/Pictures\"", "/home/ada/Pictures"),
            ("XDG_PICTURES_DIR=\"$HOME/Bilder/\"", "/home/ada/Bilder"),
            ("XDG_PICTURES_DIR=\"$HOME\"", "/home/ada"),
            ("  XDG_PICTURES_DIR=\"/srv/photos\"  ", "/srv/photos"),
            ("XDG_PICTURES_DIR=\"$HOME/My \\\"Shots\\\"\"", "/home/ada/My \"Shots\""),
            ("XDG_PICTURES_DIR=\"$HOME/Images à moi\"", "/home/ada/Images à moi"),
        ])
    func safeValues(line: String, expected: String) {
        #expect(paths.userDirectory("XDG_PICTURES_DIR", in: "# comment\n" + line + "\n") == expected)
    }

    @Test(
        "anything else is not a folder: other variables, commands, relative or unquoted paths, control characters",
        arguments: [
            "XDG_PICTURES_DIR=$HOME/Pictures",
            "XDG_PICTURES_DIR=\"Pictures\"",
            "XDG_PICTURES_DIR=\"$HOMEWORK/Pictures\"",
            "XDG_PICTURES_DIR=\"${HOME}/Pictures\"",
            "XDG_PICTURES_DIR=\"$XDG_DATA_HOME/Pictures\"",
            "XDG_PICTURES_DIR=\"$(rm -rf ~)\"",
            "XDG_PICTURES_DIR=\"`id`\"",
            "XDG_PICTURES_DIR=\"/a\"b\"",
            "XDG_PICTURES_DIR=\"/tmp/\u{1B}[31mred\"",
            "XDG_PICTURES_DIR=\"/trailing\\\"",
            "# XDG_PICTURES_DIR=\"/commented\"",
            "XDG_DOCUMENTS_DIR=\"/docs\"",
        ])
    func unsafeValues(line: String) {
        #expect(paths.userDirectory("XDG_PICTURES_DIR", in: line + "\n") == nil)
    }

    @Test("the last line for the name wins, as when the shell reads the file")
    func lastWins() {
        let text = "XDG_PICTURES_DIR=\"/first\"\nXDG_PICTURES_DIR=\"$HOME/second\"\n"
        #expect(paths.userDirectory("XDG_PICTURES_DIR", in: text) == "/home/ada/second")
        // Without a home directory, a $HOME path names nothing; an absolute one still counts.
        #expect(XDGPaths(environment: [:]).userDirectory("XDG_PICTURES_DIR", in: text) == nil)
        #expect(XDGPaths(environment: [:]).userDirectory("XDG_PICTURES_DIR", in: "XDG_PICTURES_DIR=\"/first\"") == "/first")
    }

    @Test("screenshots go to an existing pictures folder, else to the data directory, each in a new file")
    func screenshotFolder() throws {
        var template = Array("/tmp/tapaway-pictures-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        let root = try #require(made.map { String(cString: $0) })
        let time: time_t = 1_700_000_000
        let name = "tapaway-screenshot-\(XDGPaths.timestamp(time))"
        defer {
            for path in [
                "/config/user-dirs.dirs", "/Pictures/\(name).png", "/share/tapaway/\(name).png", "/share/tapaway/\(name)-2.png",
            ] { unlink(root + path) }
            for path in ["/config", "/Pictures", "/share/tapaway", "/share", ""] { rmdir(root + path) }
        }
        let paths = XDGPaths(environment: [
            "HOME": root, "XDG_CONFIG_HOME": root + "/config", "XDG_DATA_HOME": root + "/share",
        ])
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47]
        // No user-dirs.dirs: the data directory, as before.
        #expect(try paths.saveNewScreenshot(png, at: time) == root + "/share/tapaway/\(name).png")

        mkdir(root + "/config", 0o700)
        let file = fopen(root + "/config/user-dirs.dirs", "w")
        fputs("XDG_PICTURES_DIR=\"$HOME/Pictures\"\n", file)
        fclose(file)
        // Named but missing: still the data directory, and the first file is not replaced.
        #expect(paths.picturesDirectory() == nil)
        #expect(try paths.saveNewScreenshot(png, at: time) == root + "/share/tapaway/\(name)-2.png")
        mkdir(root + "/Pictures", 0o755)
        #expect(paths.picturesDirectory() == root + "/Pictures")
        #expect(try paths.saveNewScreenshot(png, at: time) == root + "/Pictures/\(name).png")
        var info = stat()
        #expect(stat(root + "/Pictures/\(name).png", &info) == 0 && info.st_size == 4, "the picture's bytes are in it")
    }

    @Test("paths under the home directory are shown with ~")
    func abbreviated() {
        #expect(paths.abbreviated("/home/ada/Pictures/a.png") == "~/Pictures/a.png")
        #expect(paths.abbreviated("/home/adam/a.png") == "/home/adam/a.png")
        #expect(paths.abbreviated("/srv/a.png") == "/srv/a.png")
    }
}
