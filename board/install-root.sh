#!/bin/sh
# Installs KioskHUD into a root file system the way docs/boot.md describes:
# the binary, the themes, the systemd units (enabled), and the initramfs-tools
# hook with its boot scripts. ROOT is / on a device, or an image being built.
# It does not rebuild the initramfs: run `update-initramfs -u` in ROOT after it.
# Usage: board/install-root.sh ROOT HUD_BINARY
set -eu
root=${1:?usage: install-root.sh ROOT HUD_BINARY}
hud=${2:?usage: install-root.sh ROOT HUD_BINARY}
board=$(cd "$(dirname "$0")" && pwd)
[ -d "$root" ] || { echo "install-root: $root: no such directory" >&2; exit 1; }
[ -f "$hud" ] && [ -x "$hud" ] || { echo "install-root: $hud: not an executable file" >&2; exit 1; }

install -D -m 0755 "$hud" "$root/usr/bin/hud"
install -d "$root/usr/share/kioskhud/themes"
install -m 0644 "$board"/themes/*.json "$board"/themes/*.png "$root/usr/share/kioskhud/themes/"

units=$root/usr/lib/systemd/system
install -d "$units"
install -m 0644 "$board"/systemd/kioskhud*.service "$units/"
install -D -m 0644 "$board/systemd/getty@.service.d/kioskhud.conf" "$units/getty@.service.d/kioskhud.conf"
# Enable each unit as `systemctl enable` would: a link in every target its
# [Install] section names (WantedBy=).
for unit in "$units"/kioskhud*.service; do
    name=$(basename "$unit")
    for target in $(sed -n 's/^WantedBy=//p' "$unit"); do
        install -d "$root/etc/systemd/system/$target.wants"
        ln -sf "/usr/lib/systemd/system/$name" "$root/etc/systemd/system/$target.wants/$name"
    done
done

tools=$root/usr/share/initramfs-tools
install -D -m 0755 "$board/initramfs-tools/hooks/kioskhud" "$tools/hooks/kioskhud"
install -D -m 0755 "$board/initramfs-tools/scripts/init-top/kioskhud" "$tools/scripts/init-top/kioskhud"
install -D -m 0755 "$board/initramfs-tools/scripts/init-bottom/kioskhud" "$tools/scripts/init-bottom/kioskhud"
# Settings are the image's own once installed: never overwritten.
conf=$root/etc/initramfs-tools/conf.d/kioskhud
[ -e "$conf" ] || install -D -m 0644 "$board/initramfs-tools/conf/kioskhud" "$conf"

if [ -e "$root/usr/sbin/plymouthd" ]; then
    echo "install-root: Plymouth is installed in $root too; remove it (apt-get purge plymouth) or both take the display" >&2
fi
echo "install-root: installed into $root; now run update-initramfs -u there"
