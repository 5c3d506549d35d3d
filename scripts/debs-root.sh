#!/usr/bin/env bash
# A Debian root for scripts/check-debs.sh, cached: debootstrap --variant=minbase of SUITE with
# systemd, initramfs-tools and Plymouth (what a device that would install our packages has),
# packed after `apt-get clean` into $KIOSKHUD_DEBS_CACHE (default /var/tmp/kioskhud-debs-root)
# as base-KEY.tar.zst, KEY a hash of this script, the suite, the mirror and the package list;
# bases of other keys are removed. Mirror as board/realboot/build-image.sh picks it
# ($KIOSKHUD_DEBIAN_MIRROR, else the host's debian.sources, else deb.debian.org).
#   scripts/debs-root.sh [SUITE]   -> prints the tarball's path
set -euo pipefail
suite=${1:-bookworm}
cache=${KIOSKHUD_DEBS_CACHE:-/var/tmp/kioskhud-debs-root}
mirror=${KIOSKHUD_DEBIAN_MIRROR:-}
if [[ -z $mirror ]]; then
    mirror=$(sed -n 's/^URIs:[[:space:]]*//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null \
        | tr ' ' '\n' | grep -v -e security -e '^$' | head -n 1 || true)
    mirror=${mirror:-http://deb.debian.org/debian}
fi
packages=(systemd systemd-sysv udev initramfs-tools plymouth)
log() { echo "[debs-root] $*" >&2; }
command -v debootstrap >/dev/null || { log "no debootstrap (scripts/install-deps.sh installs it)"; exit 1; }
command -v zstd >/dev/null || { log "no zstd (scripts/install-deps.sh installs it)"; exit 1; }
[[ $(id -u) == 0 ]] || { log "debootstrap and chroot need root"; exit 1; }
mkdir -p "$cache"
key=$( { cat "$0"; printf '%s\n' "$suite" "$mirror" "${packages[@]}"; } | sha256sum | cut -c1-16)
base=$cache/base-$suite-$key.tar.zst
exec 9>"$cache/base.lock"
flock 9
if [[ ! -s $base ]]; then
    t0=$SECONDS
    tmp=$cache/base-$suite-$key.d$$
    rm -rf "$tmp"
    log "debootstrap $suite from $mirror (not cached: $base)"
    if ! debootstrap --variant=minbase --include="$(IFS=,; echo "${packages[*]}")" "$suite" "$tmp" "$mirror" \
            > "$cache/debootstrap.log" 2>&1; then
        tail -n 30 "$cache/debootstrap.log" >&2
        rm -rf "$tmp"
        log "debootstrap failed (log: $cache/debootstrap.log)"
        exit 1
    fi
    chroot "$tmp" apt-get clean
    rm -rf "$tmp"/var/lib/apt/lists/* "$tmp"/var/cache/apt/*.bin
    tar --numeric-owner -C "$tmp" -c . | zstd -q -T0 -3 -o "$base.tmp$$"
    mv "$base.tmp$$" "$base"
    rm -rf "$tmp"
    for old in "$cache"/base-*.tar.zst; do [[ $old == "$base" ]] || rm -f "$old"; done
    log "cached $base ($(du -h "$base" | cut -f1), $((SECONDS - t0)) s)"
fi
echo "$base"
