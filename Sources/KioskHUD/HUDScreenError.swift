/// Why a `HUDScreen` could not show anything: no display, or none usable.
public struct HUDScreenError: Error, CustomStringConvertible, Sendable {
    /// What was tried and what went wrong, e.g. `no DRM card in /dev/dri and no /dev/fb0`.
    public let description: String

    public init(_ description: String) { self.description = description }
}
