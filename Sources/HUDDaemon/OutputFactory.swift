/// Makes the output `--output` names.
public enum OutputFactory {
    /// - Throws: `DaemonError.output` when that output cannot be made.
    public static func make(_ spec: OutputSpec, log: @Sendable (String) -> Void) throws(DaemonError) -> any HUDOutput {
        switch spec {
        case .none:
            return NoOutput()
        case .auto:
            log("no display output in this build; running with --output none")
            return NoOutput()
        case .kms:
            throw .output("the KMS output is not in this build yet")
        case .png:
            throw .output("the PNG output is not in this build yet")
        }
    }
}
