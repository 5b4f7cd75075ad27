/// The screens shipped inside the program, as screen files read through the same reader as any other:
/// `standard` (the form every technique and the matrix play on), `plain` (the same form in a view that
/// does not scroll) and `chat` (the form above a composer bar).
///
/// `tapaway screen show NAME` prints one.
public enum ShippedScreens {
    /// The names, in the order `tapaway list` gives them.
    public static let names = ["standard", "plain", "chat"]

    /// The text of the shipped screen `name`, if there is one.
    public static func text(of name: String) -> String? {
        switch name {
        case "standard": return standard
        case "plain": return plain
        case "chat": return chat
        default: return nil
        }
    }

    /// The shipped screen `name`, read; nil when there is no such screen.
    public static func document(_ name: String) -> ScreenDocument? {
        guard let text = text(of: name) else { return nil }
        // A shipped file that does not read is a defect a test catches, not an input error.
        return try? ScreenReader.read(text)
    }

    /// The standard form's elements, shared by the three screens.
    private static let formElements = #"""
              { "kind": "label", "text": "Focus a field, then tap outside it.",
                "fontSize": 13, "secondary": true, "height": "fit", "minHeight": 20 },
              { "kind": "text-field", "id": "name", "placeholder": "Name" },
              { "kind": "text-field", "id": "email", "placeholder": "Email",
                "keyboardType": "email", "autocapitalization": "none" },
              { "kind": "text-field", "id": "password", "placeholder": "Password",
                "secure": true, "autocapitalization": "none" },
              { "kind": "text-field", "id": "phone", "placeholder": "Phone",
                "keyboardType": "number-pad", "autocapitalization": "none" },
              { "kind": "label", "id": "caption",
                "text": "We only use your details to sign you in. Labels take no touches.",
                "fontSize": 13, "secondary": true, "height": "fit", "minHeight": 32, "gap": 6 },
              { "kind": "view", "passThrough": true, "height": 31, "gap": 10,
                "layout": { "axis": "horizontal" },
                "children": [
                  { "kind": "label", "text": "Subscribe to the newsletter",
                    "fontSize": 17, "height": 31 },
                  { "kind": "switch", "id": "subscribe", "width": 51, "gap": 0 }
                ] },
              { "kind": "button", "id": "submit", "text": "Submit", "gap": 14 },
              { "kind": "label", "text": "SUGGESTIONS",
                "fontSize": 12, "secondary": true, "height": 16, "gap": 6, "inset": 16 },
              { "kind": "row", "id": "row-1", "text": "Ada Lovelace", "height": 40, "gap": 0 },
              { "kind": "row", "id": "row-2", "text": "Grace Hopper", "height": 40, "gap": 0 },
              { "kind": "row", "id": "row-3", "text": "Alan Turing", "height": 40, "gap": 16 },
              { "kind": "text-view", "id": "notes", "placeholder": "Notes (Return adds a line)",
                "height": 120, "gap": 0 }
        """#

    /// The form's root: a scroll view (or, with `scrolls` false, a view that does not scroll)
    /// holding the grouped background that stacks the elements.
    private static func form(scrolls: Bool) -> String {
        #"""
          "backgroundTap": { "below": "submit", "dx": 4, "dy": 10 },
          "content": {
            "kind": "scroll-view", "id": "form", "scrolls": \#(scrolls),
            "children": [ {
              "kind": "view", "id": "background",
              "layout": { "axis": "vertical", "padding": [12, 20, 20, 20], "followsSafeArea": true },
              "children": [
        \#(formElements)
              ]
            } ]
          }
        """#
    }

    static let standard = """
        {
          "version": 1,
          "name": "standard",
          "comment": "The standard form: four fields, a caption, a switch, a button, three rows and notes.",
        \(form(scrolls: true))
        }

        """

    static let plain = """
        {
          "version": 1,
          "name": "plain",
          "comment": "The standard form in a view that does not scroll: avoidance must move the screen.",
        \(form(scrolls: false))
        }

        """

    static let chat = """
        {
          "version": 1,
          "name": "chat",
          "comment": "The standard form above a composer bar pinned to the bottom, as a messaging app's.",
        \(form(scrolls: true)),
          "bottomBar": {
            "kind": "toolbar", "id": "composer", "height": 52,
            "layout": { "axis": "horizontal", "padding": [7, 10, 7, 6] },
            "children": [
              { "kind": "text-field", "id": "message", "placeholder": "Message", "gap": 4 },
              { "kind": "button", "id": "send", "text": "Send", "width": 64, "height": 38, "gap": 0 }
            ]
          }
        }

        """
}
