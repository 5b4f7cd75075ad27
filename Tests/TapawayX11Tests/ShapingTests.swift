import CX11
import Testing

@testable import TapawayKit
@testable import TapawayX11

/// Text shaped by HarfBuzz and ordered by FriBidi, with the fonts fontconfig finds on a real X
/// server (issue 19): Arabic joins, emoji sequences show as one glyph, right-to-left runs show
/// reversed, and widths agree with what is drawn.
@MainActor
@Suite("Shaping and direction with Xft")
struct ShapingTests {
    /// Runs `body` with a face of the app's family at 17 points on a private display, which
    /// stays open while `body` runs.
    private func withFace(_ body: (XftFontFace) throws -> Void) throws {
        let server = try PrivateDisplay(width: 1280, height: 1024)
        try withExtendedLifetime(server) {
            let fonts = try XftFontProvider(
                display: server.display, screen: XDefaultScreen(server.display), preferred: "Inter",
                fallbacks: ["DejaVu Sans", "sans-serif"])
            try body(try #require(fonts.font(size: 17, weight: .regular) as? XftFontFace))
        }
    }

    @Test("plain Latin text keeps the fast path: no layout, no shaping")
    func plainTextIsNotShaped() throws {
        try withFace { face in
            #expect(face.lineLayout(of: "Hello, world") == nil)
            #expect(face.lineLayout(of: "café – naïve “quotes” 東京 한국") == nil)
        }
    }

    @Test("Arabic letters take their joined forms, and the line runs right to left")
    func arabicJoins() throws {
        try withFace { face in
            let alone = try #require(face.shapedLine("ب"))
            let joined = try #require(face.shapedLine("ببب"))
            let aloneGlyph = try #require(alone.glyphs.first?.specs.first?.glyph)
            let joinedGlyphs = Set(joined.glyphs.flatMap { $0.specs.map(\.glyph) })
            #expect(joinedGlyphs.count == 3, "initial, medial and final forms: \(joinedGlyphs)")
            #expect(!joinedGlyphs.contains(aloneGlyph), "no isolated form inside a word")
            #expect(joined.layout.isRightToLeft)
            // The first letter shows at the right.
            #expect(joined.layout.caretX(at: 0) == joined.layout.width)
            #expect(joined.layout.caretX(at: 3) == 0)
        }
    }

    @Test("an emoji ZWJ sequence, a flag and a skin tone each show as one glyph as wide as measured")
    func emojiSequences() throws {
        try withFace { face in
            for sequence in ["👩\u{200D}👩\u{200D}👧", "🇫🇷", "👍🏽"] {
                let shaped = try #require(face.shapedLine(Substring(sequence)), "\(sequence) is shaped")
                let glyphs = shaped.glyphs.flatMap(\.specs)
                #expect(glyphs.count == 1, "\(sequence): \(glyphs.count) glyphs")
                #expect(shaped.layout.clusters.count == 1 && shaped.layout.characterCount == 1)
                #expect(face.width(of: Substring(sequence)) == shaped.layout.width)
                #expect(shaped.layout.width > 8, "\(sequence) has a width: \(shaped.layout.width)")
            }
        }
    }

    @Test("a Hebrew word inside Latin text shows reversed, its first letter at the word's right")
    func hebrewReversed() throws {
        try withFace { face in
            let layout = try #require(face.lineLayout(of: "abc אבג"))
            #expect(!layout.isRightToLeft)
            let order = layout.clusters.map(\.characters.lowerBound)
            #expect(order == [0, 1, 2, 3, 6, 5, 4], "\(order)")
            #expect(layout.caretX(at: 7) == layout.width, "the end shows at the line's end, as Pango places it")
            #expect(layout.caretX(at: 4) < layout.caretX(at: 6), "the Hebrew word's start is left of its middle")
            let hebrew = try #require(face.lineLayout(of: "שלום, world"))
            #expect(hebrew.isRightToLeft, "the first strong letter decides the paragraph")
        }
    }

    /// Where GTK 3.24.38's entry moves the caret from every offset with Right and Left
    /// (`scripts/gtk-bidi-reference.py` prints these on any display with GTK installed).
    private static let gtkMoves: [(text: String, right: [Int], left: [Int])] = [
        ("abc אבג", right: [1, 2, 3, 4, 6, 7, 5, 7], left: [0, 0, 1, 2, 3, 6, 4, 5]),
        ("אבג abc", right: [0, 0, 1, 2, 3, 6, 4, 5], left: [1, 2, 3, 4, 6, 7, 5, 7]),
        (
            "שלום 123 עולם", right: [0, 0, 1, 2, 3, 4, 7, 5, 6, 8, 9, 10, 11, 12],
            left: [1, 2, 3, 4, 5, 7, 8, 6, 9, 10, 11, 12, 13, 13]
        ),
        ("abc אבג def", right: [1, 2, 3, 4, 6, 7, 5, 8, 9, 10, 11, 11], left: [0, 0, 1, 2, 3, 6, 4, 5, 7, 8, 9, 10]),
        ("a אב b", right: [1, 2, 3, 4, 5, 6, 6], left: [0, 0, 1, 2, 3, 4, 5]),
        (
            "مرحبا بالعالم", right: [0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
            left: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 13]
        ),
    ]

    @Test("Left and Right land where GTK's entry lands, from every offset of mixed and right-to-left text")
    func arrowsAsGTK() throws {
        try withFace { face in
            for (text, right, left) in Self.gtkMoves {
                let layout = try #require(face.lineLayout(of: Substring(text)), "\(text) is laid out")
                let count = text.count
                #expect((0...count).map { layout.offset(movingFrom: $0, right: true) } == right, "Right in \(text)")
                #expect((0...count).map { layout.offset(movingFrom: $0, right: false) } == left, "Left in \(text)")
            }
        }
    }
}
