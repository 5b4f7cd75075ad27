import Glibc
import TapawayDemo
import TapawayKit
import TapawayX11

/// Recording (`--record`, F9) and replay (`--replay`) for a running window.
@MainActor
final class SessionInstruments {
    private let application: Application
    private let app: TapawayApp
    private let platform: X11Platform
    private let paths: XDGPaths
    /// The frame observer that quits once a replay has settled, once one is registered.
    private let settledWatch = ObserverBag()
    private var recorder: InputRecorder?
    private var recordingPath: String?
    private var replayer: InputReplayer?
    private var replayFinished = false
    /// Whether a replay has started and not yet fed its last input.
    var isReplaying: Bool { replayer != nil && !replayFinished }

    init(application: Application, app: TapawayApp, platform: X11Platform, paths: XDGPaths = .current()) {
        self.application = application
        self.app = app
        self.platform = platform
        self.paths = paths
    }

    /// Opens what `--record PATH` writes: PATH itself (created or truncated), or, when PATH is a
    /// directory, a new timestamped file created in it exclusively (`-2`, `-3`, … when another
    /// recording took the name in the same second).
    ///
    /// Throws one line when it cannot.
    static func openRecording(for requested: String) throws -> (path: String, sink: TraceSink) {
        var info = stat()
        guard stat(requested, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            return (requested, try TraceSink.file(requested, label: "the recording"))
        }
        let directory = requested.hasSuffix("/") && requested.count > 1 ? String(requested.dropLast()) : requested
        do {
            let file = try FileIO.createNewFile(
                in: directory, base: "tapaway-recording-" + XDGPaths.timestamp(time(nil)), extension: "jsonl")
            return (file.path, TraceSink.newFile(file, label: "the recording"))
        } catch {
            throw FileIO.WriteFailure("cannot write the recording: \(error.message)")
        }
    }

    /// Starts recording to `path` (through `opened`, when the file was opened already); false
    /// (after one line on stderr) when it cannot be written.
    @discardableResult
    func startRecording(to path: String, opened: TraceSink? = nil) -> Bool {
        guard recorder == nil else { return true }
        do {
            let sink = try opened ?? TraceSink.file(path, label: "the recording")
            platform.watchOutput(sink)
            recorder = InputRecorder(
                application: application, sink: sink, scenario: app.technique.rawValue,
                inspector: app.inspectorWanted, options: app.options.changed,
                screenName: app.screenDocument.map { $0.name ?? "unnamed" })
            recordingPath = path
            app.showRecording(to: path)
            Console.out("tapaway: recording input to \(path)")
            app.events.notify(.recordingStarted(path: path))
            return true
        } catch {
            Console.error("tapaway: cannot record to \(path): \(error)")
            return false
        }
    }

    /// Ends the recording, if one is running, and says where it went.
    func stopRecording() {
        guard let recorder, let recordingPath else { return }
        let inputs = max(recorder.linesWritten - 1, 0)
        recorder.stopObserving()
        self.recorder = nil
        self.recordingPath = nil
        app.showRecording(to: nil)
        Console.out("tapaway: recording saved to \(recordingPath) (\(Self.count(inputs, "input")))")
        app.events.notify(.recordingStopped(path: recordingPath, inputs: inputs))
    }

    /// F9: starts a recording in the data directory, or stops the one running.
    ///
    /// Ignored while a replay runs: a replayed session that was being recorded would otherwise start
    /// recording.
    func toggleRecording() {
        guard replayer == nil || replayFinished else { return }
        if recorder != nil {
            stopRecording()
            return
        }
        do {
            let file = try paths.newDataFile(stem: "recording", extension: "jsonl")
            startRecording(to: file.path, opened: TraceSink.newFile(file, label: "the recording"))
        } catch {
            Console.error("tapaway: cannot record: \(error)")
        }
    }

    /// Plays `recording` into the window at `speed` (nil: as fast as frames allow); when
    /// `exitAfterwards`, quits once it has played and everything has settled.
    func replay(_ recording: Recording, from path: String, speed: Double?, exitAfterwards: Bool) {
        let replayer = InputReplayer(application: application, recording: recording, speed: speed)
        replayer.onResize = { [unowned platform] size in platform.resize(to: size) }
        // The replay shows itself: a banner with its progress, and the touches it plays.
        let touchesWereShown = app.overlays.showsTouches
        app.setOverlay(.touches, on: true)
        app.replayBanner.show(fed: 0, of: replayer.total, paused: false)
        replayer.onProgress = { [weak self, unowned replayer] fed in
            self?.app.replayBanner.show(fed: fed, of: replayer.total, paused: replayer.isPaused)
        }
        // Space pauses and resumes; the right arrow steps one input while paused. The keys
        // never reach the replayed session.
        platform.keyInterceptor = { [weak self, unowned replayer] key in
            guard let self, !self.replayFinished, key.modifiers.isEmpty else { return false }
            switch key.key {
            case .text(" "):
                if replayer.isPaused { replayer.resume() } else { replayer.pause() }
            case .right:
                replayer.step()
            default:
                return false
            }
            self.app.replayBanner.show(fed: replayer.fed, of: replayer.total, paused: replayer.isPaused)
            return true
        }
        replayer.onFinish = { [weak self] count in
            guard let self else { return }
            self.platform.keyInterceptor = nil
            self.app.replayBanner.setVisible(false)
            if !touchesWereShown { self.app.setOverlay(.touches, on: false) }
            self.replayFinished = true
            self.app.events.notify(.replayFinished(inputs: count))
            Console.out("tapaway: replayed \(Self.count(count, "input")) from \(path)")
            if exitAfterwards { self.quitWhenSettled() }
        }
        self.replayer = replayer
        app.prepareForReplay(of: recording)
        app.events.notify(.replayStarted(path: path, inputs: recording.inputs.count))
        replayer.start()
    }

    /// "1 input", "2 inputs".
    static func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }

    /// Quits at the first frame with no animation running and nothing left to draw.
    private func quitWhenSettled() {
        guard settledWatch.isEmpty else { return }
        settledWatch.add(
            platform.paintedFrameObservers.add { [weak self] in
                guard let self, !self.application.isAnimating, !self.application.needsFrame else { return }
                self.platform.quit()
            })
        application.setNeedsFrame()
    }
}
