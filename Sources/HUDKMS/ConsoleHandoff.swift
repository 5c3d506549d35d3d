#if canImport(Glibc)
import Glibc
#endif
import CLinux
import HUDSystem

/// Leaves a frame on screen after the process exits (Plymouth's
/// `quit --retain-splash`) on kernels without `DRM_IOCTL_MODE_CLOSEFB`.
///
/// When the last DRM client closes, the kernel removes its framebuffers and
/// shows the fbdev console's buffer again. So the frame is copied into
/// `/dev/fb0` (mmap) and the active VT is put in `KD_GRAPHICS`, which stops
/// fbcon drawing text over it; the kernel's restore then shows our frame.
public enum ConsoleHandoff {
    /// Copies `buffer` into the fbdev framebuffer and sets `KDSETMODE KD_GRAPHICS`
    /// on the active VT.
    /// - Throws: `SystemError` naming the call that failed (e.g. no `/dev/fb0`,
    ///   or its geometry differs from the buffer's).
    public static func retain(_ buffer: DumbBuffer, framebufferDevice: String = "/dev/fb0",
                              console: String = "/dev/tty0") throws(SystemError) {
        let tty = open(console, O_RDWR | O_CLOEXEC | O_NOCTTY)
        if tty >= 0 {
            _ = ioctl(tty, UInt(KDSETMODE), Int32(KD_GRAPHICS))
            close(tty)
        }
        let fb = open(framebufferDevice, O_RDWR | O_CLOEXEC)
        guard fb >= 0 else { throw SystemError(call: "open", subject: framebufferDevice, errno: .current) }
        defer { close(fb) }
        var v = fb_var_screeninfo()
        var f = fb_fix_screeninfo()
        guard ioctl(fb, UInt(FBIOGET_VSCREENINFO), &v) == 0 else {
            throw SystemError(call: "ioctl(FBIOGET_VSCREENINFO)", subject: framebufferDevice, errno: .current)
        }
        guard ioctl(fb, UInt(FBIOGET_FSCREENINFO), &f) == 0 else {
            throw SystemError(call: "ioctl(FBIOGET_FSCREENINFO)", subject: framebufferDevice, errno: .current)
        }
        guard Int(v.xres) == buffer.width, Int(v.yres) == buffer.height, v.bits_per_pixel == 32 else {
            throw SystemError(call: "ioctl(FBIOGET_VSCREENINFO)", subject: framebufferDevice,
                           detail: "fbdev is \(v.xres)x\(v.yres)x\(v.bits_per_pixel), frame is \(buffer.width)x\(buffer.height)x32")
        }
        let lineLength = Int(f.line_length), size = lineLength * Int(v.yres_virtual)
        let map = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fb, 0)
        guard let map, map != MAP_FAILED else { throw SystemError(call: "mmap", subject: framebufferDevice, errno: .current) }
        defer { munmap(map, size) }
        let rowBytes = buffer.width * 4
        for y in 0..<buffer.height {
            (map + y * lineLength).copyMemory(from: buffer.pixels + y * buffer.pitch, byteCount: rowBytes)
        }
    }

    /// Makes the fbdev console repaint and show itself again (`FBIOPUT_VSCREENINFO`
    /// with `FB_ACTIVATE_FORCE`, what a VT switch does). Needed when this
    /// process took the card before fbcon's first modeset: the kernel then
    /// shows the console's buffer again at close, but fbcon never draws into
    /// it. Call after `drmDropMaster`. Errors are ignored: no fbdev, no console.
    public static func refreshTextConsole(framebufferDevice: String = "/dev/fb0") {
        let fb = open(framebufferDevice, O_RDWR | O_CLOEXEC)
        guard fb >= 0 else { return }
        defer { close(fb) }
        var v = fb_var_screeninfo()
        guard ioctl(fb, UInt(FBIOGET_VSCREENINFO), &v) == 0 else { return }
        v.activate = UInt32(FB_ACTIVATE_NOW) | UInt32(FB_ACTIVATE_FORCE)
        _ = ioctl(fb, UInt(FBIOPUT_VSCREENINFO), &v)
    }
}
