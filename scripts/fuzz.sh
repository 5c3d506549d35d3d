#!/usr/bin/env bash
# Builds the libFuzzer target for the `hud` protocol parser (HUDProtocol's
# sources + Tests/Fuzz/Protocol) with swiftc -sanitize=fuzzer,address and runs it for
# a bounded time: scripts/fuzz.sh [SECONDS] (default 30; $FUZZ_SECONDS too).
# Exits non-zero on a crash; the crashing input is left in the work directory.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-${FUZZ_SECONDS:-30}}"
work="${FUZZ_WORK:-.build/fuzz}"
mkdir -p "$work/corpus"
swiftc -parse-as-library -swift-version 6 -O -sanitize=fuzzer,address \
  -module-name HUDProtocolFuzz Sources/HUDProtocol/*.swift Tests/Fuzz/Protocol/*.swift \
  -o "$work/protocol-fuzzer" 2> >(grep -v "Cannot export local symbol" >&2)
# Seeds: one of each message kind.
printf 'show mode=ring label="Updating \\"x\\"" details="a\\nb" progress=42.5 grace=1 min-show=0.5 animation=zoom-in animated=false\n' > "$work/corpus/show"
printf 'progress percent=100\nmessage text=日本語\nhide after=2\nquit retain=true\nhello protocol=1\nping\n' > "$work/corpus/misc"
printf 'PROGRESS 42\0MSG booting\0QUIT\0' > "$work/corpus/psplash"
printf 'ok label="x y"\nerror code=bad-value reason="no"\nkioskhud protocol=1\n[ 37%%] block\n' > "$work/corpus/answers"
cd "$work"
status=0
SWIFT_BACKTRACE=enable=no ./protocol-fuzzer -max_total_time="$seconds" -max_len=2048 -print_final_stats=1 corpus > fuzz.log 2>&1 || status=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' fuzz.log)
if [ "$status" -ne 0 ]; then
  grep -E "SUMMARY|Fatal error|Test unit written" fuzz.log >&2 || tail -20 fuzz.log >&2
  echo "fuzz: crash after ${runs:-?} runs (see $work/fuzz.log and crash-* files)" >&2
  exit 1
fi
echo "fuzz: no crash in ${seconds}s, ${runs} runs"
