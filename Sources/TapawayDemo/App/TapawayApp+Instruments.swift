import TapawayKit

/// The instruments and the options: the inspector's switches and log, the help card, the
/// Audit instrument, the recording switch, the overlays, replay's starting state, and setting
/// an option (applied to the screens and shown in the sidebar).
extension TapawayApp {
    func wireInstruments() {
        observers.add(
            window.decisionObservers.add { [weak self] decision in
                guard let self else { return }
                self.inspector.log.append(decision, evidence: DecisionEvidence.standIn(for: decision, in: self.window))
            })
        inspector.touchesItem.onTap = { [weak self] item in
            item.isOn.toggle()
            self?.overlays.showsTouches = item.isOn
        }
        inspector.regionsItem.onTap = { [weak self] item in
            item.isOn.toggle()
            self?.overlays.showsRegions = item.isOn
        }
        inspector.keypadItem.onTap = { [weak self] item in
            item.isOn.toggle()
            self?.overlays.showsKeypad = item.isOn
        }
        inspector.helpItem.onTap = { [weak self] _ in self?.toggleHelp() }
        sidebar.inspectorItem.isOn = inspectorWanted
        sidebar.inspectorItem.onTap = { [weak self] _ in self?.toggleInspector() }
        sidebar.helpItem.onTap = { [weak self] _ in self?.toggleHelp() }
        sidebar.auditItem.onTap = { [weak self] _ in self?.toggleAudit() }
        auditCard.onChoose = { [weak self] finding, play in self?.choose(finding, play: play) }
        sidebar.pinnedItem.onTap = { [weak self] _ in
            guard let app = self?.application else { return }
            app.mouse.liftPinned(timestamp: app.clock.now)
        }
        observers.add(
            application.touchObservers.add { [weak self] touch in
                guard touch.identifier == MouseTouches.pinnedID else { return }
                self?.sidebar.show(pinnedFinger: !touch.phase.isFinished)
            })
        // The inspector's keyboard line follows the keyboard, frame by frame (it only changes
        // with a frame: a slide, a switch to the hardware keyboard, F4).
        observers.add(
            application.frameObservers.add { [weak self] in
                guard let self else { return }
                self.inspector.show(keyboard: self.application.keyboard)
            })
        inspector.show(keyboard: application.keyboard)
        sidebar.recordItem.onTap = { [weak self] _ in self?.onRecordingToggle?() }
        sidebar.keyHandler = { [weak self] key in self?.chromeFocus.handle(key) ?? false }
        inspector.keyHandler = { [weak self] key in self?.chromeFocus.handle(key) ?? false }
        chromeFocus.onChange = { [weak self] item in
            self?.events.notify(.chromeFocus(id: item?.identifier))
        }
        application.unhandledKeyHandler = { [weak self] key in self?.handleUnhandledKey(key) }
    }

    /// Shows whether input is being recorded, and to which file, in the sidebar.
    package func showRecording(to path: String?) {
        let item = sidebar.recordItem
        item.isOn = path != nil
        // While recording, the file's name on a line of its own under the title; else F9 beside it.
        item.subtitleInline = path == nil
        item.subtitle = path.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? "F9"
        sidebar.setNeedsLayout()
    }

    /// Shows or hides the Audit instrument.
    ///
    /// Shown, it audits the screen on view under the technique on view with the options set: a
    /// headless run whose cases play a few each frame, the card counting them, so the window
    /// stays live; the trace gets an `audit` line when the findings are ready.
    package func toggleAudit() {
        guard auditCard.isHidden else {
            auditCard.setVisible(false)
            auditTimer?.invalidate()
            auditTimer = nil
            return
        }
        let options = options.values.map { OptionAssignment(key: $0.key, value: $0.value) }
        let document = screenDocument ?? form.document
        let name = screenDocument == nil ? form.document.name ?? "standard" : "this screen"
        let progress = AuditRunner(document: document, options: options).start(technique)
        auditCard.showProgress(of: progress)
        auditCard.setVisible(true)
        auditCard.setNeedsLayout()
        auditTimer?.invalidate()
        auditTimer = application.timers.schedule(after: Self.auditTick, repeats: true) { [weak self] timer in
            guard let self else { return timer.invalidate() }
            // A few milliseconds of cases a tick, at least one.
            let started = ContinuousClock.now
            while progress.step(), ContinuousClock.now - started < .milliseconds(8) {}
            guard progress.done == progress.total else { return self.auditCard.showProgress(of: progress) }
            timer.invalidate()
            self.auditTimer = nil
            let audit = Audit(document: document, named: name, runs: [progress.result])
            self.auditCard.show(audit, technique: progress.technique)
            self.auditCard.setNeedsLayout()
            self.events.notify(
                .audit(technique: progress.technique, cases: audit.caseCount, findings: audit.findings.count))
        }
    }

    /// How often the Audit instrument plays its next cases: longer than a frame, so the loop
    /// goes idle between.
    package nonisolated static let auditTick = 0.025

    /// Outlines a finding's element on the screen and, with `play`, plays its case there.
    package func choose(_ finding: AuditFinding, play: Bool) {
        overlays.outlined = window.view(withIdentifier: finding.element)
        guard play, let auditCase = finding.auditCase else { return }
        playCase(auditCase.matrixForm, label: finding.kind.title)
    }

    /// Shows or hides the help card.
    package func toggleHelp() {
        helpCard.setVisible(helpCard.isHidden)
        helpCard.setNeedsLayout()
    }

    /// Connects or disconnects the hardware keyboard (the `keyboard` option), as its row in the
    /// sidebar does.
    package func toggleHardwareKeyboard() {
        let key = OptionKey(nil, KeyboardOption.keyboard.id)
        setOption(key, to: options.value(of: key) == "hardware" ? "software" : "hardware")
    }

    /// Presents the screen file's sheet again, on the screen on view, if it was dismissed.
    package func presentSheet() {
        screen(for: technique).sheet?.present(animated: true)
    }

    /// Puts the app in the state a recording began in, before it is replayed: the inspector
    /// shown or hidden as it was (the simulated screen's width depends on it), the options set
    /// then (the keyboard's state among them), and the input that was focused.
    ///
    /// Recordings without these header fields leave the app as it is.
    package func prepareForReplay(of recording: Recording) {
        if let wanted = recording.inspector, wanted != inspectorWanted { toggleInspector() }
        for option in recording.options { setOption(option.key, to: option.value) }
        if let id = recording.focused { focus(id) }
    }

    /// Turns `overlay` on or off, as its switch in the inspector does.
    package func setOverlay(_ overlay: OverlayKind, on: Bool) {
        switch overlay {
        case .touches: overlays.showsTouches = on; inspector.touchesItem.isOn = on
        case .regions: overlays.showsRegions = on; inspector.regionsItem.isOn = on
        case .keypad: overlays.showsKeypad = on; inspector.keypadItem.isOn = on
        }
    }

    /// Whether `overlay` is shown.
    package func shows(_ overlay: OverlayKind) -> Bool {
        switch overlay {
        case .touches: overlays.showsTouches
        case .regions: overlays.showsRegions
        case .keypad: overlays.showsKeypad
        }
    }

    /// Sets the option `key` to `value`, applies it to the screens it concerns, and shows it in
    /// the sidebar.
    ///
    /// Returns false, changing nothing, when the option or the value is unknown.
    @discardableResult
    package func setOption(_ key: OptionKey, to value: String) -> Bool {
        guard let option = options.set(key, to: value) else { return false }
        for (id, screen) in screens where key.technique == nil || key.technique == id { option.apply(value, screen) }
        option.applyToApplication?(value, application)
        sidebar.show(option: key, value: value)
        sidebar.show(changedOptions: options.values.count)
        inspector.show(changedOptions: options.values.count)
        if DeviceOption.concerns(key) || AndroidOption.changesDevice(key) { applyDeviceOptions() }
        return true
    }

    /// Puts every option back to its default (the sidebar's *Reset options*).
    package func resetOptions() {
        for key in options.values.keys.sorted(by: { $0.description < $1.description }) {
            if let option = key.definition { setOption(key, to: option.defaultValue) }
        }
    }
}
