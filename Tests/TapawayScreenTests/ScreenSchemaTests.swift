import Foundation
import Testing

@testable import TapawayScreen

/// docs/screen.schema.json, which editors check hand-written files with, says what the reader says: the
/// same keys for the document and for every kind, the same choices, the same limits.
///
/// When the reader learns a key, this fails until the schema (and docs/screens.md) learn it too.
@Suite("The screen file's JSON Schema")
struct ScreenSchemaTests {
    /// The schema, read with Foundation's own JSON reader (not the module's, so that the check
    /// does not lean on the code it checks).
    func schema() throws -> [String: Any] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/screen.schema.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        return try #require(object as? [String: Any])
    }

    func definitions(_ schema: [String: Any]) throws -> [String: [String: Any]] {
        try #require(schema["$defs"] as? [String: [String: Any]])
    }

    /// The keys the schema lets an element of each kind have: the `then` of the `if` whose
    /// `kind` is that kind.
    func keysByKind(_ schema: [String: Any]) throws -> [String: Set<String>] {
        let element = try #require(try definitions(schema)["element"])
        let branches = try #require(element["allOf"] as? [[String: Any]])
        var result: [String: Set<String>] = [:]
        for branch in branches {
            let condition = try #require(branch["if"] as? [String: Any])
            let kind = try #require(
                ((condition["properties"] as? [String: Any])?["kind"] as? [String: Any])?["const"] as? String)
            let then = try #require(branch["then"] as? [String: Any])
            #expect(then["additionalProperties"] as? Bool == false, "\(kind) refuses unknown keys")
            let properties = try #require(then["properties"] as? [String: Any])
            #expect(result[kind] == nil, "one branch for \(kind)")
            result[kind] = Set(properties.keys)
        }
        return result
    }

    /// The values an `enum` allows, in the schema's order.
    func choices(_ definition: [String: Any]?) -> [String]? { definition?["enum"] as? [String] }

    @Test("the schema allows exactly the reader's keys, for the document and for every kind")
    func keys() throws {
        let schema = try schema()
        #expect(schema["additionalProperties"] as? Bool == false)
        let documentKeys = Set(try #require(schema["properties"] as? [String: Any]).keys)
        #expect(documentKeys == ScreenReader.documentKeys)
        let byKind = try keysByKind(schema)
        #expect(Set(byKind.keys) == Set(ElementKind.allCases.map(\.rawValue)))
        for kind in ElementKind.allCases {
            #expect(byKind[kind.rawValue] == ScreenReader.allowedKeys(for: kind), "\(kind.rawValue)")
        }
        let defs = try definitions(schema)
        for kind in ElementKind.allCases {
            for key in ScreenReader.allowedKeys(for: kind) {
                #expect(defs["key-\(key)"] != nil, "the schema describes '\(key)'")
            }
        }
    }

    @Test("the schema's choices and limits are the reader's")
    func choicesAndLimits() throws {
        let defs = try definitions(try schema())
        #expect(choices(defs["key-kind"]) == ElementKind.allCases.map(\.rawValue))
        #expect(choices(defs["key-keyboardType"]) == TextInputTraits.keyboardTypes)
        #expect(choices(defs["key-returnKey"]) == TextInputTraits.returnKeys)
        #expect(choices(defs["key-autocapitalization"]) == TextInputTraits.autocapitalizations)
        #expect(choices(defs["key-returnAction"]) == TextInputTraits.returnActions)
        #expect(choices(defs["key-keyboardDismissMode"]) == ScrollTraits.dismissModes)
        #expect(choices(defs["key-keyboardShouldPersistTaps"]) == ScrollTraits.persistTaps)
        let gesture = defs["gesture"]?["properties"] as? [String: [String: Any]]
        #expect(choices(gesture?["type"]) == GestureWiring.types)
        let action = defs["controlAction"]?["properties"] as? [String: [String: Any]]
        #expect(choices(action?["event"]) == ControlWiring.events)
        let wiring = defs["wiringAction"]?["anyOf"] as? [[String: Any]]
        #expect(choices(wiring?.first) == wiringActions)
        let layout = defs["layout"]?["properties"] as? [String: [String: Any]]
        #expect(choices(layout?["axis"]) == StackLayout.Axis.allCases.map(\.rawValue))
        #expect(defs["size"]?["minimum"] as? Double == 0)
        #expect(defs["size"]?["maximum"] as? Double == ScreenLimits.points)
        #expect(defs["coordinate"]?["minimum"] as? Double == -ScreenLimits.points)
        #expect(defs["coordinate"]?["maximum"] as? Double == ScreenLimits.points)
        #expect(defs["id"]?["pattern"] as? String == "^[A-Za-z0-9._-]{1,\(ScreenLimits.idLength)}$")
        let reserved = ((defs["id"]?["not"] as? [String: Any])?["anyOf"] as? [[String: Any]])?.first
        #expect(choices(reserved).map(Set.init) == ScreenReader.reservedIDs)
        let top = try #require(try schema()["properties"] as? [String: [String: Any]])
        #expect(choices(top["avoidance"]) == ScreenDocument.avoidanceChoices)
        #expect(choices(top["keyboard"]) == ["software", "hardware"])
        let bar = try #require(top["navigationBar"]?["properties"] as? [String: Any])
        #expect(Set(bar.keys) == Set(ScreenReader.navigationBarKeys))
        let sheet = try #require(top["sheet"]?["properties"] as? [String: [String: Any]])
        #expect(Set(sheet.keys) == Set(ScreenReader.sheetKeys))
        #expect(choices(sheet["detent"]) == SheetPresentation.detents)
        let item = try #require(defs["navigationItem"]?["properties"] as? [String: Any])
        #expect(Set(item.keys) == Set(ScreenReader.navigationItemKeys))
        // The schema's pattern for windowSoftInputMode takes what the reader takes.
        let pattern = try #require(top["windowSoftInputMode"]?["pattern"] as? String)
        let regex = try Regex(pattern)
        for mode in ["adjustPan", "stateHidden|adjustResize", "adjustNothing|stateAlwaysVisible", "stateUnchanged"] {
            #expect(mode.wholeMatch(of: regex) != nil, "\(mode)")
        }
        for mode in ["adjustSize", "adjustPan|", "|adjustPan", "adjustPan|stateHidden|stateVisible"] {
            #expect(mode.wholeMatch(of: regex) == nil, "\(mode)")
        }
    }

    @Test("every key the shipped screens use is one the schema allows where it is used")
    func shippedScreens() throws {
        let schema = try schema()
        let defs = try definitions(schema)
        let byKind = try keysByKind(schema)
        let documentKeys = Set(try #require(schema["properties"] as? [String: Any]).keys)
        func keys(of definition: String) -> Set<String> {
            Set((defs[definition]?["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
        }
        var unknown: [String] = []
        func check(_ object: [String: Any], allowed: Set<String>, at path: String) {
            for key in object.keys where !allowed.contains(key) { unknown.append("\(path).\(key)") }
        }
        func checkElement(_ value: Any?, at path: String) {
            guard let element = value as? [String: Any], let kind = element["kind"] as? String else {
                unknown.append("\(path): not an element with a kind")
                return
            }
            check(element, allowed: byKind[kind] ?? [], at: path)
            if let frame = element["frame"] as? [String: Any] { check(frame, allowed: keys(of: "frame"), at: path + ".frame") }
            if let layout = element["layout"] as? [String: Any] {
                check(layout, allowed: keys(of: "layout"), at: path + ".layout")
            }
            if let size = element["contentSize"] as? [String: Any] {
                check(size, allowed: keys(of: "contentSize"), at: path + ".contentSize")
            }
            for (i, gesture) in (element["gestures"] as? [[String: Any]] ?? []).enumerated() {
                check(gesture, allowed: keys(of: "gesture"), at: path + ".gestures[\(i)]")
            }
            for (i, action) in (element["actions"] as? [[String: Any]] ?? []).enumerated() {
                check(action, allowed: keys(of: "controlAction"), at: path + ".actions[\(i)]")
            }
            for (i, child) in (element["children"] as? [Any] ?? []).enumerated() {
                checkElement(child, at: path + ".children[\(i)]")
            }
        }
        for name in ShippedScreens.names {
            let text = try #require(ShippedScreens.text(of: name))
            let file = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            check(file, allowed: documentKeys, at: name)
            #expect(file["version"] as? Int == ScreenDocument.formatVersion)
            checkElement(file["content"], at: name + ".content")
            if let bar = file["bottomBar"] { checkElement(bar, at: name + ".bottomBar") }
            let properties = try #require(schema["properties"] as? [String: [String: Any]])
            let probe = Set((properties["backgroundTap"]?["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
            if let tap = file["backgroundTap"] as? [String: Any] { check(tap, allowed: probe, at: name + ".backgroundTap") }
        }
        #expect(unknown.isEmpty, "keys the schema does not allow: \(unknown)")
    }
}
