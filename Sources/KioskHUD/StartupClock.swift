import Glibc

/// Times for start-up log lines: since this process was exec'ed and since the
/// kernel started (the clock of the kernel log's timestamps, so a line can be
/// set against `crng init done` or a driver's probe).
public enum StartupClock {
    /// "N ms after exec, at U s uptime". Exec time is `$KIOSKHUD_T0_NS`
    /// (CLOCK_MONOTONIC, set by a launcher) when present, else the start time
    /// in /proc/self/stat (10 ms resolution).
    public static var since: String {
        let now = seconds(CLOCK_MONOTONIC)
        var text = ""
        if let t0 = getenv("KIOSKHUD_T0_NS").flatMap({ Double(String(cString: $0)) }) {
            text = "\(Int(((now - t0 / 1e9) * 1000).rounded())) ms after exec, "
        } else if let start = processStartSeconds() {
            text = "\(Int(((seconds(CLOCK_BOOTTIME) - start) * 1000).rounded())) ms after exec, "
        }
        let uptime = seconds(CLOCK_BOOTTIME)
        return text + "at " + String(Int(uptime)) + "." + String(String(Int((uptime * 1000).rounded()) % 1000 + 1000).dropFirst()) + " s uptime"
    }

    private static func seconds(_ clock: clockid_t) -> Double {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Field 22 of /proc/self/stat: start time in clock ticks since boot.
    private static func processStartSeconds() -> Double? {
        let fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        // The command name (field 2) may hold spaces: count fields after its ')'.
        guard let close = buffer[0..<n].lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = buffer[(close + 1)..<n].split(separator: UInt8(ascii: " "))
        // Fields after ')' start at field 3, so field 22 is the 20th.
        guard fields.count > 19, let ticks = Double(String(decoding: fields[19], as: UTF8.self)) else { return nil }
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
