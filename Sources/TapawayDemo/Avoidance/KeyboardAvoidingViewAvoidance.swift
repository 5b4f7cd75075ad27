import TapawayKit

/// `kav-height`, `kav-position`, `kav-padding`: React Native's `KeyboardAvoidingView` wrapped
/// around the screen's content, with `behavior` `height`, `position` or `padding`. On every
/// keyboard will-change-frame (iOS) it computes how much of its own frame the keyboard covers,
/// `max(frame.y + frame.height - (keyboard.screenY - keyboardVerticalOffset), 0)`, and, eased
/// over the keyboard's duration (`LayoutAnimation`):
///
/// - `height` takes that much off its height;
/// - `position` moves its content container up by that much (`bottom`), the top going under
///   the navigation bar;
/// - `padding` adds that much bottom padding, so its children lay out above it.
///
/// Its frame comes from `onLayout`, which is relative to its parent, while the keyboard's
/// `screenY` is in the screen: under a navigation bar the two disagree by the bar's height,
/// which the documented `keyboardVerticalOffset` (0 by default, as here) exists to make up. So
/// with the default the content stops short of the keyboard's top by the bar's height, and
/// that much of its bottom stays covered, as on a device.
@MainActor
package final class KeyboardAvoidingViewAvoidance: KeyboardAvoidance {
    /// The values of React Native's `behavior` prop, which say how the view makes room.
    package enum Behavior: String, Sendable {
        /// Shrinks the view's height.
        case height
        /// Moves the content container up.
        case position
        /// Pads the view's bottom.
        case padding
    }

    /// How this view makes room for the keyboard, as its `behavior` prop says.
    package let behavior: Behavior
    /// The `keyboardVerticalOffset` prop: 0, the default.
    package var keyboardVerticalOffset = 0.0
    /// Whether the content is laid out short of the screen's bottom.
    private var avoiding = false
    /// Eases the frame changes along with the keyboard's slide.
    private let slider = FrameSlider()
    /// The numbers used last.
    package private(set) var numbers: AvoidanceNumbers

    /// A KeyboardAvoidingView with `behavior`.
    package init(behavior: Behavior) {
        self.behavior = behavior
        numbers = AvoidanceNumbers(strategy: "kav-\(behavior.rawValue)")
    }

    /// Follows will-change-frame (shown or hidden).
    package func keyboard(_ change: KeyboardChange, in screen: FormViewController) {
        guard change.phase == .willChangeFrame else { return }
        apply(screen, keyboard: change.end, duration: change.duration)
    }

    /// Gives the content the whole screen back at once.
    package func restore(_ screen: FormViewController) {
        numbers = AvoidanceNumbers(strategy: numbers.strategy)
        guard avoiding else { return }
        avoiding = false
        slider.cancel()
        screen.layOutContent(in: screen.view.bounds)
    }

    /// The height of the keyboard relative to the view, as the component computes it: its
    /// layout frame is relative to its parent (the screen's view, so its `y` is 0), the
    /// keyboard's `screenY` relative to the screen.
    package func relativeKeyboardHeight(frame: Rect, keyboardScreenY: Double) -> Double {
        max(frame.minY + frame.height - (keyboardScreenY - keyboardVerticalOffset), 0)
    }

    /// Lays the content out for the keyboard at `keyboard`, eased over `duration`.
    private func apply(_ screen: FormViewController, keyboard: Rect, duration: Double) {
        let bounds = screen.view.bounds
        let device = screen.view.application?.deviceFrame ?? .zero
        let screenY = keyboard.minY - device.minY
        let relative = relativeKeyboardHeight(
            frame: Rect(x: 0, y: 0, width: bounds.width, height: bounds.height), keyboardScreenY: screenY)
        let area: Rect
        switch behavior {
        case .height, .padding:
            area = Rect(x: 0, y: 0, width: bounds.width, height: bounds.height - relative)
        case .position:
            area = Rect(x: 0, y: -relative, width: bounds.width, height: bounds.height)
        }
        avoiding = relative > 0
        let onScreen = keyboard.minY < device.maxY - 0.5
        numbers.keyboard = onScreen ? screen.inDevice(keyboard) : nil
        numbers.overlap = max(0, screen.view.frameInScreen.maxY - keyboard.minY)
        numbers.shift = relative
        screen.layOutContent(in: area, duration: duration)
    }
}
