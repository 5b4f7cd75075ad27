import TapawayDemo
import TapawayHeadless
import TapawayKit
import Testing

/// The first screen's type (issue 37, decision 1): each size and weight is an Xft font opened,
/// its glyphs rasterised, before the first frame, so the first screen keeps to a few of iOS's
/// text styles.
@MainActor
@Suite("The first screen's type")
struct FirstScreenTypeTests {
    /// iOS's text styles at the default Dynamic Type size, in points, from Apple's Human Interface
    /// Guidelines, Typography, "iOS, iPadOS Dynamic Type sizes", the Large (default) table: "Large
    /// Title 34, Title 1 28, Title 2 22, Title 3 20, Headline 17 (Semibold), Body 17, Callout 16,
    /// Subhead 15, Footnote 13, Caption 1 12, Caption 2 11".
    ///
    /// Every style is Regular but Headline; the table's "Emphasized" column gives each its Semibold.
    static let textStyleSizes: Set<Double> = [34, 28, 22, 20, 17, 16, 15, 13, 12, 11]

    @Test("the first screen opens at most six sizes and weights, each one of iOS's text styles, and no Medium")
    func atMostSixTextStyles() {
        let platform = HeadlessPlatform(screenSize: TapawayApp.defaultSize)
        let app = TapawayApp(application: platform.application, technique: .sendEvent)
        platform.settle()
        _ = platform.render()
        // The sidebar and the inspector are on the first screen at this size.
        #expect(!app.inspector.isHidden)
        let faces = platform.fonts.faces
        let described = faces.map(\.description).sorted()
        #expect(faces.count <= 6, "the first screen asked for \(faces.count) faces: \(described)")
        for face in faces {
            #expect(Self.textStyleSizes.contains(face.size), "\(face) is none of iOS's text styles: \(described)")
            #expect(face.weight != .medium, "\(face): the first screen draws in the weights it opens anyway")
        }
    }
}
