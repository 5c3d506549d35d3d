#if canImport(Glibc)
import Glibc
#endif
import HUDCore
import HUDRender
import HUDText

/// `hud fonts`: the fonts labels are drawn with, and the recorded font list
/// (`RecordedFontList`) that lets the first frame skip fontconfig.
enum FontsCommand {
    static let subcommand = Subcommand(name: "fonts", summary: "list or record the fonts each theme's labels are drawn with",
                                       run: run)

    static let parser = OptionParser(command: "fonts", summary: """
        Prints the font fallback chain of every label font the built-in look and
        the themes ask for (label, details, button title), as fontconfig finds it.
        With --record the chains are written as the font list `hud` reads at
        start (default /etc/kioskhud/fonts.list), so the first frame draws its
        label without loading fontconfig; the initramfs hook records one for the
        fonts it copies (--root).
        Exit status: 0 ok, 1 no font found or the list not written, 2 bad options.
        """, options: [
            .init(name: "themes-dir", placeholder: "DIR", help: "every *.json theme in DIR (default /usr/share/kioskhud/themes)"),
            .init(name: "theme", placeholder: "FILE", help: "this theme only (besides the built-in look)"),
            .init(name: "language", placeholder: "LANG", help: "language for themes that name none (CJK forms, fallbacks)"),
            .init(name: "root", placeholder: "DIR", help: "keep only fonts present under DIR (an initramfs being built)"),
            .init(name: "record", placeholder: "FILE", help: "write the list to FILE instead of printing the chains"),
        ])

    static func run(_ args: [String]) -> Int32 {
        do {
            guard let o = try parser.parse(args) else {
                print(parser.help, terminator: "")
                return 0
            }
            return try fonts(o)
        } catch {
            StandardError.write("\(error)\n")
            return 2
        }
    }

    private static func fonts(_ o: ParsedOptions) throws(CommandLineError) -> Int32 {
        var themeFiles: [String] = []
        if let file = o.string("theme") {
            themeFiles = [file]
        } else {
            let dir = o.string("themes-dir") ?? "/usr/share/kioskhud/themes"
            if let d = opendir(dir) {
                while let entry = readdir(d) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                    if name.hasSuffix(".json") { themeFiles.append(dir + "/" + name) }
                }
                closedir(d)
            } else if o.string("themes-dir") != nil {
                throw CommandLineError("hud fonts: --themes-dir \(dir): \(String(cString: strerror(errno)))")
            }
        }
        // The built-in look first, then each theme's.
        var requests: [FontRequest] = []
        func add(_ c: HUDConfiguration, language: String) {
            for r in [FontRequest(family: c.label.font.family, weight: c.label.font.bold ? .bold : .regular, language: language),
                      FontRequest(family: c.detailsLabel.font.family, weight: c.detailsLabel.font.bold ? .bold : .regular, language: language),
                      FontRequest(family: c.detailsLabel.font.family, weight: .semibold, language: language)]
            where !requests.contains(r) {
                requests.append(r)
            }
        }
        let language = o.string("language") ?? ""
        add(HUDConfiguration(), language: language)
        for file in themeFiles.sorted() {
            let load = HUDTheme.load(file: file)
            if let fatal = load.problems.first(where: { $0.key == nil }) { throw CommandLineError("hud fonts: theme \(file): \(fatal)") }
            var c = HUDConfiguration()
            load.theme.apply(to: &c)
            add(c, language: load.theme.language ?? language)
        }
        let catalog: FontCatalog
        do {
            catalog = try FontCatalog(recordedListPath: "/nonexistent")
        } catch {
            StandardError.write("hud fonts: \(error)\n")
            return 1
        }
        let root = o.string("root").map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        var list = RecordedFontList()
        var missing: [String] = []
        for r in requests {
            var files = catalog.files(for: r)
            if let root { files = files.filter { access(root + $0.path, R_OK) == 0 } }
            if files.isEmpty {
                missing.append("\"\(r.family)\" (\(r.weight.name))")
                continue
            }
            list.add(request: r.recordKey, files: files)
        }
        for m in missing { StandardError.write("hud fonts: no font for \(m)\(root.map { " under \($0)" } ?? "")\n") }
        guard let path = o.string("record") else {
            print(list.text, terminator: "")
            return missing.isEmpty ? 0 : 1
        }
        do {
            try write(list.text, to: path)
        } catch {
            StandardError.write("hud fonts: \(error)\n")
            return 1
        }
        print("hud fonts: recorded \(list.order.count) font chains in \(path)")
        return missing.isEmpty ? 0 : 1
    }

    /// Writes `text` to a temporary file beside `path`, then renames it over `path`.
    private static func write(_ text: String, to path: String) throws(CommandLineError) {
        let temporary = path + ".new"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CommandLineError("\(temporary): \(String(cString: strerror(errno)))") }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                let reason = String(cString: strerror(errno))
                close(fd)
                unlink(temporary)
                throw CommandLineError("\(temporary): \(reason)")
            }
            bytes = bytes.dropFirst(n)
        }
        guard fsync(fd) == 0, close(fd) == 0, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CommandLineError("\(path): \(reason)")
        }
    }
}
