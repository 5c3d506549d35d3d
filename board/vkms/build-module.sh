#!/usr/bin/env bash
# Builds the kernel's virtual KMS driver (vkms) as an out-of-tree module for the
# kernel the QEMU suites boot, and caches it. Debian's kernel does not build
# vkms (CONFIG_DRM_VKMS is unset); its source is in Debian's linux-source-6.1.
#
# Usage: board/vkms/build-module.sh [CACHE_DIR]
#   CACHE_DIR defaults to $KIOSKHUD_VKMS_CACHE or /var/tmp/kioskhud-vkms; the
#   module goes to CACHE_DIR/<kernel version>-<hash>/vkms.ko, the hash being of
#   the vkms sources and of this script (which holds the one change made to
#   them). Installs nothing: scripts/install-deps.sh brings linux-source-6.1 and
#   linux-headers-amd64 (the headers of linux-image-amd64's kernel).
#   KVER=<version> builds for another kernel than the one qemu-run.py boots.
# Prints progress on stderr and the .ko's path as the last line on stdout.
# A warm run (module cached) reads no source and only prints the path.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cache=${1:-${KIOSKHUD_VKMS_CACHE:-/var/tmp/kioskhud-vkms}}
say() { echo "build-module: $*" >&2; }
die() { say "$*"; exit 1; }

# The kernel qemu-run.py's find_kernel picks: the newest (by mtime)
# /boot/vmlinuz-* that has a /lib/modules/<version>.
if [[ -z "${KVER:-}" ]]; then
    for image in $(ls -t /boot/vmlinuz-* 2>/dev/null); do
        v=${image#/boot/vmlinuz-}
        if [[ -d /lib/modules/$v ]]; then KVER=$v; break; fi
    done
fi
[[ -n "${KVER:-}" ]] || die "no /boot/vmlinuz-* with a /lib/modules/<version> directory"
series=$(sed -E 's/^([0-9]+\.[0-9]+).*/\1/' <<<"$KVER")    # 6.1.0-57-amd64 -> 6.1
tarball=/usr/src/linux-source-$series.tar.xz
[[ -f $tarball ]] || die "no $tarball: install linux-source-$series (bash scripts/install-deps.sh)"
[[ -f /lib/modules/$KVER/build/Makefile ]] \
    || die "no /lib/modules/$KVER/build: install linux-headers-$KVER (bash scripts/install-deps.sh installs linux-headers-amd64)"

mkdir -p "$cache"
exec 9>"$cache/.lock"
flock 9
self_hash=$(sha256sum "${BASH_SOURCE[0]}" | cut -c1-64)
# The vkms sources' hash, remembered per tarball (path, size, mtime) so a warm
# run need not decompress 138 MB to find it.
src_index=$cache/sources-$(stat -c '%n %s %Y' "$tarball" | sha256sum | cut -c1-16)
key_of() { echo "$KVER-$(printf '%s %s' "$1" "$self_hash" | sha256sum | cut -c1-12)"; }
if [[ -s $src_index ]]; then
    ko=$cache/$(key_of "$(cat "$src_index")")/vkms.ko
    if [[ -f $ko ]]; then echo "$ko"; exit 0; fi
fi

work=$(mktemp -d "$cache/build.XXXXXX")
trap 'rm -rf "$work"' EXIT
t0=$(date +%s.%N)
say "extracting drivers/gpu/drm/vkms from $tarball (decompresses the whole archive, ~10 s)"
tar -xJf "$tarball" -C "$work" --strip-components=4 "linux-source-$series/drivers/gpu/drm/vkms/"
[[ -f $work/vkms/Makefile ]] || die "$tarball has no drivers/gpu/drm/vkms"
t1=$(date +%s.%N)
src_hash=$(cd "$work/vkms" && find . -type f | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -c1-64)
key=$(key_of "$src_hash")
dest=$cache/$key
if [[ ! -f $dest/vkms.ko ]]; then
    # The one change: build the object whatever CONFIG_DRM_VKMS says (unset in
    # Debian's config); the vkms-y list of objects stays as it is.
    sed -i 's/^obj-\$(CONFIG_DRM_VKMS)[[:space:]]*+=[[:space:]]*vkms\.o/obj-m += vkms.o/' "$work/vkms/Makefile"
    grep -q '^obj-m += vkms\.o' "$work/vkms/Makefile" || die "vkms/Makefile: no obj-\$(CONFIG_DRM_VKMS) line to change"
    say "building vkms.ko against /lib/modules/$KVER/build"
    make -s -C "/lib/modules/$KVER/build" M="$work/vkms" -j"$(nproc)" modules >&2
    [[ -f $work/vkms/vkms.ko ]] || die "make produced no vkms.ko"
    modinfo -F vermagic "$work/vkms/vkms.ko" | grep -q "^$KVER " || die "vkms.ko's vermagic is not $KVER"
    mkdir -p "$dest"
    # Without its debug sections (2 MB -> ~0.1 MB), as Debian ships modules: less to read over 9p.
    strip --strip-debug -o "$dest/vkms.ko.tmp" "$work/vkms/vkms.ko"
    mv "$dest/vkms.ko.tmp" "$dest/vkms.ko"
fi
echo "$src_hash" > "$src_index.tmp" && mv "$src_index.tmp" "$src_index"
t2=$(date +%s.%N)
say "$(printf 'extract %.1f s, build %.1f s' "$(bc <<<"$t1 - $t0")" "$(bc <<<"$t2 - $t1")")"
echo "$dest/vkms.ko"
