internal import CText

/// One FreeType library instance (FT_Init_FreeType), kept alive by the
/// catalog and by every face opened in it: FT_Done_FreeType would free faces
/// that laid-out labels still hold.
final class FreeTypeLibrary {
    let handle: FT_Library

    init() throws(TextError) {
        var made: FT_Library?
        guard FT_Init_FreeType(&made) == 0, let made else { throw .librariesMissing("FT_Init_FreeType failed") }
        handle = made
    }

    deinit { FT_Done_FreeType(handle) }
}
