// swift-tools-version:6.2
import Foundation
import PackageDescription

/// `pkg-config --cflags-only-I` of `packages`: their headers and nothing
/// else. The libraries must not be linked (the CLazy* modules dlopen them on
/// first use, so exec→main stays short); a `systemLibrary` with `pkgConfig`
/// would add `pkg-config --libs` to every link, and `-Xlinker --as-needed`
/// cannot drop them since swiftc puts `-Xlinker` flags after the `-l`s. Asking
/// pkg-config keeps the paths right on any architecture and honours
/// PKG_CONFIG_PATH.
func includeFlags(_ packages: [String]) -> [String] {
    let pkgConfig = Process()
    pkgConfig.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    pkgConfig.arguments = ["pkg-config", "--cflags-only-I"] + packages
    let output = Pipe()
    pkgConfig.standardOutput = output
    guard (try? pkgConfig.run()) != nil else { return [] }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    pkgConfig.waitUntilExit()
    return pkgConfig.terminationStatus == 0 ? text.split(whereSeparator: \.isWhitespace).map(String.init) : []
}
/// pixman and Cairo (CLazyGraphics); FreeType, HarfBuzz, FriBidi, libthai and
/// fontconfig (CLazyText); libpng (CLazyPNG).
let graphicsIncludeFlags = includeFlags(["pixman-1", "cairo"])
let textIncludeFlags = includeFlags(["freetype2", "harfbuzz", "fribidi", "libthai", "fontconfig"])
let pngIncludeFlags = includeFlags(["libpng16"])
/// libkioskhud carries the Swift runtime (`-static-stdlib`), except in builds that set
/// KIOSKHUD_SHARED_SWIFT_RUNTIME: the aarch64 lane's tests. A cross SDK keeps the static runtime
/// apart (its swiftStaticResourcesPath), which SwiftPM's `--static-swift-stdlib` gives executables
/// only: KIOSKHUD_SWIFT_STATIC_RESOURCES names that directory for the library's link
/// (scripts/build-lib-release.sh --arch arm64).
let environment = ProcessInfo.processInfo.environment
let libraryRuntimeFlags = environment["KIOSKHUD_SHARED_SWIFT_RUNTIME"] != nil ? []
    : ["-static-stdlib"] + (environment["KIOSKHUD_SWIFT_STATIC_RESOURCES"].map { ["-resource-dir", $0] } ?? [])

let package = Package(
    name: "KioskHUD",
    products: [
        .library(name: "HUDCore", targets: ["HUDCore"]),
        .library(name: "HUDKMS", targets: ["HUDKMS"]),
        .library(name: "HUDFrames", targets: ["HUDFrames"]),
        .library(name: "KioskHUD", targets: ["KioskHUD"]),
        .executable(name: "hud", targets: ["hud"]),
        .library(name: "HUDFoundationProgress", targets: ["HUDFoundationProgress"]),
        .library(name: "HUDProtocol", targets: ["HUDProtocol"]),
        .library(name: "HUDPlymouth", targets: ["HUDPlymouth"]),
        .library(name: "HUDInput", targets: ["HUDInput"]),
        // libkioskhud.so: the C interface (include/kioskhud.h, docs/c-api.md).
        .library(name: "kioskhud", type: .dynamic, targets: ["KioskHUDC"]),
    ],
    targets: [
        // C libraries from Debian, found with pkg-config. Each has a shim header
        // that re-exports the function-like macros Swift cannot import.
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        // Headers only (graphicsIncludeFlags): the functions come from CLazyGraphics.
        .systemLibrary(name: "CPixman"),
        .systemLibrary(name: "CCairo", providers: [.apt(["libcairo2-dev"])]),
        // Every Cairo and pixman function we call, forwarded to the
        // libraries dlopen'ed on first use. Table: graphics_functions.h; a call to
        // one not in it fails to link ("undefined reference"): add it with
        // scripts/lazy-table.py graphics NAME.
        .target(name: "CLazyGraphics", dependencies: ["CLazyLoader"],
                cSettings: [.headerSearchPath("."), .unsafeFlags(graphicsIncludeFlags)]),
        // FreeType, HarfBuzz, FriBidi, libthai and fontconfig: headers only (textIncludeFlags), the
        // functions from CLazyText, which loads them in three groups on first use (text_functions.h,
        // from `scripts/lazy-table.py text NAME`).
        .systemLibrary(name: "CText"),
        .target(name: "CLazyText", dependencies: ["CLazyLoader"], cSettings: [.unsafeFlags(textIncludeFlags)]),
        // libpng, loaded on first use, and the PNG reading that needs its longjmp error handling.
        .target(name: "CLazyPNG", dependencies: ["CLazyLoader"], cSettings: [.headerSearchPath("."), .unsafeFlags(pngIncludeFlags)]),
        // The dlopen/dlsym loading CLazyGraphics, CLazyText, CLazyPNG and CLazyInput share, and
        // lazy_module.inc: one module's tables, loading and forwarding functions (all but CLazyText's groups).
        .target(name: "CLazyLoader"),

        // libinput's and xkbcommon's headers (no link: CLazyInput dlopens both on first use, as
        // CLazyGraphics does pixman; libinput pulls in GLib through libwacom).
        .systemLibrary(name: "CInput", providers: [.apt(["libinput-dev", "libxkbcommon-dev"])]),
        .target(name: "CLazyInput", dependencies: ["CInput", "CLazyLoader"], cSettings: [.headerSearchPath(".")]),
        // sd-bus's header (no link: CLazyBus dlopens libsystemd when `hud follow rauc` first talks D-Bus).
        .systemLibrary(name: "CSDBus", providers: [.apt(["libsystemd-dev"])]),
        .target(name: "CLazyBus", dependencies: ["CSDBus", "CLazyLoader"], cSettings: [.headerSearchPath(".")]),

        // libwayland-client's core API (headers only; `/usr/include`, no flags needed) and CLazyWayland, which
        // dlopens it when `--output wayland` first connects, with the wlr-layer-shell interfaces written here.
        .systemLibrary(name: "CWayland", providers: [.apt(["libwayland-dev"])]),
        .target(name: "CLazyWayland", dependencies: ["CWayland", "CLazyLoader"], cSettings: [.headerSearchPath(".")]),

        // The HUD on a Wayland compositor's overlay layer (wlr-layer-shell), over a browser kiosk:
        // `WaylandScreen`, a `Scanout` per output on shm buffers, libwayland-client loaded on first use.
        .target(name: "HUDWayland", dependencies: ["HUDCore", "HUDSystem", "HUDFrames", "HUDRender", "HUDInput", "KioskHUD", "CWayland", "CLazyWayland"]),

        // Runs before the Swift runtime's constructors: when the kernel's random
        // pool is not ready yet (early boot), Swift's hashing seed would block
        // until it is; this makes it fixed instead. Linked into `hud` only.
        .target(name: "CBootSeed"),

        // Linux system calls Glibc's module lacks (epoll, eventfd, timerfd, signalfd, inotify).
        .systemLibrary(name: "CLinux"),

        // The system layer: Errno and SystemError (the one error type), the EventLoop (epoll, timers,
        // clocks) and the Linux event sources on it: signalfd, inotify, kernel uevents, VT switching.
        // Swapping a file mapping for one of an identical file without running Swift code between
        // the copy of its changed pages and the swap (MappedFileMover, at the move into the real root).
        .target(name: "CMappingSwap"),

        .target(name: "HUDSystem", dependencies: ["CLinux", "CMappingSwap"]),
        .testTarget(name: "HUDSystemTests", dependencies: ["HUDSystem", "CMappingSwap"]),

        // Keyboard, touch and pointer through libinput's path backend (devices under /dev/input,
        // hotplugged by inotify) and xkbcommon's keymaps, as typed events on the loop.
        .target(name: "HUDInput", dependencies: ["HUDSystem", "CInput", "CLazyInput"]),
        .testTarget(name: "HUDInputTests", dependencies: ["HUDInput", "HUDSystem"]),

        // The HUD's model and lifecycle on the system layer's loop. No C library beyond glibc.
        .target(name: "HUDCore", dependencies: ["HUDSystem"]),

        // The one frame loop (pacing, presenting, damage per buffer, statistics) over the `Scanout`
        // protocol, and the in-memory scanout. No C library beyond glibc.
        .target(name: "HUDFrames", dependencies: ["HUDCore"]),
        .testTarget(name: "HUDFramesTests", dependencies: ["HUDFrames", "HUDCore"]),

        // DRM/KMS and fbdev scanouts: device discovery, modesetting, atomic and legacy page flips.
        .target(name: "HUDKMS", dependencies: ["HUDCore", "HUDSystem", "HUDFrames", "CDRM", "CLinux"]),

        // Optional: a Foundation.Progress adapter, kept apart so nothing that ships links Foundation.
        .target(name: "HUDFoundationProgress", dependencies: ["HUDCore"]),

        // Labels without Pango: fonts and fallback chains, bidi, shaping, line breaking and
        // coverage masks, with FreeType, HarfBuzz, FriBidi and libthai (loaded on first use).
        .target(name: "HUDText", dependencies: ["HUDCore", "CText", "CLazyText"]),
        .testTarget(name: "HUDTextTests", dependencies: ["HUDText", "HUDCore"]),
        // Draws HUD snapshots into any XRGB/ARGB buffer (the Swift painter; Cairo where images, blur or several HUDs are composed); themes.
        .target(name: "HUDRender", dependencies: ["HUDCore", "HUDText", "CLazyPNG", "CPixman", "CCairo", "CLazyGraphics"]),
        .testTarget(name: "HUDRenderTests", dependencies: ["HUDRender", "HUDCore"],
                    exclude: ["Golden"]),
        // `hud` command line (render, demo, display, daemon and its clients, ...) and the renderer benchmark.
        .executableTarget(name: "hud", dependencies: ["CBootSeed", "CLinux", "KioskHUD", "HUDRender", "HUDText", "HUDCore", "HUDFrames", "HUDKMS", "HUDProtocol", "HUDDaemon", "HUDPlymouth", "HUDMotion", "HUDInput", "HUDUpdates", "CSDBus", "CLazyBus"]),
        // The README's Swift example, compiled from exactly its text (scripts/check-readme-example.sh).
        .executableTarget(name: "kioskhud-example", dependencies: ["KioskHUD"], path: "Examples/ReadmeExample"),
        // A kiosk app with its own picture and the HUD over it (docs/content.md's "A kiosk app, whole";
        // board/qemu runs it on bochs, virtio-gpu and vkms's overlay planes).
        .executableTarget(name: "kioskhud-kiosk-example", dependencies: ["KioskHUD"], path: "Examples/KioskExample"),
        .executableTarget(name: "hud-bench", dependencies: ["HUDRender", "HUDCore"]),
        // CPU of the HUD over an app's picture, composed vs an overlay plane (board/qemu/bench-overlay.sh).
        .executableTarget(name: "kiosk-bench", dependencies: ["KioskHUD"]),
        // Per-frame CPU of the display path without a DRM device (user space only).
        .executableTarget(name: "hud-display-bench", dependencies: ["KioskHUD", "HUDKMS", "HUDRender", "HUDCore"]),
        // The `hud` socket protocol: messages, parser, encoder, psplash FIFO commands. Stdlib only.
        .target(name: "HUDProtocol"),
        .testTarget(name: "HUDProtocolTests", dependencies: ["HUDProtocol"]),
        // Plymouth's boot protocol: requests, their incremental parser, replies. Stdlib only.
        .target(name: "HUDPlymouth"),
        .testTarget(name: "HUDPlymouthTests", dependencies: ["HUDPlymouth"]),
        // Updaters' progress (SWUpdate's progress socket, RAUC's D-Bus states) as HUD requests. Stdlib only.
        .target(name: "HUDUpdates", dependencies: ["HUDProtocol"]),
        .testTarget(name: "HUDUpdatesTests", dependencies: ["HUDUpdates", "HUDProtocol"]),
        // `hud daemon`: socket server, psplash FIFO, signals, theme, outputs; drives a HUDStack. Follows
        // SWUpdate's progress socket on its loop (`SWUpdateFollower`, also `hud follow swupdate`'s).
        .target(name: "HUDDaemon", dependencies: ["HUDCore", "HUDProtocol", "HUDPlymouth", "HUDRender", "HUDFrames", "KioskHUD", "HUDMotion", "HUDInput", "HUDUpdates", "HUDWayland", "CLinux"]),
        .testTarget(name: "HUDDaemonTests", dependencies: ["HUDDaemon", "HUDProtocol", "HUDPlymouth", "HUDUpdates", "HUDCore", "HUDRender", "hud"]),

        // The façade: `HUDScreen` shows a HUDStack on the display (KMS heads, fbdev, a late GPU,
        // hotplug, VT switches, motion). The daemon and `hud display`/`demo` are built on it.
        .target(name: "KioskHUD", dependencies: ["HUDCore", "HUDRender", "HUDText", "HUDFrames", "HUDKMS", "HUDMotion", "HUDInput"]),

        // libkioskhud: kioskhud.h's C functions over a HUDStack on a loop without a thread (the app
        // polls its fd) and a compositor that draws HUDs over the app's own frames. The Swift
        // runtime is linked in statically, so the .so needs only Debian's libraries.
        .target(name: "KioskHUDC", dependencies: ["HUDCore", "HUDRender", "HUDSystem", "HUDKMS", "CDRM", "KioskHUD"],
                linkerSettings: [.unsafeFlags(libraryRuntimeFlags + ["-Xlinker", "-soname=libkioskhud.so.0",
                                                 "-Xlinker", "--version-script=\(Context.packageDirectory)/include/kioskhud.map",
                                                 // Hardening (lintian's bindnow): every symbol bound at load, the GOT read-only.
                                                 "-Xlinker", "-z", "-Xlinker", "now", "-Xlinker", "-z", "-Xlinker", "relro"])]),

        // IIO accelerometer → parallax tilt (sysfs via Glibc; no C deps).
        .target(name: "HUDMotion", dependencies: ["HUDCore"]),
        .testTarget(name: "HUDMotionTests", dependencies: ["HUDMotion", "HUDCore"]),

        .testTarget(name: "CLibraryTests", dependencies: ["CDRM", "CPixman", "CLazyGraphics", "CLazyText"]),
        .testTarget(name: "HUDCoreTests", dependencies: ["HUDCore"]),
        .testTarget(name: "HUDKMSTests", dependencies: ["HUDKMS", "HUDCore", "CDRM"]),
        .testTarget(name: "KioskHUDTests", dependencies: ["KioskHUD", "HUDFrames", "HUDInput"]),
        .testTarget(name: "HUDFoundationProgressTests", dependencies: ["HUDFoundationProgress"]),
    ],
    swiftLanguageModes: [.v6]
)

// Only the targets that import the graphics headers get their include paths: HUDRender (which
// imports them `internal`ly, so its interface does not carry them to its users), the benchmark
// and the tests that call pixman themselves.
for target in package.targets where ["HUDRender", "hud-bench", "HUDRenderTests", "CLibraryTests"].contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(graphicsIncludeFlags.flatMap { ["-Xcc", $0] })]
}
for target in package.targets where ["HUDText"].contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(textIncludeFlags.flatMap { ["-Xcc", $0] })]
}
// The C parts' hardening in release builds (lintian's fortify-functions): glibc's checked string
// and memory functions where the size is known at compile time.
for target in package.targets where target.type == .regular && target.name.hasPrefix("C") {
    target.cSettings = (target.cSettings ?? []) + [.define("_FORTIFY_SOURCE", to: "2", .when(configuration: .release))]
}
