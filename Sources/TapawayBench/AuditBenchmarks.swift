import Glibc
import TapawayDemo
import TapawayScreen

/// What `tapaway audit` costs: the standard form, and generated screens of growing size (several
/// inputs, rows, controls and a nested scroll view), under every technique; and what reading
/// the shipped standard screen costs at start-up.
@MainActor
enum AuditBenchmarks {
    /// A screen of about `count` elements: a scroll view holding a stack in which every eighth
    /// element is a text field, the others labels, buttons, switches and rows, and a nested
    /// scroll view holding a tenth of them.
    static func screen(elements count: Int) -> String {
        func element(_ i: Int) -> String {
            switch i % 8 {
            case 0: return #"{ "kind": "text-field", "id": "field-\#(i)", "placeholder": "Field \#(i)" }"#
            case 1, 5: return #"{ "kind": "label", "text": "Label \#(i)", "height": 20 }"#
            case 2: return #"{ "kind": "button", "id": "button-\#(i)", "text": "Button \#(i)" }"#
            case 3: return #"{ "kind": "switch", "id": "switch-\#(i)" }"#
            default: return #"{ "kind": "row", "id": "row-\#(i)", "text": "Row \#(i)", "gap": 0 }"#
            }
        }
        let nested = max(1, count / 10)
        let outer = (0..<(count - nested - 3)).map(element).joined(separator: ",\n")
        let inner = (0..<nested).map { i in #"{ "kind": "row", "id": "inner-\#(i)", "text": "Inner \#(i)", "gap": 0 }"# }
            .joined(separator: ",\n")
        return """
            { "version": 1, "content": { "kind": "scroll-view", "children": [ { "kind": "view", "id": "page",
              "layout": { "padding": [16, 16, 16, 16] }, "children": [
            \(outer),
            { "kind": "scroll-view", "id": "inner", "height": 160, "layout": { "padding": [0, 0, 0, 0] },
              "children": [ \(inner) ] } ] } ] } }
            """
    }

    /// Prints, for the standard form and screens of 25, 50, 100 and 200 elements, the cases
    /// played under every technique, the seconds taken and the cost of a case.
    static func run() {
        let start = KitBenchmarks.nanos()
        let reads = 1000
        for _ in 0..<reads { _ = ShippedScreens.document("standard") }
        let read = Double(KitBenchmarks.nanos() - start) / Double(reads) / 1000
        print("Reading the shipped standard screen: \(KitBenchmarks.format(read)) µs")
        var screens: [(String, ScreenDocument)] = [("standard", ScreenLayout.form.document)]
        for count in [25, 50, 100, 200] {
            if let document = try? ScreenReader.read(screen(elements: count)) {
                screens.append(("\(document.allElements.count) elements", document))
            }
        }
        // The command as a user runs it, its techniques in one process per processor (at most
        // four): when scripts/bench.sh names the binary.
        let binary = getenv("TAPAWAY_BINARY").map { String(cString: $0) }
        let processors = max(1, min(4, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
        print(
            "| screen | inputs | cases | seconds, one process | ms a case | findings | seconds, `tapaway audit` (\(processors) processes) |"
        )
        print("|---|---:|---:|---:|---:|---:|---:|")
        for (index, (name, document)) in screens.enumerated() {
            let began = KitBenchmarks.nanos()
            let audit = Audit(document: document, named: name, techniques: TechniqueID.allCases)
            let seconds = Double(KitBenchmarks.nanos() - began) / 1e9
            let perCase = seconds * 1000 / Double(max(1, audit.caseCount))
            let command = binary.flatMap {
                commandSeconds($0, screen: index == 0 ? nil : Self.screen(elements: [25, 50, 100, 200][index - 1]))
            }
            print(
                "| \(name) | \(document.inputIDs.count) | \(audit.caseCount) | \(KitBenchmarks.format(seconds)) | "
                    + "\(KitBenchmarks.format(perCase)) | \(audit.findings.count) | \(command.map(KitBenchmarks.format) ?? "–") |"
            )
        }
    }

    /// Seconds `binary audit` takes on `screen` (written to a file of its own; nil: the standard
    /// form), to its exit; nil when it could not run.
    static func commandSeconds(_ binary: String, screen: String?) -> Double? {
        var arguments = [binary, "audit"]
        var file: String?
        if let screen {
            var template = Array("/tmp/tapaway-bench-screen-XXXXXX".utf8CString)
            let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else { return nil }
            let bytes = Array(screen.utf8)
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            let path = String(cString: template.map { $0 })
            file = path
            guard written == bytes.count else {
                unlink(path)
                return nil
            }
            arguments.append(path)
        }
        defer { if let file { unlink(file) } }
        let began = monotonicNow()
        guard let process = Spawned(arguments) else { return nil }
        _ = process.waitForExit(timeout: 600)
        return monotonicNow() - began
    }
}
