import CX11
import Glibc
import TapawayKit

/// The X `CLIPBOARD` selection as the Kit's `Clipboard`.
///
/// Setting text takes ownership of `CLIPBOARD` and keeps the text here; other clients' requests
/// for `TARGETS`, `UTF8_STRING`, `TEXT`, `text/plain;charset=utf-8`, `STRING` and `TIMESTAMP`
/// are answered from the run loop. Reading text while another client owns the clipboard asks
/// for `UTF8_STRING` (then `STRING`) and waits up to a second for the answer, incremental
/// (`INCR`) transfers included.
final class X11Clipboard: Clipboard {
    private let display: OpaquePointer
    /// The invisible window that owns the selection and receives conversions.
    let window: UInt
    private let clipboardAtom: Atom
    private let utf8Atom: Atom
    private let targetsAtom: Atom
    private let textAtom: Atom
    private let plainUTF8Atom: Atom
    private let incrAtom: Atom
    private let timestampAtom: Atom
    private let propertyAtom: Atom
    private let stringAtom = Atom(31)   // XA_STRING
    private let atomAtom = Atom(4)      // XA_ATOM
    private let integerAtom = Atom(19)  // XA_INTEGER

    private var owned: String?
    private var ownedSince: UInt = 0
    /// The time of the latest user event, for `XSetSelectionOwner` and `XConvertSelection`.
    var lastEventTime: UInt = 0
    /// How long a read waits for the owner to answer, in seconds.
    var timeout = 1.0

    init(display: OpaquePointer) {
        self.display = display
        let root = XRootWindow(display, XDefaultScreen(display))
        var attributes = XSetWindowAttributes()
        attributes.event_mask = PropertyChangeMask
        window = XCreateWindow(display, root, -10, -10, 1, 1, 0, 0, UInt32(InputOnly), nil,
                               UInt(CWEventMask), &attributes)
        func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }
        clipboardAtom = atom("CLIPBOARD")
        utf8Atom = atom("UTF8_STRING")
        targetsAtom = atom("TARGETS")
        textAtom = atom("TEXT")
        plainUTF8Atom = atom("text/plain;charset=utf-8")
        incrAtom = atom("INCR")
        timestampAtom = atom("TIMESTAMP")
        propertyAtom = atom("TAPAWAY_CLIPBOARD")
    }

    /// The clipboard's text: ours when we own `CLIPBOARD`, else fetched from its owner (nil
    /// when nobody owns it, the owner has no text, or it does not answer in time).
    var text: String? {
        get {
            if let owned { return owned }
            return fetch(target: utf8Atom) ?? fetch(target: stringAtom)
        }
        set {
            if let newValue {
                owned = newValue
                ownedSince = lastEventTime
                XSetSelectionOwner(display, clipboardAtom, window, lastEventTime)
                if XGetSelectionOwner(display, clipboardAtom) != window {
                    writeErrorLine("tapaway: could not take ownership of the X clipboard; the copy stays inside Tapaway")
                }
            } else if owned != nil {
                owned = nil
                XSetSelectionOwner(display, clipboardAtom, 0, lastEventTime)
            }
        }
    }

    // MARK: Serving other clients

    /// Handles selection events for the clipboard window; returns true when the event was one.
    func handle(_ event: inout XEvent) -> Bool {
        switch event.type {
        case SelectionRequest:
            guard event.xselectionrequest.owner == window else { return false }
            answer(event.xselectionrequest)
            return true
        case SelectionClear:
            guard event.xselectionclear.window == window else { return false }
            if event.xselectionclear.selection == clipboardAtom { owned = nil }
            return true
        default:
            return false
        }
    }

    private func answer(_ request: XSelectionRequestEvent) {
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.send_event = 1
        reply.xselection.display = display
        reply.xselection.requestor = request.requestor
        reply.xselection.selection = request.selection
        reply.xselection.target = request.target
        reply.xselection.time = request.time
        reply.xselection.property = 0
        // Obsolete clients pass no property: use the target's name.
        let property = request.property != 0 ? request.property : request.target
        if request.selection == clipboardAtom, let text = owned,
           request.time == 0 || ownedSince == 0 || request.time >= ownedSince,
           store(text, target: request.target, on: request.requestor, property: property) {
            reply.xselection.property = property
        }
        XSendEvent(display, request.requestor, 0, 0, &reply)
        XFlush(display)
    }

    /// Writes `text` as `target` to `property` of `requestor`; false for targets we don't offer.
    private func store(_ text: String, target: Atom, on requestor: UInt, property: Atom) -> Bool {
        let limit = max(XExtendedMaxRequestSize(display), XMaxRequestSize(display)) * 4 - 256
        if target == targetsAtom {
            let atoms: [Atom] = [targetsAtom, utf8Atom, plainUTF8Atom, textAtom, stringAtom, timestampAtom]
            atoms.withUnsafeBytes { bytes in
                _ = XChangeProperty(display, requestor, property, atomAtom, 32, PropModeReplace,
                                    bytes.bindMemory(to: UInt8.self).baseAddress, Int32(atoms.count))
            }
            return true
        }
        if target == timestampAtom {
            let stamp: [UInt] = [ownedSince]
            stamp.withUnsafeBytes { bytes in
                _ = XChangeProperty(display, requestor, property, integerAtom, 32, PropModeReplace,
                                    bytes.bindMemory(to: UInt8.self).baseAddress, 1)
            }
            return true
        }
        let bytes: [UInt8]
        let type: Atom
        if target == utf8Atom || target == textAtom || target == plainUTF8Atom {
            bytes = Array(text.utf8)
            type = target == plainUTF8Atom ? plainUTF8Atom : utf8Atom
        } else if target == stringAtom {
            bytes = text.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") }
            type = stringAtom
        } else {
            return false
        }
        // Larger texts would need the INCR protocol; a form's clipboard never gets near this.
        guard bytes.count <= limit else { return false }
        bytes.withUnsafeBufferPointer { buffer in
            _ = XChangeProperty(display, requestor, property, type, 8, PropModeReplace,
                                buffer.baseAddress, Int32(buffer.count))
        }
        return true
    }

    // MARK: Reading from another client

    private func fetch(target: Atom) -> String? {
        XDeleteProperty(display, window, propertyAtom)
        XConvertSelection(display, clipboardAtom, target, propertyAtom, window, lastEventTime)
        XFlush(display)
        let deadline = now() + timeout
        var event = XEvent()
        guard waitFor(SelectionNotify, event: &event, until: deadline) else { return nil }
        guard event.xselection.property != 0 else { return nil }
        // Notifications of the owner writing the property came before its SelectionNotify:
        // drop them so that only chunks written from now on count.
        while XCheckTypedWindowEvent(display, window, PropertyNotify, &event) != 0 {}
        guard let (type, data) = readProperty(delete: true) else { return nil }
        var bytes = data
        if type == incrAtom {
            // Incremental: every new value of the property is the next chunk; an empty one ends it.
            bytes = []
            while true {
                guard waitForNewValue(event: &event, until: now() + timeout) else { return nil }
                guard let (_, chunk) = readProperty(delete: true) else { continue }
                if chunk.isEmpty { break }
                bytes += chunk
            }
        }
        if type == stringAtom {
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func readProperty(delete: Bool) -> (Atom, [UInt8])? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, window, propertyAtom, 0, 0x1FFF_FFFF, delete ? 1 : 0,
                                        0 /* AnyPropertyType */, &type, &format, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == 0 /* Success */, type != 0 else { return nil }
        let byteCount: Int
        switch format {
        case 8: byteCount = Int(count)
        case 16: byteCount = Int(count) * MemoryLayout<Int16>.size
        default: byteCount = Int(count) * MemoryLayout<Int>.size
        }
        guard let data, byteCount > 0 else { return (type, []) }
        return (type, Array(UnsafeBufferPointer(start: data, count: byteCount)))
    }

    /// Waits for an event of `type` on the clipboard window, leaving other events queued.
    private func waitFor(_ type: Int32, event: inout XEvent, until deadline: Double) -> Bool {
        while true {
            if XCheckTypedWindowEvent(display, window, type, &event) != 0 { return true }
            guard sleepOnConnection(until: deadline) else { return false }
        }
    }

    /// Waits for a new value of the transfer property (an INCR chunk).
    private func waitForNewValue(event: inout XEvent, until deadline: Double) -> Bool {
        while true {
            while XCheckTypedWindowEvent(display, window, PropertyNotify, &event) != 0 {
                if event.xproperty.atom == propertyAtom && event.xproperty.state == PropertyNewValue { return true }
            }
            guard sleepOnConnection(until: deadline) else { return false }
        }
    }

    /// Blocks until the connection is readable or `deadline` passes; false on timeout.
    private func sleepOnConnection(until deadline: Double) -> Bool {
        let left = deadline - now()
        guard left > 0 else { return false }
        var descriptor = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, Int32(max(1, (left * 1000).rounded(.up))))
        return true
    }

    private func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }

    /// Gives up the clipboard and destroys its window.
    func destroy() {
        if owned != nil { XSetSelectionOwner(display, clipboardAtom, 0, lastEventTime) }
        owned = nil
        XDestroyWindow(display, window)
    }
}
