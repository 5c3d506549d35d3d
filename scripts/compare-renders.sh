#!/usr/bin/env bash
# Renders every README gallery shot (scripts/gallery-shots.sh, the list
# scripts/gallery.sh uses, with the same options) with two `hud` binaries and
# compares them, for a change in how the HUD is drawn (e.g. a new text engine).
#
# Usage: scripts/compare-renders.sh OLD_HUD NEW_HUD OUTDIR [ZOOM]
#
# Writes into OUTDIR:
#   NAME.png         old on the left, new on the right (8 grey pixels between)
#   NAME-bezel.png   only with ZOOM (an integer, e.g. 3): the bezel of old, new and
#                    their difference (x4), ZOOM times enlarged, side by side (above
#                    one another when the bezel is wider than tall)
#   old/ new/        the renders themselves; mask/ the renders that find the bezel
#   figures.md       one line of figures per shot (also printed):
#     far>48   pixels whose worst RGB channel differs by more than 48 levels
#              (GoldenImageTests' measure), inside the bezel / outside it
#     mean     mean absolute difference per channel, inside / outside
#     outside≠ pixels outside the bezel that differ at all (must be 0) and the
#              largest difference there
#     bezel    the bezel's rectangle x,y wxh in each (old → new)
#     layout   the content's rows (indicator, label, details, button lines: bands
#              of rows with content, in the picture's own orientation) old vs new:
#              the largest move of a band edge in pixels, or the band counts when
#              they differ
# The bezel is found by rendering each shot again with a solid magenta bezel,
# green content and no dimming, with and without --alpha 0; "inside" is either
# binary's bezel rectangle grown by 2 pixels.
# KIOSKHUD_COMPARE_EXTRA: hud render options given to every shot in place of
# the shot's own (e.g. "--scale 1.5 --rotation 90": each shot at that scale and turn).
# Exits 1 when a shot differs outside the bezel or in size, 0 otherwise.
set -euo pipefail
if (( $# < 3 || $# > 4 )); then
  echo "usage: scripts/compare-renders.sh OLD_HUD NEW_HUD OUTDIR [ZOOM]" >&2
  exit 2
fi
absolute() { case $1 in /*) printf '%s\n' "$1" ;; *) printf '%s\n' "$PWD/$1" ;; esac; }
old_hud=$(absolute "$1") new_hud=$(absolute "$2") out=$(absolute "$3") zoom=${4:-0}
for h in "$old_hud" "$new_hud"; do
  [[ -x $h ]] || { echo "compare-renders: $h is not an executable" >&2; exit 2; }
done
[[ $zoom =~ ^[0-9]+$ ]] || { echo "compare-renders: ZOOM must be a whole number" >&2; exit 2; }
cd "$(dirname "$0")/.."
mkdir -p "$out/old" "$out/new" "$out/mask"
manifest="$out/mask/manifest.txt"
: >"$manifest"

# shot NAME "caption" hud-render-options...
read -r -a extra <<<"${KIOSKHUD_COMPARE_EXTRA:-}"
shot() {
  local name=$1
  shift 2
  # The extra options replace the shot's own of the same name.
  local kept=()
  while (( $# )); do
    if [[ $1 == --* && " ${extra[*]} " == *" $1 "* ]]; then shift 2; else kept+=("$1"); shift; fi
  done
  set -- "${kept[@]}" "${extra[@]}"
  local original=("$@") sized=(--size "$size")
  [[ " $* " == *" --size "* ]] && sized=()
  # The same shot for finding the bezel: colours that cannot be mistaken, no dimming.
  local marked=() rotation=0
  while (( $# )); do
    case $1 in
      --bezel-style | --bezel-color | --content-color | --background) shift 2 ;;
      --rotation) rotation=$2; marked+=("$1" "$2"); shift 2 ;;
      *) marked+=("$1"); shift ;;
    esac
  done
  marked+=(--bezel-style solid --bezel-color '#ff00ffff' --content-color '#00ff00ff' --background '#00000000')
  local which hud
  for which in old new; do
    hud=${which}_hud
    "${!hud}" render "${sized[@]}" --out "$out/$which/$name.png" "${original[@]}" >/dev/null
    "${!hud}" render "${sized[@]}" --out "$out/mask/$name-$which-on.png" "${marked[@]}" >/dev/null
    "${!hud}" render "${sized[@]}" --out "$out/mask/$name-$which-off.png" "${marked[@]}" --alpha 0 >/dev/null
  done
  printf '%s %s\n' "$name" "$rotation" >>"$manifest"
}
# shellcheck source=scripts/gallery-shots.sh
source scripts/gallery-shots.sh

python3 - "$out" "$zoom" <<'PY'
import struct, sys, zlib

out, zoom = sys.argv[1], int(sys.argv[2])


def read_png(path):
    """8-bit grey, grey+alpha, RGB or RGBA, not interlaced -> (w, h, RGB bytes)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG")
    pos, idat, w = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or interlace or ctype not in (0, 2, 4, 6):
                raise SystemExit(f"{path}: depth {depth}, colour type {ctype}, interlace {interlace} not handled")
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        pos += 12 + length
    bpp = {0: 1, 2: 3, 4: 2, 6: 4}[ctype]
    raw, stride = zlib.decompress(b"".join(idat)), w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if f == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif f == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, prev))
        elif f == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif f == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b, c = prev[i], prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    pixels = b"".join(rows)
    if ctype == 2:
        rgb = pixels
    elif ctype == 6:  # composite on black: hud writes opaque frames, so alpha is 255 anyway
        rgb = bytearray(w * h * 3)
        rgb[0::3], rgb[1::3], rgb[2::3] = pixels[0::4], pixels[1::4], pixels[2::4]
    else:
        grey = pixels[0::bpp]
        rgb = bytearray(w * h * 3)
        rgb[0::3] = rgb[1::3] = rgb[2::3] = grey
    return w, h, bytes(rgb)


def write_png(path, w, h, rgb):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    raw = b"".join(b"\0" + rgb[y * w * 3:(y + 1) * w * 3] for y in range(h))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def bezel_and_content(name, which):
    """The bezel's bounding box and the set of content pixels (green on magenta)."""
    w, h, on = read_png(f"{out}/mask/{name}-{which}-on.png")
    _, _, off = read_png(f"{out}/mask/{name}-{which}-off.png")
    x0, y0, x1, y1 = w, h, -1, -1
    content = set()
    for i in range(w * h):
        j = i * 3
        r, g, b = on[j], on[j + 1], on[j + 2]
        if abs(r - off[j]) > 16 or abs(g - off[j + 1]) > 16 or abs(b - off[j + 2]) > 16:
            x, y = i % w, i // w
            x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
            if g > 96 and g >= r and g >= b:
                content.add((x, y))
    return (x0, y0, x1, y1) if x1 >= 0 else None, content


def bands(content, rotation):
    """Runs of rows (columns when turned 90/270) holding content: [(a0, a1, b0, b1)]."""
    turned = rotation in (90, 270)
    by = {}
    for x, y in content:
        a, b = (x, y) if turned else (y, x)
        lo, hi = by.get(a, (b, b))
        by[a] = (min(lo, b), max(hi, b))
    result = []
    for a in sorted(by):
        lo, hi = by[a]
        if result and result[-1][1] == a - 1:
            a0, _, b0, b1 = result[-1]
            result[-1] = (a0, a, min(b0, lo), max(b1, hi))
        else:
            result.append((a, a, lo, hi))
    return result


def fmt_box(box):
    return "none" if box is None else f"{box[0]},{box[1]} {box[2] - box[0] + 1}x{box[3] - box[1] + 1}"


rows, problems, details = [], [], []
for line in open(f"{out}/mask/manifest.txt"):
    name, rotation = line.split()
    rotation = int(rotation)
    wo, ho, a = read_png(f"{out}/old/{name}.png")
    wn, hn, b = read_png(f"{out}/new/{name}.png")
    if (wo, ho) != (wn, hn):
        problems.append(f"{name}: size {wo}x{ho} (old) vs {wn}x{hn} (new)")
        rows.append(f"| {name} | {wo}x{ho} → {wn}x{hn} | size differs | | | | |")
        continue
    w, h = wo, ho
    (box_o, content_o), (box_n, content_n) = bezel_and_content(name, "old"), bezel_and_content(name, "new")
    grown = [(max(0, bx[0] - 2), max(0, bx[1] - 2), min(w - 1, bx[2] + 2), min(h - 1, bx[3] + 2))
             for bx in (box_o, box_n) if bx is not None]
    inside = lambda x, y: any(x0 <= x <= x1 and y0 <= y <= y1 for x0, y0, x1, y1 in grown)
    far = [0, 0]; total = [0, 0]; count = [0, 0]; out_any = 0; out_max = 0
    diff = bytearray(w * h * 3)
    for i in range(w * h):
        j = i * 3
        d0, d1, d2 = abs(a[j] - b[j]), abs(a[j + 1] - b[j + 1]), abs(a[j + 2] - b[j + 2])
        worst = max(d0, d1, d2)
        k = 0 if inside(i % w, i // w) else 1
        count[k] += 1
        total[k] += d0 + d1 + d2
        if worst > 48:
            far[k] += 1
        if k == 1 and worst:
            out_any += 1
            out_max = max(out_max, worst)
        diff[j] = diff[j + 1] = diff[j + 2] = min(255, worst * 4)
    mean = [total[k] / (3 * count[k]) if count[k] else 0.0 for k in (0, 1)]
    bo, bn = bands(content_o, rotation), bands(content_n, rotation)
    if len(bo) == len(bn):
        shift = max((abs(p - q) for u, v in zip(bo, bn) for p, q in zip(u, v)), default=0)
        layout = f"{len(bo)} bands, max move {shift} px"
    else:
        layout = f"bands {len(bo)} → {len(bn)}"
    details.append(f"{name}: bands old {bo}\n{' ' * len(name)}  bands new {bn}")
    bezel = fmt_box(box_o) + (" (same)" if box_o == box_n else " → " + fmt_box(box_n))
    rows.append(f"| {name} | {w}x{h} | {far[0]} / {far[1]} | {mean[0]:.2f} / {mean[1]:.3f} | {out_any} ({out_max}) "
                f"| {bezel} | {layout} |")
    if out_any:
        problems.append(f"{name}: {out_any} pixels differ outside the bezel (largest difference {out_max})")

    # Side by side: old left, new right.
    gap = 8
    sw = 2 * w + gap
    side = bytearray(b"\x80" * (sw * h * 3))
    for y in range(h):
        side[y * sw * 3:(y * sw + w) * 3] = a[y * w * 3:(y + 1) * w * 3]
        side[(y * sw + w + gap) * 3:(y * sw + sw) * 3] = b[y * w * 3:(y + 1) * w * 3]
    write_png(f"{out}/{name}.png", sw, h, bytes(side))

    if zoom and grown:
        x0 = max(0, min(g[0] for g in grown) - 4); y0 = max(0, min(g[1] for g in grown) - 4)
        x1 = min(w - 1, max(g[2] for g in grown) + 4); y1 = min(h - 1, max(g[3] for g in grown) + 4)
        cw, ch = x1 - x0 + 1, y1 - y0 + 1
        stacked = cw > ch  # a wide bezel: old above new above the difference
        zw, zh = ((cw, 3 * ch + 2 * gap) if stacked else (3 * cw + 2 * gap, ch))
        zw, zh = zw * zoom, zh * zoom
        img = bytearray(b"\x80" * (zw * zh * 3))
        for panel, src in enumerate((a, b, bytes(diff))):
            ox, oy = (0, panel * (ch + gap) * zoom) if stacked else (panel * (cw + gap) * zoom, 0)
            for y in range(ch):
                row = bytearray()
                for x in range(cw):
                    j = ((y0 + y) * w + x0 + x) * 3
                    row += src[j:j + 3] * zoom
                for r in range(zoom):
                    at = ((oy + y * zoom + r) * zw + ox) * 3
                    img[at:at + len(row)] = row
        write_png(f"{out}/{name}-bezel.png", zw, zh, bytes(img))

header = ("| shot | size | far>48 in / out | mean in / out | outside≠ (max) | bezel old → new | layout |\n"
          "|---|---|---|---|---|---|---|")
text = header + "\n" + "\n".join(rows) + "\n"
if problems:
    text += "\nDifferences that should not be there:\n" + "".join(f"- {p}\n" for p in problems)
else:
    text += "\nOutside the bezel every shot is identical.\n"
open(f"{out}/figures.md", "w").write(text)
open(f"{out}/mask/bands.txt", "w").write("\n".join(details) + "\n")
print(text, end="")
sys.exit(1 if problems else 0)
PY
