import HUDSystem
/// How an fbdev framebuffer stores a pixel, from its `fb_var_screeninfo`.
/// Only the layouts the renderer draws directly are accepted, so a frame is
/// copied to the screen without conversion.
public enum FBPixelLayout: Sendable, Equatable {
    /// 32 bpp, red at bit 16, green at 8, blue at 0 (XRGB8888).
    case xrgb8888
    /// 16 bpp, red 5 bits at 11, green 6 at 5, blue 5 at 0 (RGB565).
    case rgb565

    public var bitsPerPixel: Int { self == .rgb565 ? 16 : 32 }

    /// One colour channel of `fb_var_screeninfo` (`fb_bitfield`): offset and length in bits.
    public struct Channel: Sendable, Equatable {
        public var offset: Int
        public var length: Int
        public init(offset: Int, length: Int) {
            self.offset = offset
            self.length = length
        }
    }

    /// The layout for a screen with `bitsPerPixel` and these channels.
    /// - Throws: `SystemError` (call `FBIOGET_VSCREENINFO`) naming the layout when it is neither.
    public static func from(bitsPerPixel: Int, red: Channel, green: Channel, blue: Channel,
                            device: String) throws(SystemError) -> FBPixelLayout {
        if bitsPerPixel == 32, red == Channel(offset: 16, length: 8), green == Channel(offset: 8, length: 8),
           blue == Channel(offset: 0, length: 8) {
            return .xrgb8888
        }
        if bitsPerPixel == 16, red == Channel(offset: 11, length: 5), green == Channel(offset: 5, length: 6),
           blue == Channel(offset: 0, length: 5) {
            return .rgb565
        }
        throw SystemError(call: "ioctl(FBIOGET_VSCREENINFO)", subject: device,
                       detail: "unsupported pixel layout: \(bitsPerPixel) bpp, red \(red.length)@\(red.offset), " +
                               "green \(green.length)@\(green.offset), blue \(blue.length)@\(blue.offset) " +
                               "(supported: 32 bpp XRGB8888, 16 bpp RGB565)")
    }
}
