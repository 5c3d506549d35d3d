#!/usr/bin/env bash
# The test command: unit tests, the isolation compile-fail check, then the
# QEMU end-to-end suite when present.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests
swift test --skip-build
bash scripts/check-isolation.sh
bash scripts/fuzz.sh "${FUZZ_SECONDS:-30}"
mkdir -p .build
bash scripts/fuzz-json.sh 15 > .build/fuzz-json.log 2>&1 || { tail -30 .build/fuzz-json.log; echo "fuzz-json: crash"; exit 1; }
echo "fuzz-json: no crash in 15s, $(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' .build/fuzz-json.log) runs"
board/qemu/run-e2e.sh
board/qemu/run-daemon-e2e.sh
board/qemu/run-displays-e2e.sh
