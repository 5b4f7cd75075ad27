import Glibc
import TapawayScreen
import Testing

/// The screen writer, what `tapaway import` prints: a screen written and read back is the same
/// screen, for every shipped screen and every example, and what it writes is the format's.
@Suite("Screen writer")
struct ScreenWriterTests {
    /// The examples folder, found from this file's place in the repository.
    static let examples: String = {
        var file = #filePath
        while !file.hasSuffix("/Tests"), let slash = file.lastIndex(of: "/") { file = String(file[..<slash]) }
        return String(file.dropLast("/Tests".count)) + "/examples"
    }()

    static func read(_ path: String) throws -> String {
        guard let file = fopen(path, "rb") else { throw ReadFailure() }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while case let n = fread(&buffer, 1, buffer.count, file), n > 0 { bytes += buffer[0..<n] }
        return String(decoding: bytes, as: UTF8.self)
    }

    struct ReadFailure: Error {}

    @Test(
        "a screen written and read back is the same screen",
        arguments: ShippedScreens.names + [
            "checkout.json", "compose-sheet.json", "flutter-transfer.json", "join-network.json", "sign-in.json",
        ])
    func roundTrip(_ name: String) throws {
        let text = try ShippedScreens.text(of: name) ?? Self.read(Self.examples + "/" + name)
        let original = try ScreenReader.read(text)
        let written = ScreenWriter.text(original)
        let reread = try ScreenReader.read(written)
        #expect(Self.withoutPositions(reread) == Self.withoutPositions(original))
        // Writing is stable: the second time writes the same text.
        #expect(ScreenWriter.text(reread) == written)
    }

    @Test("keys at their defaults are left out; short objects stay on one line; strings are escaped")
    func form() throws {
        var field = ScreenElement(kind: .textField, id: "email")
        field.frame = ElementFrame(x: 16, y: 8.5, width: 343, height: 38)
        field.placement.height = 38
        field.placeholder = "E-mail \"work\"\n"
        field.input = TextInputTraits(keyboardType: "email")
        field.comments = ["one note"]
        var root = ScreenElement(kind: .view)
        root.children = [field]
        let text = ScreenWriter.text(ScreenDocument(content: root))
        #expect(
            text == """
                {
                  "version": 1,
                  "content": {
                    "kind": "view",
                    "children": [
                      {
                        "kind": "text-field",
                        "id": "email",
                        "comment": "one note",
                        "frame": { "x": 16, "y": 8.5, "width": 343, "height": 38 },
                        "placeholder": "E-mail \\"work\\"\\n",
                        "keyboardType": "email"
                      }
                    ]
                  }
                }

                """)
    }

    /// The document with every position forgotten (a written file has positions of its own).
    static func withoutPositions(_ document: ScreenDocument) -> ScreenDocument {
        var d = document
        func clear(_ e: inout ScreenElement) {
            e.position = nil
            for i in e.gestures.indices { e.gestures[i].position = nil }
            for i in e.actions.indices { e.actions[i].position = nil }
            e.tapRegion?.position = nil
            for i in e.children.indices { clear(&e.children[i]) }
        }
        clear(&d.content)
        if d.bottomBar != nil { clear(&d.bottomBar!) }
        for i in d.navigationItems.indices { clear(&d.navigationItems[i]) }
        for i in d.navigationLeadingItems.indices { clear(&d.navigationLeadingItems[i]) }
        if d.sheet != nil {
            clear(&d.sheet!.content)
            d.sheet!.position = nil
        }
        d.backgroundTap?.position = nil
        return d
    }
}
