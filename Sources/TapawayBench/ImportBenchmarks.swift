import Glibc
import TapawayDemo
import TapawayImport
import TapawayScreen

/// What `tapaway import` costs: every scene of IQKeyboardManager's largest example storyboard
/// (from `../shared/screens/`, or `TAPAWAY_SHARED_SCREENS`), and a generated UI Automator dump of
/// 300 nodes; each the median of many imports in this process, parse to written screen file.
@MainActor
enum ImportBenchmarks {
    /// A UI Automator dump of `count` nodes: a scroll view of cards, each a layout holding a
    /// text, a field, a button and a check box, nested three deep as real dumps are.
    static func dump(nodes count: Int) -> String {
        var lines = [
            "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>", "<hierarchy rotation=\"0\">",
            #"<node class="android.widget.FrameLayout" resource-id="" text="" clickable="false" bounds="[0,0][1080,2400]">"#,
            #"<node class="android.widget.ScrollView" resource-id="com.example:id/scroll" text="" scrollable="true" bounds="[0,72][1080,2400]">"#,
        ]
        var made = 2
        var card = 0
        while made + 5 <= count {
            let top = 72 + card * 300
            lines.append(
                #"<node class="android.widget.LinearLayout" resource-id="" text="" bounds="[0,\#(top)][1080,\#(top + 300)]">"#)
            lines.append(
                #"<node class="android.widget.TextView" text="Card \#(card)" bounds="[48,\#(top + 12)][600,\#(top + 72)]"/>"#)
            lines.append(
                #"<node class="android.widget.EditText" resource-id="com.example:id/field_\#(card)" text="" clickable="true" bounds="[48,\#(top + 84)][1032,\#(top + 180)]"/>"#
            )
            lines.append(
                #"<node class="android.widget.Button" resource-id="com.example:id/send_\#(card)" text="Send" clickable="true" bounds="[48,\#(top + 192)][400,\#(top + 288)]"/>"#
            )
            lines.append(
                #"<node class="android.widget.CheckBox" text="Keep" checkable="true" checked="false" clickable="true" bounds="[600,\#(top + 192)][1032,\#(top + 288)]"/>"#
            )
            lines.append("</node>")
            made += 5
            card += 1
        }
        lines += ["</node>", "</node>", "</hierarchy>"]
        return lines.joined(separator: "\n")
    }

    /// Prints the median time of an import, per scene and for the dump, in milliseconds.
    static func run() {
        let folder = getenv("TAPAWAY_SHARED_SCREENS").map { String(cString: $0) } ?? "../shared/screens"
        let path = folder + "/iqkeyboardmanager/ScrollView.storyboard"
        let devices = ScreenFile.importDevices
        guard let storyboard = try? FileIO.read(path, limit: 16 << 20, accepting: .regularFilesAndStreams) else {
            print("import: \(path) cannot be read (set TAPAWAY_SHARED_SCREENS to the shared screens folder)")
            return
        }
        print("import: XML read by \(XMLTree.libraryName ?? "no libxml2")")
        let scenes = (try? Importer.scenes(storyboard).scenes) ?? []
        for scene in scenes where scene.notImportable == nil {
            var request = ImportRequest(fileName: path, devices: devices)
            request.scene = scene.objectID
            let (median, elements) = measure { try? Importer.importScreen(storyboard, request: request) }
            print(
                "  ScrollView.storyboard (\(storyboard.count / 1024) KiB) scene \(scene.name): \(elements) elements, "
                    + "median \(format(median)) ms")
        }
        let dumpBytes = Array(dump(nodes: 300).utf8)
        let (median, elements) = measure {
            try? Importer.importScreen(dumpBytes, request: ImportRequest(fileName: "dump.xml", devices: devices))
        }
        print(
            "  UI Automator dump of 300 nodes (\(dumpBytes.count / 1024) KiB): \(elements) elements, median \(format(median)) ms")
    }

    /// The median milliseconds of 41 runs of `body` (the first not counted), parse to written
    /// screen file, and the elements it made.
    private static func measure(_ body: () -> ImportResult?) -> (Double, Int) {
        var times: [Double] = []
        var elements = 0
        for round in 0..<42 {
            let start = KitBenchmarks.nanos()
            let result = body()
            let text = result.map { ScreenWriter.text($0.document) } ?? ""
            let took = Double(KitBenchmarks.nanos() - start) / 1e6
            if round > 0 { times.append(took) }
            elements = result?.document.allElements.count ?? 0
            precondition(!text.isEmpty || result == nil)
        }
        return (times.sorted()[times.count / 2], elements)
    }

    private static func format(_ ms: Double) -> String { String(Double(Int(ms * 100)) / 100) }
}
