#!/usr/bin/env bash
# Proves that touching HUD state without going through its loop does not
# compile: type-checks Tests/CompileFail/*.swift against the built HUDCore and
# requires the diagnostic each file names after `// expect:`.
set -euo pipefail
cd "$(dirname "$0")/.."
modules="$(swift build --show-bin-path)/Modules"
[ -d "$modules" ] || swift build --target HUDCore >/dev/null
# The C targets HUDCore's modules import (CMappingSwap under HUDSystem): SwiftPM's module maps for them.
cmaps=()
for map in "$(swift build --show-bin-path)"/*.build/module.modulemap; do
  [ -f "$map" ] && cmaps+=(-Xcc "-fmodule-map-file=$map")
done
status=0
for file in Tests/CompileFail/*.swift; do
  expected=$(sed -n 's|.*// expect: ||p' "$file")
  if out=$(swiftc -typecheck -swift-version 6 -I "$modules" -I Sources/CLinux "${cmaps[@]}" "$file" 2>&1); then
    echo "FAIL $file: compiled, but must not"; status=1
  elif grep -qF "$expected" <<<"$out"; then
    echo "PASS $file: rejected ($expected)"
  else
    echo "FAIL $file: rejected for another reason:"; echo "$out" | grep error | head -5; status=1
  fi
done
exit $status
