import HUDCore

/// A HUD's laid-out labels, kept while their text, font and width stay the same.
struct LayerText {
    var label: TextBlock?
    var details: TextBlock?
    var labelSource: HUDLabel
    var detailsSource: HUDLabel
    var maximumWidth: Double
    var maximumHeight: Double
}
