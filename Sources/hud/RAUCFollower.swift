import HUDUpdates

/// `hud follow rauc` (not yet implemented).
enum RAUCFollower {
    static func run(busAddress: String?, sender: UpdateRequestSender, presenter: UpdatePresenter, once: Bool) -> Int32 {
        StandardError.write("hud follow rauc: not implemented yet\n")
        return 1
    }
}
