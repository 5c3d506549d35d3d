#if canImport(Glibc)
import Glibc
#endif
internal import CInput
internal import CLazyInput
import HUDSystem

/// libinput's path backend (`libinput_path_create_context`): devices added
/// and removed by path, events read after `libinput_dispatch`. Owns the
/// context and a reference to each device it added; its log goes to `log`.
final class LibinputContext {
    private final class LogSink {
        let log: @Sendable (String) -> Void
        init(_ log: @escaping @Sendable (String) -> Void) { self.log = log }
    }

    let context: OpaquePointer
    private let sink: Unmanaged<LogSink>

    /// - Throws: `SystemError` naming `dlopen` or `libinput_path_create_context`.
    init(verbose: Bool, log: @escaping @Sendable (String) -> Void) throws(SystemError) {
        try InputLibraries.load()
        sink = Unmanaged.passRetained(LogSink(log))
        guard let context = libinput_path_create_context(kiosk_input_interface(), sink.toOpaque()) else {
            sink.release()
            throw SystemError(call: "libinput_path_create_context", errno: .current)
        }
        self.context = context
        kiosk_input_set_log_sink(context) { user, _, line in
            guard let user, let line else { return }
            Unmanaged<LogSink>.fromOpaque(user).takeUnretainedValue().log("libinput: " + String(cString: line))
        }
        libinput_log_set_priority(context, verbose ? LIBINPUT_LOG_PRIORITY_INFO : LIBINPUT_LOG_PRIORITY_ERROR)
    }

    deinit {
        libinput_unref(context)
        sink.release()
    }

    /// The fd to watch (`libinput_get_fd`); libinput owns it.
    var fileDescriptor: FileDescriptor { FileDescriptor(rawValue: libinput_get_fd(context)) }

    /// `libinput_path_add_device`; the device comes back referenced, nil when libinput refused it.
    func add(_ path: String) -> OpaquePointer? {
        guard let device = libinput_path_add_device(context, path) else { return nil }
        return libinput_device_ref(device)
    }

    /// `libinput_path_remove_device`, then drops the reference `add` took.
    func remove(_ device: OpaquePointer) {
        libinput_path_remove_device(device)
        libinput_device_unref(device)
    }

    /// Reads the devices' fds (`libinput_dispatch`), queueing their events.
    /// - Throws: `SystemError` naming `libinput_dispatch`.
    func dispatch() throws(SystemError) {
        let rc = libinput_dispatch(context)
        if rc < 0 { throw SystemError(call: "libinput_dispatch", errno: Errno(rawValue: -rc)) }
    }

    /// Calls `body` with each queued event (`libinput_get_event`), destroying it after.
    func forEachEvent(_ body: (OpaquePointer) -> Void) {
        while let event = libinput_get_event(context) {
            body(event)
            libinput_event_destroy(event)
        }
    }
}
