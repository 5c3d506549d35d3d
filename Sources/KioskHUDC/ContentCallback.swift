import HUDRender
import KioskHUD

/// `kh_screen_open`'s content callback as a `ScreenContent`: the app paints
/// its picture once into XRGB8888 pixels, copied into the screen's canvas.
/// Called on the stack's thread, inside a dispatch.
final class ContentCallback: @unchecked Sendable {
    typealias Function = @convention(c) (UnsafeMutablePointer<UInt32>?, Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Void
    let function: Function
    let userData: UnsafeMutableRawPointer?

    init(_ function: @escaping Function, userData: UnsafeMutableRawPointer?) {
        self.function = function
        self.userData = userData
    }

    var content: ScreenContent {
        ScreenContent { canvas in
            let width = canvas.width, height = canvas.height
            var pixels = [UInt32](repeating: 0xFF00_0000, count: width * height)
            pixels.withUnsafeMutableBufferPointer {
                self.function($0.baseAddress, Int32(width), Int32(height), Int32(width * 4), self.userData)
            }
            canvas.copy(pixels, width: width, to: (0, 0))
        }
    }
}
