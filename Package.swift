// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "KioskHUD",
    products: [
        .library(name: "HUDCore", targets: ["HUDCore"]),
        .library(name: "HUDFoundationProgress", targets: ["HUDFoundationProgress"]),
        .library(name: "HUDKMS", targets: ["HUDKMS"]),
        .executable(name: "hud", targets: ["hud"]),
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

        // Optional: a Foundation.Progress adapter, kept apart so nothing that ships links Foundation.
        .target(name: "HUDFoundationProgress", dependencies: ["HUDCore"]),

        // DRM/KMS output: device discovery, modesetting, double-buffered page flips.
        .target(name: "HUDKMS", dependencies: ["HUDCore", "CDRM", "CCairo", "CPangoCairo", "CLinux"]),

        // IIO accelerometer → parallax tilt (sysfs via Glibc; no C deps).
        .target(name: "HUDMotion", dependencies: ["HUDCore"]),

        // The `hud` command.
        .executableTarget(name: "hud", dependencies: ["HUDCore", "HUDKMS", "HUDMotion"]),

        .testTarget(name: "CLibraryTests", dependencies: ["CDRM", "CCairo", "CPangoCairo"]),
        .testTarget(name: "HUDCoreTests", dependencies: ["HUDCore"]),
        .testTarget(name: "HUDKMSTests", dependencies: ["HUDKMS", "HUDCore"]),
        .testTarget(name: "HUDMotionTests", dependencies: ["HUDMotion", "HUDCore"]),
        .testTarget(name: "HUDFoundationProgressTests", dependencies: ["HUDFoundationProgress"]),
    ],
    swiftLanguageModes: [.v6]
)
