# Sourced by the real-boot lane's guest scripts (POSIX sh: dash in the root,
# busybox sh in the initramfs, where only busybox/klibc tools exist).
# $CTL: screendump requests (board/qemu's handshake: `@@SCREENDUMP name@@`,
#       the host answers one line, `ok ...` or `err ...`).
# $RES: results, `name: text` lines, read by board/realboot/check.py.
# boot.py wires them: /dev/ttyS1 and /dev/ttyS2 (x86: UARTs), or, with
# realboot.ports=virtio on the kernel command line (arm64 `virt` has one UART),
# the virtio-serial ports named realboot.ctl and realboot.res (set at the end).

res() { printf '%s\n' "$*" > "$RES"; }

# res_file NAME FILE: each line of FILE as `NAME: line`.
res_file() {
    [ -r "$2" ] || { res "$1: (no $2)"; return; }
    while IFS= read -r line || [ -n "$line" ]; do res "$1: $line"; done < "$2"
}

# res_cmd PREFIX COMMAND...: COMMAND's output (and exit status), each line as `PREFIX: line`.
res_cmd() {
    prefix=$1; shift
    "$@" > /run/realboot-cmd.out 2>&1
    rc=$?
    res_file "$prefix" /run/realboot-cmd.out
    res "$prefix: exit $rc"
}

uptime_s() { read -r up _ < /proc/uptime; echo "$up"; }

# A watchdog for a read from $CTL. coreutils' timeout puts the command in
# its own process group; a unit's script is a session leader, /dev/ttyS1 becomes
# its controlling tty, and a background group reading it would stop on SIGTTIN:
# keep it in the foreground. busybox's timeout (initramfs) has no such option.
if timeout --foreground 1 true 2>/dev/null; then
    watchdog() { timeout --foreground "$@"; }
else
    watchdog() { timeout "$@"; }
fi

# shot NAME: asks the host for a screendump and waits for its answer. The host
# re-dumps until the stage's expected picture is on screen (or its own deadline
# passes), so the wait here is only a watchdog.
shot() {
    ask "@@SCREENDUMP $1@@"
    res "shot $1: ${reply:-no answer} at $(uptime_s)"
    case $reply in ok*) return 0 ;; *) return 1 ;; esac
}

# ask LINE: writes LINE on $CTL, sets $reply to the host's answer (120 s watchdog).
ask() {
    exec 3<>"$CTL"
    stty -F "$CTL" raw -echo 2>/dev/null
    printf '%s\n' "$1" >&3
    reply=$(watchdog 120 head -n 1 <&3)
    exec 3>&-
}

# Input through QEMU (boot.py --input: a virtio keyboard and tablet):
# type_text TEXT (printable ASCII but @, US layout), press QCODE... (pressed
# together: `press ret`, `press ctrl c`), tap_px X Y (a pixel of the screen,
# through the tablet). Each returns once QEMU has taken the events.
type_text() { ask "@@TYPE $1@@"; res "input type $1: ${reply:-no answer} at $(uptime_s)"; [ "$reply" = ok ]; }
press() { ask "@@INPUT key $*@@"; res "input key $*: ${reply:-no answer} at $(uptime_s)"; [ "$reply" = ok ]; }
tap_px() { ask "@@INPUT tappx $1 $2@@"; res "input tap $1 $2: ${reply:-no answer} at $(uptime_s)"; [ "$reply" = ok ]; }

# wait_for SECONDS COMMAND...: runs COMMAND every 0.1 s until it succeeds;
# SECONDS (of uptime) is a watchdog: returns 1 then.
wait_for() {
    up=$(uptime_s)
    end=$(( ${up%.*} + $1 )); shift
    until "$@"; do
        up=$(uptime_s)
        [ "${up%.*}" -ge "$end" ] && return 1
        sleep 0.1
    done
    return 0
}

hud_up() { /usr/bin/hud ping >/dev/null 2>&1; }

# measure PREFIX: the splash daemon's memory and CPU so far, one line per
# process named plymouthd (hud as plymouthd, or Plymouth's) or hud:
# VmHWM and VmRSS (/proc/PID/status), Pss and its anonymous and file-backed
# parts (smaps_rollup), the sizes of the deleted files it maps, utime+stime and
# the start time (/proc/PID/stat, clock ticks) and the uptime now.
measure() {
    mprefix=$1
    hz=$(getconf CLK_TCK 2>/dev/null || echo 100)
    n=0
    for d in /proc/[0-9]*; do
        read -r comm < "$d/comm" 2>/dev/null || continue
        case $comm in plymouthd|hud) ;; *) continue ;; esac
        argv0=$(tr '\000' '\n' < "$d/cmdline" 2>/dev/null | head -n 1)
        hwm=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "$d/status" 2>/dev/null)
        rss=$(sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\) kB/\1/p' "$d/status" 2>/dev/null)
        pss=$(sed -n 's/^Pss:[[:space:]]*\([0-9]*\) kB/\1/p' "$d/smaps_rollup" 2>/dev/null)
        pss_anon=$(sed -n 's/^Pss_Anon:[[:space:]]*\([0-9]*\) kB/\1/p' "$d/smaps_rollup" 2>/dev/null)
        pss_file=$(sed -n 's/^Pss_File:[[:space:]]*\([0-9]*\) kB/\1/p' "$d/smaps_rollup" 2>/dev/null)
        # The files it maps that were deleted (the initramfs's, after switch-root):
        # whole files held in RAM while mapped, whatever of them is resident.
        held=$(for f in "$d"/map_files/*; do
                   case $(readlink "$f" 2>/dev/null) in *" (deleted)") stat -L -c '%d:%i %s' "$f" 2>/dev/null ;; esac
               done | sort -u | awk '{ s += $2 } END { printf "%d", s / 1024 }')
        stat=$(cat "$d/stat" 2>/dev/null) || continue
        up=$(uptime_s)
        # Fields after the comm's ") ": state is field 3, utime 14, stime 15, num_threads 20, starttime 22.
        set -- ${stat##*) }
        res "$mprefix: pid=${d#/proc/} comm=$comm argv0=$argv0 vmhwm_kb=$hwm vmrss_kb=$rss pss_kb=$pss pss_anon_kb=$pss_anon pss_file_kb=$pss_file held_kb=$held minflt=$8 majflt=${10} utime=${12} stime=${13} threads=${18} start_ticks=${20} hz=$hz uptime=$up exe=$(readlink "$d/exe" 2>/dev/null)"
        # Where it goes: Pss and Rss by mapped file ([anon], [heap], [stack] for the rest), 32 kB and up.
        awk '/^[0-9a-f]+-[0-9a-f]+ / { name = (NF >= 6) ? $6 : "[anon]" }
             /^Pss:/ { pss[name] += $2 } /^Rss:/ { rss[name] += $2 }
             END { for (m in pss) if (pss[m] >= 32) printf "%s pss_kb=%d rss_kb=%d\n", m, pss[m], rss[m] }' "$d/smaps" 2>/dev/null \
            | while read -r line; do res "$mprefix-map: pid=${d#/proc/} $line"; done
        n=$((n + 1))
    done
    [ "$n" -gt 0 ] || res "$mprefix: no process named plymouthd or hud"
}

# vport NAME: sets $port to the virtio-serial port NAME's device (/dev/vportNpM,
# found by name in sysfs: udev's /dev/virtio-ports links are not in the initramfs).
vport() {
    for f in /sys/class/virtio-ports/*/name; do
        [ -r "$f" ] && [ "$(cat "$f")" = "$1" ] || continue
        port=${f%/name}
        port=/dev/${port##*/}
        [ -c "$port" ] && return 0
    done
    return 1
}

CTL=/dev/ttyS1 RES=/dev/ttyS2
case " $(cat /proc/cmdline) " in
*" realboot.ports=virtio "*)
    # udev loads virtio_console in the initramfs (the lane's hook adds it); a
    # unit's script finds the ports at once.
    vport realboot.res || { modprobe virtio_console 2>/dev/null; wait_for 20 vport realboot.res; } \
        || echo "realboot: no virtio-serial port realboot.res after 20 s" > /dev/kmsg
    RES=${port:-/dev/null}
    port=
    vport realboot.ctl
    CTL=${port:-/dev/null}
    ;;
esac
