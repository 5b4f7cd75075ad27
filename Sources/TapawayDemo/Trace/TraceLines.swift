import TapawayKit

/// The trace lines of the app's `AppEvent`s (its own facts and the program's around it: frames,
/// core dumps, recordings, replays, the accessibility bus, idleness), written by `TraceWiring`.
///
/// Every line's fields are written here, under Trace/, and nowhere else.
extension Tracer {
    /// Writes the line of an app event.
    package func write(_ event: AppEvent, application: Application) {
        switch event {
        case .ready(let scenario, let model):
            ready(
                scenario: scenario.rawValue, window: application.screenSize, device: application.deviceFrame,
                scale: application.pixelScale, model: model)
            layoutIfChanged(application, force: true)
        case .device(let state, let frame):
            device(state, frame: frame, window: application.screenSize, scale: application.pixelScale)
        case .action(let id, let event):
            action(id: id, event: event)
        case .avoidance(let numbers, let screen):
            avoidance(numbers, screen: screen.rawValue)
        case .systemBack(let took, let focused):
            emit("systemBack", [("took", .string(took)), ("focused", .optional(focused))])
        case .chromeFocus(let id):
            emit("chromeFocus", [("id", .optional(id))])
        case .audit(let technique, let cases, let findings):
            emit(
                "audit",
                [
                    ("technique", .string(technique.rawValue)), ("cases", .number(Double(cases))),
                    ("findings", .number(Double(findings))),
                ])
        case .caseStarted(let number, let technique, let expected, let evidence):
            emit(
                "case",
                [
                    ("phase", .string("started")), ("number", .number(Double(number))),
                    ("technique", .string(technique.rawValue)), ("expected", .string(expected)),
                    ("evidence", .optional(evidence)),
                ])
        case .caseFinished(let number, let technique, let expected, let did, let evidence):
            emit(
                "case",
                [
                    ("phase", .string("finished")), ("number", .number(Double(number))),
                    ("technique", .string(technique.rawValue)), ("expected", .string(expected)),
                    ("did", .string(did)), ("evidence", .optional(evidence)),
                ])
        case .idle(let mark): idle(mark: mark)
        case .frame(let start, let duration, let animating): frame(start: start, duration: duration, animating: animating)
        case .coreDumps(let allowed): coreDumps(allowed: allowed)
        case .recordingStarted(let path): recording(started: true, path: path)
        case .recordingStopped(let path, let inputs): recording(started: false, path: path, inputs: inputs)
        case .replayStarted(let path, let inputs): replay(path: path, inputs: inputs)
        case .replayFinished(let inputs): replay(path: nil, inputs: inputs)
        case .accessibility(let event, let reason): accessibility(event, reason: reason)
        }
    }

    /// Writes a `frame` line (with `TAPAWAY_FRAME_STATS`): a painted frame that began at `start`
    /// and took `duration` seconds, and whether an animation was running.
    private func frame(start: Double, duration: Double, animating: Bool) {
        emit(
            "frame",
            [
                ("start", .number(start)), ("ms", .number((duration * 1e5).rounded() / 100)),
                ("animating", .bool(animating)),
            ])
    }

    /// Writes a `coreDumps` line: whether the kernel now lets the process leave a core file.
    private func coreDumps(allowed: Bool) {
        emit("coreDumps", [("allowed", .bool(allowed))])
    }

    /// Writes a `recording` line: recording to `path` started, or stopped after `inputs` inputs.
    private func recording(started: Bool, path: String, inputs: Int? = nil) {
        var fields: [(String, JSON)] = [("phase", .string(started ? "started" : "stopped")), ("path", .string(path))]
        if let inputs { fields.append(("inputs", .number(Double(inputs)))) }
        emit("recording", fields)
    }

    /// Writes a `replay` line: a replay of `inputs` inputs from `path` started, or one finished
    /// after feeding `inputs` inputs (`path` nil).
    private func replay(path: String?, inputs: Int) {
        if let path {
            emit("replay", [("phase", .string("started")), ("path", .string(path)), ("inputs", .number(Double(inputs)))])
        } else {
            emit("replay", [("phase", .string("finished")), ("inputs", .number(Double(inputs)))])
        }
    }

    /// Writes an `accessibility` line: the bridge's connection `event` (`registered`, `closed`),
    /// with the reason when there is one.
    private func accessibility(_ event: String, reason: String?) {
        var fields: [(String, JSON)] = [("event", .string(event))]
        if let reason { fields.append(("reason", .string(reason))) }
        emit("accessibility", fields)
    }
}
