/// The show/hide animation named in `animation=` (HUDCore's `HUDAnimation`).
public enum WireAnimation: String, Hashable, Sendable, CaseIterable {
    case fade
    case zoom
    case zoomIn = "zoom-in"
    case zoomOut = "zoom-out"

    public static let namesList = allCases.map(\.rawValue).joined(separator: ", ")
}
