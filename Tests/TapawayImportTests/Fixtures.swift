import Glibc
import TapawayImport
import TapawayScreen

/// Where the real screens shared beside the project are (`../shared/screens/`, which CI has),
/// and Tapaway's devices as the program lists them.
enum Fixtures {
    /// The shared screens folder, found from this file's place in the repository.
    static let sharedScreens: String = {
        // The repository's root is the folder above Tests/.
        var file = #filePath
        while !file.hasSuffix("/Tests"), let slash = file.lastIndex(of: "/") { file = String(file[..<slash]) }
        let root = file.hasSuffix("/Tests") ? String(file.dropLast("/Tests".count)) : "."
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

extension Fixtures {
    /// The project's own fixtures folder (hand-written files for what the shared ones lack).
    static let own: String = {
        let file = #filePath
        return String(file[..<file.lastIndex(of: "/")!]) + "/Fixtures"
    }()

    /// The bytes of the file at `path`.
    static func bytes(_ path: String) throws -> [UInt8] {
        guard let file = fopen(path, "rb") else { throw FixtureMissing(path: path) }
        defer { fclose(file) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n == 0 { break }
            result += buffer[0..<n]
        }
        return result
    }

    /// The file's lines, the first at index 0.
    static func lines(_ path: String) throws -> [String] {
        String(decoding: try bytes(path), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The import of `path`, as `tapaway import` makes it.
    static func importing(
        _ path: String, scene: String? = nil, device: String? = nil, configure: (inout ImportRequest) throws -> Void = { _ in }
    ) throws -> ImportResult {
        var request = ImportRequest(fileName: path, devices: devices)
        request.scene = scene
        request.device = device
        try configure(&request)
        return try Importer.importScreen(try bytes(path), request: request)
    }

    /// The failure importing `bytes` gives, or nil when it imports.
    static func failure(_ bytes: [UInt8], name: String = "hostile.xml") -> ImportFailure? {
        do {
            _ = try Importer.importScreen(bytes, request: ImportRequest(fileName: name, devices: devices))
            return nil
        } catch {
            return error
        }
    }
}

/// A fixture that is not where the tests expect it.
struct FixtureMissing: Error, CustomStringConvertible {
    let path: String
    var description: String { "no file at \(path)" }
}

extension ScreenDocument {
    /// The element with `id`, which the test expects to exist.
    func required(_ id: String) throws -> ScreenElement {
        guard let element = element(id) else { throw FixtureMissing(path: "element \(id)") }
        return element
    }
}
