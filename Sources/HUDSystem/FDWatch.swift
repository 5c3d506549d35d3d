/// A handle to a file descriptor watched by an `EventLoop`.
public struct FDWatch: Sendable {
    let fd: Int32
    weak var loop: EventLoop?

    /// Stops watching (`epoll_ctl(EPOLL_CTL_DEL)`). The fd stays open: its owner closes it.
    public func cancel() { loop?.unwatch(fd) }

    /// Stops or resumes reporting the fd without forgetting it
    /// (`epoll_ctl(EPOLL_CTL_MOD)` with no events, or `EPOLLIN`): a level-triggered
    /// fd left readable on purpose then wakes nobody.
    public func setEnabled(_ enabled: Bool) { loop?.setWatchEnabled(fd, enabled) }
}
