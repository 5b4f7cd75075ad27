import CX11
import CXlibQueue
import Glibc
import TapawayKit

/// The run loop: X events, timers and frames in turn until the program quits, the first frame
/// announced once it is on the screen, idleness announced, and the heap trimmed while idle.
extension X11Platform {
    /// Runs until `quit()` or the window manager's close button, then hands the clipboard's text to a
    /// clipboard manager.
    ///
    /// The first frame is painted into the back buffers before the window is mapped. Losing the X
    /// connection ends the process (status 69, EX_UNAVAILABLE) after one line on fd 2: Xlib does not
    /// let a program continue.
    package func run() {
        guard let app = application else {
            writeErrorLine("tapaway: X11Platform.run() called before attach(_:)")
            return
        }
        quitRequested = false
        TerminationSignals.install()
        watchXSettings()
        drainEvents()
        fireTimers(app)
        paintFrame(app)
        XMapWindow(display, topLevel)
        mapRequestedAt = clock.now
        XFlush(display)

        while !quitRequested {
            drainEvents()
            if quitRequested { break }
            if x11Clipboard.expireTransfers() { didWorkSinceIdle = true }
            if x11Clipboard.expireIncoming() { didWorkSinceIdle = true }
            fireTimers(app)
            if app.needsFrame { paintFrame(app) }
            if !readySent { announceReadyIfPossible(app) }
            if quitRequested { break }
            // Flush, and read what has already arrived: buffered events do not wake poll().
            if XEventsQueued(display, QueuedAfterFlush) > 0 { continue }
            announceIdleIfIdle(app)
            // The idle line's round trip may have read events: they do not wake poll() either.
            if XQLength(display) > 0 { continue }
            waitForInput(timeout: timeout(app))
        }
        // Text copied here stays on the clipboard after the program has gone, when a clipboard
        // manager runs (it waits at most `X11Clipboard.handOverTimeout`).
        x11Clipboard.handOverToManager()
        XSync(display, 0)
        XErrorHandlers.reportWithheld()
    }

    /// What can wait until the first frame is on the screen (its Expose answered), done before the
    /// ready line so nothing watching sees a window without them: the pointer's shape (making it loads
    /// the cursor font or theme) and the window icon (decoding it), about two milliseconds.
    ///
    /// Window managers pick up both whenever they change.
    private func finishStartup() {
        XDefineCursor(display, topLevel, XCreateFontCursor(display, 68))  // XC_left_ptr
        if wantsWindowIcon { applyWindowIcon() }
        completeStartupNotification()
        XFlush(display)
        (fonts as? XftFontProvider)?.rememberMatches()
    }

    /// Ends `run()` at its next turn.
    package func quit() {
        quitRequested = true
    }

    /// Ends the process as `signal` (a `terminationSignal`) would have, had it not been caught:
    /// a parent shell sees status 128 + the signal's number (130 for Ctrl+C, 143 for `kill`).
    package static func endProcess(as signal: Int32) -> Never {
        TerminationSignals.endProcess(as: signal)
    }

    /// Fires the due timers, noting whether any of them was work rather than ambient upkeep.
    private func fireTimers(_ app: any HostedApplication) {
        let before = app.timerWorkFired
        app.fireDueTimers()
        if app.timerWorkFired != before { didWorkSinceIdle = true }
    }

    /// Calls `onIdle` if the program did something since it last did and now has nothing left to do.
    ///
    /// The caller has just found no X event queued or readable.
    private func announceIdleIfIdle(_ app: any HostedApplication) {
        guard readySent, didWorkSinceIdle, !app.needsFrame, !app.isAnimating else { return }
        if let deadline = app.nextTimerDeadline, deadline - clock.now <= 1 / app.frameRate { return }
        if let onIdle {
            // Only when someone listens (the trace): one round trip, so that "idle" also means
            // the server has carried out all that was painted, and a reader of the screen on
            // another connection sees it. Events that arrived meanwhile come first (the loop
            // handles them and looks again).
            XSync(display, 0)
            guard XQLength(display) == 0 else { return }
            didWorkSinceIdle = false
            onIdle()
        } else {
            didWorkSinceIdle = false
        }
        trimHeapIfDue()
    }

    /// Gives the heap's free pages back to the system when the program goes idle, at most every
    /// `heapTrimInterval` seconds: a long session that allocates and frees as it goes (events, layout,
    /// the trace) then keeps no more resident than it holds (issue 21's soak).
    ///
    /// Trimming a heap of a few MiB takes well under a millisecond.
    ///
    /// Xlib's spare event-queue elements go first: Xlib keeps one for every event it ever held
    /// queued at once, about 200 bytes each, until the display closes. A burst of input read in
    /// one round trip while the program was busy (a paste into a long text, a big repaint)
    /// would otherwise leave its high-water mark resident for the rest of the session.
    private func trimHeapIfDue() {
        guard clock.now - lastHeapTrim >= Self.heapTrimInterval else { return }
        lastHeapTrim = clock.now
        let before = HeapLog.isOn ? HeapLog.figures() : []
        let spares = tapaway_release_event_queue_spares(display)
        _ = tapaway_trim_heap()
        HeapLog.write(seconds: clock.now, before: before, eventQueueSpares: Int(spares))
    }

    /// The shortest time between two heap trims, in seconds.
    static let heapTrimInterval = 5.0

    private func timeout(_ app: any HostedApplication) -> Int32 {
        if app.needsFrame { return 0 }
        var milliseconds: Double?
        if let deadline = app.nextTimerDeadline { milliseconds = ((deadline - clock.now) * 1000).rounded(.up) }
        // A clipboard transfer nobody reads, or a paste whose owner stopped sending, ends on
        // time, event or none.
        for deadline in [x11Clipboard.nextTransferDeadline, x11Clipboard.nextIncomingDeadline].compactMap({ $0 }) {
            let left = ((deadline - X11Clipboard.now()) * 1000).rounded(.up)
            milliseconds = min(milliseconds ?? left, left)
        }
        // The first frame's wait for the window to be shown ends on time too.
        if !readySent, !carriesOnUnshown, let mapped = mapRequestedAt {
            let left = ((mapped + Self.firstExposeWait - clock.now) * 1000).rounded(.up)
            milliseconds = min(milliseconds ?? left, left)
        }
        guard let milliseconds else { return -1 }
        return Int32(max(0, min(milliseconds, 3_600_000)))
    }

    /// Handles every event Xlib has or can read without blocking.
    func drainEvents() {
        var event = XEvent()
        while XPending(display) > 0 {
            repeat {
                XNextEvent(display, &event)
                didWorkSinceIdle = true
                if !inputMethod.isOpen, readySent, isPersonsInput(event) { openInputMethod() }
                if XFilterEvent(&event, 0) != 0 { continue }
                handle(&event)
            } while XEventsQueued(display, QueuedAlready) > 0
        }
        if let size = pendingResize {
            pendingResize = nil
            if size.width != screenWidth || size.height != screenHeight {
                screenWidth = size.width
                screenHeight = size.height
                application?.resizeScreen(to: Size(width: Double(size.width) / scale, height: Double(size.height) / scale))
            }
        }
    }

    /// Once the window is mapped, exposed and painted (or, painted, `firstExposeWait` seconds
    /// after it was mapped, shown or not, with one line saying so): sync, handle the exposures
    /// the map caused, sync again, and call `onReady`.
    private func announceReadyIfPossible(_ app: any HostedApplication) {
        guard framesPainted > 0 else { return }
        if !(isMapped && sawExpose) && !carriesOnUnshown {
            // Not shown yet: wait for it, but not for ever (`firstExposeWait`).
            guard let mapped = mapRequestedAt, clock.now - mapped >= Self.firstExposeWait else { return }
            writeErrorLine(
                "tapaway: the window has not been shown \(Int(Self.firstExposeWait)) seconds after it was mapped (another window covers it, or the window manager holds it back); carrying on without it"
            )
            carriesOnUnshown = true
        }
        XSync(display, 0)
        drainEvents()
        guard !app.needsFrame, !quitRequested else { return }
        XSync(display, 0)
        finishStartup()
        readySent = true
        // Repaints draw the same shapes again: from here on, through their cached masks.
        canvas.cachesMasks = true
        onReady?()
        openInputMethodIfTyping()
        // Asked now, after the first frame, so that no press waits for the answer.
        xinput?.refreshClientPointer()
    }
}
