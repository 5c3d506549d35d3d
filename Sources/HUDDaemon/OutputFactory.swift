/// Makes the output `--output` names.
public enum OutputFactory {
    /// - Throws: `DaemonError.output` when that output cannot be made.
    /// - Parameter size: the picture size for `png:` (KMS uses the display's mode).
    public static func make(_ spec: OutputSpec, size: (width: Int, height: Int) = (1280, 800),
                            log: @escaping @Sendable (String) -> Void) throws(DaemonError) -> any HUDOutput {
        switch spec {
        case .none:
            return NoOutput()
        case .auto:
            log("no display output given; running with --output none")
            return NoOutput()
        case .kms, .fbdev:
            throw .output("this program has no \(spec) output (the hud executable provides it)")
        case .png(let directory):
            return try PNGOutput(directory: directory, width: size.width, height: size.height, log: log)
        }
    }
}
