import Glibc

/// A Unix socket's file in the file system.
public enum SocketFile {
    /// Whether a socket is at `path` (`stat(2)`, its file type). A socket
    /// file exists from `bind(2)` on, before its owner `listen`s.
    public static func exists(at path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
    }
}
