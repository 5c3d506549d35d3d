#!/usr/bin/env bash
# The test command: unit tests, then the QEMU end-to-end suite when present.
set -euo pipefail
cd "$(dirname "$0")/.."
swift test
board/qemu/run-e2e.sh
