#!/usr/bin/python3
"""Judges one run of e2e/input-guest.sh (`hud input` on QEMU's virtio keyboard and tablet).

Usage: input_check.py LABEL LOG DUMP_DIR
Reads `[live]` (the run that gets the injected input), `[quiet]` (the
negative control: devices present, nothing injected) and `[steps]`. Prints
`PASS LABEL/step` or `FAIL LABEL/step: why` per check; exits with the number
of failures.
"""
import re
import sys

from screens import Run

WIDTH, HEIGHT = 1280, 800
TABLET_RANGE = 32768  # axis values 0..32767; libinput scales by (max - min + 1)
TAPS = [(16384, 16384), (4096, 28672)]  # what input-guest.sh taps, in axis units
KEYS = ['text "a"', 'text "B"', "key enter", "key backspace", "key escape", "key ctrl+c"]
TOLERANCE = 2
MODIFIER = re.compile(r"^key (Shift|Control)_[LR]$")
EVENT = re.compile(r'^(text |key |touch |pointer button )')


SAME_MAX = 50        # pixels that may differ between two renders of the same picture
DIFFERENT_MIN = 200  # pixels that must differ between two pictures told apart


def differing(a, b):
    """Pixels whose channels differ by more than 40 anywhere (sampled every pixel)."""
    if (a.w, a.h) != (b.w, b.h):
        return a.w * a.h
    n = 0
    for i in range(0, len(a.px), 3):
        if abs(a.px[i] - b.px[i]) > 40 or abs(a.px[i + 1] - b.px[i + 1]) > 40 or abs(a.px[i + 2] - b.px[i + 2]) > 40:
            n += 1
    return n


def expected(tap):
    return tap[0] * WIDTH // TABLET_RANGE, tap[1] * HEIGHT // TABLET_RANGE


def main():
    label, log_path, dumps = sys.argv[1], sys.argv[2], sys.argv[3]
    run = Run(label, log_path, dumps)
    live, quiet, steps = run.log.get("live", []), run.log.get("quiet", []), run.log.get("steps", [])
    check = run.check

    trouble = [l for l in steps if "timeout" in l or "failed" in l]
    check("guest-steps", not trouble, trouble)

    # Hotplug: hud input was ready before the drivers loaded, then got both devices.
    ready = live.index("ready") if "ready" in live else None
    added = [l for l in live[(ready or 0) + 1:] if l.startswith("device added")]
    check("hotplug-devices-added", ready is not None
          and any("Virtio Keyboard" in l and "keyboard" in l for l in added)
          and any("Virtio Tablet" in l and "pointer" in l for l in added),
          f"ready at line {ready}; added after it: {added}")
    check("no-devices-before-modprobe", ready is not None
          and not any(l.startswith("device added") and "Virtio" in l for l in live[:ready]),
          live[:ready] if ready else "no ready line")
    check("udev-entries-written", any(l.startswith("udev entries: /run/udev/data/c13:") for l in steps),
          [l for l in steps if l.startswith("udev entries")])

    # The negative control saw the devices and nothing else.
    quiet_events = [l for l in quiet if EVENT.match(l)]
    check("negative-control-sees-devices", any("Virtio Keyboard" in l for l in quiet)
          and any("Virtio Tablet" in l for l in quiet) and "ready" in quiet, quiet[:6])
    check("negative-control-no-events", not quiet_events and run.said("steps", "quiet exit=0"), quiet_events)

    # Each key, in order.
    events = [l for l in live if EVENT.match(l)]
    # Modifiers pressed on their own print as `key Shift_L`, `key Control_L`: not judged.
    keys = [l for l in events if l.startswith(("text ", "key ")) and not MODIFIER.match(l)]
    for k in KEYS:
        name = k.replace(" ", "-").replace('"', "")
        check(f"key-{name}", k in keys, f"key lines: {keys}")
    check("keys-in-order-nothing-else", keys == KEYS, f"got {keys}, want {KEYS}")

    # Taps: pressed and released at the expected pixel.
    presses = [l for l in events if l.startswith("pointer button left pressed at ")]
    releases = [l for l in events if l.startswith("pointer button left released at ")]
    for n, tap in enumerate(TAPS):
        want = expected(tap)
        for kind, lines in (("pressed", presses), ("released", releases)):
            got = None
            if n < len(lines):
                m = re.search(r" at (\d+) (\d+)$", lines[n])
                got = (int(m.group(1)), int(m.group(2))) if m else None
            ok = got is not None and abs(got[0] - want[0]) <= TOLERANCE and abs(got[1] - want[1]) <= TOLERANCE
            check(f"tap{n + 1}-{kind}-at-{want[0]}-{want[1]}", ok, f"got {got} ({lines})")
    check("two-taps-only", len(presses) == len(TAPS) == len(releases), f"pressed {presses}, released {releases}")

    removed = [l for l in live if l.startswith("device removed")]
    check("devices-removed-on-unplug", any("Virtio Keyboard" in l for l in removed)
          and any("Virtio Tablet" in l for l in removed), removed)
    check("live-exit-0", run.said("steps", "live exit=0"), [l for l in steps if "exit" in l])

    # Input on demand (issue 24): nothing of it mapped or open while only progress is shown;
    # Plymouth's first password request starts it, and the keys typed at once still arrive.
    use = {}
    for step in ("progress-only", "first-prompt"):
        line = next((l for l in steps if l.startswith(step + " ")), "")
        use[step] = {k: int(v) for k, v in re.findall(r"([a-z]+-(?:maps|fds))=(\d+)", line)}
    progress, prompted = use["progress-only"], use["first-prompt"]
    check("lazy-input-nothing-mapped-or-open-while-only-progress-shows",
          len(progress) == 3 and not any(progress.values()), f"progress-only: {progress}")
    check("lazy-input-mapped-and-open-after-the-first-prompt",
          prompted.get("libinput-maps", 0) > 0 and prompted.get("xkbcommon-maps", 0) > 0 and prompted.get("input-fds", 0) >= 2,
          f"first-prompt: {prompted}")
    check("lazy-input-first-prompt-gets-the-keys-typed-at-once",
          any(l.startswith("first-prompt exit=0 answer=[qz9] ") for l in steps), [l for l in steps if "first-prompt" in l])

    # The HUD's button on the display (hud daemon --input): Enter, a tap beside it, a tap on it.
    daemon = run.log.get("daemon", [])
    check("button-daemon-reads-input", any("input: device added" in l and "Virtio Tablet" in l for l in daemon),
          [l for l in daemon if "input" in l][:4])
    check("button-enter-presses-it", run.said("steps", "button-key exit=0"), [l for l in steps if "button" in l])
    check("button-tap-beside-it-does-nothing", run.said("steps", "button-presses after Enter and two taps: 2"),
          [l for l in steps if "button" in l])
    check("button-tap-on-it-presses-it", run.said("steps", "button-tap exit=0"), [l for l in steps if "button" in l])
    # Prompts on the display, answered with keys typed through QEMU.
    check("prompt-hud-ask-password-gets-exactly-the-typed-text",
          run.said("steps", "ask-password exit=0 answer=[Ab 1]"), [l for l in steps if "ask" in l])
    check("prompt-ctrl-c-cancels", run.said("steps", "ask-question-ctrl-c exit=1")
          and run.said("steps", "Ctrl-C"), [l for l in steps if "ctrl-c" in l])
    check("prompt-plymouth-ask-for-password-gets-the-typed-text",
          run.said("steps", "plymouth-ask-for-password exit=0 answer=[pw2]"), [l for l in steps if "plymouth" in l])
    check("prompt-passphrase-not-in-status-or-log", not run.said("steps", "leaks-passphrase"),
          [l for l in steps if "leaks" in l])
    shots = {n: run.shot(n) for n in ("prompt-before", "prompt-bullets", "prompt-reference", "prompt-echoed")}
    missing = [n for n, s in shots.items() if s is None]
    if missing:
        check("prompt-drawn-as-bullets", False, f"no screendump {missing}")
    else:
        same = differing(shots["prompt-bullets"], shots["prompt-reference"])
        echoed = differing(shots["prompt-bullets"], shots["prompt-echoed"])
        before = differing(shots["prompt-bullets"], shots["prompt-before"])
        check("prompt-drawn-as-bullets", shots["prompt-bullets"].bezel() is not None and same <= SAME_MAX,
              f"{same} pixels differ from the HUD drawn with the message and ●●●●_ (at most {SAME_MAX})")
        # The negative controls: the comparison can fail.
        check("prompt-not-echoed", echoed > DIFFERENT_MIN, f"only {echoed} pixels differ from the text drawn as is")
        check("prompt-replaces-the-labels-and-button", before > DIFFERENT_MIN,
              f"only {before} pixels differ from the HUD before the prompt")
    check("button-daemon-quits-clean", run.said("steps", "daemon exit=0"), [l for l in steps if "daemon" in l])
    return run.report()


if __name__ == "__main__":
    sys.exit(main())
