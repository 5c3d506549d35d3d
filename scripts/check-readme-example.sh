#!/usr/bin/env bash
# The README's Swift examples are programs the package builds, each exactly the first ```swift block
# under its heading: "## Swift API" is Examples/ReadmeExample/main.swift (target kioskhud-example),
# "## Over your app's picture" is Examples/KioskExample/main.swift (kioskhud-kiosk-example). Run by
# scripts/test.sh after the build (which compiled both); board/qemu's e2e runs them on a display.
# "## From C" is Examples/c/readme-example.c (built and run by scripts/check-c-api.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
check() {
    local heading=$1 file=$2 lang=${3:-swift} block
    block=$(awk -v h="$heading" -v f="\`\`\`$lang" '$0 == h { inside = 1; next } inside && /^## / { exit } inside && $0 == f { code = 1; next } code && /^```$/ { exit } code { print }' README.md)
    if [[ -z $block ]]; then
        echo "check-readme-example: no \`\`\`$lang block under '$heading' in README.md" >&2
        status=1
    elif ! diff -u <(printf '%s\n' "$block") "$file"; then
        echo "check-readme-example: README.md's example under '$heading' and $file differ (above)" >&2
        status=1
    else
        echo "check-readme-example: README's example under '$heading' is $file ($(wc -l < "$file") lines)"
    fi
}
check "## Swift API" Examples/ReadmeExample/main.swift
check "## Over your app's picture" Examples/KioskExample/main.swift
check "## From C" Examples/c/readme-example.c c
exit $status
