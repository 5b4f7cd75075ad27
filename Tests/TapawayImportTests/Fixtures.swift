import TapawayImport

/// Where the real screens shared beside the project are (`../shared/screens/`, which CI has),
/// and Tapaway's devices as the program lists them.
enum Fixtures {
    /// The shared screens folder, found from this file's place in the repository.
    static let sharedScreens: String = {
        let file = #filePath
        let root = file.components(separatedBy: "/Tests/").first ?? "."
        return root + "/../shared/screens"
    }()

    /// Tapaway's devices (`tapaway list`): id, size in points, status bar.
    static let devices = [
        ImportDevice(id: "iphone-se", width: 375, height: 667, top: 20),
        ImportDevice(id: "iphone-15", width: 393, height: 852, top: 59),
        ImportDevice(id: "iphone-15-pro-max", width: 430, height: 932, top: 59),
        ImportDevice(id: "android", width: 360, height: 800, top: 24, android: true),
        ImportDevice(id: "ipad", width: 820, height: 1180, top: 24),
    ]
}
