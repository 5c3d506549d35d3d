#!/bin/sh
# The overlay lane's guest side, on vkms (qemu-run.py --gpu vkms --share-dir
# DIR: the driver is loaded with enable_overlay=1, DIR is $KIOSKHUD_SHARE).
# 1. PLANES (board/vkms/planes.c): the planes and connectors; then one
#    writeback capture of a checkerboard under an overlay, checked by the probe.
# 2. kioskhud-kiosk-example (KIOSK) four times, each capturing every stage
#    through Writeback-1 into $KIOSKHUD_SHARE/RUN/STAGE.ppm: kiosk_overlay (the
#    HUD on an overlay plane), kiosk_composed (--no-overlay) and kiosk_control
#    (--no-content), and kiosk_fallback (KIOSKHUD_TEST_REFUSE_OVERLAY_COMMIT=1:
#    the overlay's first commit refused after its TEST_ONLY proof, the frame
#    composed on the CPU). Output tagged "[RUN] ...", "[RUN] exit=N"; runs declared
#    as "[kiosk_runs] RUN EXPECT"; kiosk_check.py judges it all.
# 3. PLANE (Examples/c/plane-example.c, libkioskhud's kh_plane): an app owning
#    atomic KMS with the HUD's plane in its own commits, judging its writeback
#    captures itself ("[plane] plane-check NAME: PASS|FAIL"); the first and
#    last captures in $KIOSKHUD_SHARE/plane-first.ppm, plane-last.ppm.
# KIOSK_RUN_TIMEOUT: seconds one run of the example may take (default 120; a run takes ~5 s).
HUD=${HUD:?HUD must name the hud binary}
PLANES=${PLANES:?PLANES must name the planes probe}
KIOSK=${KIOSK:-$(dirname "$HUD")/kioskhud-kiosk-example}
share=${KIOSKHUD_SHARE:?run with qemu-run.py --share-dir}
limit=${KIOSK_RUN_TIMEOUT:-120}

# tagged NAME CMD ARGS...: runs a command (watchdog: $limit s), output tagged.
tagged() {
    name=$1
    shift
    timeout -s KILL "$limit" "$@" < /dev/null > "/tmp/$name.out" 2>&1
    code=$?
    sed "s/^/[$name] /" "/tmp/$name.out"
    echo "[$name] exit=$code"
}

n=0
until [ -e /dev/dri/card0 ]; do
    n=$((n + 1))
    [ $n -gt 300 ] && { echo "[planes] no /dev/dri/card0 after 30 s"; echo "[planes] exit=1"; exit 1; }
    sleep 0.1
done
echo "[vkms] $(cat /sys/module/vkms/parameters/enable_overlay 2>/dev/null | sed 's/^/enable_overlay=/') module=$KIOSKHUD_VKMS_KO"

tagged planes "$PLANES"
tagged planes_capture "$PLANES" --capture "$share/planes-capture.ppm"

if [ ! -x "$KIOSK" ]; then
    echo "[kiosk_runs] missing $KIOSK"
else
    # captured RUN EXPECT ARGS...: the example, every stage captured into $share/RUN/.
    captured() {
        run=$1 expect=$2
        shift 2
        echo "[kiosk_runs] $run $expect"
        mkdir -p "$share/$run"
        tagged "$run" "$KIOSK" --capture "$share/$run" "$@"
    }
    captured kiosk_overlay overlay
    captured kiosk_composed composed --no-overlay
    captured kiosk_control control --no-content
    # The overlay's first real commit refused by the kernel (a source rectangle
    # wider than the HUD's buffer): composed on the CPU at once, said why.
    (export KIOSKHUD_TEST_REFUSE_OVERLAY_COMMIT=1; captured kiosk_fallback fallback)
fi
if [ -n "${PLANE:-}" ] && [ -x "$PLANE" ]; then
    tagged plane "$PLANE" --frames 8 --capture "$share"
else
    echo "[plane] plane-example: FAIL missing ${PLANE:-(PLANE not set)}"
    echo "[plane] exit=1"
fi
# PLANE_VARIANTS="NAME=LIBDIR ...": the example again over broken builds of
# libkioskhud (LD_LIBRARY_PATH), tagged plane_NAME, to see its checks fail;
# kiosk_check.py does not judge them.
for variant in ${PLANE_VARIANTS:-}; do
    (export LD_LIBRARY_PATH="${variant#*=}"; tagged "plane_${variant%%=*}" "$PLANE" --frames 8)
done
dmesg | grep -iE 'vkms|drm|writeback' | grep -v 'ommand line' | tail -n 20 | sed 's/^/[dmesg] /'
exit 0
