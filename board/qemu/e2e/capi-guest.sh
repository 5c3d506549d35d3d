#!/bin/sh
# libkioskhud's KMS example (Examples/c/kms-example.c: a C app owning the
# display, the HUD drawn into its frames) in the guest, for run-capi-e2e.sh.
# The host's Swift toolchain is hidden first (an empty tmpfs over /opt/swift):
# the app runs with libkioskhud and Debian's libraries alone. Screendumps:
# capi-shown-1 and capi-shown-2 (the HUD up, 0.3 s apart: the spinner
# turns), capi-hiding (just after "hide": the minimum show time holds it),
# capi-hidden (the app's picture alone). Output is tagged "[capi] ...",
# with "[capi] exit=N"; e2e/capi_check.py judges.
here=$(cd "$(dirname "$0")" && pwd)
APP=${CAPI_APP:?CAPI_APP must name the kms example}
shot() { sh "$here/../guest/shot.sh" "$1" || echo "[capi] no screendump for $1"; }
trap '' PIPE

i=0
until [ -e /dev/dri/card0 ] || [ $i -gt 100 ]; do sleep 0.1; i=$((i + 1)); done
for dir in /opt/swift; do [ -d "$dir" ] && mount -t tmpfs none "$dir"; done
echo "[capi] swift: $(command -v swift || echo none)"
echo "[capi] ldd: $(ldd "$APP" 2>&1 | awk '{ printf "%s ", ($3 ? $3 : $1) }')"

# await TEXT: waits up to 60 s for the app to print TEXT.
await() {
    n=0
    until grep -q "$1" /tmp/capi.out 2>/dev/null; do
        kill -0 "$pid" 2>/dev/null || { echo "[capi] exited before '$1'"; return 1; }
        n=$((n + 1))
        [ $n -gt 600 ] && { echo "[capi] timeout waiting for '$1'"; return 1; }
        sleep 0.1
    done
}

mkfifo /tmp/capi.in
"$APP" --min-show 6000 < /tmp/capi.in > /tmp/capi.out 2>&1 &
pid=$!
exec 3> /tmp/capi.in
if await "stage shown"; then
    shot capi-shown-1
    sleep 0.3
    shot capi-shown-2
    echo hide >&3
    await "hide at" && shot capi-hiding
    await "stage hidden" && shot capi-hidden
    # The app alone for a while, for its CPU line.
    sleep 2
fi
echo quit >&3
exec 3>&-
( sleep 30; kill -KILL "$pid" 2>/dev/null ) &
dog=$!
wait "$pid"
code=$?
kill "$dog" 2>/dev/null
sed 's/^/[capi] /' /tmp/capi.out
echo "[capi] exit=$code"
exit 0
