#!/usr/bin/env python3
"""Judges grim screenshots (binary PPM) of board/wayland's sessions against
the test client's known picture: 64-pixel tiles, (tx + ty) even -> 0x204080,
odd -> 0xE0E0D0, and a band at the bottom (rows H-80 .. H-33) where its
orange square moves, which no rule judges pixel by pixel.

  check.py client SHOT              the client's picture exactly (no HUD, nothing mapped)
  check.py hud SHOT                 a HUD over it: the pixels that differ form one box in
                                    the middle, everything outside that box is the client's exactly
  check.py plain-hud SHOT           a HUD on an output with no client (one plain colour, its top-left
                                    corner's): the pixels that differ (above the band) form one box in the middle
  check.py some-hud SHOT            hud or plain-hud: an added output shows the client (a compositor
                                    may move it there, or mirror) or nothing under the HUD
  check.py scaled SHOT1 SHOT2 F     plain-hud in both, SHOT2's box F times SHOT1's (within 3 %)
  check.py dimmed SHOT RRGGBBAA     outside the HUD's box every pixel is the colour over
                                    the client's: src*a + dst*(1-a), within 1 level
  check.py differ SHOT1 SHOT2       the HUD's box differs between the two (a spinner turning)
  check.py --self-test              every rule passes on a good synthetic picture and fails on its bad one
Prints "PASS rule: why" or "FAIL rule: why"; exits 1 on failure.
"""
import sys

LO, HI = (0x20, 0x40, 0x80), (0xE0, 0xE0, 0xD0)


def read_ppm(path):
    data = open(path, "rb").read()
    parts, pos = [], 0
    while len(parts) < 4:
        while pos < len(data) and data[pos:pos + 1].isspace():
            pos += 1
        if pos >= len(data):
            raise SystemExit(f"{path}: not a PPM (ends in its header)")
        if data[pos:pos + 1] == b"#":
            pos = data.find(b"\n", pos)
            if pos < 0:
                raise SystemExit(f"{path}: not a PPM (ends in a comment)")
            continue
        end = pos
        while end < len(data) and not data[end:end + 1].isspace():
            end += 1
        parts.append(data[pos:end])
        pos = end
    if parts[0] != b"P6" or parts[3] != b"255" or not parts[1].isdigit() or not parts[2].isdigit():
        raise SystemExit(f"{path}: not an 8-bit binary PPM")
    w, h = int(parts[1]), int(parts[2])
    pixels = data[pos + 1:pos + 1 + w * h * 3]
    if len(pixels) != w * h * 3:
        raise SystemExit(f"{path}: {len(pixels)} bytes of pixels, {w}x{h} needs {w * h * 3}")
    return w, h, pixels


def expected(x, y):
    return LO if (x // 64 + y // 64) % 2 == 0 else HI


def in_band(h, y):
    return h - 80 <= y < h - 32


def differing(pic):
    """The box holding every pixel (outside the band) that is not the client's, or None."""
    w, h, px = pic
    x0 = y0 = 10 ** 9
    x1 = y1 = -1
    for y in range(h):
        if in_band(h, y):
            continue
        row = px[y * w * 3:(y + 1) * w * 3]
        for x in range(w):
            if tuple(row[3 * x:3 * x + 3]) != expected(x, y):
                x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
    return None if x1 < 0 else (x0, y0, x1 + 1, y1 + 1)


def rule_client(pic):
    box = differing(pic)
    return box is None, "the client's picture exactly" if box is None else f"pixels differ from the client's in {box}"


def rule_hud(pic):
    w, h, _ = pic
    box = differing(pic)
    if box is None:
        return False, "no HUD: every pixel is the client's"
    x0, y0, x1, y1 = box
    bw, bh = x1 - x0, y1 - y0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    centred = abs(cx - w / 2) <= 2 and abs(cy - h / 2) <= 2
    small = bw <= w / 2 and bh <= h / 2 and bw >= 40 and bh >= 40
    return centred and small, f"a {bw}x{bh} box centred at ({cx:.0f},{cy:.0f}) on {w}x{h}, the client's pixels all around it"


def rule_plain_hud(pic):
    w, h, px = pic
    box = plain_box(pic)
    if box is None:
        return False, f"no HUD: every pixel is {px[0:3].hex()}"
    x0, y0, x1, y1 = box
    bw, bh = x1 - x0, y1 - y0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    centred = abs(cx - w / 2) <= 2 and abs(cy - h / 2) <= 2
    small = 40 <= bw <= w / 2 and 40 <= bh <= h / 2
    return centred and small, f"a {bw}x{bh} box centred at ({cx:.0f},{cy:.0f}) on {w}x{h} of plain {px[0:3].hex()}"


def plain_box(pic):
    """The box holding every pixel (above the band: the pointer is parked there or below) that is not
    the top-left corner's colour, or None."""
    w, h, px = pic
    plain = tuple(px[0:3])
    x0 = y0 = 10 ** 9
    x1 = y1 = -1
    for y in range(h - 80):
        row = px[y * w * 3:(y + 1) * w * 3]
        for x in range(w):
            if tuple(row[3 * x:3 * x + 3]) != plain:
                x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
    return None if x1 < 0 else (x0, y0, x1 + 1, y1 + 1)


def rule_scaled(a, b, factor):
    boxes = [plain_box(a), plain_box(b)]
    if None in boxes:
        return False, "no HUD in one of the shots"
    (a0, a1, a2, a3), (b0, b1, b2, b3) = boxes
    rw, rh = (b2 - b0) / (a2 - a0), (b3 - b1) / (a3 - a1)
    good = abs(rw / factor - 1) <= 0.03 and abs(rh / factor - 1) <= 0.03
    return good, f"the box is {b2 - b0}x{b3 - b1} against {a2 - a0}x{a3 - a1}: {rw:.3f} x {rh:.3f} times (want {factor})"


def rule_dimmed(pic, colour):
    w, h, px = pic
    r, g, b, a = (int(colour[i:i + 2], 16) for i in (0, 2, 4, 6))
    a /= 255
    worst, where = 0, None
    for y in range(0, h, 3):
        if in_band(h, y) or h / 4 <= y <= 3 * h / 4:
            continue
        for x in range(0, w, 3):
            e = expected(x, y)
            want = [round(c * a + d * (1 - a)) for c, d in zip((r, g, b), e)]
            got = px[(y * w + x) * 3:(y * w + x) * 3 + 3]
            d = max(abs(p - q) for p, q in zip(got, want))
            if d > worst:
                worst, where = d, (x, y, tuple(got), tuple(want))
    return worst <= 1, f"outside the HUD the dimming is exact to {worst} level(s)" + (f" (worst at {where})" if where else "")


def rule_differ(a, b):
    box = differing(a) or differing(b)
    if box is None:
        return False, "neither shot has a HUD"
    w = a[0]
    x0, y0, x1, y1 = box
    n = sum(1 for y in range(y0, y1) for x in range(x0, x1)
            if a[2][(y * w + x) * 3:(y * w + x) * 3 + 3] != b[2][(y * w + x) * 3:(y * w + x) * 3 + 3])
    return n > 20, f"{n} pixels of the HUD's box changed between the shots"


def synthetic(w=320, h=240, hud=False, colour=None, shift=0):
    px = bytearray()
    for y in range(h):
        for x in range(w):
            c = expected(x, y)
            if colour:
                r, g, b, a = (int(colour[i:i + 2], 16) for i in (0, 2, 4, 6))
                c = tuple(round(s * a / 255 + d * (1 - a / 255)) for s, d in zip((r, g, b), c))
            if hud and 110 <= x < 210 and 80 <= y < 160:
                c = (120 + ((x + shift) % 7), 120, 130)
            px += bytes(c)
    return w, h, bytes(px)


def plain(w=320, h=320, hud=False, size=1.0):
    bw, bh = round(100 * size), round(80 * size)
    x0, y0 = (w - bw) // 2, (h - bh) // 2
    px = bytearray()
    for y in range(h):
        for x in range(w):
            px += bytes((120, 120, 130) if hud and x0 <= x < x0 + bw and y0 <= y < y0 + bh else (51, 51, 51))
    return w, h, bytes(px)


def self_test():
    ok = True
    cases = [
        ("client", rule_client(synthetic()), True), ("client", rule_client(synthetic(hud=True)), False),
        ("hud", rule_hud(synthetic(hud=True)), True), ("hud", rule_hud(synthetic()), False),
        ("plain-hud", rule_plain_hud(plain(hud=True)), True), ("plain-hud", rule_plain_hud(plain()), False),
        ("scaled", rule_scaled(plain(hud=True), plain(hud=True, size=1.25), 1.25), True),
        ("scaled", rule_scaled(plain(hud=True), plain(hud=True), 1.25), False),
        ("dimmed", rule_dimmed(synthetic(hud=True, colour="00000080"), "00000080"), True),
        ("dimmed", rule_dimmed(synthetic(hud=True), "00000080"), False),
        ("differ", rule_differ(synthetic(hud=True), synthetic(hud=True, shift=3)), True),
        ("differ", rule_differ(synthetic(hud=True), synthetic(hud=True)), False),
    ]
    for name, (passed, why), want in cases:
        good = passed == want
        ok &= good
        print(f"{'PASS' if good else 'FAIL'} self-test/{name}-{'good' if want else 'bad'}: {why}")
    return ok


def main():
    args = sys.argv[1:]
    if args == ["--self-test"]:
        sys.exit(0 if self_test() else 1)
    rule = args[0]
    if rule == "client":
        passed, why = rule_client(read_ppm(args[1]))
    elif rule == "hud":
        passed, why = rule_hud(read_ppm(args[1]))
    elif rule == "plain-hud":
        passed, why = rule_plain_hud(read_ppm(args[1]))
    elif rule == "some-hud":
        pic = read_ppm(args[1])
        (passed, why), label = rule_hud(pic), "over the client"
        if not passed:
            (passed, why), label = rule_plain_hud(pic), "on a plain output"
        why = f"{label}: {why}"
    elif rule == "scaled":
        passed, why = rule_scaled(read_ppm(args[1]), read_ppm(args[2]), float(args[3]))
    elif rule == "dimmed":
        passed, why = rule_dimmed(read_ppm(args[1]), args[2])
    elif rule == "differ":
        passed, why = rule_differ(read_ppm(args[1]), read_ppm(args[2]))
    else:
        raise SystemExit(f"unknown rule {rule}")
    print(f"{'PASS' if passed else 'FAIL'} {rule}: {why}")
    sys.exit(0 if passed else 1)


main()
