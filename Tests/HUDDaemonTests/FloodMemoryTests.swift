import Glibc
import HUDProtocol
import Testing

/// A writer flooding psplash's FIFO and a client flooding the socket at
/// once cost the daemon no more than 1 MB, during the flood and after it.
///
/// Judged by memory, not time: the peak comes from the kernel's high-water
/// mark (`VmHWM`, reset to the idle RSS through `/proc/PID/clear_refs`), so
/// no sample can miss it; "after" is read once the daemon has carried out
/// the flood's last command (its progress is in `status`).
@Suite(.serialized) struct FloodMemoryTests {
    /// 1 MB, the bound of issue 37 (a 64 MB board).
    static let boundKB = 1024
    /// Rounds of one pipe-full of FIFO commands (64 kB, ~5,400 of them: one
    /// daemon read) and one socket batch.
    static let rounds = 30
    static let socketBatch = 500

    /// Under an emulator (scripts/arm64/test.sh runs `hud` through qemu-aarch64-static) the
    /// process measured is the emulator, whose translated code grows with each new path.
    @Test(.enabled(if: getenv("KIOSKHUD_TEST_EXEC_WRAPPER") == nil, "the process would be the emulator, not the daemon"))
    func floodingTheFIFOAndTheSocketStaysWithinAMegabyte() throws {
        let d = try HudProcessTests.DaemonProcess()
        #expect(d.waitUntilListening())
        let fifo = open(d.dir.file("psplash_fifo"), O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        try #require(fifo >= 0, "cannot open the daemon's FIFO: \(String(cString: strerror(errno)))")
        defer { close(fifo) }
        let client = try RawClient.greeted(d.socket)

        // Warm-up: each input carries one command, so the first use of a code path is not counted.
        try #require(Self.write(fifo, Array("PROGRESS 1\n".utf8)))
        #expect(eventually { d.status("progress") == "1" })
        #expect(client.request("progress percent=2").map(Self.isOK) == true)
        let pid = d.process.pid
        try #require(Self.resetPeak(pid), "cannot reset the daemon's VmHWM")
        let idle = try #require(Self.kilobytes("VmRSS", of: pid))

        // Whole commands, 4 kB at a time: writes of up to PIPE_BUF never split a command.
        let command = Array("PROGRESS 42\n".utf8)
        let chunk = Array((0..<(4096 / command.count)).flatMap { _ in command })
        var socketAnswers = 0
        for round in 0..<Self.rounds {
            for _ in 0..<16 { try #require(Self.write(fifo, chunk), "the daemon stopped reading its FIFO (round \(round))") }
            client.send(String(repeating: "progress percent=24\n", count: Self.socketBatch))
            for _ in 0..<Self.socketBatch where client.readLine()?.hasPrefix("ok") == true { socketAnswers += 1 }
        }
        #expect(socketAnswers == Self.rounds * Self.socketBatch, "the socket client was answered \(socketAnswers) times")
        // The last command: once it shows, the daemon has read everything before it.
        try #require(Self.write(fifo, Array("PROGRESS 77\n".utf8)))
        #expect(eventually { d.status("progress") == "77" }, "the flood's last FIFO command never took effect")

        let peak = try #require(Self.kilobytes("VmHWM", of: pid))
        let after = try #require(Self.kilobytes("VmRSS", of: pid))
        #expect(peak - idle <= Self.boundKB, "during the flood the daemon peaked at \(peak) kB, \(peak - idle) kB above idle (\(idle) kB)")
        #expect(after - idle <= Self.boundKB, "after the flood the daemon holds \(after) kB, \(after - idle) kB above idle (\(idle) kB)")
        #expect(kill(pid, 0) == 0, "the daemon is gone")
    }

    static func isOK(_ response: Response) -> Bool {
        if case .ok = response { return true }
        return false
    }

    /// Writes all of `bytes`, waiting (poll, at most 10 s per wait: a hang guard) while the pipe is full.
    static func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n > 0 {
                offset += n
            } else if n < 0, errno == EAGAIN {
                var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                guard poll(&p, 1, 10_000) == 1 else { return false }
            } else if !(n < 0 && errno == EINTR) {
                return false
            }
        }
        return true
    }

    /// `echo 5 > /proc/PID/clear_refs`: the process's high-water mark becomes its RSS now.
    static func resetPeak(_ pid: pid_t) -> Bool {
        let fd = open("/proc/\(pid)/clear_refs", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return Glibc.write(fd, "5", 1) == 1
    }

    /// A `kB` line of /proc/PID/status (`VmRSS`, `VmHWM`).
    static func kilobytes(_ key: String, of pid: pid_t) -> Int? {
        guard let f = fopen("/proc/\(pid)/status", "r") else { return nil }
        defer { fclose(f) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), f) != nil {
            let s = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard s.hasPrefix(key + ":") else { continue }
            return s.dropFirst(key.count + 1).split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) }
        }
        return nil
    }
}
