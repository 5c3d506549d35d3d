#!/bin/sh
# Guest side of a head plug/unplug on `qemu-run.py --gpu virtio2`: asks the
# host over /dev/ttyS1 to have its VNC client resize virtio-gpu head 1 to
# W x H (a size connects it, 0 0 disconnects it) and waits for the answer.
# Usage: vnc-resize.sh W H   (exit 0 when the request was sent)
w=${1:?usage: vnc-resize.sh W H}
h=${2:?usage: vnc-resize.sh W H}
exec 3<>/dev/ttyS1
stty raw -echo <&3 2>/dev/null
printf '@@VNCRESIZE %s %s@@\n' "$w" "$h" >&3
reply=$(timeout 10 head -n 1 <&3)
case $reply in ok*) exit 0 ;; *) echo "vnc-resize.sh: $w x $h: ${reply:-timeout}" >&2; exit 1 ;; esac
