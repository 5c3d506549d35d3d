#!/usr/bin/env bash
# The aarch64 lane (called by scripts/test.sh): the SDK (scripts/arm64/make-sdk.sh, cached), the
# whole package and its unit tests cross-built and run under qemu-aarch64-static, the shipped
# `hud` (scripts/arm64/build-release.sh), and the ARM board's end-to-end checks (board/arm64/e2e.sh).
# Runs every step; exits non-zero when any of them failed. KIOSKHUD_ARM64_STEPS narrows it ("unit e2e").
set -euo pipefail
cd "$(dirname "$0")/../.."
steps=${KIOSKHUD_ARM64_STEPS:-unit e2e}
t0=$SECONDS
fail=0
sdk=$(bash scripts/arm64/make-sdk.sh)
. "$sdk/env.sh"
echo "arm64: SDK ready after $((SECONDS - t0)) s ($sdk)"
qemu=$(command -v qemu-aarch64-static) || { echo "arm64: qemu-aarch64-static missing (scripts/install-deps.sh)" >&2; exit 1; }

if [[ " $steps " == *" unit "* ]]; then
    t=$SECONDS
    scratch=.build-arm64
    mkdir -p "$scratch"
    if ! swift build --swift-sdks-path "$KIOSKHUD_ARM64_SDKS" --swift-sdk "$KIOSKHUD_ARM64_SDK_ID" --scratch-path "$scratch" \
            --build-tests --disable-xctest --experimental-test-entry-point-path "$KIOSKHUD_ARM64_TEST_ENTRY" \
            > "$scratch/build.log" 2>&1; then
        cat "$scratch/build.log"; echo "arm64: build failed" >&2; exit 1
    fi
    grep -E 'error|warning: ' "$scratch/build.log" || true
    echo "arm64: package and tests built in $((SECONDS - t)) s"
    t=$SECONDS
    bin=$scratch/aarch64-unknown-linux-gnu/debug
    # No binfmt_misc here: the tests run under qemu-user, and so does every `hud` they start.
    rc=0
    KIOSKHUD_TEST_EXEC_WRAPPER="$qemu -L $KIOSKHUD_ARM64_SYSROOT" timeout 1800 \
        "$qemu" -L "$KIOSKHUD_ARM64_SYSROOT" "$bin/KioskHUDPackageTests.xctest" --testing-library swift-testing \
        > "$scratch/test.log" 2>&1 || rc=$?
    sed 's/\x1b\[[0-9;]*m//g' "$scratch/test.log" > "$scratch/test.txt"
    grep -E '✘' "$scratch/test.txt" | head -40 || true
    tail -1 "$scratch/test.txt"
    echo "arm64: unit tests under qemu-aarch64-static: rc=$rc in $((SECONDS - t)) s"
    ((rc == 0)) || { echo "arm64: UNIT TESTS FAILED" >&2; fail=1; }
fi

if [[ " $steps " == *" e2e "* ]]; then
    t=$SECONDS
    bash scripts/arm64/build-release.sh .build-arm64-release
    echo "arm64: release hud built in $((SECONDS - t)) s"
    t=$SECONDS
    bash board/arm64/e2e.sh .build-arm64-release/aarch64-unknown-linux-gnu/release/hud || fail=1
    echo "arm64: board e2e in $((SECONDS - t)) s"
fi
echo "arm64: lane done in $((SECONDS - t0)) s, $( ((fail)) && echo FAILED || echo passed)"
exit $fail
