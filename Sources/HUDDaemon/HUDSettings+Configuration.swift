import HUDCore
import HUDProtocol

extension HUDSettings {
    /// Writes the options that are set into `c`; `progressMode` replaces a
    /// mode without progress when a progress value arrives without a mode.
    func apply(to c: inout HUDConfiguration, progressMode: HUDMode) {
        if let mode { c.mode = mode.hudMode(imagePath: imagePath ?? c.mode.imagePath ?? "") }
        if mode == nil, let imagePath, case .customImage = c.mode { c.mode = .customImage(path: imagePath) }
        if let label { c.label.text = label }
        if let details { c.detailsLabel.text = details }
        if let progressPercent {
            c.progress = progressPercent / 100
            if mode == nil, !c.mode.showsProgress { c.mode = progressMode }
        }
        if let graceSeconds { c.graceTime = .hudSeconds(graceSeconds) }
        if let minShowSeconds { c.minShowTime = .hudSeconds(minShowSeconds) }
        if let animation { c.animation = animation.hudAnimation }
        if let button { c.buttonTitle = button }
    }
}

/// The one table between the names (`WireMode`: the protocol's, every
/// command line's) and the model's `HUDMode`.
extension WireMode {
    public func hudMode(imagePath: String) -> HUDMode {
        switch self {
        case .indeterminate: return .indeterminate
        case .determinate: return .determinate
        case .bar: return .determinateHorizontalBar
        case .ring: return .annularDeterminate
        case .success: return .success
        case .failure: return .failure
        case .text: return .text
        case .image: return .customImage(path: imagePath)
        }
    }

    public init(_ mode: HUDMode) {
        switch mode {
        case .indeterminate: self = .indeterminate
        case .determinate: self = .determinate
        case .determinateHorizontalBar: self = .bar
        case .annularDeterminate: self = .ring
        case .success: self = .success
        case .failure: self = .failure
        case .text: self = .text
        case .customImage: self = .image
        }
    }
}

extension WireAnimation {
    var hudAnimation: HUDAnimation {
        switch self {
        case .fade: return .fade
        case .zoom: return .zoom
        case .zoomIn: return .zoomIn
        case .zoomOut: return .zoomOut
        }
    }
}

extension HUDMode {
    var imagePath: String? {
        if case .customImage(let p) = self { return p }
        return nil
    }
}
