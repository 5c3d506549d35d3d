/// The weights labels ask for, on fontconfig's scale.
public enum FontWeight: Int, Hashable, Sendable, CaseIterable {
    case regular = 80
    case semibold = 180
    case bold = 200

    /// The name in a recorded font list and in `hud fonts`.
    public var name: String {
        switch self {
        case .regular: return "regular"
        case .semibold: return "semibold"
        case .bold: return "bold"
        }
    }

    public init?(name: String) {
        guard let w = FontWeight.allCases.first(where: { $0.name == name }) else { return nil }
        self = w
    }
}
