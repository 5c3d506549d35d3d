#if canImport(Glibc)
import Glibc
#endif

/// The evdev nodes of a directory: `event` followed by digits only
/// (`/dev/input/event3`, not `mice`, `mouse0`, `js0` or `by-id/`).
public enum DeviceNodes {
    /// Whether a directory entry's name is an evdev node's.
    public static func isEventNode(_ name: String) -> Bool {
        guard name.hasPrefix("event") else { return false }
        let digits = name.dropFirst(5)
        return !digits.isEmpty && digits.count <= 6 && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Full paths of the evdev nodes in `directory`, by number; empty when
    /// it does not exist (`opendir`, `readdir`).
    public static func list(_ directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if isEventNode(name) { names.append(name) }
        }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        return names.sorted { (Int($0.dropFirst(5)) ?? 0, $0) < (Int($1.dropFirst(5)) ?? 0, $1) }.map { base + $0 }
    }
}
