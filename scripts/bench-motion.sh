#!/usr/bin/env bash
# CPU cost of the background accelerometer reader (HUDMotion.MotionReader) at
# its default 30 Hz, polling a fake lis3dh-style sysfs tree on this host.
# Prints the figures from `hud motion --cpu-seconds` (getrusage of the process).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
scratch=${KIOSKHUD_SCRATCH:-$repo/.build}
seconds=${1:-10}
(cd "$repo" && swift build -c release --scratch-path "$scratch" --product hud 2>&1 | grep -v 'prohibited flag' | tail -1)
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
dev="$tree/bus/iio/devices/iio:device0"
mkdir -p "$dev"
echo lis3dh > "$dev/name"
for a in x y z; do echo 0.009806 > "$dev/in_accel_${a}_scale"; done
echo -120 > "$dev/in_accel_x_raw"; echo 40 > "$dev/in_accel_y_raw"; echo 990 > "$dev/in_accel_z_raw"
echo "1, 0, 0; 0, 1, 0; 0, 0, 1" > "$dev/mount_matrix"
for rate in 30 60; do
  "$scratch/release/hud" motion --sysfs-root "$tree" --rate "$rate" --cpu-seconds "$seconds" 2>/dev/null
done
