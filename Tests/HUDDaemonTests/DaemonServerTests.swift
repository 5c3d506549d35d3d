import Glibc
import HUDCore
@testable import HUDDaemon
import HUDProtocol
import Testing

/// A daemon server on a real loop, socket and FIFO in a temporary directory,
/// drawing nowhere (or into PNGs).
final class ServerFixture: @unchecked Sendable {
    let dir: TemporaryDirectory
    let loop: EventLoop
    let stack: HUDStack
    let server: DaemonServer
    let log = LogRecorder()
    let exitCode = Locked<Int32?>(nil)
    var socket: String { dir.file("hud.sock") }
    var fifo: String { dir.file("psplash_fifo") }

    /// - Parameters:
    ///   - swupdateSocket: a file in the fixture's directory to follow as SWUpdate's progress socket.
    ///   - output: what the daemon draws on (`NoOutput` when nil).
    init(maxClients: Int = 32, stall: Duration = .seconds(10), plymouthSocket: String? = nil, swupdateSocket: String? = nil,
         output: sending (any HUDOutput)? = nil) throws {
        dir = try TemporaryDirectory()
        loop = try EventLoop()
        stack = HUDStack(loop: loop)
        var options = DaemonOptions()
        options.socketPath = dir.file("hud.sock")
        options.psplashFIFOPath = dir.file("psplash_fifo")
        options.maxClients = maxClients
        options.stallTimeout = stall
        options.plymouthSocketName = plymouthSocket
        options.swupdateProgressSocket = swupdateSocket.map(dir.file)
        let log = self.log, exitCode = self.exitCode
        let themeFile = dir.file("theme.json")
        server = DaemonServer(
            controller: HUDController(stack: stack, theme: DaemonTheme()), output: output ?? NoOutput(), options: options,
            policy: AccessPolicy(),
            loadTheme: { () throws(ThemeError) -> DaemonTheme in try DaemonTheme.load(file: themeFile).theme },
            log: { log.record($0) }, onExit: { code in exitCode.withLock { $0 = code } })
        try startOnLoop()
    }

    private func startOnLoop() throws {
        let result = Locked<Result<Void, DaemonError>?>(nil)
        let server = self.server
        loop.execute {
            server.assumeIsolated { s in
                do throws(DaemonError) {
                    try s.start(watchSignals: false)
                    result.withLock { $0 = .success(()) }
                } catch {
                    result.withLock { $0 = .failure(error) }
                }
            }
        }
        #expect(eventually { result.withLock { $0 != nil } })
        try result.withLock { $0 }?.get()
    }

    deinit {
        let server = self.server
        loop.execute { server.assumeIsolated { $0.stop(exitCode: 0, retainPicture: false) } }
        loop.shutdown()
    }

    func status(_ key: String) -> String? {
        guard let c = try? RawClient.greeted(socket) else { return nil }
        return c.request("status")?.value(key)
    }

    func writeFIFO(_ bytes: [UInt8]) {
        let fd = open(fifo, O_WRONLY | O_NONBLOCK)
        #expect(fd >= 0, "psplash FIFO opens for writing while the daemon runs")
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }
}

@Suite(.serialized) struct DaemonServerTests {
    @Test func greetsAnswersAndValidates() throws {
        let f = try ServerFixture()
        let c = try RawClient.greeted(f.socket)
        #expect(c.request("hello protocol=1") == .ok([Field("protocol", "1")]))
        #expect(c.request("hello protocol=2")?.errorCode == .version)
        #expect(c.request("ping") == .ok)
        #expect(c.request("show label=\"Installing 日本語\" mode=bar progress=30") == .ok)
        #expect(c.request("status")?.value("label") == "Installing 日本語")
        #expect(c.request("frobnicate")?.errorCode == .unknownCommand)
        #expect(c.request("show colour=red")?.errorCode == .unknownKey)
        #expect(c.request("progress percent=300")?.errorCode == .badValue)
        #expect(c.request("show label=\"open")?.errorCode == .syntax)
        c.send([0x6D, 0x65, 0x73, 0x73, 0x61, 0x67, 0x65, 0x20, 0x74, 0x65, 0x78, 0x74, 0x3D, 0xFF, 0xFE, 0x0A])
        #expect((try? Response.parse(Array((c.readLine() ?? "").utf8)))?.errorCode == .badUTF8)
        // The connection is still usable after every error.
        #expect(c.request("progress percent=45") == .ok)
        #expect(c.request("status")?.value("progress") == "45")
    }

    @Test func socketIsPrivate() throws {
        let f = try ServerFixture()
        var st = stat()
        #expect(lstat(f.socket, &st) == 0)
        #expect(st.st_mode & 0o777 == 0o600)
        #expect(st.st_mode & S_IFMT == S_IFSOCK)
    }

    @Test func overlongMessageIsRefusedAndTheLineAfterItWorks() throws {
        let f = try ServerFixture()
        let c = try RawClient.greeted(f.socket)
        c.send("message text=" + String(repeating: "x", count: 100_000) + "\nping\n")
        #expect((try? Response.parse(Array((c.readLine() ?? "").utf8)))?.errorCode == .tooLong)
        #expect(c.readLine() == "ok")
    }

    @Test func garbageAndDisconnectsMidMessageDoNotHurt() throws {
        let f = try ServerFixture()
        var rng = UInt64(0xC0FFEE)
        for i in 0..<40 {
            let c = try RawClient(f.socket)
            var bytes = [UInt8](repeating: 0, count: 1 + i * 97)
            for k in bytes.indices {
                rng = rng &* 6364136223846793005 &+ 1442695040888963407
                bytes[k] = UInt8(truncatingIfNeeded: rng >> 33)
            }
            c.send(bytes)  // then close without a newline, or mid-line
        }
        let half = try RawClient.greeted(f.socket)
        half.send("show label=\"half a mess")
        _ = half
        let c = try RawClient.greeted(f.socket)
        #expect(c.request("ping") == .ok)
        #expect(c.request("status")?.value("label") != "half a mess")
    }

    @Test func floodingClientIsDroppedOthersAreServed() async throws {
        let f = try ServerFixture()
        let flooder = try RawClient.greeted(f.socket)
        // Requests without ever reading the answers: the daemon must not block.
        let burst = String(repeating: "progress percent=50\n", count: 5000)
        for _ in 0..<40 { flooder.send(burst) }
        let c = try RawClient.greeted(f.socket)
        #expect(c.request("ping") == .ok)
        #expect(c.request("status")?.value("progress") == "50")
        #expect(eventually { f.log.all.contains { $0.contains("does not read its answers") } })
        #expect(await f.server.clientsDropped >= 1)
        #expect(await f.server.requestsHandled > 100)
    }

    @Test func idleClientsMakeRoomAtTheLimit() throws {
        let f = try ServerFixture(maxClients: 2)
        let a = try RawClient.greeted(f.socket), b = try RawClient.greeted(f.socket)
        #expect(b.request("ping") == .ok)  // a is now the one idle longest
        let c = try RawClient.greeted(f.socket)
        #expect(c.request("ping") == .ok, "a newcomer is served while the others sit idle")
        let evicted = a.readLine().flatMap { try? Response.parse(Array($0.utf8)) }
        #expect(evicted?.errorCode == .busy)
        #expect(a.readLine() == nil, "then closed")
        #expect(b.request("ping") == .ok)
    }

    @Test func clientsMidMessageAreNotEvicted() throws {
        let f = try ServerFixture(maxClients: 2)
        let a = try RawClient.greeted(f.socket), b = try RawClient.greeted(f.socket)
        // Each answer shows the daemon has read the half message after it.
        for client in [a, b] {
            client.send("ping\nshow label=\"half")
            #expect(client.readLine() == "ok")
        }
        let c = try RawClient(f.socket)
        let refusal = c.readLine().flatMap { try? Response.parse(Array($0.utf8)) }
        #expect(refusal?.errorCode == .busy)
    }

    @Test func waitersAreAnsweredAtExitAndDoNotCountAgainstTheLimit() throws {
        let f = try ServerFixture(maxClients: 1)
        let waiter = try RawClient.greeted(f.socket)
        // The ping's answer shows the wait after it was read too.
        waiter.send("ping\nwait\n")
        #expect(waiter.readLine() == "ok")
        let other = try RawClient.greeted(f.socket)
        #expect(other.request("ping") == .ok)
        #expect(other.request("quit") == .ok)
        #expect(waiter.readLine() == "ok")
        #expect(waiter.readLine() == nil)
    }

    @Test func stalledHalfMessageIsDropped() throws {
        let f = try ServerFixture(stall: .milliseconds(100))
        let c = try RawClient.greeted(f.socket)
        c.send("show label=\"never finished")
        #expect(c.readLine()?.hasPrefix("error code=syntax") == true)
        #expect(c.readLine() == nil, "then closed")
        #expect(f.log.all.contains { $0.contains("stalled") })
    }

    @Test func clientFinishingMessagesIsNotStalledWhenEveryReadEndsMidLine() throws {
        let f = try ServerFixture(stall: .milliseconds(500))
        let c = try RawClient.greeted(f.socket)
        // Each write finishes the previous message and starts the next: ~1.5 s in all,
        // no message left unfinished for much more than 50 ms.
        c.send("pi")
        for _ in 0..<30 {
            usleep(50_000)
            c.send("ng\npi")
            try #require(c.readLine() == "ok")
        }
        c.send("ng\n")
        #expect(c.readLine() == "ok")
        #expect(!f.log.all.contains { $0.contains("stalled") })
    }

    @Test func psplashFIFO() throws {
        let f = try ServerFixture()
        f.writeFIFO(Array("PROGRESS 30".utf8) + [0] + Array("MSG Starting services".utf8) + [0])
        #expect(eventually { f.status("label") == "Starting services" })
        #expect(f.status("progress") == "30")
        #expect(f.status("mode") == "bar")
        // A second writer after the first closed: still read (O_RDWR, no EOF).
        f.writeFIFO(Array("PROGRESS 75\n".utf8))
        #expect(eventually { f.status("progress") == "75" })
        // Garbage is logged and ignored.
        f.writeFIFO(Array("REBOOT NOW\0PROGRESS x\0".utf8) + [0xFF, 0] + Array("PROGRESS 80\0".utf8))
        #expect(eventually { f.status("progress") == "80" })
        #expect(f.log.all.contains { $0.contains("REBOOT") })
        f.writeFIFO(Array("QUIT\0".utf8))
        #expect(eventually { f.exitCode.withLock { $0 } == 0 })
        #expect(!f.dir.exists("hud.sock"), "socket removed on quit")
        #expect(!f.dir.exists("psplash_fifo"), "FIFO removed on quit")
    }

    @Test func psplashFIFOUnterminatedWritesEachCount() throws {
        let f = try ServerFixture()
        // Boot scripts write without a terminator (printf 'PROGRESS 20' > fifo):
        // as in psplash, the end of each write ends its command.
        f.writeFIFO(Array("MSG nonul".utf8))
        #expect(eventually { f.status("label") == "nonul" })
        f.writeFIFO(Array("PROGRESS 20".utf8))
        #expect(eventually { f.status("progress") == "20" })
        f.writeFIFO(Array("PROGRESS 30".utf8))
        #expect(eventually { f.status("progress") == "30" })
        #expect(f.status("label") == "nonul")
        // And a terminated psplash-write after them still works.
        f.writeFIFO(Array("MSG after\0".utf8))
        #expect(eventually { f.status("label") == "after" })
    }

    @Test func aSecondDaemonLeavesALiveFIFOAlone() throws {
        let f = try ServerFixture()
        #expect(throws: DaemonError.self) { try PsplashFIFO(path: f.dir.file("psplash_fifo")) }
        // The first daemon's FIFO still works.
        f.writeFIFO(Array("PROGRESS 55\0".utf8))
        #expect(eventually { f.status("progress") == "55" })
        // A FIFO nobody reads any more is taken over, and removed only by its owner.
        let stale = f.dir.file("stale_fifo")
        #expect(mkfifo(stale, 0o600) == 0)
        let taken = try PsplashFIFO(path: stale)
        #expect(unlink(stale) == 0 && mkfifo(stale, 0o600) == 0)
        taken.closeAndUnlink()
        #expect(f.dir.exists("stale_fifo"), "a FIFO that is not ours is not removed")
    }

    @Test func quitAnswersThenStops() throws {
        let f = try ServerFixture()
        let c = try RawClient.greeted(f.socket)
        #expect(c.request("quit") == .ok)
        #expect(eventually { f.exitCode.withLock { $0 } == 0 })
        #expect(!f.dir.exists("hud.sock"))
        #expect(throws: SystemError.self) { _ = try UnixSocketAddress(f.socket).connect() }
    }

    @Test func reloadKeepsTheOldThemeWhenBroken() throws {
        let f = try ServerFixture()
        let c = try RawClient.greeted(f.socket)
        #expect(c.request("reload")?.errorCode == .failed)
        #expect(c.request("status")?.value("theme") == "builtin")
        f.dir.write("theme.json", #"{ "cornerRadius": 12 }"#)
        #expect(c.request("reload") == .ok([Field("theme", "theme")]))
        #expect(c.request("status")?.value("theme") == "theme")
    }

    @Test func secondDaemonOnTheSameSocketIsRefused() throws {
        let f = try ServerFixture()
        #expect(throws: DaemonError.self) {
            _ = try UnixSocketListener(path: f.socket, mode: 0o600, group: nil)
        }
        // A stale socket file (no daemon behind it) is replaced.
        let stale = f.dir.file("stale.sock")
        let l = try UnixSocketListener(path: stale, mode: 0o600, group: nil)
        // Leaves the file, like a crashed daemon. Shut down first: a process another
        // test forks in this instant holds a copy of the fd until its exec, and
        // would keep the socket listening (seen under qemu-aarch64).
        shutdown(l.fd, Int32(SHUT_RDWR))
        close(l.fd)
        let again = try UnixSocketListener(path: stale, mode: 0o600, group: nil)
        #expect(again.path == stale)
        // Not a socket: refused, never deleted.
        f.dir.write("plain", "data")
        #expect(throws: DaemonError.self) { _ = try UnixSocketListener(path: f.dir.file("plain"), mode: 0o600, group: nil) }
        #expect(f.dir.exists("plain"))
    }
}

extension Response {
    var errorCode: ErrorCode? {
        if case .error(let code, _) = self { return code }
        return nil
    }
}
