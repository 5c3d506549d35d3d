import CPixman
import CDRM
import CLazyGraphics
import CLazyText
import Testing

/// Each C module links and its re-exported macro constants carry the values
/// the C headers define (checked against the fourcc/ioctl encodings by hand).
@Suite struct CLibraryLinkTests {
    @Test func drmFourccConstantsMatchTheirEncoding() {
        func fourcc(_ s: String) -> UInt32 {
            let b = Array(s.utf8)
            return UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16 | UInt32(b[3]) << 24
        }
        #expect(kiosk_DRM_FORMAT_XRGB8888 == 0x3432_5258)
        #expect(kiosk_DRM_FORMAT_XRGB8888 == fourcc("XR24"))
        #expect(kiosk_DRM_FORMAT_ARGB8888 == fourcc("AR24"))
        #expect(kiosk_DRM_FORMAT_RGB565 == fourcc("RG16"))
    }

    @Test func drmIoctlNumbersMatchTheKernelEncoding() {
        // _IO('d', 0x1e) and _IO('d', 0x1f): no direction, no size.
        #expect(kiosk_DRM_IOCTL_SET_MASTER == 0x641e)
        #expect(kiosk_DRM_IOCTL_DROP_MASTER == 0x641f)
        // _IOWR('d', 0xB2, struct drm_mode_create_dumb): 32 bytes.
        #expect(kiosk_DRM_IOCTL_MODE_CREATE_DUMB == 0xC020_64B2)
        #expect(UInt(MemoryLayout<drm_mode_create_dumb>.size) == 32)
    }

    @Test func libdrmLinks() {
        // drmAvailable() probes /dev/dri; with no card it answers 0, never traps.
        let available = drmAvailable()
        #expect(available == 0 || available == 1)
        // A bogus fd must fail cleanly, proving the call went through libdrm.
        #expect(drmModeGetResources(-1) == nil)
    }

    @Test func lazyGraphicsResolvesEveryForwardedFunction() {
        // All of graphics_functions.h at once; a missing one ends the run with status 127, naming it.
        // (Whether they are absent before first use needs a fresh process: scripts/check-startup-libs.sh.)
        kiosk_graphics_load()
        #expect(kiosk_graphics_is_loaded())
    }

    @Test func pixmanLinksAndDrawsIntoMemory() {
        var pixels = [UInt32](repeating: 0, count: 16)
        let pixel = pixels.withUnsafeMutableBufferPointer { p -> UInt32 in
            let image = pixman_image_create_bits(PIXMAN_x8r8g8b8, 4, 4, p.baseAddress, 16)
            defer { _ = pixman_image_unref(image) }
            var red = pixman_color_t(red: 0xFFFF, green: 0, blue: 0, alpha: 0xFFFF)
            var all = pixman_rectangle16_t(x: 0, y: 0, width: 4, height: 4)
            _ = pixman_image_fill_rectangles(PIXMAN_OP_SRC, image, &red, 1, &all)
            return p[5]
        }
        #expect(pixel & 0x00FF_FFFF == 0x00FF_0000)
    }

    @Test func textLibrariesLoadOnDemand() {
        // FreeType, HarfBuzz and FriBidi: loaded by the first call, found, then loaded.
        #expect(kiosk_text_try_load() == nil)
        #expect(kiosk_text_is_loaded())
    }
}
