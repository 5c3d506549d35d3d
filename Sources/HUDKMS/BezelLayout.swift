import HUDCore

/// Where one HUD's parts go on a screen, in pixels (one point = one pixel),
/// following MBProgressHUD: indicator, label and details label stacked and
/// centred with 4 points between them, `margin` around, centred on the
/// screen plus `offset` (±`maxOffset` pins to an edge), plus parallax.
public struct BezelLayout: Hashable, Sendable {
    /// Fractional rectangle.
    public struct Frame: Hashable, Sendable {
        public var x, y, width, height: Double
        public var midX: Double { x + width / 2 }
        public var midY: Double { y + height / 2 }
        public var pixels: ScanoutRect { .covering(x: x, y: y, width: width, height: height) }
    }

    public var bezel: Frame
    public var indicator: Frame
    public var label: Frame
    public var details: Frame

    /// MBProgressHUD's `MBDefaultPadding`.
    public static let padding = 4.0

    /// The indicator's size for `mode` (UIKit's large activity indicator and
    /// MBRoundProgressView are 37 points; MBBarProgressView is 120 by 20).
    public static func indicatorSize(_ mode: HUDMode) -> (width: Double, height: Double) {
        switch mode {
        case .text: return (0, 0)
        case .determinateHorizontalBar: return (120, 20)
        default: return (37, 37)
        }
    }

    /// - Parameters:
    ///   - labelSize, detailsSize: the rendered text sizes, or nil while the
    ///     text is not rendered yet (then it takes no room).
    public init(configuration c: HUDConfiguration, presentation p: HUDPresentation,
                screenWidth: Int, screenHeight: Int,
                labelSize: (width: Double, height: Double)?, detailsSize: (width: Double, height: Double)?) {
        let ind = Self.indicatorSize(c.mode)
        var parts: [(Double, Double)] = []
        if ind.width > 0 { parts.append(ind) }
        let label = c.label.text.isEmpty ? nil : labelSize
        let details = c.detailsLabel.text.isEmpty ? nil : detailsSize
        if let label { parts.append(label) }
        if let details { parts.append(details) }
        let contentW = parts.map(\.0).max() ?? 0
        let contentH = parts.map(\.1).reduce(0, +) + Self.padding * Double(max(0, parts.count - 1))
        let sw = Double(screenWidth), sh = Double(screenHeight)
        var w = max(contentW + 2 * c.margin, c.minSize.width)
        var h = max(contentH + 2 * c.margin, c.minSize.height)
        if c.isSquare { w = max(w, h); h = w }
        w = min(w, max(0, sw - 2 * c.margin))
        h = min(h, max(0, sh - 2 * c.margin))

        func place(_ offset: Double, size: Double, screen: Double) -> Double {
            let free = max(0, (screen - size) / 2 - c.margin)
            let o = offset >= HUDConfiguration.maxOffset ? free : offset <= -HUDConfiguration.maxOffset ? -free : min(max(offset, -free), free)
            return (screen - size) / 2 + o
        }
        let bx = place(c.offset.x, size: w, screen: sw) + p.parallaxOffset.x
        let by = place(c.offset.y, size: h, screen: sh) + p.parallaxOffset.y
        bezel = Frame(x: bx, y: by, width: w, height: h)

        var y = by + (h - contentH) / 2
        let cx = bx + w / 2
        func next(_ size: (Double, Double)?) -> Frame {
            guard let size else { return Frame(x: cx, y: y, width: 0, height: 0) }
            defer { y += size.1 + Self.padding }
            return Frame(x: cx - size.0 / 2, y: y, width: size.0, height: size.1)
        }
        indicator = next(ind.width > 0 ? ind : nil)
        self.label = next(label)
        self.details = next(details)
    }
}
