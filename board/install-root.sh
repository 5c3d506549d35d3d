#!/bin/sh
# Installs KioskHUD into a root file system the way docs/boot.md describes:
# the binary, the themes, the systemd units (enabled), and the initramfs-tools
# hook with its boot scripts. ROOT is / on a device, or an image being built.
# It does not rebuild the initramfs: run `update-initramfs -u` in ROOT after it.
#
# With SWUpdate or RAUC in ROOT, the unit that shows its updates; with Mender's client, its state
# scripts for the HUD (docs/update.md).
#
# --plymouthd: Debian's plymouth package stays and its units and initramfs
# scripts start `hud` in plymouthd's place (docs/boot.md, "Keep Debian's
# plymouth units"): the binary, the themes and our initramfs hook (the
# libraries hud loads after its first frame, fonts, themes, GPU drivers), then
# /usr/sbin/plymouthd diverted to plymouthd.real (dpkg-divert --local
# --rename) and replaced by a link to /usr/bin/hud. None of our units and
# neither of our initramfs boot scripts: they would start a second splash.
# Usage: board/install-root.sh [--plymouthd] ROOT HUD_BINARY
set -eu
plymouthd=no
if [ "${1:-}" = --plymouthd ]; then plymouthd=yes; shift; fi
root=${1:?usage: install-root.sh [--plymouthd] ROOT HUD_BINARY}
hud=${2:?usage: install-root.sh [--plymouthd] ROOT HUD_BINARY}
board=$(cd "$(dirname "$0")" && pwd)
[ -d "$root" ] || { echo "install-root: $root: no such directory" >&2; exit 1; }
[ -f "$hud" ] && [ -x "$hud" ] || { echo "install-root: $hud: not an executable file" >&2; exit 1; }

if [ $plymouthd = yes ]; then
    # Checked before anything is installed: a diversion of a file no package ships would only confuse.
    [ -e "$root/usr/sbin/plymouthd" ] || [ -e "$root/usr/sbin/plymouthd.real" ] \
        || { echo "install-root: --plymouthd: no /usr/sbin/plymouthd in $root (apt-get install plymouth first)" >&2; exit 1; }
fi

install -D -m 0755 "$hud" "$root/usr/bin/hud"
install -d "$root/usr/share/kioskhud/themes"
install -m 0644 "$board"/themes/*.json "$board"/themes/*.png "$root/usr/share/kioskhud/themes/"

tools=$root/usr/share/initramfs-tools
install -D -m 0755 "$board/initramfs-tools/hooks/kioskhud" "$tools/hooks/kioskhud"
# The themes' font fallback chains, from the root's own fontconfig, so the
# daemon's first label after boot need not wait for fontconfig (hud fonts
# --record). Needs to run the root's binaries (root, same architecture or
# binfmt); otherwise hud asks fontconfig at run time.
install -d "$root/etc/kioskhud"
if chroot "$root" /usr/bin/hud fonts --record /etc/kioskhud/fonts.list >/dev/null 2>&1; then
    echo "install-root: recorded the themes' fonts in $root/etc/kioskhud/fonts.list"
else
    echo "install-root: font list not recorded (cannot run $root/usr/bin/hud in a chroot): hud asks fontconfig at start" >&2
fi
# Settings are the image's own once installed: never overwritten.
conf=$root/etc/initramfs-tools/conf.d/kioskhud
[ -e "$conf" ] || install -D -m 0644 "$board/initramfs-tools/conf/kioskhud" "$conf"

# SWUpdate and RAUC (docs/update.md): when ROOT has the tool, the unit that follows it, enabled.
for tool in swupdate rauc; do
    [ -e "$root/usr/bin/$tool" ] || continue
    install -D -m 0644 "$board/updates/hud-follow-$tool.service" "$root/usr/lib/systemd/system/hud-follow-$tool.service"
    install -d "$root/etc/systemd/system/multi-user.target.wants"
    ln -sf "/usr/lib/systemd/system/hud-follow-$tool.service" "$root/etc/systemd/system/multi-user.target.wants/hud-follow-$tool.service"
    echo "install-root: $tool is in $root: hud-follow-$tool.service installed and enabled"
done
# Mender (docs/update.md): when its client is in ROOT, the state scripts that drive the HUD through an
# update. The rootfs ones (Download) go to /etc/mender/scripts; the Artifact ones must travel inside each
# artifact (mender-artifact write ... -s FILE), so they are kept in /usr/share/kioskhud/mender/artifact.
if [ -e "$root/usr/bin/mender" ]; then
    install -d "$root/etc/mender/scripts" "$root/usr/share/kioskhud/mender/artifact"
    install -m 0755 "$board"/mender/rootfs/*_kioskhud "$root/etc/mender/scripts/"
    install -m 0755 "$board"/mender/artifact/*_kioskhud "$root/usr/share/kioskhud/mender/artifact/"
    [ -e "$root/etc/mender/scripts/version" ] || echo 3 > "$root/etc/mender/scripts/version"
    echo "install-root: Mender state scripts in $root/etc/mender/scripts; add $root/usr/share/kioskhud/mender/artifact/* to artifacts with mender-artifact -s"
fi

if [ $plymouthd = yes ]; then
    # dpkg keeps the diversion across upgrades of plymouth: its plymouthd goes to plymouthd.real.
    dpkg-divert --root="$root" --local --rename --divert /usr/sbin/plymouthd.real --add /usr/sbin/plymouthd
    ln -sfn /usr/bin/hud "$root/usr/sbin/plymouthd"
    echo "install-root: installed into $root as plymouthd (Debian's plymouth units and initramfs scripts start hud); now run update-initramfs -u there"
    exit 0
fi

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

install -D -m 0755 "$board/initramfs-tools/scripts/init-top/kioskhud" "$tools/scripts/init-top/kioskhud"
install -D -m 0755 "$board/initramfs-tools/scripts/init-bottom/kioskhud" "$tools/scripts/init-bottom/kioskhud"

if [ -e "$root/usr/sbin/plymouthd" ] && [ ! -L "$root/usr/sbin/plymouthd" ]; then
    echo "install-root: Plymouth is installed in $root too; remove it (apt-get purge plymouth) or both take the display; or install with --plymouthd" >&2
fi
echo "install-root: installed into $root; now run update-initramfs -u there"
