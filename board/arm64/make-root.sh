#!/usr/bin/env bash
# The ARM board's software, from Debian trixie's arm64 packages (dpkg-deb -x: debootstrap's
# second stage cannot run arm64 binaries here): a root tree with the runtime libraries `hud`
# dlopens or links (libdrm2, libcairo2, libpango, fontconfig, DejaVu fonts) and busybox, and
# Debian's arm64 kernel with its modules (the boot initramfs and the DRM modules are taken from
# it by board/arm64/vm.py).
#
#   board/arm64/make-root.sh   -> prints DIR; DIR/root is the tree, DIR/kernel the extracted
#                                 linux-image package (boot/vmlinuz-*, lib/modules/*)
# Cached under $KIOSKHUD_ARM64_CACHE (default /var/tmp/kioskhud-arm64), keyed by this script and
# the package versions; built aside and renamed into place when complete.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
CACHE=${KIOSKHUD_ARM64_CACHE:-/var/tmp/kioskhud-arm64}
log() { echo "make-root: $*" >&2; }
die() { echo "make-root: $*" >&2; exit 1; }
. "$here/../../scripts/arm64/apt-lib.sh"

ROOT_PKGS=(libc6 libgcc-s1 libstdc++6 libdrm2 libcairo2 libpango-1.0-0 libpangocairo-1.0-0 libpangoft2-1.0-0
           fontconfig-config fonts-dejavu-core busybox-static)
madison_all "${ROOT_PKGS[@]}" linux-image-arm64
for p in "${ROOT_PKGS[@]}" linux-image-arm64; do
    [[ -n $(version_of "$p" trixie) ]] || die "the archive ($MIRROR trixie arm64) no longer carries package '$p'"
done
# The kernel package the metapackage points at.
KPKG=$(apt-cache "${APT_OPTS[@]}" depends linux-image-arm64 2>/dev/null | awk '/Depends: linux-image-[0-9]/{print $2; exit}')
[[ -n $KPKG ]] || die "linux-image-arm64 names no linux-image-<version>-arm64 package"
closure=$(apt-get "${APT_OPTS[@]}" -s install "${ROOT_PKGS[@]}" 2>&1) || { echo "$closure" >&2; die "cannot resolve the root's packages"; }
mapfile -t CLOSURE < <(sed -n 's/^Inst \([^ ]*\) (\([^ ]*\) .*/\1=\2/p' <<<"$closure" | sort)
KVER=$(version_of "$KPKG" trixie)

key=$( { cat "$0"; echo "$MIRROR"; printf '%s\n' "${CLOSURE[@]}" "$KPKG=$KVER"; } | sha256sum | cut -c1-16)
OUT=$CACHE/board-$key
if [[ -f $OUT/complete ]]; then echo "$OUT"; exit 0; fi
log "assembling $OUT (${#CLOSURE[@]} packages, $KPKG $KVER)"
start=$SECONDS
(cd "$CACHE/debs" && apt-get -qq "${APT_OPTS[@]}" download "${CLOSURE[@]}" "$KPKG=$KVER" >&2) || die "download failed"

T=$(mktemp -d "$CACHE/tmp.XXXXXX"); trap 'rm -rf "$T"' EXIT
R=$T/root
mkdir -p "$R"/usr/{bin,sbin,lib} "$R"/{proc,sys,dev,tmp,run,root,etc,var/tmp,mnt}
for d in bin sbin lib; do ln -s usr/$d "$R/$d"; done
deb_of() {
    local n=${1%%=*} v=${1#*=} f
    for f in "$CACHE/debs/${n}_${v//:/%3a}_arm64.deb" "$CACHE/debs/${n}_${v//:/%3a}_all.deb"; do
        [[ -f $f ]] && { echo "$f"; return; }
    done
    die "no .deb for $1 in $CACHE/debs"
}
for p in "${CLOSURE[@]}"; do
    dpkg-deb --fsys-tarfile "$(deb_of "$p")" | tar -x -C "$R" --keep-directory-symlink \
        --exclude='./usr/share/doc*' --exclude='./usr/share/man*' --exclude='./usr/share/locale*' --exclude='./usr/share/info*'
done
bb=$(cd "$R" && ls usr/bin/busybox bin/busybox 2>/dev/null | head -1)
[[ -n $bb ]] || die "busybox-static has no busybox binary"
# The guest's /bin/sh and tools: links to busybox for each of its applets (asked under qemu-user:
# the root is mounted read-only in the guest, so busybox --install cannot make them there).
applets=$(qemu-aarch64-static "$R/$bb" --list-full) || die "cannot run arm64 busybox under qemu-aarch64-static"
for a in $applets; do
    [[ -e $R/$a || -L $R/$a ]] || ln -s /$bb "$R/$a"
done
echo 'root:x:0:0:root:/root:/bin/sh' > "$R/etc/passwd"; echo 'root:x:0:' > "$R/etc/group"

mkdir -p "$T/kernel"
dpkg-deb -x "$(deb_of "$KPKG=$KVER")" "$T/kernel"
ls "$T"/kernel/boot/vmlinuz-* >/dev/null 2>&1 || die "$KPKG has no boot/vmlinuz-*"
# modules.dep (the package leaves it to depmod at install): the host's depmod reads arm64 modules.
kver=$(ls "$T/kernel/usr/lib/modules")
/sbin/depmod -b "$T/kernel/usr" "$kver" || die "depmod failed for $kver"
touch "$T/complete"
chmod 755 "$T"
rm -rf "$OUT"; mv "$T" "$OUT"; trap - EXIT
for d in "$CACHE"/board-*; do [[ $d == "$OUT" ]] || rm -rf "$d"; done
log "done in $((SECONDS - start)) s: $(du -sh "$OUT" | cut -f1)"
echo "$OUT"
