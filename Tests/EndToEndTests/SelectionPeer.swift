import CX11
import Foundation
import Glibc

/// Another X client on the clipboard, over its own connection: it asks an owner for conversions
/// the way a program pasting does (`MULTIPLE` included), and can own a selection itself to play
/// a clipboard manager (`CLIPBOARD_MANAGER`, asked for `SAVE_TARGETS`).
final class SelectionPeer {
    let display: OpaquePointer
    /// The peer's window: the requestor of its conversions and the owner of its selections.
    let window: UInt

    /// Connects to the display `displayName`, for example `:3`.
    init(displayName: String) throws {
        try Xlib.prepare()
        guard let display = XOpenDisplay(displayName) else {
            throw EndToEndError("XOpenDisplay(\(displayName)) failed")
        }
        self.display = display
        let root = XRootWindow(display, XDefaultScreen(display))
        window = XCreateSimpleWindow(display, root, -10, -10, 1, 1, 0, 0, 0)
        XSelectInput(display, window, PropertyChangeMask)
        XSync(display, 0)
    }

    deinit {
        XDestroyWindow(display, window)
        XCloseDisplay(display)
    }

    /// The atom named `name`, made if need be.
    func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }

    /// The name of an atom ("None" for 0).
    func name(of atom: Atom) -> String {
        guard atom != 0, let name = XGetAtomName(display, atom) else { return "None" }
        defer { XFree(name) }
        return String(cString: name)
    }

    /// Sets `property` of `window` (the peer's by default) to a list of atoms of type `type`.
    func setAtoms(_ atoms: [Atom], type: Atom, on property: Atom, of window: UInt? = nil) {
        atoms.withUnsafeBytes { bytes in
            _ = XChangeProperty(
                display, window ?? self.window, property, type, 32, PropModeReplace,
                bytes.bindMemory(to: UInt8.self).baseAddress, Int32(atoms.count))
        }
        XSync(display, 0)
    }

    /// A property of `window` (the peer's by default): its type and items (bytes for format 8,
    /// C longs for format 32); nil when it does not exist.
    func property(_ property: Atom, of window: UInt? = nil) -> (type: Atom, items: [UInt])? {
        var type: Atom = 0, format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard
            XGetWindowProperty(
                display, window ?? self.window, property, 0, 1 << 24, 0, 0 /* AnyPropertyType */,
                &type, &format, &count, &remaining, &data) == Success, type != 0
        else { return nil }
        defer { if let data { XFree(data) } }
        guard let data else { return (type, []) }
        if format == 8 { return (type, (0..<Int(count)).map { UInt(data[$0]) }) }
        let items = data.withMemoryRebound(to: UInt.self, capacity: Int(count)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(count)))
        }
        return (type, items)
    }

    /// A format-8 property of the peer's window as UTF-8 text.
    func text(of property: Atom) -> String? {
        self.property(property).map { String(decoding: $0.items.map { UInt8($0) }, as: UTF8.self) }
    }

    /// Asks the owner of `selection` to convert it to `target` into `property` of the peer's
    /// window, and waits for its answer: the property it names (0 when it refused), or nil when
    /// none came within `timeout` seconds.
    func convert(_ selection: Atom, to target: Atom, into property: Atom, timeout: Double = 10) -> Atom? {
        XConvertSelection(display, selection, target, property, window, 0 /* CurrentTime */)
        XFlush(display)
        let deadline = Date().addingTimeInterval(timeout)
        var event = XEvent()
        while Date() < deadline {
            if XCheckTypedWindowEvent(display, window, SelectionNotify, &event) != 0 {
                return event.xselection.property
            }
            waitForEvents(until: deadline)
        }
        return nil
    }

    /// Takes `selection` for the peer's window; false when the server did not give it.
    func own(_ selection: Atom) -> Bool {
        XSetSelectionOwner(display, selection, window, 0 /* CurrentTime */)
        XSync(display, 0)
        return XGetSelectionOwner(display, selection) == window
    }

    /// Blocks until the server sends the peer something new or `deadline` passes: a wait on the
    /// connection itself, not a sleep. (What Xlib has already queued was looked at by the caller.)
    private func waitForEvents(until deadline: Date) {
        var descriptor = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(max(0, min(deadline.timeIntervalSinceNow, 1)) * 1000) + 1
        _ = poll(&descriptor, 1, milliseconds)
    }

    /// Waits up to `timeout` seconds for a request to convert a selection the peer owns.
    func waitForRequest(timeout: Double) -> XSelectionRequestEvent? {
        let deadline = Date().addingTimeInterval(timeout)
        var event = XEvent()
        while Date() < deadline {
            if XCheckTypedWindowEvent(display, window, SelectionRequest, &event) != 0 { return event.xselectionrequest }
            waitForEvents(until: deadline)
        }
        return nil
    }

    /// Answers `request` with `property` (0: refused).
    func answer(_ request: XSelectionRequestEvent, property: Atom) {
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.requestor = request.requestor
        reply.xselection.selection = request.selection
        reply.xselection.target = request.target
        reply.xselection.property = property
        reply.xselection.time = request.time
        XSendEvent(display, request.requestor, 0, 0, &reply)
        XSync(display, 0)
    }
}
