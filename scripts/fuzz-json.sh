#!/usr/bin/env bash
# Fuzzes the strict JSON parser used for themes with libFuzzer + AddressSanitizer.
# Usage: scripts/fuzz-json.sh [seconds]   (default 30; OUT=dir for the binary and corpus)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
out=${OUT:-.build/fuzz-json}
mkdir -p "$out/corpus"
cp board/themes/*.json "$out/corpus/" 2>/dev/null || true
swiftc -parse-as-library -sanitize=fuzzer,address -O \
  Sources/HUDRender/JSON/*.swift Tests/Fuzz/JSON/JSONParserFuzz.swift -o "$out/fuzz-json" 2>&1 | grep -v "Cannot export local symbol" || true
"$out/fuzz-json" -max_total_time="$seconds" -max_len=4096 "$out/corpus"
