/// What `Scanout.present` did with a buffer.
public enum ScanoutPresentation: Sendable, Equatable {
    /// The buffer is on screen now (fbdev's copy, a legacy modeset, memory).
    case onScreen
    /// The buffer goes on screen later (a page flip): the scanout calls its
    /// `start(onPresented:)` handler when it has.
    case pending
}
