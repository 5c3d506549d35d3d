#!/usr/bin/env bash
# Builds the real-boot lane's disk: a Debian 12 root with systemd as PID 1,
# KioskHUD installed as docs/boot.md says (board/install-root.sh), the lane's
# own test units and initramfs script, an initramfs made by the root's own
# `update-initramfs`, and an ext4 image made without loop devices.
#
# Usage: build-image.sh VARIANT HUD_BINARY OUTDIR
#   VARIANT  kioskhud  - our daemon, units and initramfs hook
#            plymouth  - Debian's plymouth + plymouth-themes (spinner), no KioskHUD
#   OUTDIR   gets disk.ext4, vmlinuz, initrd.img, kernel-version
#
# The debootstrapped root is cached as a tarball (after `apt-get clean`) in
# $KIOSKHUD_REALBOOT_CACHE (default /var/tmp/kioskhud-realboot), named by a
# hash of its inputs (package list, suite, mirror, BASE_VERSION), so a change
# to any of them builds a new one; a missing cache is rebuilt from scratch.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
variant=${1:?usage: build-image.sh kioskhud|plymouth HUD_BINARY OUTDIR}
hud=${2:?usage: build-image.sh VARIANT HUD_BINARY OUTDIR}
outdir=${3:?usage: build-image.sh VARIANT HUD_BINARY OUTDIR}
cache=${KIOSKHUD_REALBOOT_CACHE:-/var/tmp/kioskhud-realboot}
suite=bookworm
# Bump when the way the base root is made changes (not its package list: that is hashed).
BASE_VERSION=1

mirror=${KIOSKHUD_DEBIAN_MIRROR:-}
if [[ -z $mirror ]]; then
    mirror=$(sed -n 's/^URIs:[[:space:]]*//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null \
        | tr ' ' '\n' | grep -v -e security -e '^$' | head -n 1 || true)
    mirror=${mirror:-http://deb.debian.org/debian}
fi

packages=(
    systemd systemd-sysv udev kmod initramfs-tools linux-image-amd64 busybox
    # initramfs-tools recommends it (a normal install has it): zstd -1 instead of gzip.
    zstd
    # What `hud` loads with dlopen, and libdrm.
    libcairo2 libpango-1.0-0 libpangocairo-1.0-0 libpangoft2-1.0-0 libpixman-1-0 libglib2.0-0
    libharfbuzz0b libfontconfig1 libfreetype6 libpng16-16 fontconfig fonts-noto-core fonts-dejavu-core
    libdrm2
)
case $variant in
    kioskhud) ;;
    plymouth) packages+=(plymouth plymouth-themes) ;;
    *) echo "build-image: unknown variant $variant" >&2; exit 2 ;;
esac

log() { echo "[build-image $variant] $*" >&2; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

mkdir -p "$cache" "$outdir"
key=$(printf '%s\n' "$BASE_VERSION" "$suite" "$mirror" "$variant" "${packages[@]}" | sha256sum | cut -c1-16)
base=$cache/base-$variant-$key.tar.zst

# --- the cached base root -------------------------------------------------
build_base() {
    local t0 tmp
    t0=$(now)
    tmp=$cache/base-$variant-$key.d$$
    rm -rf "$tmp"
    log "debootstrap $suite from $mirror (not cached: $base)"
    local include
    include=$(IFS=,; echo "${packages[*]}")
    if ! debootstrap --variant=minbase --include="$include" "$suite" "$tmp" "$mirror" > "$cache/debootstrap-$variant.log" 2>&1; then
        tail -n 30 "$cache/debootstrap-$variant.log" >&2
        rm -rf "$tmp"
        log "debootstrap failed (log: $cache/debootstrap-$variant.log)"
        return 1
    fi
    if [[ $variant == plymouth ]]; then
        # The minbase default is the text theme; the initramfs is rebuilt per run.
        chroot "$tmp" plymouth-set-default-theme spinner
    fi
    echo realboot > "$tmp/etc/hostname"
    printf '/dev/vda / ext4 rw,errors=remount-ro 0 1\n' > "$tmp/etc/fstab"
    mkdir -p "$tmp/var/log/journal"   # persistent journal: read back with debugfs
    chroot "$tmp" apt-get clean
    rm -rf "$tmp"/var/lib/apt/lists/* "$tmp"/var/cache/apt/*.bin
    tar --numeric-owner -C "$tmp" -c . | zstd -q -T0 -3 -o "$base.tmp$$"
    mv "$base.tmp$$" "$base"
    rm -rf "$tmp"
    # Bases made from other inputs are stale now.
    for old in "$cache"/base-"$variant"-*.tar.zst; do
        [[ $old == "$base" ]] || rm -f "$old"
    done
    log "base root cached: $base ($(du -h "$base" | cut -f1), $(since "$t0") s)"
}

exec 9>"$cache/base-$variant.lock"
flock 9
if [[ ! -s $base ]]; then
    build_base
else
    log "base root from cache: $base"
fi
flock -u 9

# --- this run's root ------------------------------------------------------
t0=$(now)
work=$cache/work-$variant-$$
root=$work/root
# A previous run killed midway may have left binds behind (its own work directory).
for old in "$cache"/work-"$variant"-*; do
    [[ -d $old ]] || continue
    pid=${old##*-}
    kill -0 "$pid" 2>/dev/null && continue
    for m in dev/pts dev sys proc; do mountpoint -q "$old/root/$m" 2>/dev/null && umount -l "$old/root/$m"; done
    rm -rf --one-file-system "$old"
done
mkdir -p "$root"
zstd -q -dc "$base" | tar --numeric-owner -C "$root" -x
log "unpacked ($(since "$t0") s)"

kver=$(cd "$root/lib/modules" && ls | sort -V | tail -n 1)
[[ -n $kver && -f $root/boot/vmlinuz-$kver ]] || { log "no kernel in the image"; exit 1; }

if [[ $variant == kioskhud ]]; then
    installer=${KIOSKHUD_INSTALL_ROOT:-$repo/board/install-root.sh}
    [[ -x $installer || -f $installer ]] || { log "no $installer: cannot install KioskHUD as documented"; exit 1; }
    log "installing KioskHUD with $installer"
    bash "$installer" "$root" "$hud"
    units=(realboot-switchroot.service realboot-progress.service realboot-final.service realboot-shutdown.service)
else
    units=(realboot-plymouth.service realboot-final.service)
fi
# The lane's own probes: an initramfs script (init-premount, after the
# splash's own start), its helper, and units for each stage of the boot.
install -D -m 0755 "$here/guest/realboot-lib.sh" "$root/usr/local/lib/realboot/lib.sh"
install -D -m 0755 "$here/guest/initramfs-realboot" "$root/etc/initramfs-tools/scripts/init-premount/zz-realboot"
# After Plymouth's own init-premount script (initramfs-tools orders by PREREQ, not by name).
[[ $variant == plymouth ]] && sed -i 's/^PREREQ=""/PREREQ="plymouth"/' "$root/etc/initramfs-tools/scripts/init-premount/zz-realboot"
install -D -m 0755 "$here/guest/initramfs-hook" "$root/etc/initramfs-tools/hooks/zz-realboot"
install -m 0755 "$here/guest/realboot-stage.sh" "$root/usr/local/lib/realboot/stage.sh"
for u in "${units[@]}"; do
    install -m 0644 "$here/guest/$u" "$root/etc/systemd/system/$u"
done
chroot "$root" systemctl enable "${units[@]}" >/dev/null 2>&1 || chroot "$root" systemctl enable "${units[@]}"

# --- the initramfs, by the root's own mkinitramfs ------------------------
t0=$(now)
cleanup() { for m in dev/pts dev sys proc; do mountpoint -q "$root/$m" 2>/dev/null && umount -l "$root/$m"; done; }
trap cleanup EXIT
mount --bind /proc "$root/proc"
mount --bind /sys "$root/sys"
mount --bind /dev "$root/dev"
if ! chroot "$root" update-initramfs -u -k "$kver" > "$outdir/update-initramfs.log" 2>&1; then
    cat "$outdir/update-initramfs.log" >&2
    log "update-initramfs failed"
    exit 1
fi
cleanup
trap - EXIT
log "update-initramfs -u -k $kver ($(since "$t0") s)"

cp "$root/boot/vmlinuz-$kver" "$outdir/vmlinuz"
cp "$root/boot/initrd.img-$kver" "$outdir/initrd.img"
echo "$kver" > "$outdir/kernel-version"
t0=$(now)
rm -f "$outdir/disk.ext4"
mkfs.ext4 -q -F -L rootfs -d "$root" "$outdir/disk.ext4" 2G
log "disk.ext4 ($(since "$t0") s)"
rm -rf --one-file-system "$work"
