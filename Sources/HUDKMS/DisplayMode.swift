import CDRM

/// One video mode a connector offers (`drmModeModeInfo`).
public struct DisplayMode: Hashable, Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    /// Refresh rate from the pixel clock and totals (more precise than `vrefresh`).
    public let refreshRate: Double
    /// The driver marks this mode preferred (`DRM_MODE_TYPE_PREFERRED`).
    public let isPreferred: Bool
    let info: drmModeModeInfo

    init(_ info: drmModeModeInfo) {
        self.info = info
        width = Int(info.hdisplay)
        height = Int(info.vdisplay)
        let totals = Double(info.htotal) * Double(info.vtotal)
        refreshRate = totals > 0 && info.clock > 0 ? Double(info.clock) * 1000 / totals : Double(info.vrefresh)
        isPreferred = info.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0
    }

    /// The refresh rate rounded to whole Hz, as `WxH@Hz` names it.
    public var roundedRefresh: Int { Int(refreshRate.rounded()) }

    public var description: String { "\(width)x\(height)@\(roundedRefresh)" }

    public static func == (a: DisplayMode, b: DisplayMode) -> Bool {
        a.width == b.width && a.height == b.height && a.refreshRate == b.refreshRate
            && a.isPreferred == b.isPreferred && a.info.clock == b.info.clock && a.info.flags == b.info.flags
    }

    public func hash(into h: inout Hasher) {
        h.combine(width)
        h.combine(height)
        h.combine(refreshRate)
        h.combine(info.clock)
    }
}
