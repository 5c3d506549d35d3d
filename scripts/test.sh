#!/usr/bin/env bash
# The test command: unit tests, no graphics library at exec, the isolation compile-fail check, the C API
# (scripts/check-c-api.sh) and the HUD layer in GL apps on llvmpipe (scripts/check-gl.sh), Debian's
# plymouth client against the daemon (scripts/check-plymouth-client.sh), hud plymouthd as Plymouth's units
# start it (scripts/check-plymouthd-dropin.sh), boot progress recorded and followed over two boots
# (scripts/check-boot-progress.sh), libkioskhud's ABI against include/abi (scripts/check-abi.sh), the .deb
# packages (the C library's too: its example built with gcc and pkg-config) installed, upgraded and purged
# in a Debian 12 chroot, and piuparts on the library's (scripts/check-debs.sh), SWUpdate, RAUC and Mender updates on the HUD (board/updates/run.sh), then the
# QEMU end-to-end suites (the overlay one on vkms, built from Debian's kernel source), the real-boot lane, and last the aarch64 lane (scripts/arm64/test.sh; last
# so that a failure in it hides no x86 result, and an x86 failure stops the run before its ~10 min).
set -euo pipefail
cd "$(dirname "$0")/.."
# Each lane's time goes to .build/lane-times.log and to the output, so a run from
# empty caches says where its minutes went.
mkdir -p .build
: >.build/lane-times.log
run_started=$SECONDS
failed=()
# Runs one lane and records its time. The build and the unit tests stop the run (nothing
# after them means anything without them); a later lane that fails is recorded and the
# rest still run, so one red lane hides no other result. The run fails at the end.
lane() {
  local started=$SECONDS status=0
  "$@" || status=$?
  printf 'lane %-40s %5ds%s\n' "$*" $((SECONDS - started)) "$( ((status)) && echo "  FAILED ($status)")" |
    tee -a .build/lane-times.log
  if ((status)); then
    failed+=("$*")
    [[ "$1" == swift ]] && exit "$status"
  fi
  return 0
}
lane swift build --build-tests
# Once: a flaky test is fixed at its cause, never retried.
lane swift test --skip-build
lane bash scripts/check-startup-libs.sh
lane bash scripts/check-isolation.sh
lane bash scripts/check-versioned-dependency.sh
lane bash scripts/check-readme-example.sh
lane bash scripts/check-c-api.sh
lane bash scripts/check-gl.sh
lane bash scripts/check-abi.sh
lane bash scripts/check-plymouth-client.sh
lane bash scripts/check-plymouthd-dropin.sh
lane bash scripts/check-boot-progress.sh
lane bash scripts/check-debs.sh
lane bash board/updates/run.sh
lane bash board/wayland/run.sh sway
lane bash board/wayland/run.sh labwc
lane bash scripts/fuzz.sh protocol "${FUZZ_SECONDS:-30}"
lane bash scripts/fuzz.sh json 15
lane bash scripts/fuzz.sh plymouth "${FUZZ_SECONDS:-30}"
lane board/qemu/run-e2e.sh
lane board/qemu/run-daemon-e2e.sh
lane board/qemu/run-displays-e2e.sh
lane board/qemu/run-leak-e2e.sh
lane board/qemu/run-input-e2e.sh
lane board/qemu/run-overlay-e2e.sh
lane board/qemu/run-capi-e2e.sh
lane board/realboot/run.sh
lane bash scripts/arm64/test.sh
printf 'lane %-40s %5ds\n' "all" $((SECONDS - run_started)) | tee -a .build/lane-times.log
if ((${#failed[@]})); then
  printf 'FAILED lane: %s\n' "${failed[@]}"
  exit 1
fi
