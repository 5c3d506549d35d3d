import Glibc
import HUDSystem

/// Writes to file descriptor 2.
enum StandardError {
    static func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = Errno.retryingOnInterrupt { bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress! + offset, $0.count - offset) } }
            if n <= 0 { return }
            offset += n
        }
    }
}
