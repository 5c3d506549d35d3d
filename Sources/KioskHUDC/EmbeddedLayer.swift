import HUDCore
import HUDRender
import KioskHUD

/// What a `kh_layer *` points at: a `HUDLayerBuffer` over its stack's HUDs.
/// Used on the stack's thread only (every C call checks), hence `@unchecked Sendable`.
final class EmbeddedLayer: @unchecked Sendable {
    let owner: EmbeddedStack
    let buffer: HUDLayerBuffer
    /// The `kh_format` the app asked for (`KH_FORMAT_ARGB8888` or `KH_FORMAT_ABGR8888`).
    let format: UInt32

    init(owner: EmbeddedStack, buffer: HUDLayerBuffer, format: UInt32) {
        self.owner = owner
        self.buffer = buffer
        self.format = format
    }
}
