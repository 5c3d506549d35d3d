"""Pictures for the real-boot lane's checks: QEMU screendumps (PPM, read by
board/qemu/e2e/screens.py) and `hud render` output (PNG, decoded here with the
standard library: zlib + the five PNG row filters), both as RGB bytes.

A reference is rendered on the host by the same `hud` binary the image got;
`Expected` holds what a stage must show and compares a dump against it.
"""
import os
import struct
import sys
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "qemu", "e2e"))
from screens import read_ppm  # noqa: E402


class Picture:
    def __init__(self, w, h, rgb):
        self.w, self.h, self.rgb = w, h, rgb

    @staticmethod
    def load(path):
        if path.endswith(".png"):
            return Picture(*read_png(path))
        return Picture(*read_ppm(path))

    def row(self, y):
        return self.rgb[y * self.w * 3:(y + 1) * self.w * 3]


def _unfilter(kind, line, prev, bpp):
    if kind == 0:
        return line
    n = len(line)
    out = bytearray(line)
    if kind == 1:  # Sub
        for i in range(bpp, n):
            out[i] = (out[i] + out[i - bpp]) & 255
    elif kind == 2:  # Up
        out = bytearray(map(lambda a, b: (a + b) & 255, line, prev))
    elif kind == 3:  # Average
        for i in range(n):
            left = out[i - bpp] if i >= bpp else 0
            out[i] = (out[i] + ((left + prev[i]) >> 1)) & 255
    elif kind == 4:  # Paeth
        for i in range(n):
            a = out[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            if pa <= pb and pa <= pc:
                pred = a
            elif pb <= pc:
                pred = b
            else:
                pred = c
            out[i] = (out[i] + pred) & 255
    else:
        raise ValueError(f"bad PNG filter {kind}")
    return out


def read_png(path):
    """(width, height, RGB bytes) of an 8-bit non-interlaced RGB or RGBA PNG
    (RGBA is composited over black, as on the screen)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, w = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                raise ValueError(f"{path}: PNG depth {depth} colour type {ctype} interlace {interlace} not handled")
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = w * bpp
    prev = bytes(stride)
    rows = []
    for y in range(h):
        start = y * (stride + 1)
        line = _unfilter(raw[start], raw[start + 1:start + 1 + stride], prev, bpp)
        rows.append(bytes(line))
        prev = line
    pixels = b"".join(rows)
    if bpp == 3:
        return w, h, pixels
    out = bytearray(w * h * 3)
    if all(a == 255 for a in pixels[3::4]):
        out[0::3], out[1::3], out[2::3] = pixels[0::4], pixels[1::4], pixels[2::4]
    else:
        for i in range(w * h):
            a = pixels[4 * i + 3]
            for c in range(3):
                out[3 * i + c] = pixels[4 * i + c] * a // 255
    return w, h, bytes(out)


def differing(a, b, tol=0):
    """Set of pixel indices where pictures a and b differ by more than tol in any channel."""
    assert (a.w, a.h) == (b.w, b.h), "sizes differ"
    out = set()
    rs = a.w * 3
    for y in range(a.h):
        ra, rb = a.rgb[y * rs:(y + 1) * rs], b.rgb[y * rs:(y + 1) * rs]
        if ra == rb:
            continue
        for x in range(a.w):
            i = x * 3
            if (abs(ra[i] - rb[i]) > tol or abs(ra[i + 1] - rb[i + 1]) > tol or abs(ra[i + 2] - rb[i + 2]) > tol):
                out.add(y * a.w + x)
    return out


def dilate(pixels, w, h, r):
    out = set()
    for p in pixels:
        y, x = divmod(p, w)
        for dy in range(-r, r + 1):
            yy = y + dy
            if 0 <= yy < h:
                for dx in range(-r, r + 1):
                    xx = x + dx
                    if 0 <= xx < w:
                        out.add(yy * w + xx)
    return out


def bbox(pixels, w):
    if not pixels:
        return None
    ys = [p // w for p in pixels]
    xs = [p % w for p in pixels]
    return min(xs), min(ys), max(xs) + 1, max(ys) + 1


class Expected:
    """What one stage must show: the reference picture outside `ignore`
    (the spinner's sweep), and `focus` (e.g. the label's pixels) exactly."""

    def __init__(self, name, ref, ignore=frozenset(), focus=frozenset(), focus_name="label", tol=40,
                 max_other=0.002, max_focus=0.03):
        self.name, self.ref, self.ignore, self.focus = name, ref, ignore, focus
        self.focus_name, self.tol, self.max_other, self.max_focus = focus_name, tol, max_other, max_focus

    def judge(self, pic):
        """(ok, why)."""
        if pic is None:
            return False, "no screendump"
        if (pic.w, pic.h) != (self.ref.w, self.ref.h):
            return False, f"screen {pic.w}x{pic.h}, expected {self.ref.w}x{self.ref.h}"
        bad = differing(pic, self.ref, self.tol) - self.ignore
        bad_focus = len(bad & self.focus)
        bad_other = len(bad) - bad_focus
        others = pic.w * pic.h - len(self.ignore) - len(self.focus)
        ok_other = bad_other <= self.max_other * others
        ok_focus = not self.focus or bad_focus <= self.max_focus * len(self.focus)
        why = (f"{bad_other} of {others} pixels outside the {self.focus_name} and the spinner differ"
               f" (box {bbox(bad - self.focus, pic.w)})")
        if self.focus:
            why += f"; {bad_focus} of {len(self.focus)} {self.focus_name} pixels differ"
        return ok_other and ok_focus, why
