import HUDCore

/// A HUD's laid-out labels, kept while their text, font and width stay the same.
struct LayerText {
    var label: TextBlock?
    var details: TextBlock?
    /// The button's title (MBProgressHUD's `button`), nil without one.
    var button: TextBlock?
    var labelSource: HUDLabel
    var detailsSource: HUDLabel
    var buttonSource: String
    var maximumWidth: Double
    var maximumHeight: Double
}
