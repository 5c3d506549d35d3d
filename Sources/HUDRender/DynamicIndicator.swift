/// The part of a bezel that changes without a relayout: drawn straight to
/// the screen each frame, over the cached bezel.
enum DynamicIndicator: Hashable {
    case none
    /// The spinner at one of its 12 phases.
    case spinner(step: Int)
    case pie(progress: Double)
    case ring(progress: Double)
    case bar(progress: Double)
}
