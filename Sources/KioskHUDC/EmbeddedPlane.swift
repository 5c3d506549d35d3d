import HUDCore
import HUDKMS
import HUDRender
import KioskHUD

/// What a `kh_plane *` points at: the HUDs drawn as a layer (`HUDLayerBuffer`,
/// ARGB8888) and copied onto an overlay plane added to the app's commits.
/// Used on the stack's thread only (every C call checks), hence `@unchecked Sendable`.
final class EmbeddedPlane: @unchecked Sendable {
    let owner: EmbeddedStack
    let layer: HUDLayerBuffer
    let plane: AppCommitPlane

    init(owner: EmbeddedStack, layer: HUDLayerBuffer, plane: AppCommitPlane) {
        self.owner = owner
        self.layer = layer
        self.plane = plane
    }
}
