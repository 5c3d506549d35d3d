#if canImport(Glibc)
import HUDCore
import Glibc
#endif
import CDRM
import HUDSystem

/// A CPU-drawable scan-out buffer: a dumb buffer in XRGB8888 (ARGB8888 for
/// an overlay plane), mapped, with a framebuffer id. Freed (unmapped, fb
/// removed, buffer destroyed) on deinit.
public final class DumbBuffer {
    public let width: Int
    public let height: Int
    /// Bytes per row.
    public let pitch: Int
    public let framebuffer: FramebufferID
    public let format: PixelFormat
    /// The mapped pixels, `pitch * height` bytes.
    package let pixels: UnsafeMutableRawPointer
    private let size: Int
    private let handle: DumbBufferHandle
    private let card: DRMCard

    /// Creates, maps and registers a `width`x`height` buffer of `format`
    /// (XRGB8888 or premultiplied ARGB8888).
    public init(card: DRMCard, width: Int, height: Int, format: PixelFormat = .xrgb8888) throws(SystemError) {
        let (handle, pitch, size) = try card.createDumbBuffer(width: width, height: height, bitsPerPixel: 32)
        let pixels: UnsafeMutableRawPointer
        let fb: FramebufferID
        do {
            pixels = try card.mapDumbBuffer(handle: handle, size: size)
        } catch {
            card.destroyDumbBuffer(handle: handle)
            throw error
        }
        do {
            fb = try card.addFramebuffer(width: width, height: height,
                                         format: format == .argb8888 ? kiosk_DRM_FORMAT_ARGB8888 : kiosk_DRM_FORMAT_XRGB8888,
                                         handle: handle, pitch: pitch)
        } catch {
            munmap(pixels, size)
            card.destroyDumbBuffer(handle: handle)
            throw error
        }
        self.card = card
        self.width = width
        self.height = height
        self.pitch = pitch
        self.size = size
        self.handle = handle
        self.pixels = pixels
        self.framebuffer = fb
        self.format = format == .argb8888 ? .argb8888 : .xrgb8888
    }

    /// The mapped pixels as a painter's target.
    public var target: PixelBuffer { PixelBuffer(base: pixels, width: width, height: height, stride: pitch, format: format) }

    deinit {
        card.removeFramebuffer(framebuffer)
        munmap(pixels, size)
        card.destroyDumbBuffer(handle: handle)
    }
}
