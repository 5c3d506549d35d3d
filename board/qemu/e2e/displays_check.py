#!/usr/bin/python3
"""Checks one guest run of the displays suite: its console log and screendumps.

Usage: displays_check.py LABEL LOG DUMP_DIR
LABEL says which guest script ran: bochs (e2e/displays-guest.sh: late
driver, fbdev, VT switch, late GPU), bochs2 (e2e/multihead-guest.sh: two
cards) or virtio2 (e2e/hotplug-guest.sh: one card, head 1 plugged and
unplugged).
Prints `PASS LABEL/step` or `FAIL LABEL/step: why` per check and exits with
the number of failures. The daemon's built-in theme: a grey (~122) bezel
with dark content, centred on a black screen.
"""
import re
import sys

from screens import Run


def main():
    label, log_path, dumps = sys.argv[1], sys.argv[2], sys.argv[3]
    run = Run(label, log_path, dumps)
    log, check, shot, exit_code = run.log, run.check, run.shot, run.exit_code
    said = run.said

    def hud_shown(s):
        box = s.bezel() if s else None
        if not box:
            return False, "no dump or no bezel on screen"
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        dark = s.dark_in(box)
        ok = abs(cx - s.w / 2) <= 3 and abs(cy - s.h / 2) <= 3 and dark > 40
        return ok, f"bezel {box} centre ({cx},{cy}) of {s.w}x{s.h}, {dark} content pixels"

    if label == "bochs2":
        for d in ("d0", "d1"):
            ok, why = hud_shown(shot(f"mh-{d}"))
            check(f"two-cards-hud-on-{d}", ok, why)
        check("two-cards-one-daemon", said("mh", "display: kms /dev/dri/card0 Virtual-1 1280x800@75 atomic, "
                                                 "/dev/dri/card1 Virtual-2 1280x800@75 atomic")
              and not said("mh", "fbdev /dev/fb0") and exit_code("mh") == 0,
              log.get("mh", []))
        vt2 = shot("mh-vt2-d0")
        check("two-cards-vt-away-shows-tty2", vt2 and not vt2.bezel() and vt2.lit(0, 0, 400, 40) > 20,
              f"on tty2: bezel {vt2.bezel() if vt2 else 'no dump'}")
        for d in ("d0", "d1"):
            ok, why = hud_shown(shot(f"mh-vt1-{d}"))
            check(f"two-cards-vt-back-repaints-{d}", ok, why)
        return run.report()
    if label == "virtio2":
        h0 = [shot(f"hp-h0-{x}") for x in "abc"]
        # Each moment is a pair of dumps, the second taken once the screen
        # changed (at most 50 dumps: hotplug-guest.sh's `moving`): a turning
        # spinner differs within every pair. Dumps of different moments can
        # match by chance (12 steps a second), so they are not compared.
        pairs = [(shot(f"hp-h0-{x}"), shot(f"hp-h0-{x}2")) for x in "abc"]
        shown = [hud_shown(s) for s in h0]
        moving = all(a and b and a.px != b.px for a, b in pairs)
        check("hotplug-head0-keeps-animating", all(ok for ok, _ in shown) and moving,
              f"{[why for _, why in shown]}; dumps differ (spinner moves): {moving}")
        on = shot("hp-h1-on")
        ok, why = hud_shown(on)
        check("hotplug-head1-lights-at-its-mode", ok and on.w == 1024 and on.h == 768
              and said("hp", "output connected: /dev/dri/card0 Virtual-2 1024x768"), why)
        check("hotplug-unplug-stops-head1", said("hp", "output disconnected: Virtual-2"), log.get("hp", []))
        again = shot("hp-h1-again")
        ok, why = hud_shown(again)
        check("hotplug-replug-after-cycles", ok and again.w == 800, why)
        counts = {}
        for line in log.get("hp", []):
            m = re.match(r"(before|plugged|unplugged|cycles) fbs=(\d+)(?: fds=(\d+))?", line)
            if m:
                counts[m.group(1)] = (int(m.group(2)), m.group(3) and int(m.group(3)))
        b, c = counts.get("before"), counts.get("cycles")
        check("hotplug-no-leak-over-7-cycles", b and c and c == b and counts.get("plugged", (0,))[0] == b[0] + 2,
              f"framebuffers/fds: {counts}")
        check("hotplug-daemon-exit", exit_code("hp") == 0, log.get("hp", []))
        ok, why = hud_shown(shot("only-h0"))
        h1 = shot("only-h1")
        check("outputs-option-limits-heads", ok and h1 and not h1.bezel() and exit_code("only") == 0,
              f"head 0: {why}; head 1 bezel: {h1.bezel() if h1 else 'no dump'}")
        return run.report()

    # 1. Started before the driver: nothing to show, then KMS once it loads.
    ok, why = hud_shown(shot("early-after"))
    check("late-driver-hud-after-modprobe", ok and said("early", "switched to kms") and exit_code("early") == 0,
          f"{why}; log: {log.get('early', [])}")
    check("late-driver-waited-without-card",
          any(re.fullmatch(r"cards before:\s*fb:\s*", l) for l in log.get("early", []))
          and said("early", "no DRM card in /dev/dri yet"), log.get("early", []))

    # 2. fbdev forced.
    console = shot("console")
    ok, why = hud_shown(shot("fb-shown"))
    check("fbdev-hud-shown", ok and said("fbdev", "display: fbdev /dev/fb0 1280x800 32 bpp"), f"{why}; log: {log.get('fbdev', [])}")
    vt2 = shot("fb-vt2")
    if vt2:
        away = vt2.grey(vt2.w / 2, vt2.h / 2 - 60)
        check("fbdev-vt-away-shows-tty2", not vt2.bezel() and vt2.lit(0, 0, 400, 40) > 100,
              f"on tty2: bezel {vt2.bezel()}, centre grey {away}, text pixels {vt2.lit(0, 0, 400, 40)}")
    else:
        check("fbdev-vt-away-shows-tty2", False, "no dump")
    ok, why = hud_shown(shot("fb-vt1"))
    check("fbdev-vt-back-repaints", ok, why)
    after = shot("fb-quit")
    check("fbdev-quit-restores-console", console and after and after.px == console.px and exit_code("fbdev") == 0,
          f"exit={exit_code('fbdev')}; screen after quit "
          f"{'equals' if console and after and after.px == console.px else 'differs from'} the console")

    # 3. Late GPU with fbdev meanwhile.
    ok, why = hud_shown(shot("late-fbdev"))
    check("late-gpu-fbdev-meanwhile", ok and said("late", "display: fbdev /dev/fb0"), f"{why}; log: {log.get('late', [])}")
    s1, s2 = shot("late-fbdev"), shot("late-kms")
    ok, why = hud_shown(s2)
    check("late-gpu-kms-takes-over", ok and said("late", "late GPU: switched to kms /run/dri/card0")
          and said("late", "still watching for one")
          and s1 and s2.bezel() == s1.bezel() and exit_code("late") == 0,
          f"{why}; bezel where it was on fbdev: {bool(s1 and s2 and s2.bezel() == s1.bezel())}; log: {log.get('late', [])}")
    after = shot("late-quit")
    check("late-gpu-quit-restores-console", console and after and after.px == console.px,
          f"screen after quit {'equals' if console and after and after.px == console.px else 'differs from'} the console")

    return run.report()


if __name__ == "__main__":
    sys.exit(main())
