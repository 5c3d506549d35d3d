/// One visible HUD in a snapshot: its identity, configuration and presentation.
public struct HUDLayer: Hashable, Sendable {
    public var id: Int
    public var configuration: HUDConfiguration
    public var presentation: HUDPresentation

    public init(id: Int, configuration: HUDConfiguration, presentation: HUDPresentation) {
        self.id = id
        self.configuration = configuration
        self.presentation = presentation
    }
}
