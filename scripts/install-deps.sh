#!/usr/bin/env bash
# Installs the Debian packages KioskHUD builds, tests and runs with.
# Idempotent and non-interactive; skips apt entirely when all are present.
set -euo pipefail
packages=(
  pkg-config libdrm-dev libpixman-1-dev libcairo2-dev libudev-dev
  libfreetype-dev libharfbuzz-dev libfribidi-dev libthai-dev libfontconfig-dev libpng-dev
  libinput-dev libxkbcommon-dev xkb-data
  fonts-dejavu-core fonts-noto-core fonts-noto-cjk
  qemu-system-x86 linux-image-amd64 busybox-static cpio python3 gcc libstdc++-12-dev valgrind
  linux-source-6.1 linux-headers-amd64
  debootstrap zstd e2fsprogs systemd strace
  plymouth
  swupdate rauc squashfs-tools dbus mender-client mender-artifact libsystemd-dev openssl iproute2
  g++ libsdl2-dev
  libegl-dev libgles-dev libegl-mesa0 libgl1-mesa-dri
  libwayland-dev wayland-protocols sway grim
  qemu-user-static qemu-system-arm gcc-aarch64-linux-gnu
  debhelper dpkg-dev lintian binutils-aarch64-linux-gnu
  abigail-tools piuparts
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "install-deps: run as root (or install sudo) to install: ${missing[*]}" >&2; exit 1; }
    sudo=(sudo)
  fi
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
