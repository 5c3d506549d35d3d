#!/usr/bin/python3
"""Judges the motion scenarios (e2e/motion-guest.sh) from the console log and
the screendumps. Used by check.py; alone: motion_check.py LABEL LOG DUMP_DIR.

The chip is tilted 30 deg, so MBProgressHUD's 10 pt amplitude gives
10 x sin(30 deg) = 5 px: right edge down -> bezel 5 px right, bottom edge
down -> 5 px down, flat again -> back to centre.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from check import parse_log, read_ppm, stat  # noqa: E402


def bezel_box(path):
    """Bounding box (x0, y0, x1, y1) of what differs from the top-left
    pixel's colour, over rows/columns with at least 20 such pixels."""
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
        raise ValueError(f"{os.path.basename(path)}: no bezel found")
    return xs[0], ys[0], xs[-1], ys[-1]


def check_motion(log, dumps, check):
    def out(name):
        return "\n".join(log.get(name, []))

    def exit_code(name):
        v = stat(log.get(name, []), "exit")
        return int(v) if v is not None else None

    def expect(scenario, name, patterns, code=0):
        text = out(name)
        missing = [p for p in patterns if not re.search(p, text, re.M)]
        check(scenario, exit_code(name) == code and not missing,
              f"exit={exit_code(name)} (want {code}); missing {missing}; output: {text[-600:]}")

    if log.get("motionsetup"):
        check("motion-setup", False, out("motionsetup"))
        return
    expect("motion-cli-flat", "motionflat", [
        r"^device: iio:device0 \(lis3dh\)", r"picked: the only accelerometer",
        r"sampling: sampling_frequency 1 Hz, below 30 Hz",
        r"x: \(raw \+ 0\) × 0\.009806  \[scale: in_accel_x_scale; offset: none, 0\]",
        r"mount matrix: 1, 0, 0; 0, 1, 0; 0, 0, 1  \[mount_matrix\]",
        r"gravity \(display frame\) x 0\.000 y 0\.000 z 9\.806 m/s²", r"bezel offset \(0, 0\) px"])
    expect("motion-cli-raise-rate", "motionraise", [r"sampling: sampling_frequency 1 → 50 Hz \(restored on exit\)",
                                                     r"sampling_frequency restored to 1 Hz"])
    rates = {k: v for line in log.get("motionrate", []) for k, _, v in [line.partition("=")]}
    check("motion-rate-left-as-found", rates.get("before") == "1" and rates.get("after-diagnostic") == "1"
          and rates.get("after-raise-rate") == "1", f"sampling_frequency seen: {rates}")
    expect("motion-cli-right-edge-down", "motionright", [r"x -4\.903 y 0\.000 z 8\.492", r"bezel offset \(5, 0\) px"])
    expect("motion-cli-scale-2", "motionscale", [r"bezel offset \(10, 0\) px"])
    expect("motion-cli-rotation-90", "motionrotated", [r"gravity \(display frame\) x 0\.000 y -4\.903", r"bezel offset \(0, -5\) px"])
    expect("motion-cli-bottom-edge-down", "motiondown", [r"x 0\.000 y 4\.903 z 8\.492", r"bezel offset \(0, 5\) px"])
    expect("motion-reader-thread", "motioncpu", [r"reader: [1-9]\d* readings in", r"CPU: user"])
    expect("motion-device-removed", "motiongone", [r"no accelerometer"], code=1)
    expect("motion-bad-flag", "motionbadflag", [r"--rate 'fast': expected a number"], code=2)

    if "motiondisplay" not in log:
        check("motion-display", False, "hud display --motion did not run (no DRM card?)")
        return
    expect("motion-display-reader", "motiondisplay", [r"motion: accelerometer iio:device0 \(lis3dh\)"])
    check("motion-display-restores-rate", rates.get("after-display") == "1", f"sampling_frequency after hud display --motion: {rates}")
    try:
        boxes = {n: bezel_box(os.path.join(dumps, n + ".ppm"))
                 for n in ("motion-flat", "motion-right", "motion-down", "motion-back")}
    except (OSError, ValueError) as e:
        check("motion-display-dumps", False, str(e))
        return
    flat = boxes["motion-flat"]
    for name, want in (("motion-right", (5, 0)), ("motion-down", (0, 5)), ("motion-back", (0, 0))):
        b = boxes[name]
        moved = (b[0] - flat[0], b[1] - flat[1])
        resized = ((b[2] - b[0]) - (flat[2] - flat[0]), (b[3] - b[1]) - (flat[3] - flat[1]))
        check(f"{name}-bezel-moved-{want[0]}-{want[1]}", moved == want and resized == (0, 0),
              f"moved {moved}, size change {resized}; flat {flat}, {name} {b}")


def main():
    label, log_path, dumps = sys.argv[1], sys.argv[2], sys.argv[3]
    results = []
    check_motion(parse_log(log_path), dumps, lambda n, ok, why="": results.append((n, bool(ok), why)))
    failed = 0
    for name, ok, why in results:
        print(f"PASS {label}/{name}" if ok else f"FAIL {label}/{name}: {why}")
        failed += 0 if ok else 1
    return min(failed, 100)


if __name__ == "__main__":
    sys.exit(main())
