import CLazyGraphics

extension HUDRenderer {
    /// Loads Cairo, Pango, GObject and pixman now (`kiosk_graphics_load`:
    /// `dlopen` + `dlsym` of every function the renderer calls), once per
    /// process; later calls return at once. They are not linked at exec, and
    /// otherwise load on the first Cairo/Pango call: call this on a helper
    /// thread to keep that off the loop. Safe on any thread. A missing library
    /// or function is reported on stderr and the process exits with status 127.
    public static func loadGraphicsLibraries() {
        kiosk_graphics_load()
    }

    /// Whether Cairo, Pango and pixman are loaded (`kiosk_graphics_is_loaded`).
    public static var isGraphicsLibraryLoaded: Bool {
        kiosk_graphics_is_loaded()
    }
}
