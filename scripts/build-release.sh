#!/usr/bin/env bash
# The `hud` that ships: release, Swift's standard library linked in (no Swift
# .so on the device), and a fixed-address (non-PIE) executable. A PIE `hud`
# carries ~27 k relative relocations, and their copy-on-write page faults cost
# about a third of its first frame in the QEMU VM (board/qemu/measure.sh);
# the price is no ASLR for the executable itself (its shared libraries stay
# randomised). libstdc++ (the Swift runtime's) is linked in too, ~15 % of the
# first frame there: the link's `-lstdc++` finds libstdc++.a first in a
# directory holding only that. One section per function, and the code the
# daemon runs up to its first frame placed first (scripts/startup-order.txt,
# made by scripts/startup-order.sh; KIOSKHUD_NO_STARTUP_ORDER=1 leaves it out):
# a cold start faults in fewer, contiguous pages of the binary. No symbol is
# exported (scripts/no-exports.map: the toolchain's -export-dynamic made 0.5 MB
# of dynamic symbol table that ld.so reads at every start).
# Usage: scripts/build-release.sh [SCRATCH_PATH] -> SCRATCH_PATH/release/hud (and the two examples beside it)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${1:-.build-release}
mkdir -p "$scratch/static-libstdc++"
archive=$(g++ -print-file-name=libstdc++.a 2>/dev/null || gcc -print-file-name=libstdc++.a)
[[ -f $archive ]] || { echo "build-release: no libstdc++.a (install libstdc++-12-dev)" >&2; exit 1; }
ln -sf "$archive" "$scratch/static-libstdc++/libstdc++.a"
order=()
# SwiftPM relinks only when an input it knows changes: a new order file (or
# none) must drop the linked products, or they keep the old layout.
stamp="$scratch/startup-order.stamp"
want="${KIOSKHUD_NO_STARTUP_ORDER:+none} $(sha256sum scripts/startup-order.txt | cut -d' ' -f1)"
if [[ ! -f $stamp || $(cat "$stamp") != "$want" ]]; then
    for product in hud kioskhud-example kioskhud-kiosk-example ${KIOSKHUD_EXTRA_PRODUCTS:-}; do
        rm -f "$scratch/release/$product"
    done
fi
if [[ -z ${KIOSKHUD_NO_STARTUP_ORDER:-} ]]; then
    order=(-Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections
           -Xlinker "--section-ordering-file=$PWD/scripts/startup-order.txt")
fi
# hud first, then the two examples (board/qemu runs them) and any $KIOSKHUD_EXTRA_PRODUCTS
# (bench-overlay.sh's kiosk-bench), each with the same flags so the modules are built once.
: > "$scratch/build-release.log"
failed=0
for product in hud kioskhud-example kioskhud-kiosk-example ${KIOSKHUD_EXTRA_PRODUCTS:-}; do
    swift build -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -Xclang-linker -Xswiftc -no-pie \
        -Xlinker -L"$(cd "$scratch/static-libstdc++" && pwd)" -Xlinker "--version-script=$PWD/scripts/no-exports.map" "${order[@]}" \
        --scratch-path "$scratch" --product "$product" >> "$scratch/build-release.log" 2>&1 || { failed=1; break; }
done
if ((failed)); then
    cat "$scratch/build-release.log" >&2
    echo "build-release: swift build failed" >&2
    exit 1
fi
echo "$want" > "$stamp"
grep -E 'error|warning: ' "$scratch/build-release.log" || true
