// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "KioskHUD",
    products: [
        .library(name: "HUDCore", targets: ["HUDCore"]),
        .library(name: "HUDFoundationProgress", targets: ["HUDFoundationProgress"]),
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

        .testTarget(name: "CLibraryTests", dependencies: ["CDRM", "CCairo", "CPangoCairo"]),
        .testTarget(name: "HUDCoreTests", dependencies: ["HUDCore"]),

        // IIO accelerometer → parallax tilt (sysfs via Glibc; no C deps).
        .target(name: "HUDMotion", dependencies: ["HUDCore"]),
        .testTarget(name: "HUDMotionTests", dependencies: ["HUDMotion", "HUDCore"]),
        // The `hud` command.
        .executableTarget(name: "hud", dependencies: ["HUDCore", "HUDMotion"]),
        .testTarget(name: "HUDFoundationProgressTests", dependencies: ["HUDFoundationProgress"]),
    ],
    swiftLanguageModes: [.v6]
)
