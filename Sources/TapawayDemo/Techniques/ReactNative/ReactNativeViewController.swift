import TapawayKit
import TapawayScreen

/// The `react-native` screen: the form as a React Native `ScrollView`.
///
/// The scroll views' responder handlers are modelled in `willDeliver`: a scroll view takes a touch at
/// its start (the capture phase) under `never`, or when no child takes it under `handled`, and on
/// release blurs the focused input unless it scrolled meanwhile. A screen file's nested scroll views
/// are React Native scroll views too, each with its own `keyboardShouldPersistTaps` (`never` unless the
/// file says otherwise): the capture phase runs from the outermost scroll view in, so an outer one left
/// at `never` takes the touch before an inner `handled` one is asked.
///
/// ```jsx
/// <ScrollView keyboardShouldPersistTaps="never" keyboardDismissMode="none">
///   <TextInput placeholder="Name" />
///   …
/// </ScrollView>
/// ```
@MainActor
package final class ReactNativeViewController: FormViewController {
    /// The values of `keyboardShouldPersistTaps`.
    typealias PersistTaps = ReactNativeScrollResponder.PersistTaps

    /// React Native documents `alwaysBounceVertical` (iOS) as true by default for a vertical
    /// `ScrollView`, so a drag begins even on a form that fits.
    package override var platformBouncesWhenContentFits: Bool { true }

    /// The screen's scroll view's `keyboardShouldPersistTaps`.
    var persistTaps: PersistTaps {
        get { responder.rootPersistTaps ?? .never }
        set { responder.rootPersistTaps = newValue }
    }
    /// Whether the screen is wrapped in `<TouchableWithoutFeedback onPress={Keyboard.dismiss}>`.
    var dismissingWrapper: Bool {
        get { responder.dismissingWrapper }
        set { responder.dismissingWrapper = newValue }
    }
    /// The scroll views' responder handlers; the form is a scroll view whatever the file's root.
    private lazy var responder = ReactNativeScrollResponder(screen: self, rootPersistTaps: .never)

    /// Creates the screen showing `document` (nil: the shipped screens).
    package init(document: ScreenDocument? = nil) { super.init(technique: .reactNative, document: document) }

    /// The scroll views' responder handlers.
    package override func willDeliver(_ event: Event, in window: AppWindow) { responder.willDeliver(event, in: window) }
}
