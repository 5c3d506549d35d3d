#!/usr/bin/env bash
# Cold start, in one batch: exec -> first frame on screen of the C floor
# (board/qemu/bench/firstframe.c), `hud daemon --show` and Debian's Plymouth
# (plymouthd + plymouth show-splash, spinner theme), all in the same real
# Debian 12 image (the real-boot lane's Plymouth image, plus hud and bench/),
# booted from a virtio-blk ext4 disk with the image's own kernel and initramfs
# (its lane probe left out) and init=bench/init.sh: a fresh VM for every cold start.
#  - cold: the first program started after boot (its binary and libraries not
#    in the page cache); warm: a later start of the same program in that boot;
#  - RNG ready (-cpu max: RDRAND) and unready (QEMU's default CPU model, no
#    virtio-rng); each start records whether crng was ready (getrandom
#    GRND_NONBLOCK) and the VM's dmesg says when it became ready;
#  - one detector for all: bench/ffwatch.c polls the CRTC every ms and counts
#    the first framebuffer that is not the console's and has a non-black pixel;
#  - kernel start -> first frame: CLOCK_BOOTTIME when the cold start's frame
#    was seen (the program started by init right after the initramfs).
# Prints medians / minima and the ratio to the C floor in the same cell.
# Numbers come from an emulated CPU (TCG): compare ratios.
#
# Environment:
#   HUD=PATH        hud binary (default: scripts/build-release.sh .build-qemu)
#   RUNS=N          fresh VMs per cold cell (default 3)
#   ROUNDS=N        warm rounds per VM (default 2: every program twice more)
#   RNG="ready unready"  which cells
#   PROGS="c hud ply"    programs; each is started cold in RUNS VMs per RNG cell
#   EXTRA="..."     more programs started cold the same way, measured against
#                   the same C runs: hud+dethash, hud+nobt, hud+pf, hud-NAME (a variant)
#   COLD="..."      only these are started cold (default: all of PROGS and EXTRA)
#   WARM="..."      only these take turns after the cold start (default: all)
#   HUD_VARIANTS="NAME=PATH ..."  installs PATH as /opt/kioskhud-bench/hud-NAME
#   DROPCOLD=N      per VM, N more rounds with the page cache dropped before each start
#   READAHEAD=KB    read_ahead_kb of the guest's disk (default: the kernel's, 128)
#   VGAMEM=SIZE     the bochs display's VRAM (default 16M, QEMU's)
#   KEEP_LOGS=DIR   where the VMs' logs go (default $scratch/logs)
set -uo pipefail
# All in a function, parsed before it runs: editing this file during a batch
# cannot change what the running batch does.
main() {
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
scratch=${KIOSKHUD_MEASURE_SCRATCH:-/var/tmp/kioskhud-realboot-measure}
RUNS=${RUNS:-3}
ROUNDS=${ROUNDS:-2}
RNG=${RNG:-ready unready}
PROGS=${PROGS:-c hud ply}
EXTRA=${EXTRA:-}
logs=${KEEP_LOGS:-$scratch/logs}
t_start=$(date +%s)
cd "$repo"
mkdir -p "$scratch"
say() { echo "[measure] $*" >&2; }

if [[ -z ${HUD:-} ]]; then
    say "building hud (scripts/build-release.sh .build-qemu)"
    bash scripts/build-release.sh .build-qemu || exit 1
    HUD=$repo/.build-qemu/release/hud
fi
[[ -x $HUD ]] || { say "no hud binary at $HUD"; exit 1; }

# --- bench programs (built on this Debian 12 host, run in the Debian 12 guest)
bin=$scratch/bin
mkdir -p "$bin"
gcc -O2 -Wall -static -I/usr/include/libdrm -o "$bin/ffwatch" "$here/bench/ffwatch.c" || exit 1
gcc -O2 -Wall -static -o "$bin/incore" "$here/bench/incore.c" || exit 1
gcc -O2 -Wall -static -o "$bin/prefetch" "$here/bench/prefetch.c" || exit 1
gcc -O2 -Wall -o "$bin/floor" "$here/bench/floor.c" $(pkg-config --cflags --libs libdrm) || exit 1
gcc -O2 -Wall -o "$bin/validate" "$here/bench/validate.c" $(pkg-config --cflags --libs libdrm) || exit 1

# --- the image: the real-boot lane's Plymouth image (board/realboot/run.sh's
# `plymouth` variant: Debian 12 after `apt purge kioskhud`, Debian's Plymouth
# back), with its kernel; its initrd (made by the root's own update-initramfs)
# carries the lane's probe, init-premount/zz-realboot, which waits for the host:
# here it is made a no-op, so the boot runs Plymouth's stock initramfs.
# The stock-ified initrd is cached, keyed by the lane's.
lane=${KIOSKHUD_REALBOOT_CACHE:-/var/tmp/kioskhud-realboot}/image-plymouth
for f in disk.ext4 vmlinuz initrd.img; do
    [[ -s $lane/$f ]] || { say "no $lane/$f: run the real-boot lane first (KIOSKHUD_REALBOOT_VARIANTS=\"kioskhud plymouth\" bash board/realboot/run.sh)"; exit 1; }
done
key=$(sha256sum < "$lane/initrd.img" | cut -c1-16)
img=$scratch/image-$key
if [[ ! -s $img/boot/initrd.img ]]; then
    say "making the lane's Plymouth initrd stock (cached as $img)"
    rm -rf "$img" && mkdir -p "$img/boot" "$img/initrd"
    unmkinitramfs "$lane/initrd.img" "$img/initrd" || { say "unmkinitramfs failed"; exit 1; }
    [[ -d $img/initrd/scripts ]] || { say "$lane/initrd.img has an early part: not handled here"; exit 1; }
    probe=$img/initrd/scripts/init-premount/zz-realboot
    [[ -f $probe ]] || { say "no lane probe in $lane/initrd.img (scripts/init-premount/zz-realboot)"; exit 1; }
    printf '#!/bin/sh\n# The real-boot lane probe, left out by board/realboot/measure.sh.\n[ "$1" = prereqs ] && echo plymouth\nexit 0\n' > "$probe"
    (cd "$img/initrd" && find . | LC_ALL=C sort | cpio --quiet -o -H newc -R 0:0 | zstd -q -1 > "$img/boot/initrd.img") \
        || { say "repacking the initrd failed"; exit 1; }
    rm -rf "$img/initrd"
fi
ln -sf "$lane/vmlinuz" "$img/boot/vmlinuz"
disk=$scratch/disk.ext4
cp --sparse=always "$lane/disk.ext4" "$disk"
# Files go in with debugfs (no loop device, no mount); the modes come from the sources.
cmds=$scratch/debugfs.cmds
{
    echo "mkdir /opt"
    echo "mkdir /opt/kioskhud-bench"
    echo "rm /usr/bin/hud"
    echo "write $HUD /usr/bin/hud"
    for f in ffwatch incore prefetch floor validate; do echo "write $bin/$f /opt/kioskhud-bench/$f"; done
    for f in init.sh ply.sh; do echo "write $here/bench/$f /opt/kioskhud-bench/$f"; done
    echo "write $repo/board/themes/splash.json /opt/kioskhud-bench/splash.json"
    echo "write $repo/board/themes/kioskhud-logo.png /opt/kioskhud-bench/kioskhud-logo.png"
    for v in ${HUD_VARIANTS:-}; do echo "write ${v#*=} /opt/kioskhud-bench/hud-${v%%=*}"; done
} > "$cmds"
debugfs -w -f "$cmds" "$disk" > "$scratch/debugfs.log" 2>&1
for f in /usr/bin/hud /opt/kioskhud-bench/init.sh /opt/kioskhud-bench/ffwatch; do
    debugfs -R "stat $f" "$disk" 2>/dev/null | grep -q 'Mode:  *0755' || { say "debugfs: $f missing or not 0755 (see $scratch/debugfs.log)"; exit 1; }
done

# --- the batch: one VM per cold start, cells and programs interleaved
rm -rf "$logs" && mkdir -p "$logs"
read -r -a progs <<< "$PROGS $EXTRA"
read -r -a warms <<< "${WARM:-${progs[*]}}"
plist=$(IFS=,; echo "${warms[*]}")
read -r -a colds <<< "${COLD:-${progs[*]}}"
vms=()
for ((i = 0; i < RUNS; i++)); do
    for rng in $RNG; do
        n=${#colds[@]}
        for ((j = 0; j < n; j++)); do
            vms+=("$rng:${colds[$(((i + j) % n))]}")
        done
    done
done
say "${#vms[@]} VMs: $RUNS cold starts of each of ${colds[*]} per RNG cell ($RNG), $ROUNDS warm rounds each"
plan=$logs/plan.txt
: > "$plan"
id=0
for vm in "${vms[@]}"; do
    id=$((id + 1))
    rng=${vm%%:*} first=${vm#*:}
    cpu=()
    [[ $rng == ready ]] && cpu=(-cpu max)
    validate=0
    ((id <= 2)) && validate=1
    echo "vm=$id rng=$rng first=$first" >> "$plan"
    t0=$(date +%s.%N)
    timeout 240 qemu-system-x86_64 -accel tcg -m 1024 -smp 1 "${cpu[@]}" -nic none \
        -kernel "$img/boot/vmlinuz" -initrd "$img/boot/initrd.img" \
        -append "root=/dev/vda ro console=ttyS0 quiet init=/opt/kioskhud-bench/init.sh kb.vm=$id kb.first=$first kb.progs=$plist kb.rounds=$ROUNDS kb.validate=$validate kb.dropcold=${DROPCOLD:-0}${READAHEAD:+ kb.ra=$READAHEAD}" \
        -drive "file=$disk,format=raw,if=virtio,snapshot=on" \
        -vga none -device "bochs-display,vgamem=${VGAMEM:-16M}" -display none \
        -serial "file:$logs/console-$id.log" -serial "file:$logs/results-$id.log" -no-reboot
    rc=$?
    grep -q "^END vm=$id" "$logs/results-$id.log" 2>/dev/null || say "vm $id ($rng, $first): no END marker (qemu exit $rc; see $logs/console-$id.log)"
    say "vm $id/${#vms[@]} $rng first=$first: $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.0f", b-a}') s"
done

python3 "$here/bench/report.py" "$logs" "${progs[@]}"
echo "batch: ${#vms[@]} VMs, $(( $(date +%s) - t_start )) s in all; logs in $logs"
}
main "$@"
exit $?
