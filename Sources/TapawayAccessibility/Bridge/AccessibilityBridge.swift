import Glibc
import TapawayKit

/// Exposes an application to screen readers and accessibility-driven tools over AT-SPI, the
/// desktop's accessibility protocol on D-Bus, as GTK and Qt programs do.
///
/// Nothing happens until `start(busFromRootWindow:)`, which the launcher calls once the first
/// frame is on screen. It finds the accessibility bus as libatspi and GTK do, and only connects
/// if there is one: `AT_SPI_BUS_ADDRESS`, else the `AT_SPI_BUS` property of the X root window
/// (set by `at-spi-bus-launcher`), else the session bus's `org.a11y.Bus.GetAddress`.
/// `NO_AT_BRIDGE=1` (GTK's switch) keeps it off. Then it registers with the AT-SPI registry
/// (`Socket.Embed`), answers calls from the tree taken at each frame and sends the events that
/// take a client from one frame's tree to the next.
///
/// Every connection is non-blocking and polled by the host's loop through this object
/// (`PolledInput`); a peer that misbehaves gets its connection closed, and the program goes on.
@MainActor
package final class AccessibilityBridge: PolledInput {
    /// Told what happened to the connection: `registered` once the registry has embedded the
    /// application, `closed` (with the reason) when the accessibility bus connection ends.
    package var onStatus: ((_ event: String, _ reason: String?) -> Void)?
    /// The application whose windows the bridge exposes, each frame.
    private unowned let application: Application
    private let tree: AccessibleTree
    private let server: AtspiServer
    /// The connection to the session bus while it is asked for the accessibility bus's address.
    private var sessionBus: DBusConnection?
    /// The connection to the accessibility bus.
    private var bus: DBusConnection?
    /// Its registration for the end of every frame while the bus is open.
    private let frames = ObserverBag()

    /// A bridge for `application`, called `name` (the frame and the application); `geometry`
    /// says where the top-level window's top-left is on the screen, in pixels, and how many
    /// pixels a point takes.
    package init(
        application: Application, name: String, geometry: @escaping () -> (origin: (x: Int, y: Int), scale: Double),
        isActive: @escaping () -> Bool = { true }
    ) {
        self.application = application
        tree = AccessibleTree(applicationName: name)
        tree.isActive = isActive
        server = AtspiServer(tree: tree)
        server.screenGeometry = geometry
        server.activate = { [unowned application] view in application.activateAccessibly(view) }
    }

    /// Whether the environment switches the bridge off (`NO_AT_BRIDGE=1`, as GTK reads it).
    package static var isSwitchedOff: Bool {
        getenv("NO_AT_BRIDGE").map { String(cString: $0) == "1" } ?? false
    }

    /// Looks for an accessibility bus and, if there is one, connects and registers.
    ///
    /// `busFromRootWindow` reads the X root window's `AT_SPI_BUS` property (nil when unset).
    package func start(busFromRootWindow: () -> String?) {
        guard !Self.isSwitchedOff, bus == nil, sessionBus == nil else { return }
        if let address = Self.environment("AT_SPI_BUS_ADDRESS") {
            connectAccessibilityBus(address)
        } else if let address = busFromRootWindow() {
            connectAccessibilityBus(address)
        } else {
            askSessionBus()
        }
    }

    private static func environment(_ name: String) -> String? {
        guard let raw = getenv(name) else { return nil }
        let value = String(cString: raw)
        return value.isEmpty ? nil : value
    }

    /// Asks the session bus's `org.a11y.Bus` for the accessibility bus's address (GTK's last
    /// resort); nothing happens when there is no session bus or it does not answer.
    private func askSessionBus() {
        var addresses = Self.environment("DBUS_SESSION_BUS_ADDRESS").map(DBusAddress.parse) ?? []
        if addresses.isEmpty, let runtime = Self.environment("XDG_RUNTIME_DIR"), access(runtime + "/bus", F_OK) == 0 {
            addresses = [.path(runtime + "/bus")]
        }
        guard let connection = DBusConnection.connect(to: addresses) else { return }
        sessionBus = connection
        connection.onClose = { [weak self] _ in self?.sessionBus = nil }
        connection.onOpen = { [weak self, unowned connection] in
            connection.send(
                .call(destination: "org.a11y.Bus", path: "/org/a11y/bus", interface: "org.a11y.Bus", member: "GetAddress")
            ) { reply in
                connection.close(because: "asked")
                guard let self, reply.kind == .methodReturn, let address = reply.body.first?.text else { return }
                self.connectAccessibilityBus(address)
            }
        }
    }

    private func connectAccessibilityBus(_ address: String) {
        guard bus == nil, let connection = DBusConnection.connect(to: DBusAddress.parse(address)) else { return }
        attach(connection)
    }

    /// Serves the tree over `connection`, a connection to the accessibility bus that is
    /// authenticating (tests hand one over a socket pair): registers once it is open.
    package func attach(_ connection: DBusConnection) {
        bus = connection
        connection.onOpen = { [weak self] in self?.register() }
        connection.onSignal = { [weak self] signal in self?.registryMayHaveRestarted(signal) }
        connection.onMethodCall = { [weak self, unowned connection] call in
            guard let self else { return }
            let (reply, then) = self.server.answer(call)
            if !call.wantsNoReply { connection.send(reply) }
            then?()
        }
        connection.onClose = { [weak self] reason in
            guard let self else { return }
            self.frames.cancelAll()
            self.bus = nil
            self.onStatus?("closed", reason)
        }
    }

    /// Takes the first tree, follows every frame from now on, and asks the registry to embed
    /// the application under the desktop.
    private func register() {
        guard let bus, let name = bus.uniqueName else { return }
        server.busName = name
        tree.snapshot(of: application, size: application.screenSize)
        frames.add(application.frameObservers.add { [weak self] in self?.frameDidRun() })
        // Told when the registry comes back after a restart, to be embedded again (as GTK's
        // bridge is); the bus's own signal, about the registry's name only.
        bus.send(
            .call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "AddMatch",
                body: [
                    .string(
                        "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='org.a11y.atspi.Registry'"
                    )
                ]))
        embed()
    }

    /// Asks the registry to embed the application under the desktop.
    private func embed() {
        guard let bus, let name = bus.uniqueName else { return }
        bus.send(
            .call(
                destination: "org.a11y.atspi.Registry", path: AccessibleNode.path(0), interface: "org.a11y.atspi.Socket",
                member: "Embed", body: [.reference(name, AccessibleNode.path(0))])
        ) { [weak self] reply in
            guard let self, reply.kind == .methodReturn else { return }
            if let desktop = reply.body.first, desktop.signature == "(so)" { self.server.desktop = desktop }
            self.onStatus?("registered", nil)
        }
    }

    /// Embeds the application again when the registry's name gets a new owner (the registry restarted);
    /// any other signal is ignored.
    ///
    /// Only the bus itself is believed.
    private func registryMayHaveRestarted(_ signal: DBusMessage) {
        guard signal.sender == "org.freedesktop.DBus", signal.member == "NameOwnerChanged",
            signal.body.count == 3, signal.body[0].text == "org.a11y.atspi.Registry",
            let owner = signal.body[2].text, !owner.isEmpty
        else { return }
        embed()
    }

    /// Takes the frame's tree and sends what changed since the last.
    private func frameDidRun() {
        guard let bus, bus.state == .open else { return }
        let old = tree.nodes
        let new = tree.snapshot(of: application, size: application.screenSize)
        for event in AccessibleEvent.changes(from: old, to: new, bus: server.busName) {
            bus.send(event.message)
        }
    }

    // MARK: PolledInput

    /// The connection being worked: the session bus's while it is asked, then the
    /// accessibility bus's.
    private var current: DBusConnection? { sessionBus ?? bus }

    /// The current connection's socket; nil when there is none.
    package var pollDescriptor: Int32? { current?.pollDescriptor }

    /// Whether the current connection has bytes to write.
    package var wantsToWrite: Bool { current?.wantsToWrite ?? false }

    /// Works the current connection.
    package func handlePoll(readable: Bool, writable: Bool, failed: Bool) -> Bool {
        current?.handlePoll(readable: readable, writable: writable, failed: failed) ?? false
    }
}
