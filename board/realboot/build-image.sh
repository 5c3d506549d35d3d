#!/usr/bin/env bash
# Builds the real-boot lane's disks: a Debian root (12 on amd64, 13 on arm64) with systemd as PID 1,
# KioskHUD installed from its packages with `apt install ./kioskhud_VERSION_ARCH.deb` (docs/packages.md),
# the lane's own test units and initramfs script, an initramfs made by the root's own
# `update-initramfs` (run by the packages), and an ext4 image made without loop devices; then
# the same root after `apt purge` of the packages, as a second disk.
#
# Usage: build-image.sh VARIANT DEBS_DIR OUTDIR PURGED_OUTDIR
#   VARIANT  kioskhud  - Debian 12 with Debian's plymouth and plymouth-themes (spinner):
#                       kioskhud + kioskhud-plymouthd, hud as Plymouth's plymouthd
#                       (dpkg-divert). KIOSKHUD_REALBOOT_INSTALL=units: kioskhud only, our
#                       own units and initramfs scripts, Plymouth's units masked (docs/boot.md
#                       (b)); boot it with plymouth.enable=0 (KIOSKHUD_REALBOOT_APPEND).
#                       Nothing then serves Plymouth's socket: the negative control of the
#                       lane's Plymouth checks. Purged: Debian's Plymouth, back (the lane's
#                       Plymouth image, which its kioskhud image is compared with).
#            kioskhud-arm64 - Debian 13 (trixie) arm64, kioskhud on our own units, made and
#                       chrooted into under qemu-user (binfmt_misc, registered here). Purged:
#                       no splash at all.
#   DEBS_DIR holds kioskhud_*_ARCH.deb and kioskhud-plymouthd_*_all.deb (scripts/build-deb.sh)
#   OUTDIR, PURGED_OUTDIR get disk.ext4, vmlinuz, initrd.img, kernel-version and package.txt
#            (what the packages did to the root, for check.py); arm64's OUTDIR also refs/,
#            the stages' references drawn by the root's own hud and fonts
#
# The debootstrapped root is cached as a tarball (after `apt-get clean`) in
# $KIOSKHUD_REALBOOT_CACHE (default /var/tmp/kioskhud-realboot), named by a
# hash of its inputs (package list, suite, mirror, BASE_VERSION), so a change
# to any of them builds a new one; a missing cache is rebuilt from scratch.
# It holds what the packages depend on and recommend: apt installs them with no
# package lists (none are kept), so a dependency it lacks fails the install by name.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
usage="usage: build-image.sh kioskhud|kioskhud-arm64 DEBS_DIR OUTDIR PURGED_OUTDIR"
variant=${1:?$usage}
debs=${2:?$usage}
outdir=${3:?$usage}
purged=${4:?$usage}
cache=${KIOSKHUD_REALBOOT_CACHE:-/var/tmp/kioskhud-realboot}
# The arm64 hud needs glibc >= 2.38 (Debian's arm64 Swift runtime): trixie there.
case $variant in
    kioskhud-arm64) arch=arm64 suite=trixie png=libpng16-16t64 ;;
    kioskhud) arch=amd64 suite=bookworm png=libpng16-16 ;;
    *) echo "build-image: unknown variant $variant (kioskhud or kioskhud-arm64)" >&2; exit 2 ;;
esac
# Bump when the way the base root is made changes (not its package list: that is hashed).
BASE_VERSION=3

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
    # The kioskhud package's Depends (scripts/build-deb.sh: libdrm, and what `hud` loads
    # with dlopen) and Recommends (fontconfig; input for the prompts and the button).
    libdrm2 libpixman-1-0 libcairo2 libfreetype6 libharfbuzz0b libfribidi0 libthai0 libfontconfig1 "$png"
    fonts-noto-core fonts-dejavu-core fontconfig libinput10 libxkbcommon0 xkb-data
)
# x86: Plymouth's packages (units, initramfs scripts, client, the spinner theme), driven by hud
# as plymouthd, and themselves again once kioskhud is purged.
[[ $arch == amd64 ]] && packages+=(plymouth plymouth-themes)

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
    # INITRD=No: the kernel's postinst makes no initramfs (Debian's MODULES=most: 4-5 min
    # emulated on arm64, and every run makes its own); an empty initrd.img stands in for it
    # below, so that the packages' `update-initramfs -u` has one to update.
    if ! INITRD=No debootstrap --arch="$arch" --variant=minbase --include="$include" "$suite" "$tmp" "$mirror" > "$cache/debootstrap-$variant.log" 2>&1; then
        tail -n 30 "$cache/debootstrap-$variant.log" >&2
        rm -rf "$tmp"
        log "debootstrap failed (log: $cache/debootstrap-$variant.log)"
        return 1
    fi
    if [[ -e $tmp/usr/sbin/plymouth-set-default-theme ]]; then
        # The minbase default is the text theme; the initramfs is rebuilt per run.
        chroot "$tmp" plymouth-set-default-theme spinner
    fi
    local kv
    kv=$(cd "$tmp/lib/modules" && ls | sort -V | tail -n 1)
    [[ -e $tmp/boot/initrd.img-$kv ]] || : > "$tmp/boot/initrd.img-$kv"
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

# The packages, as scripts/build-deb.sh names them.
one_deb() {
    local found=("$debs"/$1)
    [[ ${#found[@]} -eq 1 && -f ${found[0]} ]] || { log "want one $1 in $debs, found: ${found[*]}"; exit 1; }
    echo "${found[0]}"
}
deb_main=$(one_deb "kioskhud_*_$arch.deb")
deb_plymouthd=$(one_deb "kioskhud-plymouthd_*_all.deb")

# How KioskHUD goes in: as Plymouth's plymouthd (x86), or with our own units (arm64; x86 on request).
case $variant in
    kioskhud) install_mode=${KIOSKHUD_REALBOOT_INSTALL:-plymouthd} ;;
    kioskhud-arm64) install_mode=units ;;
esac
[[ $install_mode == plymouthd || $install_mode == units ]] \
    || { log "KIOSKHUD_REALBOOT_INSTALL=$install_mode: plymouthd or units"; exit 2; }
install_debs=("$deb_main")
packages_ours=(kioskhud)
if [[ $install_mode == plymouthd ]]; then
    install_debs+=("$deb_plymouthd")
    packages_ours=(kioskhud-plymouthd kioskhud)
fi
# After the purge: Debian's Plymouth (x86), or no splash (arm64).
purged_mode=none
[[ -e $root/usr/sbin/plymouthd ]] && purged_mode=plymouth

# --- the lane's probes ------------------------------------------------------
# An initramfs script (init-premount, after the splash's own start), its helper, and
# units for each stage of the boot. In place before the packages go in, so that the
# initramfs the packages have rebuilt is the one booted.
install -D -m 0755 "$here/guest/realboot-lib.sh" "$root/usr/local/lib/realboot/lib.sh"
install -D -m 0755 "$here/guest/initramfs-realboot" "$root/etc/initramfs-tools/scripts/init-premount/zz-realboot"
# After Plymouth's own init-premount script (initramfs-tools orders by PREREQ, not by name).
[[ $purged_mode == plymouth ]] && sed -i 's/^PREREQ=""/PREREQ="plymouth"/' "$root/etc/initramfs-tools/scripts/init-premount/zz-realboot"
install -D -m 0755 "$here/guest/initramfs-hook" "$root/etc/initramfs-tools/hooks/zz-realboot"
install -m 0755 "$here/guest/realboot-stage.sh" "$root/usr/local/lib/realboot/stage.sh"
for u in "$here"/guest/realboot-*.service; do
    install -m 0644 "$u" "$root/etc/systemd/system/"
done
# probes MODE: the units of the stages a boot of MODE has, enabled, the others not.
probes() {
    local mode=$1 units=(realboot-final.service)
    case $mode in
        plymouthd|units) units+=(realboot-switchroot.service realboot-progress.service realboot-shutdown.service) ;;
        plymouth) units+=(realboot-plymouth.service) ;;
    esac
    # Debian's plymouth client is in the image: the lane runs it (against hud, or plymouthd to compare).
    [[ -e $root/usr/bin/plymouth ]] && units+=(realboot-client.service)
    chroot "$root" systemctl disable realboot-switchroot.service realboot-progress.service realboot-shutdown.service \
        realboot-plymouth.service realboot-client.service realboot-final.service >/dev/null 2>&1 || true
    chroot "$root" systemctl enable "${units[@]}" >/dev/null 2>&1 || chroot "$root" systemctl enable "${units[@]}"
    echo "$mode" > "$root/etc/realboot-install"
}
probes "$install_mode"
if [[ $arch == arm64 ]]; then
    # mkinitramfs runs emulated here: MODULES=most (~1300 modules, 48 MB)
    # takes 4-5 min, the board's own storage modules 2 min (see README).
    echo MODULES=list > "$root/etc/initramfs-tools/conf.d/realboot-board"
    printf '%s\n' virtio_blk ext4 >> "$root/etc/initramfs-tools/modules"
fi

cleanup() { for m in dev/pts dev sys proc; do mountpoint -q "$root/$m" 2>/dev/null && umount -l "$root/$m"; done; }
trap cleanup EXIT
mount --bind /proc "$root/proc"
mount --bind /sys "$root/sys"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"

# Every path in the root but the kernel's file systems and scratch space, sorted.
files() { (cd "$root" && find . -xdev \( -path ./proc -o -path ./sys -o -path ./dev -o -path ./run -o -path ./tmp \) -prune -o -print | sort); }
initrd=$root/boot/initrd.img-$kver
initrd_sum() { if [[ -f $initrd ]]; then sha256sum < "$initrd" | cut -c1-16; else echo none; fi; }
# fact KEY VALUE: what the packages did, as `key: value` lines in $facts, which check.py judges.
fact() { echo "$1: $2" >> "$facts"; }
# The update integration (docs/update.md): the followers' units and Mender's state scripts,
# installed by the kioskhud package and left disabled.
update_facts() {
    fact followers "$(cd "$root/usr/lib/systemd/system" && ls -- hud-follow-*.service 2>/dev/null | tr '\n' ' ')"
    fact followers-enabled "$(cd "$root/etc/systemd/system" && ls -- *.wants/hud-follow* 2>/dev/null | tr '\n' ' ')"
    fact mender-scripts "$(find "$root/usr/share/kioskhud/mender" -name '*_kioskhud' -type f -perm -0755 2>/dev/null | wc -l)"
    fact mender-active "$(find "$root/etc/mender" -name '*_kioskhud' 2>/dev/null | wc -l)"
}
# initramfs_facts DIR APT_LOG: how often apt's run rebuilt the initramfs, whether it changed
# since $sum_before, and whether hud and our boot scripts are in it (DIR/initramfs-files.txt).
initramfs_facts() {
    fact initramfs-builds "$(grep -c '^update-initramfs: Generating' "$2")"
    fact initramfs-changed "$([[ $(initrd_sum) != "$sum_before" ]] && echo yes || echo no)"
    lsinitramfs "$initrd" > "$1/initramfs-files.txt"
    fact initramfs-has-hud "$(grep -qx 'usr/bin/hud' "$1/initramfs-files.txt" && echo yes || echo no)"
    fact initramfs-has-kioskhud-script "$(grep -q 'scripts/.*kioskhud' "$1/initramfs-files.txt" && echo yes || echo no)"
}

# --- apt install ./kioskhud_…deb ---------------------------------------------
t0=$(now)
files > "$work/files-before.txt"
sum_before=$(initrd_sum)
mkdir -p "$root/tmp/debs"
cp "${install_debs[@]}" "$root/tmp/debs/"
names=()
for d in "${install_debs[@]}"; do names+=("./$(basename "$d")"); done
facts=$outdir/package.txt
rm -f "$facts"
fact install "apt-get install ${names[*]}"
# No package lists in the root: apt resolves against what is installed, and a dependency the
# base lacks fails the install by name. (Not --no-download: apt 2.6 then takes ./file for a
# relative path and stops with "Pathname to install is not absolute".)
if ! chroot "$root" sh -c 'cd /tmp/debs && DEBIAN_FRONTEND=noninteractive apt-get install -y "$@"' sh "${names[@]}" \
        > "$outdir/apt-install.log" 2>&1; then
    tail -n 30 "$outdir/apt-install.log" >&2
    log "apt-get install of ${names[*]} failed (log: $outdir/apt-install.log)"
    exit 1
fi
rm -rf "$root/tmp/debs"
log "apt-get install ${names[*]} ($(since "$t0") s)"
fact install-exit 0
initramfs_facts "$outdir" "$outdir/apt-install.log"
chroot "$root" dpkg -L "${packages_ours[@]}" > "$outdir/dpkg-L.txt"
fact dpkg-L-paths "$(grep -c . "$outdir/dpkg-L.txt")"
for p in "${packages_ours[@]}"; do
    fact "status $p" "$(chroot "$root" dpkg-query -W -f '${Version} ${db:Status-Abbrev}' "$p")"
done
fact diversions "$(chroot "$root" dpkg-divert --list | grep -c kioskhud || true)"
[[ $purged_mode == plymouth ]] && fact plymouthd "$(readlink "$root/usr/sbin/plymouthd" || echo file)"
fact enabled "$(cd "$root/etc/systemd/system" && ls -- *.wants/kioskhud* 2>/dev/null | tr '\n' ' ')"
update_facts
if [[ $install_mode == units && -e $root/usr/bin/plymouth ]]; then
    # docs/boot.md (b), where the package stays: its units masked (and plymouth.enable=0 at boot).
    chroot "$root" systemctl mask plymouth-start.service plymouth-read-write.service plymouth-quit.service \
        plymouth-quit-wait.service plymouth-halt.service plymouth-poweroff.service plymouth-reboot.service \
        plymouth-kexec.service plymouth-switch-root.service systemd-ask-password-plymouth.path >/dev/null 2>&1
fi
if [[ $arch == arm64 ]]; then
    # The stages' references, drawn by this root's hud with its own fonts
    # (trixie's, not the host's bookworm ones).
    t0=$(now)
    rm -rf "$outdir/refs"
    /usr/bin/python3 "$here/stages.py" render /usr/bin/hud /usr/share/kioskhud/themes/splash.json "$outdir/refs" "$root"
    log "references drawn in the root ($(since "$t0") s)"
fi

# disk DIR: the root as it is now, booted from DIR.
disk() {
    local t0
    t0=$(now)
    cp "$root/boot/vmlinuz-$kver" "$1/vmlinuz"
    cp "$initrd" "$1/initrd.img"
    echo "$kver" > "$1/kernel-version"
    rm -f "$1/disk.ext4"
    mkfs.ext4 -q -F -L rootfs -d "$root" "$1/disk.ext4" 2G
    log "$1/disk.ext4 ($(since "$t0") s)"
}
cleanup
disk "$outdir"

# --- apt purge, and the root once more -----------------------------------------
mount --bind /proc "$root/proc"
mount --bind /sys "$root/sys"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"
t0=$(now)
mkdir -p "$purged"
facts=$purged/package.txt
rm -f "$facts"
sum_before=$(initrd_sum)
fact purge "apt-get purge ${packages_ours[*]}"
if ! chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get purge -y "${packages_ours[@]}" > "$purged/apt-purge.log" 2>&1; then
    tail -n 30 "$purged/apt-purge.log" >&2
    log "apt-get purge ${packages_ours[*]} failed (log: $purged/apt-purge.log)"
    exit 1
fi
log "apt-get purge ${packages_ours[*]} ($(since "$t0") s)"
fact purge-exit 0
initramfs_facts "$purged" "$purged/apt-purge.log"
for p in "${packages_ours[@]}"; do
    fact "status $p" "$(chroot "$root" dpkg-query -W -f '${db:Status-Abbrev}' "$p" 2>/dev/null || echo unknown)"
done
fact diversions "$(chroot "$root" dpkg-divert --list | grep -c kioskhud || true)"
[[ $purged_mode == plymouth ]] && fact plymouthd "$(readlink "$root/usr/sbin/plymouthd" || echo "file $(chroot "$root" dpkg -S /usr/sbin/plymouthd)")"
# What is left: paths the packages installed, and paths that were not there before them
# (dpkg's and apt's own records and logs aside).
files > "$work/files-after.txt"
cp "$outdir/dpkg-L.txt" "$purged/dpkg-L-before.txt"
comm -13 "$work/files-before.txt" "$work/files-after.txt" \
    | grep -v -E '^\./var/(lib/dpkg|lib/apt|cache|log)/' > "$purged/files-new.txt" || true
comm -23 "$work/files-before.txt" "$work/files-after.txt" \
    | grep -v -E '^\./var/(lib/dpkg|lib/apt|cache|log)/' > "$purged/files-gone.txt" || true
# Files and links only: directories the packages made are new paths (above), and through
# merged /usr's links (/lib -> usr/lib) a listed directory may be one that was there before.
while read -r path; do
    [[ -d $root$path && ! -L $root$path ]] && continue
    [[ -e $root$path || -L $root$path ]] && ! grep -qx ".$path" "$work/files-before.txt" && echo "$path"
done < "$outdir/dpkg-L.txt" > "$purged/dpkg-L-left.txt" || true
fact files-new "$(grep -c . "$purged/files-new.txt" || true)"
fact files-gone "$(grep -c . "$purged/files-gone.txt" || true)"
fact dpkg-L-left "$(grep -c . "$purged/dpkg-L-left.txt" || true)"
fact enabled "$(cd "$root/etc/systemd/system" && ls -- *.wants/kioskhud* 2>/dev/null | tr '\n' ' ')"
update_facts
cleanup
trap - EXIT
probes "$purged_mode"
disk "$purged"
rm -rf --one-file-system "$work"
