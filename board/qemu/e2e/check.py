#!/usr/bin/python3
"""Checks one guest run of e2e/guest.sh: its console log and screendumps.

Usage: check.py LABEL LOG DUMP_DIR
Prints `PASS LABEL/scenario` or `FAIL LABEL/scenario: why` per check and
exits with the number of failures (capped at 100).

Colours (default HUDConfiguration over the black screen): the bezel is white
0.8 at alpha 0.6 -> grey ~122; content (black at alpha 0.7) on it -> ~37;
the ring's track (content at alpha 0.1 of 0.7) -> ~114.
"""
import math
import re
import sys

BEZEL = 122
DARK_MAX = 80          # content drawn on the bezel
BEZEL_TOL = 12


from screens import Run, parse_log, read_ppm  # noqa: F401 (motion_check takes these from here)


def stat(lines, key):
    for line in lines:
        m = re.search(rf"\b{re.escape(key)}=([^\s]+)", line)
        if m:
            return m.group(1)
    return None


def rect(lines, key):
    v = stat(lines, key)
    return tuple(int(n) for n in v.split(",")) if v else None


def main():
    label, log_path, dumps = sys.argv[1], sys.argv[2], sys.argv[3]
    run = Run(label, log_path, dumps)
    log, check, shot = run.log, run.check, run.shot

    def exit_code(name):
        v = stat(log.get(name, []), "exit")
        return int(v) if v is not None else None

    def counters_ok(name, atomic=True):
        lines = log.get(name, [])
        r, p, f = (stat(lines, k) for k in ("frames-rendered", "frames-presented", "flip-events"))
        if None in (r, p, f):
            return False, f"no frame counters in output: {lines[-3:]}"
        r, p, f = int(r), int(p), int(f)
        # Legacy: the first frame is a synchronous drmModeSetCrtc, every later one a flip.
        flips_expected = r if atomic else r - 1
        ok = r >= 1 and p == r and f == flips_expected
        return ok, f"rendered={r} presented={p} flip-events={f}"

    # 1. waiting for the card
    lines = log.get("waitcard", [])
    check("waitcard", exit_code("waitcard") == 0 and stat(lines, "first-frame-ms"),
          f"exit={exit_code('waitcard')} output={lines[-4:]}")

    # The first frame is drawn by the Swift painter; Cairo (and pixman) is never mapped for
    # a single HUD. With a recorded font list (spinner) its label is on it
    # (HUDText: FreeType and HarfBuzz load with it); without one (waitcard) the
    # first frame does not wait for fontconfig and the label joins a later one.
    for name in ("waitcard", "spinner"):
        lines = log.get(name, [])
        check(f"{name}-first-frame-without-cairo",
              stat(lines, "painter") == "swift" and stat(lines, "cairo-mapped") == "no"
              and stat(lines, "pixman-mapped") == "no",
              f"first frame: {[l for l in lines if 'first-frame-ms' in l]}")
        first, complete = stat(lines, "first-frame-ms"), stat(lines, "complete-frame-ms")
        if name == "spinner":
            check("spinner-label-on-the-first-frame", first is not None and first == complete,
                  f"first-frame-ms={first} complete-frame-ms={complete}")
        else:
            check("waitcard-first-frame-not-held-for-fontconfig",
                  first is not None and complete is not None and float(complete) > float(first),
                  f"first-frame-ms={first} complete-frame-ms={complete}")

    # 2. errors
    lines = log.get("badcard", [])
    check("badcard-error", exit_code("badcard") == 1 and any("card9" in l for l in lines),
          f"exit={exit_code('badcard')} output={lines}")
    lines = log.get("badmode", [])
    check("badmode-error", exit_code("badmode") == 2 and any("invalid mode" in l and "1280x800@abc" in l for l in lines),
          f"exit={exit_code('badmode')} output={lines}")

    lines = log.get("nomode", [])
    check("nomode-error", exit_code("nomode") == 1 and any("1234x567" in l and "1280x800@" in l for l in lines),
          f"exit={exit_code('nomode')} output={lines}")
    lines = log.get("mode", [])
    check("configured-mode", exit_code("mode") == 0 and any("mode=1024x768@" in l for l in lines)
          and stat(lines, "frames-presented") == "1", f"exit={exit_code('mode')} output={lines}")

    console = shot("console")

    def lit(s, x0, y0, x1, y1):
        return sum(1 for y in range(y0, y1) for x in range(x0, x1) if s.grey(x, y) > 60)

    check("console-has-text", console and lit(console, 0, 0, 400, 100) > 200, "console dump missing or blank")

    # Each pixel check is a function of a screen, so that it can also be run
    # on the console dump (no HUD), where it must fail: a check that a black
    # console passes proves nothing.
    def bezel_ok(s, bezel):
        x, y, w, h = bezel
        inside = [s.grey(x + 4, y + h // 2), s.grey(x + w - 5, y + h // 2), s.grey(x + w // 2, y + 4), s.grey(x + w // 2, y + h - 5)]
        outside = [s.grey(x - 3, y + h // 2), s.grey(x + w + 2, y + h // 2), s.grey(x + w // 2, y - 3), s.grey(x + w // 2, y + h + 2)]
        return (all(abs(v - BEZEL) <= BEZEL_TOL for v in inside) and all(v < 10 for v in outside),
                f"bezel {bezel}: inside greys {inside}, outside {outside}")

    def content_ok(s, box, min_dark, what):
        """Dark content drawn on the bezel: dark pixels, and the bezel's grey
        around them (a black screen has the first, not the second)."""
        x, y, w, h = box
        greys = [s.grey(xx, yy) for yy in range(y, y + h) for xx in range(x, x + w)]
        dark = sum(1 for v in greys if v < DARK_MAX)
        bezel = sum(1 for v in greys if abs(v - BEZEL) <= BEZEL_TOL)
        return (w > 10 and h > 8 and dark > min_dark and bezel >= len(greys) // 4,
                f"{what} {box}: {dark} dark pixels, {bezel} of {len(greys)} bezel-grey")

    def self_test(name, result):
        """A check run on the console dump must fail."""
        check(f"{name}-fails-without-hud", console is not None and not result(console)[0],
              "passes on the console dump too" if console else "no console dump")

    def bezel_checks(name, s, lines):
        bezel, ind, lab = rect(lines, "bezel"), rect(lines, "indicator"), rect(lines, "label")
        if not s or not bezel:
            check(f"{name}-bezel", False, f"no dump or no layout line: {lines[:4]}")
            return None
        check(f"{name}-bezel", *bezel_ok(s, bezel))
        self_test(f"{name}-bezel", lambda screen: bezel_ok(screen, bezel))
        if lab:
            check(f"{name}-label", *content_ok(s, lab, 20, "label"))
            self_test(f"{name}-label", lambda screen: content_ok(screen, lab, 20, "label"))
        return ind

    # 4. spinner
    lines = log.get("spinner", [])
    s = shot("spinner")
    ind = bezel_checks("spinner", s, lines)
    if s and ind:
        check("spinner-indicator", *content_ok(s, ind, 40, "indicator"))
        self_test("spinner-indicator", lambda screen: content_ok(screen, ind, 40, "indicator"))
    hidden = shot("hidden")
    check("hide-restores-console", console and hidden and hidden.px == console.px,
          "after hiding, the screen differs from the console before the HUD")
    ok, why = counters_ok("spinner")
    check("spinner-flips-equal-frames", ok and exit_code("spinner") == 0, why)
    # Damage only: after each buffer's first (full) frame, a spinner step
    # repaints no more than the bezel (in practice the indicator's box).
    pp, fr, bz = stat(lines, "pixels-painted"), stat(lines, "frames-rendered"), rect(lines, "bezel")
    if pp and fr and bz and console:
        full = console.w * console.h
        later = (int(pp) - 2 * full) / max(1, int(fr) - 2)
        check("spinner-repaints-damage-only", int(fr) > 10 and 0 < later <= bz[2] * bz[3],
              f"{later:.0f} pixels per frame after the first two, bezel {bz[2] * bz[3]}")
    else:
        check("spinner-repaints-damage-only", False, "no pixels-painted/frames-rendered/layout in output")

    # 4b. VT switch away and back
    lines = log.get("vtswitch", [])
    vt1, vt2 = shot("vt1"), shot("vt2")
    ind = bezel_checks("vt-back", vt1, lines)
    bezel = rect(lines, "bezel")
    if vt2 and bezel:
        x, y, w, h = bezel
        away = vt2.grey(x + 4, y + h // 2)
        check("vt-away-shows-other-console", away < 10 and lit(vt2, 0, 0, 400, 40) > 100,
              f"on tty2 the bezel pixel is {away}, tty2 text pixels {lit(vt2, 0, 0, 400, 40)}")
    else:
        check("vt-away-shows-other-console", False, "no vt2 dump or layout")
    ok, why = counters_ok("vtswitch")
    check("vt-switch-released-and-reacquired", ok and exit_code("vtswitch") == 0
          and any("vt released" in l for l in lines) and any("vt acquired" in l for l in lines), why + f" exit={exit_code('vtswitch')}")

    # 5. bar
    lines = log.get("bar", [])
    s = shot("bar")
    ind = bezel_checks("bar", s, lines)
    if s and ind:
        x, y, w, h = ind
        cy = y + h / 2
        inner_left, inner_right = x + 5, x + w - 5   # the fill runs from x+4 over (w-8)*progress
        filled = [s.grey(inner_left + f * (inner_right - inner_left), cy) for f in (0.1, 0.25, 0.4)]
        empty = [s.grey(inner_left + f * (inner_right - inner_left), cy) for f in (0.6, 0.75, 0.9)]
        check("bar-progress-0.5", all(v < DARK_MAX for v in filled) and all(abs(v - BEZEL) <= BEZEL_TOL for v in empty),
              f"bar {ind}: filled part {filled}, empty part {empty}")
    ok, why = counters_ok("bar", atomic=False)
    check("bar-legacy-flips-equal-frames", ok and "api=legacy" in " ".join(lines), why)
    after = shot("afterbar")
    check("sigterm-restores-console", console and after and after.px == console.px,
          "after SIGTERM, the screen differs from the console")

    # 6c. the README's Swift example: HUDScreen draws what hud display draws for the same HUD
    lines = log.get("exampleref", [])
    ex, ref = shot("example"), shot("exampleref")
    bezel_checks("example", ex, lines)

    def same_as_reference(s):
        return (s is not None and ref is not None and s.px == ref.px,
                "no dump" if s is None or ref is None else
                f"{sum(1 for a, b in zip(s.px, ref.px) if a != b)} bytes differ from hud display's picture")
    check("example-draws-as-hud-display", *same_as_reference(ex))
    self_test("example-draws-as-hud-display", same_as_reference)
    check("example-exits-0", exit_code("example") == 0, f"exit={exit_code('example')} output={log.get('example', [])[-6:]}")
    before, after = shot("beforeexample"), shot("afterexample")
    check("example-close-restores-console", before and after and ex and after.px == before.px and ex.px != before.px,
          "after the example closed its screen, the screen differs from before it (or the HUD never showed)")

    # 6. ring + retain
    lines = log.get("ring", [])
    s = shot("ring")
    ind = bezel_checks("ring", s, lines)
    if s and ind:
        x, y, w, h = ind
        # BezelLayout's indicator frame is 37x37 at fractional x; the ring's radius is (37-2)/2.
        cx, cy = x + w / 2 - 0.5, y + 37 / 2
        def on_ring(frac):
            a = -math.pi / 2 + 2 * math.pi * frac
            return min(s.grey(cx + math.cos(a) * r, cy + math.sin(a) * r) for r in (16.5, 17.5, 18.5))
        done = [on_ring(f) for f in (0.08, 0.2, 0.3, 0.42)]
        todo = [on_ring(f) for f in (0.58, 0.7, 0.8, 0.92)]
        check("ring-progress-0.5", all(v < DARK_MAX for v in done) and all(v > 95 for v in todo),
              f"ring {ind}: progress side {done}, remaining side {todo}")
    ok, why = counters_ok("ring")
    check("ring-flips-equal-frames", ok and "api=atomic" in " ".join(lines), why)
    retained = shot("retained")
    check("retain-keeps-last-frame", s and retained and retained.px == s.px and exit_code("ring") == 0,
          "after quitting with --retain, the screen differs from the last frame")

    # 6b. no HarfBuzz: still up, bezel and spinner drawn by the Swift painter, no label
    lines = log.get("notext", [])
    said = " ".join(lines)
    check("notext-stays-up-and-says-why", exit_code("notext") == 0 and "cannot find FT_" in said
          and "libfreetype.so.6" in said and "labels are not drawn" in said,
          f"exit={exit_code('notext')} output={lines[-6:]}")
    s = shot("notext")
    bezel, ind = rect(lines, "bezel"), rect(lines, "indicator")
    if s and bezel and ind:
        x, y, w, h = bezel
        inside = [s.grey(x + 4, y + h // 2), s.grey(x + w - 5, y + h // 2), s.grey(x + w // 2, y + 4), s.grey(x + w // 2, y + h - 5)]
        outside = [s.grey(x - 3, y + h // 2), s.grey(x + w + 2, y + h // 2), s.grey(x + w // 2, y - 3), s.grey(x + w // 2, y + h + 2)]
        # No label: the bezel is the indicator and its margins (with "Hidden" under it, it would be taller than wide).
        spinner_ok, why = content_ok(s, ind, 40, "indicator")
        check("notext-bezel-and-spinner", all(abs(v - BEZEL) <= BEZEL_TOL for v in inside) and all(v < 10 for v in outside)
              and spinner_ok and h <= w, f"bezel {bezel}: inside {inside}, outside {outside}; {why}")
        self_test("notext-spinner", lambda screen: content_ok(screen, ind, 40, "indicator"))
    else:
        check("notext-bezel-and-spinner", False, f"no dump or no layout line: {lines[:6]}")

    # 7. motion
    from motion_check import check_motion
    check_motion(log, dumps, check)

    # 8. the HUD over the kiosk example's picture, and its --no-content control
    from kiosk_check import check_kiosk
    check_kiosk(log, dumps, check)

    return run.report()


if __name__ == "__main__":
    sys.exit(main())
