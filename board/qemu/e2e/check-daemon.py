#!/usr/bin/python3
"""Checks one guest run of e2e/daemon-guest.sh: its console log and screendumps.

Usage: check-daemon.py LABEL LOG DUMP_DIR
Prints `PASS LABEL/step` or `FAIL LABEL/step: why` per check (and `INFO`
lines with measurements) and exits with the number of failures.

The daemon runs with the built-in theme: the default bezel (white 0.8 at
alpha 0.6 over the black backdrop -> grey ~122) with black-at-0.7 content
(-> grey < 80) in the middle of a black screen.
"""
import sys

from screens import Run


def main():
    label, log_path, dumps = sys.argv[1], sys.argv[2], sys.argv[3]
    run = Run(label, log_path, dumps)
    log, check, shot, exit_code = run.log, run.check, run.shot, run.exit_code

    def field(name, key):
        for line in log.get(name, []):
            if line.startswith(key + "="):
                return line[len(key) + 1:]
        return None

    console = shot("d-console")
    check("daemon-answers", any(l.startswith("listening") for l in log.get("daemon", [])), log.get("daemon", []))

    def shown_ok(s):
        """A centred bezel with content on it: (ok, why, box, content pixels)."""
        box = s.bezel() if s else None
        if not box:
            return False, "no dump or no bezel on screen", None, 0
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        centred = abs(cx - s.w / 2) <= 3 and abs(cy - s.h / 2) <= 3
        dark = s.dark_in(box)
        return centred and dark > 40, f"bezel {box} centre ({cx},{cy}) of {s.w}x{s.h}, {dark} content pixels", box, dark

    # The check must fail on the console dump, where no HUD is.
    check("bezel-check-fails-without-hud", console is not None and not shown_ok(console)[0],
          "passes on the console dump too" if console else "no console dump")

    def hud_shown(step, s):
        ok, why, box, dark = shown_ok(s)
        check(f"{step}-bezel", ok, why)
        return (box, dark) if box else None

    boot = hud_shown("boot", shot("d-boot"))
    r50 = hud_shown("ring50", shot("d-ring50"))
    r100 = hud_shown("ring100", shot("d-ring100"))
    if r50 and r100:
        check("psplash-progress-fills-ring", r100[1] > r50[1] + 40, f"content pixels 50%: {r50[1]}, 100%: {r100[1]}")
    check("psplash-status", field("status1", "progress") == "100" and field("status1", "label") == "From psplash",
          log.get("status1", []))
    b25 = hud_shown("bar25", shot("d-bar25"))
    b75 = hud_shown("bar75", shot("d-bar75"))
    if b25 and b75:
        check("pipe-moves-bar", b75[1] > b25[1] + 20, f"content pixels 25%: {b25[1]}, 75%: {b75[1]}")
    check("pipe-status", field("status2", "progress") == "75" and exit_code("pipe") == 0,
          log.get("status2", []) + log.get("pipe", []))
    check("bad-value-exit-2", exit_code("badvalue") == 2 and any("150" in l for l in log.get("badvalue", [])), log.get("badvalue", []))
    check("daemon-survives-errors", exit_code("ping") == 0, log.get("ping", []))
    hidden = shot("d-hidden")
    check("hide-removes-hud", hidden and not hidden.bezel() and hidden.grey(hidden.w / 2, hidden.h / 2) < 10,
          "after hide the bezel is still on screen")
    quit = shot("d-quit")
    check("quit-restores-console", console and quit and quit.px == console.px and exit_code("daemon") == 0,
          f"daemon exit={exit_code('daemon')}; screen after quit {'equals' if console and quit and quit.px == console.px else 'differs from'} the console")
    before, after = shot("d-term-before"), shot("d-term-after")
    hud_shown("term", before)
    check("sigterm-restores-console", console and after and after.px == console.px and exit_code("daemon2") == 0,
          f"daemon2 exit={exit_code('daemon2')}")
    cjk, retained = shot("d-cjk"), shot("d-retained")
    hud_shown("cjk", cjk)
    check("quit-retain-keeps-last-frame", cjk and retained and retained.px == cjk.px and exit_code("daemon3") == 0,
          f"daemon3 exit={exit_code('daemon3')}; screen after quit --retain "
          f"{'equals' if cjk and retained and retained.px == cjk.px else 'differs from'} the last frame")
    for line in log.get("rss", []):
        print(f"INFO {label}/rss: {line}")

    return run.report()


if __name__ == "__main__":
    sys.exit(main())
