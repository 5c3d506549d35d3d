#!/usr/bin/python3
"""Host side of the motion scenario: finds the bezel in the screendumps taken
flat, right edge down and bottom edge down (motion-lis3dh.sh) and checks it
moved by MBProgressHUD's offset: 10 pt x sin(30 deg) = 5 px right, then 5 px
down, then back to centre. Prints PASS/FAIL lines; exits 1 on any FAIL.
Usage: motion_check.py DUMP_DIR
"""
import os
import re
import sys


def read_ppm(path):
    data = open(path, "rb").read()
    m = re.match(rb"P6\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
    if not m:
        raise ValueError(f"{path}: not a binary PPM")
    w, h = int(m.group(1)), int(m.group(2))
    return w, h, data[m.end():m.end() + w * h * 3]


def bezel_box(path):
    """Bounding box (x0, y0, x1, y1) of the pixels that differ from the
    top-left corner's colour, counting only rows/columns with a real run of
    them (ignores stray cursor or console pixels)."""
    w, h, px = read_ppm(path)
    bg = px[0:3]
    rows, cols = [0] * h, [0] * w
    for y in range(h):
        line = px[y * w * 3:(y + 1) * w * 3]
        for x in range(w):
            if line[x * 3:x * 3 + 3] != bg:
                rows[y] += 1
                cols[x] += 1
    ys = [y for y, n in enumerate(rows) if n >= 20]
    xs = [x for x, n in enumerate(cols) if n >= 20]
    if not xs or not ys:
        raise ValueError(f"{path}: no bezel found")
    return xs[0], ys[0], xs[-1], ys[-1]


def main():
    d = sys.argv[1]
    results = []
    try:
        boxes = {n: bezel_box(os.path.join(d, n + ".ppm")) for n in ("motion-flat", "motion-right", "motion-down", "motion-back")}
    except (OSError, ValueError) as e:
        print(f"FAIL motion-display: {e}")
        return 1
    flat = boxes["motion-flat"]

    def shift(name):
        b = boxes[name]
        return b[0] - flat[0], b[1] - flat[1], (b[2] - b[0]) - (flat[2] - flat[0]), (b[3] - b[1]) - (flat[3] - flat[1])

    for name, want in (("motion-right", (5, 0)), ("motion-down", (0, 5)), ("motion-back", (0, 0))):
        dx, dy, dw, dh = shift(name)
        ok = (dx, dy) == want and dw == 0 and dh == 0
        results.append(ok)
        print(f"{'PASS' if ok else 'FAIL'} motion-display: {name} bezel moved ({dx}, {dy}) px, size change ({dw}, {dh}); want {want}"
              f" [flat {flat}, {name} {boxes[name]}]")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
