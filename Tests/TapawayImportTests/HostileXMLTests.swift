import TapawayImport
import TapawayScreen
import TapawayTestSupport
import Testing

/// Files from anywhere: each bad one is one problem with its line, never a crash, a hang or an
/// unbounded allocation.
@Suite("Hostile XML")
struct HostileXMLTests {
    func failure(_ text: String) -> ImportFailure? { Fixtures.failure(Array(text.utf8)) }

    @Test("a billion laughs is refused at its document type declaration, before any entity is read")
    func billionLaughs() throws {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            text +=
                " <!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">\n"
        }
        text += "]>\n<hierarchy><node bounds=\"[0,0][10,10]\" text=\"&lol9;\"/></hierarchy>\n"
        let problem = try #require(failure(text)).problem
        #expect(problem.line == 2)
        #expect(problem.message.contains("document type declaration"))
    }

    @Test("an external entity (XXE) is refused the same way, and nothing is fetched")
    func externalEntity() throws {
        let text = """
            <?xml version="1.0"?>
            <!-- a comment first -->
            <!DOCTYPE foo [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
            <hierarchy><node bounds="[0,0][10,10]" text="&xxe;"/></hierarchy>
            """
        let problem = try #require(failure(text)).problem
        #expect(problem.line == 3)
        #expect(problem.message.contains("document type declaration"))
    }

    @Test("an undeclared entity, malformed XML and a truncated file are one line each, with their line")
    func malformed() throws {
        let entity = try #require(failure("<hierarchy>\n<node text=\"&nope;\" bounds=\"[0,0][1,1]\"/>\n</hierarchy>")).problem
        #expect(entity.line == 2)
        #expect(entity.message.hasPrefix("not well-formed XML:"))
        let unclosed = try #require(failure("<document>\n<scenes>\n</document>\n")).problem
        #expect(unclosed.line == 3)
        let truncated = try #require(failure("<hierarchy><node bounds=\"[0,0][1")).problem
        #expect(truncated.message.hasPrefix("not well-formed XML:"))
        #expect(!truncated.message.contains("\n"))
        let empty = try #require(failure("   ")).problem
        #expect(empty.line == 1)
        // Not XML at all (a password file, a screen file): said so, not parsed.
        #expect(failure("root:x:0:0:root:/root:/bin/bash\n")?.problem.message.hasPrefix("not XML:") == true)
        #expect(failure("{ \"version\": 1 }")?.problem.message.contains("a screen file is JSON") == true)
    }

    @Test("UTF-16 and NUL bytes are refused before the parser")
    func encodings() throws {
        let utf16: [UInt8] = [0xFF, 0xFE] + Array("<a/>".utf8).flatMap { [$0, 0] }
        #expect(Fixtures.failure(utf16)?.problem.message == "the file is UTF-16: save it as UTF-8")
        let nul = Array("<hierarchy>\n\n<node/>\0</hierarchy>".utf8)
        #expect(Fixtures.failure(nul)?.problem.line == 3)
    }

    @Test("depth, element count and value length meet their limits")
    func limits() throws {
        let deep =
            String(repeating: "<a>", count: ImportLimits.depth + 5) + String(repeating: "</a>", count: ImportLimits.depth + 5)
        #expect(failure(deep)?.problem.message.contains("nested more than") == true)
        let many = "<hierarchy>" + String(repeating: "<n/>", count: ImportLimits.elements + 1) + "</hierarchy>"
        #expect(failure(many)?.problem.message.contains("more than \(ImportLimits.elements) elements") == true)
        let long =
            "<hierarchy><node bounds=\"[0,0][1,1]\" text=\"" + String(repeating: "x", count: ImportLimits.valueBytes + 1)
            + "\"/></hierarchy>"
        #expect(failure(long)?.problem.message.contains("longer than") == true)
        let big = [UInt8](repeating: 0x20, count: ImportLimits.fileBytes + 1)
        #expect(Fixtures.failure(big)?.problem.message.contains("larger than") == true)
    }

    @Test("what is not a format Tapaway imports says what it is")
    func otherFormats() throws {
        #expect(failure("<svg xmlns=\"http://www.w3.org/2000/svg\"/>")?.problem.message.contains("<svg> is not a format") == true)
        #expect(failure("<manifest/>")?.problem.message.contains("give the manifest with --manifest") == true)
        let mac = "<document type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\" version=\"3.0\"/>"
        #expect(failure(mac)?.problem.message.contains("macOS") == true)
        #expect(failure("<hierarchy/>")?.problem.message == "the dump holds no view with bounds")
        let badBounds = "<hierarchy><node bounds=\"[0,0][nan,1]\"/></hierarchy>"
        #expect(failure(badBounds)?.problem.message == "the dump holds no view with bounds")
    }

    @Test("mutated fixtures never crash: each either imports into a screen the reader reads back, or fails with one line")
    func fuzz() throws {
        var random = SeededGenerator(seed: 0x1F0D_2026)
        let sources = [
            Fixtures.own + "/background-control.xib", Fixtures.own + "/size-classes.storyboard",
            Fixtures.own + "/compose.uiautomator.xml", Fixtures.own + "/settings.appium-ios.xml",
            Fixtures.own + "/flutter.appium-android.xml", Fixtures.sharedScreens + "/wikipedia-android/activity_login.xml",
        ]
        let pieces: [[UInt8]] = ["<", ">", "\"", "&", "<!DOCTYPE a>", "<a>", "</a>", "x=\"-1e308\"", "\u{FFFF}", "]]>"].map {
            Array($0.utf8)
        }
        var imported = 0
        var refused = 0
        for source in sources {
            let original = try Fixtures.bytes(source)
            for _ in 0..<150 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let at = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0: bytes[at] = UInt8.random(in: 0x20...0x7E, using: &random)
                    case 1: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &random)))
                    case 2: bytes.insert(contentsOf: pieces.randomElement(using: &random)!, at: at)
                    default: bytes = Array(bytes[..<max(1, at)])
                    }
                    if bytes.isEmpty { bytes = [0x3C] }
                }
                var request = ImportRequest(fileName: "fuzz.xml", devices: Fixtures.devices)
                request.scene = source.hasSuffix(".storyboard") ? "CheckoutViewController" : nil
                do {
                    let result = try Importer.importScreen(bytes, request: request)
                    _ = try ScreenReader.read(ScreenWriter.text(result.document))
                    imported += 1
                } catch let failure as ImportFailure {
                    #expect(failure.problem.line >= 1)
                    #expect(!failure.problem.message.isEmpty && !failure.problem.message.contains("\n"))
                    refused += 1
                }
            }
        }
        // Both outcomes occur: the mutations are neither all harmless nor all fatal.
        #expect(imported > 0 && refused > 0)
    }
}
