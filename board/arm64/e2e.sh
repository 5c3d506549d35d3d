#!/usr/bin/env bash
# The ARM board's end-to-end checks: an aarch64 `hud` on Debian trixie arm64 in
# qemu-system-aarch64 -M virt with a virtio-gpu (board/arm64/vm.py), its root on a virtio-blk ext4
# disk. Two boots of one disk: `hud display` (board/arm64/display-guest.sh, judged by
# check-display.py with board/qemu/e2e/check.py's checks) and `hud daemon` driven by `hud`
# clients and psplash FIFO writes (board/qemu/e2e/daemon-guest.sh, judged by check-daemon.py,
# both unchanged). Prints PASS/FAIL per check and "N passed, M failed"; exits 1 on a failure.
#   board/arm64/e2e.sh HUD_AARCH64_BINARY
set -uo pipefail
cd "$(dirname "$0")/../.."
hud=${1:?usage: board/arm64/e2e.sh HUD_AARCH64_BINARY}
out=${KIOSKHUD_ARM64_E2E_OUT:-.build-arm64-release/e2e}
board=$(bash board/arm64/make-root.sh) || exit 1
rm -rf "$out"; mkdir -p "$out/files/board/qemu/e2e" "$out/files/board/qemu/guest" "$out/files/board/arm64"
cp "$hud" "$out/files/hud"
cp board/qemu/e2e/daemon-guest.sh board/qemu/e2e/settled.sh "$out/files/board/qemu/e2e/"
cp board/qemu/guest/shot.sh board/qemu/guest/shots.sh "$out/files/board/qemu/guest/"
cp board/arm64/display-guest.sh "$out/files/board/arm64/"
for s in display:board/arm64/display-guest.sh daemon:board/qemu/e2e/daemon-guest.sh; do
    printf 'HUD=/kioskhud/hud exec sh %s\n' "${s#*:}" > "$out/files/run-${s%%:*}.sh"
done
passed=0 failed=0
run() {  # NAME CHECKER [vm.py disk options]
    local name=$1 checker=$2; shift 2
    local t=$SECONDS rc=0
    python3 board/arm64/vm.py --board "$board" --files "$out/files" --dump-dir "$out/$name" --log "$out/$name.log" \
        --timeout 600 --quiet "$@" "run-$name.sh" || rc=$?
    echo "arm64 e2e: $name boot: exit $rc in $((SECONDS - t)) s"
    if ((rc != 0)); then tail -30 "$out/$name.log"; failed=$((failed + 1)); fi
    python3 "$checker" "arm64-$name" "$out/$name.log" "$out/$name" > "$out/$name.results"
    cat "$out/$name.results"
    passed=$((passed + $(grep -c '^PASS' "$out/$name.results")))
    failed=$((failed + $(grep -c '^FAIL' "$out/$name.results")))
}
run display board/arm64/check-display.py --keep-disk "$out/disk.img"
run daemon board/qemu/e2e/check-daemon.py --disk "$out/disk.img"
rm -f "$out/disk.img"
echo "arm64 e2e: $passed passed, $failed failed"
((failed == 0))
