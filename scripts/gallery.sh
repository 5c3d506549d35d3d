#!/usr/bin/env bash
# Regenerates the gallery: renders docs/gallery/*.png with `hud render` and
# writes docs/gallery.md, the page that shows them (the README shows two).
# Usage: scripts/gallery.sh   (SCRATCH=dir to choose SwiftPM's --scratch-path)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${SCRATCH:-.build}
swift build --scratch-path "$scratch" --product hud 2>&1 | grep -v "prohibited flag" || true
hud="$scratch/debug/hud"
out=docs/gallery
mkdir -p "$out"
rm -f "$out"/*.png

table=""
count=0

# shot NAME "caption" hud-render-options... (the shots are in scripts/gallery-shots.sh)
shot() {
  local name=$1 caption=$2
  shift 2
  local sized=(--size "$size")
  [[ " $* " == *" --size "* ]] && sized=()
  "$hud" render "${sized[@]}" --out "$out/$name.png" "$@" >/dev/null
  local cell="<img src=\"gallery/$name.png\" width=\"240\" alt=\"$caption\"><br><sub>$caption</sub>"
  table+="| $cell "
  count=$((count + 1))
  if (( count % 3 == 0 )); then table+="|"$'\n'; fi
}

# shellcheck source=scripts/gallery-shots.sh
source scripts/gallery-shots.sh
if (( count % 3 != 0 )); then table+="|"$'\n'; fi

{
  echo "# Gallery"
  echo
  echo "Rendered headless by \`hud render\` (the same code that draws to the display);"
  echo "regenerate with \`scripts/gallery.sh\`. Do not edit this page by hand."
  echo
  echo "| | | |"
  echo "|---|---|---|"
  printf '%s' "$table"
} > docs/gallery.md
echo "gallery: $count images in $out/, docs/gallery.md written"
