import CX11
import Glibc
import TapawayKit

/// The X `CLIPBOARD` selection as the Kit's `Clipboard`, with the `PRIMARY` selection as its
/// `primary`.
///
/// Setting text takes ownership of the selection and keeps the text here; other clients'
/// requests for `TARGETS`, `UTF8_STRING`, `TEXT`, `text/plain;charset=utf-8`, `STRING`,
/// `TIMESTAMP` and `MULTIPLE` (several of those at once) are answered from the run loop, large
/// texts incrementally (`INCR`, in chunks the requestor asks for by deleting the property).
/// Reading text while another client owns the selection never blocks the run loop: it asks for
/// `UTF8_STRING` (then `STRING`) on a window of its own, and the answer, incremental transfers
/// included, comes in as the loop handles `SelectionNotify` and `PropertyNotify` events, while
/// input, pings and signals go on being answered. A transfer ends when its owner leaves three
/// seconds without an answer or chunk (`timeout`), after `receiveDeadline` seconds in all, or at
/// `incomingLimit` bytes (the rest dropped). Invalid UTF-8 from other clients becomes U+FFFD. On quit, `handOverToManager()` gives the clipboard's text to a
/// clipboard manager (`SAVE_TARGETS`), so that it outlives the program.
final class X11Clipboard: Clipboard {
    private let display: OpaquePointer
    /// The invisible window that owns the selections and receives conversions.
    let window: UInt
    let atoms: Atoms
    private lazy var clipboard = X11Selection(name: atoms.clipboard, host: self)
    private lazy var primarySelection = X11Selection(name: XA_PRIMARY_ATOM, host: self)
    /// Incremental transfers under way, to other clients.
    private var outgoing: [OutgoingTransfer] = []

    /// The time of the latest user event, for `XSetSelectionOwner` and `XConvertSelection`.
    var lastEventTime: UInt = 0
    /// How long a read waits for each answer or chunk of the owner, in seconds: generous, as
    /// waiting blocks nothing, and an owner on a loaded machine may be slow to answer.
    var timeout = 3.0
    /// The longest a read of another client's selection takes in all, in seconds, however its
    /// owner paces it (a chunk just within `timeout`, for ever, would otherwise never end).
    var receiveDeadline = 20.0
    /// The most bytes read of another client's selection: 16 MiB, more than any input takes (a text
    /// field keeps 10 000 characters of a paste; the notes view takes a paste of ten million).
    ///
    /// A larger transfer is cut there, on a character boundary, and the rest dropped.
    var incomingLimit = 16 << 20
    /// The read under way, if any, and the reads waiting for it to end.
    private var incoming: IncomingTransfer?
    private var waitingReads: [(selection: Atom, completion: (String?) -> Void)] = []
    /// Texts longer than this go incrementally, in chunks of `chunkSize` bytes.
    var incrementalThreshold = 256 * 1024
    /// The size of one incremental chunk, in bytes.
    var chunkSize = 64 * 1024
    /// The longest `handOverToManager()` waits for the clipboard manager, in seconds.
    var handOverTimeout = 2.0
    /// The most incremental transfers to other clients at once; a request for one more is refused
    /// (answered with no property) until one ends or expires.
    ///
    /// Every transfer of a selection reads the same copy of its bytes, so they cost little each, but a
    /// client that asks and never reads must not be able to pin an ever-longer list.
    var maximumTransfers = 8
    /// How long an incremental transfer waits for its requestor to take the next chunk, in
    /// seconds, before it is given up; the run loop's timer ends it even when no event comes.
    var transferIdleLimit = 10.0

    /// The atoms the selection protocol uses.
    struct Atoms {
        let clipboard, utf8, targets, text, plainUTF8, incr, timestamp, transfer: Atom
        let multiple, atomPair, clipboardManager, saveTargets: Atom
        let string = Atom(31)  // XA_STRING
        let atom = Atom(4)  // XA_ATOM
        let integer = Atom(19)  // XA_INTEGER
    }

    /// A selection window on `display`, naming its atoms from `names` (interned already).
    init(display: OpaquePointer, atoms names: X11Atoms) {
        self.display = display
        let root = XRootWindow(display, XDefaultScreen(display))
        var attributes = XSetWindowAttributes()
        attributes.event_mask = PropertyChangeMask
        window = XCreateWindow(
            display, root, -10, -10, 1, 1, 0, 0, UInt32(InputOnly), nil,
            UInt(CWEventMask), &attributes)
        atoms = Atoms(
            clipboard: names[.clipboard], utf8: names[.utf8String], targets: names[.targets],
            text: names[.text], plainUTF8: names[.plainUTF8], incr: names[.incr],
            timestamp: names[.timestamp], transfer: names[.selectionTransfer],
            multiple: names[.multiple], atomPair: names[.atomPair],
            clipboardManager: names[.clipboardManager], saveTargets: names[.saveTargets])
    }

    /// The clipboard's text while we own `CLIPBOARD` (another client's comes through
    /// `requestText(_:)`); setting it takes ownership.
    var text: String? {
        get { clipboard.text }
        set { clipboard.text = newValue }
    }

    /// The `PRIMARY` selection: the text selected last, in this program or another.
    var primary: Clipboard? { primarySelection }

    /// The clipboard's text: at once when it is ours, else from its owner, given to
    /// `completion` from the run loop.
    func requestText(_ completion: @escaping (String?) -> Void) { clipboard.requestText(completion) }

    // MARK: Owning

    /// Takes ownership of `selection` for `text`; false when the server gave it to someone else.
    fileprivate func own(_ selection: Atom) -> Bool {
        XSetSelectionOwner(display, selection, window, lastEventTime)
        if XGetSelectionOwner(display, selection) == window { return true }
        // The last event time we saw may be older than the current owner's claim (pointer
        // events that came through XInput2 do not update it): the server ignores such a request.
        XSetSelectionOwner(display, selection, window, 0 /* CurrentTime */)
        return XGetSelectionOwner(display, selection) == window
    }

    fileprivate func disown(_ selection: Atom) {
        if XGetSelectionOwner(display, selection) == window {
            XSetSelectionOwner(display, selection, 0, lastEventTime)
        }
    }

    private func selection(named atom: Atom) -> X11Selection? {
        if atom == atoms.clipboard { return clipboard }
        if atom == XA_PRIMARY_ATOM { return primarySelection }
        return nil
    }

    // MARK: Serving other clients

    /// Handles selection events (and property changes of incremental transfers); returns true
    /// when the event was one.
    func handle(_ event: inout XEvent) -> Bool {
        switch event.type {
        case SelectionRequest:
            guard event.xselectionrequest.owner == window else { return false }
            answer(event.xselectionrequest)
            return true
        case SelectionClear:
            guard event.xselectionclear.window == window else { return false }
            selection(named: event.xselectionclear.selection)?.lostOwnership()
            return true
        case SelectionNotify:
            guard let transfer = incoming, event.xselection.requestor == transfer.window else { return false }
            receiveAnswer(event.xselection, in: transfer)
            return true
        case PropertyNotify:
            if let transfer = incoming, event.xproperty.window == transfer.window {
                receiveChunk(event.xproperty, in: transfer)
                return true
            }
            return continueTransfer(event.xproperty)
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
        if let selection = selection(named: request.selection), selection.owned != nil,
            request.time == 0 || selection.ownedSince == 0 || request.time >= selection.ownedSince
        {
            if request.target == atoms.multiple {
                // ICCCM 2.6.2: MULTIPLE needs a real property, naming the pairs.
                if request.property != 0,
                    storeMultiple(selection, on: request.requestor, pairs: request.property)
                {
                    reply.xselection.property = request.property
                }
            } else if store(selection, target: request.target, on: request.requestor, property: property) {
                reply.xselection.property = property
            }
        }
        XSendEvent(display, request.requestor, 0, 0, &reply)
        XFlush(display)
    }

    /// Answers a `MULTIPLE` request (ICCCM 2.6.2): `pairs`, a property of `requestor`, lists target and
    /// property atoms in pairs; each target is converted into its property in turn, and the pair of one
    /// that cannot be is written back with None for its property.
    ///
    /// False when `pairs` holds no list of pairs.
    private func storeMultiple(_ selection: X11Selection, on requestor: UInt, pairs: Atom) -> Bool {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(
            display, requestor, pairs, 0, 0x10000, 0, 0 /* AnyPropertyType */,
            &type, &format, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        // Clients use ATOM_PAIR, as the ICCCM says, or ATOM (as some toolkits write it).
        guard status == 0 /* Success */, format == 32, type == atoms.atomPair || type == atoms.atom,
            let data, count >= 2
        else { return false }
        // Xlib gives format-32 items as C longs.
        var list = data.withMemoryRebound(to: UInt.self, capacity: Int(count)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(count) & ~1))
        }
        for index in stride(from: 0, to: list.count, by: 2) {
            let target = list[index], property = list[index + 1]
            // A pair without a property, or one asking for MULTIPLE again, cannot be converted.
            let converted =
                property != 0 && target != atoms.multiple
                && store(selection, target: target, on: requestor, property: property)
            if !converted { list[index + 1] = 0 }
        }
        list.withUnsafeBytes { bytes in
            _ = XChangeProperty(
                display, requestor, pairs, type, 32, PropModeReplace,
                bytes.bindMemory(to: UInt8.self).baseAddress, Int32(list.count))
        }
        return true
    }

    /// Writes the text of `selection` as `target` to `property` of `requestor` (or starts an
    /// incremental transfer); false for targets we don't offer, and for a transfer beyond
    /// `maximumTransfers`.
    private func store(_ selection: X11Selection, target: Atom, on requestor: UInt, property: Atom) -> Bool {
        let since = selection.ownedSince
        if target == atoms.targets {
            let list: [Atom] = [
                atoms.targets, atoms.utf8, atoms.plainUTF8, atoms.text, atoms.string, atoms.timestamp, atoms.multiple,
            ]
            list.withUnsafeBytes { bytes in
                _ = XChangeProperty(
                    display, requestor, property, atoms.atom, 32, PropModeReplace,
                    bytes.bindMemory(to: UInt8.self).baseAddress, Int32(list.count))
            }
            return true
        }
        if target == atoms.timestamp {
            let stamp: [UInt] = [since]
            stamp.withUnsafeBytes { bytes in
                _ = XChangeProperty(
                    display, requestor, property, atoms.integer, 32, PropModeReplace,
                    bytes.bindMemory(to: UInt8.self).baseAddress, 1)
            }
            return true
        }
        let bytes: [UInt8]
        let type: Atom
        // One copy of the bytes per selection and encoding, shared by every answer and transfer.
        if target == atoms.utf8 || target == atoms.text || target == atoms.plainUTF8 {
            bytes = selection.encoded(latin1: false)
            type = target == atoms.plainUTF8 ? atoms.plainUTF8 : atoms.utf8
        } else if target == atoms.string {
            bytes = selection.encoded(latin1: true)
            type = atoms.string
        } else {
            return false
        }
        let requestLimit = max(XExtendedMaxRequestSize(display), XMaxRequestSize(display)) * 4 - 256
        if bytes.count <= min(incrementalThreshold, requestLimit) {
            write(bytes[...], type: type, to: requestor, property: property)
            return true
        }
        // Incremental: announce the size; the requestor deletes the property for each chunk.
        let now = X11Clipboard.now()
        expireTransfers(at: now)
        outgoing.removeAll { $0.requestor == requestor && $0.property == property }
        guard outgoing.count < maximumTransfers else { return false }
        outgoing.append(
            OutgoingTransfer(requestor: requestor, property: property, type: type, bytes: bytes, lastActivity: now))
        XSelectInput(display, requestor, PropertyChangeMask)
        let size: [Int] = [bytes.count]
        size.withUnsafeBytes { raw in
            _ = XChangeProperty(
                display, requestor, property, atoms.incr, 32, PropModeReplace,
                raw.bindMemory(to: UInt8.self).baseAddress, 1)
        }
        return true
    }

    private func write(_ bytes: ArraySlice<UInt8>, type: Atom, to requestor: UInt, property: Atom) {
        bytes.withUnsafeBufferPointer { buffer in
            _ = XChangeProperty(
                display, requestor, property, type, 8, PropModeReplace,
                buffer.baseAddress, Int32(buffer.count))
        }
    }

    /// Sends the next chunk of an incremental transfer when its requestor has deleted the last.
    private func continueTransfer(_ change: XPropertyEvent) -> Bool {
        let now = X11Clipboard.now()
        expireTransfers(at: now)
        guard change.state == PropertyDelete,
            let index = outgoing.firstIndex(where: { $0.requestor == change.window && $0.property == change.atom })
        else { return false }
        let transfer = outgoing[index]
        let end = min(transfer.offset + chunkSize, transfer.bytes.count)
        // The last chunk is an empty one: it tells the requestor the transfer is over.
        write(transfer.bytes[transfer.offset..<end], type: transfer.type, to: transfer.requestor, property: transfer.property)
        if transfer.offset == end {
            outgoing.remove(at: index)
            if !outgoing.contains(where: { $0.requestor == transfer.requestor }) {
                XSelectInput(display, transfer.requestor, NoEventMask)
            }
        } else {
            outgoing[index].offset = end
            outgoing[index].lastActivity = now
        }
        XFlush(display)
        return true
    }

    /// Gives up the transfers whose requestor has not taken a chunk for `transferIdleLimit` seconds,
    /// and stops watching a requestor left with none; true when any was given up.
    ///
    /// The run loop calls it when `nextTransferDeadline` passes, so a transfer nobody reads is dropped
    /// on time even when no event comes.
    @discardableResult
    func expireTransfers(at now: Double = X11Clipboard.now()) -> Bool {
        let expired = outgoing.filter { now - $0.lastActivity >= transferIdleLimit }
        guard !expired.isEmpty else { return false }
        outgoing.removeAll { now - $0.lastActivity >= transferIdleLimit }
        for requestor in Set(expired.map(\.requestor)) where !outgoing.contains(where: { $0.requestor == requestor }) {
            XErrorHandlers.quietly(on: display) { _ = XSelectInput(display, requestor, NoEventMask) }
        }
        return true
    }

    /// When the oldest transfer under way expires (monotonic seconds), nil when none is.
    var nextTransferDeadline: Double? {
        outgoing.map(\.lastActivity).min().map { $0 + transferIdleLimit }
    }

    /// How many incremental transfers to other clients are under way.
    var transfersInFlight: Int { outgoing.count }

    // MARK: Reading from another client

    /// Asks the owner of `selection` for its text, and calls `completion` with it from the run loop
    /// once it has come (nil when nobody owns it, the owner has no text or does not answer in time).
    ///
    /// Reads of the same selection under way share the answer; one of the other selection waits for it.
    /// Nothing blocks.
    fileprivate func requestText(of selection: Atom, _ completion: @escaping (String?) -> Void) {
        if let transfer = incoming {
            if transfer.selection == selection {
                transfer.completions.append(completion)
            } else {
                waitingReads.append((selection, completion))
            }
            return
        }
        guard XGetSelectionOwner(display, selection) != 0 else { return completion(nil) }
        let now = X11Clipboard.now()
        var attributes = XSetWindowAttributes()
        attributes.event_mask = PropertyChangeMask
        // A window of its own: an owner still sending when the read is given up writes to a
        // window that is gone, never into the next read.
        let requestor = XCreateWindow(
            display, XRootWindow(display, XDefaultScreen(display)), -10, -10, 1, 1, 0, 0, UInt32(InputOnly), nil,
            UInt(CWEventMask), &attributes)
        let transfer = IncomingTransfer(
            selection: selection, target: atoms.utf8, window: requestor, deadline: now + receiveDeadline,
            answerDeadline: now + timeout, completion: completion)
        incoming = transfer
        XConvertSelection(display, selection, transfer.target, atoms.transfer, requestor, lastEventTime)
        XFlush(display)
    }

    /// The owner's answer: the text, an incremental transfer's start, or a refusal (then
    /// `STRING` is asked for, after `UTF8_STRING`).
    private func receiveAnswer(_ answer: XSelectionEvent, in transfer: IncomingTransfer) {
        guard !transfer.incremental else { return }
        guard answer.property != 0 else {
            if transfer.target == atoms.utf8 {
                transfer.target = atoms.string
                transfer.answerDeadline = X11Clipboard.now() + timeout
                XConvertSelection(display, transfer.selection, atoms.string, atoms.transfer, transfer.window, lastEventTime)
                XFlush(display)
            } else {
                finishIncoming(nil)
            }
            return
        }
        guard let (type, data, more) = readProperty(of: transfer.window, upTo: incomingLimit) else {
            return finishIncoming(nil)
        }
        if type == atoms.incr {
            // Deleting the property (done by reading it) asks for the first chunk.
            transfer.incremental = true
            transfer.answerDeadline = X11Clipboard.now() + timeout
            XFlush(display)
            return
        }
        transfer.bytes = data
        transfer.cut = more
        finishIncoming(transfer.bytes)
    }

    /// A new value of an incremental transfer's property: the next chunk (an empty one ends it).
    private func receiveChunk(_ change: XPropertyEvent, in transfer: IncomingTransfer) {
        guard transfer.incremental, change.atom == atoms.transfer, change.state == PropertyNewValue else { return }
        let room = incomingLimit - transfer.bytes.count
        guard let (_, chunk, more) = readProperty(of: transfer.window, upTo: room) else { return }
        if chunk.isEmpty && !more { return finishIncoming(transfer.bytes) }
        transfer.bytes += chunk
        if more || transfer.bytes.count >= incomingLimit {
            // The cap: what came is kept, the rest of the transfer dropped with its window.
            transfer.cut = true
            return finishIncoming(transfer.bytes)
        }
        transfer.answerDeadline = X11Clipboard.now() + timeout
        XFlush(display)
    }

    /// Ends the read under way with `bytes` (nil: nothing to paste), destroys its window, gives
    /// the text to whoever asked, and starts the next read waiting.
    private func finishIncoming(_ bytes: [UInt8]?) {
        guard let transfer = incoming else { return }
        incoming = nil
        XErrorHandlers.quietly(on: display) { _ = XDestroyWindow(display, transfer.window) }
        var text: String?
        if var bytes {
            if transfer.cut {
                X11Clipboard.dropIncompleteSequence(&bytes)
                writeErrorLine(
                    "tapaway: a paste from another program was larger than \(incomingLimit >> 20) MiB; its first \(incomingLimit >> 20) MiB were taken and the rest dropped"
                )
            }
            text =
                transfer.target == atoms.utf8
                ? TextSanitizer.decode(bytes) : String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        }
        for completion in transfer.completions { completion(text) }
        // Reads of the other selection that waited for this one.
        let waiting = waitingReads
        waitingReads = []
        for read in waiting { requestText(of: read.selection, read.completion) }
    }

    /// Gives up the read under way when its owner has been silent past `timeout` or the whole read past
    /// `receiveDeadline`; true when it did.
    ///
    /// The run loop calls it at every turn (the deadline, `nextIncomingDeadline`, bounds its wait).
    @discardableResult
    func expireIncoming(at now: Double = X11Clipboard.now()) -> Bool {
        guard let transfer = incoming, now >= min(transfer.deadline, transfer.answerDeadline) else { return false }
        if now >= transfer.deadline {
            writeErrorLine(
                "tapaway: the program holding the selection did not finish sending it within \(Int(receiveDeadline)) seconds; nothing was pasted"
            )
        }
        finishIncoming(nil)
        return true
    }

    /// When the read under way is given up unless its owner answers, in monotonic seconds.
    var nextIncomingDeadline: Double? { incoming.map { min($0.deadline, $0.answerDeadline) } }

    /// Drops the end of `bytes` when it stops inside a UTF-8 sequence (a transfer cut at a byte
    /// count), so the cut leaves whole characters.
    static func dropIncompleteSequence(_ bytes: inout [UInt8]) {
        var lead = bytes.count - 1
        while lead >= 0, lead >= bytes.count - 4, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        guard lead >= 0 else { return }
        let first = bytes[lead]
        let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
        if bytes.count - lead < length { bytes.removeSubrange(lead...) }
    }

    /// Reads and deletes the transfer property of `window`: its type, at most `limit` bytes, and
    /// whether more was left unread.
    ///
    /// Nil when there is no such property.
    private func readProperty(of window: UInt, upTo limit: Int) -> (Atom, [UInt8], Bool)? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        // The length is in 32-bit units; a little over the limit tells a longer property.
        let units = max(1, limit / 4 + 1)
        let status = XGetWindowProperty(
            display, window, atoms.transfer, 0, units, 1, 0 /* AnyPropertyType */, &type, &format, &count, &remaining,
            &data)
        defer { if let data { XFree(data) } }
        guard status == 0 /* Success */, type != 0 else { return nil }
        let byteCount: Int
        switch format {
        case 8: byteCount = Int(count)
        case 16: byteCount = Int(count) * MemoryLayout<Int16>.size
        default: byteCount = Int(count) * MemoryLayout<Int>.size
        }
        guard let data, byteCount > 0 else { return (type, [], remaining > 0) }
        let kept = min(byteCount, max(0, limit))
        return (type, Array(UnsafeBufferPointer(start: data, count: kept)), remaining > 0 || kept < byteCount)
    }

    /// Blocks until the connection is readable or `deadline` passes; false on timeout.
    private func sleepOnConnection(until deadline: Double) -> Bool {
        let left = deadline - X11Clipboard.now()
        guard left > 0 else { return false }
        var descriptor = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, Int32(max(1, (left * 1000).rounded(.up))))
        return true
    }

    /// Monotonic seconds, the clock of `nextTransferDeadline`.
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }

    // MARK: Handing over to a clipboard manager

    /// The targets a clipboard manager is asked to save: the text in each form we offer it
    /// (`TEXT` is only a request for one of them).
    private var savedTargets: [Atom] { [atoms.utf8, atoms.plainUTF8, atoms.string] }

    /// Gives the clipboard's text to the clipboard manager, if we own `CLIPBOARD` and one runs, so that
    /// it stays on the clipboard after this program quits (the freedesktop.org clipboard manager
    /// specification): asks the owner of `CLIPBOARD_MANAGER` to convert `SAVE_TARGETS`, with the
    /// targets to save in a property of our window, and answers its requests for them until it says it
    /// is done, or `handOverTimeout` passes.
    ///
    /// Other events are left queued. Returns true when the manager said it saved the text.
    @discardableResult
    func handOverToManager() -> Bool {
        guard clipboard.owned != nil, XGetSelectionOwner(display, atoms.clipboard) == window,
            XGetSelectionOwner(display, atoms.clipboardManager) != 0
        else { return false }
        let targets = savedTargets
        targets.withUnsafeBytes { bytes in
            _ = XChangeProperty(
                display, window, atoms.transfer, atoms.atom, 32, PropModeReplace,
                bytes.bindMemory(to: UInt8.self).baseAddress, Int32(targets.count))
        }
        XConvertSelection(display, atoms.clipboardManager, atoms.saveTargets, atoms.transfer, window, lastEventTime)
        XFlush(display)
        let deadline = X11Clipboard.now() + handOverTimeout
        var event = XEvent()
        while true {
            if XCheckTypedWindowEvent(display, window, SelectionNotify, &event) != 0 {
                guard event.xselection.selection == atoms.clipboardManager else { continue }
                XDeleteProperty(display, window, atoms.transfer)
                XFlush(display)
                return event.xselection.property != 0
            }
            // The manager's requests for the text (MULTIPLE, or one target at a time), and the
            // property deletions that pace an incremental transfer to it.
            if XCheckTypedWindowEvent(display, window, SelectionRequest, &event) != 0 {
                _ = handle(&event)
                continue
            }
            if takeTransferEvent(&event) {
                _ = handle(&event)
                continue
            }
            guard sleepOnConnection(until: deadline) else { return false }
        }
    }

    /// Takes the next property change of a window we are sending a transfer to, if one came.
    private func takeTransferEvent(_ event: inout XEvent) -> Bool {
        for requestor in Set(outgoing.map(\.requestor))
        where XCheckTypedWindowEvent(display, requestor, PropertyNotify, &event) != 0 {
            return true
        }
        return false
    }

    /// Gives up both selections and destroys the window.
    func destroy() {
        clipboard.text = nil
        primarySelection.text = nil
        XDestroyWindow(display, window)
    }
}

/// The predefined atom of the `PRIMARY` selection, number 1 in the core protocol.
private let XA_PRIMARY_ATOM = Atom(1)

/// One read of another client's selection, on a window of its own.
private final class IncomingTransfer {
    let selection: Atom
    /// `UTF8_STRING`, then `STRING` when the owner refuses it.
    var target: Atom
    /// The requestor window, destroyed when the read ends.
    let window: UInt
    /// Whether the owner answered with `INCR` (the chunks follow).
    var incremental = false
    var bytes: [UInt8] = []
    /// Whether the transfer was longer than the limit, and cut.
    var cut = false
    /// When the read is given up whatever comes (monotonic seconds).
    let deadline: Double
    /// When it is given up unless the owner answers or sends a chunk.
    var answerDeadline: Double
    /// Who asked, in order.
    var completions: [(String?) -> Void]

    init(
        selection: Atom, target: Atom, window: UInt, deadline: Double, answerDeadline: Double,
        completion: @escaping (String?) -> Void
    ) {
        self.selection = selection
        self.target = target
        self.window = window
        self.deadline = deadline
        self.answerDeadline = answerDeadline
        completions = [completion]
    }
}

/// One incremental transfer to another client.
private struct OutgoingTransfer {
    let requestor: UInt
    let property: Atom
    let type: Atom
    /// The selection's bytes in the target's encoding: the selection's one copy, shared.
    let bytes: [UInt8]
    /// When the requestor last took a chunk (or asked), in monotonic seconds.
    var lastActivity: Double
    var offset = 0
}

/// One X selection (`CLIPBOARD` or `PRIMARY`) as a `Clipboard`.
final class X11Selection: Clipboard {
    /// The selection's atom, `CLIPBOARD` or `PRIMARY`.
    let name: Atom
    private unowned let host: X11Clipboard
    /// The text while we own the selection.
    private(set) var owned: String? {
        didSet { encodings = (nil, nil) }
    }
    /// The time we took it.
    private(set) var ownedSince: UInt = 0
    /// The owned text as UTF-8 and as Latin-1 (`STRING`), made when first asked for: the one
    /// copy every answer and incremental transfer reads.
    private var encodings: (utf8: [UInt8]?, latin1: [UInt8]?) = (nil, nil)

    /// The owned text's bytes, in UTF-8 or Latin-1 (characters beyond it as "?"), made once.
    fileprivate func encoded(latin1: Bool) -> [UInt8] {
        let text = owned ?? ""
        if latin1 {
            if let bytes = encodings.latin1 { return bytes }
            let bytes = text.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") }
            encodings.latin1 = bytes
            return bytes
        }
        if let bytes = encodings.utf8 { return bytes }
        let bytes = Array(text.utf8)
        encodings.utf8 = bytes
        return bytes
    }

    fileprivate init(name: Atom, host: X11Clipboard) {
        self.name = name
        self.host = host
    }

    /// Ours while we own the selection, else nil: another client's text comes through
    /// `requestText(_:)`, which does not block.
    var text: String? {
        get { owned }
        set {
            if let newValue {
                owned = newValue
                ownedSince = host.lastEventTime
                if !host.own(name) {
                    writeErrorLine("tapaway: could not take ownership of an X selection; the text stays inside Tapaway")
                }
            } else if owned != nil {
                owned = nil
                host.disown(name)
            }
        }
    }

    /// Another client took the selection.
    fileprivate func lostOwnership() { owned = nil }

    /// Ours at once while we own the selection; else asked of its owner, and given to
    /// `completion` from the run loop when it comes.
    func requestText(_ completion: @escaping (String?) -> Void) {
        if let owned { return completion(owned) }
        host.requestText(of: name, completion)
    }
}
