#!/bin/sh
# Guest side of a screendump: asks the host (qemu-run.py) over /dev/ttyS1 to
# dump the screen into its --dump-dir as NAME.ppm and waits for the answer.
# Usage: shot.sh [--digest] NAME [DEVICE [HEAD]]   (exit 0 when the dump was
# written; DEVICE is a QEMU display id such as d1, HEAD a head number on it;
# --digest prints the dump's digest, so a script can tell whether the screen
# changed between two dumps)
digest=
[ "$1" = --digest ] && { digest=1; shift; }
name=${1:?usage: shot.sh [--digest] NAME [DEVICE [HEAD]]}
where=${2:+ $2}${3:+ $3}
exec 3<>/dev/ttyS1
stty raw -echo <&3 2>/dev/null
printf '@@SCREENDUMP %s%s@@\n' "$name" "$where" >&3
reply=$(timeout 10 head -n 1 <&3)
case $reply in
ok*) [ -n "$digest" ] && echo "${reply#ok }"; exit 0 ;;
*) echo "shot.sh: $name: no dump (${reply:-timeout})" >&2; exit 1 ;;
esac
