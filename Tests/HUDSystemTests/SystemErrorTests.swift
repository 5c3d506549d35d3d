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

    @Test func aFileDescriptorClosesOnce() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        let reader = FileDescriptor(rawValue: fds[0])
        reader.close()
        // The number is free again: the next descriptor reuses it.
        #expect(fcntl(reader.rawValue, F_GETFD) == -1)
        close(fds[1])
    }
}
