import Testing

@testable import TapawayScreen

/// The strict JSON reader under screen files: RFC 8259 and nothing more, positions for every
/// value, and limits that hold on hostile input.
@Suite("JSON reader")
struct JSONReaderTests {
    let limits = ScreenLimits.json

    func problem(_ text: String, limits: JSONLimits? = nil) -> JSONSyntaxError? {
        do {
            _ = try JSONReader.read(Array(text.utf8), limits: limits ?? self.limits)
            return nil
        } catch {
            return error
        }
    }

    @Test("values keep the line and column they start at")
    func positions() throws {
        let node = try JSONReader.read(Array("{\n  \"a\": [1,\n    true]\n}".utf8), limits: limits)
        guard case .object(let members) = node.value, case .array(let items) = members[0].value.value else {
            Issue.record("not an object holding an array")
            return
        }
        #expect(members[0].keyPosition == SourcePosition(line: 2, column: 3))
        #expect(items[0].position == SourcePosition(line: 2, column: 9))
        #expect(items[1].position == SourcePosition(line: 3, column: 5))
    }

    @Test(
        "what RFC 8259 refuses is refused, with where",
        arguments: [
            ("{\"a\": 1,}", "1:9", "a key in quotes was expected"),
            ("[01]", "1:3", "',' or ']' was expected"),
            ("{\"a\": 1, \"a\": 2}", "1:10", "the key 'a' appears twice"),
            ("// no\n{}", "1:1", "a value was expected"),
            ("{\"a\": \"x\ty\"}", "1:9", "a control character"),
            ("\"\\ud800\"", "1:8", "a lone UTF-16 surrogate"),
            ("1e999", "1:1", "too large"),
            ("{} {}", "1:4", "the end of the file"),
            ("{\"a\":\n  tru}", "2:3", "'true' was expected"),
        ])
    func refusals(text: String, at: String, says: String) {
        let error = problem(text)
        #expect(error.map { "\($0.position)" } == at, "\(text)")
        #expect(error?.message.contains(says) == true, "\(error?.message ?? "no error") for \(text)")
    }

    @Test("a byte-order mark and bytes that are not UTF-8 are refused with their place")
    func encoding() {
        #expect(problem("\u{FEFF}{}")?.message.contains("byte-order mark") == true)
        var bytes = Array("{\"a\":\n \"x".utf8)
        bytes.append(0xFF)
        bytes += Array("\"}".utf8)
        do {
            _ = try JSONReader.read(bytes, limits: limits)
            Issue.record("invalid UTF-8 was read")
        } catch {
            #expect(error.position == SourcePosition(line: 2, column: 4))
            #expect(error.message.contains("not UTF-8"))
        }
    }

    @Test("nesting, values, strings and size stop at their limits, not at the stack's")
    func limitsHold() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(problem(deep)?.message == "values nested more than 64 deep")
        let many = "[" + Array(repeating: "0", count: 300_000).joined(separator: ",") + "]"
        #expect(problem(many)?.message == "more than 200000 values in the file")
        let long = "\"" + String(repeating: "a", count: 20_000) + "\""
        #expect(problem(long)?.message.contains("longer than 10000 bytes") == true)
        let big = JSONLimits(bytes: 10, depth: 4, values: 10, stringBytes: 10)
        #expect(problem("[1, 2, 3, 4, 5]", limits: big)?.message.contains("more than the 10 a file may have") == true)
    }
}
