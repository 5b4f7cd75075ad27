/// One input as the platform delivers it to the application, before any handling: what a
/// recorder writes down and a replayer feeds back.
public enum PlatformInput: Equatable, Sendable {
    /// A finger changed (`id` names it while it is down).
    case pointer(id: Int, phase: TouchPhase, at: Point)
    /// Several fingers changed in one event (a pinch pair going down, moving or lifting together).
    case pointers([PointerChange])
    /// A key press, already through the input method.
    case key(KeyInput)
    /// A wheel or touchpad scroll at a point.
    case scroll(delta: Point, at: Point)
    /// The screen (top-level window) changed size.
    case resize(Size)
}

/// One finger's change within a pointer event.
public struct PointerChange: Equatable, Sendable {
    /// The finger (it keeps this id while it is down).
    public var id: Int
    /// What happened to it.
    public var phase: TouchPhase
    /// Where it is, in screen coordinates.
    public var at: Point

    /// Creates the change of finger `id` to `phase` at `at`.
    public init(id: Int, phase: TouchPhase, at: Point) {
        self.id = id
        self.phase = phase
        self.at = at
    }
}
