#!/bin/sh
# Real-boot lane, stages run by systemd units in the real root.
# Usage: stage.sh switchroot|progress|plymouth|client|final|shutdown
. /usr/local/lib/realboot/lib.sh

case $1 in
switchroot)
    # b. right after switch-root: the initramfs daemon must still own the display.
    res "switchroot: start at $(uptime_s)"
    if hud_up; then res "switchroot: daemon answers"; else res "switchroot: no daemon answers"; fi
    for f in $(grep -a -l -e hud -e plymouthd /proc/[0-9]*/cmdline 2>/dev/null); do
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
    # m. An image without Plymouth's client (arm64) samples the daemon here,
    # after the boot's units have driven it, as the client stage does elsewhere.
    [ -x /usr/bin/plymouth ] || [ ! -x /usr/bin/hud ] || measure measure
    ;;
plymouth)
    res "plymouth: start at $(uptime_s)"
    res "plymouth: ping $(plymouth --ping && echo yes || echo no)"
    shot plymouth-systemd
    ;;
client)
    # g. Debian's own plymouth client, as systemd's units, initramfs-tools and
    # display managers call it, against what serves Plymouth's socket: hud as
    # plymouthd, or Plymouth's plymouthd in its image (the same commands, their
    # exit codes compared by check.py). m. First the daemon's memory and CPU,
    # at this same point of both boots (after the boot's units, before the quit).
    res "client: start at $(uptime_s) install=$(cat /etc/realboot-install 2>/dev/null)"
    measure measure
    hud=no
    [ -x /usr/bin/hud ] && hud=yes
    status() { /usr/bin/hud status 2>&1 | sed -n "s/^$1=//p"; }
    ply() {
        # ply NAME ARGS...: `plymouth ARGS`, its exit status as `client: plymouth NAME exit N`.
        name=$1; shift
        timeout --foreground 60 plymouth "$@" > /run/realboot-ply.out 2>&1
        rc=$?
        res "client: plymouth $name exit $rc$(tr '\n' ' ' < /run/realboot-ply.out | sed 's/^./ output: &/')"
        return $rc
    }
    if [ $hud = yes ]; then
        wait_for 30 hud_up || res "client: no daemon answers on our socket (30 s)"
        # systemd sends each unit it starts over Plymouth's socket (U): the
        # daemon has kept the last as boot-status=.
        has_boot_status() { [ -n "$(status boot-status)" ]; }
        wait_for 30 has_boot_status || res "client: no boot-status= in hud status after 30 s"
        bs=$(status boot-status)
        res "client: boot-status from systemd: $bs ($(systemctl show -p LoadState --value -- "$bs" 2>&1))"
    fi
    ply ping --ping
    # systemd keeps sending unit names: the status is read back until it is ours (5 tries).
    tries=0
    while [ $tries -lt 5 ]; do
        tries=$((tries + 1))
        ply update update --status=realboot-client-status
        [ $hud = yes ] || break
        got=$(status boot-status)
        res "client: update try $tries: boot-status=$got"
        [ "$got" = realboot-client-status ] && break
    done
    ply display-message display-message --text="From Plymouth"
    if [ $hud = yes ]; then
        res "client: display-message status label=$(status label)"
        shot plymouth-message
    fi
    ply change-mode-updates change-mode --updates
    [ $hud = yes ] && res "client: change-mode --updates status splash-mode=$(status splash-mode)"
    ply change-mode-boot-up change-mode --boot-up
    [ $hud = yes ] && res "client: change-mode --boot-up status splash-mode=$(status splash-mode)"
    ply deactivate deactivate
    # The display let go of (DRM master dropped, the picture left as it is) until reactivate.
    [ $hud = yes ] && res "client: deactivate status display=$(status display)"
    ply reactivate reactivate
    [ $hud = yes ] && res "client: reactivate status display=$(status display)"
    if [ $hud = yes ]; then
        res "client: reactivate status label=$(status label)"
        shot plymouth-reactivated
    fi
    # i. Prompts and the button, once the daemon has them (the prompt work writes
    # /run/plymouth/pid, and `hud plymouthd` then reads input): a passphrase
    # asked by systemd-ask-password, which systemd's Plymouth agent
    # (systemd-ask-password-plymouth.path: ConditionPathExists=/run/plymouth/pid)
    # forwards to the daemon, typed through QEMU once `hud status` shows the
    # prompt; then a tap through QEMU's tablet on the HUD's button.
    if [ $hud = yes ] && [ -e /run/plymouth/pid ]; then
        res "prompt: start at $(uptime_s), /run/plymouth/pid $(cat /run/plymouth/pid), agent $(systemctl is-active systemd-ask-password-plymouth.path)"
        systemd-ask-password --timeout=180 --id=realboot:passphrase "Realboot passphrase:" \
            < /dev/null > /run/realboot-pw.out 2> /run/realboot-pw.err &
        askpid=$!
        prompted() { [ "$(status prompt)" = password ]; }
        if wait_for 60 prompted; then
            res "prompt: hud status prompt=password at $(uptime_s)"
            type_text 'Kiosk-HUD_1.2 pw' && press ret
        else
            res "prompt: no prompt=password in hud status after 60 s"
            kill "$askpid" 2>/dev/null
        fi
        wait "$askpid"
        rc=$?
        res "prompt: systemd-ask-password exit $rc answer [$(cat /run/realboot-pw.out)] $(tr '\n' ' ' < /run/realboot-pw.err)"
        res "prompt: hud status prompt=$(status prompt) label=$(status label)"
    else
        res "prompt: skipped (no hud, or no /run/plymouth/pid: no passphrase can be typed into the daemon)"
    fi
    dlog=/run/kioskhud/daemon.log
    # Input starts when something needs it (a prompt, or this button): the
    # button is shown first, then the daemon must say it reads input.
    reading() { grep -q 'input: reading' "$dlog" 2>/dev/null; }
    if [ $hud = yes ]; then
        before=$(grep -c 'button at' "$dlog")
        res_cmd "button: hud update" /usr/bin/hud update --button Tap
        wait_for 10 reading || /usr/bin/hud update --button '' > /dev/null 2>&1
    fi
    if [ $hud = yes ] && reading; then
        /usr/bin/hud wait-button > /run/realboot-button.out 2>&1 &
        wbpid=$!
        button_logged() { [ "$(grep -c 'button at' "$dlog")" -gt "$before" ]; }
        if wait_for 30 button_logged; then
            # `button at X,Y WxH px`: its middle.
            set -- $(grep 'button at' "$dlog" | tail -n 1 | sed 's/.*button at \([0-9]*\),\([0-9]*\) \([0-9]*\)x\([0-9]*\) px.*/\1 \2 \3 \4/')
            res "button: at $1,$2 $3x$4 px"
            tap_px $(($1 + $3 / 2)) $(($2 + $4 / 2))
        else
            res "button: no 'button at' in the daemon's log after 30 s"
        fi
        waiting() { ! kill -0 "$wbpid" 2>/dev/null; }
        wait_for 30 waiting || kill "$wbpid" 2>/dev/null
        wait "$wbpid"
        res "button: hud wait-button exit $? $(tr '\n' ' ' < /run/realboot-button.out)"
        /usr/bin/hud update --button '' > /dev/null 2>&1
    else
        res "button: skipped (no hud, or the daemon reads no input: no 'input: reading' in $dlog)"
    fi
    # A display manager's hand-over: the picture stays until the next user of
    # the display (here getty@tty1, ordered after this unit) draws.
    ply quit-retain-splash quit --retain-splash
    ply ping-after-quit --ping
    if [ $hud = yes ]; then
        res "client: hud ping after quit $(hud_up && echo yes || echo no)"
        shot retained
    fi
    ;;
final)
    # e. the splash has quit and getty@tty1 shows its prompt; then results and poweroff.
    res "final: start at $(uptime_s)"
    res "final: install $(cat /etc/realboot-install 2>/dev/null)"
    state=$(timeout 120 systemctl is-system-running --wait 2>&1)
    res "final: system $state at $(uptime_s)"
    wait_for 60 systemctl -q is-active getty@tty1.service || res "final: getty@tty1 not active after 60 s"
    login_on_tty1() { tr -d '\000' < /dev/vcs1 | grep -q 'login:'; }
    if wait_for 60 login_on_tty1; then res "final: vcs1 has login: at $(uptime_s)"; else res "final: no login: on vcs1 after 60 s"; fi
    shot login
    res "final: vcs1 $(tr -d '\000' < /dev/vcs1 | tr -s ' ')"
    if grep -qs 'Virtio Tablet' /sys/class/input/input*/name; then
        # h. Input through QEMU (boot.py --input), as the prompts and the button will get it:
        # text typed into getty's login prompt on tty1, and a tap through the tablet that
        # `hud input` (libinput, xkbcommon) reads at the pixel asked for.
        typed() { tr -d '\000' < /dev/vcs1 | grep -q 'login: Kiosk-HUD_1.2'; }
        typed && res "final: typed text on tty1 before typing"
        type_text 'Kiosk-HUD_1.2'
        if wait_for 30 typed; then res "final: typed text on tty1: yes"; else res "final: typed text on tty1: no"; fi
        res "final: vcs1 after typing $(tr -d '\000' < /dev/vcs1 | tr -s ' ')"
        if [ -x /usr/bin/hud ]; then
            SWIFT_BACKTRACE=enable=no /usr/bin/hud input --seconds 90 --size 1280x800 > /run/realboot-input.out 2>&1 &
            inpid=$!
            tablet_seen() { grep -q 'device added .*Tablet' /run/realboot-input.out; }
            wait_for 30 tablet_seen || res "final: hud input saw no tablet in 30 s"
            res "final: button lines before the tap: $(grep -c 'pointer button' /run/realboot-input.out)"
            tap_px 640 400
            tapped() { grep -q 'pointer button left released' /run/realboot-input.out; }
            wait_for 30 tapped || res "final: hud input saw no tap in 30 s"
            kill "$inpid" 2>/dev/null
            res_file "hud-input" /run/realboot-input.out
        fi
    fi
    for u in getty@tty1.service kioskhud.service kioskhud-quit.service kioskhud-quit-wait.service \
             realboot-switchroot.service realboot-progress.service realboot-client.service \
             plymouth-start.service plymouth-quit.service plymouth-quit-wait.service \
             systemd-ask-password-plymouth.path systemd-ask-password-console.path; do
        res "unit $u $(systemctl show -p LoadState,ActiveState,SubState,Result,ExecMainStatus "$u" | tr '\n' ' ')"
    done
    systemctl list-jobs --no-legend 2>&1 | sed 's/^/final: job /' > "$RES"
    res "final: hud ping $(hud_up && echo yes || echo no)"
    res "final: /run/plymouth/pid $(cat /run/plymouth/pid 2>&1)"
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
