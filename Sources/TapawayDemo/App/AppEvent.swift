import TapawayKit

/// What the app tells its observers about itself, beyond what the application and the window's
/// decisions say: the trace wiring writes a line for each (see the README's trace table), in
/// the order they happen.
package enum AppEvent {
    /// The first frame is on screen, showing `scenario` on the device `model` states.
    case ready(scenario: TechniqueID, model: Tracer.DeviceState)
    /// The device or its orientation changed, and the device now fills `frame`.
    case device(Tracer.DeviceState, frame: Rect)
    /// A tap selected a list row (`id`), or a screen file's wiring ran an app action: `event`
    /// is `select` or the action's name, `id` the element.
    case action(id: String?, event: String)
    /// The avoidance numbers of `screen` changed.
    case avoidance(AvoidanceNumbers, screen: TechniqueID)
    /// Android's Back went to `took` (`keyboard`, `dialog`, `app`, `nothing`), with `focused`
    /// the text input focused afterwards.
    case systemBack(took: String, focused: String?)
    /// The keyboard's focus in the chrome moved to the item `id` (nil: back to the device).
    case chromeFocus(id: String?)
    /// The Audit instrument's findings are ready: `cases` played under `technique`.
    case audit(technique: TechniqueID, cases: Int, findings: Int)
    /// A matrix case began playing in the window.
    case caseStarted(number: Int, technique: TechniqueID, expected: String, evidence: String?)
    /// The case playing in the window finished: the matrix expected `expected`, the technique
    /// did `did`.
    case caseFinished(number: Int, technique: TechniqueID, expected: String, did: String, evidence: String?)
}
