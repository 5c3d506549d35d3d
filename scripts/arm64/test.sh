#!/usr/bin/env bash
# The aarch64 lane (called by scripts/test.sh): the SDK (scripts/arm64/make-sdk.sh, cached), the
# whole package and its unit tests cross-built (release, -enable-testing) and run in one
# qemu-aarch64-static process, the shipped `hud` (scripts/arm64/build-release.sh), the ARM
# board's end-to-end checks (board/arm64/e2e.sh), and the arm64 packages (scripts/arm64/check-debs.sh:
# built, linted, the C library's example built against them and run). Runs every step; exits
# non-zero when any of them failed. KIOSKHUD_ARM64_STEPS narrows it ("unit e2e debs"),
# KIOSKHUD_ARM64_TEST_FILTER the tests (a swift-testing --filter).
set -euo pipefail
cd "$(dirname "$0")/../.."
steps=${KIOSKHUD_ARM64_STEPS:-unit e2e debs}
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
    if [[ " $steps " == *" e2e "* ]]; then
        # The shipped hud (other flags, so another scratch path) builds beside the tests: a
        # release build of the chain HUDCore -> ... -> hud keeps about one core busy, the host has
        # two. Done before the emulated tests start, so they do not run beside a build; the tests'
        # build, the longer, has priority.
        nice -n 5 bash scripts/arm64/build-release.sh .build-arm64-release > "$scratch/build-release.out" 2>&1 &
        hud_build=$!
    fi
    # Release with testable imports: the emulated tests run several times faster than a debug
    # build's (whose unit step took ~18 min, one qemu process per suite).
    # KIOSKHUD_SHARED_SWIFT_RUNTIME: libkioskhud without -static-stdlib (Package.swift), which
    # this SDK cannot give a bare swiftc; the library is not tested here.
    if ! KIOSKHUD_SHARED_SWIFT_RUNTIME=1 swift build -c release -Xswiftc -enable-testing \
            --swift-sdks-path "$KIOSKHUD_ARM64_SDKS" --swift-sdk "$KIOSKHUD_ARM64_SDK_ID" --scratch-path "$scratch" \
            --build-tests --disable-xctest --experimental-test-entry-point-path "$KIOSKHUD_ARM64_TEST_ENTRY" \
            > "$scratch/build.log" 2>&1; then
        cat "$scratch/build.log"; echo "arm64: build of the package and its tests failed" >&2
        [[ -z ${hud_build:-} ]] || wait "$hud_build" || true
        exit 1
    fi
    grep -E 'error|warning: ' "$scratch/build.log" || true
    echo "arm64: package and tests built (release, -enable-testing) in $((SECONDS - t)) s"
    if [[ -n ${hud_build:-} ]]; then
        rc=0; wait "$hud_build" || rc=$?
        cat "$scratch/build-release.out"
        ((rc == 0)) || { echo "arm64: release hud build failed" >&2; exit 1; }
        echo "arm64: release hud built beside them ($((SECONDS - t)) s from the start of both)"
    fi
    t=$SECONDS
    bin=$scratch/aarch64-unknown-linux-gnu/release
    # No binfmt_misc here: the tests run under qemu-user, and so does every `hud` they start.
    export KIOSKHUD_TEST_EXEC_WRAPPER="$qemu -L $KIOSKHUD_ARM64_SYSROOT"
    runner=("$qemu" -L "$KIOSKHUD_ARM64_SYSROOT" "$bin/KioskHUDPackageTests.xctest" --testing-library swift-testing)
    filter=()
    [[ -n ${KIOSKHUD_ARM64_TEST_FILTER:-} ]] && filter=(--filter "$KIOSKHUD_ARM64_TEST_FILTER")
    min_tests=200; ((${#filter[@]})) && min_tests=1
    # All suites in one process (swift-testing runs them in parallel); its xUnit file names each
    # failing test, judged against scripts/arm64/known-failures.txt by test-results.py.
    rm -f "$scratch/xunit.xml"
    src=0
    timeout 1200 "${runner[@]}" "${filter[@]}" --xunit-output "$scratch/xunit.xml" > "$scratch/test.log" 2>&1 || src=$?
    sed -i 's/\x1b\[[0-9;]*m//g' "$scratch/test.log"
    grep -E '^✘' "$scratch/test.log" | head -40 || true
    if [[ -s $scratch/xunit.xml ]] && ((src == 0 || src == 1)); then
        python3 scripts/arm64/test-results.py "$scratch/xunit.xml" scripts/arm64/known-failures.txt "$min_tests" || {
            echo "arm64: UNIT TESTS FAILED (full log: $scratch/test.log)" >&2; fail=1; }
    else
        # A crash or a hang leaves no results: run suite by suite to name the culprit.
        echo "arm64: UNIT TESTS FAILED: the test process $( ((src == 124)) && echo "hung (killed after 1200 s)" || echo "ended with status $src") without results; tail of $scratch/test.log:" >&2
        tail -20 "$scratch/test.log" >&2
        fail=1
        mapfile -t suites < <("${runner[@]}" --list-tests 2>/dev/null | sed 's/\x1b\[[0-9;]*m//g' | grep '/' | sed 's|/.*||' | sort -u)
        for suite in "${suites[@]}"; do
            s=0
            timeout 600 "${runner[@]}" --filter "$suite/" > "$scratch/suite.log" 2>&1 || s=$?
            if ((s != 0)); then
                echo "arm64: FAILED suite $suite alone: status $s ($(sed 's/\x1b\[[0-9;]*m//g' "$scratch/suite.log" | grep -c '^✘ Test .* failed' || true) tests failed)" >&2
                sed 's/\x1b\[[0-9;]*m//g' "$scratch/suite.log" | grep -E 'Fatal error|^qemu:|^✘ Test .* failed' | head -5 >&2 || true
            fi
        done
    fi
    echo "arm64: unit tests under qemu-aarch64-static (one process) in $((SECONDS - t)) s"
fi

if [[ " $steps " == *" e2e "* ]]; then
    t=$SECONDS
    if [[ -z ${hud_build:-} ]]; then
        bash scripts/arm64/build-release.sh .build-arm64-release
        echo "arm64: release hud built in $((SECONDS - t)) s"
    fi
    t=$SECONDS
    bash board/arm64/e2e.sh .build-arm64-release/aarch64-unknown-linux-gnu/release/hud || fail=1
    echo "arm64: board e2e in $((SECONDS - t)) s"
fi

if [[ " $steps " == *" debs "* ]]; then
    t=$SECONDS
    [[ -x .build-arm64-release/aarch64-unknown-linux-gnu/release/hud ]] || bash scripts/arm64/build-release.sh .build-arm64-release
    bash scripts/arm64/check-debs.sh .build-arm64-release/aarch64-unknown-linux-gnu/release/hud || fail=1
    echo "arm64: packages in $((SECONDS - t)) s"
fi
echo "arm64: lane done in $((SECONDS - t0)) s, $( ((fail)) && echo FAILED || echo passed)"
exit $fail
