#!/bin/sh
# Guest side of a screendump: asks the host (qemu-run.py) over /dev/ttyS1 to
# dump the screen into its --dump-dir as NAME.ppm and waits for the answer.
# Usage: shot.sh NAME   (exit 0 when the dump was written)
name=${1:?usage: shot.sh NAME}
exec 3<>/dev/ttyS1
stty raw -echo <&3 2>/dev/null
printf '@@SCREENDUMP %s@@\n' "$name" >&3
reply=$(timeout 10 head -n 1 <&3)
case $reply in ok*) exit 0 ;; *) echo "shot.sh: $name: no dump (${reply:-timeout})" >&2; exit 1 ;; esac
