@testable import HUDMotion
#if canImport(Glibc)
import Glibc
#endif

/// A sysfs-like tree in a fresh temporary directory, removed on deinit.
final class FakeSysfs {
    let root: String

    init() {
        var template = Array("/tmp/hudmotion-test-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        root = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit { Self.remove(root) }

    var devicesDirectory: String { root + "/bus/iio/devices" }

    /// Creates `<root>/bus/iio/devices/<id>` with the given files.
    @discardableResult
    func device(_ id: String, _ files: [String: String]) -> String {
        let dir = devicesDirectory + "/" + id
        for (name, text) in files { write(dir + "/" + name, text) }
        mkdirs(dir)
        return dir
    }

    func write(_ path: String, _ text: String) {
        mkdirs(String(path[..<path.lastIndex(of: "/")!]))
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0, "cannot create \(path)")
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
        close(fd)
    }

    func write(_ path: String, bytes: [UInt8]) {
        mkdirs(String(path[..<path.lastIndex(of: "/")!]))
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0, "cannot create \(path)")
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    func read(_ path: String) -> String? { try? SysfsAttribute(path).readText() }

    func chmod(_ path: String, _ mode: mode_t) { _ = Glibc.chmod(path, mode) }

    func mkdirs(_ path: String) {
        var current = ""
        for part in path.split(separator: "/") {
            current += "/" + part
            _ = mkdir(current, 0o755)
        }
    }

    static func remove(_ path: String) {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        if st.st_mode & S_IFMT == S_IFDIR {
            for name in (try? DirectoryListing.names(in: path)) ?? [] { remove(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    func remove(_ path: String) { Self.remove(path) }
}
