/// SWUpdate's `RECOVERY_STATUS`, the `status` of a progress message: the
/// same numbers in every release this decoder reads (2022.12 to 2025.x).
public enum SWUpdateStatus: UInt32, Sendable, Hashable, CaseIterable {
    case idle = 0
    case start = 1
    case run = 2
    case success = 3
    case failure = 4
    case download = 5
    case done = 6
    case subprocess = 7
    case progress = 8
}
