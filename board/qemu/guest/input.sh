#!/bin/sh
# Guest side of input injection on `qemu-run.py --input`: asks the host over
# /dev/ttyS1 to press keys (QMP send-key: `key QCODE...`, pressed in order and
# released together, e.g. `key shift b`, `key ctrl c`, `key ret`) or to tap
# the tablet (`tap X Y`, absolute axes 0..32767, left button down and up),
# and waits for the answer.
# Usage: input.sh key QCODE... | input.sh tap X Y   (exit 0 once QEMU took the events)
[ $# -ge 2 ] || { echo "usage: input.sh key QCODE... | input.sh tap X Y" >&2; exit 2; }
exec 3<>/dev/ttyS1
stty raw -echo <&3 2>/dev/null
printf '@@INPUT %s@@\n' "$*" >&3
reply=$(timeout 10 head -n 1 <&3)
case $reply in ok*) exit 0 ;; *) echo "input.sh: $*: ${reply:-timeout}" >&2; exit 1 ;; esac
