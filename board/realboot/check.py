#!/usr/bin/python3
"""Judges the real-boot lane's runs (board/realboot/run.sh): the screendump
verdicts boot.py reached while the guest waited, the guest's results port,
the journal read back from the disk, and every pixel check again against a
screen without the HUD (each must fail there).

Usage: check.py OUT   (OUT/kioskhud, OUT/plymouth, OUT/kioskhud-arm64: one boot
each; OUT/refs, OUT/kioskhud-arm64/refs: drawn in the arm64 root)
Prints `PASS name` / `FAIL name: why` and `INFO` lines; exits with the number
of failures (capped at 100).
"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stages  # noqa: E402
from pixels import Picture, bbox, differing  # noqa: E402

results = []


def check(name, ok, why=""):
    results.append((name, bool(ok), why))


def info(name, text):
    print(f"INFO {name}: {text}")


class Boot:
    def __init__(self, out, variant):
        self.dir = os.path.join(out, variant)
        self.variant = variant
        self.present = os.path.isdir(self.dir)
        # arm64: its own references (its root's fonts); x86: the host's.
        self.refs = os.path.join(self.dir, "refs")
        if not os.path.isdir(self.refs):
            self.refs = os.path.join(out, "refs")
        self.shots = self._json("shots.json").get("verdicts", {})
        self.meta = self._json("shots.json")
        self.res = self._text("results.log").replace("\r", "").splitlines()
        self.journal = self._text("journal.txt")
        self.console = self._text("console.log")

    def _json(self, name):
        try:
            return json.load(open(os.path.join(self.dir, name)))
        except (OSError, ValueError):
            return {}

    def _text(self, name):
        try:
            return open(os.path.join(self.dir, name), "rb").read().decode(errors="replace")
        except OSError:
            return ""

    def lines(self, prefix):
        return [line[len(prefix):].strip() for line in self.res if line.startswith(prefix)]

    def picture(self, name):
        path = os.path.join(self.dir, name + ".ppm")
        return Picture.load(path) if os.path.exists(path) else None

    def shot(self, name):
        v = self.shots.get(name)
        if v is None:
            return False, "the guest never asked for this screendump"
        return v.get("ok") is True, f"{v.get('why')} ({v.get('attempts')} dumps, {v.get('waited')} s)"

    def uptime_of(self, prefix, pattern=r"at ([0-9.]+)"):
        for line in self.lines(prefix):
            m = re.search(pattern, line)
            if m:
                return float(m.group(1))
        return None


def unit_state(boot, unit):
    for line in boot.lines(f"unit {unit}"):
        return dict(kv.split("=", 1) for kv in line.split() if "=" in kv)
    return {}


def judge_kioskhud(boot, v):
    check(f"{v}/powered-off", boot.meta and not boot.meta.get("timed_out") and boot.meta.get("qemu_exit") == 0,
          f"guest did not power off by itself: {boot.meta}")
    check(f"{v}/a-initramfs-splash-with-label", *boot.shot("initramfs"))
    exact = stages.expectations(boot.refs)["initramfs-exact"]
    ok, why = exact.judge(boot.picture("initramfs"))
    check(f"{v}/a-initramfs-label-as-in-real-root", ok,
          why + " (the label in the same font as the real root's rendering: "
          + ("drawn in that root" if boot.refs.startswith(boot.dir) else "the host's, the same Debian release") + ")")
    check(f"{v}/b-switchroot-splash-still-up", *boot.shot("switchroot"))
    check(f"{v}/c-systemd-progress-50-and-message", *boot.shot("systemd"))
    check(f"{v}/d-psplash-fifo-msg-and-progress-80", *boot.shot("psplash"))
    # The pixels allow another font for the label; the daemon's own state names it.
    for step, label, pct in (("progress", "From systemd", "50"), ("psplash", "From psplash", "80")):
        st = boot.lines(f"{step}: hud status:")
        check(f"{v}/{'c' if step == 'progress' else 'd'}-status-label-and-progress",
              f"label={label}" in st and f"progress={pct}" in st, "; ".join(st) or "no status")
    check(f"{v}/e-login-pixels-no-splash", *boot.shot("login"))
    vcs = boot.lines("final: vcs1 has login:")
    check(f"{v}/e-login-prompt-on-tty1", vcs, "; ".join(boot.lines("final:")) or "no result from the final unit")
    check(f"{v}/shutdown-splash", *boot.shot("shutdown"))

    j = boot.journal
    check(f"{v}/f-journal-read", len(j) > 1000, "no journal read back from the disk")
    cycles = [l for l in j.splitlines() if "ordering cycle" in l.lower()]
    check(f"{v}/f-no-ordering-cycle", j and not cycles, "\n    ".join(cycles[:6]))
    deleted = [l for l in j.splitlines() if re.search(r"[Jj]ob \S+ deleted", l)]
    check(f"{v}/f-no-deleted-job", j and not deleted, "\n    ".join(deleted[:6]))
    failed = [l for l in j.splitlines()
              if re.search(r"kioskhud[-a-z]*\.service: (Failed|Main process exited, code=(killed|dumped)|"
                           r"Main process exited, code=exited, status=[1-9])", l)]
    check(f"{v}/f-kioskhud-units-no-failure", j and not failed, "\n    ".join(failed[:6]))
    for unit in ("kioskhud-quit.service", "kioskhud-quit-wait.service"):
        st = unit_state(boot, unit)
        check(f"{v}/f-{unit}-succeeded", st.get("Result") == "success" and st.get("ExecMainStatus") == "0", st or "not reported")
    st = unit_state(boot, "getty@tty1.service")
    check(f"{v}/f-getty@tty1-active", st.get("ActiveState") == "active", st or "not reported")

    # The kernel RNG was not ready at the splash's first frame: the daemon's
    # "first frame on screen ... at N s uptime" (its own clock), with stage a's
    # picture confirmed on screen by the host.
    confirmed = boot.uptime_of("shot initramfs: ok pass")
    first = None
    for line in boot.lines("initramfs-daemon-log:"):
        m = re.search(r"first frame on screen .* at ([0-9.]+) s uptime", line)
        if m:
            first = float(m.group(1))
            break
    crng = None
    m = re.search(r"\[\s*([0-9.]+)\] random: crng init done", j + "\n" + "\n".join(boot.res))
    if m:
        crng = float(m.group(1))
    check(f"{v}/rng-unready-at-first-frame",
          confirmed is not None and first is not None and crng is not None and crng > first,
          f"initramfs daemon's first frame at {first} s uptime (its log), stage a's picture confirmed at "
          f"{confirmed} s, crng init done at {crng} s")
    # The splash theme's logo is on that first frame, drawn before Cairo is
    # loaded (its PNG decoded in Swift): no graphics library read from a cold
    # disk before the first frame.
    firsts = [l for l in boot.lines("initramfs-daemon-log:") if "first frame on screen" in l]
    check(f"{v}/a-first-frame-logo-without-cairo",
          bool(firsts) and re.search(r": bezel, [a-zA-Z]+, logo\b", firsts[0]) and firsts[0].rstrip().endswith("(Swift painter)"),
          firsts[0] if firsts else "no 'first frame on screen' line in the initramfs daemon's log")
    for line in boot.lines("initramfs-daemon-log:")[:40]:
        info(f"{v}/initramfs-daemon-log", line)
    for line in boot.lines("daemon-log:")[:40]:
        info(f"{v}/daemon-log", line)
    for line in boot.res:
        if re.match(r"(initramfs|switchroot|progress|psplash|final|shutdown|shot)\b", line):
            info(v, line)


def judge_plymouth(boot):
    v = "plymouth"
    check(f"{v}/powered-off", boot.meta and not boot.meta.get("timed_out") and boot.meta.get("qemu_exit") == 0,
          f"guest did not power off by itself: {boot.meta}")
    a, b = boot.shot("plymouth-initramfs"), boot.shot("plymouth-systemd")
    check("plymouth splash visible", a[0] or b[0], f"initramfs: {a[1]}; systemd: {b[1]}")
    ok, why = boot.shot("login")
    vcs = boot.lines("final: vcs1 has login:")
    check("login after plymouth", ok and vcs, f"{why}; vcs1 login: {bool(vcs)}")
    cycles = [l for l in boot.journal.splitlines() if "ordering cycle" in l.lower()]
    check(f"{v}/no-ordering-cycle", boot.journal and not cycles, "\n    ".join(cycles[:6]) or "no journal")
    for line in boot.res:
        if re.match(r"(initramfs|plymouth|final|shot)\b", line):
            info(v, line)


def negatives(refs, console, v="negative"):
    """Every pixel check must be able to fail: run each against screens that
    do not show what it looks for. console: a plain console (a login screen)."""
    exp = stages.expectations(refs)
    black = Picture(1280, 800, bytes(1280 * 800 * 3))
    if console is None:
        check(f"{v}/console-dump", False, "no plain-console dump (a login screen) to test against")
    else:
        for name in ("initramfs", "systemd", "psplash", "shutdown", "plymouth-systemd"):
            ok, why = exp[name].judge(console)
            check(f"{v}/{name}-check-fails-on-plain-console", not ok, why)
    for name in ("initramfs", "systemd", "psplash", "shutdown", "login", "plymouth-systemd"):
        ok, why = exp[name].judge(black)
        check(f"{v}/{name}-check-fails-on-black-screen", not ok, why)
    splash = Picture.load(os.path.join(refs, "splash-p0.png"))
    ok, why = exp["login"].judge(splash)
    check(f"{v}/login-check-fails-on-splash", not ok, why)
    ok, why = exp["initramfs-exact"].judge(Picture.load(os.path.join(refs, "splash-nolabel.png")))
    check(f"{v}/initramfs-exact-check-fails-on-splash-nolabel", not ok, why)
    # The stages tell each other apart (label text, bar position, spinner vs bar).
    for name, other in (("initramfs", "splash-nolabel"), ("initramfs", "bar50"), ("systemd", "bar80"), ("psplash", "bar50"), ("systemd", "splash-p0"),
                        ("systemd", "bar0-systemd"), ("systemd", "bar100-systemd")):
        ok, why = exp[name].judge(Picture.load(os.path.join(refs, other + ".png")))
        check(f"{v}/{name}-check-fails-on-{other}", not ok, why)


def fonts(out, arm):
    """INFO: where the arm64 root's references differ from the host's (font
    hinting across Debian releases shows in the labels only)."""
    for name in ("splash-p0", "bar50", "splash-nolabel"):
        try:
            a, b = (Picture.load(os.path.join(d, name + ".png")) for d in (arm.refs, os.path.join(out, "refs")))
        except OSError:
            return
        diff = differing(a, b, 0)
        info("arm64/references", f"{name}: {len(diff)} px differ from the host's rendering (box {bbox(diff, a.w) if diff else None})")


def side_by_side(out, kios, ply):
    """OUT/side-by-side-NAME.ppm: KioskHUD's dump left, Plymouth's right."""
    for name, left, right in (("splash", "initramfs", "plymouth-systemd"), ("login", "login", "login")):
        a, b = kios.picture(left), ply.picture(right)
        if not a or not b or a.h != b.h:
            continue
        rows = b"".join(a.row(y) + b.row(y) for y in range(a.h))
        with open(os.path.join(out, f"side-by-side-{name}.ppm"), "wb") as f:
            f.write(b"P6 %d %d 255\n" % (a.w + b.w, a.h) + rows)


def main():
    out = sys.argv[1]
    kios, ply, arm = Boot(out, "kioskhud"), Boot(out, "plymouth"), Boot(out, "kioskhud-arm64")
    if kios.present:
        judge_kioskhud(kios, "realboot")
    if ply.present:
        judge_plymouth(ply)
    if kios.present or ply.present:
        negatives(os.path.join(out, "refs"), ply.picture("login"))
    side_by_side(out, kios, ply)
    if arm.present:
        judge_kioskhud(arm, "arm64/realboot")
        # Its plain console: the Plymouth run's login screen (never had our
        # HUD) when there is one, else its own once the splash quit.
        console = ply.picture("login") or arm.picture("login")
        negatives(arm.refs, console, "arm64/negative")
        fonts(out, arm)
    for name, ok, why in results:
        if ok:
            print(f"PASS {name}")
        else:
            print(f"FAIL {name}: {why}")
    return min(100, sum(1 for _, ok, _ in results if not ok))


if __name__ == "__main__":
    sys.exit(main())
