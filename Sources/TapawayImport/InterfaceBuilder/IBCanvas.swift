/// Interface Builder's canvas devices: their size and the status bar's height on the canvas, which places a scene's views under
/// the bars.
///
/// The sizes are Apple's (each iPhone's points); the status bar heights are the ones Interface Builder simulates for each shape
/// of screen: 20 with a home button (and on the 600 × 600 size-class canvas), 44 for the first notched iPhones, 47 or 48 for the
/// later ones, 59 around the Dynamic Island; the list is read from the devices' specifications, and an unknown id takes its
/// height from the canvas's size (inferred, and said so in the import's comment).
enum IBCanvas {
    /// One canvas: its size in points and its status bar.
    struct Device {
        let width: Double
        let height: Double
        let statusBar: Double
    }

    static let devices: [String: Device] = [
        "retina3_5": Device(width: 320, height: 480, statusBar: 20),
        "retina4_0": Device(width: 320, height: 568, statusBar: 20),
        "retina4_7": Device(width: 375, height: 667, statusBar: 20),
        "retina5_5": Device(width: 414, height: 736, statusBar: 20),
        "retina5_9": Device(width: 375, height: 812, statusBar: 44),
        "retina6_1": Device(width: 414, height: 896, statusBar: 48),
        "retina6_5": Device(width: 414, height: 896, statusBar: 44),
        "retina5_4": Device(width: 375, height: 812, statusBar: 50),
        "retina6_12": Device(width: 390, height: 844, statusBar: 47),
        "retina6_72": Device(width: 428, height: 926, statusBar: 47),
        "retina6_0": Device(width: 393, height: 852, statusBar: 59),
        "retina6_7": Device(width: 430, height: 932, statusBar: 59),
        "ipad9_7": Device(width: 768, height: 1024, statusBar: 20),
        "ipad10_2": Device(width: 810, height: 1080, statusBar: 20),
        "ipad10_5": Device(width: 834, height: 1112, statusBar: 20),
        "ipad10_9rounded": Device(width: 820, height: 1180, statusBar: 24),
        "ipad11": Device(width: 834, height: 1194, statusBar: 24),
        "ipad12_9": Device(width: 1024, height: 1366, statusBar: 20),
        "ipad12_9rounded": Device(width: 1024, height: 1366, statusBar: 24),
    ]

    /// The status bar of a canvas `width` × `height` whose id is unknown: 20 on the sizes with a
    /// home button, 24 on other iPads, 47 on other iPhones.
    static func statusBar(width: Double, height: Double) -> Double {
        // The 600 × 600 size-class canvas of Xcode 6 and 7 simulated the status bar of its day.
        if [480, 568, 600, 667, 736, 1024, 1080, 1112].contains(height) { return 20 }
        return width >= 700 ? 24 : 47
    }

    /// The navigation bar's height on a phone and an iPad (UIKit's standard bar).
    static let navigationBar = 44.0
}
