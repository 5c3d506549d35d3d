#!/usr/bin/python3
"""Runs one shell script inside a QEMU guest that has a real kernel DRM driver.

The guest boots Debian's own kernel (found at run time under /boot and
/lib/modules) with a tiny busybox initramfs built here, mounts the host's root
read-only over 9p, chroots into it (tmpfs on /run and /tmp), loads the DRM
driver for --gpu, runs the script and prints its exit code on the serial
console; this program exits with that code.

Screendumps: the guest writes `@@SCREENDUMP name@@` on its second serial port
(/dev/ttyS1, see guest/shot.sh) and blocks reading that port; the host dumps
the screen over QMP into --dump-dir/name.ppm and answers `ok DIGEST` (the
dump's SHA-256, 16 hex digits: the guest can tell whether the screen changed
between two dumps without reading them) or `err ...`.
Input (--input: a virtio keyboard and tablet): the guest writes `@@INPUT key
QCODE...@@` (QMP send-key: the keys pressed in order, released together, e.g.
`key ctrl c`) or `@@INPUT tap X Y@@` (QMP input-send-event: the tablet's
absolute axes, 0..32767, to X Y, then the left button down and up) the same
way (guest/input.sh) and gets `ok` once QEMU has taken the events.
The console (ttyS0) carries only the script's output and the exit marker.

--gpu vkms: no QEMU display device; the kernel's virtual KMS driver, built
out of tree by board/vkms/build-module.sh (or --vkms-module), is loaded with
enable_overlay=1 (8 overlay planes, a writeback connector). No screendumps:
the guest reads the picture back through writeback itself.
--share-dir DIR: DIR is shared read-write over 9p and mounted at the same path
in the guest ($KIOSKHUD_SHARE names it), so the guest can leave files there.

A watchdog kills the guest after --timeout seconds (exit code 124).
Stdlib only; run with Debian's /usr/bin/python3.
"""
import argparse
import glob
import json
import hashlib
import lzma
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
EXIT_MARK = re.compile(rb"@@EXIT (\d+)@@")
SHOT_MARK = re.compile(r"@@SCREENDUMP ([A-Za-z0-9_.-]+)(?: ([A-Za-z0-9_-]+))?(?: (\d+))?@@")
RESIZE_MARK = re.compile(r"@@VNCRESIZE (\d+) (\d+)@@")
INPUT_MARK = re.compile(r"@@INPUT (key|tap) ([A-Za-z0-9_ ]+)@@")
# The virtio tablet's axes (QEMU's INPUT_EVENT_ABS_MIN/MAX).
TABLET_MAX = 32767
# Input devices for --input; the guest loads their drivers itself (modprobe evdev virtio_input).
INPUT_DEVICES = ["-device", "virtio-keyboard-pci,id=kbd0", "-device", "virtio-tablet-pci,id=tablet0"]
# Modules the initramfs loads before it can mount the host's root.
BOOT_MODULES = ["virtio_pci", "9pnet_virtio", "9p"]
GPU = {
    "bochs": (["-vga", "none", "-device", "bochs-display,id=d0"], "bochs"),
    "virtio": (["-vga", "none", "-device", "virtio-gpu-pci,id=d0"], "virtio-gpu"),
    # Two displays, two cards (card0, card1); dump each with its device id.
    "bochs2": (["-vga", "none", "-device", "bochs-display,id=d0", "-device", "bochs-display,id=d1"], "bochs"),
    # One card, two heads; head 1 stays disconnected until the VNC client
    # (guest/vnc-resize.sh) gives it a size, and unplugs at 0x0.
    "virtio2": (["-vga", "none", "-device", "virtio-gpu-pci,id=d0,max_outputs=2",
                 "-vnc", "unix:{vnc},display=d0,head=1"], "virtio-gpu"),
    # No display device: the virtual KMS driver (out-of-tree vkms.ko, loaded by /init
    # after its dependencies; --no-modprobe leaves that to the script: $KIOSKHUD_VKMS_KO).
    "vkms": (["-vga", "none"], "vkms"),
}
# Modules vkms.ko needs that Debian's kernel has; /init loads them before it.
VKMS_DEPENDENCIES = ["drm_kms_helper", "drm_shmem_helper"]


class VNCClient:
    """Just enough RFB 3.8 to ask QEMU to resize (plug/unplug) one head."""

    def __init__(self, path, deadline):
        self.sock = socket.socket(socket.AF_UNIX)
        while True:
            try:
                self.sock.connect(path)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        self.sock.settimeout(10)
        self.recv(12)
        self.sock.sendall(b"RFB 003.008\n")
        count = self.recv(1)[0]
        types = self.recv(count)
        if 1 not in types:
            raise RuntimeError(f"VNC server offers no 'None' security: {list(types)}")
        self.sock.sendall(b"\x01")
        if struct.unpack(">I", self.recv(4))[0] != 0:
            raise RuntimeError("VNC security handshake failed")
        self.sock.sendall(b"\x01")  # ClientInit, shared
        header = self.recv(24)
        self.recv(struct.unpack(">I", header[20:24])[0])
        # SetEncodings: raw + ExtendedDesktopSize (-308).
        self.sock.sendall(struct.pack(">BxHii", 2, 2, 0, -308))
        threading.Thread(target=self.drain, daemon=True).start()

    def recv(self, n):
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise EOFError("VNC server closed the connection")
            data += chunk
        return data

    def drain(self):
        try:
            while self.sock.recv(65536):
                pass
        except OSError:
            pass

    def resize(self, w, h):
        # SetDesktopSize (251) with one screen.
        self.sock.sendall(struct.pack(">BxHHBxIHHHHI", 251, w, h, 1, 0, 0, 0, w, h, 0))


def log(msg):
    print(f"[qemu-run] {msg}", file=sys.stderr, flush=True)


def newest(paths):
    paths = sorted(paths, key=os.path.getmtime)
    if not paths:
        raise SystemExit("qemu-run: no kernel found under /boot/vmlinuz-*")
    return paths[-1]


def find_kernel():
    """Newest /boot/vmlinuz-* that has a matching /lib/modules/<version>."""
    for image in sorted(glob.glob("/boot/vmlinuz-*"), key=os.path.getmtime, reverse=True):
        version = os.path.basename(image)[len("vmlinuz-"):]
        if os.path.isdir(f"/lib/modules/{version}"):
            return image, version
    raise SystemExit("qemu-run: no /boot/vmlinuz-* with a /lib/modules/<version> directory")


def uncompressed_kernel(image, version, cache):
    """The bzImage's xz payload as an ELF vmlinux (PVH boots it ~2x faster),
    cached; the bzImage itself when that fails."""
    out = os.path.join(cache, f"vmlinux-{version}")
    if os.path.exists(out) and os.path.getmtime(out) >= os.path.getmtime(image):
        return out
    data = open(image, "rb").read()
    start = data.find(b"\xfd7zXZ\x00")
    while start >= 0:
        try:
            elf = lzma.LZMADecompressor(format=lzma.FORMAT_XZ).decompress(data[start:])
            if elf[:4] == b"\x7fELF":
                tmp = out + ".tmp"
                open(tmp, "wb").write(elf)
                os.replace(tmp, out)
                return out
        except lzma.LZMAError:
            pass
        start = data.find(b"\xfd7zXZ\x00", start + 1)
    log("could not extract an ELF vmlinux; booting the bzImage (slower)")
    return image


def module_closure(version, names):
    """Paths (relative to /lib/modules/<version>) of `names` and their
    dependencies, dependencies first, in modules.dep's order."""
    deps = {}
    for line in open(f"/lib/modules/{version}/modules.dep"):
        mod, _, rest = line.partition(":")
        deps[mod] = rest.split()
    by_name = {}
    for mod in deps:
        base = os.path.basename(mod).split(".ko")[0]
        by_name[base] = mod
        by_name[base.replace("-", "_")] = mod
    order = []

    def add(mod):
        if mod in order:
            return
        for d in reversed(deps[mod]):  # modules.dep lists the deepest last
            add(d)
        order.append(mod)

    for n in names:
        if n not in by_name:
            raise SystemExit(f"qemu-run: module {n} not in /lib/modules/{version}/modules.dep")
        add(by_name[n])
    return order


INIT = r"""#!/bin/busybox sh
/bin/busybox mkdir -p /proc /sys /dev /host /usr/bin /usr/sbin /sbin
/bin/busybox --install -s
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
for m in $(cat /modules.order); do insmod "/$m" || echo "init: insmod $m failed"; done
mount -t 9p -o trans=virtio,version=9p2000.L,ro,msize=512000,cache=loose hostroot /host || { echo "@@EXIT 125@@"; poweroff -f; }
mount -t devtmpfs dev /host/dev
mount -t proc proc /host/proc
mount -t sysfs sys /host/sys
mkdir -p /raw && mount --bind /host /raw
mount -t tmpfs tmpfs /host/run
mount -t tmpfs tmpfs /host/tmp
# Host paths under /tmp or /run that the run needs (a checkout in /tmp) show through the tmpfs.
for p in $(sed -n "s/.*kioskhud\.keep=\([^ ]*\).*/\1/p" /proc/cmdline | tr , ' '); do
    mkdir -p "/host$p" && mount --bind "/raw$p" "/host$p" || echo "init: cannot keep $p"
done
mkdir -p /host/dev/pts /host/dev/shm
mount -t devpts devpts /host/dev/pts
arg() { sed -n "s/.*kioskhud\.$1=\([^ ]*\).*/\1/p" /proc/cmdline; }
script=$(arg run); gpu=$(arg gpumod); cwd=$(arg cwd); envfile=$(arg env); share=$(arg share); vkms=$(arg vkms)
# --share-dir: the host directory, read-write, at the same path.
if [ -n "$share" ]; then
    mkdir -p "/host$share" && mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000 share "/host$share" || echo "init: cannot mount the share at $share"
fi
stty -F /dev/ttyS1 raw -echo 2>/dev/null
if [ -n "$vkms" ]; then
    if [ "$(arg nomodprobe)" != 1 ]; then
        { chroot /host /sbin/modprobe -a $(arg vkmsdeps | tr , ' ') && chroot /host /sbin/insmod "$vkms" enable_overlay=1; } || echo "init: loading $vkms failed"
    fi
elif [ -n "$gpu" ] && [ "$(arg nomodprobe)" != 1 ]; then chroot /host /sbin/modprobe "$gpu" || echo "init: modprobe $gpu failed"; fi
chroot /host /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin HOME=/tmp TERM=linux \
    KIOSKHUD_GPU_MODULE="$gpu" /bin/sh -c 'cd "$1" && { [ -z "$3" ] || . "$3"; } && exec /bin/sh "$2"' sh "$cwd" "$script" "$envfile" </dev/console >/dev/console 2>&1
echo "@@EXIT $?@@"
sync
poweroff -f
"""


def vkms_module():
    """The cached vkms.ko from board/vkms/build-module.sh (builds it when absent): its last line."""
    builder = os.path.join(HERE, "..", "vkms", "build-module.sh")
    out = subprocess.run(["bash", builder], stdout=subprocess.PIPE, text=True)
    lines = out.stdout.split()
    if out.returncode != 0 or not lines:
        raise SystemExit(f"qemu-run: {builder} failed (exit {out.returncode})")
    return lines[-1]


def build_initramfs(version, cache):
    """A newc cpio with busybox, the 9p/virtio modules and /init; cached."""
    busybox = shutil.which("busybox") or "/bin/busybox"
    stamp = "\n".join([INIT, busybox, version, " ".join(BOOT_MODULES)])
    # Named by its content: runs with different /init scripts never share a file.
    out = os.path.join(cache, f"initramfs-{version}-{hashlib.sha1(stamp.encode()).hexdigest()[:12]}.cpio")
    stamp_file = out + ".stamp"
    if os.path.exists(out) and os.path.exists(stamp_file) and open(stamp_file).read() == stamp:
        return out
    root = out[:-len(".cpio")] + f".d{os.getpid()}"
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(os.path.join(root, "bin"))
    shutil.copy(busybox, os.path.join(root, "bin", "busybox"))
    mods = module_closure(version, BOOT_MODULES)
    for m in mods:
        dst = os.path.join(root, m)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        src = f"/lib/modules/{version}/{m}"
        if m.endswith(".xz"):
            open(dst[:-3], "wb").write(lzma.open(src).read())
        else:
            shutil.copy(src, dst)
    open(os.path.join(root, "modules.order"), "w").write(
        "\n".join(m[:-3] if m.endswith(".xz") else m for m in mods) + "\n")
    with open(os.path.join(root, "init"), "w") as f:
        f.write(INIT)
    os.chmod(os.path.join(root, "init"), 0o755)
    files = subprocess.run(["find", "."], cwd=root, check=True, capture_output=True).stdout
    with open(out + f".tmp{os.getpid()}", "wb") as f:
        subprocess.run(["cpio", "-o", "-H", "newc", "--quiet"], cwd=root, input=files, stdout=f, check=True)
    os.replace(out + f".tmp{os.getpid()}", out)
    open(stamp_file, "w").write(stamp)
    shutil.rmtree(root, ignore_errors=True)
    return out


class QMP:
    def __init__(self, path, deadline):
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX)
                self.sock.connect(path)
                break
            except OSError:
                self.sock.close()
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        self.file = self.sock.makefile("rwb")
        self.read()  # greeting
        self.call("qmp_capabilities")

    def read(self):
        line = self.file.readline()
        if not line:
            raise EOFError("QMP closed")
        return json.loads(line)

    def call(self, command, **arguments):
        msg = {"execute": command}
        if arguments:
            msg["arguments"] = arguments
        self.file.write(json.dumps(msg).encode() + b"\n")
        self.file.flush()
        while True:
            reply = self.read()
            if "return" in reply:
                return reply["return"]
            if "error" in reply:
                raise RuntimeError(reply["error"].get("desc", str(reply)))


def control_requests(ctl_path, deadline):
    """Connects to the guest's control serial port (a unix socket QEMU
    listens on), retrying until it is there, and yields (socket, line) for
    each line the guest writes; the socket is for the answer. Ends when the
    guest goes away. Shared with board/realboot/boot.py."""
    ctl = socket.socket(socket.AF_UNIX)
    while True:
        try:
            ctl.connect(ctl_path)
            break
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)
    buf = b""
    while True:
        chunk = ctl.recv(4096)
        if not chunk:
            return
        buf += chunk
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            yield ctl, line.decode(errors="replace")


def inject_input(qmp, kind, args):
    """Carries out one `@@INPUT ...@@` request through QMP; raises on a bad one."""
    if kind == "key":
        if not args:
            raise ValueError("key: no QCODE")
        qmp.call("send-key", keys=[{"type": "qcode", "data": k} for k in args])
        return
    if len(args) != 2 or not all(a.isdigit() and int(a) <= TABLET_MAX for a in args):
        raise ValueError(f"tap: expected X Y from 0 to {TABLET_MAX}, got {' '.join(args)}")
    x, y = int(args[0]), int(args[1])
    qmp.call("input-send-event", events=[{"type": "abs", "data": {"axis": "x", "value": x}},
                                         {"type": "abs", "data": {"axis": "y", "value": y}}])
    qmp.call("input-send-event", events=[{"type": "btn", "data": {"down": True, "button": "left"}}])
    time.sleep(0.05)
    qmp.call("input-send-event", events=[{"type": "btn", "data": {"down": False, "button": "left"}}])


def serve_screendumps(ctl_path, qmp_path, dump_dir, deadline, lock, vnc_path=None):
    """Answers the guest's screendump, input and VNC resize requests on the control serial port."""
    try:
        qmp = QMP(qmp_path, deadline)
        vnc = None
        for ctl, text in control_requests(ctl_path, deadline):
            i = INPUT_MARK.search(text)
            if i:
                try:
                    with lock:
                        inject_input(qmp, i.group(1), i.group(2).split())
                    ctl.sendall(b"ok\n")
                except Exception as e:
                    ctl.sendall(f"err {e}\n".encode())
                continue
            r = RESIZE_MARK.search(text)
            if r:
                try:
                    if vnc is None:
                        if not vnc_path:
                            raise RuntimeError("this --gpu has no VNC head")
                        vnc = VNCClient(vnc_path, deadline)
                    vnc.resize(int(r.group(1)), int(r.group(2)))
                    ctl.sendall(b"ok\n")
                except Exception as e:
                    ctl.sendall(f"err {e}\n".encode())
                continue
            m = SHOT_MARK.search(text)
            if not m:
                continue
            path = os.path.join(dump_dir, m.group(1) + ".ppm")
            args = {"filename": path}
            if m.group(2):
                args["device"] = m.group(2)
            if m.group(3):
                args["head"] = int(m.group(3))
            try:
                with lock:
                    qmp.call("screendump", **args)
                with open(path, "rb") as dump:
                    digest = hashlib.sha256(dump.read()).hexdigest()[:16]
                ctl.sendall(f"ok {digest}\n".encode())
            except Exception as e:  # report to the guest, keep serving
                ctl.sendall(f"err {e}\n".encode())
    except (OSError, EOFError):
        return


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--gpu", choices=sorted(GPU), default="bochs")
    p.add_argument("--timeout", type=float, default=120, help="watchdog, seconds (default 120)")
    p.add_argument("--dump-dir", default=".", help="where screendumps go (default .)")
    p.add_argument("--cache", default=os.environ.get("KIOSKHUD_QEMU_CACHE", "/var/tmp/kioskhud-qemu"))
    p.add_argument("--memory", default="1024")
    p.add_argument("--no-modprobe", action="store_true", help="do not load the DRM driver before the script")
    p.add_argument("--input", action="store_true",
                   help="add a virtio keyboard and tablet (the script loads evdev and virtio_input) for @@INPUT@@ requests")
    p.add_argument("--quiet", action="store_true", help="do not echo the guest console")
    p.add_argument("--log", help="also write the guest console to this file")
    p.add_argument("--env", action="append", default=[], metavar="NAME=VALUE", help="environment for the script (repeatable)")
    p.add_argument("--vkms-module", default=os.environ.get("KIOSKHUD_VKMS_KO"),
                   help="--gpu vkms: the vkms.ko to load (default $KIOSKHUD_VKMS_KO, else board/vkms/build-module.sh's)")
    p.add_argument("--share-dir", metavar="DIR",
                   help="host directory shared read-write, mounted at the same path in the guest ($KIOSKHUD_SHARE)")
    p.add_argument("script", help="shell script to run in the guest (a path the guest sees, i.e. on the host root)")
    a = p.parse_args()

    script = os.path.abspath(a.script)
    vkms = share = None
    if a.gpu == "vkms":
        vkms = a.vkms_module or vkms_module()
        if not os.path.isfile(vkms):
            raise SystemExit(f"qemu-run: {vkms}: no such module")
        vkms = os.path.abspath(vkms)
        a.env.append(f"KIOSKHUD_VKMS_KO={vkms}")
    if a.share_dir:
        share = os.path.abspath(a.share_dir)
        if re.search(r"[\s,]", share):
            raise SystemExit(f"qemu-run: {share}: must have no spaces or commas (it goes on the kernel command line)")
        os.makedirs(share, exist_ok=True)
        a.env.append(f"KIOSKHUD_SHARE={share}")
    keep = []
    for path in [script, os.getcwd()] + ([vkms] if vkms else []):
        if re.search(r"[\s,]", path):
            raise SystemExit(f"qemu-run: {path}: must have no spaces or commas (it goes on the kernel command line)")
        # The guest has tmpfs on /tmp and /run; these host paths are bound through it.
        d = path if os.path.isdir(path) else os.path.dirname(path)
        if d.startswith(("/tmp/", "/run/")) and d not in keep:
            keep.append(d)
    os.makedirs(a.cache, exist_ok=True)
    dump_dir = os.path.abspath(a.dump_dir)
    os.makedirs(dump_dir, exist_ok=True)

    image, version = find_kernel()
    kernel = uncompressed_kernel(image, version, a.cache)
    initrd = build_initramfs(version, a.cache)
    run_dir = os.path.join(a.cache, f"run-{os.getpid()}")
    os.makedirs(run_dir, exist_ok=True)
    qmp_path = os.path.join(run_dir, "qmp.sock")
    ctl_path = os.path.join(run_dir, "ctl.sock")
    gpu_args, gpu_module = GPU[a.gpu]
    vnc_path = os.path.join(run_dir, "vnc.sock")
    gpu_args = [arg.replace("{vnc}", vnc_path) for arg in gpu_args]
    env_file = ""
    if a.env:
        env_file = os.path.join(run_dir, "env.sh")
        with open(env_file, "w") as f:
            for item in a.env:
                name, sep, value = item.partition("=")
                if not sep or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
                    raise SystemExit(f"qemu-run: --env {item}: expected NAME=VALUE")
                f.write(f"export {name}='" + value.replace("'", "'\\''") + "'\n")
    append = " ".join([
        "console=ttyS0", "quiet", "loglevel=3", "panic=-1", "rdinit=/init",
        "vt.global_cursor_default=0",
        f"kioskhud.run={script}", f"kioskhud.cwd={os.getcwd()}", f"kioskhud.gpumod={gpu_module}",
        "kioskhud.nomodprobe=1" if a.no_modprobe else "",
        f"kioskhud.vkms={vkms} kioskhud.vkmsdeps={','.join(VKMS_DEPENDENCIES)}" if vkms else "",
        f"kioskhud.share={share}" if share else "",
        f"kioskhud.env={env_file}" if env_file else "",
        f"kioskhud.keep={','.join(keep)}" if keep else "",
    ])
    cmd = ["qemu-system-x86_64", "-accel", "tcg", "-m", a.memory, "-smp", "1", "-cpu", "max",
           "-no-reboot", "-nodefaults", "-display", "none",
           "-kernel", kernel, "-initrd", initrd, "-append", append,
           "-virtfs", "local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap",
           "-chardev", "stdio,id=con,signal=off", "-serial", "chardev:con",
           "-chardev", f"socket,id=ctl,path={ctl_path},server=on,wait=off", "-serial", "chardev:ctl",
           "-qmp", f"unix:{qmp_path},server=on,wait=off", *gpu_args, *(INPUT_DEVICES if a.input else [])]
    if share:
        cmd += ["-virtfs", f"local,path={share},mount_tag=share,security_model=none,multidevs=remap"]
    start = time.monotonic()
    deadline = start + a.timeout
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=sys.stderr)
    threading.Thread(target=serve_screendumps, args=(ctl_path, qmp_path, dump_dir, deadline, threading.Lock(),
                                                       vnc_path if any("{vnc}" in x for x in GPU[a.gpu][0]) else None),
                     daemon=True).start()

    timed_out = threading.Event()

    def kill_on_deadline():
        while proc.poll() is None:
            if time.monotonic() > deadline:
                timed_out.set()
                log(f"watchdog: guest still running after {a.timeout:.0f} s, killing it")
                proc.kill()
                return
            time.sleep(0.2)

    threading.Thread(target=kill_on_deadline, daemon=True).start()
    logf = open(a.log, "wb") if a.log else None
    code = None
    for raw in iter(proc.stdout.readline, b""):
        line = raw.replace(b"\r\n", b"\n")
        if logf:
            logf.write(line)
            logf.flush()
        m = EXIT_MARK.search(line)
        if m:
            code = int(m.group(1))
            continue
        if not a.quiet:
            sys.stdout.buffer.write(line)
            sys.stdout.flush()
    proc.wait()
    shutil.rmtree(run_dir, ignore_errors=True)
    elapsed = time.monotonic() - start
    if timed_out.is_set():
        return 124
    if code is None:
        log(f"guest ended without an exit marker after {elapsed:.1f} s")
        return 125
    log(f"guest exit {code} after {elapsed:.1f} s ({a.gpu})")
    return code


if __name__ == "__main__":
    sys.exit(main())
