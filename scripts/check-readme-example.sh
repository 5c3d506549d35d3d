#!/usr/bin/env bash
# The README's Swift example is a program the package builds: Examples/ReadmeExample/main.swift
# (target kioskhud-example) must be exactly the ```swift block under "## Swift API". Run by
# scripts/test.sh after the build (which compiled the target); board/qemu's e2e runs it on a display.
set -euo pipefail
cd "$(dirname "$0")/.."
block=$(awk '/^## Swift API/ { inside = 1 } inside && /^```swift$/ { code = 1; next } code && /^```$/ { exit } code { print }' README.md)
[[ -n $block ]] || { echo "check-readme-example: no \`\`\`swift block under '## Swift API' in README.md" >&2; exit 1; }
if ! diff -u <(printf '%s\n' "$block") Examples/ReadmeExample/main.swift; then
    echo "check-readme-example: README.md's Swift example and Examples/ReadmeExample/main.swift differ (above)" >&2
    exit 1
fi
echo "check-readme-example: README's Swift example is Examples/ReadmeExample/main.swift ($(wc -l < Examples/ReadmeExample/main.swift) lines)"
