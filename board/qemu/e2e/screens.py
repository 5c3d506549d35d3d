"""Shared by the e2e checkers: screendumps (binary PPM) and guest console logs.

The built-in theme's bezel is white 0.8 at alpha 0.6 over a black screen
(grey ~122); its content is black at 0.7 (grey < 80).
"""
import os
import re

BEZEL, BEZEL_TOL, DARK_MAX = 122, 14, 80


def read_ppm(path):
    """(width, height, RGB bytes); the header is parsed with a regex since
    pixel bytes may look like whitespace."""
    data = open(path, "rb").read()
    m = re.match(rb"P6\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
    if not m:
        raise ValueError(f"{path}: not a binary PPM")
    w, h = int(m.group(1)), int(m.group(2))
    return w, h, data[m.end():m.end() + w * h * 3]


class Shot:
    def __init__(self, path):
        self.w, self.h, self.px = read_ppm(path)

    def grey(self, x, y):
        i = (int(y) * self.w + int(x)) * 3
        return sum(self.px[i:i + 3]) / 3

    def bezel(self, tol=BEZEL_TOL):
        """Bounding box (x0, y0, x1, y1) of bezel-grey pixels in the middle half, or None."""
        xs, ys = [], []
        for y in range(self.h // 4, 3 * self.h // 4, 2):
            for x in range(self.w // 4, 3 * self.w // 4, 2):
                if abs(self.grey(x, y) - BEZEL) <= tol:
                    xs.append(x)
                    ys.append(y)
        if len(xs) < 200:
            return None
        return min(xs), min(ys), max(xs), max(ys)

    def dark_in(self, box):
        """Pixels darker than the content threshold inside `box`."""
        x0, y0, x1, y1 = box
        return sum(1 for y in range(y0, y1) for x in range(x0, x1) if self.grey(x, y) < DARK_MAX)

    def lit(self, x0, y0, x1, y1):
        """Bright pixels (console text) in a box, sampled every other pixel."""
        return sum(1 for y in range(y0, y1, 2) for x in range(x0, x1, 2) if self.grey(x, y) > 100)


def parse_log(path):
    """Console lines `[tag] text`, grouped by tag."""
    out = {}
    for raw in open(path, "rb").read().decode(errors="replace").splitlines():
        m = re.match(r"\[(\w+)\] (.*)", raw.strip())
        if m:
            out.setdefault(m.group(1), []).append(m.group(2))
    return out


class Run:
    """One guest run being judged: its log, its screendumps, the checks made."""

    def __init__(self, label, log_path, dumps):
        self.label, self.dumps = label, dumps
        self.log = parse_log(log_path)
        self.results = []

    def check(self, name, ok, why=""):
        self.results.append((name, bool(ok), why))

    def shot(self, name):
        """The screendump `name`, or None when the guest took none."""
        path = os.path.join(self.dumps, name + ".ppm")
        return Shot(path) if os.path.exists(path) else None

    def exit_code(self, name):
        """The `exit=N` a guest step printed, or None."""
        for line in self.log.get(name, []):
            m = re.match(r"exit=(\d+)", line)
            if m:
                return int(m.group(1))
        return None

    def said(self, name, text):
        return any(text in line for line in self.log.get(name, []))

    def report(self):
        """Prints PASS/FAIL per check; returns the failures (the exit status)."""
        failed = 0
        for name, ok, why in self.results:
            if ok:
                print(f"PASS {self.label}/{name}")
            else:
                failed += 1
                print(f"FAIL {self.label}/{name}: {why}")
        return min(failed, 100)
