import TapawayDemo
import TapawayKit
import Testing

/// Every technique, with each of its options' telling values, on every case of the matrix,
/// checked against what the platform is documented (or reported, or inferred) to do: the
/// expected codes are this table's, written from `../shared/research` and `docs/techniques.md`,
/// not read back from the program. A technique the table does not hold fails the test.
@MainActor
@Suite("The lab: every technique on every case")
struct LabMatrixTests {
    /// Expected codes for cases 1…16, by technique and option settings (`id` or
    /// `id option=value`). See `DismissalMatrix.legend` for the codes.
    nonisolated static let expected: [String: [String]] = [
        "send-event": ["–", "R↓", "K", "M", "R↓ ✓", "R↓", "T", "K", "⏎ R↓", "R↓ ✓", "R↓", "R↓ ✓", "R↓", "K", "n/a", "K"],
        "tap-gesture": ["–", "R↑", "K", "M", "K ✓", "R↑", "T", "K", "⏎ R↑", "K ✓", "K", "R↑ ✗", "K", "R↑", "n/a", "K"],
        // Not cancelling the touches is not enough on a table cell: the recognizer (no delegate:
        // "The default implementation returns false—no two gestures can be recognized
        // simultaneously") wins the quick tap from the table's selection, as in IQKeyboardManager
        // issue #1041.
        "tap-gesture cancels-touches=off": [
            "–", "R↑", "K", "M", "K ✓", "R↑", "T", "K", "⏎ R↑", "K ✓", "K", "R↑ ✗", "K", "R↑", "n/a", "K",
        ],
        "background-control": ["–", "R↑", "K", "M", "K ✓", "R↑", "T", "R↺", "⏎ R↑", "K ✓", "K", "K ✓", "K", "R↑", "n/a", "K"],
        // IQKeyboardManager's recognizer never receives a touch on a control (the held field is
        // one), so case 8 is a one-finger tap on the background. Case 12: its
        // `shouldRecognizeSimultaneouslyWith` is `return false`, and a table cell's content view is
        // neither a UIControl nor a UINavigationBar, so its quick tap wins over the table's
        // selection: "If I press it longer/more firmly tableView delegate didSelect method gets
        // triggered" (issue #1041), a quick tap does not select.
        "keyboard-manager": ["–", "R↑", "K", "M", "K ✓", "R↑", "T", "R↺", "⏎ R↑", "K ✓", "K", "R↑ ✗", "K", "K", "R↑", "K"],
        // In a scroll view (Tapaway's form) no background touch reaches the view controller.
        "touches-began": ["–", "K", "K", "M", "K ✓", "K", "T", "K", "⏎ K", "K ✓", "K", "K ✓", "K", "K", "n/a", "K"],
        "touches-began container=table": [
            "–", "K", "K", "M", "K ✓", "K", "T", "K", "⏎ K", "K ✓", "K", "K ✓", "K", "K", "n/a", "K",
        ],
        "touches-began container=plain-view": [
            "–", "R↓", "K", "M", "K ✓", "R↓", "T", "R↺", "⏎ R↓", "K ✓", "R↓", "K ✓", "K", "R↓", "n/a", "K",
        ],
        "touches-began container=plain-view resign-with=send-action":
            ["–", "R↓", "K", "M", "K ✓", "R↓", "T", "R↺", "⏎ R↓", "K ✓", "R↓", "K ✓", "K", "K", "n/a", "K"],
        "none": ["–", "K", "K", "M", "K ✓", "K", "T", "K", "⏎ K", "K ✓", "K", "K ✓", "K", "K", "n/a", "K"],
        // A Text in front of the background takes the hit: the caption keeps focus.
        "swiftui": ["–", "R↑", "K", "M", "K ✓", "K", "T", "K", "⏎ R↑", "K ✓", "K", "K ✓", "K", "R↑", "n/a", "K"],
        // `.automatic`: "By default, a TextEditor is interactive while a List of scrollable
        // content always dismiss the keyboard on a scroll, when linked against iOS 16 or later"
        // (ScrollDismissesKeyboardMode.automatic): the List's drags dismiss as they begin; a
        // ScrollView's do not (the default row above, and `never`).
        "swiftui container=list": [
            "–", "R↑", "K", "M", "K ✓", "K", "T", "K", "⏎ R↑", "K ✓", "R→", "K ✓", "K", "R↑", "n/a", "R→",
        ],
        "swiftui scroll-dismisses=never container=list": [
            "–", "R↑", "K", "M", "K ✓", "K", "T", "K", "⏎ R↑", "K ✓", "K", "K ✓", "K", "R↑", "n/a", "K",
        ],
        // `.onTapGesture` on the container (with `.contentShape`): a child's own gesture takes
        // precedence (a button, a toggle, a field, a row), a Text has none, so the caption
        // dismisses too.
        "swiftui tap-on=container": [
            "–", "R↑", "K", "M", "K ✓", "R↑", "T", "K", "⏎ R↑", "K ✓", "K", "K ✓", "K", "R↑", "n/a", "K",
        ],
        // `.simultaneousGesture`: "Attaches a gesture to the view to process simultaneously with
        // gestures defined by the view": the button fires and the field resigns; a tap in a
        // field resigns it and its own tap focuses it again.
        "swiftui tap-on=simultaneous": [
            "–", "R↑", "R↺", "M~", "R↑ ✓", "R↑", "T", "K", "⏎ R↑", "R↑ ✓", "K", "R↑ ✓", "K", "R↑", "n/a", "K",
        ],
        // The "hideKeyboard" extension sends resignFirstResponder to the first responder; a
        // SwiftUI TextField has no delegate that could refuse, so nothing changes.
        "swiftui resign-with=send-action": [
            "–", "R↑", "K", "M", "K ✓", "K", "T", "K", "⏎ R↑", "K ✓", "K", "K ✓", "K", "R↑", "n/a", "K",
        ],
        "swiftui scroll-dismisses=immediately": [
            "–", "R↑", "K", "M", "K ✓", "K", "T", "K", "⏎ R↑", "K ✓", "R→", "K ✓", "K", "R↑", "n/a", "R→",
        ],
        "android": ["–", "R↓", "K", "M~", "R↓ ✓", "R↓", "T", "K", "⏎ R↓", "R↓ ✓", "R↓", "R↓ ✓", "R↓", "R↓", "n/a", "R↓"],
        // The ACTION_UP snippet checks after super.dispatchTouchEvent: email is focused by then.
        "android trigger=up": ["–", "H", "K", "M", "H ✓", "H", "T", "K", "⏎ H", "H ✓", "H", "H ✓", "H", "H", "n/a", "K"],
        // Jetpack Compose, `Modifier.pointerInput { detectTapGestures(onTap = …) }` on the content:
        // "If the first down event is consumed somewhere else, the entire gesture will be
        // skipped", and "if the pointer moves out of the input area, the position change is
        // consumed, or another gesture consumes the down or up events, the gestures are
        // considered canceled" (TapGestureDetector.kt): controls, rows and fields keep their
        // taps, a drag cancels, onTap comes with the pointer up.
        "android code=compose-clear-focus": [
            "–", "R↑", "K", "M", "K ✓", "R↑", "T", "K", "⏎ R↑", "K ✓", "K", "K ✓", "K", "R↑", "n/a", "K",
        ],
        // LocalSoftwareKeyboardController.hide(): "Hide the software keyboard"; focus is not touched.
        "android code=compose-hide": [
            "–", "H", "K", "M", "K ✓", "H", "T", "K", "⏎ H", "K ✓", "K", "K ✓", "K", "H", "n/a", "K",
        ],
        "flutter": ["–", "R↓", "K", "M", "R↓ ✓", "R↓", "T", "R↺", "⏎ R↓", "R↓ ✓", "R↓", "R↓ ✓", "R↓", "R↓", "n/a", "K"],
        "flutter consume-outside-taps=on": [
            "–", "R↓", "K", "M", "R↓ ✗", "R↓", "T", "R↺", "⏎ R↓", "R↓ ✗", "R↓", "R↓ ✗", "R↓", "R↓", "n/a", "K",
        ],
        "flutter gesture-detector=on": [
            "–", "R↑", "K", "M", "K ✓", "R↑", "T", "K", "⏎ R↑", "K ✓", "K", "K ✓", "K", "R↑", "n/a", "K",
        ],
        // Inside the scroll view, the detector is as tall as the content: the matrix's background
        // point lies within it, so no cell changes (FlutterDetectorPlacementTests plays the
        // empty space below a short page's content, where it does).
        "flutter gesture-detector=on detector-inside=on": [
            "–", "R↑", "K", "M", "K ✓", "R↑", "T", "K", "⏎ R↑", "K ✓", "K", "K ✓", "K", "R↑", "n/a", "K",
        ],
        "react-native": ["–", "R↑", "K", "M", "R↑ ✗", "R↑", "T", "K", "⏎ R↑", "R↑ ✗", "K", "R↑ ✗", "K", "R↑", "n/a", "K"],
        "react-native persist-taps=handled": [
            "–", "R↑", "K", "M", "K ✓", "R↑", "T", "K", "⏎ R↑", "K ✓", "K", "K ✓", "K", "R↑", "n/a", "K",
        ],
        // <TouchableWithoutFeedback onPress={Keyboard.dismiss}> around the screen: the
        // responder system bubbles "up from the deepest component", so the wrapper, outermost,
        // is asked last. Under `never` (and `handled`) the ScrollView takes the tap first and
        // blurs itself: the wrapper changes nothing. Under `always` it alone dismisses
        // (Keyboard.dismiss(): "Dismisses the active keyboard and removes focus"), where no
        // child takes the tap; a drag scrolls the ScrollView, which takes the gesture over.
        "react-native wrapper=touchable": [
            "–", "R↑", "K", "M", "R↑ ✗", "R↑", "T", "K", "⏎ R↑", "R↑ ✗", "K", "R↑ ✗", "K", "R↑", "n/a", "K",
        ],
        "react-native persist-taps=always wrapper=touchable": [
            "–", "R↑", "K", "M", "K ✓", "R↑", "T", "K", "⏎ R↑", "K ✓", "K", "K ✓", "K", "R↑", "n/a", "K",
        ],
        "react-native persist-taps=always": [
            "–", "K", "K", "M", "K ✓", "K", "T", "K", "⏎ K", "K ✓", "K", "K ✓", "K", "K", "n/a", "K",
        ],
    ]

    /// Every key of the table: each registered technique, and the option settings above.
    nonisolated static var variants: [String] { expected.keys.sorted() }

    @Test("the table holds every registered technique")
    func everyTechnique() {
        for id in TechniqueID.allCases {
            #expect(Self.expected[id.rawValue] != nil, "no expected outcomes for \(id): add its row to this table")
        }
        #expect(DismissalMatrix.cases.count == 16)
    }

    @Test("each technique and option gives the expected code on every case", arguments: variants)
    func codes(_ variant: String) throws {
        let words = variant.split(separator: " ").map(String.init)
        let technique = TechniqueID(words[0])
        let options = try words.dropFirst().map { try OptionAssignment($0, technique: technique) }
        let expected = try #require(Self.expected[variant])
        for (matrixCase, code) in zip(DismissalMatrix.cases, expected) {
            let cell = DismissalMatrix.run(matrixCase, in: technique, options: options)
            #expect(cell.code == code, "\(variant), case \(matrixCase.number) (\(matrixCase.title)): \(cell.words)")
        }
    }
}
