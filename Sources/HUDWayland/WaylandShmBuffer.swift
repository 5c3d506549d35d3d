internal import CLazyWayland
internal import CWayland
import Glibc
import HUDCore

/// One `wl_buffer` over shared memory (`memfd_create`, `wl_shm.create_pool`):
/// premultiplied ARGB8888, the same pixels the KMS path draws. Busy from
/// its attach until the compositor's `release`.
final class WaylandShmBuffer {
    let pixels: PixelBuffer
    private let buffer: WaylandProxy
    private var events: WaylandEvents!
    private let memory: UnsafeMutableRawPointer
    private let size: Int
    /// Attached and not yet released by the compositor.
    var busy = false

    /// - Throws: `WaylandError.buffer` naming the call that failed.
    init(shm: WaylandProxy, width: Int, height: Int) throws(WaylandError) {
        let stride = width * 4
        size = stride * height
        let fd = kiosk_wl_shm_file(size)
        guard fd >= 0 else { throw .buffer("memfd_create/ftruncate \(size): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        guard let map = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), map != MAP_FAILED else {
            throw .buffer("mmap \(size): \(String(cString: strerror(errno)))")
        }
        memory = map
        // The pool is only needed to make the buffer; the fd is duplicated when the request is marshalled.
        let poolArguments: [wl_argument] = [.newID, .fd(fd), .int(Int32(size))]
        let bufferArguments: [wl_argument] = [.newID, .int(0), .int(Int32(width)), .int(Int32(height)), .int(Int32(stride)),
                                              .uint(0)]  // WL_SHM_FORMAT_ARGB8888
        guard let pool = shm.request(0, poolArguments, creating: WaylandInterface.shmPool) else {
            munmap(map, size)
            throw .buffer("wl_shm.create_pool failed")
        }
        guard let buffer = pool.request(0, bufferArguments, creating: WaylandInterface.buffer) else {
            pool.request(1, destroying: true)
            munmap(map, size)
            throw .buffer("wl_shm_pool.create_buffer failed")
        }
        pool.request(1, destroying: true)
        self.buffer = buffer
        pixels = PixelBuffer(base: map, width: width, height: height, stride: stride, format: .argb8888)
        events = WaylandEvents { [unowned self] opcode, _ in if opcode == 0 { self.busy = false } }  // release
        buffer.listen(events)
    }

    var proxy: WaylandProxy { buffer }

    deinit {
        buffer.request(0, destroying: true)
        munmap(memory, size)
    }
}
