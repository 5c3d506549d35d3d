#!/bin/sh
# Real-boot lane, stages run by systemd units in the real root.
# Usage: stage.sh switchroot|progress|plymouth|final|shutdown
. /usr/local/lib/realboot/lib.sh

case $1 in
switchroot)
    # b. right after switch-root: the initramfs daemon must still own the display.
    res "switchroot: start at $(uptime_s)"
    if hud_up; then res "switchroot: daemon answers"; else res "switchroot: no daemon answers"; fi
    for f in $(grep -a -l hud /proc/[0-9]*/cmdline 2>/dev/null); do
        res "switchroot: process $f: $(tr '\000' ' ' < "$f" 2>/dev/null)"
    done
    shot switchroot
    ;;
progress)
    # c. and d.: the splash driven from systemd, then through psplash's FIFO.
    res "progress: start at $(uptime_s)"
    wait_for 30 hud_up || res "progress: no daemon answers (30 s)"
    res_cmd "progress: hud progress" /usr/bin/hud progress 50
    res_cmd "progress: hud message" /usr/bin/hud message "From systemd"
    res_cmd "progress: hud status" /usr/bin/hud status
    shot systemd
    fifo=${PSPLASH_FIFO_DIR:-/run}/psplash_fifo
    if [ -p "$fifo" ]; then
        # A FIFO nobody reads would block: the timeout is a watchdog.
        timeout 10 sh -c 'printf "MSG From psplash\0" > "$1" && printf "PROGRESS 80\0" > "$1"' sh "$fifo" \
            || res "progress: writing $fifo failed or timed out"
    else
        res "progress: no FIFO at $fifo"
    fi
    res_cmd "psplash: hud status" /usr/bin/hud status
    shot psplash
    ;;
plymouth)
    res "plymouth: start at $(uptime_s)"
    res "plymouth: ping $(plymouth --ping && echo yes || echo no)"
    shot plymouth-systemd
    ;;
final)
    # e. the splash has quit and getty@tty1 shows its prompt; then results and poweroff.
    res "final: start at $(uptime_s)"
    state=$(timeout 120 systemctl is-system-running --wait 2>&1)
    res "final: system $state at $(uptime_s)"
    wait_for 60 systemctl -q is-active getty@tty1.service || res "final: getty@tty1 not active after 60 s"
    login_on_tty1() { tr -d '\000' < /dev/vcs1 | grep -q 'login:'; }
    if wait_for 60 login_on_tty1; then res "final: vcs1 has login: at $(uptime_s)"; else res "final: no login: on vcs1 after 60 s"; fi
    shot login
    res "final: vcs1 $(tr -d '\000' < /dev/vcs1 | tr -s ' ')"
    for u in getty@tty1.service kioskhud.service kioskhud-quit.service kioskhud-quit-wait.service \
             realboot-switchroot.service realboot-progress.service \
             plymouth-start.service plymouth-quit.service plymouth-quit-wait.service; do
        res "unit $u $(systemctl show -p LoadState,ActiveState,SubState,Result,ExecMainStatus "$u" | tr '\n' ' ')"
    done
    systemctl list-jobs --no-legend 2>&1 | sed 's/^/final: job /' > "$RES"
    res "final: hud ping $(hud_up && echo yes || echo no)"
    res_file "daemon-log" /run/kioskhud/daemon.log
    res "final: kernel crng $(dmesg 2>/dev/null | grep 'crng init done' | tr -s ' ')"
    journalctl --flush 2>/dev/null
    sync
    res "final: poweroff at $(uptime_s)"
    systemctl poweroff
    ;;
shutdown)
    res "shutdown: start at $(uptime_s)"
    res "shutdown: hud ping $(hud_up && echo yes || echo no)"
    res_cmd "shutdown: hud status" /usr/bin/hud status
    shot shutdown
    ;;
esac
exit 0
