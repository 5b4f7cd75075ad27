import Testing

@testable import TapawayX11

/// A paste cut at the byte cap keeps whole characters (issue 38, item 2).
@Suite("A paste cut at its cap")
struct PasteCutTests {
    @Test(
        "a cut inside a UTF-8 sequence drops the partial character, and only it",
        arguments: [
            ([0x61, 0xC3], [0x61]),  // é cut after its lead byte
            ([0x61, 0xE2, 0x82], [0x61]),  // € cut after two of three
            ([0x61, 0xF0, 0x9F, 0x98], [0x61]),  // 😀 cut after three of four
            ([0x61, 0xF0, 0x9F, 0x98, 0x80], [0x61, 0xF0, 0x9F, 0x98, 0x80]),  // whole: kept
            ([0x61, 0xC3, 0xA9], [0x61, 0xC3, 0xA9]),  // whole é: kept
            ([0x61, 0x62], [0x61, 0x62]),
            ([], []),
        ] as [([UInt8], [UInt8])])
    func dropsPartialCharacter(_ bytes: [UInt8], _ expected: [UInt8]) {
        var cut = bytes
        X11Clipboard.dropIncompleteSequence(&cut)
        #expect(cut == expected)
    }
}
