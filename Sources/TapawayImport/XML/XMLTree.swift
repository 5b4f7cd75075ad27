import CLibXML

/// One element of an XML document, as the importers read it: its name, its attributes in the
/// file's order, what it holds, the line it starts on, and the comment just before it.
public struct XMLElement: Sendable {
    /// The element's name, as written (`textField`, `node`, `EditText`).
    public var name: String
    /// The attributes, in the file's order.
    ///
    /// An attribute in Android's namespaces is named with the usual prefix whatever the file calls it:
    /// `android:`, `app:` or `tools:`.
    public var attributes: [(name: String, value: String)]
    /// The elements it holds, in order.
    public var children: [XMLElement]
    /// Its own text (the text nodes directly in it, joined).
    public var text: String
    /// The line its start tag is on, from 1.
    public var line: Int
    /// The comment just before it among its siblings, if any (Interface Builder names scenes so).
    public var comment: String?

    /// An element as given.
    public init(
        name: String, attributes: [(name: String, value: String)] = [], children: [XMLElement] = [], text: String = "",
        line: Int = 0, comment: String? = nil
    ) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
        self.line = line
        self.comment = comment
    }

    /// The value of the attribute `name`, if it has one.
    public subscript(name: String) -> String? {
        for attribute in attributes where attribute.name == name { return attribute.value }
        return nil
    }

    /// The first child named `name`, if there is one.
    public func child(_ name: String) -> XMLElement? { children.first { $0.name == name } }

    /// The first child named `name` whose `key` attribute is `key` (Interface Builder's
    /// `<rect key="frame">`, `<view key="view">`).
    public func child(_ name: String, key: String) -> XMLElement? {
        children.first { $0.name == name && $0["key"] == key }
    }

    /// The children named `name`.
    public func children(_ name: String) -> [XMLElement] { children.filter { $0.name == name } }

    /// The element and everything under it, depth first, parents before children.
    public func forEachDescendant(_ body: (XMLElement) -> Void) {
        body(self)
        for child in children { child.forEachDescendant(body) }
    }
}

/// Why an imported file could not be read: the line and what is wrong, which the command prints
/// as `FILE:LINE: what` with status 65.
public struct ImportProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line, from 1 (1 for the file as a whole).
    public var line: Int
    /// What is wrong, in a sentence without a final stop.
    public var message: String

    /// A problem as given.
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// The problem as `LINE: message`, the form the command line prints after the file's name.
    public var description: String { "\(line): \(message)" }
}

/// What an imported XML file may hold at most, so that a hostile file meets a limit and gets one
/// line: docs/import.md lists them.
public enum ImportLimits {
    /// The file's size: 16 MiB (Interface Builder's largest storyboards are a few MiB).
    public static let fileBytes = 16 << 20
    /// How many elements the file holds.
    public static let elements = 200_000
    /// How deep elements nest.
    public static let depth = 128
    /// How long one attribute's value or one text may be, in bytes.
    public static let valueBytes = 100_000
}

/// Reads XML with libxml2's streaming reader into `XMLElement`s, refusing what a screen file, a layout
/// or a dump never holds: a document type declaration (and so any entity, which is how "billion laughs"
/// and external-entity files attack), more than `ImportLimits`, text that is not UTF-8.
///
/// The network is off; nothing is fetched, nothing expanded.
public enum XMLTree {
    /// The soname of the libxml2 opened, or nil when it is not installed.
    public static var libraryName: String? { tapaway_xml_soname().map { String(cString: $0) } }

    /// The root element of `bytes`.
    public static func read(_ bytes: [UInt8]) throws(ImportProblem) -> XMLElement {
        guard bytes.count <= ImportLimits.fileBytes else {
            throw ImportProblem(line: 1, message: "the file is larger than \(ImportLimits.fileBytes >> 20) MiB")
        }
        try checkProlog(bytes)
        guard libraryName != nil else {
            throw ImportProblem(
                line: 1, message: "reading XML needs libxml2 (libxml2.so.2 or libxml2.so.16), which is not installed")
        }
        return try bytes.withUnsafeBufferPointer { buffer throws(ImportProblem) -> XMLElement in
            let base = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            guard let reader = tapaway_xml_open(base, Int32(buffer.count)) else {
                throw ImportProblem(line: 1, message: "libxml2 could not start reading (out of memory)")
            }
            defer { tapaway_xml_close(reader) }
            var starts = StartTags(bytes: buffer)
            return try build(reader, starts: &starts)
        }
    }

    /// Refuses what must not reach the parser: UTF-16 or UTF-32 text (the checks below read
    /// bytes), NUL bytes, and a document type declaration before the root element.
    static func checkProlog(_ bytes: [UInt8]) throws(ImportProblem) {
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            throw ImportProblem(line: 1, message: "the file is UTF-16: save it as UTF-8")
        }
        if let nul = bytes.firstIndex(of: 0) {
            throw ImportProblem(
                line: lineNumber(of: nul, in: bytes), message: "a NUL byte: this is not UTF-8 XML (UTF-16 or binary?)")
        }
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func at(_ text: String) -> Bool { bytes[i...].starts(with: Array(text.utf8)) }
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            case UInt8(ascii: "<"):
                if at("<?") {
                    i = end(of: "?>", from: i + 2, in: bytes)
                } else if at("<!--") {
                    i = end(of: "-->", from: i + 4, in: bytes)
                } else if at("<!") {
                    throw ImportProblem(
                        line: lineNumber(of: i, in: bytes),
                        message: "a document type declaration (<!DOCTYPE): storyboards, layouts and dumps have none, "
                            + "and Tapaway expands no entities")
                } else {
                    return
                }
            default: return
            }
        }
    }

    /// The index just past `terminator`, searched from `start` (the end of the bytes if absent).
    private static func end(of terminator: String, from start: Int, in bytes: [UInt8]) -> Int {
        let t = Array(terminator.utf8)
        var i = start
        while i + t.count <= bytes.count {
            if bytes[i] == t[0] && bytes[i..<(i + t.count)].elementsEqual(t) { return i + t.count }
            i += 1
        }
        return bytes.count
    }

    private static func lineNumber(of index: Int, in bytes: [UInt8]) -> Int {
        1 + bytes[..<index].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    /// The namespaces whose attributes are named with a fixed prefix.
    private static let prefixes = [
        "http://schemas.android.com/apk/res/android": "android",
        "http://schemas.android.com/apk/res-auto": "app",
        "http://schemas.android.com/tools": "tools",
    ]

    private static func build(_ reader: OpaquePointer, starts: inout StartTags) throws(ImportProblem) -> XMLElement {
        var stack: [XMLElement] = []
        var root: XMLElement?
        var count = 0
        var pendingComment: String?
        func string(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }
        func lineHere() -> Int { max(1, Int(tapaway_xml_line(reader))) }
        func close() {
            let done = stack.removeLast()
            if stack.isEmpty { root = done } else { stack[stack.count - 1].children.append(done) }
        }
        while true {
            let status = tapaway_xml_next(reader)
            if status == 0 { break }
            if status < 0 {
                var line: Int32 = 0
                let message = tapaway_xml_error(reader, &line).map { String(cString: $0) } ?? "the XML is malformed"
                throw ImportProblem(line: max(1, Int(line)), message: "not well-formed XML: \(message)")
            }
            switch tapaway_xml_type(reader) {
            case 1:  // an element
                count += 1
                let depth = Int(tapaway_xml_depth(reader))
                guard count <= ImportLimits.elements else {
                    throw ImportProblem(line: lineHere(), message: "more than \(ImportLimits.elements) elements")
                }
                guard depth < ImportLimits.depth else {
                    throw ImportProblem(line: lineHere(), message: "elements nested more than \(ImportLimits.depth) deep")
                }
                // The line its start tag begins on (libxml2 gives the line where it ends).
                let line = starts.nextLine() ?? lineHere()
                var element = XMLElement(name: string(tapaway_xml_name(reader)), line: line, comment: pendingComment)
                pendingComment = nil
                while tapaway_xml_next_attribute(reader) == 1 {
                    var name = string(tapaway_xml_name(reader))
                    if let uri = tapaway_xml_namespace(reader).map({ String(cString: $0) }), let prefix = prefixes[uri] {
                        name = prefix + ":" + (name.split(separator: ":").last.map(String.init) ?? name)
                    }
                    let value = string(tapaway_xml_value(reader))
                    guard value.utf8.count <= ImportLimits.valueBytes else {
                        throw ImportProblem(
                            line: element.line,
                            message: "the attribute '\(name)' is longer than \(ImportLimits.valueBytes) bytes")
                    }
                    element.attributes.append((name, value))
                }
                stack.append(element)
                if tapaway_xml_is_empty(reader) == 1 { close() }
            case 15:  // the end of an element
                if !stack.isEmpty { close() }
                pendingComment = nil
            case 3, 4:  // text, CDATA
                guard !stack.isEmpty else { continue }
                let text = string(tapaway_xml_value(reader))
                guard stack[stack.count - 1].text.utf8.count + text.utf8.count <= ImportLimits.valueBytes else {
                    throw ImportProblem(line: lineHere(), message: "a text longer than \(ImportLimits.valueBytes) bytes")
                }
                stack[stack.count - 1].text += text
            case 8:  // a comment
                let text = string(tapaway_xml_value(reader))
                pendingComment = text.utf8.count <= 1_000 ? text.trimmedOfSpaces : nil
            case 10:
                throw ImportProblem(
                    line: lineHere(), message: "a document type declaration: storyboards, layouts and dumps have none")
            default: continue
            }
        }
        guard let root else { throw ImportProblem(line: 1, message: "the file holds no XML element") }
        return root
    }
}

extension String {
    /// The text without spaces, tabs and line ends at either end.
    var trimmedOfSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !" \t\r\n".unicodeScalars.contains($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !" \t\r\n".unicodeScalars.contains($0) })!
        return String(scalars[first...last])
    }
}

/// The start tags of a document, in order, each with the line it begins on: the n-th element
/// libxml2 reports is the n-th `<` followed by a name, past comments, CDATA sections and
/// processing instructions (XML allows no raw `<` in text or attribute values).
struct StartTags {
    let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var line = 1

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The line of the next start tag, or nil when there is none left.
    mutating func nextLine() -> Int? {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A { line += 1 }
            guard byte == UInt8(ascii: "<"), index + 1 < bytes.count else {
                index += 1
                continue
            }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                let terminator: [UInt8] =
                    starts(with: "<!--") ? Array("-->".utf8) : starts(with: "<![CDATA[") ? Array("]]>".utf8) : Array(">".utf8)
                skip(past: terminator)
                continue
            }
            index += 1
            if next == UInt8(ascii: "/") { continue }
            return line
        }
        return nil
    }

    private func starts(with text: String) -> Bool {
        let t = Array(text.utf8)
        return index + t.count <= bytes.count && (0..<t.count).allSatisfy { bytes[index + $0] == t[$0] }
    }

    private mutating func skip(past terminator: [UInt8]) {
        index += 1
        while index < bytes.count {
            if bytes[index] == 0x0A { line += 1 }
            if bytes[index] == terminator[0] && index + terminator.count <= bytes.count
                && (0..<terminator.count).allSatisfy({ bytes[index + $0] == terminator[$0] })
            {
                index += terminator.count
                return
            }
            index += 1
        }
    }
}
