import CX11
import Glibc
import TapawayKit

/// Where the font-match cache is kept: how to read it and how to replace it.
///
/// The program gives one to `FontconfigWarmUp.start(cache:)`; without one, fonts are matched by
/// fontconfig at every start, as they always were.
package struct FontMatchCacheFile: Sendable {
    /// The file's bytes, or nil when there is none or it is not a file of ours to trust.
    package let read: @Sendable () -> [UInt8]?
    /// Replaces the file with these bytes, atomically, or leaves it as it is.
    package let write: @Sendable ([UInt8]) -> Void

    /// A cache file read and written by these two functions.
    package init(read: @escaping @Sendable () -> [UInt8]?, write: @escaping @Sendable ([UInt8]) -> Void) {
        self.read = read
        self.write = write
    }
}

/// The last start's font matches, so that the next start can open its fonts without loading
/// fontconfig's configuration (`FcInit`, the largest single step of start-up).
///
/// Each match is fontconfig's matched pattern as `FcNameUnparse` writes it, parsed back with
/// `FcNameParse` and opened with `XftFontOpenPattern`. The cache is used only while everything
/// a match depends on is as it was when it was written (`isCurrent`):
/// - every file and folder fontconfig read (its configuration files, their folders, the font
///   folders) and the matched font files, by device, inode, size, modification and change
///   time; and the user's configuration and font places fontconfig would read if they were
///   there, as absent (creating one changes the key);
/// - the environment that changes what fontconfig reads or prefers (`FONTCONFIG_FILE`,
///   `FONTCONFIG_PATH`, the locale, `HOME` and the XDG folders), the program's name (a rule
///   may match on it) and the versions of fontconfig and Xft;
/// - what Xft adds from the display (`XftDefaultSubstitute`: the `Xft.*` resources, the
///   screen's resolution and subpixel order), checked once the display is open (`fits`);
/// - the families asked for and the queries made.
///
/// The file is text, one record a line, fields separated by a space and percent-escaped, and
/// ends with a checksum of what precedes it: a truncated, corrupt or foreign file is ignored
/// and the fonts are matched as if there were none.
struct FontMatchCache: Equatable {
    /// How a file or folder stood: `absent`, or its device, inode, size and modification and
    /// change times.
    struct Stamp: Equatable {
        /// The path, as fontconfig named it.
        let path: String
        /// What `stat` said (`FontMatchCache.signature(of:)`).
        let signature: String
    }

    /// The first line of every cache file: the format's version.
    static let header = "tapaway-font-matches 1"
    /// The largest file read (a cache is a few kilobytes: each match carries its character set).
    static let maximumSize = 512 * 1024
    /// The environment variables that change what fontconfig reads or prefers.
    static let environmentNames = [
        "FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT", "FC_LANG", "LC_ALL", "LC_CTYPE", "LANG", "LANGUAGE",
        "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME",
    ]

    /// `FcGetVersion()` and `XftGetVersion()` when written.
    var libraries: String
    /// The variables of `environmentNames`, `NAME=value` or `NAME` alone when unset, and the
    /// program's name as fontconfig sees it.
    var environment: [String]
    /// Every file and folder the matches depend on.
    var stamps: [Stamp]
    /// `XftDefaultSubstitute` of an empty pattern, unparsed.
    var display: String
    /// The queries of the families asked for, in order.
    var request: [String]
    /// The family chosen among them.
    var family: String
    /// For each weight, the query and fontconfig's unparsed match.
    var matches: [FontWeight: (query: String, pattern: String)]

    static func == (a: FontMatchCache, b: FontMatchCache) -> Bool {
        a.libraries == b.libraries && a.environment == b.environment && a.stamps == b.stamps && a.display == b.display
            && a.request == b.request && a.family == b.family && a.matches.count == b.matches.count
            && a.matches.allSatisfy { weight, entry in
                b.matches[weight].map { $0.query == entry.query && $0.pattern == entry.pattern } ?? false
            }
    }

    // MARK: The key

    /// The libraries' versions now.
    static func currentLibraries() -> String { "\(FcGetVersion()) \(XftGetVersion())" }

    /// The environment now, as `environment` records it.
    static func currentEnvironment() -> [String] {
        var values = environmentNames.map { name in getenv(name).map { name + "=" + String(cString: $0) } ?? name }
        values.append("prgname=" + programName())
        return values
    }

    /// The program's name as fontconfig finds it on Linux (the last component of
    /// `/proc/self/exe`): a configuration may match on it (`prgname`).
    static func programName() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return "" }
        let path = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return path.split(separator: "/").last.map(String.init) ?? ""
    }

    /// What `stat` says of `path` now, or `absent`.
    static func signature(of path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "absent" }
        return "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
            + ":\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
    }

    /// Whether the libraries, the environment and every stamped file are as they were.
    var isCurrent: Bool {
        libraries == Self.currentLibraries() && environment == Self.currentEnvironment()
            && stamps.allSatisfy { Self.signature(of: $0.path) == $0.signature }
    }

    /// What Xft adds to every query on `display` (resources, resolution, subpixel order).
    static func displayKey(display: OpaquePointer, screen: Int32) -> String? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        XftDefaultSubstitute(display, screen, pattern)
        return unparse(pattern)
    }

    /// Whether this cache was written for `display` and these queries.
    func fits(display: OpaquePointer, screen: Int32, request: [String]) -> Bool {
        self.request == request && self.display == Self.displayKey(display: display, screen: screen)
    }

    // MARK: Patterns

    /// `FcNameUnparse` of `pattern` as a string.
    static func unparse(_ pattern: OpaquePointer) -> String? {
        guard let text = FcNameUnparse(pattern) else { return nil }
        defer { free(text) }
        return String(cString: text)
    }

    /// The match for `weight` made from the query `query`, parsed, with what Xft adds on this
    /// display, ready for `XftFontOpenPattern` (the caller destroys it); nil when there is none,
    /// it was made from another query, or it names no font file the cache stamped.
    func pattern(for weight: FontWeight, query: String, display: OpaquePointer, screen: Int32) -> OpaquePointer? {
        guard let entry = matches[weight], entry.query == query, let pattern = FcNameParse(entry.pattern) else { return nil }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, "file", 0, &file) == FcResultMatch, let file,
            stamps.contains(where: { $0.path == String(cString: file) && $0.signature != "absent" })
        else {
            FcPatternDestroy(pattern)
            return nil
        }
        XftDefaultSubstitute(display, screen, pattern)
        return pattern
    }

    /// `match` as the cache keeps it: without its sizes and resolution (set again at each
    /// open, and written by `FcNameUnparse` to six digits only), unparsed; nil when it does
    /// not come back whole through `FcNameParse` (with what `XftDefaultSubstitute` adds).
    static func storable(_ match: OpaquePointer, display: OpaquePointer, screen: Int32) -> String? {
        guard let copy = FcPatternDuplicate(match) else { return nil }
        defer { FcPatternDestroy(copy) }
        for name in ["size", "pixelsize", "dpi"] { FcPatternDel(copy, name) }
        guard let text = unparse(copy), !text.isEmpty, let back = FcNameParse(text) else { return nil }
        defer { FcPatternDestroy(back) }
        XftDefaultSubstitute(display, screen, back)
        XftDefaultSubstitute(display, screen, copy)
        for name in ["size", "pixelsize"] {
            FcPatternDel(copy, name)
            FcPatternDel(back, name)
        }
        return FcPatternEqual(copy, back) != 0 ? text : nil
    }

    // MARK: Recording what fontconfig read

    /// The files and folders the current fontconfig configuration depends on, plus `fontFiles`:
    /// its configuration files and their folders, its configuration and font folders, and the
    /// user's places it reads when present.
    static func currentStamps(fontFiles: [String]) -> [Stamp] {
        var paths: [String] = []
        var seen = Set<String>()
        func add(_ path: String) {
            guard !path.isEmpty, seen.insert(path).inserted else { return }
            paths.append(path)
        }
        func addAll(_ list: OpaquePointer?) {
            guard let list else { return }
            defer { FcStrListDone(list) }
            while let item = FcStrListNext(list) { add(String(cString: item)) }
        }
        if let config = FcConfigGetCurrent() {
            if let files = FcConfigGetConfigFiles(config) {
                defer { FcStrListDone(files) }
                while let item = FcStrListNext(files) {
                    let file = String(cString: item)
                    add(file)
                    if let slash = file.lastIndex(of: "/"), slash != file.startIndex { add(String(file[..<slash])) }
                }
            }
            addAll(FcConfigGetConfigDirs(config))
            addAll(FcConfigGetFontDirs(config))
        }
        for path in userPlaces() { add(path) }
        for file in fontFiles { add(file) }
        return paths.map { Stamp(path: $0, signature: signature(of: $0)) }
    }

    /// The user's configuration and font places that Debian's and fontconfig's default
    /// configuration reads when they exist.
    static func userPlaces() -> [String] {
        func absolute(_ name: String) -> String? {
            guard let value = getenv(name).map({ String(cString: $0) }), value.hasPrefix("/") else { return nil }
            return value
        }
        let home = absolute("HOME")
        let config = absolute("XDG_CONFIG_HOME") ?? home.map { $0 + "/.config" }
        let data = absolute("XDG_DATA_HOME") ?? home.map { $0 + "/.local/share" }
        var places: [String] = []
        if let config { places += [config + "/fontconfig", config + "/fontconfig/fonts.conf", config + "/fontconfig/conf.d"] }
        if let data { places.append(data + "/fonts") }
        if let home { places += [home + "/.fonts.conf", home + "/.fonts.conf.d", home + "/.fonts"] }
        return places
    }

    // MARK: The file

    /// The cache as the bytes of its file.
    func serialized() -> [UInt8] {
        var lines = [Self.header, "libraries " + Self.escape(libraries)]
        lines += environment.map { "env " + Self.escape($0) }
        lines += stamps.map { "stamp " + Self.escape($0.path) + " " + Self.escape($0.signature) }
        lines.append("display " + Self.escape(display))
        lines += request.map { "request " + Self.escape($0) }
        lines.append("family " + Self.escape(family))
        for weight in [FontWeight.regular, .medium, .semibold] {
            guard let entry = matches[weight] else { continue }
            lines.append("match \(weight.rawValue) " + Self.escape(entry.query) + " " + Self.escape(entry.pattern))
        }
        var text = lines.joined(separator: "\n") + "\n"
        text += "end \(Self.checksum(Array(text.utf8)))\n"
        return Array(text.utf8)
    }

    /// The cache in `bytes`, or nil when they are not a whole cache file of this version.
    ///
    /// Read as bytes, never as characters: splitting the text by Unicode's rules would cost more than
    /// the fontconfig load the cache saves.
    static func parse(_ bytes: [UInt8]) -> FontMatchCache? {
        let newline = UInt8(ascii: "\n")
        guard bytes.count <= maximumSize, bytes.last == newline else { return nil }
        // The checksum line covers every byte before it.
        guard let endStart = bytes.dropLast().lastIndex(of: newline).map({ $0 + 1 }),
            bytes[endStart..<(bytes.count - 1)].elementsEqual("end \(checksum(bytes[..<endStart]))".utf8)
        else { return nil }
        var cache = FontMatchCache(
            libraries: "", environment: [], stamps: [], display: "", request: [], family: "", matches: [:])
        var sawLibraries = false, sawDisplay = false, sawFamily = false
        var lineStart = 0
        var first = true
        while lineStart < endStart {
            let lineEnd = bytes[lineStart..<endStart].firstIndex(of: newline)!
            let line = bytes[lineStart..<lineEnd]
            lineStart = lineEnd + 1
            if first {
                guard line.elementsEqual(header.utf8) else { return nil }
                first = false
                continue
            }
            let fields = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
            guard let kind = String(validating: fields[0], as: UTF8.self) else { return nil }
            var value: [String] = []
            for field in fields.dropFirst() {
                guard let decoded = unescape(field) else { return nil }
                value.append(decoded)
            }
            switch (kind, value.count) {
            case ("libraries", 1) where !sawLibraries:
                cache.libraries = value[0]
                sawLibraries = true
            case ("env", 1): cache.environment.append(value[0])
            case ("stamp", 2): cache.stamps.append(Stamp(path: value[0], signature: value[1]))
            case ("display", 1) where !sawDisplay:
                cache.display = value[0]
                sawDisplay = true
            case ("request", 1): cache.request.append(value[0])
            case ("family", 1) where !sawFamily:
                cache.family = value[0]
                sawFamily = true
            case ("match", 3):
                guard let weight = FontWeight(rawValue: value[0]), cache.matches[weight] == nil else { return nil }
                cache.matches[weight] = (value[1], value[2])
            default:
                return nil
            }
        }
        guard !first, sawLibraries, sawDisplay, sawFamily, !cache.request.isEmpty, cache.matches[.regular] != nil else {
            return nil
        }
        return cache
    }

    /// FNV-1a, 64 bits, in hexadecimal: enough to tell a damaged file from a whole one.
    static func checksum(_ bytes: some Collection<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    /// `value` with `%`, spaces, control characters and DEL as `%XX`: one field, one line.
    static func escape(_ value: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(value.utf8.count)
        let digits = Array("0123456789ABCDEF".utf8)
        for byte in value.utf8 {
            if byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "%") {
                out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The value `escape` made `field` from; nil when it is not one (a bad escape, raw space).
    static func unescape(_ field: ArraySlice<UInt8>) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(field.count)
        func digit(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var index = field.startIndex
        while index < field.endIndex {
            let byte = field[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < field.endIndex, let high = digit(field[index + 1]), let low = digit(field[index + 2]) else {
                    return nil
                }
                out.append(high << 4 | low)
                index += 3
            } else if byte <= 0x20 || byte == 0x7F {
                return nil
            } else {
                out.append(byte)
                index += 1
            }
        }
        return String(validating: out, as: UTF8.self)
    }
}
