import CX11
import Foundation
import Glibc

/// A selection owner that misbehaves on purpose, for the tests of pasting from other programs.
///
/// It serves from a thread of its own, on a connection of its own, answering every request for its
/// selection with an incremental (`INCR`) transfer that it then paces as `Behaviour` says.
final class HostileSelectionOwner: @unchecked Sendable {
    /// How the transfer goes once the requestor has taken the `INCR` announcement.
    enum Behaviour {
        /// One byte after each chunk the requestor takes, `interval` seconds later, for ever: a
        /// per-chunk timeout longer than `interval` never ends it.
        case drip(interval: Double)
        /// Chunks of `chunk` bytes at once, `chunks` of them, announced as a gibibyte; then the
        /// empty chunk that ends the transfer.
        case flood(chunk: Int, chunks: Int)
    }

    private let display: OpaquePointer
    private let window: UInt
    private let behaviour: Behaviour
    private var stopPipe: [Int32] = [-1, -1]
    private let finished = DispatchSemaphore(value: 0)
    private let condition = NSCondition()
    private var sent = 0
    private var requestorsGone = 0
    private var stopped = false

    /// Owns `selection` (`CLIPBOARD` or `PRIMARY`) on `displayName` and starts serving it.
    init(displayName: String, selection: String, behaviour: Behaviour) throws {
        try Xlib.prepare()
        guard let display = XOpenDisplay(displayName) else { throw EndToEndError("XOpenDisplay(\(displayName)) failed") }
        self.display = display
        self.behaviour = behaviour
        let root = XRootWindow(display, XDefaultScreen(display))
        window = XCreateSimpleWindow(display, root, -10, -10, 1, 1, 0, 0, 0)
        let atom = XInternAtom(display, selection, 0)
        XSetSelectionOwner(display, atom, window, 0 /* CurrentTime */)
        XSync(display, 0)
        guard XGetSelectionOwner(display, atom) == window, pipe(&stopPipe) == 0 else {
            XCloseDisplay(display)
            throw EndToEndError("could not own \(selection)")
        }
        let thread = Thread { [self] in
            serve()
            finished.signal()
        }
        thread.start()
    }

    deinit { stop() }

    /// How many chunks of data it has written.
    var chunksSent: Int {
        condition.lock()
        defer { condition.unlock() }
        return sent
    }

    /// Waits until it has written `count` chunks, or the reader has given the read up (its
    /// requestor window destroyed: a reader gives up early when a starved owner leaves it three
    /// seconds without a byte), or `timeout` seconds pass; returns the chunks written and whether
    /// the read was given up.
    func waitForChunksOrGiveUp(_ count: Int, timeout: Double) -> (chunks: Int, givenUp: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while sent < count && requestorsGone == 0 {
            if !condition.wait(until: deadline) { break }
        }
        return (sent, requestorsGone > 0)
    }

    /// Waits until a requestor window it was sending to has been destroyed (the reader gave
    /// the transfer up), or `timeout` seconds pass; true when one has.
    func waitForRequestorGone(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while requestorsGone == 0 {
            if !condition.wait(until: deadline) { return requestorsGone > 0 }
        }
        return true
    }

    /// Stops serving and closes the connection (the selection goes with it).
    func stop() {
        guard !stopped else { return }
        stopped = true
        var byte: UInt8 = 1
        _ = Glibc.write(stopPipe[1], &byte, 1)
        finished.wait()
        XCloseDisplay(display)
        for fd in stopPipe { close(fd) }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private func countChunk() {
        condition.lock()
        sent += 1
        condition.broadcast()
        condition.unlock()
    }

    private func write(_ bytes: [UInt8], type: Atom, to requestor: UInt, property: Atom) {
        bytes.withUnsafeBufferPointer { buffer in
            _ = XChangeProperty(display, requestor, property, type, 8, PropModeReplace, buffer.baseAddress, Int32(buffer.count))
        }
        XFlush(display)
    }

    /// The serving loop: requests, the requestor's deletions, the drip's timer, until `stop()`.
    private func serve() {
        let incr = XInternAtom(display, "INCR", 0), utf8 = XInternAtom(display, "UTF8_STRING", 0)
        var transfer: (requestor: UInt, property: Atom)?
        var nextDrip: Double?
        var event = XEvent()
        while true {
            while XPending(display) > 0 {
                XNextEvent(display, &event)
                if event.type == DestroyNotify, event.xdestroywindow.window == transfer?.requestor {
                    transfer = nil
                    nextDrip = nil
                    condition.lock()
                    requestorsGone += 1
                    condition.broadcast()
                    condition.unlock()
                } else if event.type == SelectionRequest {
                    let request = event.xselectionrequest
                    XSelectInput(display, request.requestor, PropertyChangeMask | StructureNotifyMask)
                    let size: [Int] = [1 << 30]
                    size.withUnsafeBytes { raw in
                        _ = XChangeProperty(
                            display, request.requestor, request.property, incr, 32, PropModeReplace,
                            raw.bindMemory(to: UInt8.self).baseAddress, 1)
                    }
                    var reply = XEvent()
                    reply.xselection.type = SelectionNotify
                    reply.xselection.requestor = request.requestor
                    reply.xselection.selection = request.selection
                    reply.xselection.target = request.target
                    reply.xselection.property = request.property
                    reply.xselection.time = request.time
                    XSendEvent(display, request.requestor, 0, 0, &reply)
                    XFlush(display)
                    transfer = (request.requestor, request.property)
                } else if event.type == PropertyNotify, let current = transfer, event.xproperty.window == current.requestor,
                    event.xproperty.atom == current.property, event.xproperty.state == PropertyDelete
                {
                    switch behaviour {
                    case .drip(let interval):
                        nextDrip = Self.now() + interval
                    case .flood(let chunk, let chunks):
                        if chunksSent < chunks {
                            write(
                                [UInt8](repeating: UInt8(ascii: "a"), count: chunk), type: utf8, to: current.requestor,
                                property: current.property)
                            countChunk()
                        } else {
                            write([], type: utf8, to: current.requestor, property: current.property)
                            transfer = nil
                        }
                    }
                }
            }
            if let due = nextDrip, Self.now() >= due, let current = transfer {
                nextDrip = nil
                write([UInt8(ascii: "x")], type: utf8, to: current.requestor, property: current.property)
                countChunk()
            }
            // Wait for the server, the drip's time or the stop: a wait on descriptors.
            var descriptors = [
                pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0),
                pollfd(fd: stopPipe[0], events: Int16(POLLIN), revents: 0),
            ]
            let wait = nextDrip.map { Int32(max(0, ($0 - Self.now()) * 1000).rounded(.up)) } ?? -1
            _ = poll(&descriptors, 2, wait)
            if descriptors[1].revents != 0 { return }
        }
    }
}
