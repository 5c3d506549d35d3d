/// Memory for `read` calls, allocated once and reused for every read.
final class ReadBuffer {
    let bytes: UnsafeMutableRawBufferPointer

    init(size: Int) {
        bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
    }

    deinit { bytes.deallocate() }
}
