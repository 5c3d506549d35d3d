#!/usr/bin/python3
"""Judges runs of kioskhud-kiosk-example: the app's picture (a checkerboard, a
title band, a moving orange square) with the HUD over it, stage by stage.

Usage: kiosk_check.py LABEL LOG DIR [RUN=overlay|composed|control ...]
       kiosk_check.py --self-test
The guest scripts (e2e/kiosk-guest.sh on bochs/virtio, e2e/overlay-guest.sh
on vkms) tag each run's output `[RUN] ...` with `[RUN] exit=N`, and declare
it as `[kiosk_runs] RUN EXPECT` (EXPECT: overlay or composed, the path the
`kiosk: path` line must say, control for a --no-content run, or fallback:
composed because the driver refused an overlay commit after its TEST_ONLY
proof, judged as composed). RUN=EXPECT
arguments add or override declarations. A stage's picture is DIR/RUN/STAGE.ppm
(a writeback capture, vkms) or DIR/RUN-STAGE.ppm (a screendump). From
check.py: `from kiosk_check import check_kiosk; check_kiosk(log, dumps, check)`.
Prints `PASS LABEL/check` or `FAIL LABEL/check: why`; exits with the number
of failures (capped at 100). --self-test judges synthetic pictures, good and
bad, and proves that every rule passes on the good run and fails on its bad one.

The app's picture (W x H, the mode): 64-px tiles, (tx + ty) even ->
(0x20,0x40,0x80), odd -> (0xE0,0xE0,0xD0); a white title band y < 64 with
black text; an orange 48x48 square with its top at H-80.
"""
import os
import re
import sys

STAGES = ["content", "processing", "success", "success-later", "hidden"]
HUD_STAGES = ["processing", "success", "success-later"]
LO, HI = (0x20, 0x40, 0x80), (0xE0, 0xE0, 0xD0)
ORANGE = (0xFF, 0x80, 0x00)
TILE, TITLE_H, SQUARE = 64, 64, 48
EXACT = 3            # app pixels where no HUD is: +-3 per channel
STATIC = 2           # the HUD between success and success-later: +-2
# Blurred bezel strip (rows top+6..top+20, 6 px in from the sides; above the indicator):
BLUR_MAX_EXACT = 0.5   # at most this share of its pixels may be the raw checkerboard (+-3)
BLUR_MAX_STEP = 24     # largest step between horizontal neighbours (raw tiles: 192, tinted raw: ~77)
BLUR_MIN_RANGE = 6     # some variation (a blurred checkerboard is not flat)
STRIP_TOP, STRIP_BOTTOM, STRIP_INSET = 6, 20, 6
AROUND = 4             # the bezel grown by this much is left out of "around the bezel"


class Pic:
    def __init__(self, w, h, px):
        self.w, self.h, self.px = w, h, px

    @classmethod
    def load(cls, path):
        data = open(path, "rb").read()
        m = re.match(rb"P6\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
        if not m or m.group(3) != b"255":
            raise ValueError(f"{path}: not an 8-bit binary PPM")
        w, h = int(m.group(1)), int(m.group(2))
        px = data[m.end():m.end() + w * h * 3]
        if len(px) != w * h * 3:
            raise ValueError(f"{path}: truncated ({len(px)} of {w * h * 3} bytes)")
        return cls(w, h, px)

    def get(self, x, y):
        i = (y * self.w + x) * 3
        return tuple(self.px[i:i + 3])


def app_colour(x, y):
    return LO if ((x >> 6) + (y >> 6)) & 1 == 0 else HI


def bands(h):
    """Rows that are not plain checkerboard: the title band and the moving band."""
    return [(0, TITLE_H), (h - 80, h - 80 + SQUARE)]


def in_rows(y, spans):
    return any(a <= y < b for a, b in spans)


def in_rect(x, y, r):
    return r[0] <= x < r[0] + r[2] and r[1] <= y < r[1] + r[3]


def grow(r, d):
    return (r[0] - d, r[1] - d, r[2] + 2 * d, r[3] + 2 * d)


def checker_off(pic, points, tol=EXACT):
    """(bad count, total, first bad point with got/expected) over `points`."""
    px, w = pic.px, pic.w
    bad, total, first = 0, 0, None
    for x, y in points:
        total += 1
        i = (y * w + x) * 3
        e = app_colour(x, y)
        if abs(px[i] - e[0]) > tol or abs(px[i + 1] - e[1]) > tol or abs(px[i + 2] - e[2]) > tol:
            bad += 1
            if first is None:
                first = (x, y, tuple(px[i:i + 3]), e)
    return bad, total, first


def grid(pic, step, skip=None):
    """Sample points every `step` px outside the title and moving bands (and outside rect `skip`)."""
    spans = bands(pic.h)
    for y in range(step // 2, pic.h, step):
        if in_rows(y, spans):
            continue
        for x in range(step // 2, pic.w, step):
            if skip is None or not in_rect(x, y, skip):
                yield x, y


def all_exact(pic, points, what):
    bad, total, first = checker_off(pic, points)
    if total == 0:
        return False, f"{what}: no sample points"
    if bad:
        x, y, got, want = first
        return False, (f"{what}: {bad} of {total} samples are not the checkerboard (+-{EXACT}); "
                       f"first at {x},{y}: {fmt(got)}, expected {fmt(want)}")
    return True, f"{what}: {total} samples exact"


def fmt(c):
    return "#" + "".join(f"{v:02x}" for v in c)


# ---- rules on one picture ------------------------------------------------------------

def rule_checkerboard(pic, step=4):
    return all_exact(pic, grid(pic, step), "outside the title and moving bands")


def rule_title_band(pic):
    white = dark = total = 0
    for y in range(0, min(TITLE_H, pic.h), 2):
        for x in range(0, pic.w, 2):
            r, g, b = pic.get(x, y)
            total += 1
            if min(r, g, b) >= 0xF0:
                white += 1
            elif max(r, g, b) <= 0x40:
                dark += 1
    ok = total and white >= 0.7 * total and dark >= 16
    return ok, f"title band: {white} of {total} samples white, {dark} black (want >= 70 % white and >= 16 black)"


def find_square(pic):
    """The orange square's x (its top at H-80), or (None, why)."""
    top = pic.h - 80
    if top < 0:
        return None, "picture too small"
    y = top + SQUARE // 2
    runs, start = [], None
    for x in range(pic.w + 1):
        orange = x < pic.w and all(abs(a - b) <= 12 for a, b in zip(pic.get(x, y), ORANGE))
        if orange and start is None:
            start = x
        elif not orange and start is not None:
            runs.append((start, x - start))
            start = None
    good = [(s, n) for s, n in runs if SQUARE - 4 <= n <= SQUARE + 4]
    if len(good) != 1:
        return None, f"row {y}: orange runs {runs[:6]} (want one of ~{SQUARE} px)"
    x0 = good[0][0]
    col = x0 + SQUARE // 2
    rows = [yy for yy in range(top - 4, top + SQUARE + 4)
            if 0 <= yy < pic.h and all(abs(a - b) <= 12 for a, b in zip(pic.get(col, yy), ORANGE))]
    if not rows or min(rows) != top or len(rows) < SQUARE - 2 or len(rows) > SQUARE + 2:
        return None, f"column {col}: orange rows {rows[:1]}..{rows[-1:]} ({len(rows)}), want {SQUARE} from {top}"
    return x0, f"square at x={x0}"


def rule_square(pic):
    x, why = find_square(pic)
    return x is not None, why


def rule_around(pic, bezel):
    return all_exact(pic, grid(pic, 3, skip=grow(bezel, AROUND)), f"around the bezel (grown by {AROUND})")


def strip(pic, bezel):
    x, y, w, h = bezel
    x0, x1 = x + STRIP_INSET, x + w - STRIP_INSET
    y0, y1 = y + STRIP_TOP, y + STRIP_BOTTOM
    if x0 < 0 or y0 < 0 or x1 > pic.w or y1 > pic.h or x1 - x0 < 16 or h < STRIP_BOTTOM + 10:
        return None
    return x0, y0, x1, y1


def rule_blur_not_checkerboard(pic, bezel):
    s = strip(pic, bezel)
    if not s:
        return False, f"bezel {bezel} too small or off the picture"
    x0, y0, x1, y1 = s
    bad, total, _ = checker_off(pic, ((x, y) for y in range(y0, y1) for x in range(x0, x1)))
    exact = total - bad
    return exact <= BLUR_MAX_EXACT * total, (f"strip {x0},{y0}-{x1},{y1}: {exact} of {total} pixels are the raw "
                                             f"checkerboard (at most {BLUR_MAX_EXACT:.0%})")


def rule_blur_no_hard_edge(pic, bezel):
    s = strip(pic, bezel)
    if not s:
        return False, f"bezel {bezel} too small or off the picture"
    x0, y0, x1, y1 = s
    worst, where = 0, None
    for y in range(y0, y1):
        prev = pic.get(x0, y)
        for x in range(x0 + 1, x1):
            cur = pic.get(x, y)
            d = max(abs(a - b) for a, b in zip(cur, prev))
            if d > worst:
                worst, where = d, (x, y)
            prev = cur
    return worst <= BLUR_MAX_STEP, f"strip: largest step between neighbours {worst} at {where} (at most {BLUR_MAX_STEP})"


def rule_blur_not_flat(pic, bezel):
    s = strip(pic, bezel)
    if not s:
        return False, f"bezel {bezel} too small or off the picture"
    x0, y0, x1, y1 = s
    spread = 0
    for c in range(3):
        vals = [pic.px[(y * pic.w + x) * 3 + c] for y in range(y0, y1) for x in range(x0, x1)]
        spread = max(spread, max(vals) - min(vals))
    return spread >= BLUR_MIN_RANGE, f"strip: channel range {spread} (at least {BLUR_MIN_RANGE})"


def rule_hidden(pic, last_bezel):
    """The checkerboard everywhere outside the bands: a grid, and every pixel where the bezel was."""
    ok, why = all_exact(pic, grid(pic, 3), "outside the title and moving bands")
    if not ok or not last_bezel:
        return ok, why
    spans = bands(pic.h)
    x, y, w, h = grow(last_bezel, 8)
    pts = ((xx, yy) for yy in range(max(y, 0), min(y + h, pic.h)) if not in_rows(yy, spans)
           for xx in range(max(x, 0), min(x + w, pic.w)))
    ok2, why2 = all_exact(pic, pts, "where the bezel was")
    return ok2, why + "; " + why2


def rule_static(a, b, bezel_a, bezel_b):
    if bezel_a != bezel_b:
        return False, f"bezel moved or resized: {bezel_a} then {bezel_b}"
    x, y, w, h = bezel_a
    if in_rows(y, bands(a.h)) or in_rows(y + h - 1, bands(a.h)) or y + h > a.h - 80 > y:
        return False, f"bezel {bezel_a} overlaps the title or moving band: cannot judge"
    diff, first = 0, None
    for yy in range(y, y + h):
        for xx in range(x, x + w):
            p, q = a.get(xx, yy), b.get(xx, yy)
            if max(abs(i - j) for i, j in zip(p, q)) > STATIC:
                diff += 1
                if first is None:
                    first = (xx, yy, p, q)
    if diff:
        xx, yy, p, q = first
        return False, f"{diff} of {w * h} bezel pixels changed (> {STATIC}), first at {xx},{yy}: {fmt(p)} -> {fmt(q)}"
    return True, f"all {w * h} bezel pixels the same (+-{STATIC})"


def rule_moved(a, b):
    xa, why_a = find_square(a)
    xb, why_b = find_square(b)
    if xa is None or xb is None:
        return False, f"success: {why_a}; success-later: {why_b}"
    return xa != xb, f"square at x={xa}, then x={xb}"


def rule_indicator_changed(a, b, bezel_a, bezel_b):
    if bezel_a != bezel_b:
        return True, f"bezel {bezel_a} -> {bezel_b}"
    x, y, w, h = bezel_a
    inner = [(xx, yy) for yy in range(y + 10, y + h - 10) for xx in range(x + 10, x + w - 10)]
    diff = sum(1 for xx, yy in inner if max(abs(i - j) for i, j in zip(a.get(xx, yy), b.get(xx, yy))) > 24)
    return diff >= max(20, len(inner) // 200), f"{diff} of {len(inner)} pixels inside the bezel differ"


def rule_same_picture(a, b, tol=STATIC):
    """Two runs' pictures of one stage (the HUD on an overlay plane, and composed) agree
    outside the moving band: the overlay path shows what CPU composition shows."""
    if (a.w, a.h) != (b.w, b.h):
        return False, f"sizes differ: {a.w}x{a.h} and {b.w}x{b.h}"
    row = a.w * 3
    moving = bands(a.h)[1]
    diff, first = 0, None
    for y in range(a.h):
        if in_rows(y, [moving]):
            continue
        ra, rb = a.px[y * row:(y + 1) * row], b.px[y * row:(y + 1) * row]
        if ra == rb:
            continue
        for x in range(a.w):
            p, q = tuple(ra[3 * x:3 * x + 3]), tuple(rb[3 * x:3 * x + 3])
            if max(abs(i - j) for i, j in zip(p, q)) > tol:
                diff += 1
                if first is None:
                    first = (x, y, p, q)
    if diff:
        x, y, p, q = first
        return False, f"{diff} pixels differ (> {tol}) outside the moving band, first at {x},{y}: {fmt(p)} vs {fmt(q)}"
    return True, f"the same outside the moving band (+-{tol})"


# ---- a run ---------------------------------------------------------------------------

def parse_run(lines):
    """From a run's output: path lines, size, stage lines (name, bezel), done frames, exit code."""
    info = {"paths": [], "size": None, "stages": [], "done": None, "exit": None, "missing": None}
    for line in lines:
        m = re.match(r"exit=(\d+)$", line)
        if m:
            info["exit"] = int(m.group(1))
        m = re.match(r"kiosk: path (\S+) (\S+)(?: (.*))?$", line)
        if m:
            info["paths"].append((m.group(1), m.group(2), m.group(3) or ""))
        m = re.match(r"kiosk: size (\d+)x(\d+)$", line)
        if m:
            info["size"] = (int(m.group(1)), int(m.group(2)))
        m = re.match(r"kiosk: stage (\S+)(?: bezel=(-?\d+),(-?\d+),(\d+),(\d+))?$", line)
        if m:
            bezel = tuple(int(v) for v in m.group(2, 3, 4, 5)) if m.group(2) else None
            info["stages"].append((m.group(1), bezel))
        m = re.match(r"kiosk: done frames=(\d+)$", line)
        if m:
            info["done"] = int(m.group(1))
    return info


def content_rules(stage, pic, bezel, last_bezel):
    """The rules about the app's picture (and the HUD over it) for one stage's picture."""
    if stage == "content":
        return [("checkerboard", *rule_checkerboard(pic)), ("title-band", *rule_title_band(pic)),
                ("square", *rule_square(pic))]
    if stage in HUD_STAGES:
        if not bezel:
            return [("bezel", False, "no bezel= on the stage line")]
        return [("around-bezel", *rule_around(pic, bezel)),
                ("blur-not-checkerboard", *rule_blur_not_checkerboard(pic, bezel)),
                ("blur-no-hard-edge", *rule_blur_no_hard_edge(pic, bezel)),
                ("blur-not-flat", *rule_blur_not_flat(pic, bezel))]
    if stage == "hidden":
        return [("checkerboard", *rule_hidden(pic, last_bezel)), ("title-band", *rule_title_band(pic))]
    return []


def judge_run(lines, pics, expect):
    """[(name, ok, why)] for one run. `pics`: stage -> Pic (absent: missing); `expect`:
    overlay, composed or control."""
    info = parse_run(lines)
    out = []
    if info["exit"] is None:
        out.append(("exit", False, f"no exit line; last output: {lines[-4:]}"))
    else:
        out.append(("exit", info["exit"] == 0, f"exit={info['exit']}; last output: {lines[-3:]}"))
    names = [s for s, _ in info["stages"]]
    out.append(("stages", names == STAGES and (info["done"] or 0) >= 10,
                f"stages {names}, done frames={info['done']} (want {STAGES}, then >= 10 frames)"))
    bezels = dict(info["stages"])
    missing = [s for s in STAGES if s not in pics]
    if missing:
        out.append(("pictures", False, f"no picture for {missing}"))
    if expect == "fallback":
        # The overlay's commit refused after its TEST_ONLY proof (a fault injected): composed on the CPU, said why.
        paths = info["paths"]
        out.append(("path", bool(paths) and all(p[1] == "composed" and "refused a commit" in p[2] for p in paths),
                    f"path lines {paths} (want composed, the driver having refused a commit)"))
        # The refused frame composed at once: no presentation failed (the frame loop logs each that does).
        lost = [l for l in lines if re.match(r"kioskhud: display \S+: .*drmModeAtomicCommit", l)]
        out.append(("no-lost-frame", not lost, f"failed presentations: {lost}" if lost else "no presentation failed"))
    elif expect != "control":
        paths = info["paths"]
        out.append(("path", bool(paths) and all(p[1] == expect for p in paths),
                    f"path lines {paths} (want {expect})"))
    size = info["size"]
    wrong = [f"{s} {p.w}x{p.h}" for s, p in pics.items() if size != (p.w, p.h)]
    out.append(("size", size is not None and not wrong and bool(pics),
                f"size line {size}, pictures of another size: {wrong}" if wrong else f"size {size}"))
    last_bezel = bezels.get("success-later") or bezels.get("success")
    per_stage = {}
    for stage in STAGES:
        if stage in pics:
            per_stage[stage] = content_rules(stage, pics[stage], bezels.get(stage), last_bezel)
    if expect == "control":
        # Without the app's picture every stage's content rules must fail.
        passing = [s for s, rules in per_stage.items() if all(ok for _, ok, _ in rules)]
        out.append(("checker-rejects-no-content", per_stage and not missing and not passing,
                    f"stages whose content rules all passed without the app's content: {passing}; "
                    f"failed: " + "; ".join(f"{s}/{n}" for s, rules in per_stage.items() for n, ok, _ in rules if not ok)))
        return out
    for stage, rules in per_stage.items():
        out += [(f"{stage}/{n}", ok, why) for n, ok, why in rules]
    if "processing" in pics and "success" in pics and bezels.get("processing") and bezels.get("success"):
        out.append(("success/indicator-changed", *rule_indicator_changed(
            pics["processing"], pics["success"], bezels["processing"], bezels["success"])))
    if "success" in pics and "success-later" in pics:
        out.append(("success-later/square-moved", *rule_moved(pics["success"], pics["success-later"])))
        if bezels.get("success") and bezels.get("success-later"):
            out.append(("success-later/hud-static", *rule_static(
                pics["success"], pics["success-later"], bezels["success"], bezels["success-later"])))
        else:
            out.append(("success-later/hud-static", False, "no bezel= on the success stage lines"))
    return out


def load_pics(dumps, run):
    pics, errors = {}, []
    for stage in STAGES:
        for path in (os.path.join(dumps, run, stage + ".ppm"), os.path.join(dumps, f"{run}-{stage}.ppm")):
            if os.path.exists(path):
                try:
                    pics[stage] = Pic.load(path)
                except ValueError as e:
                    errors.append(str(e))
                break
    return pics, errors


def check_kiosk(log, dumps, check, overrides=None):
    """Judges the probe and kiosk runs found in a parsed log (tag -> lines, as screens.parse_log)."""
    if "planes" in log:
        lines = log["planes"]
        ok = any(l.startswith("planes: ok") for l in lines) and "exit=0" in lines
        check("planes", ok, " | ".join(l for l in lines if l.startswith(("planes:", "exit="))) or str(lines[-3:]))
    if "planes_capture" in log:
        lines = log["planes_capture"]
        ok = any(l.startswith("capture:") for l in lines) and "exit=0" in lines
        check("planes-writeback-capture", ok,
              " | ".join(l for l in lines if l.startswith(("capture", "planes: FAIL", "exit="))))
    if "plane" in log:
        # Examples/c/plane-example.c judged its own writeback captures: one line per check.
        lines = log["plane"]
        seen = set()
        for line in lines:
            m = re.match(r"plane-check (\w+): (PASS|FAIL) ?(.*)", line)
            if m:
                seen.add(m.group(1))
                check(f"plane-{m.group(1)}", m.group(2) == "PASS", m.group(3))
        missing = {"untouched", "over", "spinner"} - seen
        ok = not missing and "exit=0" in lines and any(l == "plane-example: ok" for l in lines)
        check("plane-example", ok, (f"no verdict on {sorted(missing)}: " if missing else "")
              + " | ".join(l for l in lines if l.startswith(("plane-example:", "exit=")))[-600:])
    runs = {}
    for line in log.get("kiosk_runs", []):
        m = re.match(r"missing (.*)", line)
        if m:
            check("kiosk-example", False, f"{m.group(1)} does not exist: scripts/build-release.sh did not build "
                                          "kioskhud-kiosk-example beside hud (KIOSK= names another)")
            return
        parts = line.split()
        if len(parts) == 2:
            runs[parts[0]] = parts[1]
    runs.update(overrides or {})
    if not runs:
        check("kiosk", False, "no kiosk runs declared in the log ([kiosk_runs] RUN EXPECT)")
        return
    loaded = {}
    for run, expect in runs.items():
        pics, errors = load_pics(dumps, run)
        loaded[run] = pics
        for e in errors:
            check(f"{run}/pictures", False, e)
        for name, ok, why in judge_run(log.get(run, []), pics, expect):
            check(f"{run}/{name}", ok, why)
    # The overlay path must show what CPU composition shows (vkms: both captured).
    for o in (r for r, e in runs.items() if e == "overlay"):
        for c in (r for r, e in runs.items() if e in ("composed", "fallback")):
            for stage in STAGES:
                if stage in loaded[o] and stage in loaded[c]:
                    check(f"{o}-vs-{c}/{stage}", *rule_same_picture(loaded[o][stage], loaded[c][stage]))


# ---- self-test -----------------------------------------------------------------------

class Synth:
    """Synthetic app pictures, W x H, with a HUD painted the ways the rules must tell apart."""
    W, H = 640, 480
    BEZEL = (250, 170, 150, 120)    # crosses tile columns at 256, 320, 384
    TINT, TINT_A = 204, 0.6         # white 0.8 at alpha 0.6, as the default bezel
    RADIUS = 14

    def __init__(self):
        self.box1d = {n: self._box(n) for n in (self.W, self.H)}

    def _box(self, n):
        """A box blur (radius RADIUS) of the +-1 tile wave s(i) = (-1)^(i // 64)."""
        r = self.RADIUS
        s = [1 if (i // TILE) % 2 == 0 else -1 for i in range(-r, n + r)]
        return [sum(s[i:i + 2 * r + 1]) / (2 * r + 1) for i in range(n)]

    def app(self, square_x, content=True):
        w, h = self.W, self.H
        px = bytearray(w * h * 3)
        if not content:
            return Pic(w, h, px)
        for y in range(h):
            row = bytearray()
            for x in range(0, w, TILE):
                row += bytes(app_colour(x, y)) * min(TILE, w - x)
            px[y * w * 3:(y + 1) * w * 3] = row
        pic = Pic(w, h, px)
        self.fill(pic, (0, 0, w, TITLE_H), (255, 255, 255))
        for i in range(6):          # "text"
            self.fill(pic, (16 + 24 * i, 18, 16, 28), (0, 0, 0))
        self.fill(pic, (square_x, h - 80, SQUARE, SQUARE), ORANGE)
        return pic

    @staticmethod
    def fill(pic, r, colour):
        x, y, w, h = r
        for yy in range(y, y + h):
            i = (yy * pic.w + x) * 3
            pic.px[i:i + w * 3] = bytes(colour) * w

    def hud(self, pic, kind="blur", mark="ring", content=True, bezel=None):
        """Paints the bezel: blur (blurred, tinted), raw (the checkerboard as it is),
        tinted (tinted, not blurred) or flat (one opaque grey); and a mark in it."""
        x0, y0, w, h = bezel or self.BEZEL
        bx, by = self.box1d[self.W], self.box1d[self.H]
        for y in range(y0, y0 + h):
            for x in range(x0, x0 + w):
                i = (y * pic.w + x) * 3
                if kind == "flat":
                    c = (122, 122, 122)
                elif kind == "raw":
                    c = app_colour(x, y) if content else (0, 0, 0)
                else:
                    if kind == "blur":
                        k = bx[x] * by[y]
                        base = [(a + b) / 2 - (b - a) / 2 * k for a, b in zip(LO, HI)] if content else [0, 0, 0]
                    else:
                        base = app_colour(x, y) if content else (0, 0, 0)
                    c = tuple(round(v * (1 - self.TINT_A) + self.TINT * self.TINT_A) for v in base)
                pic.px[i:i + 3] = bytes(c)
        cx, cy = x0 + w // 2, y0 + 50          # the indicator from top+32 (MBProgressHUD: top+margin 20)
        if mark == "ring":
            self.fill(pic, (cx - 18, cy - 18, 36, 6), (30, 30, 30))
            self.fill(pic, (cx - 18, cy + 12, 36, 6), (30, 30, 30))
            self.fill(pic, (cx - 18, cy - 18, 6, 36), (30, 30, 30))
        elif mark == "check":
            self.fill(pic, (cx - 14, cy, 10, 6), (30, 30, 30))
            self.fill(pic, (cx - 4, cy - 16, 6, 22), (30, 30, 30))
        self.fill(pic, (x0 + 20, y0 + h - 24, w - 40, 8), (30, 30, 30))  # the label
        return pic

    def run(self, expect="overlay", path="overlay", content=True, kinds=None, marks=None, squares=None,
            bezels=None, stage_names=None, drop=None, hidden_hud=False, size=None, edit=None,
            reported=None, exit_code=0, reason="test", extra=None):
        """Judges a synthetic run. `bezels`: stage -> where the bezel is painted and said to be;
        `reported`: stage -> only where it is said to be; `edit`: stage -> a function changing that
        stage's picture."""
        kinds = kinds or {}
        marks = {"processing": "ring", "success": "check", "success-later": "check", **(marks or {})}
        squares = {"content": 0, "processing": 40, "success": 80, "success-later": 120, "hidden": 160,
                   **(squares or {})}
        bezels = {s: self.BEZEL for s in HUD_STAGES} | (bezels or {})
        pics = {}
        for stage in STAGES:
            pic = self.app(squares[stage], content)
            if stage in HUD_STAGES:
                self.hud(pic, kinds.get(stage, "blur"), marks[stage], content, bezels[stage])
            if stage == "hidden" and hidden_hud:
                self.hud(pic, "blur", "check", content)
            if stage in (edit or {}):
                edit[stage](pic)
            pics[stage] = pic
        for s in drop or []:
            del pics[s]
        w, h = size or (self.W, self.H)
        lines = [f"kiosk: path Writeback-1 {path} {reason}", f"kiosk: size {w}x{h}"] + (extra or [])
        said = bezels | (reported or {})
        for stage in stage_names or STAGES:
            b = said.get(stage)
            lines.append(f"kiosk: stage {stage}" + (" bezel=%d,%d,%d,%d" % b if b else ""))
        lines += ["kiosk: done frames=42", f"exit={exit_code}"]
        return judge_run(lines, pics, expect)


def self_test():
    """Every rule passes on the good run and fails on its bad picture (printed per case)."""
    s = Synth()
    failures = 0
    failed_somewhere = set()
    all_rules = set()

    def case(name, results, must_fail, others_pass=True):
        nonlocal failures
        failed = {n for n, ok, _ in results if not ok}
        all_rules.update(n for n, _, _ in results)
        failed_somewhere.update(failed)
        missing = set(must_fail) - failed
        extra = failed - set(must_fail) if others_pass else set()
        ok = not missing and not extra
        if not ok:
            failures += 1
            why = {n: w for n, _, w in results}
            print(f"FAIL self-test/{name}: should fail {sorted(missing)}, should pass {sorted(extra)}: "
                  + "; ".join(f"{n}: {why[n]}" for n in sorted(missing | extra)))
        else:
            print(f"PASS self-test/{name}" + (f" (fails {', '.join(sorted(must_fail))})" if must_fail else ""))

    case("good-overlay-run", s.run(), [])
    case("good-composed-run", s.run(expect="composed", path="composed"), [])
    case("path-composed-where-overlay-expected", s.run(path="composed"), ["path"])
    refused = "composed: the driver refused a commit with overlay plane 33 after its TEST_ONLY proof (...)"
    case("good-fallback-run", s.run(expect="fallback", path="composed", reason=refused), [])
    case("fallback-without-a-refused-commit", s.run(expect="fallback", path="composed"), ["path"])
    case("fallback-a-frame-late", s.run(expect="fallback", path="composed", reason=refused, extra=[
        "kioskhud: display Writeback-1: drmModeAtomicCommit (/dev/dri/card0): No space left on device"]),
        ["no-lost-frame"])
    no_content = dict(content=False, squares={})
    case("no-content-rejected-as-control", s.run(expect="control", **no_content), [])
    case("no-content-fails-content-rules", s.run(**no_content),
         ["content/checkerboard", "content/title-band", "content/square", "hidden/checkerboard", "hidden/title-band",
          *[f"{st}/{r}" for st in HUD_STAGES for r in ("around-bezel", "blur-not-flat")],
          "success-later/square-moved"])
    case("control-with-content-not-rejected", s.run(expect="control"), ["checker-rejects-no-content"])
    case("raw-checkerboard-bezel", s.run(kinds={st: "raw" for st in HUD_STAGES}),
         [f"{st}/{r}" for st in HUD_STAGES for r in ("blur-not-checkerboard", "blur-no-hard-edge")])
    case("tinted-but-not-blurred-bezel", s.run(kinds={"success": "tinted", "success-later": "tinted"}),
         ["success/blur-no-hard-edge", "success-later/blur-no-hard-edge"])
    case("flat-bezel", s.run(kinds={"processing": "flat"}), ["processing/blur-not-flat"])
    small = (s.BEZEL[0] + 6, s.BEZEL[1] + 6, s.BEZEL[2] - 12, s.BEZEL[3] - 12)
    case("hud-outside-its-bezel", s.run(reported={"processing": small}), ["processing/around-bezel"])
    case("exit-code", s.run(exit_code=1), ["exit"])

    def swap_colours(pic):
        for y in range(TITLE_H, pic.h - 100):
            for x in range(0, pic.w):
                if app_colour(x, y) == LO:
                    pic.px[(y * pic.w + x) * 3:(y * pic.w + x) * 3 + 3] = bytes(HI)
    case("content-wrong-checkerboard", s.run(edit={"content": swap_colours}), ["content/checkerboard"])
    case("content-title-without-text", s.run(edit={"content": lambda p: Synth.fill(p, (0, 0, p.w, TITLE_H), (255, 255, 255))}),
         ["content/title-band"])
    case("content-no-square", s.run(edit={"content": lambda p: Synth.fill(p, (0, p.h - 80, p.w, SQUARE), (0, 0, 0))}),
         ["content/square"], others_pass=False)
    case("hidden-with-a-hud-left", s.run(hidden_hud=True), ["hidden/checkerboard"])
    case("square-did-not-move", s.run(squares={"success-later": 80}), ["success-later/square-moved"])
    case("hud-changed-between-success-and-later", s.run(marks={"success-later": "ring"}),
         ["success-later/hud-static"])
    case("success-same-as-processing", s.run(marks={"success": "ring", "success-later": "ring"}),
         ["success/indicator-changed"])
    case("stages-out-of-order", s.run(stage_names=["content", "success", "processing", "success-later", "hidden"]),
         ["stages"])
    case("picture-missing", s.run(drop=["hidden"]), ["pictures"])
    case("size-line-wrong", s.run(size=(1024, 768)), ["size"])
    # Overlay vs composed: the same picture passes, a bezel painted otherwise fails.
    a = s.hud(s.app(40), "blur", "ring")
    same = rule_same_picture(a, s.hud(s.app(80), "blur", "ring"))
    other = rule_same_picture(a, s.hud(s.app(40), "tinted", "ring"))
    case("overlay-vs-composed-same", [("overlay-vs-composed", *same)], [])
    case("overlay-vs-composed-differ", [("overlay-vs-composed", *other)], ["overlay-vs-composed"])
    never = all_rules - failed_somewhere
    if never:
        failures += 1
        print(f"FAIL self-test/every-rule-can-fail: never failed: {sorted(never)}")
    else:
        print(f"PASS self-test/every-rule-can-fail ({len(all_rules)} rules)")
    return failures


def main():
    if sys.argv[1:] == ["--self-test"]:
        failures = self_test()
        return min(failures, 100)
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from screens import Run
    label, log_path, dumps = sys.argv[1:4]
    overrides = {}
    for arg in sys.argv[4:]:
        run, sep, expect = arg.partition("=")
        if not sep or expect not in ("overlay", "composed", "control", "fallback"):
            print(f"kiosk_check: {arg}: expected RUN=overlay|composed|control|fallback", file=sys.stderr)
            return 2
        overrides[run] = expect
    r = Run(label, log_path, dumps)
    check_kiosk(r.log, dumps, r.check, overrides)
    return r.report()


if __name__ == "__main__":
    sys.exit(main())
