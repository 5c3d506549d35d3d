#!/bin/sh
# The daemon's end-to-end boot scenario, run in the guest by run-daemon-e2e.sh:
# `hud daemon` starts first (as at boot), then `hud` commands, psplash's FIFO
# and `hud pipe` drive it; each step is screendumped; quit and SIGTERM must
# give the console back. Output lines are tagged [step]; check-daemon.py
# decides PASS/FAIL from the log and the dumps.
HUD=${HUD:?HUD must name the hud binary}
here=$(dirname "$0")
shot() { sh "$here/../guest/shot.sh" "$1"; }
say() { echo "[$1] $2"; }
# hud NAME ARGS...: one client command, its output and exit status tagged.
hud() {
    name=$1; shift
    "$HUD" "$@" > "/tmp/$name.out" 2>&1
    code=$?
    sed "s/^/[$name] /" "/tmp/$name.out"
    say "$name" "exit=$code"
}
. "$here/settled.sh"
. "$here/../guest/shots.sh"
# answering NAME: waits until a daemon answers `ping` (at most 150 polls, 15 s), else says so.
answering() {
    i=0
    until "$HUD" ping 2>/dev/null; do
        i=$((i + 1)); [ $i -gt 150 ] && { say "$1" "never answered"; return 1; }
        sleep 0.1
    done
    say "$1" "listening after $i polls"
}

# The console as the daemon will find it.
printf '\033[2J\033[H' > /dev/tty1
for i in 1 2 3 4 5 6; do echo "KioskHUD console line $i ##########" > /dev/tty1; done
console=$(shot_stable d-console)

# 1. The daemon starts first, shows the theme's HUD at once (psplash style).
"$HUD" daemon --output kms --show --label Booting > /tmp/daemon.out 2>&1 &
echo $! > /tmp/daemon.pid
answering daemon
settled
shot d-boot

# 2. A ring at 50 % with a label.
hud ring show --mode ring --progress 50 --label "Updating" --no-animation
settled
shot d-ring50

# 3. psplash-write's protocol on psplash's FIFO: progress 100, a message.
printf 'PROGRESS 100\0MSG From psplash\0' > /run/psplash_fifo
settled
hud status1 status
shot d-ring100

# 4. A bar from `hud show`, then `updater | hud pipe` moves it.
hud bar show --mode bar --progress 25 --label "Bar"
settled
shot d-bar25
printf 'Downloading 40%%\nDownloading 75%%\n' | "$HUD" pipe > /tmp/pipe.out 2>&1
say pipe "exit=$?"
settled
hud status2 status
shot d-bar75

# 5. Errors are answered, the daemon goes on.
hud badvalue progress 150
printf 'show colour=red\n' > /tmp/garbage && "$HUD" ping > /dev/null
hud ping ping

# 6. hide: the HUD goes, the daemon keeps the screen (its backdrop).
hud hide hide --no-animation
settled
shot d-hidden

# 7. quit: the console comes back.
hud quit quit
wait "$(cat /tmp/daemon.pid)"
say daemon "exit=$?"
sed "s/^/[daemonlog] /" /tmp/daemon.out
shot_equal d-quit "$console"

# 8. A second daemon, stopped by SIGTERM: the console comes back too.
"$HUD" daemon --output kms --no-psplash > /tmp/daemon2.out 2>&1 &
pid=$!
answering daemon2
hud ring2 show --mode ring --progress 50 --label "Updating" --no-animation
settled
shot d-term-before
kill -TERM $pid
wait $pid
say daemon2 "exit=$?"
sed "s/^/[daemon2log] /" /tmp/daemon2.out
shot_equal d-term-after "$console"

# 9. Peak memory of a daemon showing a CJK label on the real display (static ring: no animation).
"$HUD" daemon --output kms --no-psplash > /tmp/daemon3.out 2>&1 &
pid=$!
answering daemon3
hud cjk show --mode ring --progress 30 --label "正在更新固件" --details "ソフトウェアを更新しています"
# Peak RSS is read once the labels are on screen (fonts loaded), not after a
# fixed sleep that a slow first font load can outlast.
i=0
until grep -q "first frame with its label drawn" /tmp/daemon3.out; do
    i=$((i + 1)); [ $i -gt 600 ] && { say rss "the label was never drawn (60 s)"; break; }
    sleep 0.1
done
settled
cjk=$(shot_digest d-cjk)
say rss "$(grep -E 'VmHWM' /proc/$pid/status | tr -s ' \t' ' ') $(grep -E 'RssAnon' /proc/$pid/status | tr -s ' \t' ' ')"
# 10. quit --retain: the last frame stays on screen for the next program.
hud quit3 quit --retain
wait $pid
say daemon3 "exit=$?"
shot_equal d-retained "$cjk"
exit 0
