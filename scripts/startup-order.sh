#!/usr/bin/env bash
# Regenerates scripts/startup-order.txt: the code `hud daemon` runs from exec to
# its first frame (the splash theme), in the order it first runs, one
# `.text.SYMBOL` section name per line. scripts/build-release.sh compiles with
# one section per function and hands this file to the linker
# (--section-ordering-file), so that code sits together at the start of .text:
# a cold start (binary not in the page cache) reads a few contiguous pages
# instead of faulting in code scattered over 6.5 MB.
# Found with valgrind's callgrind on this host (PNG output: the KMS calls run
# in the VM only; a function missing here is merely left where it was).
# Rerun after changes to start-up code; a stale entry is harmless.
# Usage: scripts/startup-order.sh
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
tmp=$(mktemp -d)
trap 'pkill -TERM -f "$tmp/hud" 2>/dev/null || true; rm -rf "$tmp"' EXIT
KIOSKHUD_NO_STARTUP_ORDER=1 bash scripts/build-release.sh .build-startup-order
# valgrind 3.19 cannot read the toolchain's DWARF 5: no debug info, symbols kept.
strip --strip-debug -o "$tmp/hud" .build-startup-order/release/hud
cp board/themes/splash.json board/themes/kioskhud-logo.png "$tmp/"
valgrind --tool=callgrind --demangle=no --compress-strings=no --compress-pos=no \
    --callgrind-out-file="$tmp/cg.out" "$tmp/hud" daemon --output "png:$tmp/out" --show \
    --theme "$tmp/splash.json" --socket "$tmp/hud.sock" --no-psplash > "$tmp/daemon.log" 2>&1 &
pid=$!
for _ in $(seq 600); do
    [[ -s $tmp/out/frame.png ]] && break
    kill -0 "$pid" 2>/dev/null || { cat "$tmp/daemon.log"; echo "startup-order: the daemon exited" >&2; exit 1; }
    sleep 0.1
done
[[ -s $tmp/out/frame.png ]] || { echo "startup-order: no first frame in 60 s" >&2; exit 1; }
kill -TERM "$pid"
wait "$pid" || true
python3 - "$tmp/cg.out" "$tmp/hud" > scripts/startup-order.txt <<'PY'
import sys
# Functions callgrind saw in the hud object (as callers or callees), first-run order.
path, binary = sys.argv[1], sys.argv[2]
ob = cob = None
seen = {}
for line in open(path, errors="replace"):
    line = line.rstrip("\n")
    if line.startswith("ob="):
        ob = line[3:]
    elif line.startswith("cob="):
        cob = line[4:]
    elif line.startswith(("fn=", "cfn=")):
        callee = line.startswith("cfn=")
        obj = (cob or ob) if callee else ob
        cob = None if callee else cob
        name = line.split("=", 1)[1].split("'")[0]
        if obj == binary and not name.startswith(("0x", "(")):
            seen.setdefault(name, None)
print("\n".join(".text." + n for n in seen))
PY
echo "startup-order: $(wc -l < scripts/startup-order.txt) functions in scripts/startup-order.txt"
