import HUDCore
import HUDInput

/// The HUDs' input on a `HUDScreen`: keys go to the stack (`HUDStack.type`:
/// keystroke watches, then prompts); Enter that no prompt takes presses
/// the topmost button (MBProgressHUD's); a touch or a left click presses it, follows the
/// finger or pointer (the highlight) and releases it, the action running on
/// a release inside, as UIKit's touch-up-inside. Positions come in the first
/// output's pixels and become points through its geometry. Used on the loop.
final class ScreenInput: @unchecked Sendable {
    private var monitor: InputMonitor?
    private let stack: HUDStack
    /// A pixel of the first output → points on the upright picture; nil while there is no output.
    private let toPoint: (ScreenPoint) -> HUDPoint?
    /// Where the one touch followed (slot 0) was last: a touch lifts without a position.
    private var touchAt: HUDPoint?

    /// Starts reading every input device (`InputMonitor`).
    /// - Throws: `SystemError` naming what failed (libinput or xkbcommon missing, an unknown layout, ...).
    init(stack: HUDStack, options: InputOptions, toPoint: @escaping (ScreenPoint) -> HUDPoint?,
         log: @escaping @Sendable (String) -> Void) throws(SystemError) {
        self.stack = stack
        self.toPoint = toPoint
        monitor = try InputMonitor(loop: stack.loop, options: options, log: { log("input: \($0)") }) { [weak self] event in
            switch event {
            case .deviceAdded(let d): log("input: device added \(d)")
            case .deviceRemoved(let d): log("input: device removed \(d)")
            default: self?.handle(event)
            }
        }
    }

    /// For tests: no devices, events handed to `handle` directly.
    init(stack: HUDStack, toPoint: @escaping (ScreenPoint) -> HUDPoint?) {
        self.stack = stack
        self.toPoint = toPoint
    }

    func stop() {
        monitor?.stop()
        monitor = nil
    }

    /// Carries one event out on the stack (on the loop).
    func handle(_ event: InputEvent) {
        switch event {
        case .key(let k):
            stack.assumeIsolated { $0.press(k) }
        case .pointer(.button(.left, let state, at: let p)):
            guard let point = toPoint(p) else { return }
            stack.assumeIsolated { stack in
                if state == .pressed { _ = stack.pointerDown(at: point) } else { _ = stack.pointerUp(at: point) }
            }
        case .pointer(.motion(let p)):
            guard let point = toPoint(p) else { return }
            stack.assumeIsolated { $0.pointerMoved(to: point) }
        case .touch(let t) where t.slot == 0:
            let point = t.position.flatMap(toPoint) ?? touchAt
            touchAt = point
            switch t.phase {
            case .down: if let point { stack.assumeIsolated { _ = $0.pointerDown(at: point) } }
            case .motion: if let point { stack.assumeIsolated { $0.pointerMoved(to: point) } }
            case .up:
                if let point { stack.assumeIsolated { _ = $0.pointerUp(at: point) } }
                touchAt = nil
            case .cancel:
                stack.assumeIsolated { $0.pointerCancelled() }
                touchAt = nil
            }
        default:
            break
        }
    }
}
