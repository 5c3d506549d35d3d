#if canImport(Glibc)
import Glibc
#endif
import HUDSystem

/// Keyboard, touch and pointer input on an `EventLoop`, through libinput's
/// path backend (no udev needed, as in an initramfs) and xkbcommon.
///
/// Every evdev node in `options.directory` (`/dev/input/event*`) is added
/// at start (`libinput_path_add_device`); an inotify watch on the directory
/// (`DirectoryWatch`) adds nodes that appear and removes those that go
/// (`libinput_path_remove_device`). libinput's fd is watched on the loop and
/// read with `libinput_dispatch` when readable: nothing blocks and nothing
/// polls. Events reach `handler` on the loop's thread; log lines (libinput's
/// prefixed `libinput:`, and why a device was skipped) reach `log` there too. A node that cannot
/// be opened (permissions) is logged once and skipped; no device at all is
/// fine. Where udevd is not running, each device's udev database entry is
/// written first (`UdevDatabase`), since libinput refuses devices udev has
/// not classified; where it is, a device waits for udevd's entry.
public final class InputMonitor: @unchecked Sendable {
    private let loop: EventLoop
    private let options: InputOptions
    private let log: @Sendable (String) -> Void
    private let handler: @Sendable (InputEvent) -> Void
    private let libinput: LibinputContext
    private let translator: EventTranslator
    // Loop thread only, after init.
    private var devices: [String: OpaquePointer] = [:]
    private var logged: Set<String> = []
    private var dispatchFailed = false
    private var stopped = false
    private var fdWatch: FDWatch?
    private var directoryWatch: DirectoryWatch?
    private var udevWatch: DirectoryWatch?

    /// Starts reading input. Devices already present are opened before this
    /// returns when it is called on the loop's thread — a key typed after
    /// that is read, so a prompt drawn after it loses none — else on the
    /// loop right after; their `deviceAdded` events reach `handler` then.
    /// - Throws: `SystemError` naming `dlopen` (libinput or xkbcommon
    ///   missing), `xkb_keymap_new_from_names` (an unknown layout),
    ///   `libinput_path_create_context`, `epoll_ctl` or `inotify_init1` / `inotify_add_watch`.
    public init(loop: EventLoop, options: InputOptions = InputOptions(),
                log: @escaping @Sendable (String) -> Void = { _ in },
                handler: @escaping @Sendable (InputEvent) -> Void) throws(SystemError) {
        self.loop = loop
        self.options = options
        self.log = log
        self.handler = handler
        let keymap = try Keymap(layout: options.layout, includePath: options.xkbIncludePath)
        translator = EventTranslator(keymap: keymap, screen: options.screen, directory: options.directory)
        libinput = try LibinputContext(verbose: options.verbose, log: log)
        fdWatch = try loop.watchReadable(fd: libinput.fileDescriptor) { [weak self] in self?.readable() }
        do {
            directoryWatch = try DirectoryWatch(directory: options.directory, loop: loop, removals: true) { [weak self] in
                self?.rescan()
            }
            if options.udev.udevRunning {
                udevWatch = try DirectoryWatch(directory: options.udev.dataDirectory, loop: loop) { [weak self] in
                    self?.rescan()
                }
            }
        } catch let error as SystemError {
            fdWatch?.cancel()
            throw error
        } catch {
            fdWatch?.cancel()
            throw SystemError(call: "inotify_add_watch", subject: options.directory, detail: "\(error)")
        }
        if loop.inLoop { rescan() } else { loop.execute { [weak self] in self?.rescan() } }
    }

    deinit {
        cancelWatches()
        for device in devices.values { libinput.remove(device) }
    }

    /// Stops reporting: no handler call starts after this returns (on the
    /// loop's thread; from another, none after the one running, if any).
    /// Devices are closed when the monitor is released.
    public func stop() {
        cancelWatches()
        if loop.inLoop {
            stopped = true
        } else {
            loop.execute { [weak self] in self?.stopped = true }
        }
    }

    private func cancelWatches() {
        fdWatch?.cancel()
        directoryWatch?.cancel()
        udevWatch?.cancel()
    }

    /// The devices libinput has now (call on the loop's thread).
    public var deviceInfos: [InputDeviceInfo] { devices.values.map(translator.info).sorted { $0.path < $1.path } }

    private func readable() {
        do {
            try libinput.dispatch()
        } catch {
            if !dispatchFailed { log("\(error)") }
            dispatchFailed = true
        }
        deliver()
    }

    private func deliver() {
        libinput.forEachEvent { event in
            guard !stopped, let e = translator.translate(event) else { return }
            handler(e)
        }
    }

    /// Matches libinput's devices to the directory's nodes.
    private func rescan() {
        guard !stopped else { return }
        let present = DeviceNodes.list(options.directory)
        let presentSet = Set(present)
        for (path, device) in devices where !presentSet.contains(path) {
            libinput.remove(device)
            devices[path] = nil
        }
        logged.formIntersection(presentSet)  // a node plugged again is reported again
        for path in present where devices[path] == nil { add(path) }
        deliver()
    }

    private func logOnce(_ path: String, _ text: String) {
        guard logged.insert(path).inserted else { return }
        log(text)
    }

    private func add(_ path: String) {
        // Opened as libinput will open it: a node we may not read is skipped, once logged.
        let fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let e = Errno.current
            if e != .noEntry { logOnce(path, "\(SystemError(call: "open", subject: path, errno: e)); skipped") }
            return
        }
        defer { close(fd) }
        guard let entry = options.udev.entryPath(node: path) else { return }
        if access(entry, F_OK) != 0 {
            if options.udev.udevRunning { return }  // udevd's entry is coming: its watch calls rescan
            let capabilities: EvdevCapabilities
            do { capabilities = try EvdevCapabilities(reading: FileDescriptor(rawValue: fd), path: path) } catch {
                logOnce(path, "\(error); skipped")
                return
            }
            let classes = capabilities.udevClasses
            guard !classes.isEmpty else {
                logOnce(path, "\(path): not a keyboard, pointer or touch device; skipped")
                return
            }
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let usec = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
            do { try options.udev.write(UdevDatabase.entryText(classes: classes, initializedMicroseconds: usec), to: entry) } catch {
                logOnce(path, "\(error); \(path) skipped (libinput takes only devices udev classified)")
                return
            }
        }
        guard let device = libinput.add(path) else {
            logOnce(path, "\(SystemError(call: "libinput_path_add_device", subject: path, detail: "refused (its log says why)")); skipped")
            return
        }
        devices[path] = device
    }
}
