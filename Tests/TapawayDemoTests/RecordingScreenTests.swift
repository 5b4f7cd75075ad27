import TapawayKit
import Testing

@testable import TapawayDemo

/// A recording made on a screen file of the user's names it, and its focused input is that
/// file's, not the standard form's.
@MainActor
@Suite("Recordings on a screen of one's own")
struct RecordingScreenTests {
    @Test("the header's screenName is written and read, and lets 'focused' name the file's input")
    func screenNameInHeader() throws {
        var header = RecordedLine(kind: "header")
        header.version = 1
        header.screenName = "checkout"
        header.focused = "promo"
        let json = try #require(header.json)
        #expect(json == #"{"focused":"promo","kind":"header","screenName":"checkout","version":1}"#)
        let read = try Recording.parse(json + "\n")
        #expect(read.screenName == "checkout")
        #expect(read.focused == "promo")
        // On a shipped screen (no screenName), 'focused' is one of the standard form's inputs.
        #expect(throws: RecordingError.self) { try Recording.parse(#"{"focused":"promo","kind":"header","version":1}"# + "\n") }
        // An id that is no id is refused either way.
        #expect(throws: RecordingError.self) {
            try Recording.parse(#"{"focused":"a b","kind":"header","screenName":"checkout","version":1}"# + "\n")
        }
    }
}
