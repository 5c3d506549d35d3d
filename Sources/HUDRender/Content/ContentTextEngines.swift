import HUDText

/// The text engines an app's picture lays its labels out with, one per
/// language, made on first use (each reads the font list) and kept with the picture.
final class ContentTextEngines {
    private var engines: [String: TextEngine] = [:]

    func engine(language: String) throws(RenderError) -> TextEngine {
        if let e = engines[language] { return e }
        do {
            let e = try TextEngine(language: language)
            engines[language] = e
            return e
        } catch {
            throw .textUnavailable("the app's text: \(error)")
        }
    }
}
