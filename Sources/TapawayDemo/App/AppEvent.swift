import TapawayKit

/// What the app tells its observers about itself and the program running it, beyond what the
/// application and the window's decisions say: the trace wiring writes a line for each (see the
/// README's trace table), in the order they happen.
///
/// The executable reports its own facts (frames, core dumps, recording, replay, the
/// accessibility bus, idleness) here too, so that every line is written under Trace/.
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
    /// The program is idle: every input handled, nothing to draw (`mark` is the last `--mark`
    /// seen, if any).
    case idle(mark: Int?)
    /// A frame was painted: it began at `start` and took `duration` seconds
    /// (`TAPAWAY_FRAME_STATS`).
    case frame(start: Double, duration: Double, animating: Bool)
    /// The kernel now does (or does not) let the process leave a core file.
    case coreDumps(allowed: Bool)
    /// Recording the input to `path` started.
    case recordingStarted(path: String)
    /// Recording to `path` stopped after `inputs` inputs.
    case recordingStopped(path: String, inputs: Int)
    /// A replay of `inputs` inputs from `path` started.
    case replayStarted(path: String, inputs: Int)
    /// The replay finished after feeding `inputs` inputs.
    case replayFinished(inputs: Int)
    /// The accessibility bridge's connection `event` (`registered`, `closed`), with its reason.
    case accessibility(event: String, reason: String?)
}
