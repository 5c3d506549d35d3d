internal import CLazyGraphics

extension HUDRenderer {
    /// Loads Cairo now (`kiosk_graphics_load`:
    /// `dlopen` + `dlsym` of every function the renderer calls), once per
    /// process; later calls return at once. They are not linked at exec, and
    /// otherwise it loads on the first Cairo call: call this on a helper
    /// thread to keep that off the loop. Safe on any thread. A missing library
    /// or function is reported on stderr and the process exits with status 127.
    public static func loadGraphicsLibraries() {
        kiosk_graphics_load()
    }

    /// Loads them like `loadGraphicsLibraries`, but answers instead of exiting:
    /// nil when they loaded, else what was missing ("cannot load libpango-1.0.so.0
    /// (…)"); a process that goes on must then call no Cairo function
    /// (`HUDRenderer.graphicsUnavailable`). `kiosk_graphics_try_load`.
    public static func tryLoadGraphicsLibraries() -> String? {
        kiosk_graphics_try_load().map { String(cString: $0) }
    }

    /// Whether Cairo is loaded (`kiosk_graphics_is_loaded`).
    public static var isGraphicsLibraryLoaded: Bool {
        kiosk_graphics_is_loaded()
    }
}
