#if canImport(Glibc)
import Glibc
#endif
internal import CText
internal import CLazyText

/// Finds, opens and keeps the fonts labels are drawn with: each request's
/// fallback chain from the recorded font list when it names the request,
/// else from fontconfig; faces opened on first use, once per file.
///
/// Not thread-safe: one catalog per thread (the renderer's).
public final class FontCatalog {
    private let library: FreeTypeLibrary
    private let recorded: RecordedFontList?
    private var faces: [FontFile: FontFace?] = [:]
    private var chains: [FontRequest: FontChain] = [:]
    /// Problems met (an unreadable list, a request no font answers), once each.
    public private(set) var problems: [TextError] = []
    private var shapingMissing = false

    /// Loads FreeType (`TextLibraries.tryLoad`) and reads the
    /// recorded list at `recordedListPath` (nil: `KIOSKHUD_FONT_LIST`, else
    /// `RecordedFontList.defaultPath`; a missing file is no list).
    public init(recordedListPath: String? = nil) throws(TextError) {
        if let error = kiosk_text_try_load() { throw .librariesMissing(String(cString: error)) }
        library = try FreeTypeLibrary()
        let path = recordedListPath ?? RecordedFontList.configuredPath
        do {
            recorded = try RecordedFontList.read(path: path)
        } catch {
            recorded = nil
            problems.append(error)
        }
    }

    /// The fallback chain of `request`: the recorded one when the list names
    /// it and any of its files opens, else fontconfig's.
    func chain(for request: FontRequest) -> FontChain {
        if let c = chains[request] { return c }
        var files = recorded?.chains[request.recordKey] ?? []
        var charsets: [OpaquePointer?] = []
        if !files.contains(where: { access($0.path, R_OK) == 0 }) {
            do {
                let found = try FontconfigLookup.chain(for: request)
                files = found.map(\.file)
                charsets = found.map(\.charset)
            } catch {
                problems.append(error)
                files = []
            }
        }
        let chain = FontChain(catalog: self, files: files, charsets: charsets)
        if chain.files.isEmpty { problems.append(.noFont("\"\(request.family)\" (\(request.weight.name))")) }
        chains[request] = chain
        return chain
    }

    /// Notes once that text needed HarfBuzz and FriBidi and they did not load
    /// (`reason`): such text is then drawn one glyph per character.
    func noteMissingShaping(_ reason: String) {
        guard !shapingMissing else { return }
        shapingMissing = true
        problems.append(.shapingMissing(reason))
    }

    /// The files `request` would be drawn with, in order (`hud fonts`).
    public func files(for request: FontRequest) -> [FontFile] {
        chain(for: request).files
    }

    /// The face of `file`, opened once (nil when it cannot be).
    func face(_ file: FontFile) -> FontFace? {
        if let f = faces[file] { return f }
        let f = FontFace(file: file, library: library)
        faces[file] = f
        return f
    }

    /// Drops every request's chain (a new theme): looked up again on next use. Open faces are kept.
    public func forgetChains() {
        chains.removeAll()
    }

    /// Clears problems once reported.
    public func takeProblems() -> [TextError] {
        defer { problems.removeAll() }
        return problems
    }
}
