import HUDCore
import HUDProtocol
import HUDUpdates

/// SWUpdate's updates on the daemon's own HUD (`--follow-swupdate`), without
/// a `hud follow swupdate` process.
extension DaemonServer {
    /// Starts a `SWUpdateFollower` on the daemon's loop whose requests are
    /// carried out here as a client's are (`carryOut`), with the indicator
    /// of `--progress-mode` and the end mark kept `--follow-keep` seconds.
    /// Like psplash's FIFO a convenience: a follower that cannot start or
    /// stops (SWUpdate speaks a version this hud does not read) is logged,
    /// and the daemon goes on.
    func startFollowingSWUpdate(path: String) {
        let presenter = UpdatePresenter(toolName: "SWUpdate", mode: WireMode(options.progressMode),
                                        keepSeconds: options.updateMarkSeconds)
        let log = self.log
        do {
            let follower = try SWUpdateFollower(
                path: path, loop: loop, presenter: presenter,
                log: { log("SWUpdate: \($0)") },
                deliver: { [weak self] requests in self?.assumeIsolated { $0.carryOut(swupdateRequests: requests) } })
            follower.assumeIsolated { $0.start() }
            swupdate = follower
        } catch {
            log("not following SWUpdate: \(error)")
        }
    }

    /// The follower's requests, in order; a refusal is logged.
    private func carryOut(swupdateRequests requests: [Request]) {
        for request in requests {
            if case .error(_, let reason) = carryOut(request) {
                log("SWUpdate: the HUD refused '\(request.verb)': \(reason)")
            }
        }
    }
}
