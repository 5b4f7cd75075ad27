import TapawayKit

/// The simulated device and the chrome around it: laying the windows out for the window's
/// size, the device and its orientation (the device options), the folded sidebar and
/// inspector, Android's Back, and the `device` event that waits for the window's new size.
extension TapawayApp {
    func layOutWindows(for size: Size, rotated: Bool = false) {
        let layout = WindowLayout(window: size, device: device.size(orientation), inspector: inspectorWanted)
        windowLayout = layout
        let device = layout.device
        let safeArea = ChromeLayout.safeArea(self.device, orientation, layout: layout)
        replayBanner.frame = ChromeLayout.replayBannerFrame(device: device, safeArea: safeArea)
        noticeBanner.frame = ChromeLayout.noticeBannerFrame(device: device, safeArea: safeArea)
        application.keyboard.coversBottomSafeArea = self.device.keyboardCoversBottomInset
        application.keyboard.systemBarHeight = self.device.imeNavigationBarHeight
        // The app's window and its bar take the new device before the keyboard hears of it: the
        // notifications `setDevice` posts at once (a turn's hide and show) reach strategies that
        // measure the screen as it now is, never the old screen against the new keyboard.
        // Android's app bar is Material's top app bar; iOS's, the navigation bar (the compact one
        // on small iPhones in landscape).
        navigation.navigationBar.style = self.device.keyboardStyle == .android ? .material : .ios
        navigation.navigationBar.isCompact = orientation == .landscape && self.device.hasCompactLandscapeBar
        // Android's window ends above the navigation bar unless the screen draws edge to edge.
        let navigationBar =
            self.device.bottom == .navigationBar ? DeviceChrome.navigationBarFrame(device: device, safeArea: safeArea) : .zero
        window.place(onDevice: device, navigationBar: navigationBar)
        // iPhone's keys are shorter in landscape; iPad's and Android's keep their height here.
        let compact = orientation == .landscape && self.device.hidesStatusBarInLandscape
        application.setDevice(
            frame: device, safeArea: safeArea, compactKeys: compact, rotated: rotated,
            keyboardStyle: self.device.keyboardStyle)
        backdrop.frame = Rect(origin: .zero, size: size)
        helpCard.frame = ChromeLayout.helpCardFrame(device: device, inspector: layout.inspector, window: size)
        auditCard.frame = helpCard.frame
        sidebarStrip.frame = layout.sidebarStrip
        sidebarStrip.setVisible(layout.sidebarStrip.width > 0)
        inspectorStrip.frame = layout.inspectorStrip
        inspectorStrip.setVisible(layout.inspectorStrip.width > 0)
        if layout.sidebarStrip.width == 0 { sidebarOpen = false }
        if layout.inspectorStrip.width == 0 { inspectorOpen = false }
        sidebarStrip.button.isOn = sidebarOpen
        inspectorStrip.button.isOn = inspectorOpen
        // A folded chrome, when opened, lies over the device beside its strip.
        sidebar.frame =
            sidebarOpen
            ? Rect(x: layout.sidebarStrip.maxX, y: 0, width: SidebarWindow.width, height: size.height) : layout.sidebar
        sidebar.setVisible(layout.sidebar.width > 0 || sidebarOpen)
        inspector.frame =
            inspectorOpen
            ? Rect(
                x: layout.inspectorStrip.minX - InspectorWindow.width, y: 0, width: InspectorWindow.width,
                height: size.height)
            : ChromeLayout.inspectorFrame(layout.inspector, screen: size)
        inspector.setVisible(layout.inspector.width > 0 || inspectorOpen)
        deviceChrome.profile = self.device
        deviceChrome.orientation = orientation
        deviceChrome.layOut()
        inspector.show(device: self.device, orientation: orientation, layout: layout)
    }

    /// The device as the trace states it.
    package var deviceState: Tracer.DeviceState {
        Tracer.DeviceState(
            model: device.id, orientation: orientation.rawValue, safeArea: application.safeAreaInsets,
            clipped: windowLayout.clipped,
            navigation: device.bottom == .navigationBar ? (device.gestureNavigation ? "gesture" : "three-button") : nil)
    }

    /// Opens or closes the folded sidebar over the device.
    package func toggleFoldedSidebar() {
        sidebarOpen.toggle()
        if sidebarOpen { inspectorOpen = false }
        layOutWindows(for: application.screenSize)
    }

    /// Opens or closes the folded inspector over the device.
    package func toggleFoldedInspector() {
        inspectorOpen.toggle()
        if inspectorOpen { sidebarOpen = false }
        layOutWindows(for: application.screenSize)
    }

    /// Android's Back (the navigation bar's Back button): while the keyboard is up, the input
    /// method takes it and hides the keyboard, and the focused field keeps its focus; else a
    /// sheet or alert up over the screen is dismissed (`Dialog.onBackPressed` cancels a
    /// cancelable dialog, the default); else the activity goes back (the screen is popped, as
    /// `onBackPressed` finishes it).
    ///
    /// The trace's `systemBack` line says which (`took`:
    /// `keyboard`, `dialog`, `app`, or `nothing` at the root).
    package func systemBack() {
        let took: String
        let sheet = navigation.viewControllers.count > 1 ? screen(for: technique).sheet : nil
        if application.keyboard.handleBack() {
            took = "keyboard"
        } else if let sheet, sheet.isPresented {
            took = "dialog"
            sheet.dismiss(animated: true)
        } else if navigation.viewControllers.count > 1 {
            took = "app"
            navigation.popViewController(animated: true)
        } else {
            took = "nothing"
        }
        let focused = (application.focusedTextInput as? View)?.identifier
        events.notify(.systemBack(took: took, focused: focused))
    }

    /// Turns the device to the other orientation (F5), as its `orientation` option does.
    package func rotate() {
        let key = OptionKey(nil, DeviceOption.orientation.id)
        setOption(key, to: orientation.turned.rawValue)
    }

    /// Takes the device and orientation from their options and lays the windows out for them.
    func applyDeviceOptions() {
        var chosen = DeviceProfile.device(options.value(of: OptionKey(nil, DeviceOption.device.id))) ?? device
        chosen.gestureNavigation = options.value(of: OptionKey(nil, AndroidOption.navigation.id)) == "gesture"
        let turned = DeviceOrientation(rawValue: options.value(of: OptionKey(nil, DeviceOption.orientation.id))) ?? orientation
        guard chosen != device || turned != orientation else { return }
        let rotated = chosen == device && turned != orientation
        device = chosen
        orientation = turned
        layOutWindows(for: application.screenSize, rotated: rotated)
        // The window may grow for the device, now (headless) or once the window manager has
        // answered (X): the device line states the frame it ends with.
        deviceLineTimer?.invalidate()
        deviceLineTimer = nil
        // A resize made while the platform answers (a new scale, a screen grown at once) is part of
        // the change: the line waits until it has answered.
        deviceLineAwaitsWindow = false
        let resizing = onDeviceChange?(self.device.size(orientation)) ?? false
        deviceLineAwaitsWindow = true
        if resizing {
            deviceLineTimer = application.timers.schedule(after: Self.windowSizeWait) { [weak self] _ in
                self?.writeAwaitedDeviceLine()
            }
        } else {
            writeAwaitedDeviceLine()
        }
    }

    /// Writes the `device` line that waited for the window's size, if one does.
    func writeAwaitedDeviceLine() {
        guard deviceLineAwaitsWindow else { return }
        deviceLineAwaitsWindow = false
        deviceLineTimer?.invalidate()
        deviceLineTimer = nil
        events.notify(.device(deviceState, frame: application.deviceFrame))
    }

    /// Shows or hides the inspector (the simulated screen takes the room).
    package func toggleInspector() {
        inspectorWanted.toggle()
        sidebar.inspectorItem.isOn = inspectorWanted
        layOutWindows(for: application.screenSize)
    }
}
