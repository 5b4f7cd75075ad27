/// Switching the theme at run time.
extension Application {
    /// Makes `theme` the current theme and repaints every window.
    ///
    /// Views draw most colours from `Palette` when they draw, so repainting is enough for them.
    /// Colours that were copied out of the old theme into views (a `backgroundColor`, a label's
    /// `textColor`) are replaced by the same role's colour in the new theme, in every window's
    /// views; colours that belong to no role are left alone. Then every window is marked dirty
    /// whole, a frame is requested, and `.themeDidChange` is posted (object: the application;
    /// user info: `ThemeChangeKey.old` and `.new`, both `Theme`) for whatever keeps views outside
    /// the windows. Applying the current theme again does nothing.
    public func applyTheme(_ theme: Theme) {
        let old = Palette.current
        guard old != theme else { return }
        Palette.current = theme
        for window in windows {
            window.adoptTheme(theme, replacing: old)
            window.setNeedsDisplay()
        }
        setNeedsFrame()
        notificationCenter.post(
            name: .themeDidChange, object: self,
            userInfo: [ThemeChangeKey.old: old, ThemeChangeKey.new: theme])
    }
}

extension View {
    /// Replaces, in this view and its subviews, every background and label colour that plays a role in
    /// `old` with that role's colour in `theme`, and marks each changed view for redrawing.
    ///
    /// For views kept outside a window across a theme change.
    public func adoptTheme(_ theme: Theme, replacing old: Theme) {
        for view in allViews() {
            if let color = old.counterpart(of: view.backgroundColor, in: theme, roles: Theme.Role.fills) {
                view.backgroundColor = color
            }
            if let label = view as? Label,
                let color = old.counterpart(of: label.textColor, in: theme, roles: Theme.Role.inks)
            {
                label.textColor = color
            }
        }
    }
}

extension NotificationName {
    /// Posted by `Application.applyTheme(_:)` after the theme changed.
    public static let themeDidChange = NotificationName("ThemeDidChange")
}

/// User-info keys of `.themeDidChange`.
public enum ThemeChangeKey {
    /// The theme before the change (`Theme`).
    public static let old = "ThemeOld"
    /// The theme after the change (`Theme`).
    public static let new = "ThemeNew"
}
