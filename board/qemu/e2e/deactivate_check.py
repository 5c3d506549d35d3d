#!/usr/bin/python3
"""Checks one guest run of e2e/deactivate-guest.sh: its console log and screendumps.

Usage: deactivate_check.py LABEL LOG DUMP_DIR
Prints `PASS LABEL/step` or `FAIL LABEL/step: why` per check and exits with
the number of failures.

The daemon shows a static ring with the built-in theme (grey ~122 bezel,
content darker than 80, on black); the takeover program fills the screen
with pure blue (0, 0, 255).
"""
import sys

from screens import Run


def main():
    label, log_path, dumps = sys.argv[1], sys.argv[2], sys.argv[3]
    run = Run(label, log_path, dumps)
    log, check, shot, exit_code = run.log, run.check, run.shot, run.exit_code

    def status(name, key):
        for line in log.get(name, []):
            if line.startswith(key + "="):
                return line[len(key) + 1:]
        return None

    def hud(s):
        """(bezel box, content pixels) of a centred bezel, or None."""
        box = s.bezel() if s else None
        if not box:
            return None
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        if abs(cx - s.w / 2) > 3 or abs(cy - s.h / 2) > 3:
            return None
        return box, s.dark_in(box)

    def blue(s):
        """Share of pure blue pixels, sampled every 8th pixel."""
        if not s:
            return 0.0
        n = hit = 0
        for i in range(0, s.w * s.h, 8):
            n += 1
            hit += s.px[3 * i:3 * i + 3] == b"\x00\x00\xff"
        return hit / n

    before, kept, takeover = shot("p-before"), shot("p-kept"), shot("p-takeover")
    back, takeover2, back2 = shot("p-back"), shot("p-takeover2"), shot("p-back2")
    shown = hud(before)
    check("before-hud-shown", shown and shown[1] > 40 and exit_code("ping") == 0,
          f"bezel and content: {shown}; plymouth --ping exit={exit_code('ping')}")
    # The control: the takeover check can fail. While the HUD holds master, another client cannot take it.
    check("held-display-refuses-another-master", exit_code("takeover0") == 2 and shot("p-refused") is None,
          log.get("takeover0", []))
    check("deactivate-acked", exit_code("deactivate") == 0, log.get("deactivate", []))
    check("status-display-released", status("status1", "display") == "released", log.get("status1", []))
    check("requests-kept-while-deactivated",
          exit_code("progress") == 0 and exit_code("message") == 0
          and status("status2", "progress") == "100" and status("status2", "label") == "Away"
          and status("status2", "display") == "released",
          log.get("progress", []) + log.get("message", []) + log.get("status2", []))
    check("picture-kept-not-drawn-while-deactivated", before and kept and kept.px == before.px,
          "the screen changed after deactivate" if before and kept else "missing dump")
    check("other-client-becomes-master-and-sets-its-mode",
          exit_code("takeover") == 0 and run.said("takeover", "modeset ok") and blue(takeover) > 0.99,
          log.get("takeover", []) + [f"blue share {blue(takeover):.3f}"])
    check("vt-switching-back-to-the-kernel",
          exit_code("chvt2") == 0 and log.get("active", [None])[0] == "tty2" and exit_code("chvt1") == 0,
          log.get("chvt2", []) + log.get("active", []) + log.get("chvt1", []))
    def input_fds(name):
        for line in log.get(name, []):
            if line.startswith("input-fds="):
                return int(line[len("input-fds="):])
        return None

    check("input-not-read-until-a-keystroke-watch-needs-it",
          input_fds("inputs_idle") == 0 and (input_fds("inputs_before") or 0) > 0,
          f"evdev fds open: with the ring alone {input_fds('inputs_idle')}, with a watch-keystroke {input_fds('inputs_before')}")
    check("input-not-read-while-deactivated",
          (input_fds("inputs_before") or 0) > 0 and input_fds("inputs_deactivated") == 0,
          f"evdev fds open: before {input_fds('inputs_before')}, deactivated {input_fds('inputs_deactivated')}")
    check("input-read-again-after-reactivate", (input_fds("inputs_back") or 0) > 0,
          f"evdev fds open after reactivate: {input_fds('inputs_back')}")
    check("reactivate-acked", exit_code("reactivate") == 0 and status("status3", "display") == "held"
          and status("status3", "settled") == "true", log.get("reactivate", []) + log.get("status3", []))
    again = hud(back)
    check("reactivate-draws-the-current-state",
          shown and again and back.px != before.px and again[1] > shown[1] + 40,
          f"after reactivate: {again} (before: {shown}); the ring at 100 % has more content than at 50 %")
    check("second-takeover", exit_code("deactivate2") == 0 and exit_code("takeover2") == 0 and blue(takeover2) > 0.99,
          log.get("deactivate2", []) + log.get("takeover2", []))
    check("same-picture-returns", again and back2 and back2.px == back.px and exit_code("reactivate2") == 0,
          "the picture after the second reactivate differs from the first" if back and back2 else "missing dump")
    check("quit-while-deactivated", exit_code("deactivate3") == 0 and exit_code("quit") == 0 and exit_code("daemon") == 0,
          f"deactivate={exit_code('deactivate3')} quit={exit_code('quit')} daemon={exit_code('daemon')}")
    return run.report()


if __name__ == "__main__":
    sys.exit(main())
