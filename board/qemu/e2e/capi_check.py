#!/usr/bin/python3
"""Judges run-capi-e2e.sh's runs of Examples/c/kms-example.c (libkioskhud
from a C app that owns KMS: tag capi) and Examples/c/screen-example.c
(kh_screen_open, KioskHUD owning the display: tag capiscreen) from the
guest log and their screendumps.

The app's picture is known exactly (`picture`, as kms-example.c paints it),
so each screendump is compared with it pixel for pixel (TAG-stage):
  - shown-1: the HUD is a centred box of changed pixels, the picture
    untouched around it; inside, its top margin shows the picture blurred
    (the bars' colours vary across it, the checker's sharp edges are gone);
  - shown-2 (once the app's new frames changed the screen, at most 24 frames
    later): the same box, changed inside (the spinner turned) while the app's
    picture stayed static;
  - hiding: the third shot, all three after "hide": still the HUD (minimum show time);
  - hidden: the picture exactly, the HUD gone;
and the log: exit 0, no Swift toolchain and no Swift library in `ldd`,
hidden no sooner than the minimum show time (10000 ms).
Usage: capi_check.py LABEL LOG DUMPS, or capi_check.py --self-test.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from screens import Run, parse_log, read_ppm  # noqa: E402

MIN_SHOW_MS = 10000
BARS = [0xC03030, 0x30C030, 0x3030C0, 0xC0C030, 0x30C0C0, 0xC030C0, 0xC0C0C0, 0x606060]


def picture(w, h):
    """The app's picture as PPM RGB bytes (kms-example.c's picture_pixel)."""
    rows = []
    for y in range(h):
        row = bytearray(w * 3)
        for x in range(w):
            c = BARS[x * 8 // w]
            if (x // 16 + y // 16) % 2 == 0:
                c ^= 0x303030
            row[x * 3:x * 3 + 3] = bytes(((c >> 16) & 255, (c >> 8) & 255, c & 255))
        rows.append(bytes(row))
    return rows


def changed_box(px, w, h, expected):
    """Bounding box (x0, y0, x1, y1), exclusive ends, of pixels that differ from `expected`; None if none."""
    x0, y0, x1, y1 = w, h, -1, -1
    for y in range(h):
        row = px[y * w * 3:(y + 1) * w * 3]
        if row == expected[y]:
            continue
        y0, y1 = min(y0, y), y
        first = next(i for i in range(w * 3) if row[i] != expected[y][i]) // 3
        last = next(i for i in range(w * 3 - 1, -1, -1) if row[i] != expected[y][i]) // 3
        x0, x1 = min(x0, first), max(x1, last)
    return None if x1 < 0 else (x0, y0, x1 + 1, y1 + 1)


def strip_stats(px, w, box, pic_rows):
    """In the box's top margin (rows 4..14 in, columns 8 in from each side):
    (how far the shot's column colours spread, mean horizontal step in the
    shot, mean horizontal step in the picture there)."""
    x0, y0, x1, _ = box
    cols, steps, pic_steps, n = [], 0, 0, 0
    for x in range(x0 + 8, x1 - 8):
        s = 0
        for y in range(y0 + 4, y0 + 14):
            i = (y * w + x) * 3
            s += px[i] + px[i + 1] * 3 + px[i + 2] * 7
            for c in range(3):
                steps += abs(px[i + c] - px[i + 3 + c])
                pic_steps += abs(pic_rows[y][x * 3 + c] - pic_rows[y][x * 3 + 3 + c])
            n += 1
        cols.append(s / 10)
    return max(cols) - min(cols), steps / max(n, 1), pic_steps / max(n, 1)


def judge_hud(run, name, px, w, h, pic):
    """Checks one screendump with the HUD up; returns its box or None."""
    box = changed_box(px, w, h, pic)
    if box is None:
        run.check(f"{name}/hud", False, "the screendump is the app's picture alone: no HUD drawn")
        return None
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    centred = abs(cx - w / 2) < w * 0.05 and abs(cy - h / 2) < h * 0.05
    small = (x1 - x0) < w / 2 and (y1 - y0) < h / 2 and (x1 - x0) > 60 and (y1 - y0) > 60
    run.check(f"{name}/hud", centred and small,
              f"changed pixels span {box}: not a centred bezel (the app's picture must be untouched around it)")
    spread, steps, pic_steps = strip_stats(px, w, box, pic)
    run.check(f"{name}/blur", spread > 20 and steps < pic_steps / 3,
              f"bezel top margin: colours spread {spread:.0f} (want > 20: the app's bars under it), "
              f"mean step {steps:.1f} vs the picture's {pic_steps:.1f} (want < 1/3: blurred)")
    return box


RUNS = ("capi", "capiscreen")


def check_run(run, tag, dumps):
    """The checks of one program's run, named TAG/..."""
    run.check(f"{tag}/exit", run.exit_code(tag) == 0, f"exit code {run.exit_code(tag)}")
    ldd = next((l for l in run.log.get(tag, []) if l.startswith("ldd:")), "")
    run.check(f"{tag}/libraries", "libkioskhud.so.0" in ldd and "swift" not in ldd.lower() and "not found" not in ldd,
              f"ldd: {ldd or 'missing'}")
    shots = {}
    for stage in ("shown-1", "shown-2", "hiding", "hidden"):
        path = os.path.join(dumps, f"{tag}-{stage}.ppm")
        shots[stage] = read_ppm(path) if os.path.exists(path) else None
        run.check(f"{tag}/{stage}/taken", shots[stage] is not None, "no screendump")
    first = next((s for s in shots.values() if s), None)
    if first:
        w, h, _ = first
        pic = picture(w, h)
        boxes = {}
        for stage in ("shown-1", "shown-2", "hiding"):
            if shots[stage]:
                boxes[stage] = judge_hud(run, f"{tag}/{stage}", shots[stage][2], w, h, pic)
        a, b = shots["shown-1"], shots["shown-2"]
        if a and b and boxes.get("shown-1"):
            said = next((l for l in run.log.get(tag, []) if l.startswith("spinner:")), "spinner: the guest said nothing")
            run.check(f"{tag}/spinner-turns", a[2] != b[2],
                      f"shown-2 is shown-1 again: the spinner stood still ({said})")
        hidden = shots["hidden"]
        if hidden:
            box = changed_box(hidden[2], w, h, pic)
            run.check(f"{tag}/hidden/picture", box is None, f"pixels still differ from the app's picture in {box}")
    lines = run.log.get(tag, [])
    hide = next((int(m.group(1)) for l in lines for m in [re.match(r"kms: hide at (\d+) ms", l)] if m), None)
    gone = next((int(m.group(1)) for l in lines for m in [re.match(r"kms: hidden after (\d+) ms", l)] if m), None)
    run.check(f"{tag}/min-show", hide is not None and gone is not None and hide < MIN_SHOW_MS <= gone,
              f"hide asked at {hide} ms, hidden at {gone} ms: want the hide before {MIN_SHOW_MS} ms and hidden after it")
    cpu = next((l for l in lines if l.startswith("kms: cpu")), None)
    run.check(f"{tag}/cpu-line", cpu is not None, "no cpu line")
    if cpu:
        print(f"note {run.label}/{tag}: {cpu}")


def check(label, log, dumps):
    run = Run(label, log, dumps)
    run.check("no-swift-toolchain", run.said("capi", "swift: none"), "swift found in the guest")
    for tag in RUNS:
        check_run(run, tag, dumps)
    return run.report()


def self_test():
    """The checks on synthetic screendumps: a blurred bezel passes, a solid
    one and none at all fail."""
    import tempfile
    w, h = 256, 192
    pic = picture(w, h)

    def shot(kind):
        rows = [bytearray(r) for r in pic]
        if kind != "none":
            for y in range(60, 132):
                for x in range(88, 168):
                    i = x * 3
                    if kind == "solid":
                        rows[y][i:i + 3] = b"\x80\x80\x80"
                    else:  # the bars' colour, smoothed across the checker, lightened
                        c = BARS[x * 8 // w]
                        rgb = ((c >> 16) & 255, (c >> 8) & 255, c & 255)
                        rows[y][i:i + 3] = bytes(int(0.4 * (v ^ 0x18) + 0.6 * 204) for v in rgb)
        return bytes(b"".join(rows))

    failures = 0
    with tempfile.TemporaryDirectory() as d:
        # What each check (hud, blur) must say; a HUD-less shot gets no blur check.
        for kind, want in (("blurred", [True, True]), ("solid", [True, False]), ("none", [False])):
            run = Run("self-test", os.devnull, d)
            judge_hud(run, kind, shot(kind), w, h, pic)
            said = [r[1] for r in run.results]
            ok = said == [True, True]
            if said != want:
                failures += 1
                print(f"FAIL self-test/{kind}: judged {'good' if ok else 'bad'}: {run.results}")
            else:
                print(f"PASS self-test/{kind} judged {'good' if ok else 'bad'}")
    return failures


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    sys.exit(check(*sys.argv[1:4]))
