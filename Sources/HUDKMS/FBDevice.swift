#if canImport(Glibc)
import Glibc
#endif
import CLinux
import HUDCore

/// An fbdev framebuffer (`/dev/fbN`) for boards with no usable KMS card: its
/// geometry and pixel layout (`FBIOGET_VSCREENINFO`, `FBIOGET_FSCREENINFO`),
/// the mapped screen memory, and an off-screen copy the painter draws into.
///
/// fbdev cannot flip (no second page on the drivers seen), so frames are drawn
/// off screen and only the changed rectangle is copied to the mapping
/// (`flush`), which keeps tearing to the rows that change.
public final class FBDevice {
    public let path: String
    public let width: Int
    public let height: Int
    public let layout: FBPixelLayout
    /// Bytes per row of the screen memory (`line_length`).
    public let lineLength: Int
    /// The off-screen copy, same layout, rows of `width * bytesPerPixel` bytes.
    public let shadow: PixelBuffer
    private let file: OwnedFileDescriptor
    private let screen: UnsafeMutableRawPointer
    private let mapSize: Int

    /// Opens and maps `path`.
    /// - Throws: `SystemError` naming the call (`open`, an ioctl, `mmap`) and errno,
    ///   or the unsupported pixel layout.
    public init(path: String = "/dev/fb0") throws(SystemError) {
        let fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw SystemError(call: "open", subject: path, errno: .current) }
        // Closed when this init throws, kept by the device when it does not.
        let owned = OwnedFileDescriptor(FileDescriptor(rawValue: fd))
        var v = fb_var_screeninfo()
        var f = fb_fix_screeninfo()
        guard ioctl(fd, UInt(FBIOGET_VSCREENINFO), &v) == 0 else {
            throw SystemError(call: "ioctl(FBIOGET_VSCREENINFO)", subject: path, errno: .current)
        }
        guard ioctl(fd, UInt(FBIOGET_FSCREENINFO), &f) == 0 else {
            throw SystemError(call: "ioctl(FBIOGET_FSCREENINFO)", subject: path, errno: .current)
        }
        func channel(_ b: fb_bitfield) -> FBPixelLayout.Channel { .init(offset: Int(b.offset), length: Int(b.length)) }
        let layout: FBPixelLayout
        layout = try FBPixelLayout.from(bitsPerPixel: Int(v.bits_per_pixel), red: channel(v.red),
                                        green: channel(v.green), blue: channel(v.blue), device: path)
        let width = Int(v.xres), height = Int(v.yres), line = Int(f.line_length)
        let bytesPerPixel = layout.bitsPerPixel / 8
        guard width > 0, height > 0, line >= width * bytesPerPixel else {
            throw SystemError(call: "ioctl(FBIOGET_FSCREENINFO)", subject: path,
                           detail: "bad geometry \(width)x\(height), line length \(line)")
        }
        // The visible page starts at (xoffset, yoffset) of the virtual screen.
        let offset = Int(v.yoffset) * line + Int(v.xoffset) * bytesPerPixel
        let size = max(Int(f.smem_len), offset + line * height)
        guard let map = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), map != MAP_FAILED else {
            throw SystemError(call: "mmap", subject: "\(path), \(size) bytes", errno: .current)
        }
        let shadowPitch = (width * bytesPerPixel + 3) & ~3
        let shadowMemory = UnsafeMutableRawPointer.allocate(byteCount: shadowPitch * height, alignment: 64)
        shadowMemory.initializeMemory(as: UInt8.self, repeating: 0, count: shadowPitch * height)
        self.path = path
        file = owned
        self.width = width
        self.height = height
        self.layout = layout
        self.lineLength = line
        self.mapSize = size
        self.screen = map + offset
        self.shadow = PixelBuffer(base: shadowMemory, width: width, height: height, stride: shadowPitch,
                                  format: layout.bitsPerPixel == 16 ? .rgb565 : .xrgb8888)
        screenBase = map
    }

    private let screenBase: UnsafeMutableRawPointer

    deinit {
        munmap(screenBase, mapSize)
        shadow.base.deallocate()
    }

    /// Copies `rect` (clipped to the screen) from the off-screen copy to the screen.
    public func flush(_ rect: PixelRect) {
        let x0 = max(0, rect.x), y0 = max(0, rect.y)
        let x1 = min(width, rect.x + rect.width), y1 = min(height, rect.y + rect.height)
        guard x1 > x0, y1 > y0 else { return }
        let bpp = layout.bitsPerPixel / 8
        let bytes = (x1 - x0) * bpp
        for y in y0..<y1 {
            (screen + y * lineLength + x0 * bpp).copyMemory(from: shadow.base + y * shadow.stride + x0 * bpp, byteCount: bytes)
        }
    }

    /// The screen's pixel at (x, y) as stored (RGB565 in the low 16 bits); for checks.
    public func screenPixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        if layout == .rgb565 { return UInt32(screen.load(fromByteOffset: y * lineLength + x * 2, as: UInt16.self)) }
        return screen.load(fromByteOffset: y * lineLength + x * 4, as: UInt32.self)
    }
}
