import HUDProtocol
import HUDUpdates

/// Sends an update follower's requests to the `hud` daemon, connecting on
/// first use and again after the daemon went away, so a follower started
/// before the daemon, or outliving a restart of it, still shows its updates.
/// Problems are reported once each, never fatal.
final class UpdateRequestSender {
    let command: String
    let socketPath: String
    private var client: DaemonClient?
    private var lastProblem: String?

    init(command: String, socketPath: String) {
        self.command = command
        self.socketPath = socketPath
    }

    /// Sends each request in order; a refused one is reported and the rest still sent.
    func send(_ requests: [Request]) {
        for request in requests { send(request) }
    }

    private func send(_ request: Request) {
        for attempt in 0..<2 {
            guard let c = connected() else { return }
            do {
                if case .error(_, let reason) = try c.send(request) {
                    report("the daemon refused '\(request.verb)': \(reason)")
                }
                lastProblem = nil
                return
            } catch {
                client = nil
                if attempt == 1 { report("\(error)") }
            }
        }
    }

    private func connected() -> DaemonClient? {
        if let client { return client }
        do {
            client = try DaemonClient(path: socketPath)
        } catch {
            report("\(error); the HUD misses this until the daemon is back")
        }
        return client
    }

    private func report(_ problem: String) {
        guard problem != lastProblem else { return }
        lastProblem = problem
        StandardError.write("\(command): \(problem)\n")
    }
}
