import TapawayScreen

/// A device an import may place the screen on: Tapaway's devices, as the program lists them,
/// given by the caller (the importers know nothing of the program's catalogue).
public struct ImportDevice: Sendable, Equatable {
    /// The id (`iphone-15`), which the screen file's `device` names.
    public var id: String
    /// The width in points, portrait.
    public var width: Double
    /// The height in points, portrait.
    public var height: Double
    /// Whether it is an Android device (a dump's pixels are divided by its density).
    public var android: Bool
    /// The status bar's height in portrait (the safe area's top): where a dump's content starts.
    public var top: Double

    /// A device as given.
    public init(id: String, width: Double, height: Double, top: Double, android: Bool = false) {
        self.id = id
        self.width = width
        self.height = height
        self.top = top
        self.android = android
    }
}

/// What an import is asked for: the file, the scene, the device, and for Android the density,
/// the manifest, the activity and a dump of the same screen.
public struct ImportRequest: Sendable {
    /// The file's name as the user gave it: sources and messages cite it (its last component).
    public var fileName: String
    /// The platform the screen is written for (`--platform`): what `As written` plays; nil: the
    /// format's own (UIKit for Interface Builder), or none for a dump.
    public var platform: ScreenPlatform?
    /// The scene to import (`--scene`): a storyboard identifier, a class, a scene's name or an
    /// object id; nil: the only scene, or the storyboard's initial one.
    public var scene: String?
    /// The device chosen (`--device`), if any.
    public var device: String?
    /// The devices the screen may be placed on.
    public var devices: [ImportDevice]
    /// Pixels per point for a dump (`--density`); nil: from the dump, or 2.75 (a common phone).
    public var density: Double?
    /// An Android manifest's bytes and name (`--manifest`), for `windowSoftInputMode`.
    public var manifest: (name: String, bytes: [UInt8])?
    /// The activity whose `windowSoftInputMode` applies (`--activity`); nil: the one found.
    public var activity: String?
    /// A dump of the same screen (`--dump`), whose bounds replace an Android layout's guesses.
    public var dump: (name: String, bytes: [UInt8])?

    /// A request for `fileName`, everything else at its default.
    public init(fileName: String, devices: [ImportDevice]) {
        self.fileName = fileName
        self.devices = devices
    }

    /// The file's last path component, as sources cite it.
    public var shortName: String {
        fileName.split(separator: "/").last.map(String.init) ?? fileName
    }

    /// The device chosen, or nil.
    var chosenDevice: ImportDevice? { device.flatMap { id in devices.first { $0.id == id } } }

    /// The device chosen, else the smallest of the kind asked (a phone or a tablet, iOS or
    /// Android) at least `width` × `height` points, else the narrowest at least `width` wide,
    /// else the widest.
    func device(fitting width: Double, height: Double = 0, android: Bool = false) -> ImportDevice? {
        if let chosen = chosenDevice { return chosen }
        let kind = devices.filter { $0.android == android && ($0.width < 700) == (width < 700) }
        let pool = kind.isEmpty ? devices.filter { $0.android == android } : kind
        let wide = pool.filter { $0.width >= width - 0.5 }
        return wide.filter { $0.height >= height - 0.5 }.min { $0.width * $0.height < $1.width * $1.height }
            ?? wide.min { $0.width < $1.width } ?? pool.max { $0.width < $1.width }
    }
}

/// What an import made: the screen, what could not be brought over (also in the screen's
/// comments), and the format read.
public struct ImportResult: Sendable {
    /// The screen, ready for the screen writer or to play.
    public var document: ScreenDocument
    /// What could not be imported or was guessed, one line each, most important first.
    public var warnings: [String]
    /// The format read (`storyboard`, `xib`, `uiautomator`, `appium-ios`, `android-layout`).
    public var format: String
}

/// A scene of an Interface Builder document, as `--list-scenes` prints it.
public struct SceneSummary: Sendable, Equatable {
    /// Interface Builder's name for it (the comment before the scene), if any.
    public var label: String?
    /// Its storyboard identifier, if any.
    public var identifier: String?
    /// Its view controller's class (the custom class, or the UIKit kind).
    public var className: String
    /// The view controller's object id.
    public var objectID: String
    /// The line it starts on.
    public var line: Int
    /// How many text inputs its view holds.
    public var inputs: Int
    /// How many views its view holds.
    public var views: Int
    /// Why it cannot be imported (a navigation controller has no view of its own), or nil.
    public var notImportable: String?

    /// The name `--scene` is best given: the identifier, else the class, else the object id.
    public var name: String { identifier ?? (className.first?.isUppercase == true ? className : objectID) }
}

/// Why an import failed: a problem in the file (status 65), or a request that needs more (a
/// scene to choose: status 64).
public struct ImportFailure: Error, Sendable {
    /// The problem: its line and what.
    public var problem: ImportProblem
    /// Whether the user must say more (choose a scene), rather than fix the file.
    public var needsChoice: Bool

    /// A failure as given.
    public init(_ problem: ImportProblem, needsChoice: Bool = false) {
        self.problem = problem
        self.needsChoice = needsChoice
    }

    /// A failure at `line`.
    public init(line: Int, _ message: String, needsChoice: Bool = false) {
        self.init(ImportProblem(line: line, message: message), needsChoice: needsChoice)
    }
}
