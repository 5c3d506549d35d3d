import Glibc
import HUDSystem
import Testing

/// The one error type: it names the call, the subject and errno's text; EINTR
/// is retried in one place.
@Suite struct SystemErrorTests {
    @Test func namesTheCallTheSubjectAndTheErrno() {
        let e = SystemError(call: "drmModeSetCrtc", subject: "/dev/dri/card0 crtc 38", errno: .busy,
                            detail: "another program holds the display")
        #expect(e.description == "drmModeSetCrtc (/dev/dri/card0 crtc 38): Device or resource busy — another program holds the display")
        #expect(SystemError(call: "parse", detail: "no modes").description == "parse: no modes")
        errno = ENOENT
        #expect(SystemError.last("open", "/nonexistent").description == "open (/nonexistent): No such file or directory")
    }

    @Test func interruptedCallsAreRetriedOthersAreNot() {
        var calls = 0
        let r = Errno.retryingOnInterrupt { () -> Int in
            calls += 1
            if calls < 3 { errno = EINTR; return -1 }
            return 7
        }
        #expect(r == 7 && calls == 3)
        calls = 0
        let failed = Errno.retryingOnInterrupt { () -> Int in
            calls += 1
            errno = EIO
            return -1
        }
        #expect(failed == -1 && calls == 1 && Errno.current == Errno(rawValue: EIO))
    }
}

@Suite struct TypedValueTests {
    @Test func signalsAreNamedAsInC() {
        #expect(Signal.terminate.rawValue == SIGTERM)
        #expect("\(Signal.terminate)" == "SIGTERM")
        #expect("\(Signal.user2)" == "SIGUSR2")
        #expect("\(Signal(rawValue: SIGWINCH))" == "signal \(SIGWINCH)")
    }

    /// Whether the socket at the other end of `fd` was closed: a read sees end of file.
    private func peerClosed(_ fd: Int32) -> Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_DONTWAIT)) == 0
    }

    @Test func anOwnerClosesItsDescriptorWhenItGoesAway() throws {
        var fds: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer { close(fds[1]) }
        do {
            let owner = OwnedFileDescriptor(FileDescriptor(rawValue: fds[0]))
            #expect(owner.rawValue == fds[0])
            #expect(!peerClosed(fds[1]))
        }
        #expect(peerClosed(fds[1]))
    }

    @Test func aFileDescriptorCloses() throws {
        var fds: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer { close(fds[1]) }
        FileDescriptor(rawValue: fds[0]).close()
        #expect(peerClosed(fds[1]))
    }
}
