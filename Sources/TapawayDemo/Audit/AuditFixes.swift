import TapawayScreen

/// The one-line fix for each kind of finding, in the terms of the technique's platform: what a
/// developer on that platform changes, naming the API they know.
package enum AuditFixes {
    /// The fix for a sheet's background that does not end editing under `technique`: the
    /// dismissal was put on the presenting screen only.
    package static func sheetFix(under technique: TechniqueID) -> String {
        switch Techniques.technique(for: technique)?.platform {
        case .swiftUI:
            return "A .sheet's content is a view hierarchy of its own: give it the same .onTapGesture and @FocusState "
                + "binding as the screen that presents it."
        case .android:
            return "A bottom sheet dialog is a window of its own, whose touches Activity.dispatchTouchEvent never sees: "
                + "override the dialog's dispatchTouchEvent the same way."
        case .reactNative:
            return "A <Modal> renders a native view hierarchy of its own: wrap its content in the same "
                + "TouchableWithoutFeedback onPress={Keyboard.dismiss}, or give its ScrollView the same "
                + "keyboardShouldPersistTaps."
        default:
            return "Put the same dismissal in the sheet's own view controller (its view's recognizer, background control "
                + "or touchesBegan), or use one that covers every screen of the window (a UIWindow subclass's sendEvent, "
                + "IQKeyboardManager's resignOnTouchOutside)."
        }
    }

    /// The fix for `kind` when a search controller's dimming view took the tap: Apple
    /// recommends `obscuresBackgroundDuringPresentation = false` "if you use the same view
    /// controller to display the searchable content and search results".
    package static func searchDimmingFix(for kind: FindingKind) -> String {
        switch kind {
        case .dismissAlsoActs, .safeTapPoints:
            return fix(for: kind, under: .tapGesture)
        default:
            return "Set the search controller's obscuresBackgroundDuringPresentation = false, so that the content under "
                + "the search bar takes taps while it is searched (Apple recommends it when the same view controller "
                + "shows the content and the results)."
        }
    }

    /// The fix for `kind` under `technique`; under **As written**, in the terms of the platform
    /// the screen file is written for (a UIKit file's recognizers are tap-gesture's kind).
    package static func fix(for kind: FindingKind, under technique: TechniqueID, screen: ScreenPlatform? = nil) -> String {
        var technique = technique
        var platform = Techniques.technique(for: technique)?.platform ?? .uikit
        if technique == .asWritten, let screen {
            switch screen {
            case .uikit: (technique, platform) = (.tapGesture, .uikit)
            case .swiftui: platform = .swiftUI
            case .android: platform = .android
            case .flutter: platform = .flutter
            case .reactNative: platform = .reactNative
            }
        }
        if let special = specific[technique.rawValue]?[kind] { return special }
        return byPlatform[platform]?[kind] ?? general[kind] ?? ""
    }

    /// Fixes that belong to one technique.
    private static let specific: [String: [FindingKind: String]] = [
        "tap-gesture": [
            .firstTapEaten:
                "Set the dismiss recognizer's cancelsTouchesInView = false, or return false from gestureRecognizer(_:shouldReceive:) when touch.view is a UIControl.",
            .selectionSwallowed:
                "Set the dismiss recognizer's cancelsTouchesInView = false, so the cell's touches reach the table (IQKeyboardManager made the same change), or return false from gestureRecognizer(_:shouldReceive:) for a touch in the table.",
        ],
        "keyboard-manager": [
            .firstTapEaten:
                "Add the control's class to IQKeyboardManager's touchResignedGestureIgnoreClasses, so the resign recognizer ignores its touches.",
            .selectionSwallowed:
                "Add your cell class to touchResignedGestureIgnoreClasses, or turn resignOnTouchOutside off for this screen and use keyboardDismissMode = .onDrag.",
        ],
        "react-native": [
            .keyboardStays:
                "A Modal with presentationStyle=\"formSheet\" keeps the keyboard on iPad after the input blurs: present it as \"pageSheet\", or dismiss the Modal when editing should end.",
            .firstTapEaten:
                "Set keyboardShouldPersistTaps=\"handled\" on the ScrollView (and on every ScrollView above it), so the tap reaches the control.",
            .selectionSwallowed: "Set keyboardShouldPersistTaps=\"handled\" on the FlatList or ScrollView that holds the rows.",
        ],
        "flutter": [
            .firstTapEaten:
                "Leave TapRegion.consumeOutsideTaps false (the default), or put the control in the fields' TextFieldTapRegion.",
            .selectionSwallowed: "Leave TapRegion.consumeOutsideTaps false (the default), so the row's InkWell gets the tap.",
            .dismissAlsoActs:
                "If the control belongs with the field (a spinner, a send or a format button), wrap it in a TextFieldTapRegion: a tap on it then keeps the field focused.",
        ],
        "send-event": [
            .dismissAlsoActs:
                "Often wanted (one tap ends editing and acts). If the control should not end editing, skip touches on it in sendEvent; if it should only end editing, return early from its action."
        ],
    ]

    /// Fixes in each platform's terms.
    private static let byPlatform: [TechniquePlatform: [FindingKind: String]] = [
        .uikit: [
            .hiddenUnderKeyboard:
                "Avoid the keyboard: inset the scroll view by the keyboard's frame from keyboardWillChangeFrameNotification, or pin the content to view.keyboardLayoutGuide (iOS 15+).",
            .noWayOut:
                "Give the field a way out: returnKeyType = .done with textFieldShouldReturn resigning, or an inputAccessoryView toolbar with Done (a number pad has no Return).",
            .cannotBeLeft:
                "textFieldShouldEndEditing refuses to let go: show the validation message and let editing end, or validate when the form is submitted.",
            .twoTapsToSwitch:
                "Let a touch that lands in another text input pass: check whether touch.view is a UITextInput before resigning.",
            .deadZone:
                "The region is outside what the technique watches: add the same dismissal to that container (a tap recognizer on it, or keyboardDismissMode = .onDrag on its scroll view).",
            .dismissAlsoActs:
                "Decide which the tap is for: exclude the control from the dismissal, or check in its action whether editing was on.",
            .keyboardBounces: "Do not resign while a finger of the event is still on the field (look at event.allTouches).",
        ],
        .swiftUI: [
            .firstTapEaten:
                "Attach the dismissing tap to the background only (.background { Color.clear.contentShape(Rectangle()).onTapGesture { focus = nil } }), or use .simultaneousGesture.",
            .selectionSwallowed:
                "Use .simultaneousGesture(TapGesture().onEnded { focus = nil }) so the row's own tap still runs.",
            .hiddenUnderKeyboard:
                "Let the ScrollView avoid the keyboard (no .ignoresSafeArea(.keyboard)) and scroll the field into view with ScrollViewReader.",
            .noWayOut:
                "Add .submitLabel(.done) with .onSubmit { focus = nil }, or a keyboard toolbar: .toolbar { ToolbarItemGroup(placement: .keyboard) { Button(\"Done\") { focus = nil } } }.",
            .deadZone:
                "Texts and shapes in front of the background take the hit: give the container .contentShape(Rectangle()) and the same .onTapGesture, or use .scrollDismissesKeyboard(.immediately).",
        ],
        .android: [
            .hiddenUnderKeyboard:
                "Set android:windowSoftInputMode=\"adjustResize\" on the activity, and apply WindowInsets.ime yourself when the app draws edge-to-edge.",
            .noWayOut: "Give the field android:imeOptions=\"actionDone\" (the IME's action key then hides the keyboard).",
            .keyboardBouncesBetweenFields:
                "The IME restarts its input between fields; keep the layout stable (adjustResize) so the bounce does not move the screen.",
            .dismissAlsoActs:
                "dispatchTouchEvent clears focus and still passes the event on: return true without calling super if the tap should only dismiss.",
        ],
        .flutter: [
            .hiddenUnderKeyboard:
                "Keep Scaffold.resizeToAvoidBottomInset true and put the form in a scrollable (SingleChildScrollView or ListView).",
            .noWayOut:
                "Give the field textInputAction: TextInputAction.done (it unfocuses on submit), or onTapOutside: (_) => focusNode.unfocus().",
            .deadZone:
                "Wrap the region in the same GestureDetector(behavior: HitTestBehavior.opaque, onTap: unfocus), or use TextField.onTapOutside.",
            .keyboardBounces:
                "A Listener's onPointerDown also hears the field itself: unfocus from a TapRegion's onTapOutside (or TextField.onTapOutside), which skips the field's own group.",
        ],
        .reactNative: [
            .hiddenUnderKeyboard:
                "Wrap the screen in KeyboardAvoidingView (behavior \"padding\" on iOS), or set automaticallyAdjustKeyboardInsets on the ScrollView.",
            .noWayOut:
                "Set returnKeyType=\"done\" with blurOnSubmit (submitBehavior=\"blurAndSubmit\"), or call Keyboard.dismiss() from a control.",
            .deadZone:
                "The region is outside the ScrollView that blurs: wrap the screen in a Pressable with onPress={Keyboard.dismiss}, accessible={false}.",
            .keyboardBounces:
                "onTouchStart also fires for touches on the input: dismiss from a Pressable's onPress (accessible={false}) around the screen, which the input's own touch does not reach.",
        ],
        .everyPlatform: [
            .noWayOut:
                "Nothing ends editing on this screen: add a dismissal (a tap outside, a Done key or a toolbar), in your platform's terms.",
            .deadZone: "Nothing ends editing on a tap here: add a dismissal in your platform's terms.",
        ],
    ]

    /// Fixes that read the same on every platform.
    private static let general: [FindingKind: String] = [
        .firstTapEaten:
            "Let the control receive its tap: dismiss without taking the touch (at touch-down, or without cancelling it).",
        .selectionSwallowed: "Let the row receive its tap: dismiss without cancelling the touches of the tap.",
        .hiddenUnderKeyboard: "Avoid the keyboard: move or resize the content by the keyboard's height while it shows.",
        .noWayOut: "Give the field a way out: a Done key, a toolbar, or a tap outside that ends editing.",
        .cannotBeLeft: "The field refuses to end editing: validate on submit instead.",
        .twoTapsToSwitch: "Let a touch on another text input move focus: do not end editing when the touch lands on one.",
        .keyboardBouncesBetweenFields: "Move focus to the next field without ending editing first.",
        .deadZone: "Add the dismissal to the region's container too.",
        .dismissAlsoActs: "Decide whether the tap dismisses or acts, and keep the other from happening.",
        .keyboardBounces: "Do not end editing while a finger is still on the field.",
        .keyboardStays:
            "The form sheet keeps the keyboard after editing ends (UIKit's disablesAutomaticKeyboardDismissal is true for .formSheet): return false from it in the presented view controller (in a UINavigationController subclass when the sheet holds one), or present a page sheet.",
        .safeTapPoints: "Tap one of these points in UI tests to end editing with no side effect (tapaway audit --maestro).",
    ]
}
