#!/usr/bin/python3
"""Judges board/arm64/display-guest.sh's run with board/qemu/e2e/check.py (unchanged): runs its
checks and requires every one that belongs to the scenarios the ARM board runs; the others
(waiting for the card, errors, VT switch, no Cairo, motion) are not run there and are ignored.

Usage: check-display.py LABEL LOG DUMP_DIR   (exit status: the number of failures)
"""
import contextlib
import io
import os
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "qemu", "e2e"))
# check.py ends with the motion scenarios, which the board does not run.
sys.modules["motion_check"] = types.SimpleNamespace(check_motion=lambda log, dumps, check: None)
import check  # noqa: E402

# Every check of scenarios 3-6 (the pixel checks with their -fails-without-hud twins).
REQUIRED = [
    "console-has-text",
    "spinner-bezel", "spinner-bezel-fails-without-hud", "spinner-label", "spinner-label-fails-without-hud",
    "spinner-indicator", "spinner-indicator-fails-without-hud", "hide-restores-console",
    "spinner-flips-equal-frames", "spinner-repaints-damage-only",
    "bar-bezel", "bar-bezel-fails-without-hud", "bar-label", "bar-label-fails-without-hud",
    "bar-progress-0.5", "bar-legacy-flips-equal-frames", "sigterm-restores-console",
    "ring-bezel", "ring-bezel-fails-without-hud", "ring-label", "ring-label-fails-without-hud",
    "ring-progress-0.5", "ring-flips-equal-frames", "retain-keeps-last-frame",
]


def main():
    label = sys.argv[1]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        check.main()
    seen = {}
    for line in out.getvalue().splitlines():
        verdict, _, rest = line.partition(" ")
        name, _, why = rest.partition(": ")
        if verdict in ("PASS", "FAIL") and name.startswith(label + "/"):
            seen[name[len(label) + 1:]] = (verdict, why)
    failed = 0
    for name in REQUIRED:
        verdict, why = seen.get(name, ("FAIL", "check not made (no dump or output?)"))
        print(f"{verdict} {label}/{name}" + (f": {why}" if verdict == "FAIL" else ""))
        failed += verdict != "PASS"
    return min(failed, 100)


if __name__ == "__main__":
    sys.exit(main())
