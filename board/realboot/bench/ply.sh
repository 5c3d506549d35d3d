#!/bin/sh
# Plymouth as Debian's initramfs starts it (scripts/init-top/plymouth), for
# board/realboot/measure.sh: the daemon, then show-splash. The kernel command
# line it sees is given here: splash; the serial console is the VM's, and no
# udev runs in the measure VM, so it opens /dev/dri/card0 directly.
/usr/sbin/plymouthd --mode=boot --attach-to-session --pid-file=/run/plymouth/pid \
    --kernel-command-line="splash plymouth.ignore-serial-consoles plymouth.ignore-udev"
exec /usr/bin/plymouth show-splash
