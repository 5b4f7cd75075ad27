import TapawayKit
import TapawayScreen

/// A technique's run as one JSON value, so that an audit can play its techniques in several
/// processes of the same program (`tapaway audit --jobs`): a worker writes its runs, one a line,
/// and the audit reads them back exactly as played. Not a public format: both ends are the same
/// build, and a run that does not read back is played again in the audit's own process.
extension AuditRunner.TechniqueRun {
    /// The run as JSON: every field, numbers exact.
    package var json: JSON {
        .object([
            ("technique", .string(technique.rawValue)),
            ("device", .string(device)),
            ("size", .array([.number(deviceSize.width), .number(deviceSize.height)])),
            ("covers", .array(covers.map(Self.json(_:)))),
            ("plays", .array(plays.map(Self.json(_:)))),
        ])
    }

    /// Reads a run written by `json`; nil when anything is missing or of another type.
    package init?(json node: JSONNode) {
        let o = Fields(node)
        guard let technique = o.string("technique"), let device = o.string("device"),
            let size = o.numbers("size"), size.count == 2,
            let covers = o.array("covers")?.map(Self.cover(_:)), let plays = o.array("plays")?.map(Self.play(_:)),
            !covers.contains(where: { $0 == nil }), !plays.contains(where: { $0 == nil })
        else { return nil }
        self.init(
            technique: TechniqueID(technique), plays: plays.compactMap { $0 }, covers: covers.compactMap { $0 },
            device: device, deviceSize: Size(width: size[0], height: size[1]))
    }

    /// The limits a worker's line is read within: far above a 2 000-element screen's run, far
    /// below what could exhaust memory.
    package static let jsonLimits = JSONLimits(bytes: 256 << 20, depth: 16, values: 50_000_000, stringBytes: 1 << 20)

    // MARK: Writing

    private static func json(_ cover: AuditCover) -> JSON {
        .object([
            ("technique", .string(cover.technique.rawValue)), ("input", .string(cover.input)),
            ("overlap", .number(cover.overlap)), ("focusedByTap", .bool(cover.focusedByTap)),
        ])
    }

    private static func json(_ play: AuditPlay) -> JSON {
        let c = play.auditCase, cell = play.cell, o = cell.outcome
        return .object([
            ("technique", .string(c.technique.rawValue)), ("focus", .string(c.focus)),
            ("gesture", .string(c.gesture.rawValue)), ("target", json(c.target)), ("matrixCase", .number(Double(c.matrixCase))),
            ("typed", JSON.optional(c.typed)), ("focusOnly", .bool(c.focusOnly)), ("acting", JSON.optional(c.acting)),
            ("number", .number(Double(cell.number))), ("code", .string(cell.code)), ("words", .string(cell.words)),
            ("focusedBefore", JSON.optional(cell.focusedBefore)),
            ("focusChanges", .array(o.focusChanges.map(JSON.optional))),
            ("focusPhases", .array(o.focusPhases.map { JSON.optional($0?.rawValue) })),
            ("hidePhases", .array(o.hidePhases.map { JSON.optional($0?.rawValue) })),
            ("shows", .number(Double(o.keypadShows))), ("raises", .number(Double(o.keypadRaises))),
            ("changes", .number(Double(o.keypadChanges))), ("hides", .number(Double(o.keypadHides))),
            ("upAtEnd", o.keypadUpAtEnd.map { .bool($0) } ?? .null),
            ("actions", counts(o.actions)), ("decisions", counts(o.decisions)),
            ("touchHits", .array(o.touchHits.map { .string($0) })), ("finalFocus", JSON.optional(o.finalFocus)),
            ("texts", .object(o.texts.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
            ("acted", play.acted.map { .bool($0) } ?? .null),
            ("point", play.point.map { .array([.number($0.x), .number($0.y)]) } ?? .null), ("dimmed", .bool(play.dimmed)),
        ])
    }

    private static func counts(_ counts: [String: Int]) -> JSON {
        .object(counts.sorted { $0.key < $1.key }.map { ($0.key, .number(Double($0.value))) })
    }

    private static func json(_ target: AuditTarget) -> JSON {
        switch target {
        case .element(let id): .object([("element", .string(id))])
        case .background(let p, let container):
            .object([("background", .array([.number(p.x), .number(p.y)])), ("container", .string(container))])
        case .backgroundIn(let id, let p, let container):
            .object([
                ("in", .string(id)), ("background", .array([.number(p.x), .number(p.y)])), ("container", .string(container)),
            ])
        case .navigationBar: .string("navigation-bar")
        case .returnKey: .string("return")
        case .toolbarDone: .string("toolbar-done")
        }
    }

    // MARK: Reading

    private static func cover(_ node: JSONNode) -> AuditCover? {
        let o = Fields(node)
        guard let technique = o.string("technique"), let input = o.string("input"), let overlap = o.number("overlap"),
            let byTap = o.bool("focusedByTap")
        else { return nil }
        return AuditCover(technique: TechniqueID(technique), input: input, overlap: overlap, focusedByTap: byTap)
    }

    private static func play(_ node: JSONNode) -> AuditPlay? {
        let o = Fields(node)
        guard let technique = o.string("technique"), let focus = o.string("focus"),
            let gesture = o.string("gesture").flatMap(AuditGesture.init(rawValue:)),
            let target = o.node("target").flatMap(target(_:)), let matrixCase = o.int("matrixCase"),
            let focusOnly = o.bool("focusOnly"), let number = o.int("number"), let code = o.string("code"),
            let words = o.string("words"), let focusChanges = o.optionalStrings("focusChanges"),
            let focusPhases = o.optionalStrings("focusPhases"), let hidePhases = o.optionalStrings("hidePhases"),
            let shows = o.int("shows"), let raises = o.int("raises"), let changes = o.int("changes"),
            let hides = o.int("hides"), let actions = o.counts("actions"), let decisions = o.counts("decisions"),
            let touchHits = o.optionalStrings("touchHits"), let texts = o.strings("texts"), let dimmed = o.bool("dimmed")
        else { return nil }
        var auditCase = AuditCase(
            technique: TechniqueID(technique), focus: focus, gesture: gesture, target: target, matrixCase: matrixCase,
            focusOnly: focusOnly)
        auditCase.typed = o.string("typed")
        auditCase.acting = o.string("acting")
        var outcome = SessionOutcome()
        outcome.focusChanges = focusChanges
        outcome.focusPhases = focusPhases.map { $0.flatMap(TouchPhase.init(rawValue:)) }
        outcome.hidePhases = hidePhases.map { $0.flatMap(TouchPhase.init(rawValue:)) }
        outcome.keypadShows = shows
        outcome.keypadRaises = raises
        outcome.keypadChanges = changes
        outcome.keypadHides = hides
        outcome.keypadUpAtEnd = o.bool("upAtEnd")
        outcome.actions = actions
        outcome.decisions = decisions
        outcome.touchHits = touchHits.compactMap { $0 }
        outcome.finalFocus = o.string("finalFocus")
        outcome.texts = texts
        let cell = DismissalMatrix.Cell(
            number: number, code: code, words: words, outcome: outcome, focusedBefore: o.string("focusedBefore"))
        var play = AuditPlay(auditCase: auditCase, cell: cell, acted: o.bool("acted"), point: o.point("point"))
        play.dimmed = dimmed
        return play
    }

    private static func target(_ node: JSONNode) -> AuditTarget? {
        if case .string(let name) = node.value {
            switch name {
            case "navigation-bar": return .navigationBar
            case "return": return .returnKey
            case "toolbar-done": return .toolbarDone
            default: return nil
            }
        }
        let o = Fields(node)
        if let id = o.string("element") { return .element(id) }
        guard let point = o.point("background"), let container = o.string("container") else { return nil }
        if let id = o.string("in") { return .backgroundIn(id, point, container: container) }
        return .background(point, container: container)
    }
}

/// An object's members by key, read with the type each must have.
private struct Fields {
    private var members: [String: JSONNode] = [:]

    init(_ node: JSONNode) {
        guard case .object(let list) = node.value else { return }
        for member in list { members[member.key] = member.value }
    }

    func node(_ key: String) -> JSONNode? { members[key] }

    func string(_ key: String) -> String? {
        if case .string(let s)? = members[key]?.value { return s }
        return nil
    }

    func number(_ key: String) -> Double? {
        if case .number(let n)? = members[key]?.value { return n }
        return nil
    }

    func int(_ key: String) -> Int? {
        guard let n = number(key), n == n.rounded(), abs(n) < 1e15 else { return nil }
        return Int(n)
    }

    func bool(_ key: String) -> Bool? {
        if case .bool(let b)? = members[key]?.value { return b }
        return nil
    }

    func array(_ key: String) -> [JSONNode]? {
        if case .array(let items)? = members[key]?.value { return items }
        return nil
    }

    func numbers(_ key: String) -> [Double]? {
        guard let items = array(key) else { return nil }
        let values = items.compactMap { item -> Double? in
            if case .number(let n) = item.value { return n }
            return nil
        }
        return values.count == items.count ? values : nil
    }

    func point(_ key: String) -> Point? {
        guard let xy = numbers(key), xy.count == 2 else { return nil }
        return Point(x: xy[0], y: xy[1])
    }

    /// An array of strings and nulls.
    func optionalStrings(_ key: String) -> [String?]? {
        guard let items = array(key) else { return nil }
        var result: [String?] = []
        for item in items {
            switch item.value {
            case .string(let s): result.append(s)
            case .null: result.append(nil)
            default: return nil
            }
        }
        return result
    }

    /// An object of strings.
    func strings(_ key: String) -> [String: String]? {
        guard case .object(let list)? = members[key]?.value else { return nil }
        var result: [String: String] = [:]
        for member in list {
            guard case .string(let s) = member.value.value else { return nil }
            result[member.key] = s
        }
        return result
    }

    /// An object of whole numbers.
    func counts(_ key: String) -> [String: Int]? {
        guard case .object(let list)? = members[key]?.value else { return nil }
        var result: [String: Int] = [:]
        for member in list {
            guard case .number(let n) = member.value.value, n == n.rounded(), abs(n) < 1e15 else { return nil }
            result[member.key] = Int(n)
        }
        return result
    }
}
