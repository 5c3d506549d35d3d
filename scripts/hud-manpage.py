#!/usr/bin/env python3
"""Writes hud(1) in roff from the `--help` texts of a `hud` binary: `hud --help`
for the synopsis and the command list, then one subsection per command from
`hud COMMAND --help` (its description paragraphs and its options as tagged
paragraphs). help2man expects one program with one option list; hud has a
list per command, hence this.

Usage: scripts/hud-manpage.py [--run PREFIX] HUD OUT.1
  --run PREFIX  run HUD through this command (e.g. qemu-aarch64-static -L SYSROOT)
"""
import re
import subprocess
import sys


def usage(msg):
    print(f"hud-manpage: {msg}\nusage: hud-manpage.py [--run PREFIX] HUD OUT.1", file=sys.stderr)
    sys.exit(2)


args = sys.argv[1:]
prefix = []
if args[:1] == ["--run"]:
    if len(args) < 2:
        usage("--run needs a command")
    prefix = args[1].split()
    args = args[2:]
if len(args) != 2:
    usage("HUD and OUT.1 expected")
hud, out = args


def run(*argv):
    p = subprocess.run(prefix + [hud, *argv], capture_output=True, text=True)
    text = p.stdout or p.stderr
    if not text.strip():
        print(f"hud-manpage: '{hud} {' '.join(argv)}' printed nothing (exit {p.returncode}): {p.stderr.strip()}", file=sys.stderr)
        sys.exit(1)
    return text


def esc(s):
    s = s.replace("\\", "\\e").replace("-", "\\-")
    s = "".join(c if ord(c) < 128 else "\\[u%04X]" % ord(c) for c in s)
    if s.startswith((".", "'")):
        s = "\\&" + s
    return s


def paragraphs(lines):
    """Roff for free text: blank lines end paragraphs; indented lines stay as they are."""
    res, para = [], []

    def flush():
        if para:
            res.append(".PP")
            res.extend(esc(l.strip()) for l in para)
            para.clear()

    for line in lines:
        if not line.strip():
            flush()
        elif line.startswith("  "):
            flush()
            res.extend([".nf", ".RS 2", esc(line.strip()), ".RE", ".fi"])
        else:
            para.append(line)
    flush()
    return res


OPT = re.compile(r"^  (\S.*?)(?:\s{2,}(\S.*))?$")


def options(lines):
    res = []
    for line in lines:
        if not line.strip():
            continue
        m = OPT.match(line)
        if m and line.startswith("  ") and not line.startswith("   "):
            tag, desc = m.group(1), m.group(2) or ""
            res.append(".TP")
            res.append(esc(tag) if not tag.startswith("-") else "\\fB" + esc(tag.split(" ")[0]) + "\\fR" + (" " + esc(" ".join(tag.split(" ")[1:])) if " " in tag else ""))
            if desc:
                res.append(esc(desc))
        else:  # a continuation of the previous option's description
            res.append(esc(line.strip()))
    return res


def sections(text):
    """Splits a help text at lines ending in ':' that start a column-0 section (e.g. 'options:')."""
    out, name, cur = [], None, []
    for line in text.splitlines():
        if re.match(r"^[a-z][a-z ]*:$", line):
            out.append((name, cur))
            name, cur = line[:-1], []
        else:
            cur.append(line)
    out.append((name, cur))
    return out


top = run("--help")
version = run("--version").strip().split()[-1]
commands = []
for name, lines in sections(top):
    if name == "commands":
        for line in lines:
            m = re.match(r"^  (\S+)\s{2,}(.*)$", line)
            if m:
                commands.append((m.group(1), m.group(2)))
if not commands:
    print("hud-manpage: no 'commands:' list in hud --help", file=sys.stderr)
    sys.exit(1)

roff = [
    f'.TH HUD 1 "" "hud {esc(version)}" "KioskHUD"',
    ".SH NAME",
    "hud \\- progress HUD and boot splash for kiosks and embedded Linux",
    ".SH SYNOPSIS",
    ".B hud",
    ".I command",
    "[\\fIoptions\\fR]",
    ".br",
    ".B hud \\-\\-version",
    ".SH DESCRIPTION",
    "\\fBhud daemon\\fR owns the display (DRM/KMS) and draws the HUD; the other",
    "commands talk to it over its socket. Each command's options follow;",
    "\\fBhud\\fR \\fIcommand\\fR \\fB\\-\\-help\\fR prints them too.",
    ".SH COMMANDS",
]
for cmd, summary in commands:
    roff += [".TP", f"\\fB{esc(cmd)}\\fR", esc(summary)]
for cmd, summary in commands:
    text = run(cmd, "--help")
    roff.append(f'.SH "HUD {esc(cmd).upper()}"')
    for name, lines in sections(text):
        if name is None:
            body = [l for l in lines if not l.startswith("usage:")]
            use = [l[len("usage: "):] for l in lines if l.startswith("usage:")]
            for u in use:
                roff += [".PP", "\\fB" + esc(u) + "\\fR"]
            roff += paragraphs(body)
        elif name == "options":
            roff += [".PP", "Options:", ".RS 2"] + options(lines) + [".RE"]
        else:
            roff += [".PP", esc(name[0].upper() + name[1:]) + ":"] + paragraphs(lines)
roff += [
    ".SH FILES",
    ".TP", "/usr/share/kioskhud/themes", "the themes (\\fBkioskhud.theme=\\fR\\fINAME\\fR picks \\fINAME\\fR.json)",
    ".TP", "/etc/initramfs\\-tools/conf.d/kioskhud", "what the initramfs hook copies: default theme, fonts, GPU drivers, input",
    ".TP", "/etc/kioskhud/fonts.list", "the themes' font chains (\\fBhud fonts \\-\\-record\\fR)",
    ".TP", "/var/lib/kioskhud", "the previous boots' timings for the boot\\-progress estimate",
    ".SH SEE ALSO",
    "/usr/share/doc/kioskhud/boot.md, /usr/share/doc/kioskhud/protocol.md",
]
with open(out, "w") as f:
    f.write("\n".join(roff) + "\n")
