#!/usr/bin/env bash
# The shipped `hud` for aarch64-unknown-linux-gnu, built as scripts/build-release.sh builds it for
# x86_64: release, Swift's standard library linked in, non-PIE, libstdc++ linked in (the sysroot's
# libstdc++.a, found first in a directory holding only that), no exported symbol and the start-up
# code first (scripts/no-exports.map, scripts/startup-order.txt: the SDK links with lld, which takes
# the order as symbol names, not gold's section names). Uses the SDK from make-sdk.sh.
#   scripts/arm64/build-release.sh [SCRATCH_PATH]  -> SCRATCH_PATH/aarch64-unknown-linux-gnu/release/hud
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=${1:-.build-arm64-release}
sdk=$(bash scripts/arm64/make-sdk.sh)
. "$sdk/env.sh"
archive=$(ls "$KIOSKHUD_ARM64_SYSROOT"/usr/lib/gcc/aarch64-linux-gnu/*/libstdc++.a 2>/dev/null | head -1)
[[ -f $archive ]] || { echo "arm64/build-release: no libstdc++.a in the sysroot" >&2; exit 1; }
mkdir -p "$scratch/static-libstdc++"
ln -sf "$archive" "$scratch/static-libstdc++/libstdc++.a"
sed 's/^\.text\.//' scripts/startup-order.txt > "$scratch/startup-order.symbols"
# SwiftPM relinks only when an input it knows changes: a new order must drop the linked product, or it
# keeps the old layout (as scripts/build-release.sh does).
stamp="$scratch/startup-order.stamp"
want=$(sha256sum scripts/startup-order.txt | cut -d' ' -f1)
[[ -f $stamp && $(cat "$stamp") == "$want" ]] || rm -f "$scratch/aarch64-unknown-linux-gnu/release/hud"
if ! swift build -c release --swift-sdks-path "$KIOSKHUD_ARM64_SDKS" --swift-sdk "$KIOSKHUD_ARM64_SDK_ID" \
        --static-swift-stdlib --disable-local-rpath -Xswiftc -Xclang-linker -Xswiftc -no-pie \
        -Xlinker -L"$(cd "$scratch/static-libstdc++" && pwd)" -Xlinker "--version-script=$PWD/scripts/no-exports.map" \
        -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections \
        -Xlinker "--symbol-ordering-file=$(cd "$scratch" && pwd)/startup-order.symbols" -Xlinker --no-warn-symbol-ordering \
        --scratch-path "$scratch" --product hud > "$scratch/build-release.log" 2>&1; then
    cat "$scratch/build-release.log" >&2
    echo "arm64/build-release: swift build failed" >&2
    exit 1
fi
echo "$want" > "$stamp"
grep -E 'error|warning: ' "$scratch/build-release.log" || true
