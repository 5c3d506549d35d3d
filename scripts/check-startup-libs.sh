#!/usr/bin/env bash
# Cairo and pixman (CLazyGraphics), libpng (CLazyPNG), FreeType, HarfBuzz (with GLib),
# FriBidi, libthai and fontconfig (CLazyText) are dlopen'ed on first use, never
# loaded at exec (Pango is not used at all, and never loaded); so are
# libinput (with libwacom and GLib) and xkbcommon (CLazyInput, for `hud input`),
# and libsystemd (CLazyBus, for `hud follow rauc`). A composed frame (`hud render`: a
# blurred bezel) loads Cairo; the splash's frames are drawn by the Swift painter with
# neither (checked in the QEMU boots: board/qemu/e2e/check.py, first-frame-without-cairo).
# And nothing waits for the kernel's
# random pool (CBootSeed): with getrandom saying "not ready", hud keeps its
# arguments and makes no blocking getrandom call. Fails if the release `hud` lists one
# as NEEDED, if a command that draws nothing loads one, or if a missing one is
# not reported by name. Usage: scripts/check-startup-libs.sh [HUD_BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
lazy='lib(cairo|pango|pangocairo|pangoft2|glib|gobject|gio|harfbuzz|fontconfig|freetype|fribidi|thai|png16|z|pixman|input|xkbcommon|wacom|systemd|wayland-client)[-.]'
hud=${1:-}
if [[ -z $hud ]]; then
    bash scripts/build-release.sh .build-qemu
    hud=.build-qemu/release/hud
fi
[[ -x $hud ]] || { echo "check-startup-libs: FAIL, no $hud"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

needed=$(readelf -d "$hud" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
if grep -E "^$lazy" <<<"$needed"; then
    echo "check-startup-libs: FAIL, $hud links the libraries above at exec"; exit 1
fi

# LD_DEBUG=libs logs every library initialised, dlopen'ed ones included.
loaded() { LD_DEBUG=libs LD_DEBUG_OUTPUT=$tmp/ld "$@" >/dev/null 2>&1 || true
           cat "$tmp"/ld.* | sed -n 's/.*calling init: //p'; rm -f "$tmp"/ld.*; }
if loaded "$hud" ping --socket "$tmp/none" | grep -E "$lazy"; then
    echo "check-startup-libs: FAIL, 'hud ping' loaded the libraries above"; exit 1
fi
# The same probe must see them once something draws, or the check above proves nothing.
drew=$(loaded "$hud" render --out "$tmp/hud.png")
grep -qE "libcairo[.]so" <<<"$drew" ||
    { echo "check-startup-libs: FAIL, 'hud render' did not load Cairo (its frames are composed by it)"; exit 1; }
grep -qE "libpixman-1[.]" <<<"$drew" ||
    { echo "check-startup-libs: FAIL, 'hud render' did not load pixman (probe broken?)"; exit 1; }
if grep -E "lib(pango|pangocairo|pangoft2)[-.]" <<<"$drew"; then
    echo "check-startup-libs: FAIL, 'hud render' loaded the libraries above"; exit 1
fi
# Over an app's picture (`hud daemon --over`, as a kiosk app's HUD) the frames are
# composed: Cairo is mapped.
"$hud" render --size 320x200 --mode text --label x --alpha 0 --out "$tmp/picture.png" >/dev/null
"$hud" daemon --output "png:$tmp/png" --size 320x200 --over "$tmp/picture.png" --socket "$tmp/over.sock" \
    --no-psplash --cmdline /dev/null --state-dir "$tmp/state" 2>"$tmp/over.log" &
over=$!
for _ in $(seq 300); do "$hud" ping --socket "$tmp/over.sock" >/dev/null 2>&1 && break; sleep 0.1; done
"$hud" show --socket "$tmp/over.sock" --mode ring --progress 0.5 >/dev/null
for _ in $(seq 300); do "$hud" status --socket "$tmp/over.sock" | grep -qx settled=true && break; sleep 0.1; done
over_maps=$(cat "/proc/$over/maps")
kill "$over"; wait "$over" 2>/dev/null || true
grep -qE "/libcairo[.]so" <<<"$over_maps" ||
    { echo "check-startup-libs: FAIL, a HUD over the app's picture (hud daemon --over) did not map Cairo: $(cat "$tmp/over.log")"; exit 1; }
# A Latin label needs FreeType alone (PlainShaper): no HarfBuzz, GLib or FriBidi;
# Hebrew needs them, or the check proves nothing.
latin=$(loaded "$hud" render --label "Updating firmware… 42 %" --out "$tmp/latin.png")
grep -qE "libfreetype[.]" <<<"$latin" ||
    { echo "check-startup-libs: FAIL, a Latin label did not load FreeType (probe broken?)"; exit 1; }
if grep -E "lib(harfbuzz|glib-2[.]0|fribidi|pcre2-8|graphite2)[.]" <<<"$latin"; then
    echo "check-startup-libs: FAIL, a Latin label loaded the libraries above (PlainShaper should shape it)"; exit 1
fi
loaded "$hud" render --label "שלום" --out "$tmp/hebrew.png" | grep -qE "libharfbuzz[.]" ||
    { echo "check-startup-libs: FAIL, a Hebrew label did not load HarfBuzz"; exit 1; }
# A broken libharfbuzz: the Latin label is drawn without a word; the Hebrew one
# is drawn unshaped and says so, naming the library.
mkdir "$tmp/nohb"
echo 'int kiosk_not_harfbuzz;' | gcc -shared -x c - -o "$tmp/nohb/libharfbuzz.so.0"
status=0
LD_LIBRARY_PATH=$tmp/nohb "$hud" render --label "Updating firmware" --out "$tmp/nohb/latin.png" 2>"$tmp/err" >/dev/null || status=$?
if [[ $status != 0 || -s $tmp/err ]]; then
    echo "check-startup-libs: FAIL, without HarfBuzz a Latin label gave status $status and: $(cat "$tmp/err")"; exit 1
fi
LD_LIBRARY_PATH=$tmp/nohb "$hud" render --label "שלום" --out "$tmp/nohb/hebrew.png" 2>"$tmp/err" >/dev/null || status=$?
if [[ $status != 0 ]] || ! grep -q 'libharfbuzz[.]so[.]0.*drawn unshaped' "$tmp/err"; then
    echo "check-startup-libs: FAIL, without HarfBuzz a Hebrew label gave status $status and: $(cat "$tmp/err")"; exit 1
fi
loaded "$hud" input --seconds 0.1 --dir "$tmp/none" | grep -qE "libinput[.]" ||
    { echo "check-startup-libs: FAIL, 'hud input' did not load libinput (probe broken?)"; exit 1; }

# A library without the functions we forward: status 127 and its name and the function's.
mkdir "$tmp/fake"
echo 'int kiosk_not_pixman;' | gcc -shared -x c - -o "$tmp/fake/libpixman-1.so.0"
status=0
LD_LIBRARY_PATH=$tmp/fake "$hud" render --out "$tmp/fake.png" 2>"$tmp/err" >/dev/null || status=$?
if [[ $status != 127 ]] || ! grep -qE 'cannot find pixman_[a-z_0-9]+ in libpixman-1[.]so[.]0' "$tmp/err"; then
    echo "check-startup-libs: FAIL, a broken libpixman gave status $status and: $(cat "$tmp/err")"; exit 1
fi
# The same for Cairo: loaded after pixman, named with the function it lacks.
mkdir "$tmp/fakecairo"
echo 'int kiosk_not_cairo;' | gcc -shared -x c - -o "$tmp/fakecairo/libcairo.so.2"
status=0
LD_LIBRARY_PATH=$tmp/fakecairo "$hud" render --out "$tmp/fakecairo.png" 2>"$tmp/err" >/dev/null || status=$?
if [[ $status != 127 ]] || ! grep -qE 'cannot find cairo_[a-z_0-9]+ in libcairo[.]so[.]2' "$tmp/err"; then
    echo "check-startup-libs: FAIL, a broken libcairo gave status $status and: $(cat "$tmp/err")"; exit 1
fi
echo "check-startup-libs: ok, NEEDED: $(tr '\n' ' ' <<<"$needed")"

# The kernel's random pool not ready (early boot, no hardware RNG): a getrandom()
# that says EAGAIN to GRND_NONBLOCK, as the kernel does then. strace shows any
# blocking getrandom system call (flags 0), which on a device would wait for
# "crng init done" (Swift's runtime makes it without going through getrandom()).
cat > "$tmp/unready.c" <<'C'
#include <errno.h>
#include <sys/random.h>
ssize_t getrandom(void *buf, size_t n, unsigned int flags) {
    (void)buf; (void)n; (void)flags;
    errno = EAGAIN;
    return -1;
}
C
gcc -shared -fPIC -o "$tmp/unready.so" "$tmp/unready.c"
blocking() { grep -E 'getrandom\(.*, [1-9][0-9]*, 0\) = ' "$tmp/trace"; }
status=0
strace -f -qq -e trace=getrandom -o "$tmp/trace" env LD_PRELOAD="$tmp/unready.so" "$hud" ping --socket "$tmp/nobody.sock" \
    2>"$tmp/err" >/dev/null || status=$?
if blocking; then
    echo "check-startup-libs: FAIL, with the random pool not ready hud made the blocking getrandom calls above"; exit 1
fi
if [[ $status != 1 ]] || ! grep -q "$tmp/nobody.sock" "$tmp/err"; then
    echo "check-startup-libs: FAIL, with the random pool not ready 'hud ping --socket' gave status $status and: $(cat "$tmp/err")"; exit 1
fi
# With the pool ready the runtime seeds from it (blocking call, answered at
# once): the probe sees it, or the check above proves nothing.
strace -f -qq -e trace=getrandom -o "$tmp/trace" "$hud" ping --socket "$tmp/nobody.sock" 2>/dev/null >/dev/null || true
blocking >/dev/null || { echo "check-startup-libs: FAIL, strace saw no blocking getrandom with the pool ready (probe broken?)"; exit 1; }
echo "check-startup-libs: ok (no graphics library at exec; RNG not ready: no blocking getrandom, arguments intact)"

