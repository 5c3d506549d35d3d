#!/usr/bin/env bash
# Boot progress as Plymouth's, across two boots: `hud daemon --plymouth` with a temporary state directory
# (--state-dir) is fed unit statuses by Debian's `plymouth update` client. The first boot, with no record,
# estimates from time alone (over 60 s: little progress after a few seconds), and after
# `plymouth update-root-fs --read-write` (system-initialized) records the statuses at quit; the second,
# fed the same statuses at the same pace, reads that record and its progress (`hud status`: the HUD's
# progress= and boot-progress=) moves with them, most of the way by the last one. Then `hud progress 50`
# wins over the estimate; a corrupt record is named in one log line, and a daemon that moves into the real
# root (newroot, as one started in the initramfs) takes the record found there. The margins are wide (the
# pace is a second between statuses; the checks ask for less than half of what it gives).
# Plymouth's socket is global per network namespace: re-run in a new one (root), as
# check-plymouth-client.sh. Usage: scripts/check-boot-progress.sh [HUD_BINARY] (default: the debug build).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z ${KIOSKHUD_PLYMOUTH_NETNS:-} ]]; then
    [[ $(id -u) -eq 0 ]] || { echo "check-boot-progress: FAIL, needs root (unshare -n)"; exit 1; }
    exec unshare -n env KIOSKHUD_PLYMOUTH_NETNS=1 bash "$0" "$@"
fi
hud=${1:-$(swift build --show-bin-path)/hud}
[[ -x $hud ]] || { echo "check-boot-progress: FAIL, no $hud (swift build first)"; exit 1; }
command -v plymouth >/dev/null || { echo "check-boot-progress: FAIL, no plymouth client (bash scripts/install-deps.sh)"; exit 1; }
tmp=$(mktemp -d)
daemon=
trap '[[ -n $daemon ]] && kill "$daemon" 2>/dev/null; rm -rf "$tmp"' EXIT
name=check-boot-progress wait_seconds=10
. scripts/plymouth-check-lib.sh
state=$tmp/state    # not there yet: made at quit once system-initialized has come
record=$state/boot-progress
units=(kioskhud-a.service kioskhud-b.service kioskhud-c.service kioskhud-d.service)
status() { "$hud" status --socket "$tmp/hud.sock" | sed -n "s/^$1=//p"; }
expect_log() {
    grep -qF -- "$1" "$tmp/daemon.log" || fail "the daemon's log has no line with '$1'"
    ok
}
# at_least A B: A >= B, both percentages (decimals allowed).
at_least() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 >= b + 0) }'; }
# boot [spinner]: a daemon whose HUD shows a bar (the estimate moves a bar, ring or pie only), or the built-in spinner.
boot() {
    "$hud" daemon --output none --socket "$tmp/hud.sock" --no-psplash --cmdline /dev/null --plymouth \
        --state-dir "$state" --boot-status-label --show 2>"$tmp/daemon.log" &
    daemon=$!
    for _ in $(seq 100); do "$hud" ping --socket "$tmp/hud.sock" >/dev/null 2>&1 && break; sleep 0.1; done
    expect 0 plymouth --ping
    [[ ${1:-} == spinner ]] || expect 0 "$hud" update --mode bar --socket "$tmp/hud.sock"
}
# feed: each unit's status a second apart; progress.N = the HUD's progress after unit N.
feed() {
    local i=0
    for unit in "${units[@]}"; do
        sleep 1
        expect 0 plymouth update --status="$unit"
        i=$((i + 1))
        status progress >"$tmp/progress.$i"
    done
}
quit() {
    expect 0 plymouth quit
    timeout 10 tail --pid="$daemon" -f /dev/null || fail "the daemon is still running 10 s after quit"
    wait "$daemon" || fail "the daemon exited $? after quit"
    daemon=
}

# First boot: no record, time alone.
boot
expect_log "no record of an earlier boot in $record"
feed
first=$(cat "$tmp/progress.4")
at_least 30 "$first" || fail "first boot, no record: progress $first % after 4 statuses a second apart, expected time alone (about 7 %, 60 s expected; 30 % would be 18 s)"
ok
[[ $(status label) == "${units[3]}" ]] || fail "--boot-status-label: the label is '$(status label)', expected ${units[3]}"
ok
sleep 1
expect 0 plymouth update-root-fs --read-write    # system-initialized: the root is writable
quit
expect_log "boot progress: recorded 4 statuses"
[[ $(head -1 "$record" 2>/dev/null) == "kioskhud-boot-progress 1" ]] || fail "no record in $record: $(ls -la "$state" 2>&1)"
ok
for unit in "${units[@]}"; do
    grep -qE "^[01]\.[0-9]{4} $unit\$" "$record" || fail "$record has no line for $unit: $(cat "$record")"
    ok
done

# Second boot: the record paces the bar.
boot
expect_log "estimating from $record (4 statuses"
feed
p1=$(cat "$tmp/progress.1") p2=$(cat "$tmp/progress.2") p3=$(cat "$tmp/progress.3") p4=$(cat "$tmp/progress.4")
for pair in "$p2 $p1" "$p3 $p2" "$p4 $p3"; do
    read -r later earlier <<<"$pair"
    at_least "$later" "$earlier" && [[ $later != "$earlier" ]] || fail "second boot: progress went $p1, $p2, $p3, $p4 %: not moving up with the statuses"
    ok
done
at_least "$p4" 40 || fail "second boot: progress $p4 % at the last status (about 80 % of the recorded boot), first boot $first %"
ok
at_least "$(status boot-progress)" "$p4" || fail "boot-progress=$(status boot-progress) below the HUD's $p4 %"
ok
# A client's progress wins from then on.
expect 0 "$hud" progress 50 --socket "$tmp/hud.sock"
expect 0 plymouth update --status=kioskhud-late.service
sleep 0.6
[[ $(status progress) == 50 ]] || fail "after 'hud progress 50' the HUD's progress is $(status progress)"
ok
quit

# A corrupt record: one line naming it and what is wrong; the daemon carries on with time alone. Then, as
# a daemon started in the initramfs, it moves into the real root (`hud newroot`), whose record (the same
# path inside it) paces the rest of the boot.
mkdir -p "$tmp/newroot$state"
cp "$record" "$tmp/newroot$record"
printf 'kioskhud-boot-progress 1\nduration 10\nnot a record line\n' >"$record"
boot spinner
expect_log "boot progress: $record is not usable (line 3: expected 'FRACTION STATUS'"
expect 0 "$hud" newroot "$tmp/newroot" --socket "$tmp/hud.sock"
expect_log "boot progress: estimating from $record in the new root ("
units=("${units[@]:0:2}")
feed
moved=$(status boot-progress)
at_least "$moved" 20 || fail "after newroot: boot-progress $moved % at the second status (about 40 % of the recorded boot)"
ok
# A spinner theme ignores the estimate, as a Plymouth theme without a progress bar: the HUD keeps its spinner.
[[ $(status mode) == indeterminate && $(status progress) == 0 ]] || fail "the spinner HUD was changed by the estimate: mode=$(status mode) progress=$(status progress)"
ok
quit
echo "check-boot-progress: boots through Debian's plymouth client, first ${first} %, second ${p1} → ${p4} % over the same statuses, ${moved} % at the second after newroot: $checks checks passed"
