#!/usr/bin/python3
"""Judges the real-boot lane's runs (board/realboot/run.sh): the screendump
verdicts boot.py reached while the guest waited, the guest's results port,
the journal read back from the disk, and every pixel check again against a
screen without the HUD (each must fail there).

Usage: check.py OUT   (OUT/kioskhud, OUT/plymouth, OUT/kioskhud-arm64, OUT/arm64-purged:
one boot each, plymouth and arm64-purged the first and third image after `apt purge`
of KioskHUD's packages; OUT/refs, OUT/kioskhud-arm64/refs: drawn in the arm64 root;
each image's package.txt: what the packages did to its root, build-image.sh)
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


def judge_input(boot, v):
    """h. Input through QEMU (boot.py --input) reaches the booted system: text
    typed through QMP into getty's login prompt, a tablet tap read by `hud input`
    at the pixel asked for (none before it)."""
    final = boot.lines("final:")
    typed = "typed text on tty1: yes" in final and "typed text on tty1 before typing" not in final
    check(f"{v}/h-typed-text-reaches-tty1", typed,
          "; ".join(l for l in final if "typ" in l) or "the final stage typed nothing")
    log = boot.lines("hud-input:")
    before = [l for l in final if l.startswith("button lines before the tap:")]
    presses = [re.search(r"pointer button left pressed at ([0-9.]+) ([0-9.]+)", l) for l in log]
    presses = [(float(m.group(1)), float(m.group(2))) for m in presses if m]
    check(f"{v}/h-tablet-tap-reaches-hud-input",
          before == ["button lines before the tap: 0"] and len(presses) == 1
          and abs(presses[0][0] - 640) <= 1 and abs(presses[0][1] - 400) <= 1,
          f"{before}; presses {presses} (want one at 640 400)")
    for line in log[:20]:
        info(f"{v}/hud-input", line)


def install_of(boot):
    """How KioskHUD went into the image (build-image.sh): plymouthd (hud as
    Plymouth's plymouthd, Debian's units) or units (our own)."""
    got = boot.lines("final: install")
    return got[0] if got and got[0] else "units"


def client_exits(boot):
    """`client: plymouth NAME exit N` lines: {NAME: N} in order."""
    out = {}
    for line in boot.lines("client: plymouth"):
        m = re.match(r"(\S+) exit (\d+)", line)
        if m:
            out.setdefault(m.group(1), int(m.group(2)))
    return out


# The Mender state scripts the kioskhud package installs (board/mender/rootfs and artifact).
MENDER_SCRIPTS = sum(len([n for n in os.listdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "mender", d))
                          if n.endswith("_kioskhud")]) for d in ("rootfs", "artifact"))
UNIT_ID = re.compile(r"^[A-Za-z0-9@:._\\-]+\.(service|mount|swap)$")


def judge_client(boot, v, install="plymouthd"):
    """g. Debian's plymouth client against hud serving Plymouth's socket. Each
    fails where nothing serves it (the daemon without --plymouth)."""
    ex = client_exits(boot)
    lines = boot.lines("client:")
    joined = "; ".join(lines[:60]) or "no result from the client stage"

    def has(text):
        return any(text == l or l.startswith(text) for l in lines)

    # systemd's unit status: the last unit systemd sent (U) is boot-status=, a unit it knows.
    bs = boot.lines("client: boot-status from systemd:")
    m = re.match(r"(\S+) \((\w+)\)$", bs[0]) if bs else None
    check(f"{v}/g-systemd-unit-status-reaches-hud",
          m is not None and UNIT_ID.match(m.group(1)) and m.group(2) == "loaded",
          (bs[0] if bs else "no boot-status= from systemd") + " (want a unit id systemd knows: LoadState loaded)")

    def exit0(*names):
        return all(ex.get(n) == 0 for n in names), ", ".join(f"{n} exit {ex.get(n, 'not run')}" for n in names)

    ok, why = exit0("ping")
    check(f"{v}/g-plymouth-ping", ok, why)
    ok, why = exit0("update")
    got = [l for l in lines if l.startswith("update try")]
    check(f"{v}/g-plymouth-update-status", ok and any(l.endswith("boot-status=realboot-client-status") for l in got),
          f"{why}; " + ("; ".join(got) or "no status read back"))
    ok, why = exit0("display-message")
    check(f"{v}/g-plymouth-display-message-status", ok and has("display-message status label=From Plymouth"),
          f"{why}; " + "; ".join(l for l in lines if l.startswith("display-message")))
    check(f"{v}/g-plymouth-display-message-drawn", *boot.shot("plymouth-message"))
    exact = stages.expectations(boot.refs)["plymouth-message-exact"]
    ok2, why2 = exact.judge(boot.picture("plymouth-message"))
    check(f"{v}/g-plymouth-display-message-as-host", ok2, why2 + " (the label pixel for pixel as the host draws it)")
    ok, why = exit0("change-mode-updates", "change-mode-boot-up")
    check(f"{v}/g-plymouth-change-mode", ok and has("change-mode --updates status splash-mode=updates")
          and has("change-mode --boot-up status splash-mode=boot"),
          f"{why}; " + "; ".join(l for l in lines if l.startswith("change-mode")))
    ok, why = exit0("deactivate", "reactivate")
    check(f"{v}/g-plymouth-deactivate-reactivate", ok and has("deactivate status display=released")
          and has("reactivate status display=held"),
          f"{why}; " + "; ".join(l for l in lines if "display=" in l))
    sok, swhy = boot.shot("plymouth-reactivated")
    check(f"{v}/g-picture-back-after-reactivate", sok and has("reactivate status label=From Plymouth"),
          f"{swhy}; " + "; ".join(l for l in lines if l.startswith("reactivate")))
    ok, why = exit0("quit-retain-splash")
    gone = ex.get("ping-after-quit") not in (None, 0) and has("hud ping after quit no")
    check(f"{v}/g-plymouth-quit-retain-splash", ok and gone,
          f"{why}; ping after quit exit {ex.get('ping-after-quit', 'not run')} (want non-zero: no daemon); "
          + "; ".join(l for l in lines if l.startswith("hud ping after quit")))
    check(f"{v}/g-picture-retained-after-quit", *boot.shot("retained"))
    # i. Once the daemon prompts and reads input (until then the stage says it skipped).
    # hud as plymouthd prompts and reads input now: there the stages must run (a daemon that stopped writing
    # the pid file or reading input fails them); with our own units they are judged only when they ran.
    prompt = boot.lines("prompt:")
    if install == "plymouthd" or (prompt and not prompt[0].startswith("skipped")):
        answers = [l for l in prompt if l.startswith("systemd-ask-password exit")]
        check(f"{v}/i-passphrase-typed-reaches-asker",
              "hud status prompt=password" in " ".join(prompt) and answers
              and answers[0].startswith("systemd-ask-password exit 0 answer [Kiosk-HUD_1.2 pw]"),
              "; ".join(prompt))
    else:
        info(f"{v}/i-passphrase", "; ".join(prompt) or "no prompt stage")
    button = boot.lines("button:")
    if install == "plymouthd" or (button and not button[0].startswith("skipped")):
        check(f"{v}/i-tap-presses-button", any(l.startswith("hud wait-button exit 0") for l in button), "; ".join(button))
    else:
        info(f"{v}/i-button", "; ".join(button) or "no button stage")
    for line in lines:
        info(f"{v}/client", line)
    return ex


def samples(boot):
    """The `measure:` lines: one dict per process sampled."""
    out = []
    for line in boot.lines("measure:"):
        if not line.startswith("pid="):
            continue   # "no process named ..."
        fields = dict(kv.split("=", 1) for kv in line.split(" exe=")[0].split() if "=" in kv)
        fields["exe"] = line.split(" exe=", 1)[1] if " exe=" in line else ""
        out.append(fields)
    return out


def figures(sample):
    """VmHWM, PSS (MB), CPU seconds, seconds alive, CPU share."""
    try:
        hz = float(sample["hz"])
        cpu = (int(sample["utime"]) + int(sample["stime"])) / hz
        alive = float(sample["uptime"]) - int(sample["start_ticks"]) / hz
        return {"hwm": int(sample["vmhwm_kb"]) / 1024, "pss": int(sample["pss_kb"]) / 1024,
                "rss": int(sample["vmrss_kb"]) / 1024, "cpu": cpu, "alive": alive,
                "parts": (f" ({int(sample['pss_anon_kb']) / 1024:.1f} anonymous, {int(sample['pss_file_kb']) / 1024:.1f} file-backed)"
                          if sample.get("pss_anon_kb") and sample.get("pss_file_kb") else ""),
                "share": cpu / alive if alive > 0 else float("nan"), "threads": sample.get("threads"),
                "user": int(sample["utime"]) / hz, "system": int(sample["stime"]) / hz,
                "faults": f"{sample['minflt']} minor, {sample['majflt']} major page faults" if "majflt" in sample else "",
                "held": int(sample["held_kb"]) / 1024 if sample.get("held_kb", "").isdigit() else None}
    except (KeyError, ValueError):
        return None


def judge_measure(boot, v, want_exe):
    """m. The splash daemon's memory and CPU, sampled by the client stage
    (after the boot's units, before the quit): exactly one process, the
    right binary, every figure read."""
    got = samples(boot)
    # A client of ours may run beside it (our units' `hud` commands): the
    # splash daemon is the one started in the initramfs, its argv[0] '@'
    # (its exe is no longer the deleted initramfs file: newroot moved it).
    if len(got) > 1:
        got = [g for g in got if g.get("argv0", "").startswith("@")] or got
    fig = figures(got[0]) if len(got) == 1 else None
    check(f"{v}/m-daemon-sampled", fig is not None and want_exe in got[0].get("exe", ""),
          f"{len(got)} process(es) sampled: {got or boot.lines('measure:')} (want one, its exe {want_exe})")
    if fig:
        info(f"{v}/memory-cpu", f"{got[0].get('comm')} pid {got[0].get('pid')} ({got[0].get('exe')}): VmHWM {fig['hwm']:.1f} MB, "
             f"PSS {fig['pss']:.1f} MB{fig['parts']}, RSS {fig['rss']:.1f} MB, CPU {fig['cpu']:.2f} s "
             f"({fig['user']:.2f} user, {fig['system']:.2f} system{'; ' + fig['faults'] if fig['faults'] else ''}) in {fig['alive']:.1f} s alive "
             f"({100 * fig['share']:.1f} % of a core), {fig['threads']} threads"
             + (f"; deleted (initramfs) files mapped, held whole in RAM: {fig['held']:.1f} MB" if fig.get("held") is not None else ""))
        # Where the PSS goes, by mapped file (the daemon's own, largest first).
        maps = []
        for line in boot.lines("measure-map:"):
            m = re.match(r"pid=(\d+) (\S+) pss_kb=(\d+) rss_kb=(\d+)", line)
            if m and m.group(1) == got[0].get("pid"):
                maps.append((int(m.group(3)), int(m.group(4)), m.group(2)))
        for pss, rss, name in sorted(maps, reverse=True)[:16]:
            info(f"{v}/memory-by-mapping", f"{pss:6d} kB PSS {rss:6d} kB RSS  {name}")
    return fig


def nothing_held(fig):
    """Whether a sampled daemon maps no deleted (initramfs) file after switch-root."""
    return fig is not None and fig.get("held") == 0


def judge_held(boot, v, fig):
    """m. At newroot the daemon maps the real root's copies of its files
    (MappedFileMover): after switch-root it maps no deleted initramfs file,
    so nothing of the initramfs stays in RAM for it."""
    said = [l for l in boot.lines("initramfs-daemon-log:") + boot.lines("daemon-log:") if "newroot: " in l]
    check(f"{v}/m-no-initramfs-file-held", nothing_held(fig),
          f"held {fig.get('held') if fig else None} MB of deleted files; the daemon's log: {said[:2] or 'no newroot line'}")


def judge_kioskhud(boot, v):
    install = install_of(boot)
    info(f"{v}/install", install)
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
    # The splash's units: ours, or Plymouth's running hud.
    prefix = "plymouth" if install == "plymouthd" else "kioskhud"
    failed = [l for l in j.splitlines()
              if re.search(prefix + r"[-a-z]*\.service: (Failed|Main process exited, code=(killed|dumped)|"
                           r"Main process exited, code=exited, status=[1-9])", l)]
    check(f"{v}/f-{prefix}-units-no-failure", j and not failed, "\n    ".join(failed[:6]))
    if install == "plymouthd":
        # plymouth-start.service after switch-root: a second `hud plymouthd`, which finds the initramfs's
        # daemon on Plymouth's socket and exits 0. plymouth-quit-wait.service's `plymouth --wait` returns
        # 0 once the daemon has gone. The quit itself is realboot-client's `plymouth quit --retain-splash`
        # (g-plymouth-quit-retain-splash); plymouth-quit.service's `plymouth quit` then finds no daemon,
        # which its `-` prefix forgives: it must still have run and succeeded.
        for unit, want_status in (("plymouth-start.service", True), ("plymouth-quit-wait.service", True),
                                  ("plymouth-quit.service", False)):
            st = unit_state(boot, unit)
            check(f"{v}/f-{unit}-succeeded", st.get("Result") == "success" and st.get("ActiveState") == "active"
                  and (st.get("ExecMainStatus") == "0" or not want_status), st or "not reported")
    else:
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
    # The splash theme's logo is on that first frame, drawn by the Swift
    # painter (its PNG decoded by libpng, neither Cairo nor pixman loaded): no graphics
    # library read from a cold disk before the first frame.
    firsts = [l for l in boot.lines("initramfs-daemon-log:") if "first frame on screen" in l]
    check(f"{v}/a-first-frame-logo-by-the-swift-painter",
          bool(firsts) and re.search(r": bezel, [a-zA-Z]+, logo\b", firsts[0]) and firsts[0].rstrip().endswith("(Swift painter)"),
          firsts[0] if firsts else "no 'first frame on screen' line in the initramfs daemon's log")
    # The label reaches the screen promptly once it is known: within 500 ms
    # of the later of the daemon's first frame and the moment the stage wrote
    # it into psplash's FIFO (this boot's first frame has no label: the stage
    # sends it). With Pango this lane's label came 2.1 s after the first frame
    # (GLib, Pango, fontconfig loaded cold); now the text libraries are loaded
    # by then (a helper thread after the first frame), and
    # what is left is the daemon taking the message, opening the font, shaping,
    # painting and flipping, under TCG while the stage's `hud message` client
    # starts beside it (150-220 ms seen). A label known at the first frame is
    # on it: board/qemu's label-on-the-first-frame checks. Still the Swift
    # painter (no Cairo, no pixman).
    labelled = [l for l in boot.lines("initramfs-daemon-log:") if "first frame with its label drawn" in l]
    def uptime_at(line):
        m = re.search(r"at ([0-9.]+) s uptime", line or "")
        return float(m.group(1)) if m else None
    sent = None
    for line in boot.res:
        m = re.match(r"initramfs: label sent at ([0-9.]+)", line)
        if m:
            sent = float(m.group(1))
    t_label = uptime_at(labelled[0] if labelled else None)
    due = max(first, sent) if first is not None and sent is not None else None
    check(f"{v}/a-label-within-500-ms-of-its-message",
          due is not None and t_label is not None and t_label - due <= 0.5
          and "label drawn (Swift painter)" in labelled[0],
          f"first frame at {first} s, label sent at {sent} s, first frame with it at {t_label} s uptime "
          f"({labelled[0].strip() if labelled else 'no such line'})")
    # Counted, not timed: no frame went out with the label in the HUD but
    # not drawn (waiting for FreeType, HarfBuzz and the font): the first frame
    # painted after the message took it is the one with the label.
    m = re.search(r"; (\d+) frames? before it had the label waiting for fonts", labelled[0] if labelled else "")
    check(f"{v}/a-label-on-the-first-frame-that-has-it",
          m is not None and m.group(1) == "0",
          labelled[0].strip() if labelled else "no 'first frame with its label drawn' line")
    if due is not None and t_label is not None:
        info(f"{v}/label-ms", f"label on screen {1000 * (t_label - due):.0f} ms after it was due "
                              f"(first frame at {first} s, label sent at {sent} s uptime)")
    if "virtio-tablet-pci" in boot._text("qemu-cmd.txt"):
        judge_input(boot, v)
    # Debian's plymouth client, where the image has it (not arm64's).
    ex = judge_client(boot, v, install) if boot.lines("client: start") else None
    # Sampled by the client stage, or where there is none (arm64) by the progress stage.
    fig = judge_measure(boot, v, "hud") if boot.lines("client: start") or boot.lines("measure:") else None
    if fig:
        fig["who"] = "hud as plymouthd" if install == "plymouthd" else "hud daemon (our units)"
    if fig or boot.lines("client: start"):
        judge_held(boot, v, fig)
    for line in boot.lines("initramfs-daemon-log:")[:40]:
        info(f"{v}/initramfs-daemon-log", line)
    for line in boot.lines("daemon-log:")[:40]:
        info(f"{v}/daemon-log", line)
    for line in boot.res:
        if re.match(r"(initramfs|switchroot|progress|psplash|final|shutdown|shot)\b", line):
            info(v, line)
    return ex, fig


def facts(boot):
    """package.txt (build-image.sh): `key: value` lines."""
    out = {}
    for line in boot._text("package.txt").splitlines():
        key, _, value = line.partition(": ")
        out[key] = value.strip()
    return out


def judge_installed(boot, v, plymouthd):
    """p. `apt install ./kioskhud_…deb` (and ./kioskhud-plymouthd_…deb): installed,
    the initramfs rebuilt once with hud in it, the units enabled, plymouthd diverted."""
    f = facts(boot)
    check(f"{v}/p-apt-install", f.get("install-exit") == "0" and f.get("install"),
          f"{f.get('install', 'no package.txt')}: exit {f.get('install-exit')} (log: apt-install.log)")
    ours = {k[len("status "):]: val for k, val in f.items() if k.startswith("status ")}
    check(f"{v}/p-packages-installed", ours and all(val.endswith(" ii") for val in ours.values()), f"{ours}")
    check(f"{v}/p-initramfs-rebuilt-once-with-hud", f.get("initramfs-builds") == "1" and f.get("initramfs-changed") == "yes"
          and f.get("initramfs-has-hud") == "yes",
          f"update-initramfs ran {f.get('initramfs-builds')} time(s), initrd changed {f.get('initramfs-changed')}, "
          f"usr/bin/hud in it {f.get('initramfs-has-hud')}")
    if plymouthd:
        check(f"{v}/p-plymouthd-diverted-to-hud", f.get("diversions") == "1" and f.get("plymouthd") in ("/usr/bin/hud", "../bin/hud"),
              f"{f.get('diversions')} diversion(s) by kioskhud-plymouthd, /usr/sbin/plymouthd -> {f.get('plymouthd')}")
    check(f"{v}/p-units-enabled", "kioskhud.service" in f.get("enabled", ""), f"enabled: {f.get('enabled') or 'none'}")
    check(f"{v}/p-update-followers-installed-disabled",
          f.get("followers", "").split() == ["hud-follow-rauc.service", "hud-follow-swupdate.service"] and not f.get("followers-enabled"),
          f"installed: {f.get('followers') or 'none'}; enabled: {f.get('followers-enabled') or 'none'}")
    check(f"{v}/p-mender-scripts-installed-inactive", f.get("mender-scripts") == str(MENDER_SCRIPTS) and f.get("mender-active") == "0",
          f"{f.get('mender-scripts')} of {MENDER_SCRIPTS} Mender state scripts in /usr/share/kioskhud/mender, "
          f"{f.get('mender-active')} in /etc/mender")
    paths = boot._text("dpkg-L.txt").splitlines()
    info(f"{v}/packages", f"{f.get('install')}: dpkg -L lists {len(paths)} paths; {ours}")


def judge_purged(boot, v, plymouth):
    """p. `apt purge` of the packages: nothing of ours left, no file that was not
    there before them, the initramfs rebuilt without hud, Plymouth's plymouthd back."""
    f = facts(boot)
    check(f"{v}/p-apt-purge", f.get("purge-exit") == "0" and f.get("purge"),
          f"{f.get('purge', 'no package.txt')}: exit {f.get('purge-exit')} (log: apt-purge.log)")
    ours = {k[len("status "):]: val for k, val in f.items() if k.startswith("status ")}
    check(f"{v}/p-packages-gone", ours and not any(val.startswith(("ii", "rc", "i", "r")) for val in ours.values()),
          f"{ours}")
    left = boot._text("dpkg-L-left.txt").split()
    new = boot._text("files-new.txt").split()
    gone = boot._text("files-gone.txt").split()
    check(f"{v}/p-no-file-of-ours-left", f.get("dpkg-L-left") == "0" and not left,
          f"{f.get('dpkg-L-left')} of the packages' paths left: {left[:10]}")
    check(f"{v}/p-root-as-before-install", f.get("files-new") == "0" and f.get("files-gone") == "0",
          f"new since before the install: {new[:10]} ({f.get('files-new')}); gone: {gone[:10]} ({f.get('files-gone')})")
    check(f"{v}/p-no-unit-or-diversion-left", f.get("diversions") == "0" and not f.get("enabled"),
          f"{f.get('diversions')} diversion(s), enabled: {f.get('enabled') or 'none'}")
    check(f"{v}/p-no-update-integration-left", not f.get("followers") and not f.get("followers-enabled")
          and f.get("mender-scripts") == "0" and f.get("mender-active") == "0",
          f"followers: {f.get('followers') or 'none'} (enabled: {f.get('followers-enabled') or 'none'}), "
          f"{f.get('mender-scripts')} Mender scripts, {f.get('mender-active')} active")
    check(f"{v}/p-initramfs-rebuilt-without-hud", f.get("initramfs-builds", "0") != "0" and f.get("initramfs-changed") == "yes"
          and f.get("initramfs-has-hud") == "no" and f.get("initramfs-has-kioskhud-script") == "no",
          f"update-initramfs ran {f.get('initramfs-builds')} time(s), initrd changed {f.get('initramfs-changed')}, "
          f"hud in it {f.get('initramfs-has-hud')}, our boot scripts in it {f.get('initramfs-has-kioskhud-script')}")
    if plymouth:
        check(f"{v}/p-plymouths-plymouthd-back", f.get("plymouthd", "").startswith("file plymouth:"),
              f"/usr/sbin/plymouthd: {f.get('plymouthd')} (want Plymouth's file)")


def judge_no_splash(boot, v):
    """The arm64 image after `apt purge`: it boots to the login prompt with no splash
    daemon anywhere and none of our units known to systemd."""
    check(f"{v}/powered-off", boot.meta and not boot.meta.get("timed_out") and boot.meta.get("qemu_exit") == 0,
          f"guest did not power off by itself: {boot.meta}")
    procs = boot.lines("initramfs: splash processes:")
    check(f"{v}/no-splash-in-initramfs", procs == ["none"], f"{procs or 'no initramfs report'}")
    ok, why = boot.shot("login")
    vcs = boot.lines("final: vcs1 has login:")
    check(f"{v}/login-prompt", ok and vcs, f"{why}; vcs1 login: {bool(vcs)}")
    units = {u: unit_state(boot, u) for u in ("kioskhud.service", "kioskhud-quit.service")}
    check(f"{v}/no-kioskhud-unit", all(st.get("LoadState") == "not-found" for st in units.values()), f"{units}")
    ping = boot.lines("final: hud ping")
    check(f"{v}/no-hud", ping == ["no"], f"hud ping: {ping}")
    cycles = [l for l in boot.journal.splitlines() if "ordering cycle" in l.lower()]
    check(f"{v}/no-ordering-cycle", boot.journal and not cycles, "\n    ".join(cycles[:6]) or "no journal")


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
    fig = judge_measure(boot, v, "plymouthd")
    # m-no-initramfs-file-held's negative: Plymouth's plymouthd keeps its initramfs files mapped.
    check("negative/m-no-initramfs-file-held-fails-on-plymouthd", fig is not None and not nothing_held(fig),
          f"plymouthd's held figure: {fig.get('held') if fig else 'not sampled'}")
    judge_purged(boot, "plymouth/purged", plymouth=True)
    for line in boot.res:
        if re.match(r"(initramfs|plymouth|client|final|shot)\b", line):
            info(v, line)
    return client_exits(boot), fig


def compare(kios, ply):
    """Debian's plymouth client gets from hud what it gets from plymouthd
    (exit codes, command by command), and the two daemons' memory and CPU."""
    (kex, kfig), (pex, pfig) = kios, ply
    if kex is not None:
        differ = [f"{n}: hud {kex.get(n)}, plymouthd {pex.get(n)}" for n in sorted(set(kex) | set(pex)) if kex.get(n) != pex.get(n)]
        check("realboot/g-plymouth-client-exits-as-against-plymouthd", kex and pex and not differ,
              "; ".join(differ) or f"hud {kex}, plymouthd {pex}")
    if kfig and pfig:
        info("memory-cpu/summary",
             f"{kfig.get('who', 'hud')} / Plymouth's plymouthd (spinner theme), sampled at the same stage of each boot: "
             f"VmHWM {kfig['hwm']:.1f} / {pfig['hwm']:.1f} MB (ratio {kfig['hwm'] / pfig['hwm']:.2f}), "
             f"PSS {kfig['pss']:.1f} / {pfig['pss']:.1f} MB (ratio {kfig['pss'] / pfig['pss']:.2f}), "
             f"CPU {100 * kfig['share']:.1f} / {100 * pfig['share']:.1f} % of a core since start "
             f"({kfig['cpu']:.2f} s in {kfig['alive']:.1f} s / {pfig['cpu']:.2f} s in {pfig['alive']:.1f} s; "
             f"ratio {kfig['share'] / pfig['share']:.2f})")
        if kfig.get("held") is not None and pfig.get("held"):
            info("memory-cpu/held-files",
                 f"deleted initramfs files each maps (held whole in RAM while mapped, resident or not): "
                 f"{kfig['held']:.1f} / {pfig['held']:.1f} MB (ratio {kfig['held'] / pfig['held']:.2f})")


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
    # display-message / reactivate / quit --retain-splash: a label must be drawn, the bar kept; the exact
    # check wants our text; the retained picture is not the console that follows.
    for name, other in (("plymouth-message", "bar80-nolabel"), ("plymouth-message", "bar50"),
                        ("plymouth-message-exact", "bar80"), ("plymouth-message-exact", "bar80-nolabel")):
        ok, why = exp[name].judge(Picture.load(os.path.join(refs, other + ".png")))
        check(f"{v}/{name}-check-fails-on-{other}", not ok, why)
    ok, why = exp["plymouth-message"].judge(black)
    check(f"{v}/plymouth-message-check-fails-on-black-screen", not ok, why)
    if console is not None:
        ok, why = exp["retained"].judge(console)
        check(f"{v}/retained-check-fails-on-plain-console", not ok, why)
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
    arm_purged = Boot(out, "arm64-purged")
    k = judge_kioskhud(kios, "realboot") if kios.present else (None, None)
    if kios.present:
        judge_installed(kios, "realboot", plymouthd=install_of(kios) == "plymouthd")
    p = judge_plymouth(ply) if ply.present else (None, None)
    if kios.present and ply.present:
        compare(k, p)
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
        judge_installed(arm, "arm64/realboot", plymouthd=False)
    if arm_purged.present:
        judge_no_splash(arm_purged, "arm64/purged")
        judge_purged(arm_purged, "arm64/purged", plymouth=False)
    for name, ok, why in results:
        if ok:
            print(f"PASS {name}")
        else:
            print(f"FAIL {name}: {why}")
    return min(100, sum(1 for _, ok, _ in results if not ok))


if __name__ == "__main__":
    sys.exit(main())
