"""What each stage of the real boot must show, from pictures rendered on the
host by the same `hud` binary that went into the image (`hud render`, the
code that draws to the display).

    stages.py render HUD THEME REFS_DIR [ROOT]   renders the references (~2 s)

With ROOT, `chroot ROOT HUD render` (HUD and THEME are paths in ROOT): the
root's own fonts, fontconfig and Cairo (the arm64 image's, under qemu-user).

Stages (screendump names):
  initramfs, switchroot  splash theme: logo, spinner, label "Initramfs: realboot" drawn
                         (any font; initramfs-exact: the host's rendering exactly)
  systemd                bar at 50 %, label "From systemd"
  psplash                bar at 80 %, label "From psplash"
  plymouth-message,      bar at 80 %, label "From Plymouth" (`plymouth display-message`; the
  plymouth-reactivated,  same after `plymouth deactivate` + `reactivate`, and after `plymouth
  retained               quit --retain-splash`); plymouth-message-exact: the host's label pixel for pixel
  login, plymouth-login  no HUD (no logo, spinner, bar or label), console text
  shutdown               the splash's logo on screen during poweroff
  plymouth-initramfs,    Plymouth's spinner theme (its throbber, no console text)

Each picture is compared with its reference pixel by pixel (a channel may be
off by TOL) outside the spinner's sweep (pixels that differ between renders at
three spinner phases, as a box). The logo and the bar (what differs from 0 %
and from 100 %) are regions that must match almost entirely on their own, so a missing
one cannot hide among a million matching black pixels; the fill may sit a few
pixels higher or lower (a label in another font moves it). The label (pixels
that differ between renders with and without it) must be drawn, in any font
(its box holds about as many lit pixels as the reference's);
`initramfs-exact` also wants the reference's font, pixel for pixel.
"""
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pixels import Picture, bbox, differing  # noqa: E402

SIZE = "1280x800"
TOL = 40
LABELS = {"initramfs": "Initramfs: realboot", "systemd": "From systemd", "psplash": "From psplash",
          "plymouth": "From Plymouth"}
RENDERS = {
    "splash-p0": ["--label", LABELS["initramfs"], "--phase", "0"],
    "splash-p1": ["--label", LABELS["initramfs"], "--phase", "0.33"],
    "splash-p2": ["--label", LABELS["initramfs"], "--phase", "0.66"],
    "splash-nolabel": ["--phase", "0"],
    "bar50": ["--mode", "bar", "--progress", "0.5", "--label", LABELS["systemd"]],
    "bar50-nolabel": ["--mode", "bar", "--progress", "0.5"],
    "bar0-systemd": ["--mode", "bar", "--progress", "0", "--label", LABELS["systemd"]],
    "bar80": ["--mode", "bar", "--progress", "0.8", "--label", LABELS["psplash"]],
    "bar80-nolabel": ["--mode", "bar", "--progress", "0.8"],
    "bar0-psplash": ["--mode", "bar", "--progress", "0", "--label", LABELS["psplash"]],
    "bar100-systemd": ["--mode", "bar", "--progress", "1", "--label", LABELS["systemd"]],
    "bar100-psplash": ["--mode", "bar", "--progress", "1", "--label", LABELS["psplash"]],
    "bar80-plymouth": ["--mode", "bar", "--progress", "0.8", "--label", LABELS["plymouth"]],
    "bar0-plymouth": ["--mode", "bar", "--progress", "0", "--label", LABELS["plymouth"]],
    "bar100-plymouth": ["--mode", "bar", "--progress", "1", "--label", LABELS["plymouth"]],
}


def render(hud, theme, refs, root=None):
    os.makedirs(refs, exist_ok=True)
    for name, args in RENDERS.items():
        out = os.path.join(refs, name + ".png")
        where = "/tmp/realboot-ref.png" if root else out
        subprocess.run((["chroot", root] if root else []) + [hud, "render", "--theme", theme, "--size", SIZE,
                       "--out", where, *args], check=True, stdout=subprocess.DEVNULL)
        if root:
            shutil.move(root + where, out)


def grey(pic, i):
    return sum(pic.rgb[3 * i:3 * i + 3]) / 3


def lit(pic, threshold=60, region=None):
    pixels = region if region is not None else range(pic.w * pic.h)
    return {i for i in pixels if grey(pic, i) > threshold}


def box_set(box, w, h, margin=0):
    x0, y0, x1, y1 = box
    return {y * w + x for y in range(max(0, y0 - margin), min(h, y1 + margin))
            for x in range(max(0, x0 - margin), min(w, x1 + margin))}


class Match:
    """The reference everywhere outside `ignore`; each of `regions` must match
    on its own (at most `region_max` of it off), the rest at most `other_max`.
    `text`: (name, region) whose glyphs only have to be there: the box around
    it (widened by 12 px, 4 px up and down) holds 0.6 to 1.6 times the
    reference's lit pixels, whatever the font. `shifted`: (name, region)
    that must match as a whole but may sit up to 6 px higher or lower (a
    label in another font moves the bar above it). Both boxes are judged
    apart from the rest of the picture."""

    def __init__(self, ref, ignore, regions, other_max=0.002, region_max=0.03, text=None, shifted=None):
        self.ref, self.ignore, self.regions = ref, ignore, regions
        self.other_max, self.region_max = other_max, region_max
        self.text, self.shifted, self.apart = None, shifted, set()
        if text:
            name, region = text
            x0, y0, x1, y1 = bbox(region, ref.w)
            area = box_set((x0 - 12, y0 - 4, x1 + 12, y1 + 4), ref.w, ref.h) - ignore
            self.text = (name, area, len(lit(ref, 60, area)))
            self.apart |= area
        if shifted:
            x0, y0, x1, y1 = bbox(shifted[1], ref.w)
            self.apart |= box_set((x0 - 4, y0 - 8, x1 + 4, y1 + 8), ref.w, ref.h)

    def judge(self, pic):
        if pic is None:
            return False, "no screendump"
        if (pic.w, pic.h) != (self.ref.w, self.ref.h):
            return False, f"screen is {pic.w}x{pic.h}, expected {self.ref.w}x{self.ref.h}"
        bad = differing(pic, self.ref, TOL) - self.ignore
        ok, why = True, []
        if self.text:
            name, area, want = self.text
            have = len(lit(pic, 60, area))
            ok &= 0.6 * want <= have <= 1.6 * want
            why.append(f"{name} drawn: {have} lit px in its box, reference {want}")
        if self.shifted:
            name, region = self.shifted
            best = None
            for dy in sorted(range(-6, 7), key=abs):
                off = sum(1 for i in region if 0 <= i + dy * pic.w < pic.w * pic.h and max(
                    abs(pic.rgb[3 * (i + dy * pic.w) + c] - self.ref.rgb[3 * i + c]) for c in range(3)) > TOL)
                if best is None or off < best[0]:
                    best = (off, dy)
            good = best[0] <= self.region_max * len(region)
            ok &= good
            why.append(f"{name} {len(region) - best[0]}/{len(region)} px right (moved {best[1]:+d} px)")
        rest = set(bad) - self.apart
        for name, region in self.regions:
            off = len(bad & region)
            rest -= region
            good = off <= self.region_max * len(region)
            ok &= good
            why.append(f"{name} {len(region) - off}/{len(region)} px right")
        inregions = set(self.apart)
        for _, r in self.regions:
            inregions |= r
        others = pic.w * pic.h - len(self.ignore | inregions)
        good = len(rest) <= self.other_max * others
        ok &= good
        why.append(f"elsewhere {len(rest)} px off (box {bbox(rest, pic.w)})")
        return ok, "; ".join(why)


class NoHUD:
    """The splash is gone: none of its bright pixels (logo, spinner, label) is
    where the splash draws it, and the console has text in its first lines."""

    def __init__(self, splash):
        self.hud = lit(splash, 100)
        self.w, self.h = splash.w, splash.h
        self.splash = splash

    def judge(self, pic):
        if pic is None:
            return False, "no screendump"
        if (pic.w, pic.h) != (self.w, self.h):
            return False, f"screen is {pic.w}x{pic.h}, expected {self.w}x{self.h}"
        same = self.hud - differing(pic, self.splash, TOL)
        text = lit(pic, 100, range(0, 96 * pic.w))
        ok = len(same) <= 0.05 * len(self.hud) and len(text) >= 150
        return ok, (f"{len(same)}/{len(self.hud)} of the splash's bright pixels on screen; "
                    f"{len(text)} text pixels in the first 96 rows")


class Logo:
    """The splash theme's logo is on screen (shutdown), whatever the HUD shows."""

    def __init__(self, logo_region, splash):
        self.region, self.splash = logo_region, splash

    def judge(self, pic):
        if pic is None:
            return False, "no screendump"
        if (pic.w, pic.h) != (self.splash.w, self.splash.h):
            return False, f"screen is {pic.w}x{pic.h}"
        off = len(differing(pic, self.splash, TOL) & self.region)
        return off <= 0.03 * len(self.region), f"logo {len(self.region) - off}/{len(self.region)} px right"


class Splashy:
    """Plymouth's spinner theme (black, a small throbber below the middle):
    its throbber's lit pixels in the lower middle, nothing lit elsewhere (no
    console text)."""

    def judge(self, pic):
        if pic is None:
            return False, "no screendump"
        x0, x1, y0, y1 = pic.w // 3, 2 * pic.w // 3, pic.h // 2, 5 * pic.h // 6
        region = [y * pic.w + x for y in range(y0, y1) for x in range(x0, x1)]
        throbber = lit(pic, 60, region)
        elsewhere = lit(pic, 60) - throbber
        return len(throbber) >= 100 and len(elsewhere) < 50, \
            f"{len(throbber)} lit pixels below the middle, {len(elsewhere)} lit elsewhere"


def expectations(refs):
    load = lambda n: Picture.load(os.path.join(refs, n + ".png"))  # noqa: E731
    p0, p1, p2 = load("splash-p0"), load("splash-p1"), load("splash-p2")
    w, h = p0.w, p0.h
    spin_box = bbox(differing(p0, p1) | differing(p0, p2), w)
    spinner = box_set(spin_box, w, h, margin=3)
    nolabel = load("splash-nolabel")
    label = differing(p0, nolabel) - spinner
    logo = {i for i in lit(nolabel, 30) - spinner if i // w < spin_box[1]}
    # The label must be drawn (any font), and, checked apart, be the host's
    # rendering pixel for pixel (same font and settings as in the real root).
    splash = Match(p0, spinner, [("logo", logo)], text=("label", label))
    exact = Match(p0, spinner, [("logo", logo), ("label", label)])
    out = {"initramfs": splash, "switchroot": splash, "initramfs-exact": exact}
    for stage, pct, name in (("systemd", 50, "bar50"), ("psplash", 80, "bar80"), ("plymouth", 80, "bar80-plymouth")):
        ref = load(name)
        # Lit up to the value, dark after it: what differs from 0 % and from 100 %.
        fill = differing(ref, load(f"bar0-{stage}")) | differing(ref, load(f"bar100-{stage}"))
        lab = differing(ref, load(f"bar{pct}-nolabel")) - fill
        out[stage] = Match(ref, set(), [("logo", logo)], text=("label", lab), shifted=(f"bar fill {pct} %", fill))
        if stage == "plymouth":
            # `plymouth display-message`: drawn, and in the real root's font the host's label pixel for pixel.
            out["plymouth-message-exact"] = Match(ref, set(), [("logo", logo), ("label", lab), ("bar fill", fill)])
    out["plymouth-message"] = out["plymouth-reactivated"] = out["retained"] = out.pop("plymouth")
    out["login"] = out["plymouth-login"] = NoHUD(p0)
    out["shutdown"] = Logo(logo, p0)
    out["plymouth-initramfs"] = out["plymouth-systemd"] = Splashy()
    return out


if __name__ == "__main__":
    if len(sys.argv) in (5, 6) and sys.argv[1] == "render":
        render(*sys.argv[2:])
    else:
        sys.exit("usage: stages.py render HUD THEME REFS_DIR [ROOT]")
