#!/usr/bin/env bash
# The libkioskhud.so that ships (the libkioskhud0 package, scripts/build-deb.sh): release, the
# Swift runtime linked in (Package.swift's -static-stdlib for the library), SONAME
# libkioskhud.so.0, only kh_* exported (include/kioskhud.map), -z now and the C parts fortified.
#   amd64: swift build -c release --product kioskhud
#   arm64: the same with the cross SDK (scripts/arm64/make-sdk.sh); the library's link is pointed at
#          the SDK's static runtime (its swiftStaticResourcesPath, KIOSKHUD_SWIFT_STATIC_RESOURCES in
#          Package.swift): SwiftPM's --static-swift-stdlib does that for executables only.
#
#   scripts/build-lib-release.sh [--arch amd64|arm64] [SCRATCH_PATH]
#     -> prints the library's path (SCRATCH_PATH/release/libkioskhud.so, arm64
#        SCRATCH_PATH/aarch64-unknown-linux-gnu/release/libkioskhud.so); default SCRATCH_PATH
#        .build-lib (amd64), .build-arm64-lib (arm64)
set -euo pipefail
cd "$(dirname "$0")/.."
usage() { echo "build-lib-release: $*" >&2; echo "usage: scripts/build-lib-release.sh [--arch amd64|arm64] [SCRATCH_PATH]" >&2; exit 2; }
arch=amd64 scratch=
while (($#)); do
    case $1 in
        --arch) (($# >= 2)) || usage "--arch needs a value"; arch=$2; shift 2 ;;
        -*) usage "unknown option $1" ;;
        *) [[ -z $scratch ]] || usage "one SCRATCH_PATH only"; scratch=$1; shift ;;
    esac
done
flags=(-c release --disable-local-rpath --product kioskhud)
case $arch in
    amd64) scratch=${scratch:-.build-lib} lib=release/libkioskhud.so ;;
    arm64) scratch=${scratch:-.build-arm64-lib} lib=aarch64-unknown-linux-gnu/release/libkioskhud.so
           sdk=$(bash scripts/arm64/make-sdk.sh)
           . "$sdk/env.sh"
           flags+=(--swift-sdks-path "$KIOSKHUD_ARM64_SDKS" --swift-sdk "$KIOSKHUD_ARM64_SDK_ID" --static-swift-stdlib)
           export KIOSKHUD_SWIFT_STATIC_RESOURCES=$KIOSKHUD_ARM64_SYSROOT/usr/lib/swift_static ;;
    *) usage "--arch: amd64 or arm64, not $arch" ;;
esac
mkdir -p "$scratch"
if ! env -u KIOSKHUD_SHARED_SWIFT_RUNTIME swift build "${flags[@]}" --scratch-path "$scratch" > "$scratch/build-lib.log" 2>&1; then
    cat "$scratch/build-lib.log" >&2
    echo "build-lib-release: swift build failed ($arch)" >&2
    exit 1
fi
if grep -E 'error|warning: ' "$scratch/build-lib.log" >&2; then
    echo "build-lib-release: the build warned (above)" >&2
    exit 1
fi
# The runtime inside: no Swift library among what it needs.
if readelf -d "$scratch/$lib" | grep -q 'NEEDED.*libswift'; then
    echo "build-lib-release: $scratch/$lib needs a Swift runtime library: $(readelf -d "$scratch/$lib" | sed -n 's/.*NEEDED.*\[\(libswift[^]]*\)\]/\1/p' | tr '\n' ' ')" >&2
    exit 1
fi
echo "$(cd "$scratch" && pwd)/$lib"
