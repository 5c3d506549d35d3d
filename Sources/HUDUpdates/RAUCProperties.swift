/// The properties of RAUC's `de.pengutronix.rauc.Installer` that the HUD
/// shows, as one `GetAll` answer or one `PropertiesChanged` signal carries
/// them: nil for what it does not.
public struct RAUCProperties: Sendable, Hashable {
    /// `idle` or `installing`.
    public var operation: String?
    public var progress: RAUCProgress?
    /// The last install's error, empty when it succeeded (reset when one starts).
    public var lastError: String?

    public init(operation: String? = nil, progress: RAUCProgress? = nil, lastError: String? = nil) {
        self.operation = operation
        self.progress = progress
        self.lastError = lastError
    }
}
