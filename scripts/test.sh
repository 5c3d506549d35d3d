#!/usr/bin/env bash
# The test command: unit tests, no graphics library at exec, the isolation compile-fail check, Debian's
# plymouth client against the daemon (scripts/check-plymouth-client.sh), hud plymouthd as Plymouth's units
# start it (scripts/check-plymouthd-dropin.sh), boot progress recorded and followed over two boots
# (scripts/check-boot-progress.sh), the .deb packages installed, upgraded and purged in a Debian 12 chroot
# (scripts/check-debs.sh), SWUpdate, RAUC and Mender updates on the HUD (board/updates/run.sh), then the
# QEMU end-to-end suites (the overlay one on vkms, built from Debian's kernel source), the real-boot lane, and last the aarch64 lane (scripts/arm64/test.sh; last
# so that a failure in it hides no x86 result, and an x86 failure stops the run before its ~10 min).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests
mkdir -p .build
# One retry, loudly: a flaky test must show, not sink the run (a double close in
# a throwing init once closed another test's epoll fd; fixed, kept as a guard).
if ! swift test --skip-build 2>&1 | tee .build/swift-test.log; then
  echo "RETRY: swift test failed once; failing tests:"
  grep -E '✘ Test .*(failed|recorded)' .build/swift-test.log | head -20 || true
  swift test --skip-build
fi
bash scripts/check-startup-libs.sh
bash scripts/check-isolation.sh
bash scripts/check-versioned-dependency.sh
bash scripts/check-readme-example.sh
bash scripts/check-c-api.sh
bash scripts/check-plymouth-client.sh
bash scripts/check-plymouthd-dropin.sh
bash scripts/check-boot-progress.sh
bash scripts/check-debs.sh
bash board/updates/run.sh
bash scripts/fuzz.sh protocol "${FUZZ_SECONDS:-30}"
bash scripts/fuzz.sh json 15
bash scripts/fuzz.sh plymouth "${FUZZ_SECONDS:-30}"
board/qemu/run-e2e.sh
board/qemu/run-daemon-e2e.sh
board/qemu/run-displays-e2e.sh
board/qemu/run-leak-e2e.sh
board/qemu/run-input-e2e.sh
board/qemu/run-overlay-e2e.sh
board/qemu/run-capi-e2e.sh
board/realboot/run.sh
bash scripts/arm64/test.sh
