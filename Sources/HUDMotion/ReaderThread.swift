#if canImport(Glibc)
import HUDSystem
import Glibc
#endif

/// A plain POSIX thread (`pthread_create`) for work that blocks, kept off the
/// event loop and off Swift's cooperative pool.
final class ReaderThread: Sendable {
    private let handle: pthread_t

    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    init(_ body: @escaping @Sendable () -> Void) throws(MotionError) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let rc = pthread_create(&thread, nil, { arg in
            guard let arg else { return nil }
            let box = Unmanaged<Box>.fromOpaque(arg).takeRetainedValue()
            box.body()
            return nil
        }, box)
        if rc != 0 {
            Unmanaged<Box>.fromOpaque(box).release()
            throw .io(path: "reader thread", call: "pthread_create", errno: Errno(rawValue: rc))
        }
        handle = thread
    }

    /// Waits for the thread to end (`pthread_join`).
    func join() { pthread_join(handle, nil) }

    /// Lets the thread end on its own (`pthread_detach`).
    func detach() { pthread_detach(handle) }
}
