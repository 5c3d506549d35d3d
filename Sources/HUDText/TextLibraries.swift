internal import CLazyText

/// FreeType, HarfBuzz and FriBidi, which every label needs: not linked, but
/// loaded with `dlopen` on first use (`kiosk_text_try_load`). libthai loads
/// only for Thai text and fontconfig only when no recorded font list answers.
public enum TextLibraries {
    /// Loads the shaping libraries now: nil when they loaded, else what was
    /// missing ("cannot load libharfbuzz.so.0 (…)"). Safe on any thread; once.
    public static func tryLoad() -> String? {
        kiosk_text_try_load().map { String(cString: $0) }
    }

    /// Whether they are loaded.
    public static var isLoaded: Bool { kiosk_text_is_loaded() }
}
