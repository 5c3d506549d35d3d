#!/bin/sh
# PID 1 of a board/realboot/measure.sh VM (init=/opt/kioskhud-bench/init.sh;
# the image's own initramfs mounted the root read-only and moved /dev, /proc,
# /sys and /run into it). No systemd, no udev: nothing else runs, so the first
# program started here is the first start after boot, its binary and
# libraries not in the page cache.
#
# Kernel command line:
#   kb.first=NAME     the program started cold (first thing after boot)
#   kb.progs=A,B,...  then each of these in turns (rotating order), kb.rounds times
#   kb.rounds=N       (default 2): each program's starts after its first are "warm"
#   kb.validate=1     also check ffwatch: validate (black buffer, then content
#                     300 ms later) and /bin/true (must time out)
#   kb.vm=ID          echoed in every result line
#   kb.dropcold=N     then N more rounds with the page cache dropped before
#                     each start (echo 3 > drop_caches): phase "dropped", a
#                     cheaper stand-in for cold that is not the first start
#   kb.ra=KB          read_ahead_kb of /dev/vda before anything starts
# Program names: c (the C floor), ply (plymouthd + plymouth show-splash),
# hud (/usr/bin/hud daemon --show), hudnt (the same without --theme), hud-VARIANT (/opt/kioskhud-bench/hud-VARIANT,
# same arguments), hudd (hud display --label Loading), and any hud name with
# +dethash (SWIFT_DETERMINISTIC_HASHING=1), +nobt (SWIFT_BACKTRACE=enable=no),
# +ldstat (LD_DEBUG=statistics: ld.so's relocation time, in the output)
# and/or +pf (started through bench/prefetch.c: its binary fadvise(WILLNEED)d)
# appended. Results go to /dev/ttyS1 (the host's second serial port), one
# line each: "R vm=.. phase=cold|first|warm prog=.. ffwatch ...", program
# output as "O ..." lines; then the machine powers off.
PATH=/usr/sbin:/usr/bin:/sbin:/bin
export PATH
B=/opt/kioskhud-bench
W=$B/ffwatch
exec 3>/dev/ttyS1
first=c progs=c,hud,ply rounds=2 validate=0 vm=0 dropcold=0 ra=
read -r cmdline < /proc/cmdline
for w in $cmdline; do
    case $w in
    kb.first=*) first=${w#kb.first=} ;;
    kb.progs=*) progs=${w#kb.progs=} ;;
    kb.rounds=*) rounds=${w#kb.rounds=} ;;
    kb.validate=*) validate=${w#kb.validate=} ;;
    kb.vm=*) vm=${w#kb.vm=} ;;
    kb.dropcold=*) dropcold=${w#kb.dropcold=} ;;
    kb.ra=*) ra=${w#kb.ra=} ;;
    esac
done
HUDARGS="daemon --output kms --show --no-psplash --socket /run/x.sock --theme $B/splash.json"
say() { echo "$*" >&3; }
INCORE="$B/incore -r /usr/bin/hud $B/hud-* /usr/sbin /usr/bin /usr/lib/x86_64-linux-gnu /usr/lib/x86_64-linux-gnu/plymouth /usr/lib/x86_64-linux-gnu/plymouth/renderers /usr/share/plymouth/themes/spinner"
[ -n "$ra" ] && echo "$ra" > /sys/block/vda/queue/read_ahead_kb

# The console's framebuffer (fbcon), which ffwatch does not count as a frame.
cfb=$($W -q | { read -r a; echo "$a"; })
say "B vm=$vm console-fb=$cfb first=$first progs=$progs rounds=$rounds"

# run PHASE NAME: start NAME under ffwatch, report, stop it.
run() {
    phase=$1 name=$2
    base=${name%%+*}
    flags=${name#"$base"}
    case $base in
    c) set -- $B/floor ;;
    ply) set -- $B/ply.sh ;;
    hud) set -- /usr/bin/hud $HUDARGS ;;
    hudnt) set -- /usr/bin/hud daemon --output kms --show --no-psplash --socket /run/x.sock ;;
    hudd) set -- /usr/bin/hud display --label Loading --seconds 60 --stats ;;
    hud-*) set -- $B/$base $HUDARGS ;;
    validate) set -- $B/validate ;;
    true) set -- /bin/true ;;
    *) say "E unknown program $name"; return ;;
    esac
    # +pf: the binary is fadvise(WILLNEED)d by bench/prefetch.c, which then execs it
    case $flags in *+pf*) set -- $B/prefetch "$1" -- "$@" ;; esac
    timeout=20000
    [ "$base" = true ] && timeout=1500
    out=/run/kb-$name.out
    line=$(
        case $flags in *+dethash*) SWIFT_DETERMINISTIC_HASHING=1; export SWIFT_DETERMINISTIC_HASHING ;; esac
        case $flags in *+nobt*) SWIFT_BACKTRACE=enable=no; export SWIFT_BACKTRACE ;; esac
        case $flags in *+ldstat*) LD_DEBUG=statistics; export LD_DEBUG ;; esac
        if [ "$phase" = cold ]; then
            # What the cold start had read by its first frame: the page cache
            # then (only init, dash, libc and ffwatch ran before it).
            exec $W -n "$name" -b "$cfb" -t $timeout -k -d /run/plymouth -o $out -x "$INCORE > /run/kb-incore.out" -- "$@"
        fi
        exec $W -n "$name" -b "$cfb" -t $timeout -k -d /run/plymouth -o $out -- "$@"
    )
    say "R vm=$vm phase=$phase prog=$name $line"
    while read -r l; do say "O vm=$vm phase=$phase prog=$name $l"; done < $out
    if [ "$base" = ply ]; then
        plymouth quit
        # plymouthd answers quit before it has given the display back
        i=0; while [ -e /run/plymouth/pid ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
    fi
    # Wait for the console to be back on screen before the next start.
    i=0
    while [ $i -lt 40 ]; do
        now=$($W -q | { read -r a; echo "$a"; })
        [ "$now" = "$cfb" ] && break
        sleep 0.1; i=$((i + 1))
    done
    [ "$now" = "$cfb" ] || say "E vm=$vm console not back after $name (fb $now)"
    sleep 0.3
}

run cold "$first"
[ -f /run/kb-incore.out ] && while read -r l; do say "I vm=$vm prog=$first $l"; done < /run/kb-incore.out
seen=" $first "
list=$(echo "$progs" | tr ',' ' ')
n=0; for p in $list; do n=$((n + 1)); done
r=0
while [ $r -lt "$rounds" ]; do
    # rotate: round r starts at the (r mod n)-th program
    set -- $list
    k=$((r % n)); while [ $k -gt 0 ]; do x=$1; shift; set -- "$@" "$x"; k=$((k - 1)); done
    for p in "$@"; do
        case $seen in *" $p "*) phase=warm ;; *) phase=first; seen="$seen$p " ;; esac
        run $phase "$p"
    done
    r=$((r + 1))
done
r=0
while [ $r -lt "$dropcold" ]; do
    set -- $list
    k=$((r % n)); while [ $k -gt 0 ]; do x=$1; shift; set -- "$@" "$x"; k=$((k - 1)); done
    for p in "$@"; do
        sync; echo 3 > /proc/sys/vm/drop_caches
        run dropped "$p"
    done
    r=$((r + 1))
done
if [ "$validate" = 1 ]; then
    run check validate
    run check true
fi
say "D vm=$vm uptime=$(cat /proc/uptime)"
dmesg | grep -E 'crng|random:' | while read -r l; do say "K vm=$vm $l"; done
say "END vm=$vm"
echo o > /proc/sysrq-trigger
sleep 10
