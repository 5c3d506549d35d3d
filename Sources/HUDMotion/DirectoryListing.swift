#if canImport(Glibc)
import Glibc
#endif

/// Names in a directory (`opendir`/`readdir`), without "." and "..".
enum DirectoryListing {
    static func names(in path: String) throws(MotionError) -> [String] {
        guard let dir = opendir(path) else { throw .io(path: path, call: "opendir", errno: .current) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
