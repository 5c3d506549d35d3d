import CDRM

/// The connector, CRTC, primary plane and mode one HUD output uses, chosen
/// from what a card reports. Pure: tests feed it fake card descriptions.
public struct OutputChoice: Sendable {
    public var connector: DRMCard.Connector
    public var crtc: CRTCID
    /// Index of `crtc` in the card's CRTC list (bit in `possibleCRTCs` masks).
    public var crtcIndex: Int
    /// The primary plane for `crtc`; nil when planes were not listed (legacy).
    public var plane: PlaneID?
    public var mode: DisplayMode

    /// Chooses the first connected connector (or the one named `connectorName`),
    /// a CRTC it can drive (the one it drives now if any), that CRTC's primary
    /// plane taking XRGB8888, and `request`'s mode or else the preferred one.
    /// CRTCs in `excludingCRTCs` are taken by other outputs of the same card.
    /// - Throws: `OutputChoiceError` saying what was missing.
    public static func choose(connectors: [DRMCard.Connector],
                              encoders: [EncoderID: (possibleCRTCs: UInt32, crtc: CRTCID)],
                              crtcs: [CRTCID], planes: [DRMCard.Plane]?,
                              mode request: ModeRequest? = nil,
                              connectorName: String? = nil,
                              excludingCRTCs: Set<CRTCID> = []) throws(OutputChoiceError) -> OutputChoice {
        let candidates = connectors.filter { c in
            c.isConnected && !c.modes.isEmpty && (connectorName.map { $0 == c.name } ?? true)
        }
        guard !candidates.isEmpty else {
            if let connectorName {
                throw .noConnector("no connected connector named \(connectorName) (have: \(connectors.map(\.name).joined(separator: ", ")))")
            }
            throw .noConnector("no connected connector with modes")
        }
        var lastProblem = ""
        for connector in candidates {
            let mode: DisplayMode
            if let request {
                guard let m = request.pick(from: connector.modes) else {
                    lastProblem = "\(connector.name) has no mode \(request) (has: \(Set(connector.modes.map(\.description)).sorted().joined(separator: " ")))"
                    continue
                }
                mode = m
            } else {
                mode = connector.modes.first(where: \.isPreferred) ?? connector.modes[0]
            }
            // The CRTC it drives now first, then any it could drive.
            var order: [Int] = []
            if let current = encoders[connector.currentEncoder]?.crtc, current != 0, !excludingCRTCs.contains(current),
               let i = crtcs.firstIndex(of: current) {
                order.append(i)
            }
            for e in connector.encoders {
                guard let possible = encoders[e]?.possibleCRTCs else { continue }
                for i in crtcs.indices where possible & (1 << UInt32(i)) != 0 && !order.contains(i)
                    && !excludingCRTCs.contains(crtcs[i]) { order.append(i) }
            }
            for i in order {
                guard let planes else {
                    return OutputChoice(connector: connector, crtc: crtcs[i], crtcIndex: i, plane: nil, mode: mode)
                }
                let primary = planes.first { p in
                    p.isPrimary && p.possibleCRTCs & (1 << UInt32(i)) != 0 && p.formats.contains(kiosk_DRM_FORMAT_XRGB8888)
                }
                if let primary {
                    return OutputChoice(connector: connector, crtc: crtcs[i], crtcIndex: i, plane: primary.id, mode: mode)
                }
            }
            lastProblem = order.isEmpty ? "\(connector.name): no free CRTC can drive it"
                                        : "\(connector.name): no primary plane with XRGB8888 on its CRTCs"
        }
        throw .unusable(lastProblem)
    }
}

/// Why no output could be chosen on a card.
public enum OutputChoiceError: Error, CustomStringConvertible, Sendable, Equatable {
    case noConnector(String)
    case unusable(String)

    public var description: String {
        switch self {
        case .noConnector(let s), .unusable(let s): return s
        }
    }
}
