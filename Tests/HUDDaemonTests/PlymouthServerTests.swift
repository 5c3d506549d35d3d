import Glibc
import HUDCore
@testable import HUDDaemon
import HUDPlymouth
import HUDProtocol
import Testing

/// A name of our own in the abstract namespace, so tests never meet plymouthd or each other.
private func uniqueName() -> String {
    struct Counter { static let next = Locked(0) }
    let n = Counter.next.withLock { $0 += 1; return $0 }
    return "/kioskhud-test/plymouthd-\(getpid())-\(n)"
}

/// A raw client of Plymouth's socket.
final class PlymouthTestClient {
    let fd: Int32

    init(_ name: String) throws {
        fd = try UnixSocketAddress(abstractName: name).connect().rawValue
        var tv = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    func send(_ requests: PlymouthRequest...) { send(requests.flatMap(\.encoded)) }

    /// Exactly `count` bytes, or fewer on EOF / after 5 s.
    func read(_ count: Int) -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: count)
        while out.count < count {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, count - out.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            out += buffer[0..<n]
        }
        return out
    }

    /// Whether the daemon closed the connection (EOF within 5 s).
    var isClosedByPeer: Bool {
        var byte: UInt8 = 0
        return Glibc.read(fd, &byte, 1) == 0
    }

    /// Nothing arrives within `milliseconds`.
    func silent(for milliseconds: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, milliseconds) == 0
    }
}

/// A `PlymouthServer` alone on a loop, answering ACK to everything it is handed.
final class PlymouthFixture: @unchecked Sendable {
    let loop: EventLoop
    let server: PlymouthServer
    let name = uniqueName()
    let log = LogRecorder()
    let handled = Locked<[PlymouthRequest]>([])

    /// How often the server asked to start reading keys (once per watch-keystroke).
    let keyStarts = Locked(0)

    init(limits: PlymouthServer.Limits = .init(), readsKeys: Bool = false,
         accepts: @escaping @Sendable (PeerCredentials) -> Bool = { _ in true }) throws {
        loop = try EventLoop()
        let log = self.log, handled = self.handled, keyStarts = self.keyStarts
        server = try PlymouthServer(loop: loop, name: name, limits: limits, accepts: accepts,
                                    handle: { r, _ in handled.withLock { $0.append(r) }; return .reply(.ack) },
                                    onQuit: { _ in }, isIdle: { true },
                                    startReadingKeys: { keyStarts.withLock { $0 += 1 }; return readsKeys },
                                    log: { log.record($0) })
        let server = self.server
        let started = Locked(false)
        loop.execute { server.assumeIsolated { try? $0.start(); started.withLock { $0 = true } } }
        #expect(eventually { started.withLock { $0 } })
    }

    deinit {
        let server = self.server
        loop.execute { server.assumeIsolated { $0.stop() } }
        loop.shutdown()
    }
}

@Suite(.serialized) struct PlymouthServerTests {
    /// Plymouth's clients connect with the trimmed length; the zero-padded name is another socket.
    @Test func trimmedAddressOnly() throws {
        #expect(try UnixSocketAddress(abstractName: PlymouthSocketName.current).addressLength == 29)
        let f = try PlymouthFixture()
        let c = try PlymouthTestClient(f.name)
        c.send(.ping)
        #expect(c.read(1) == [0x06])
        // The same name padded with NULs to the whole sun_path: nobody listens there.
        var padded = sockaddr_un()
        padded.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &padded.sun_path) { raw in
            UnsafeMutableRawBufferPointer(rebasing: raw[1...]).copyBytes(from: Array(f.name.utf8))
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        let rc = withUnsafePointer(to: &padded) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(rc == -1 && errno == ECONNREFUSED)
    }

    @Test func aTakenNameIsRefused() throws {
        let f = try PlymouthFixture()
        let loop = try EventLoop()
        defer { loop.shutdown() }
        #expect(throws: DaemonError.self) {
            _ = try PlymouthServer(loop: loop, name: f.name, handle: { _, _ in .reply(.ack) }, onQuit: { _ in },
                                   isIdle: { true }, log: { _ in })
        }
    }

    /// The daemon's mapping: status, message, progress, mode, shown; many requests per connection, replies in order.
    @Test func requestsReachTheHUD() throws {
        let name = uniqueName()
        let f = try ServerFixture(plymouthSocket: name)
        let c = try PlymouthTestClient(name)
        c.send(.ping, .updateStatus("sshd.service"), .showMessage("Hello"), .systemUpdate(percent: 40),
               .changeMode(.updates), .showSplash, .cachedPasswords, .password(prompt: "Disk"))
        #expect(c.read(8) == [0x06, 0x06, 0x06, 0x06, 0x06, 0x06, 0x05, 0x05])
        #expect(f.status("boot-status") == "sshd.service")
        #expect(f.status("label") == "Hello")
        #expect(f.status("progress") == "40")
        #expect(f.status("splash-mode") == "updates")
        #expect(f.status("shown") == "true")
        // hide-message for another text leaves the line; for this one (or empty M) clears it.
        c.send(.hideMessage("Other"))
        #expect(c.read(1) == [0x06])
        #expect(f.status("label") == "Hello")
        c.send(.hideMessage("Hello"))
        #expect(c.read(1) == [0x06])
        #expect(f.status("label") == "")
        c.send(.showMessage("Again"), .showMessage(""))
        #expect(c.read(2) == [0x06, 0x06])
        #expect(f.status("label") == "")
        c.send(.hideSplash)
        #expect(c.read(1) == [0x06])
        #expect(eventually { f.status("shown") == "false" })
    }

    /// A message sent while the splash is hidden shows when it is shown.
    @Test func messageBeforeShowSplashIsKept() throws {
        let name = uniqueName()
        let f = try ServerFixture(plymouthSocket: name)
        let c = try PlymouthTestClient(name)
        c.send(.showMessage("Early"), .systemUpdate(percent: 12))
        #expect(c.read(2) == [0x06, 0x06])
        #expect(f.status("shown") == "false")
        c.send(.showSplash)
        #expect(c.read(1) == [0x06])
        #expect(f.status("label") == "Early")
        #expect(f.status("progress") == "12")
    }

    /// systemd writes two requests in one write and closes without reading.
    @Test func requestsLeftAfterTheHangUpAreCarriedOut() throws {
        let name = uniqueName()
        let f = try ServerFixture(plymouthSocket: name)
        for i in 0..<20 {
            let c = try PlymouthTestClient(name)
            c.send(.updateStatus("unit-\(i).service"), .showMessage("message \(i)"))
            shutdown(c.fd, Int32(SHUT_RDWR))
        }
        #expect(eventually { f.status("boot-status") == "unit-19.service" })
        let c = try PlymouthTestClient(name)
        c.send(.showSplash)
        #expect(c.read(1) == [0x06])
        #expect(f.status("label") == "message 19")
    }

    @Test func bytesSplitAcrossWrites() throws {
        let f = try PlymouthFixture()
        let c = try PlymouthTestClient(f.name)
        for byte in PlymouthRequest.updateStatus("split").encoded + PlymouthRequest.ping.encoded {
            c.send([byte])
            usleep(2000)
        }
        #expect(c.read(2) == [0x06, 0x06])
        #expect(f.handled.withLock { $0 } == [.updateStatus("split"), .ping])
    }

    /// Unknown commands and broken arguments are NAKed, logged by name, and the connection goes on.
    @Test func malformedRequestsAreNAKedAndLogged() throws {
        let f = try PlymouthFixture()
        let c = try PlymouthTestClient(f.name)
        c.send([UInt8(ascii: "z"), 0] + [UInt8(ascii: "U"), 2, 3, 0x68, 0x69, 0x78] + [UInt8(ascii: "P"), 9] + PlymouthRequest.ping.encoded)
        #expect(c.read(4) == [0x15, 0x15, 0x15, 0x06])
        #expect(f.log.all.contains { $0.contains("unknown command 0x7a 'z'; answered NAK") })
        #expect(f.log.all.contains { $0.contains("does not end with a NUL") })
        // plymouthd ACKs an unknown mode; so do we, without handing it on.
        c.send([UInt8(ascii: "C"), 2, 4] + Array("foo".utf8) + [0])
        #expect(c.read(1) == [0x06])
        #expect(f.handled.withLock { $0 } == [.ping])
    }

    @Test func tooManyMalformedRequestsDropTheClientOnly() throws {
        var limits = PlymouthServer.Limits()
        limits.maxMalformed = 4
        let f = try PlymouthFixture(limits: limits)
        let bad = try PlymouthTestClient(f.name)
        bad.send([UInt8](repeating: 0xff, count: 64))
        #expect(bad.read(64).count <= 5)
        #expect(bad.isClosedByPeer)
        #expect(eventually { f.log.all.contains { $0.contains("malformed requests; dropped") } })
        let good = try PlymouthTestClient(f.name)
        good.send(.ping)
        #expect(good.read(1) == [0x06])
    }

    @Test func unfinishedRequestIsDroppedAfterTheStallTimeout() throws {
        var limits = PlymouthServer.Limits()
        limits.stallTimeout = .milliseconds(200)
        let f = try PlymouthFixture(limits: limits)
        let c = try PlymouthTestClient(f.name)
        c.send([UInt8(ascii: "M"), 2, 200, 0x61])   // says 200 bytes, sends 1
        #expect(c.isClosedByPeer)
        #expect(f.log.all.contains { $0.contains("left a request unfinished") })
    }

    /// Not root: NAK, as plymouthd, and the connection stays.
    @Test func requestsFromOthersThanRootAreNAKed() throws {
        let f = try PlymouthFixture(accepts: { _ in false })
        let c = try PlymouthTestClient(f.name)
        c.send(.ping)
        #expect(c.read(1) == [0x15])
        c.send(.quit(retainSplash: false))
        #expect(c.read(1) == [0x15])
        #expect(f.handled.withLock { $0 }.isEmpty)
        #expect(f.log.all.contains { $0.contains("only root may send requests") })
    }

    @Test func connectionsAreBounded() throws {
        var limits = PlymouthServer.Limits()
        limits.maxConnections = 2
        let f = try PlymouthFixture(limits: limits)
        let a = try PlymouthTestClient(f.name), b = try PlymouthTestClient(f.name)
        a.send(.ping)
        b.send(.ping)
        #expect(a.read(1) == [0x06] && b.read(1) == [0x06])
        let c = try PlymouthTestClient(f.name)
        #expect(c.isClosedByPeer)
        #expect(f.log.all.contains { $0.contains("2 clients connected; refusing") })
        let count = Locked(-1)
        let server = f.server
        f.loop.execute { server.assumeIsolated { s in count.withLock { $0 = s.connectionCount } } }
        #expect(eventually { count.withLock { $0 } == 2 })
    }

    /// With no way to read keys (no input yet), a watch is answered NO_ANSWER at once, not left waiting.
    @Test func keystrokeWatchWithoutKeysIsAnsweredAtOnce() throws {
        let f = try PlymouthFixture()
        let c = try PlymouthTestClient(f.name)
        c.send(.watchKeystroke(keys: nil), .ignoreKeystroke(keys: nil), .ping)
        #expect(c.read(3) == [0x05, 0x06, 0x06])
        #expect(f.log.all.contains { $0.contains("no keys can be read") })
        #expect(f.keyStarts.withLock { $0 } == 1, "the watch asked for keys to be read first")
    }

    /// A watch-keystroke holds the replies after it until ignore-keystroke (from anyone) answers it NO_ANSWER.
    @Test func keystrokeWatchHoldsLaterRepliesBack() throws {
        let f = try PlymouthFixture(readsKeys: true)
        let watcher = try PlymouthTestClient(f.name)
        watcher.send(.watchKeystroke(keys: "yn"), .ping)
        #expect(watcher.silent(for: 200))
        let other = try PlymouthTestClient(f.name)
        other.send(.ignoreKeystroke(keys: "x"))   // another watch: nothing to stop
        #expect(other.read(1) == [0x06])
        #expect(watcher.silent(for: 100))
        other.send(.ignoreKeystroke(keys: "yn"))
        #expect(other.read(1) == [0x06])
        #expect(watcher.read(2) == [0x05, 0x06])
        #expect(f.keyStarts.withLock { $0 } == 1, "the watch started reading keys; ignore-keystroke and ping did not")
    }

    /// A watch's keys take a typed key they contain, as plymouthd's strstr does (any text, UTF-8).
    @Test func watchKeysContainTheTypedKey() {
        #expect(PlymouthServer.keys("yn", contain: "n"))
        #expect(!PlymouthServer.keys("yn", contain: "x"))
        #expect(PlymouthServer.keys("aéb", contain: "é"))
        #expect(!PlymouthServer.keys("y", contain: "yn"))
        #expect(PlymouthServer.keys("yn", contain: ""))
    }

    /// deactivate is ACKed when idle, and a reply after it waits for it.
    @Test func deactivateIsACKedWhenIdleInOrder() throws {
        let name = uniqueName()
        let f = try ServerFixture(plymouthSocket: name)
        let c = try PlymouthTestClient(name)
        c.send(.deactivate, .cachedPasswords)
        #expect(c.read(2) == [0x06, 0x05])
        #expect(f.log.all.contains { $0.contains("deactivate") && $0.contains("releasing the display") })
        c.send(.reactivate)
        #expect(c.read(1) == [0x06])
    }

    /// quit --retain-splash: the ACK comes as the daemon exits, then the connection closes; others are closed too.
    @Test func quitIsACKedAtExit() throws {
        let name = uniqueName()
        let f = try ServerFixture(plymouthSocket: name)
        let waiter = try PlymouthTestClient(name)   // as `plymouth --wait`: connects, sends nothing
        let c = try PlymouthTestClient(name)
        c.send(.quit(retainSplash: true), .ping)
        #expect(c.read(2) == [0x06])
        #expect(c.isClosedByPeer)
        #expect(waiter.isClosedByPeer)
        #expect(eventually { f.exitCode.withLock { $0 } == 0 })
        #expect(f.log.all.contains { $0.contains("on Plymouth's socket (retaining the picture)") })
        // The name is free once every copy of the listening fd is closed: a
        // child another test is spawning in this process holds one from its
        // fork to its exec (long under qemu-user: the name once answered).
        #expect(eventually {
            guard let fd = try? UnixSocketAddress(abstractName: name).connect() else { return true }
            fd.close()
            return false
        },
                "Plymouth's socket still accepts connections after the exit")
    }
}
