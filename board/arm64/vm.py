#!/usr/bin/python3
"""Boots the ARM board: qemu-system-aarch64 -M virt (cortex-a72, TCG) with a virtio-gpu and
an arm64 Debian trixie root on a virtio-blk ext4 disk, and runs one script in it as root.

    vm.py --board DIR --files DIR [--timeout S] [--dump-dir D] [--log F] SCRIPT

--board is board/arm64/make-root.sh's output (root tree, kernel package). --files is a
directory copied to /kioskhud on the disk (the `hud` binary, the guest scripts); SCRIPT is a
path inside it. The disk is an ext4 image made with `mkfs.ext4 -d` (no loop device), mounted
read-only as / (as a board's eMMC would be; tmpfs on /tmp and /run). A small initramfs loads
virtio_blk and ext4 from the kernel package and switches to the disk; the disk's init loads
the virtio-gpu DRM driver, waits for /dev/dri/card0 and runs SCRIPT with the console
(ttyAMA0) as its output. Exits with the script's exit code (124: watchdog, 125: no exit mark).

Screendumps: board/qemu/guest/shot.sh talks to /dev/ttyS1; here that is a link to /dev/hvc0,
a virtio console port whose host end is served by board/qemu/qemu-run.py's own
serve_screendumps (QMP screendump into --dump-dir).
"""
import argparse
import glob
import hashlib
import importlib.util
import lzma
import os
import re
import shutil
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("qemu_run", os.path.join(HERE, "..", "qemu", "qemu-run.py"))
qemu_run = importlib.util.module_from_spec(spec)
spec.loader.exec_module(qemu_run)

EXIT_MARK = re.compile(rb"@@EXIT (\d+)@@")
BOOT_MODULES = ["virtio_blk", "crc32c_generic", "ext4"]  # ext4 needs a crc32c driver
GPU_MODULES = ["virtio-gpu"]

INITRAMFS_INIT = r"""#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
for m in $(cat /modules.order); do insmod "/$m" || echo "initramfs: insmod $m failed"; done
i=0; while [ ! -b /dev/vda ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i+1)); done
mkdir -p /newroot
mount -t ext4 -o ro /dev/vda /newroot || { ls /dev; dmesg | tail -20; lsmod; echo "@@EXIT 125@@"; poweroff -f; }
mount --move /dev /newroot/dev
umount /proc /sys
exec switch_root /newroot /sbin/kioskhud-init
"""

ROOT_INIT = r"""#!/bin/sh
# The board's init (board/arm64/vm.py): DRM driver, then the script named on the kernel command line.
export PATH=/usr/bin:/usr/sbin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t tmpfs tmpfs /tmp
mount -t tmpfs tmpfs /run
mkdir -p /dev/pts /dev/shm && mount -t devpts devpts /dev/pts
for m in $(cat /lib/kioskhud-modules/order); do insmod "/lib/kioskhud-modules/$m" || echo "init: insmod $m failed"; done
i=0; while [ ! -e /dev/dri/card0 ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i+1)); done
i=0; while [ ! -e /dev/hvc0 ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i+1)); done
ln -sf /dev/hvc0 /dev/ttyS1
stty -F /dev/ttyS1 raw -echo 2>/dev/null
script=$(sed -n 's/.*kioskhud\.run=\([^ ]*\).*/\1/p' /proc/cmdline)
cd /kioskhud && env -i PATH=/usr/bin:/usr/sbin HOME=/tmp TERM=linux /bin/sh "$script" </dev/console >/dev/console 2>&1
echo "@@EXIT $?@@"
sync
poweroff -f
"""


def module_closure(moddir, names):
    """Module paths (relative to moddir) of names and their dependencies, dependencies first."""
    deps = {}
    for line in open(os.path.join(moddir, "modules.dep")):
        mod, _, rest = line.partition(":")
        deps[mod] = rest.split()
    by_name = {}
    for mod in deps:
        base = os.path.basename(mod).split(".ko")[0]
        by_name[base] = by_name[base.replace("-", "_")] = mod
    order = []

    def add(mod):
        if mod not in order:
            for d in reversed(deps[mod]):
                add(d)
            order.append(mod)

    for n in names:
        if n not in by_name:
            raise SystemExit(f"vm.py: module {n} not in {moddir}/modules.dep")
        add(by_name[n])
    return order


def copy_modules(moddir, names, dest):
    """Decompressed copies of the closure of names into dest; returns their order."""
    os.makedirs(dest, exist_ok=True)
    order = []
    for m in module_closure(moddir, names):
        name = os.path.basename(m)
        data = open(os.path.join(moddir, m), "rb").read()
        if name.endswith(".xz"):
            data, name = lzma.decompress(data), name[:-3]
        open(os.path.join(dest, name), "wb").write(data)
        order.append(name)
    open(os.path.join(dest, "order"), "w").write("\n".join(order) + "\n")
    return order


def build_initramfs(board, moddir):
    """busybox, virtio_blk and ext4 (and their dependencies), /init; cached in the board dir."""
    out = os.path.join(board, "initramfs-" + hashlib.sha1((INITRAMFS_INIT + " ".join(BOOT_MODULES)).encode()).hexdigest()[:12] + ".cpio")
    if os.path.exists(out):
        return out
    tmp = out + f".d{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    for d in ("bin", "proc", "sys", "dev"):
        os.makedirs(os.path.join(tmp, d))
    shutil.copy(os.path.join(board, "root", "usr", "bin", "busybox"), os.path.join(tmp, "bin", "busybox"))
    order = copy_modules(moddir, BOOT_MODULES, os.path.join(tmp, "mods"))
    open(os.path.join(tmp, "modules.order"), "w").write("".join(f"mods/{m}\n" for m in order))
    with open(os.path.join(tmp, "init"), "w") as f:
        f.write(INITRAMFS_INIT)
    os.chmod(os.path.join(tmp, "init"), 0o755)
    files = subprocess.run(["find", "."], cwd=tmp, check=True, capture_output=True).stdout
    with open(out + ".tmp", "wb") as f:
        subprocess.run(["cpio", "-o", "-H", "newc", "--quiet", "--owner", "0:0"], cwd=tmp, input=files, stdout=f, check=True)
    os.replace(out + ".tmp", out)
    shutil.rmtree(tmp, ignore_errors=True)
    return out


def build_disk(board, moddir, files, run_dir):
    """The root tree (hard-linked), /kioskhud from --files, the DRM modules and init -> ext4 image."""
    tree = os.path.join(run_dir, "tree")
    subprocess.run(["cp", "-al", os.path.join(board, "root"), tree], check=True)
    copy_modules(moddir, GPU_MODULES, os.path.join(tree, "lib", "kioskhud-modules"))
    init = os.path.join(tree, "usr", "sbin", "kioskhud-init")
    with open(init, "w") as f:
        f.write(ROOT_INIT)
    os.chmod(init, 0o755)
    shutil.copytree(files, os.path.join(tree, "kioskhud"), symlinks=True)
    size = int(subprocess.run(["du", "-sm", tree], check=True, capture_output=True, text=True).stdout.split()[0])
    disk = os.path.join(run_dir, "disk.img")
    subprocess.run(["mkfs.ext4", "-q", "-F", "-E", "root_owner=0:0", "-L", "kioskroot", "-d", tree, disk,
                    f"{size * 3 // 2 + 64}M"], check=True)
    shutil.rmtree(tree)
    return disk


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--board", required=True)
    p.add_argument("--files", required=True)
    p.add_argument("--disk", help="reuse this disk image (made by an earlier run with --keep-disk)")
    p.add_argument("--keep-disk", help="write the disk image here and keep it")
    p.add_argument("--timeout", type=float, default=300)
    p.add_argument("--dump-dir", default=".")
    p.add_argument("--log")
    p.add_argument("--quiet", action="store_true")
    p.add_argument("script", help="path of the script inside --files")
    a = p.parse_args()

    board = os.path.abspath(a.board)
    kernel = glob.glob(os.path.join(board, "kernel", "boot", "vmlinuz-*"))[0]
    moddir = glob.glob(os.path.join(board, "kernel", "usr", "lib", "modules", "*"))[0]
    dump_dir = os.path.abspath(a.dump_dir)
    os.makedirs(dump_dir, exist_ok=True)
    run_dir = os.path.join(os.path.dirname(board), f"run-{os.getpid()}")
    shutil.rmtree(run_dir, ignore_errors=True)
    os.makedirs(run_dir)
    try:
        initrd = build_initramfs(board, moddir)
        if a.disk:
            disk = a.disk
        else:
            disk = build_disk(board, moddir, os.path.abspath(a.files), run_dir)
            if a.keep_disk:
                os.replace(disk, a.keep_disk)
                disk = a.keep_disk
        qmp_path, ctl_path = os.path.join(run_dir, "qmp.sock"), os.path.join(run_dir, "ctl.sock")
        append = " ".join(["console=ttyAMA0", "quiet", "loglevel=3", "panic=-1", "rdinit=/init",
                           "vt.global_cursor_default=0", f"kioskhud.run={a.script}"])
        cmd = ["qemu-system-aarch64", "-M", "virt", "-cpu", "cortex-a72", "-smp", "1", "-m", "1024", "-accel", "tcg",
               "-no-reboot", "-nodefaults", "-display", "none",
               "-kernel", kernel, "-initrd", initrd, "-append", append,
               "-drive", f"file={disk},format=raw,if=none,id=root,readonly=on",
               "-device", "virtio-blk-pci,drive=root",
               "-device", "virtio-gpu-pci,id=d0",
               "-chardev", "stdio,id=con,signal=off", "-serial", "chardev:con",
               "-device", "virtio-serial-pci",
               "-chardev", f"socket,id=ctl,path={ctl_path},server=on,wait=off",
               "-device", "virtconsole,chardev=ctl",
               "-qmp", f"unix:{qmp_path},server=on,wait=off"]
        start = time.monotonic()
        deadline = start + a.timeout
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=sys.stderr)
        threading.Thread(target=qemu_run.serve_screendumps,
                         args=(ctl_path, qmp_path, dump_dir, deadline, threading.Lock()), daemon=True).start()
        timed_out = threading.Event()

        def watchdog():
            while proc.poll() is None:
                if time.monotonic() > deadline:
                    timed_out.set()
                    proc.kill()
                    return
                time.sleep(0.2)

        threading.Thread(target=watchdog, daemon=True).start()
        logf = open(a.log, "wb") if a.log else None
        code = None
        for line in iter(proc.stdout.readline, b""):
            if logf:
                logf.write(line)
                logf.flush()
            if not a.quiet:
                sys.stdout.buffer.write(line)
                sys.stdout.flush()
            m = EXIT_MARK.search(line)
            if m:
                code = int(m.group(1))
        proc.wait()
        print(f"[vm] {time.monotonic() - start:.1f} s", file=sys.stderr)
        if timed_out.is_set():
            print(f"[vm] watchdog: killed after {a.timeout} s", file=sys.stderr)
            return 124
        return 125 if code is None else code
    finally:
        shutil.rmtree(run_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
