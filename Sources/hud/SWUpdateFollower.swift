import Glibc
import HUDSystem
import HUDProtocol
import HUDUpdates

/// `hud follow swupdate`: reads SWUpdate's progress socket and shows each
/// update in the HUD; waits for SWUpdate when it is not running and
/// reconnects when it restarts.
enum SWUpdateFollower {
    /// SWUpdate's own default: `$TMPDIR/swupdateprog`, `/tmp/swupdateprog` without TMPDIR.
    static func defaultSocketPath() -> String {
        if let t = getenv("TMPDIR"), let dir = String(validatingCString: t), !dir.isEmpty { return dir + "/swupdateprog" }
        return "/tmp/swupdateprog"
    }

    /// Runs until killed, or until the first update ended with `once`.
    /// - Returns: the exit status: 0, or 1 when SWUpdate speaks a version this hud does not read.
    static func run(progressSocket: String, sender: UpdateRequestSender, presenter initial: UpdatePresenter, once: Bool) -> Int32 {
        var presenter = initial
        let waiter = SocketWaiter(path: progressSocket)
        while true {
            let fd: Int32
            do { fd = try waiter.connect() } catch {
                StandardError.write("\(error)\n")
                return 2
            }
            StandardError.write("hud follow swupdate: connected to \(progressSocket)\n")
            var decoder = SWUpdateProgressDecoder()
            var mapper = SWUpdateEventMapper()
            var buffer = [UInt8](repeating: 0, count: 16384)
            var ended = false
            reading: while true {
                let n = Errno.retryingOnInterrupt { buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }
                if n <= 0 { break }
                let messages: [SWUpdateProgressMessage]
                do {
                    messages = try decoder.feed(buffer[0..<n])
                } catch {
                    close(fd)
                    sender.send(presenter.lostTool())
                    StandardError.write("hud follow swupdate: \(progressSocket): \(error)\n")
                    return 1
                }
                for m in messages {
                    for event in mapper.events(for: m) {
                        sender.send(presenter.requests(for: event))
                        if case .ended = event { ended = true }
                    }
                }
                if once && ended { break reading }
            }
            close(fd)
            if once && ended { return 0 }
            sender.send(presenter.lostTool())
            StandardError.write("hud follow swupdate: SWUpdate closed \(progressSocket); waiting for it again\n")
        }
    }
}
