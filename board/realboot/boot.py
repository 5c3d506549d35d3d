#!/usr/bin/python3
"""Boots one real-boot lane image (board/realboot/build-image.sh) in QEMU and
serves its screendump requests, judging each stage's picture as it comes.

    boot.py --image DIR --out DIR --refs DIR [--arch amd64|arm64] [--append ARGS] [--timeout S] [--stage-deadline S]
            [--input]

DIR (image) holds disk.ext4, vmlinuz, initrd.img (the image's own /boot).
QEMU's default CPU model (no RDRAND) and no virtio-rng: the guest kernel's RNG
is not ready while the splash starts, as on a device without an RNG driver.
arm64: qemu-system-aarch64 -M virt (cortex-a72, no RNDR) with the device
tree's rng-seed left out (dtb-randomness=off), virtio-gpu-pci, the image's
vmlinuz as is (Debian's arm64 one is an uncompressed Image).

Serial ports: ttyS0 the console (OUT/console.log), ttyS1 the screendump
control channel (board/qemu's handshake, see guest/realboot-lib.sh `shot`),
ttyS2 the guest's results (OUT/results.log). arm64 (`virt` has one UART,
ttyAMA0, the console): virtio-serial ports named realboot.ctl and
realboot.res instead, and realboot.ports=virtio on the command line.
On `@@SCREENDUMP name@@` the host dumps the screen into OUT/name.ppm; when stages.py has an expectation
for `name` it dumps again every ~0.3 s until the picture matches or
--stage-deadline passes (a watchdog: the HUD draws its text asynchronously),
then answers `ok pass|fail`. Verdicts go to OUT/shots.json.

Input (--input: a virtio keyboard and a virtio tablet; the guest's udev
loads virtio_input): on the same control port the guest writes
`@@TYPE text@@` (each character as QMP send-key, with shift where a US
keyboard needs it; printable ASCII but `@`), `@@INPUT key QCODE...@@`
(pressed in order, released together: `key ret`, `key ctrl c`),
`@@INPUT tap X Y@@` (the tablet's axes, 0..32767) or `@@INPUT tappx X Y@@`
(a screen pixel of the 1280x800 picture, converted as libinput scales the
tablet's axes), and gets `ok` once QEMU has taken the events (`err ...` for
a bad request). Logged in OUT/input.log.

A watchdog kills QEMU after --timeout seconds (exit 124). Exit 0 when the
guest powered off by itself. Stdlib only; run with /usr/bin/python3.
"""
import argparse
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import stages  # noqa: E402
from pixels import Picture  # noqa: E402

# board/qemu/qemu-run.py's QMP client, screendump marker and kernel unpacking.
_spec = importlib.util.spec_from_file_location("qemu_run", os.path.join(HERE, "..", "qemu", "qemu-run.py"))
qemu_run = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(qemu_run)


def log(msg):
    print(f"[realboot] {msg}", file=sys.stderr, flush=True)


TYPE_MARK = re.compile(r"@@TYPE ([ -?A-~]+)@@")
INPUT_MARK = re.compile(r"@@INPUT (key|tap|tappx) ([A-Za-z0-9_ ]+)@@")
# US layout: the qcode of each character, and those typed with shift.
QCODES = {" ": "spc", "-": "minus", "=": "equal", "[": "bracket_left", "]": "bracket_right", ";": "semicolon",
          "'": "apostrophe", "`": "grave_accent", "\\": "backslash", ",": "comma", ".": "dot", "/": "slash"}
SHIFTED = {"_": "minus", "+": "equal", "{": "bracket_left", "}": "bracket_right", ":": "semicolon",
           '"': "apostrophe", "~": "grave_accent", "|": "backslash", "<": "comma", ">": "dot", "?": "slash",
           "!": "1", "#": "3", "$": "4", "%": "5", "^": "6", "&": "7", "*": "8", "(": "9", ")": "0"}
SCREEN = (1280, 800)


def keys_for(ch):
    """The qcodes pressed together for one character (US layout)."""
    if ch.isascii() and (ch.islower() or ch.isdigit()):
        return [ch]
    if ch.isascii() and ch.isupper():
        return ["shift", ch.lower()]
    if ch in QCODES:
        return [QCODES[ch]]
    if ch in SHIFTED:
        return ["shift", SHIFTED[ch]]
    raise ValueError(f"cannot type {ch!r}")


def tablet_axis(px, size):
    """A screen pixel's centre on the tablet's axis (0..32767), as libinput
    scales it back: pixel = value * size / 32768."""
    return min(qemu_run.TABLET_MAX, int((px + 0.5) * (qemu_run.TABLET_MAX + 1) / size))


def do_input(qmp, text):
    """Carries out one `@@TYPE ...@@` or `@@INPUT ...@@`; returns what it did, raises on a bad request."""
    m = TYPE_MARK.search(text)
    if m:
        for ch in m.group(1):
            qmp.call("send-key", keys=[{"type": "qcode", "data": k} for k in keys_for(ch)])
        return f"typed {m.group(1)!r}"
    m = INPUT_MARK.search(text)
    kind, args = m.group(1), m.group(2).split()
    if kind == "tappx":
        if len(args) != 2 or not all(a.isdigit() for a in args):
            raise ValueError(f"tappx: expected X Y in pixels, got {' '.join(args)}")
        x, y = int(args[0]), int(args[1])
        kind, args = "tap", [str(tablet_axis(x, SCREEN[0])), str(tablet_axis(y, SCREEN[1]))]
    qemu_run.inject_input(qmp, kind, args)
    return f"{kind} {' '.join(args)}"


def serve(ctl_path, qmp_path, out, expectations, stage_deadline, deadline, verdicts, start):
    """Answers screendump requests on the control port, re-dumping until the
    stage's expectation holds (or its deadline)."""
    try:
        qmp = qemu_run.QMP(qmp_path, deadline)
        for ctl, text in qemu_run.control_requests(ctl_path, deadline):
            if TYPE_MARK.search(text) or INPUT_MARK.search(text):
                try:
                    did = do_input(qmp, text)
                    reply = b"ok\n"
                except (ValueError, RuntimeError) as e:
                    did, reply = f"refused: {e}", f"err {e}\n".encode()
                with open(os.path.join(out, "input.log"), "a") as f:
                    f.write(f"{time.monotonic() - start:.2f} {text.strip()}: {did}\n")
                log(f"input {text.strip()}: {did}")
                ctl.sendall(reply)
                continue
            m = qemu_run.SHOT_MARK.search(text)
            if not m:
                continue
            name = m.group(1)
            path = os.path.join(out, name + ".ppm")
            asked = time.monotonic()
            expect = expectations.get(name)
            attempts, ok, why = 0, None, "no expectation for this name"
            try:
                while True:
                    qmp.call("screendump", filename=path)
                    attempts += 1
                    if expect is None:
                        break
                    ok, why = expect.judge(Picture.load(path))
                    if ok or time.monotonic() - asked > stage_deadline or time.monotonic() > deadline:
                        break
                    time.sleep(0.3)
                verdicts[name] = {"ok": ok, "why": why, "attempts": attempts,
                                  "waited": round(time.monotonic() - asked, 2),
                                  "at": round(asked - start, 2)}
                log(f"dump {name}: {'-' if ok is None else 'pass' if ok else 'FAIL'} after {attempts} "
                    f"dump(s), {time.monotonic() - asked:.1f} s: {why}")
                ctl.sendall(b"ok " + (b"pass" if ok else b"fail" if ok is False else b"dumped") + b"\n")
            except Exception as e:  # report to the guest, keep serving
                verdicts[name] = {"ok": False, "why": f"screendump failed: {e}", "attempts": attempts}
                ctl.sendall(f"err {e}\n".encode())
    except (OSError, EOFError):
        return


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--image", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--refs", required=True, help="reference renders (stages.py render)")
    p.add_argument("--arch", choices=("amd64", "arm64"), default="amd64")
    p.add_argument("--append", default="", help="more kernel command line")
    p.add_argument("--timeout", type=float, default=360)
    p.add_argument("--stage-deadline", type=float, default=45)
    p.add_argument("--input", action="store_true", help="a virtio keyboard and tablet (TYPE/INPUT requests)")
    p.add_argument("--cache", default=os.environ.get("KIOSKHUD_REALBOOT_CACHE", "/var/tmp/kioskhud-realboot"))
    a = p.parse_args()

    out = os.path.abspath(a.out)
    os.makedirs(out, exist_ok=True)
    expectations = stages.expectations(a.refs)
    version = open(os.path.join(a.image, "kernel-version")).read().strip()
    run_dir = os.path.join(a.cache, f"vm-{os.getpid()}")
    os.makedirs(run_dir, exist_ok=True)
    qmp_path, ctl_path = os.path.join(run_dir, "qmp.sock"), os.path.join(run_dir, "ctl.sock")
    con = ["-chardev", f"file,id=con,path={os.path.join(out, 'console.log')}", "-serial", "chardev:con"]
    ctl = ["-chardev", f"socket,id=ctl,path={ctl_path},server=on,wait=off"]
    res = ["-chardev", f"file,id=res,path={os.path.join(out, 'results.log')}"]
    common = ["-m", "1024", "-smp", "1", "-accel", "tcg", "-nic", "none", "-nodefaults", "-no-reboot",
              "-display", "none", "-initrd", os.path.join(a.image, "initrd.img"),
              "-qmp", f"unix:{qmp_path},server=on,wait=off"]
    if a.arch == "arm64":
        append = "root=/dev/vda rw console=ttyAMA0 panic=-1 realboot.ports=virtio"
        cmd = ["qemu-system-aarch64", "-M", "virt,dtb-randomness=off", "-cpu", "cortex-a72", *common,
               "-kernel", os.path.join(a.image, "vmlinuz"), "-device", "virtio-gpu-pci",
               "-drive", f"file={os.path.join(a.image, 'disk.ext4')},format=raw,if=none,id=root",
               "-device", "virtio-blk-pci,drive=root", *con, "-device", "virtio-serial-pci",
               *ctl, "-device", "virtserialport,chardev=ctl,name=realboot.ctl",
               *res, "-device", "virtserialport,chardev=res,name=realboot.res"]
    else:
        # The image's own kernel, its xz payload unpacked once (PVH boot, ~2x faster under TCG).
        kdir = os.path.join(a.cache, "kernels")
        os.makedirs(kdir, exist_ok=True)
        kernel = qemu_run.uncompressed_kernel(os.path.join(a.image, "vmlinuz"), version, kdir)
        append = "root=/dev/vda rw console=ttyS0 panic=-1"
        cmd = ["qemu-system-x86_64", *common, "-vga", "none", "-device", "bochs-display", "-kernel", kernel,
               "-drive", f"file={os.path.join(a.image, 'disk.ext4')},format=raw,if=virtio",
               *con, *ctl, "-serial", "chardev:ctl", *res, "-serial", "chardev:res"]
    if a.input:
        cmd += ["-device", "virtio-keyboard-pci,id=kbd0", "-device", "virtio-tablet-pci,id=tablet0"]
    cmd += ["-append", " ".join(x for x in [append, a.append] if x)]
    with open(os.path.join(out, "qemu-cmd.txt"), "w") as f:
        f.write(" ".join(cmd) + "\n")
    start = time.monotonic()
    deadline = start + a.timeout
    verdicts = {}
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=open(os.path.join(out, "qemu.err"), "w"))
    server = threading.Thread(target=serve, args=(ctl_path, qmp_path, out, expectations, a.stage_deadline,
                                                  deadline, verdicts, start), daemon=True)
    server.start()
    timed_out = False
    while proc.poll() is None:
        if time.monotonic() > deadline:
            timed_out = True
            log(f"watchdog: guest still running after {a.timeout:.0f} s, killing it")
            proc.kill()
            proc.wait()
            break
        time.sleep(0.2)
    elapsed = time.monotonic() - start
    server.join(timeout=2)
    shutil.rmtree(run_dir, ignore_errors=True)
    with open(os.path.join(out, "shots.json"), "w") as f:
        json.dump({"verdicts": verdicts, "elapsed": round(elapsed, 1), "timed_out": timed_out,
                   "qemu_exit": proc.returncode}, f, indent=1)
    log(f"guest ended after {elapsed:.1f} s{' (watchdog)' if timed_out else ''}, qemu exit {proc.returncode}")
    return 124 if timed_out else 0 if proc.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
