import TapawayHeadless
import TapawayKit
import TapawayTestSupport
import Testing

@testable import TapawayAccessibility

/// A window that counts the events delivered through it.
@MainActor
final class CountingWindow: Window {
    var events = 0
    override func sendEvent(_ event: Event) {
        events += 1
        super.sendEvent(event)
    }
}

/// A button in a named group, as the segments of one choice are.
@MainActor
final class GroupedButton: Button {
    var group: String?
    override var accessibilityGroup: String? { group }
}

/// The bridge on a headless application with a name field, a password and a Submit button,
/// connected to a `FakeBus` over a socket pair.
@MainActor
struct BridgeFixture {
    let platform = HeadlessPlatform(screenSize: Size(width: 400, height: 600))
    let window: CountingWindow
    let name = TextField(placeholder: "Name", frame: Rect(x: 20, y: 40, width: 200, height: 40))
    let password = TextField(placeholder: "Password", frame: Rect(x: 20, y: 100, width: 200, height: 40))
    let submit = Button(title: "Submit", frame: Rect(x: 20, y: 160, width: 120, height: 44))
    let bus = FakeBus()
    let connection: DBusConnection
    let bridge: AccessibilityBridge
    /// Whether the window has the desktop's focus, as the platform would say.
    final class WindowFocus { var active = true }
    let windowFocus = WindowFocus()

    init() {
        window = CountingWindow(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        name.identifier = "name"
        password.identifier = "password"
        password.isSecureTextEntry = true
        submit.identifier = "submit"
        for view in [name, password, submit] as [View] { window.addSubview(view) }
        platform.application.addWindow(window)
        platform.settle()
        connection = DBusConnection(descriptor: bus.clientFD)
        let focus = windowFocus
        bridge = AccessibilityBridge(
            application: platform.application, name: "Tapaway", geometry: { ((100, 50), 2) },
            isActive: { focus.active })
        bridge.attach(connection)
        exchange()
    }

    /// Lets the client and the bus work until neither has anything left (a few rounds: the
    /// socket pair delivers at once).
    func exchange() {
        for _ in 0..<6 {
            _ = bridge.handlePoll(readable: true, writable: true, failed: false)
            bus.pump()
        }
    }

    /// Calls `member` of `interface` on element `path` and returns the reply's body.
    func call(_ path: String, _ interface: String, _ member: String, _ body: [DBusValue] = []) -> [DBusValue]? {
        let serial = bus.send(.call(destination: ":1.7", path: path, interface: interface, member: member, body: body))
        exchange()
        return bus.reply(to: serial)?.body
    }

    /// The path of the element whose `AccessibleId` is `identifier`, found by walking the tree
    /// from the application through `GetChildren`.
    func path(of identifier: String) -> String? {
        var queue = [AccessibleNode.path(0)]
        while !queue.isEmpty {
            let path = queue.removeFirst()
            let id = call(
                path, "org.freedesktop.DBus.Properties", "Get", [.string("org.a11y.atspi.Accessible"), .string("AccessibleId")])
            if id == [.variant(.string(identifier))] { return path }
            guard case .array(_, let children)? = call(path, "org.a11y.atspi.Accessible", "GetChildren")?.first else { continue }
            for case .structure(let ref) in children { if let child = ref.last?.text { queue.append(child) } }
        }
        return nil
    }
}

@MainActor
@Suite("AT-SPI bridge")
struct BridgeTests {
    @Test("it registers with the registry, and the tree has the frame, the fields and the button by role and name")
    func registersAndExposes() throws {
        let fixture = BridgeFixture()
        let embed = try #require(fixture.bus.received.first { $0.member == "Embed" })
        #expect(embed.body == [.reference(":1.7", "/org/a11y/atspi/accessible/root")])
        #expect(
            fixture.call(AccessibleNode.path(0), "org.a11y.atspi.Accessible", "GetRole") == [
                .uint32(AtspiRole.application.rawValue)
            ])
        let frame = try #require(
            fixture.call(AccessibleNode.path(0), "org.a11y.atspi.Accessible", "GetChildAtIndex", [.int32(0)]))
        #expect(frame == [.reference(":1.7", AccessibleNode.path(1))])
        #expect(
            fixture.call(AccessibleNode.path(1), "org.a11y.atspi.Accessible", "GetRole") == [.uint32(AtspiRole.frame.rawValue)])
        let name = try #require(fixture.path(of: "name"))
        #expect(fixture.call(name, "org.a11y.atspi.Accessible", "GetRole") == [.uint32(AtspiRole.entry.rawValue)])
        #expect(
            fixture.call(name, "org.freedesktop.DBus.Properties", "Get", [.string("org.a11y.atspi.Accessible"), .string("Name")])
                == [.variant(.string("Name"))])
        let submit = try #require(fixture.path(of: "submit"))
        #expect(fixture.call(submit, "org.a11y.atspi.Accessible", "GetRole") == [.uint32(AtspiRole.pushButton.rawValue)])
        #expect(fixture.call(submit, "org.a11y.atspi.Action", "GetName", [.int32(0)]) == [.string("press")])
        // Extents on the screen: the window's origin plus the frame at two pixels a point.
        #expect(
            fixture.call(submit, "org.a11y.atspi.Component", "GetExtents", [.uint32(0)])
                == [.structure([.int32(140), .int32(370), .int32(240), .int32(88)])])
    }

    @Test("a field's text and caret read back; a password gives bullets only")
    func text() throws {
        let fixture = BridgeFixture()
        fixture.platform.tap(fixture.password)
        fixture.platform.type("hunter2")
        fixture.platform.tap(fixture.name)
        fixture.platform.type("Ada")
        fixture.platform.settle()
        fixture.exchange()
        let name = try #require(fixture.path(of: "name"))
        #expect(fixture.call(name, "org.a11y.atspi.Text", "GetText", [.int32(0), .int32(-1)]) == [.string("Ada")])
        #expect(
            fixture.call(
                name, "org.freedesktop.DBus.Properties", "Get", [.string("org.a11y.atspi.Text"), .string("CaretOffset")])
                == [.variant(.int32(3))])
        let password = try #require(fixture.path(of: "password"))
        #expect(fixture.call(password, "org.a11y.atspi.Accessible", "GetRole") == [.uint32(AtspiRole.passwordText.rawValue)])
        #expect(fixture.call(password, "org.a11y.atspi.Text", "GetText", [.int32(0), .int32(-1)]) == [.string("•••••••")])
        // Nothing the bus received, events included, carries the password.
        let everything = fixture.bus.received.flatMap { $0.body }.map { "\($0)" }.joined()
        #expect(!everything.contains("hunter"))
        #expect(fixture.bus.signals.contains("TextChanged:insert"))
    }

    @Test("DoAction presses Submit with no touch: its action fires, no window's sendEvent sees it")
    func pressWithoutTouch() throws {
        let fixture = BridgeFixture()
        var fired = 0
        fixture.submit.addAction(for: .touchUpInside) { _, _ in fired += 1 }
        var activations: [AccessibilityActivation] = []
        _ = fixture.platform.application.accessibilityActivationObservers.add { activations.append($0.1) }
        var touches = 0
        _ = fixture.platform.application.touchObservers.add { _ in touches += 1 }
        let before = fixture.window.events
        let submit = try #require(fixture.path(of: "submit"))
        #expect(fixture.call(submit, "org.a11y.atspi.Action", "DoAction", [.int32(0)]) == [.bool(true)])
        #expect(fired == 1)
        #expect(fixture.window.events == before)
        #expect(touches == 0)
        #expect(activations == [AccessibilityActivation(identifier: "submit", role: .pushButton, action: "press", handled: true)])
    }

    @Test("a field taking focus sends state-changed:focused and a Focus event from that field")
    func focusEvents() throws {
        let fixture = BridgeFixture()
        let name = try #require(fixture.path(of: "name"))
        #expect(fixture.call(name, "org.a11y.atspi.Action", "DoAction", [.int32(0)]) == [.bool(true)])
        fixture.platform.settle()
        fixture.exchange()
        let focus = fixture.bus.received.filter { $0.kind == .signal && $0.member == "Focus" }
        #expect(focus.map(\.path) == [name])
        let focused = fixture.bus.received.first { $0.member == "StateChanged" && $0.body.first == .string("focused") }
        #expect(focused?.path == name)
        #expect(focused?.body[1] == .int32(1))
    }

    @Test("shift on the keypad renames the letter keys, but not while the password is focused")
    func shiftWhileSecret() {
        let fixture = BridgeFixture()
        func renamesOnShift(focusing field: TextField) -> Bool {
            fixture.platform.tap(field)
            fixture.platform.settle()
            fixture.exchange()
            let before = fixture.bus.received.count
            fixture.platform.tapKey("key-shift")
            fixture.platform.settle()
            fixture.exchange()
            return fixture.bus.received.dropFirst(before).contains {
                $0.member == "PropertyChange" && $0.body.first == .string("accessible-name")
            }
        }
        #expect(renamesOnShift(focusing: fixture.name), "shift shows capitals on the keys")
        #expect(!renamesOnShift(focusing: fixture.password), "the keys' names do not follow shift")
    }

    @Test("the frame is active while the window has the focus, and says so as window:activate and deactivate")
    func windowActivation() {
        let fixture = BridgeFixture()
        func isActive() -> Bool {
            guard
                case .array(_, let words)? = fixture.call(AccessibleNode.path(1), "org.a11y.atspi.Accessible", "GetState")?.first,
                case .uint32(let low)? = words.first
            else { return false }
            return low & (1 << AtspiState.active.rawValue) != 0
        }
        #expect(isActive())
        fixture.windowFocus.active = false
        fixture.platform.application.setNeedsFrame()
        fixture.platform.settle()
        fixture.exchange()
        #expect(fixture.bus.signals.contains("Deactivate:"))
        #expect(!isActive())
        #expect(
            fixture.bus.received.contains {
                $0.member == "StateChanged" && $0.body.first == .string("active") && $0.body[1] == .int32(0)
            })
        fixture.windowFocus.active = true
        fixture.platform.application.setNeedsFrame()
        fixture.platform.settle()
        fixture.exchange()
        #expect(fixture.bus.signals.contains("Activate:"))
    }

    @Test("EditableText sets, inserts and deletes as a paste; the password takes text it never gives back")
    func editableText() throws {
        let fixture = BridgeFixture()
        var changes = 0
        _ = fixture.platform.application.notificationCenter.addObserver(forName: .textFieldDidChange) { _ in changes += 1 }
        let name = try #require(fixture.path(of: "name"))
        let editable = "org.a11y.atspi.EditableText"
        #expect(fixture.call(name, editable, "SetTextContents", [.string("Grace")]) == [.bool(true)])
        #expect(fixture.name.text == "Grace")
        #expect(fixture.call(name, editable, "InsertText", [.int32(0), .string("Adm. ✓"), .int32(5)]) == [.bool(true)])
        #expect(fixture.name.text == "Adm. Grace")
        #expect(fixture.call(name, editable, "DeleteText", [.int32(0), .int32(5)]) == [.bool(true)])
        #expect(fixture.name.text == "Grace")
        #expect(changes == 3, "each edit is the field's own change, as a paste is")
        // Out of range: refused, the text untouched.
        #expect(fixture.call(name, editable, "InsertText", [.int32(99), .string("x"), .int32(1)]) == [.bool(false)])
        #expect(fixture.call(name, editable, "DeleteText", [.int32(-2), .int32(1)]) == [.bool(false)])
        #expect(fixture.call(name, editable, "DeleteText", [.int32(3), .int32(1)]) == [.bool(false)])
        #expect(fixture.name.text == "Grace")
        let password = try #require(fixture.path(of: "password"))
        #expect(fixture.call(password, editable, "SetTextContents", [.string("s3cret")]) == [.bool(true)])
        #expect(fixture.password.text == "s3cret")
        fixture.platform.settle()
        fixture.exchange()
        #expect(fixture.call(password, "org.a11y.atspi.Text", "GetText", [.int32(0), .int32(-1)]) == [.string("••••••")])
        #expect(fixture.call(password, editable, "DeleteText", [.int32(2), .int32(4)]) == [.bool(true)])
        #expect(fixture.password.text == "s3et")
        // A button has no editable text.
        let submit = try #require(fixture.path(of: "submit"))
        let serial = fixture.bus.send(
            .call(destination: ":1.7", path: submit, interface: editable, member: "SetTextContents", body: [.string("x")]))
        fixture.exchange()
        #expect(fixture.bus.reply(to: serial)?.kind == .error)
    }

    @Test("a registry that restarts gets the application embedded again; a forged restart does not")
    func registryRestart() {
        let fixture = BridgeFixture()
        let embeds = { fixture.bus.received.filter { $0.member == "Embed" }.count }
        #expect(embeds() == 1)
        #expect(fixture.bus.received.contains { $0.member == "AddMatch" })
        let restart = DBusMessage.signal(
            path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "NameOwnerChanged",
            body: [.string("org.a11y.atspi.Registry"), .string(""), .string(":1.40")])
        fixture.bus.send(restart, from: ":1.66")
        fixture.exchange()
        #expect(embeds() == 1, "only the bus says who owns a name")
        fixture.bus.send(restart, from: "org.freedesktop.DBus")
        fixture.exchange()
        #expect(embeds() == 2)
    }

    @Test("the members of a group name each other (member-of); an element in no group has no relation")
    func groups() throws {
        let fixture = BridgeFixture()
        for (index, group) in ["size", "size", "colour"].enumerated() {
            let button = GroupedButton(
                title: "B\(index)", frame: Rect(x: 250, y: 40 + Double(index) * 50, width: 100, height: 40))
            button.identifier = "grouped-\(index)"
            button.group = group
            fixture.window.addSubview(button)
        }
        fixture.platform.settle()
        fixture.exchange()
        let first = try #require(fixture.path(of: "grouped-0")), second = try #require(fixture.path(of: "grouped-1"))
        let relations = fixture.call(first, "org.a11y.atspi.Accessible", "GetRelationSet")
        let members: DBusValue = .array(element: "(so)", [.reference(":1.7", first), .reference(":1.7", second)])
        #expect(relations == [.array(element: "(ua(so))", [.structure([.uint32(5), members])])])
        let submit = try #require(fixture.path(of: "submit"))
        #expect(fixture.call(submit, "org.a11y.atspi.Accessible", "GetRelationSet") == [.array(element: "(ua(so))", [])])
    }

    @Test("calls with wrong arguments, unknown objects and unknown methods get errors, not a crash")
    func hostileCalls() throws {
        let fixture = BridgeFixture()
        let submit = try #require(fixture.path(of: "submit"))
        let cases: [(String, String, String, [DBusValue])] = [
            (submit, "org.a11y.atspi.Action", "DoAction", [.string("0")]),
            (submit, "org.a11y.atspi.Accessible", "GetChildAtIndex", []),
            ("/org/a11y/atspi/accessible/999999999", "org.a11y.atspi.Accessible", "GetRole", []),
            ("/nowhere", "org.a11y.atspi.Accessible", "GetRole", []),
            (submit, "org.a11y.atspi.Text", "GetText", [.int32(0), .int32(5)]),
            (submit, "org.a11y.atspi.Nothing", "Explode", []),
        ]
        for (path, interface, member, body) in cases {
            let serial = fixture.bus.send(
                .call(destination: ":1.7", path: path, interface: interface, member: member, body: body))
            fixture.exchange()
            #expect(fixture.bus.reply(to: serial)?.kind == .error, "\(interface).\(member) on \(path)")
        }
        #expect(fixture.connection.state == .open)
    }

    @Test("a peer that sends garbage loses its connection; the bridge says so and the app goes on")
    func garbage() {
        let fixture = BridgeFixture()
        var closed: String?
        fixture.bridge.onStatus = { event, reason in if event == "closed" { closed = reason } }
        fixture.bus.write([UInt8](repeating: 0xEE, count: 64))
        fixture.exchange()
        #expect(closed?.contains("malformed") == true)
        #expect(fixture.bridge.pollDescriptor == nil)
        var fired = 0
        fixture.submit.addAction(for: .touchUpInside) { _, _ in fired += 1 }
        fixture.platform.tap(fixture.submit)
        fixture.platform.settle()
        #expect(fired == 1)
    }

    @Test("a bus that stops reading costs a bounded buffer, then the connection closes instead of blocking")
    func stalledBus() {
        let fixture = BridgeFixture()
        fixture.bus.reads = false
        var sent = 0
        let big = DBusMessage.signal(
            path: "/x", interface: "org.a11y.atspi.Event.Object", member: "TextChanged",
            body: [.string(String(repeating: "x", count: 1 << 16))])
        while fixture.connection.state == .open, sent < 1000 {
            fixture.connection.send(big)
            sent += 1
        }
        #expect(fixture.connection.state != .open)
        #expect(sent * (1 << 16) <= DBusConnection.outgoingLimit + (1 << 20))
    }
}
