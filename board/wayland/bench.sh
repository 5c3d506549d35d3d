#!/usr/bin/env bash
# Figures for `hud daemon --output wayland` (a benchmark, not a test: it prints, it judges nothing).
# On the headless compositor of board/wayland/session.sh with its fullscreen test client animating
# (the kiosk app), over SECONDS each, in one batch:
#   1. the compositor alone (client, no daemon): its CPU
#   2. the daemon connected, no HUD shown: its CPU and wake-ups per second (context switches of
#      all its threads), the compositor's CPU
#   3. a spinner shown: the daemon's CPU and the compositor's, and the daemon's memory
#      (VmHWM, VmRSS from /proc/PID/status, Pss from smaps_rollup)
#   4. the same binary drawing the same spinner into memory (`--output png:DIR`, no display): its
#      memory, the nearest this host has to the KMS path (the real-boot lane measures that one)
# CPU is utime+stime from /proc/PID/stat over the interval, in % of one core.
# Usage: board/wayland/bench.sh [sway|labwc] [SECONDS] [HUD_BINARY]   (default: sway, 10, the release build)
set -uo pipefail
cd "$(dirname "$0")/../.."
here=board/wayland
compositor=${1:-sway}
seconds=${2:-10}
[[ $compositor == sway || $compositor == labwc ]] || { echo "usage: board/wayland/bench.sh [sway|labwc] [SECONDS] [HUD]" >&2; exit 2; }
[[ $seconds =~ ^[1-9][0-9]*$ ]] || { echo "bench: SECONDS must be a positive whole number, not '$seconds'" >&2; exit 2; }
hud=${3:-.build-qemu/release/hud}
[[ -x $hud ]] || bash scripts/build-release.sh .build-qemu >/dev/null || { echo "bench: no release hud ($hud)" >&2; exit 1; }
source "$here/session.sh"

hz=$(getconf CLK_TCK)
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
switches() { cat /proc/"$1"/task/*/status | awk '/ctxt_switches/ { n += $2 } END { print n }'; }
# measure PID...: sleeps SECONDS and prints each pid's CPU % of one core over it, space-separated.
measure() {
    local before=() p i=0 out=()
    for p in "$@"; do before+=("$(ticks "$p")"); done
    sleep "$seconds"
    for p in "$@"; do out+=("$(awk -v a="${before[i]}" -v b="$(ticks "$p")" -v hz="$hz" -v s="$seconds" 'BEGIN { printf "%.2f", (b - a) * 100 / hz / s }')"); i=$((i + 1)); done
    echo "${out[*]}"
}
memory() {  # memory PID: VmHWM, VmRSS and Pss in MB
    local hwm rss pss
    hwm=$(awk '/^VmHWM/ { print $2 }' "/proc/$1/status") rss=$(awk '/^VmRSS/ { print $2 }' "/proc/$1/status")
    pss=$(awk '/^Pss:/ { print $2 }' "/proc/$1/smaps_rollup")
    awk -v h="$hwm" -v r="$rss" -v p="$pss" 'BEGIN { printf "VmHWM %.1f MB, VmRSS %.1f MB, Pss %.1f MB", h / 1024, r / 1024, p / 1024 }'
}

start_session bench || finish
echo "wayland bench: $compositor, $seconds s per figure, $(nproc) cores, hud $(as_user "$work/hud" --version 2>/dev/null | head -1)"
read -r alone < <(measure "$compositor_pid")
echo "compositor alone (the client animating): ${alone} % CPU"

start_daemon || finish
until_true 30 idle-settled settled || finish
s0=$(switches "$daemon")
read -r d_idle c_idle < <(measure "$daemon" "$compositor_pid")
s1=$(switches "$daemon")
echo "daemon connected, nothing shown: daemon ${d_idle} % CPU, $(awk -v a="$s0" -v b="$s1" -v s="$seconds" 'BEGIN { printf "%.1f", (b - a) / s }') wake-ups/s; compositor ${c_idle} % CPU"

h show --mode indeterminate --label "Updating" >/dev/null
until_true 30 spinner-settled settled || finish
frames() { h status | sed -n 's/^frames-drawn=//p'; }
f0=$(frames)
read -r d_spin c_spin < <(measure "$daemon" "$compositor_pid")
f1=$(frames)
echo "spinner shown: daemon ${d_spin} % CPU, $(awk -v a="$f0" -v b="$f1" -v s="$seconds" 'BEGIN { printf "%.1f", (b - a) / s }') frames/s; compositor ${c_spin} % CPU (alone ${alone} %)"
echo "daemon memory on Wayland, spinner shown: $(memory "$daemon")"
stop_daemon

png=$work/png
mkdir -m 0777 "$png"
spawn "$work/hud" daemon --output "png:$png" --size "${width}x${height}" --socket "$sock" --no-psplash --cmdline /dev/null \
    --state-dir "$runtime/state" 2>"$work/daemon-png.log"
daemon=$spawned
until_true 30 png-daemon-listening h ping || finish
h show --mode indeterminate --label "Updating" >/dev/null
until_true 30 png-settled settled || finish
echo "daemon memory drawing into memory (png output, ${width}x${height}): $(memory "$daemon")"
stop_daemon
finish >/dev/null
