/// Which pose of the device leaves the bezel centred.
public enum NeutralAttitude: String, Hashable, Sendable, CaseIterable {
    /// Lying flat, screen up: right for handhelds and tabletop panels.
    case flat
    /// However the device was held at the first good reading: right for a
    /// kiosk mounted upright or at an angle, which would otherwise sit at full
    /// tilt all the time (gravity along its screen).
    case start
}
