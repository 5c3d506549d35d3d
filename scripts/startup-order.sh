#!/usr/bin/env bash
# Regenerates scripts/startup-order.txt: the code `hud daemon` runs from exec to
# its first frame (the splash theme), in the order it first runs, then the code
# it runs afterwards in a boot's session (messages, progress, the modes, the
# spinner turning, hide and show, the marks), one `.text.SYMBOL` section name
# per line. scripts/build-release.sh compiles with one section per function and
# hands this file to the linker (--section-ordering-file), so that code sits
# together at the start of .text: a cold start (binary not in the page cache)
# reads a few contiguous pages instead of faulting in code scattered over
# 6.5 MB, and a running daemon's resident pages (the kernel maps up to 64 kB
# around each fault) are code it runs, not its neighbours
# (scripts/resident-code.py tells them apart).
# Found with valgrind's callgrind (a function missing here is merely left where
# it was): first `hud daemon` on this host (PNG output) and a session over our
# socket, then `hud plymouthd` (what the real boot runs) on KMS in QEMU, driven
# by Debian's `plymouth` client, which must be installed; then every function on
# a code page that same QEMU session touched without valgrind and with the
# kernel's fault-around off (what callgrind does not name: value witnesses the
# runtime calls, code only a real-speed run takes).
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
# A recorded font list, as the initramfs has: the first label skips fontconfig.
"$tmp/hud" fonts --theme "$tmp/splash.json" --record "$tmp/fonts.list" > /dev/null
export KIOSKHUD_FONT_LIST=$tmp/fonts.list
valgrind --tool=callgrind --demangle=no --compress-strings=no --compress-pos=no \
    --callgrind-out-file="$tmp/cg.out" "$tmp/hud" daemon --output "png:$tmp/out" --size 320x240 --show \
    --theme "$tmp/splash.json" --socket "$tmp/hud.sock" --no-psplash > "$tmp/daemon.log" 2>&1 &
pid=$!
for _ in $(seq 600); do
    [[ -s $tmp/out/frame.png ]] && break
    kill -0 "$pid" 2>/dev/null || { cat "$tmp/daemon.log"; echo "startup-order: the daemon exited" >&2; exit 1; }
    sleep 0.1
done
[[ -s $tmp/out/frame.png ]] || { echo "startup-order: no first frame in 60 s" >&2; exit 1; }
# What ran up to here is the start-up part (dumped to cg.out.1).
callgrind_control --dump=first-frame "$pid" > /dev/null
# A boot's session, each step waited for through the daemon's own answers.
c() { "$tmp/hud" "$@" --socket "$tmp/hud.sock" > /dev/null; }
c message "Starting services"
c progress 30
c update --mode pie --progress 50 --details "Step 2 of 3"
c update --mode ring --progress 70
c update --mode bar --progress 90 --label "Installing updates"
c update --mode success --label "Done"
c hide
c show --mode spinner --label "Again" --details "Restarting"
c update --mode failure --label "Failed"
c status
kill -TERM "$pid"
wait "$pid" || true
# Then `hud plymouthd` on a real KMS driver (QEMU's bochs, board/qemu/qemu-run.py),
# driven by Debian's plymouth client as a boot drives it: what the real boot runs
# (its own part, cg.out.p, after the daemon's). The guest sees the host's disk,
# not its /tmp: the binary, theme and font list go under the scratch directory.
command -v plymouth > /dev/null || { echo "startup-order: no plymouth client (apt-get install plymouth)" >&2; exit 1; }
guest=$repo/.build-startup-order/guest
rm -rf "$guest" && mkdir -p "$guest/share"
cp "$tmp/hud" "$tmp/splash.json" "$tmp/kioskhud-logo.png" "$tmp/fonts.list" "$guest/"
python3 board/qemu/qemu-run.py --gpu bochs --input --timeout 600 --quiet --share-dir "$guest/share" \
    --env HUD="$guest/hud" --env THEME="$guest/splash.json" --env KIOSKHUD_FONT_LIST="$guest/fonts.list" \
    --log "$tmp/guest.log" board/qemu/bench/startup-order-guest.sh \
    || { cat "$tmp/guest.log"; echo "startup-order: the KMS session in QEMU failed" >&2; exit 1; }
cp "$guest/share/cg.out.p" "$tmp/"
touch "$guest/share/pages.p"
python3 - "$tmp/hud" "$guest/hud" "$tmp" "$guest/share/pages.p" > scripts/startup-order.txt <<'PY'
import sys
# Functions callgrind saw in the hud object (as callers or callees), first-run
# order within each part: start-up first, then the rest of the session; then
# the functions on code pages the session touched without valgrind (pages.p)
# that callgrind did not name, in address order.
import bisect, glob, os, re, subprocess
binary, guest_binary, tmp, pages = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
# The parts in order: cg.out.1 (start-up), cg.out.2 …, cg.out if the last has no
# number, then hud plymouthd's (cg.out.p*).
def part(path):
    m = re.search(r"cg\.out\.(p?)(\d*)$", path)
    if not m:
        return (0, 1 << 30)
    return (1 if m.group(1) else 0, int(m.group(2)) if m.group(2) else 1 << 30)
parts = sorted(glob.glob(os.path.join(tmp, "cg.out*")), key=part)
ob = cob = None
seen = {}
for line in (l for path in parts for l in open(path, errors="replace")):
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
        if obj in (binary, guest_binary) and not name.startswith(("0x", "(")):
            seen.setdefault(name, None)
symbols = []
for line in subprocess.run(["nm", "--print-size", "--defined-only", binary], capture_output=True, text=True).stdout.splitlines():
    f = line.split()
    if len(f) == 4 and f[2] in "tT":
        symbols.append((int(f[0], 16), int(f[1], 16), f[3]))
symbols.sort()
starts = [a for a, _, _ in symbols]
for page in sorted(int(l, 16) for l in open(pages) if l.strip()):
    i = max(0, bisect.bisect_right(starts, page) - 1)
    while i < len(symbols) and symbols[i][0] < page + 4096:
        a, size, name = symbols[i]
        if a + size > page:
            seen.setdefault(name, None)
        i += 1
# The standard library's functions in Swift.o's one plain .text cannot be
# placed: leave them out (the ones in sections of their own stay).
core = subprocess.run(["swiftc", "-print-target-info"], capture_output=True, text=True).stdout
lib = re.search(r'"runtimeResourcePath"\s*:\s*"([^"]+)"', core)
archive = os.path.join(os.path.dirname(lib.group(1)) if lib else "/", "swift_static/linux/libswiftCore.a")
unplaceable = set()
if os.path.exists(archive):
    obj = os.path.join(tmp, "Swift.o")
    with open(obj, "wb") as out:
        subprocess.run(["ar", "p", archive, "Swift.o"], stdout=out, check=True)
    sections = subprocess.run(["readelf", "-SW", obj], capture_output=True, text=True).stdout
    index = re.search(r"\[\s*(\d+)\]\s+\.text\s", sections)
    for line in subprocess.run(["readelf", "-sW", obj], capture_output=True, text=True).stdout.splitlines():
        f = line.split()
        if index and len(f) >= 8 and f[6] == index.group(1):
            unplaceable.add(f[7])
print("\n".join(".text." + n for n in seen if n not in unplaceable))
PY
echo "startup-order: $(wc -l < scripts/startup-order.txt) functions in scripts/startup-order.txt" \
    "($(wc -l < "$guest/share/pages.p") code pages touched in the plain session)"
