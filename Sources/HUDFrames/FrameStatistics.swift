import HUDCore

/// What a `FrameLoop` has done, for `--stats`, start-up logs and tests.
public struct FrameStatistics: Sendable, Equatable {
    /// Frames drawn and handed to the scanout.
    public var framesRendered = 0
    /// Frames that reached the screen (completion events and synchronous presentations).
    public var framesPresented = 0
    /// Completion events (KMS page flips) read.
    public var completionEvents = 0
    /// When the first frame was on screen.
    public var firstFrameAt: HUDInstant?
    /// When the first frame with all its labels was on screen.
    public var firstCompleteFrameAt: HUDInstant?
    /// Pixels repainted (damage only, after each buffer's first frame).
    public var pixelsPainted = 0
    /// Times the screen was given back because nothing was visible.
    public var releases = 0
    /// With the app's picture on a plane of its own: presentations that
    /// changed the HUD's plane, and the picture's plane (both: one of each).
    public var hudPlaneUpdates = 0
    public var contentPlaneUpdates = 0

    public init() {}
}
