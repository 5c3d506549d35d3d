#!/usr/bin/env bash
# The documentation's examples are programs the package builds, each exactly the first ```LANG block
# under its heading: README.md's "## Swift API" is Examples/ReadmeExample/main.swift (target
# kioskhud-example), its "## From C" is Examples/c/readme-example.c (built and run by
# scripts/check-c-api.sh), and docs/content.md's "## A kiosk app, whole" is
# Examples/KioskExample/main.swift (kioskhud-kiosk-example). Run by scripts/test.sh after the build
# (which compiled them); board/qemu's e2e runs the Swift ones on a display.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
check() {
    local doc=$1 heading=$2 file=$3 lang=${4:-swift} block
    block=$(awk -v h="$heading" -v f="\`\`\`$lang" '$0 == h { inside = 1; next } inside && /^## / { exit } inside && $0 == f { code = 1; next } code && /^```$/ { exit } code { print }' "$doc")
    if [[ -z $block ]]; then
        echo "check-readme-example: no \`\`\`$lang block under '$heading' in $doc" >&2
        status=1
    elif ! diff -u <(printf '%s\n' "$block") "$file"; then
        echo "check-readme-example: $doc's example under '$heading' and $file differ (above)" >&2
        status=1
    else
        echo "check-readme-example: $doc's example under '$heading' is $file ($(wc -l < "$file") lines)"
    fi
}
check README.md "## Swift API" Examples/ReadmeExample/main.swift
check README.md "## From C" Examples/c/readme-example.c c
check docs/content.md "## A kiosk app, whole" Examples/KioskExample/main.swift
exit $status
