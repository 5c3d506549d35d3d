#!/usr/bin/env bash
# Builds the real-boot lane's disk: a Debian root (12 on amd64, 13 on arm64) with systemd as PID 1,
# KioskHUD installed as docs/boot.md says (board/install-root.sh), the lane's
# own test units and initramfs script, an initramfs made by the root's own
# `update-initramfs`, and an ext4 image made without loop devices.
#
# Usage: build-image.sh VARIANT HUD_BINARY OUTDIR
#   VARIANT  kioskhud  - Debian's plymouth package with hud as its plymouthd
#                       (`board/install-root.sh --plymouthd`: docs/boot.md's
#                       "Keep Debian's plymouth units"), our initramfs hook beside
#                       Plymouth's. KIOSKHUD_REALBOOT_INSTALL=units: our own units and
#                       initramfs scripts instead, Plymouth's units masked (docs/boot.md
#                       (b)); boot it with plymouth.enable=0 (KIOSKHUD_REALBOOT_APPEND).
#                       Nothing then serves Plymouth's socket: the negative control of
#                       the lane's Plymouth checks.
#            plymouth  - Debian's plymouth + plymouth-themes (spinner), no KioskHUD
#            kioskhud-arm64 - our own units (board/install-root.sh ROOT HUD), a Debian 13
#                       (trixie) arm64 root, made and chrooted into under qemu-user
#                       (binfmt_misc, registered here); HUD_BINARY is the aarch64 hud
#   OUTDIR   gets disk.ext4, vmlinuz, initrd.img, kernel-version (arm64: also refs/,
#            the stages' references drawn by the root's own hud, fonts and Cairo)
#
# The debootstrapped root is cached as a tarball (after `apt-get clean`) in
# $KIOSKHUD_REALBOOT_CACHE (default /var/tmp/kioskhud-realboot), named by a
# hash of its inputs (package list, suite, mirror, BASE_VERSION), so a change
# to any of them builds a new one; a missing cache is rebuilt from scratch.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
variant=${1:?usage: build-image.sh kioskhud|plymouth|kioskhud-arm64 HUD_BINARY OUTDIR}
hud=${2:?usage: build-image.sh VARIANT HUD_BINARY OUTDIR}
outdir=${3:?usage: build-image.sh VARIANT HUD_BINARY OUTDIR}
cache=${KIOSKHUD_REALBOOT_CACHE:-/var/tmp/kioskhud-realboot}
# The arm64 hud needs glibc >= 2.38 (Debian's arm64 Swift runtime): trixie there.
case $variant in
    *-arm64) arch=arm64 suite=trixie glib=libglib2.0-0t64 png=libpng16-16t64 ;;
    *) arch=amd64 suite=bookworm glib=libglib2.0-0 png=libpng16-16 ;;
esac
# Bump when the way the base root is made changes (not its package list: that is hashed).
BASE_VERSION=1

mirror=${KIOSKHUD_DEBIAN_MIRROR:-}
if [[ -z $mirror ]]; then
    mirror=$(sed -n 's/^URIs:[[:space:]]*//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null \
        | tr ' ' '\n' | grep -v -e security -e '^$' | head -n 1 || true)
    mirror=${mirror:-http://deb.debian.org/debian}
fi

packages=(
    systemd systemd-sysv udev kmod initramfs-tools "linux-image-$arch" busybox
    # initramfs-tools recommends it (a normal install has it): zstd -1 instead of gzip.
    zstd
    # What `hud` loads with dlopen, and libdrm.
    libcairo2 libpango-1.0-0 libpangocairo-1.0-0 libpangoft2-1.0-0 libpixman-1-0 "$glib"
    libharfbuzz0b libfontconfig1 libfreetype6 "$png" fontconfig fonts-noto-core fonts-dejavu-core
    libdrm2
)
case $variant in
    # Plymouth's package (its units, initramfs scripts and client) with hud as its
    # plymouthd; libinput, xkbcommon and their keymaps for the prompts and the button.
    kioskhud) packages+=(plymouth libinput10 libxkbcommon0 xkb-data) ;;
    kioskhud-arm64) ;;
    plymouth) packages+=(plymouth plymouth-themes) ;;
    *) echo "build-image: unknown variant $variant" >&2; exit 2 ;;
esac

log() { echo "[build-image $variant] $*" >&2; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

mkdir -p "$cache" "$outdir"
key=$(printf '%s\n' "$BASE_VERSION" "$suite" "$mirror" "$variant" "${packages[@]}" | sha256sum | cut -c1-16)
base=$cache/base-$variant-$key.tar.zst

# --- arm64: run its binaries here -----------------------------------------
# debootstrap's second stage, update-initramfs and the references run arm64
# programs chrooted in the root: binfmt_misc hands them to qemu-aarch64-static,
# registered with F (the interpreter is opened now, so it need not be in the chroot).
binfmt=/proc/sys/fs/binfmt_misc
binfmt_arm64() {
    [[ -e $binfmt/qemu-aarch64 ]] && return 0
    [[ -x /usr/bin/qemu-aarch64-static ]] || { log "no /usr/bin/qemu-aarch64-static (scripts/install-deps.sh: qemu-user-static)"; return 1; }
    [[ -e $binfmt/register ]] || mount -t binfmt_misc binfmt_misc "$binfmt" \
        || { log "cannot mount binfmt_misc on $binfmt (root needed): arm64 programs cannot run here"; return 1; }
    # Magic and mask of an aarch64 ELF executable, as Debian's /usr/lib/binfmt.d/qemu-aarch64.conf.
    echo ':qemu-aarch64:M::\x7f\x45\x4c\x46\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xb7\x00:\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff:/usr/bin/qemu-aarch64-static:F' \
        > "$binfmt/register" 2>/dev/null || [[ -e $binfmt/qemu-aarch64 ]] \
        || { log "cannot register qemu-aarch64-static with binfmt_misc ($binfmt/register)"; return 1; }
    log "registered qemu-aarch64-static for aarch64 ELF programs ($binfmt/qemu-aarch64)"
}
if [[ $arch == arm64 ]]; then
    binfmt_arm64
    grep -qx enabled "$binfmt/qemu-aarch64" && grep -qx enabled "$binfmt/status" \
        || { log "binfmt_misc's qemu-aarch64 entry is disabled: $(head -n 1 "$binfmt/qemu-aarch64")"; exit 1; }
fi

# --- the cached base root -------------------------------------------------
build_base() {
    local t0 tmp
    t0=$(now)
    tmp=$cache/base-$variant-$key.d$$
    rm -rf "$tmp"
    log "debootstrap $suite from $mirror (not cached: $base)"
    local include
    include=$(IFS=,; echo "${packages[*]}")
    if ! debootstrap --arch="$arch" --variant=minbase --include="$include" "$suite" "$tmp" "$mirror" > "$cache/debootstrap-$variant.log" 2>&1; then
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
    # Bases made from other inputs are stale now (KEY is 16 characters: not
    # kioskhud-arm64's when VARIANT is kioskhud).
    for old in "$cache"/base-"$variant"-????????????????.tar.zst; do
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
for old in "$cache"/work-"$variant"-[0-9]*; do
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

# How KioskHUD goes in: as Plymouth's plymouthd (x86), or with our own units (arm64; x86 on request).
install_mode=plymouth
case $variant in
    kioskhud) install_mode=${KIOSKHUD_REALBOOT_INSTALL:-plymouthd} ;;
    kioskhud-arm64) install_mode=units ;;
esac
[[ $install_mode == plymouth || $install_mode == plymouthd || $install_mode == units ]] \
    || { log "KIOSKHUD_REALBOOT_INSTALL=$install_mode: plymouthd or units"; exit 2; }
if [[ $variant == kioskhud* ]]; then
    installer=${KIOSKHUD_INSTALL_ROOT:-$repo/board/install-root.sh}
    [[ -x $installer || -f $installer ]] || { log "no $installer: cannot install KioskHUD as documented"; exit 1; }
    log "installing KioskHUD with $installer ($install_mode)"
    if [[ $install_mode == plymouthd ]]; then
        bash "$installer" --plymouthd "$root" "$hud"
    else
        bash "$installer" "$root" "$hud"
        if [[ -e $root/usr/bin/plymouth ]]; then
            # docs/boot.md (b), where the package stays: its units masked (and plymouth.enable=0 at boot).
            chroot "$root" systemctl mask plymouth-start.service plymouth-read-write.service plymouth-quit.service \
                plymouth-quit-wait.service plymouth-halt.service plymouth-poweroff.service plymouth-reboot.service \
                plymouth-kexec.service plymouth-switch-root.service systemd-ask-password-plymouth.path >/dev/null 2>&1
        fi
    fi
    units=(realboot-switchroot.service realboot-progress.service realboot-final.service realboot-shutdown.service)
else
    units=(realboot-plymouth.service realboot-final.service)
fi
# Debian's plymouth client is in the image: the lane runs it (against hud, or plymouthd to compare).
[[ -e $root/usr/bin/plymouth ]] && units+=(realboot-client.service)
echo "$install_mode" > "$root/etc/realboot-install"
# The lane's own probes: an initramfs script (init-premount, after the
# splash's own start), its helper, and units for each stage of the boot.
install -D -m 0755 "$here/guest/realboot-lib.sh" "$root/usr/local/lib/realboot/lib.sh"
install -D -m 0755 "$here/guest/initramfs-realboot" "$root/etc/initramfs-tools/scripts/init-premount/zz-realboot"
# After Plymouth's own init-premount script (initramfs-tools orders by PREREQ, not by name).
[[ $install_mode == plymouth* ]] && sed -i 's/^PREREQ=""/PREREQ="plymouth"/' "$root/etc/initramfs-tools/scripts/init-premount/zz-realboot"
install -D -m 0755 "$here/guest/initramfs-hook" "$root/etc/initramfs-tools/hooks/zz-realboot"
install -m 0755 "$here/guest/realboot-stage.sh" "$root/usr/local/lib/realboot/stage.sh"
for u in "${units[@]}"; do
    install -m 0644 "$here/guest/$u" "$root/etc/systemd/system/$u"
done
chroot "$root" systemctl enable "${units[@]}" >/dev/null 2>&1 || chroot "$root" systemctl enable "${units[@]}"
if [[ $arch == arm64 ]]; then
    # mkinitramfs runs emulated here: MODULES=most (~1300 modules, 48 MB)
    # takes 4-5 min, the board's own storage modules 2 min (see README).
    echo MODULES=list > "$root/etc/initramfs-tools/conf.d/realboot-board"
    printf '%s\n' virtio_blk ext4 >> "$root/etc/initramfs-tools/modules"
fi

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
log "update-initramfs -u -k $kver ($(since "$t0") s)"
if [[ $arch == arm64 ]]; then
    # The stages' references, drawn by this root's hud with its own fonts,
    # fontconfig and Cairo (trixie's, not the host's bookworm ones).
    t0=$(now)
    rm -rf "$outdir/refs"
    /usr/bin/python3 "$here/stages.py" render /usr/bin/hud /usr/share/kioskhud/themes/splash.json "$outdir/refs" "$root"
    log "references drawn in the root ($(since "$t0") s)"
fi
cleanup
trap - EXIT

cp "$root/boot/vmlinuz-$kver" "$outdir/vmlinuz"
cp "$root/boot/initrd.img-$kver" "$outdir/initrd.img"
echo "$kver" > "$outdir/kernel-version"
t0=$(now)
rm -f "$outdir/disk.ext4"
mkfs.ext4 -q -F -L rootfs -d "$root" "$outdir/disk.ext4" 2G
log "disk.ext4 ($(since "$t0") s)"
rm -rf --one-file-system "$work"
