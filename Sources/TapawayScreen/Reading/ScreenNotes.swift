/// What a screen file may say but almost surely does not mean, for a person checking it
/// (`tapaway validate`): the file is good, and nothing it does changes; a note only points at
/// the place.
public enum ScreenNotes {
    /// The notes on `document`, in the file's order.
    ///
    /// A container in a vertical stack (a `view`, `control`, `scroll-view` or `table` with no
    /// frame) with no `height` and no `minHeight` is 0 points high, as docs/screens.md says a
    /// container does not grow to fit what it holds: when it holds something shown, that can be
    /// neither seen nor tapped.
    public static func notes(_ document: ScreenDocument) -> [ScreenProblem] {
        var notes: [ScreenProblem] = []
        let root = document.content
        // The root fills the screen; a scrolling root's one frameless container is the
        // background, as tall as what it stacks.
        if root.kind.scrolls, root.children.count == 1, let only = root.children.first, only.frame == nil,
            only.kind == .view || only.kind == .control
        {
            visit(only.children, in: only, path: "content.children[0]", into: &notes)
        } else {
            visit(root.children, in: root, path: "content", into: &notes)
        }
        if let sheet = document.sheet {
            visit(sheet.content.children, in: sheet.content, path: "sheet.content", into: &notes)
        }
        return notes
    }

    private static func visit(
        _ children: [ScreenElement], in parent: ScreenElement, path: String, into notes: inout [ScreenProblem]
    ) {
        let vertical = (parent.layout?.axis ?? .vertical) == .vertical
        for (index, child) in children.enumerated() {
            let childPath = "\(path).children[\(index)]"
            let shown = child.children.filter { !$0.hidden }.count
            let container = [ElementKind.view, .control, .scrollView, .table].contains(child.kind)
            if vertical, container, !child.hidden, child.frame == nil, child.placement.height == nil,
                child.placement.minHeight == 0, shown > 0, let position = child.position
            {
                let what = shown == 1 ? "1 element" : "\(shown) elements"
                notes.append(
                    ScreenProblem(
                        position: position, path: childPath,
                        message:
                            "this \(child.kind.rawValue) has no height, so it is 0 points high and the \(what) in it can be "
                            + "neither seen nor tapped: give it a height"))
            }
            visit(child.children, in: child, path: childPath, into: &notes)
        }
    }
}
