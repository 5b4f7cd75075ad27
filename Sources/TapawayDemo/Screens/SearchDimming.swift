import TapawayKit
import TapawayScreen

/// UIKit's search controller dimming the content while its search bar is searched
/// (`obscuresBackgroundDuringPresentation`): a translucent view over the screen's content below the
/// search bar, above the screen's own view as a presented search controller is (so a recognizer on the
/// screen's view does not see a tap on it).
///
/// A tap on it ends the search, and nothing under it gets the tap.
///
/// Apple: "When the value of this property is true, the search controller obscures the view
/// controller containing your searchable content as soon as the user interacts with the search
/// bar." That a tap on the dim ends the search is what the search controller is seen to do;
/// the documentation does not say it, so the audit grades what rests on it inferred.
///
/// While the search is active the search bar shows its Cancel button, at its right end: "By
/// default, UISearchController shows the search bar's cancel button when search becomes active
/// and hides it when the user dismisses search" (`automaticallyShowsCancelButton`), except on
/// iPad: "Cancel buttons are not displayed for apps running on iPad"
/// (`UISearchBar.setShowsCancelButton(_:animated:)`). Cancel ends the search: the search bar
/// stops editing, its text is cleared and the dim goes (the clearing is what the controller is
/// seen to do, inferred). Tapaway lays Cancel over the bar's right end rather than narrowing the
/// field beside it.
@MainActor
final class SearchDimming {
    private unowned let screen: FormViewController
    private let dimming = DimmingView(identifier: "search-dimming")
    /// Its registrations while the screen is on view.
    private let observers = ObserverBag()
    /// The search bar's Cancel button while the search is active (not on iPad).
    let cancelButton = Button(title: "Cancel")
    /// How wide Cancel is, at the search bar's right end.
    static let cancelWidth = 70.0
    /// The search bar being searched, while the dim shows.
    private weak var searchBar: View?

    /// A dim for `screen`'s search bars marked `obscuresBackground`.
    init(screen: FormViewController) {
        self.screen = screen
        dimming.onTap = { [weak self] in self?.endSearch() }
        cancelButton.identifier = "search-cancel"
        cancelButton.style = .plain
        cancelButton.backgroundColor = Palette.groupedBackground
        cancelButton.isHidden = true
        _ = cancelButton.addAction(for: .touchUpInside) { [weak self] _, _ in self?.cancel() }
    }

    /// Whether the dim shows.
    var isShowing: Bool { searchBar != nil }
    /// How many touches began on the dim so far (the audit asks whether a case's went there).
    var touchesTaken: Int { dimming.touchesTaken }

    /// Starts following the search bars' editing (the screen appeared).
    func start() {
        guard observers.isEmpty, let application = screen.view.application else { return }
        let center = application.notificationCenter
        observers.add(
            center.addObserver(forName: .textFieldDidBeginEditing) { [weak self] note in
                self?.didBegin(note.object as? View)
            })
        observers.add(
            center.addObserver(forName: .textFieldDidEndEditing) { [weak self] note in
                self?.didEnd(note.object as? View)
            })
        observers.add(application.frameObservers.add { [weak self] in self?.follow() })
    }

    /// Stops following them and takes the dim away (the screen will disappear).
    func stop() {
        observers.cancelAll()
        hide()
    }

    /// A search bar of the screen whose search controller obscures the background began
    /// editing: the dim comes over the content below it.
    private func didBegin(_ view: View?) {
        guard let view, view.isDescendant(of: screen.view), screen.form.element(for: view)?.input?.obscuresBackground == true,
            let container = screen.windowContent
        else { return }
        searchBar = view
        if dimming.superview !== container {
            // Above the screen's view, below the navigation bar (the container's last view).
            container.insertSubview(dimming, at: max(0, container.subviews.count - 1))
        }
        dimming.isUserInteractionEnabled = true
        // Cancel shows on iPhone, over the bar's right end, above the dim.
        if container.bounds.width < SheetPresenter.regularWidth {
            if cancelButton.superview !== container {
                container.insertSubview(cancelButton, at: max(0, container.subviews.count - 1))
            }
            cancelButton.isHidden = false
        }
        follow()
        dimming.fade(to: 1, duration: 0.25)
    }

    /// The search bar stopped editing: the dim goes.
    private func didEnd(_ view: View?) {
        guard let view, view === searchBar else { return }
        hide()
    }

    private func hide() {
        searchBar = nil
        cancelButton.isHidden = true
        dimming.isUserInteractionEnabled = false
        dimming.fade(to: 0, duration: 0.25)
    }

    /// Keeps the dim over the content below the search bar, wherever the form now is.
    private func follow() {
        guard let searchBar, let container = dimming.superview else { return }
        let top = searchBar.convert(searchBar.bounds, to: container).maxY
        let form = screen.form.convert(screen.form.bounds, to: container)
        let frame = Rect(x: form.minX, y: top, width: form.width, height: max(0, form.maxY - top))
        if dimming.frame != frame { dimming.frame = frame }
        let bar = searchBar.convert(searchBar.bounds, to: container)
        let cancel = Rect(x: bar.maxX - Self.cancelWidth, y: bar.minY, width: Self.cancelWidth, height: bar.height)
        if cancelButton.frame != cancel { cancelButton.frame = cancel }
    }

    /// Cancel: the search ends, its text cleared.
    private func cancel() {
        guard let searchBar else { return }
        screen.report(
            .resign,
            "Cancel ends the search in \(searchBar.traceName ?? "the search bar"): it stops editing and its text is cleared "
                + "(automaticallyShowsCancelButton)")
        (searchBar as? TextField)?.text = ""
        _ = searchBar.resignFirstResponder()
    }

    /// A tap on the dim: the search controller ends the search.
    private func endSearch() {
        guard let searchBar else { return }
        screen.report(
            .resign,
            "a tap on the search controller's dimming view ends the search in \(searchBar.traceName ?? "the search bar") "
                + "(obscuresBackgroundDuringPresentation)")
        _ = searchBar.resignFirstResponder()
    }
}
