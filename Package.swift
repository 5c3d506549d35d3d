// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "KioskHUD",
    products: [
        .library(name: "HUDCore", targets: ["HUDCore"]),
        .library(name: "HUDKMS", targets: ["HUDKMS"]),
        .library(name: "KioskHUD", targets: ["KioskHUD"]),
        .executable(name: "hud", targets: ["hud"]),
        .library(name: "HUDFoundationProgress", targets: ["HUDFoundationProgress"]),
        .library(name: "HUDProtocol", targets: ["HUDProtocol"]),
    ],
    targets: [
        // C libraries from Debian, found with pkg-config. Each has a shim header
        // that re-exports the function-like macros Swift cannot import.
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),

        // Linux system calls Glibc's module lacks (epoll, eventfd, timerfd, signalfd, inotify).
        .systemLibrary(name: "CLinux"),

        // The HUD's model, lifecycle, event loop and timers. No C library beyond glibc.
        .target(name: "HUDCore", dependencies: ["CLinux"]),

        // DRM/KMS output: device discovery, modesetting, double-buffered page flips.
        .target(name: "HUDKMS", dependencies: ["HUDCore", "CDRM", "CLinux"]),

        // Optional: a Foundation.Progress adapter, kept apart so nothing that ships links Foundation.
        .target(name: "HUDFoundationProgress", dependencies: ["HUDCore"]),

        // Draws HUD snapshots with Cairo and Pango into any XRGB/ARGB buffer; themes.
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        .target(name: "HUDRender", dependencies: ["HUDCore", "CCairo", "CPangoCairo", "CPixman"]),
        .testTarget(name: "HUDRenderTests", dependencies: ["HUDRender", "HUDCore", "CCairo", "CPangoCairo"],
                    exclude: ["Golden"]),
        // `hud` command line (render, demo, display, daemon and its clients, ...) and the renderer benchmark.
        .executableTarget(name: "hud", dependencies: ["KioskHUD", "HUDRender", "HUDCore", "HUDKMS", "HUDProtocol", "HUDDaemon", "HUDMotion"]),
        .executableTarget(name: "hud-bench", dependencies: ["HUDRender", "HUDCore", "CCairo"]),
        // Per-frame CPU of the display path without a DRM device (user space only).
        .executableTarget(name: "hud-display-bench", dependencies: ["KioskHUD", "HUDKMS", "HUDRender", "HUDCore"]),
        // The `hud` socket protocol: messages, parser, encoder, psplash FIFO commands. Stdlib only.
        .target(name: "HUDProtocol"),
        .testTarget(name: "HUDProtocolTests", dependencies: ["HUDProtocol"]),
        // `hud daemon`: socket server, psplash FIFO, signals, theme, outputs; drives a HUDStack.
        .target(name: "HUDDaemon", dependencies: ["HUDCore", "HUDProtocol", "HUDRender", "HUDKMS", "CLinux"]),
        .testTarget(name: "HUDDaemonTests", dependencies: ["HUDDaemon", "HUDProtocol", "HUDCore", "HUDRender"]),

        // The façade: wires the renderer to the KMS output (and to the daemon).
        .target(name: "KioskHUD", dependencies: ["HUDCore", "HUDRender", "HUDKMS", "HUDDaemon", "HUDMotion"]),

        // IIO accelerometer → parallax tilt (sysfs via Glibc; no C deps).
        .target(name: "HUDMotion", dependencies: ["HUDCore"]),
        .testTarget(name: "HUDMotionTests", dependencies: ["HUDMotion", "HUDCore"]),

        .testTarget(name: "CLibraryTests", dependencies: ["CDRM", "CCairo", "CPangoCairo"]),
        .testTarget(name: "HUDCoreTests", dependencies: ["HUDCore"]),
        .testTarget(name: "HUDKMSTests", dependencies: ["HUDKMS", "HUDCore", "CDRM"]),
        .testTarget(name: "HUDFoundationProgressTests", dependencies: ["HUDFoundationProgress"]),
    ],
    swiftLanguageModes: [.v6]
)
