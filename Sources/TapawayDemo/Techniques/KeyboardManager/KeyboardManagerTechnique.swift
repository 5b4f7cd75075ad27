import KeyboardManager
import TapawayKit
import TapawayScreen

extension TechniqueID {
    /// The one-line keyboard manager (after IQKeyboardManager).
    package static let keyboardManager = TechniqueID("keyboard-manager")
}

/// `keyboard-manager`: the one-line manager (after IQKeyboardManager): resign on touch outside without
/// eating the tap, a Prev / Next / Done toolbar, automatic scrolling, Return to the next field.
///
/// The screen is the form alone; `KeyboardManager.shared` does the rest.
enum KeyboardManagerTechnique: DismissalTechnique {
    static let id = TechniqueID.keyboardManager
    static let title = "Keyboard manager"
    static let platform = TechniquePlatform.uikit
    static let summary = "One line: toolbar, scrolling, resign on touch outside."

    @MainActor static func makeScreen(showing document: ScreenDocument?) -> FormViewController {
        KeyboardManagerViewController(document: document)
    }

    /// The app's one line, and the adapter that turns the manager's decisions into the app's.
    @MainActor static func setUp(in application: Application) -> AnyObject? { KeyboardManagerAdapter(application: application) }

    /// The distance the manager keeps for the field.
    @MainActor static func keypadMargin(for focused: View) -> Double? { KeyboardManager.shared.keyboardDistance(for: focused) }

    /// The manager's own groups and Prev / Next order.
    @MainActor static func focusRegions(for focused: View?, in window: Window) -> FocusRegions {
        guard let focused else { return FocusRegions(inside: [], order: FocusNavigation.readingOrder(in: window)) }
        return FocusRegions(
            inside: KeyboardManager.shared.groupedViews(for: focused),
            order: KeyboardManager.shared.orderedInputs(around: focused))
    }

    static let charter: [Experiment: String] = [
        .submit: "Keeps the keypad up and the button fires: the manager ignores controls.",
        .row:
            "A quick click resigns and the row does not select: the manager's tap wins over the table's selection. Hold it past the scroll view's 150 ms delay and the row selects while focus stays.",
        .pinnedFinger:
            "Resigns when the background tap lifts: like IQKeyboardManager's, its recognizer never receives a touch on a control, and the held field is one, so it sees a one-finger tap. The held finger's lift then focuses the field again.",
        .drag: "Keeps the keypad: a drag or scroll beyond 10 px never dismisses.",
        .navigationBar: "Keeps focus: the manager ignores the navigation bar.",
        .returnKey: "Return moves to the next field, and resigns after the last; notes adds a line.",
        .otherField: "Focus moves in one step and the keypad stays up; the toolbar's arrows follow.",
        .pinch: "Keeps focus: a pinch is not a tap.",
        .switchOrCaption: "The switch flips and focus stays: controls are ignored. A tap on the caption resigns.",
        .refusingField:
            "Keeps the field: the manager's resignFirstResponder() asks, and the delegate says no.",
        .toolbarDone: "The toolbar's Done resigns the field on the button's touch-up.",
    ]
}

/// The `keyboard-manager` screen: the form alone; `KeyboardManager.shared` does the rest, enabled
/// for this screen's class by the app's one line.
@MainActor
package final class KeyboardManagerViewController: FormViewController {
    /// Creates the screen showing `document` (nil: the shipped screens).
    package init(document: ScreenDocument? = nil) { super.init(technique: .keyboardManager, document: document) }

    /// Its own avoidance: the manager scrolls, or moves the screen when there is no scroll view.
    package override var platformAvoidance: AvoidanceKind { .keyboardManager }

    /// A sheet's controller the manager is on for, as IQKeyboardManager is for every one, but an
    /// alert's: "Disabled classes to ignore 'shouldResignOnTouchOutside' property … Default is
    /// [UIAlertController, UIAlertControllerTextFieldViewController]" (IQKeyboardManager's
    /// `disabledTouchResignedClasses`; its toolbar and distance handling leave alerts alone too).
    override func makeSheetController(for spec: SheetPresentation) -> SheetViewController {
        spec.style == "alert" ? SheetViewController() : KeyboardManagerSheetViewController()
    }

    /// Another avoidance turns the manager's own distance handling off for this screen, as
    /// IQKeyboardManager's `disabledDistanceHandlingClasses` does, so the two never fight.
    package override func effectiveAvoidanceDidChange(to kind: AvoidanceKind) {
        let manager = KeyboardManager.shared
        manager.disabledDistanceHandlingClasses.removeAll { $0 == KeyboardManagerViewController.self }
        if kind != .keyboardManager { manager.disabledDistanceHandlingClasses.append(KeyboardManagerViewController.self) }
    }
}

/// The view controller of a sheet the keyboard manager's screen presents: IQKeyboardManager is
/// on for every view controller unless told otherwise, the sheet's too.
final class KeyboardManagerSheetViewController: SheetViewController {}
