#!/usr/bin/env bash
# The test command: unit tests, the isolation compile-fail check, then the
# QEMU end-to-end suite when present.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests
swift test --skip-build
bash scripts/check-isolation.sh
bash scripts/fuzz.sh "${FUZZ_SECONDS:-30}"
board/qemu/run-e2e.sh
board/qemu/run-daemon-e2e.sh
board/qemu/run-displays-e2e.sh
