import HUDCore

/// Where the bezel and its stack (indicator, label, details) go, in points on
/// the upright picture, following MBProgressHUD: a vertical stack (indicator,
/// label, details, button) with 4 pt between items centred in the bezel; `margin` inside the bezel and between
/// the bezel and the screen's edge; `minSize`, `isSquare`; `offset` from the
/// centre of the layout area, where ±`HUDConfiguration.maxOffset` pins the
/// bezel to that edge. The parallax shift comes on top.
struct BezelLayout: Hashable {
    var bezel: LayoutRect
    var indicator: LayoutRect?
    var label: LayoutRect?
    var details: LayoutRect?
    var button: LayoutRect?

    /// MBProgressHUD's space between stacked items.
    static let spacing: Double = 4

    /// - Parameters:
    ///   - area: where the bezel is centred (the screen, or the part below a logo).
    ///   - indicatorSize: nil for text only.
    ///   - label, details: the laid-out text sizes (column widths), nil when absent.
    ///   - button: the button's size (`buttonSize(title:)`), nil when absent.
    static func compute(configuration c: HUDConfiguration, geometry g: ScreenGeometry, area: LayoutRect,
                        indicatorSize: HUDSize?, label: HUDSize?, details: HUDSize?, button: HUDSize? = nil,
                        parallax: HUDPoint) -> BezelLayout {
        let screenW = g.logicalWidth, screenH = g.logicalHeight
        let margin = c.margin
        var items: [HUDSize] = []
        if let indicatorSize { items.append(indicatorSize) }
        if let label { items.append(label) }
        if let details { items.append(details) }
        if let button { items.append(button) }
        let contentW = items.map(\.width).max() ?? 0
        let contentH = items.map(\.height).reduce(0, +) + spacing * Double(max(0, items.count - 1))

        var w = max(contentW + 2 * margin, c.minSize.width.isFinite ? c.minSize.width : 0)
        var h = max(contentH + 2 * margin, c.minSize.height.isFinite ? c.minSize.height : 0)
        if c.isSquare { w = max(w, h); h = w }
        w = min(w, screenW)
        h = min(h, screenH)
        w = (w * g.scale).rounded(.up) / g.scale
        h = (h * g.scale).rounded(.up) / g.scale

        let cx = clampCentre(area.midX + finite(c.offset.x), size: w, screen: screenW, margin: margin)
        let cy = clampCentre(area.midY + finite(c.offset.y), size: h, screen: screenH, margin: margin)
        let x = g.snap(cx - w / 2 + finite(parallax.x))
        let y = g.snap(cy - h / 2 + finite(parallax.y))
        let bezel = LayoutRect(x: x, y: y, width: w, height: h)

        var layout = BezelLayout(bezel: bezel)
        var top = y + (h - contentH) / 2
        func place(_ size: HUDSize) -> LayoutRect {
            let r = LayoutRect(x: g.snap(bezel.midX - size.width / 2), y: g.snap(top), width: size.width, height: size.height)
            top += size.height + spacing
            return r
        }
        if let indicatorSize { layout.indicator = place(indicatorSize) }
        if let label { layout.label = place(label) }
        if let details { layout.details = place(details) }
        if let button { layout.button = place(button) }
        return layout
    }

    init(bezel: LayoutRect, indicator: LayoutRect? = nil, label: LayoutRect? = nil, details: LayoutRect? = nil,
         button: LayoutRect? = nil) {
        self.bezel = bezel
        self.indicator = indicator
        self.label = label
        self.details = details
        self.button = button
    }

    /// MBProgressHUDRoundedButton's size around its title: 10 pt each side
    /// (its `intrinsicContentSize` adds 20) and UIButton's 6 pt above and below.
    static func buttonSize(title: HUDSize) -> HUDSize {
        HUDSize(width: title.width + 2 * buttonPadding.width, height: title.height + 2 * buttonPadding.height)
    }

    /// Space between the button's border and its title, per side.
    static let buttonPadding = HUDSize(width: 10, height: 6)

    /// The centre coordinate along one axis: the wanted centre, kept so that
    /// the bezel stays `margin` from both edges (centred when it cannot).
    static func clampCentre(_ wanted: Double, size: Double, screen: Double, margin: Double) -> Double {
        let low = margin + size / 2, high = screen - margin - size / 2
        guard low <= high else { return screen / 2 }
        return min(max(wanted, low), high)
    }

    private static func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
}
