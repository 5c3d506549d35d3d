// Foundation has no module interface in the aarch64 SDK (scripts/arm64/make-sdk.sh): empty there.
#if canImport(Foundation)
import Foundation
import HUDCore

/// Feeds a `Foundation.Progress` to a HUD (MBProgressHUD's `progressObject`).
///
/// A separate module so that only apps that already link Foundation pay for
/// it: the `hud` command and the other modules never import Foundation.
public struct FoundationProgressSource: HUDProgressSource, @unchecked Sendable {
    // `Progress` is documented as thread-safe; it is only read here.
    public let progress: Progress

    public init(_ progress: Progress) { self.progress = progress }

    public func fractionCompleted() -> Double { progress.fractionCompleted }
}
#endif
