/// One input as the platform delivers it to the application, before any handling: what a
/// recorder writes down and a replayer feeds back.
public enum PlatformInput: Equatable, Sendable {
    /// A finger changed (`id` names it while it is down).
    case pointer(id: Int, phase: TouchPhase, at: Point)
    /// A key press, already through the input method.
    case key(KeyInput)
    /// A wheel or touchpad scroll at a point.
    case scroll(delta: Point, at: Point)
    /// The screen (top-level window) changed size.
    case resize(Size)
}
