import HUDCore
import HUDText

/// The fonts labels are laid out with (`FontCatalog`) and the language they
/// are shaped for. Making one loads FreeType, HarfBuzz and FriBidi (a few
/// milliseconds cold) and reads the recorded font list; fonts open when a
/// label first needs them.
final class TextEngine {
    let catalog: FontCatalog
    let language: String

    init(language: String) throws(TextError) {
        catalog = try FontCatalog()
        self.language = language
    }

    /// The request for `font`; `semibold` overrides its weight (the button's title).
    func request(_ font: HUDFont, semibold: Bool = false) -> FontRequest {
        FontRequest(family: font.family, weight: semibold ? .semibold : font.bold ? .bold : .regular, language: language)
    }
}
