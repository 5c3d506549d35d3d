#!/usr/bin/env bash
# A Debian 13 (trixie) root with labwc, Raspberry Pi OS's compositor, for board/wayland/run.sh labwc
# (Debian 12 has no labwc): debootstrap --variant=minbase with labwc, wlr-randr and weston (a
# compositor without layer-shell, for the clear error the daemon gives there), and under
# /opt/wlr-protocols the files of librust-wayland-protocols-wlr-dev (wlr-layer-shell's XML, for
# check-tables.py), kept unpacked in
# $KIOSKHUD_LABWC_CACHE (default /var/tmp/kioskhud-labwc-root) as root-KEY, KEY a hash of this
# script, the suite, the mirror and the package list; roots of other keys are removed. Only the
# compositor runs inside it: the daemon, the test client and grim run on the host and reach
# labwc's socket by its path. Mirror as scripts/debs-root.sh picks it.
#   board/wayland/labwc-root.sh   -> prints the root's path
set -euo pipefail
suite=trixie
cache=${KIOSKHUD_LABWC_CACHE:-/var/tmp/kioskhud-labwc-root}
mirror=${KIOSKHUD_DEBIAN_MIRROR:-}
if [[ -z $mirror ]]; then
    mirror=$(sed -n 's/^URIs:[[:space:]]*//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null \
        | tr ' ' '\n' | grep -v -e security -e '^$' | head -n 1 || true)
    mirror=${mirror:-http://deb.debian.org/debian}
fi
packages=(labwc wlr-randr weston)
log() { echo "[labwc-root] $*" >&2; }
command -v debootstrap >/dev/null || { log "no debootstrap (scripts/install-deps.sh installs it)"; exit 1; }
[[ $(id -u) == 0 ]] || { log "debootstrap and chroot need root"; exit 1; }
mkdir -p "$cache"
key=$( { cat "$0"; printf '%s\n' "$suite" "$mirror" "${packages[@]}"; } | sha256sum | cut -c1-16)
root=$cache/root-$key
exec 9>"$cache/root.lock"
flock 9
if [[ ! -e $root/.complete ]]; then
    t0=$SECONDS
    rm -rf "$root"
    log "debootstrap $suite with ${packages[*]} from $mirror (not cached: $root)"
    # Debian 12's debootstrap knows trixie's script name only from 1.0.134 on: sid's script is the same.
    script=/usr/share/debootstrap/scripts/$suite
    [[ -e $script ]] || script=/usr/share/debootstrap/scripts/sid
    if ! debootstrap --variant=minbase --include="$(IFS=,; echo "${packages[*]}")" "$suite" "$root" "$mirror" "$script" \
            > "$cache/debootstrap.log" 2>&1; then
        tail -n 30 "$cache/debootstrap.log" >&2
        rm -rf "$root"
        log "debootstrap failed (log: $cache/debootstrap.log)"
        exit 1
    fi
    # wlr-layer-shell's XML, which no Debian 12 package has: Debian 13's Rust crate of the wlr
    # protocols carries it. Only its files (dpkg-deb -x), for check-tables.py; not installed.
    if ! { chroot "$root" apt-get update -qq && chroot "$root" sh -c 'cd /tmp && apt-get download -qq librust-wayland-protocols-wlr-dev' &&
            dpkg-deb -x "$root"/tmp/librust-wayland-protocols-wlr-dev_*.deb "$root/opt/wlr-protocols"; } >>"$cache/debootstrap.log" 2>&1; then
        tail -n 10 "$cache/debootstrap.log" >&2
        rm -rf "$root"
        log "could not fetch librust-wayland-protocols-wlr-dev (log: $cache/debootstrap.log)"
        exit 1
    fi
    rm -f "$root"/tmp/*.deb
    chroot "$root" apt-get clean
    rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin
    touch "$root/.complete"
    for old in "$cache"/root-*; do [[ $old == "$root" ]] || rm -rf "$old"; done
    log "cached $root ($(du -sh "$root" | cut -f1), $((SECONDS - t0)) s)"
fi
echo "$root"
