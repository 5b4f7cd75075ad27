import TapawayScreen
import Testing

/// `tapaway validate`'s notes: a container in a vertical stack with no height is 0 points high
/// (docs/screens.md: "a container does not grow to fit what it holds"), so what it holds can be
/// neither seen nor tapped.
@Suite("Screen notes")
struct ScreenNotesTests {
    @Test("a heightless container holding something shown is noted with its place; others are not")
    func heightlessContainer() throws {
        let text = """
            { "version": 1, "content": { "kind": "view", "children": [
              { "kind": "text-field", "id": "a" },
              { "kind": "view", "id": "box", "children": [ { "kind": "button", "id": "b", "text": "B" } ] },
              { "kind": "view", "id": "sized", "height": 44, "children": [ { "kind": "button", "id": "c", "text": "C" } ] },
              { "kind": "view", "id": "least", "minHeight": 20, "children": [ { "kind": "label", "text": "x" } ] },
              { "kind": "view", "id": "framed", "frame": { "x": 0, "y": 0, "width": 10, "height": 10 },
                "children": [ { "kind": "label", "text": "y" } ] },
              { "kind": "view", "id": "empty" },
              { "kind": "view", "id": "hiding", "children": [ { "kind": "label", "text": "z", "hidden": true } ] },
              { "kind": "view", "id": "row", "height": 44, "layout": { "axis": "horizontal" },
                "children": [ { "kind": "view", "children": [ { "kind": "label", "text": "in a row" } ] } ] },
              { "kind": "scroll-view", "id": "list", "children": [ { "kind": "row", "id": "r", "text": "R" } ] } ] } }
            """
        let notes = ScreenNotes.notes(try ScreenReader.read(text))
        #expect(notes.map(\.path) == ["content.children[1]", "content.children[8]"])
        #expect(notes.first?.position == SourcePosition(line: 3, column: 3))
        #expect(notes.first?.message.hasPrefix("this view has no height, so it is 0 points high") == true)
        #expect(notes.last?.message.hasPrefix("this scroll-view has no height") == true)
    }

    @Test("the shipped screens, whose background is as tall as what it stacks, have no notes")
    func shippedScreens() throws {
        for name in ["standard", "plain", "chat"] {
            let document = try #require(ShippedScreens.document(name))
            #expect(ScreenNotes.notes(document).isEmpty, "\(name)")
        }
    }
}
