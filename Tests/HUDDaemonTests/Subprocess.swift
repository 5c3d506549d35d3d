import Glibc

/// Runs the built `hud` executable (it sits beside the test bundle) with
/// stdout/stderr/stdin redirected to files.
struct Subprocess {
    /// The `hud` binary of this build.
    static var hudPath: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let exe = n > 0 ? String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        let dir = exe.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return dir + "/hud"
    }

    let pid: pid_t

    /// Starts `hud args…` with `environment` added; stdin from `stdinPath` (or /dev/null).
    init(_ args: [String], program: String = Subprocess.hudPath, environment: [String: String] = [:], stdinPath: String = "/dev/null",
         stdoutPath: String, stderrPath: String) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdinPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // KIOSKHUD_TEST_EXEC_WRAPPER (e.g. "qemu-aarch64-static -L SYSROOT", set by
        // scripts/arm64/test.sh): `hud` runs through it wherever it is exec'ed (no binfmt_misc there).
        let wrapper = (getenv("KIOSKHUD_TEST_EXEC_WRAPPER").map { String(cString: $0) } ?? "").split(separator: " ").map(String.init)
        let hud = Subprocess.hudPath
        var command = [program] + args
        // A link to hud (a test runs it as `plymouthd`) goes through the wrapper too.
        func isHud(_ path: String) -> Bool {
            guard path != hud else { return true }
            guard let resolved = realpath(path, nil) else { return false }
            defer { free(resolved) }
            return String(cString: resolved) == hud
        }
        if !wrapper.isEmpty, let i = command.firstIndex(where: isHud) { command.insert(contentsOf: wrapper, at: i) }
        let executable = command[0]
        let argv = command.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var env: [String: String] = [:]
        var e = environ
        while let p = e.pointee {
            let s = String(cString: p)
            if let eq = s.firstIndex(of: "=") { env[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
            e += 1
        }
        env["HUD_SOCKET"] = nil
        env["PSPLASH_FIFO_DIR"] = nil
        for (k, v) in environment { env[k] = v }
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in envp { free(p) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard rc == 0 else { throw SpawnError(path: program, errno: rc) }
        self.pid = pid
    }

    func signal(_ s: Int32) { kill(pid, s) }

    /// Waits for the exit; the exit status, or 128+signal.
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if status & 0x7F == 0 { return (status >> 8) & 0xFF }
        return 128 + (status & 0x7F)
    }

    /// The exit status if the process has exited (waitpid WNOHANG, so it
    /// is reaped: call it once it has), nil while it runs.
    func exitStatus() -> Int32? {
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// How long `waitOrKillIfHung` waits: 10 s natively; 120 s when `hud`
    /// runs under KIOSKHUD_TEST_EXEC_WRAPPER (qemu-user translating a Swift
    /// binary on a loaded machine took over 10 s for a `hud ping`).
    static let hangGuardMilliseconds: Int = getenv("KIOSKHUD_TEST_EXEC_WRAPPER") == nil ? 10_000 : 120_000

    /// Waits for the exit, killing the process if it runs longer than the
    /// hang guard; nil if it had to be killed.
    func waitOrKillIfHung() -> Int32? {
        for _ in 0..<(Subprocess.hangGuardMilliseconds / 10) {
            if let status = exitStatus() { return status }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        _ = wait()
        return nil
    }

    struct SpawnError: Error { let path: String; let errno: Int32 }
}

/// Runs `hud args…` to completion in `dir`; returns (status, stdout, stderr).
func runHud(_ args: [String], in dir: TemporaryDirectory, environment: [String: String] = [:],
            stdin: String? = nil, program: String = Subprocess.hudPath) throws -> (status: Int32?, out: String, err: String) {
    var stdinPath = "/dev/null"
    if let stdin {
        dir.write("stdin.txt", stdin)
        stdinPath = dir.file("stdin.txt")
    }
    let p = try Subprocess(args, program: program, environment: environment, stdinPath: stdinPath,
                           stdoutPath: dir.file("out.txt"), stderrPath: dir.file("err.txt"))
    let status = p.waitOrKillIfHung()
    return (status, dir.read("out.txt") ?? "", dir.read("err.txt") ?? "")
}
