internal import CLazyText

/// FreeType, which every label needs: not linked, but loaded with `dlopen` on
/// first use (`kiosk_text_try_load`). HarfBuzz and FriBidi load only for text
/// `PlainShaper` does not shape, libthai only for Thai text and fontconfig
/// only when no recorded font list answers.
public enum TextLibraries {
    /// Loads FreeType now: nil when it loaded, else what was missing
    /// ("cannot load libfreetype.so.6 (…)"). Safe on any thread; once.
    public static func tryLoad() -> String? {
        kiosk_text_try_load().map { String(cString: $0) }
    }

    /// Loads HarfBuzz and FriBidi now, which text that `PlainShaper` does
    /// not shape needs (they load on their own then): nil when they loaded,
    /// else what was missing. Safe on any thread; once.
    public static func tryLoadShaping() -> String? {
        kiosk_shaping_try_load().map { String(cString: $0) }
    }

    /// Whether FreeType is loaded.
    public static var isLoaded: Bool { kiosk_text_is_loaded() }
}
