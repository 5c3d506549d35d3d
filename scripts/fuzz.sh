#!/usr/bin/env bash
# Fuzzes one of our parsers with libFuzzer + AddressSanitizer for a bounded time:
#   scripts/fuzz.sh [TARGET] [SECONDS]     (TARGET protocol, json or plymouth; default protocol;
#                                           SECONDS default 30, $FUZZ_SECONDS too)
# Each target is its module's sources plus Tests/Fuzz/<Dir>/*.swift (an
# LLVMFuzzerTestOneInput), built with swiftc -sanitize=fuzzer,address, run
# from seeds in the work directory ($FUZZ_WORK, default .build/fuzz/TARGET).
#   protocol  the `hud` protocol: framing, requests, answers, psplash FIFO commands (HUDProtocol)
#   json      the strict JSON parser themes are read with (HUDRender/JSON)
#   plymouth  Plymouth's request parser, fed whole and cut into reads (HUDPlymouth)
# Prints "fuzz TARGET: no crash in Ns, R runs"; exits non-zero on a crash,
# leaving the crashing input (crash-*) and fuzz.log in the work directory.
set -euo pipefail
cd "$(dirname "$0")/.."
target=protocol
if [[ $# -gt 0 && ! $1 =~ ^[0-9]+$ ]]; then target=$1; shift; fi
seconds="${1:-${FUZZ_SECONDS:-30}}"
work="${FUZZ_WORK:-.build/fuzz/$target}"
rm -rf "$work/corpus-seeds" && mkdir -p "$work/corpus" "$work/corpus-seeds"
seeds=$work/corpus-seeds

case $target in
  protocol)
    module=HUDProtocolFuzz sources=(Sources/HUDProtocol/*.swift Tests/Fuzz/Protocol/*.swift) max_len=2048
    # One of each message kind.
    printf 'show mode=ring label="Updating \\"x\\"" details="a\\nb" progress=42.5 grace=1 min-show=0.5 animation=zoom-in animated=false\n' > "$seeds/show"
    printf 'progress percent=100\nmessage text=日本語\nhide after=2\nquit retain=true\nhello protocol=1\nping\n' > "$seeds/misc"
    printf 'PROGRESS 42\0MSG booting\0QUIT\0' > "$seeds/psplash"
    printf 'ok label="x y"\nerror code=bad-value reason="no"\nkioskhud protocol=1\n[ 37%%] block\n' > "$seeds/answers"
    ;;
  json)
    module=JSONFuzz sources=(Sources/HUDRender/JSON/*.swift Tests/Fuzz/JSON/*.swift) max_len=4096
    cp board/themes/*.json "$seeds/"
    ;;
  plymouth)
    module=HUDPlymouthFuzz sources=(Sources/HUDPlymouth/*.swift Tests/Fuzz/Plymouth/*.swift) max_len=1024
    # What systemd, initramfs-tools and Plymouth's client send (plymouth-protocol notes), and bad framing.
    printf 'P\0' > "$seeds/ping"
    printf 'U\002\015sshd.service\0' > "$seeds/status"
    printf 'M\002\006Hello\0A\0' > "$seeds/message-pause"
    printf 'C\002\011shutdown\0u\002\00342\0$\0H\0D\0r\0' > "$seeds/mode-progress-splash"
    printf 'c\0*\002\005Disk\0W\002\004Yes\0K\002\003yn\0L\002\003yn\0' > "$seeds/prompts"
    printf 'Q\002\001\0Q\002\002\001\0R\002\006/root\0V\0S\0!\0m\002\001\0' > "$seeds/quit-newroot"
    printf 'P\001X\002\000Q\002\003ab' > "$seeds/malformed"
    ;;
  *) echo "fuzz: unknown target '$target' (protocol, json, plymouth)" >&2; exit 2 ;;
esac

swiftc -parse-as-library -swift-version 6 -O -sanitize=fuzzer,address \
  -module-name "$module" "${sources[@]}" \
  -o "$work/$target-fuzzer" 2> >(grep -v "Cannot export local symbol" >&2)
cd "$work"
status=0
SWIFT_BACKTRACE=enable=no "./$target-fuzzer" -max_total_time="$seconds" -max_len="$max_len" -print_final_stats=1 \
  corpus corpus-seeds > fuzz.log 2>&1 || status=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' fuzz.log)
if [ "$status" -ne 0 ]; then
  grep -E "SUMMARY|Fatal error|Test unit written" fuzz.log >&2 || tail -20 fuzz.log >&2
  echo "fuzz $target: crash after ${runs:-?} runs (see $work/fuzz.log and crash-* files)" >&2
  exit 1
fi
echo "fuzz $target: no crash in ${seconds}s, ${runs} runs"
