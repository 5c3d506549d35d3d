#if canImport(Glibc)
import Glibc
#endif

/// The few Pango calls labels need, loaded with `dlopen` on first use.
///
/// Linking Pango (and with it GLib, GObject, HarfBuzz, FriBidi...) costs
/// every start ~250 ms in the QEMU guest — more than a whole KMS frame — even
/// when no label is drawn yet. Loaded from the label thread after the first
/// frame, it never delays that frame. Only stable ABI is used: the C
/// functions below and the enum values Pango has had since 1.0.
final class PangoLibrary: @unchecked Sendable {
    typealias Pointer = OpaquePointer
    let createLayout: @convention(c) (Pointer?) -> Pointer?                    // pango_cairo_create_layout(cairo_t*)
    let showLayout: @convention(c) (Pointer?, Pointer?) -> Void                // pango_cairo_show_layout(cairo_t*, layout)
    let fontNew: @convention(c) () -> Pointer?                                 // pango_font_description_new
    let fontFree: @convention(c) (Pointer?) -> Void                            // pango_font_description_free
    let fontSetFamily: @convention(c) (Pointer?, UnsafePointer<CChar>?) -> Void
    let fontSetWeight: @convention(c) (Pointer?, Int32) -> Void
    let fontSetAbsoluteSize: @convention(c) (Pointer?, Double) -> Void
    let setFontDescription: @convention(c) (Pointer?, Pointer?) -> Void        // pango_layout_set_font_description
    let setAlignment: @convention(c) (Pointer?, Int32) -> Void
    let setWidth: @convention(c) (Pointer?, Int32) -> Void
    let setHeight: @convention(c) (Pointer?, Int32) -> Void
    let setWrap: @convention(c) (Pointer?, Int32) -> Void
    let setEllipsize: @convention(c) (Pointer?, Int32) -> Void
    let setText: @convention(c) (Pointer?, UnsafePointer<CChar>?, Int32) -> Void
    /// pango_layout_get_pixel_extents(layout, PangoRectangle *ink, PangoRectangle *logical);
    /// a PangoRectangle is four ints: x, y, width, height.
    let pixelExtents: @convention(c) (Pointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Void
    let objectUnref: @convention(c) (UnsafeMutableRawPointer?) -> Void        // g_object_unref

    static let weightNormal: Int32 = 400    // PANGO_WEIGHT_NORMAL
    static let weightBold: Int32 = 700      // PANGO_WEIGHT_BOLD
    static let alignCenter: Int32 = 1       // PANGO_ALIGN_CENTER
    static let wrapWordChar: Int32 = 2      // PANGO_WRAP_WORD_CHAR
    static let ellipsizeEnd: Int32 = 3      // PANGO_ELLIPSIZE_END
    static let scale: Int32 = 1024          // PANGO_SCALE

    /// The library's runtime name (its SONAME).
    static let soname = "libpangocairo-1.0.so.0"

    /// Why loading failed, if it did (`dlerror` text).
    struct LoadError: Error, CustomStringConvertible {
        var description: String
    }

    /// Loads the library once; later calls return the same result.
    static func shared() throws(LoadError) -> PangoLibrary {
        switch loaded {
        case .success(let lib): return lib
        case .failure(let e): throw e
        }
    }

    private static let loaded: Result<PangoLibrary, LoadError> = {
        do throws(LoadError) { return .success(try PangoLibrary()) } catch { return .failure(error) }
    }()

    private init() throws(LoadError) {
        guard let handle = dlopen(Self.soname, RTLD_NOW | RTLD_LOCAL) else {
            throw LoadError(description: "dlopen(\(Self.soname)): " + (dlerror().map { String(cString: $0) } ?? "unknown error"))
        }
        func symbol<T>(_ name: String) throws(LoadError) -> T {
            guard let p = dlsym(handle, name) else {
                throw LoadError(description: "dlsym(\(Self.soname), \(name)): symbol missing")
            }
            return unsafeBitCast(p, to: T.self)
        }
        createLayout = try symbol("pango_cairo_create_layout")
        showLayout = try symbol("pango_cairo_show_layout")
        fontNew = try symbol("pango_font_description_new")
        fontFree = try symbol("pango_font_description_free")
        fontSetFamily = try symbol("pango_font_description_set_family")
        fontSetWeight = try symbol("pango_font_description_set_weight")
        fontSetAbsoluteSize = try symbol("pango_font_description_set_absolute_size")
        setFontDescription = try symbol("pango_layout_set_font_description")
        setAlignment = try symbol("pango_layout_set_alignment")
        setWidth = try symbol("pango_layout_set_width")
        setHeight = try symbol("pango_layout_set_height")
        setWrap = try symbol("pango_layout_set_wrap")
        setEllipsize = try symbol("pango_layout_set_ellipsize")
        setText = try symbol("pango_layout_set_text")
        pixelExtents = try symbol("pango_layout_get_pixel_extents")
        objectUnref = try symbol("g_object_unref")
    }
}
