import CX11
import Testing

@testable import TapawayX11

/// Every script a user may type has a font (scripts/setup.sh installs them): for a sentence in each,
/// every character of every run the face draws is in the font that run is drawn with, through
/// fontconfig's fallback.
///
/// A character missing from its run's font is an empty box.
@MainActor
@Suite("Fonts for every script")
struct ScriptCoverageTests {
    /// A sentence in each script, with its name.
    static let samples: [(script: String, text: String)] = [
        ("Arabic", "مرحبا بالعالم"),
        ("Hebrew", "שלום עולם"),
        ("Devanagari", "नमस्ते दुनिया"),
        ("Chinese", "你好，世界。我们说中文"),
        ("Japanese", "こんにちは、世界。カタカナと漢字"),
        ("Korean", "안녕하세요, 세계"),
        ("Thai", "สวัสดีชาวโลก"),
        ("emoji", "👋🌍😀👍🏽🇫🇷👩‍💻"),
    ]

    @Test("a sentence in Arabic, Hebrew, Devanagari, Chinese, Japanese, Korean, Thai and emoji draws with no empty box")
    func everyCharacterHasAFont() throws {
        let server = try PrivateDisplay()
        let display = server.display
        // The families the app asks for (X11Platform).
        let provider = try XftFontProvider(
            display: display, screen: XDefaultScreen(display), preferred: "Inter", fallbacks: ["DejaVu Sans", "sans-serif"])
        let face = try #require(provider.font(size: 17, weight: .regular) as? XftFontFace)
        var missing: [String] = []
        for (script, text) in Self.samples {
            for run in face.runs(Substring(text)) {
                for scalar in run.text.unicodeScalars where XftCharExists(display, run.font, scalar.value) == 0 {
                    missing.append("\(script): U+\(String(scalar.value, radix: 16, uppercase: true)) \(scalar)")
                }
            }
        }
        #expect(missing.isEmpty, "no font for: \(missing.joined(separator: ", "))")
    }
}
