import HUDInput
import HUDSystem

/// A `HUDScreen`'s input (`Options.input`), started only when something
/// needs it: until then no input library is loaded and no input device is
/// opened (about 1.2 MB of a boot splash's memory: libinput, libudev,
/// libevdev, libmtdev, libwacom, GLib, xkbcommon and its keymap).
///
/// It starts when it is needed (`need`) and an output is lit — positions
/// are in the first output's pixels, so a need that comes before any output
/// waits for one (`outputLit`) — and not while the display is another
/// program's (`suspend`). Started, it stays: a boot asks for a passphrase
/// once or twice, the libraries stay mapped once loaded (nothing unloads
/// them), and closing the devices between prompts could lose the first
/// keys of the next. A start that fails is not tried again: what was
/// missing (a library, the layout) will not appear. Used on the loop.
final class OnDemandInput {
    /// Makes the input for an output of this many pixels (a `ScreenInput` reading every device).
    typealias Starter = (ScreenSize) throws(SystemError) -> ScreenInput

    private let starter: Starter
    private let onFailure: (SystemError) -> Void
    /// Reading now.
    private(set) var input: ScreenInput?
    /// Something needed input (a prompt, a button, a keystroke watch): once true, it stays.
    private(set) var isNeeded = false
    /// Why it could not start; nil while it may still.
    private(set) var failure: SystemError?
    /// Between `suspend` and `resume`: the display is another program's.
    private var isSuspended = false
    private var isStopped = false

    /// - Parameters:
    ///   - starter: makes the input, when it is due; what it throws is a failure.
    ///   - onFailure: told once, on the loop, why input could not start.
    init(starter: @escaping Starter, onFailure: @escaping (SystemError) -> Void) {
        self.starter = starter
        self.onFailure = onFailure
    }

    /// Whether keys can still reach the HUDs: input has not failed to start
    /// (it may not have started yet).
    var canRead: Bool { failure == nil }

    /// Something needs input: it starts now when an output is lit
    /// (`outputSize`), else at the first `outputLit`.
    func need(outputSize: ScreenSize?) {
        isNeeded = true
        startIfDue(outputSize)
    }

    /// An output is lit (after each frame): a needed input that waited for one starts.
    func outputLit(size: ScreenSize) {
        startIfDue(size)
    }

    /// The display is let go of (Plymouth's `deactivate`): the devices are closed.
    func suspend() {
        isSuspended = true
        input?.stop()
        input = nil
    }

    /// The display is taken back: input starts again if it was needed.
    func resume(outputSize: ScreenSize?) {
        isSuspended = false
        startIfDue(outputSize)
    }

    /// The screen stops: the devices are closed and nothing starts again.
    func stop() {
        isStopped = true
        input?.stop()
        input = nil
    }

    private func startIfDue(_ outputSize: ScreenSize?) {
        guard isNeeded, input == nil, failure == nil, !isSuspended, !isStopped, let outputSize else { return }
        do {
            input = try starter(outputSize)
        } catch {
            failure = error
            onFailure(error)
        }
    }
}
