extension Application {
    /// Activates `view` as a screen reader does when its user double-taps it (or an AT-SPI client calls
    /// its action): the view's `accessibilityActivate()`, and no touch.
    ///
    /// So no window's `sendEvent(_:)`, no gesture recognizer and no touch observer sees it, as on UIKit
    /// (`accessibilityActivate()`), Android (`performAccessibilityAction` with `ACTION_CLICK`) and
    /// Flutter (`SemanticsAction.tap`, which runs the node's tap handler and sends no pointer event).
    /// The observers hear of it after the view acted; a frame follows.
    @discardableResult
    public func activateAccessibly(_ view: View) -> AccessibilityActivation {
        let action = view.accessibilityActionName ?? "activate"
        let usable = view.window != nil && view.isVisibleInHierarchy && view.isUserInteractionEnabledInHierarchy
        let handled = usable && view.accessibilityActivate()
        let activation = AccessibilityActivation(
            identifier: view.identifier, role: view.accessibilityRole, action: action, handled: handled)
        accessibilityActivationObservers.notify((view, activation))
        setNeedsFrame()
        return activation
    }
}
