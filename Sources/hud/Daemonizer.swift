import Glibc
import HUDSystem

/// `hud daemon --daemonize`: forks before any thread exists; the parent
/// waits on a pipe until the child says its socket listens (a byte, from
/// `DaemonReadiness.ready()`) and exits 0, or, when the child exits first,
/// with the child's status (1 if it was killed; the child has said why on stderr). The child leaves the session
/// of whoever started it. Boot scripts then need no polling loop.
enum Daemonizer {
    enum Outcome {
        /// In the parent: exit with this status.
        case parent(exitStatus: Int32)
        /// In the child: carry on, and write the pipe when ready.
        case child(readyPipe: FileDescriptor)
        case failed(String)
    }

    static func fork() -> Outcome {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            return .failed("--daemonize: pipe: \(String(cString: strerror(errno)))")
        }
        // Close-on-exec: nothing the daemon starts may hold the parent waiting.
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let pid = Glibc.fork()
        if pid < 0 {
            let reason = String(cString: strerror(errno))
            close(fds[0])
            close(fds[1])
            return .failed("--daemonize: fork: \(reason)")
        }
        if pid == 0 {
            close(fds[0])
            _ = setsid()
            return .child(readyPipe: FileDescriptor(rawValue: fds[1]))
        }
        close(fds[1])
        var byte: UInt8 = 0
        var n: Int
        n = Errno.retryingOnInterrupt { read(fds[0], &byte, 1) }
        close(fds[0])
        if n == 1 { return .parent(exitStatus: 0) }
        // The child exited (or closed the pipe) without being ready: its own
        // status when it exited (0: nothing to do, e.g. as plymouthd when one
        // runs already), else 1.
        var status: Int32 = 0
        let waited = Errno.retryingOnInterrupt { waitpid(pid, &status, 0) }
        let exited = waited == pid && status & 0x7F == 0
        return .parent(exitStatus: exited ? (status >> 8) & 0xFF : 1)
    }
}
