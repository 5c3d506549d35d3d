/// How an `InputMonitor` reads input.
public struct InputOptions: Sendable, Equatable {
    /// The keymap keys are translated with (default `us`).
    public var layout = KeyboardLayout()
    /// xkeyboard-config's directory; nil: xkbcommon's default (`/usr/share/X11/xkb`).
    public var xkbIncludePath: String?
    /// Touch and tablet positions are scaled to it; the pointer stays on it.
    public var screen = ScreenSize(width: 1280, height: 800)
    /// Where the evdev nodes are, watched for devices coming and going.
    public var directory = "/dev/input"
    /// udev's database, waited for or written (see `UdevDatabase`).
    public var udev = UdevDatabase()
    /// libinput's informational log lines too, not only its errors.
    public var verbose = false

    public init() {}
}
