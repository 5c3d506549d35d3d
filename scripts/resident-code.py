#!/usr/bin/env python3
"""Which of a running process's binary pages are resident, by what they hold.

Usage: scripts/resident-code.py PID [BINARY]

Reads /proc/PID/maps for the mappings of BINARY (default: the process's
executable), asks /proc/PID/pagemap which of their pages this process has
resident (bit 63), and attributes each resident page of code and read-only
data to the symbols in it (`nm --print-size`, the binary unstripped) grouped
by owner: a Swift module (from the mangled name), the Swift runtime, C code.
Prints kB resident per owner, largest first, and the totals per mapping.
"""
import bisect, collections, os, re, struct, subprocess, sys

if len(sys.argv) not in (2, 3):
    sys.exit("usage: scripts/resident-code.py PID [BINARY]")
pid = sys.argv[1]
if not pid.isdigit() or not os.path.isdir(f"/proc/{pid}"):
    sys.exit(f"resident-code: {pid!r} is not the id of a running process")
binary = os.path.realpath(sys.argv[2] if len(sys.argv) == 3 else f"/proc/{pid}/exe")
if not os.path.isfile(binary):
    sys.exit(f"resident-code: {binary}: no such file")
try:
    open(f"/proc/{pid}/pagemap", "rb").close()
except OSError as e:
    sys.exit(f"resident-code: cannot read /proc/{pid}/pagemap ({e.strerror}): run as the process's owner or root")
PAGE = os.sysconf("SC_PAGE_SIZE")

maps = []
for line in open(f"/proc/{pid}/maps"):
    parts = line.split()
    if len(parts) >= 6 and os.path.realpath(parts[5]) == binary:
        lo, hi = (int(x, 16) for x in parts[0].split("-"))
        maps.append((lo, hi, parts[1], int(parts[2], 16)))
if not maps:
    sys.exit(f"resident-code: {binary} is not mapped by process {pid}")

resident = []
with open(f"/proc/{pid}/pagemap", "rb") as pm:
    for lo, hi, perms, off in maps:
        pm.seek(lo // PAGE * 8)
        data = pm.read((hi - lo) // PAGE * 8)
        pages = [lo + i * PAGE for i, (e,) in enumerate(struct.iter_unpack("<Q", data)) if e >> 63 & 1]
        resident.append((lo, hi, perms, pages))

def owner(name):
    m = re.match(r"^_?\$s(\d+)(\w+)", name)
    if name.startswith("$ss") or name.startswith("_$ss"):
        return "Swift stdlib"
    if m:
        n = int(m.group(1))
        return m.group(2)[:n]
    if name.startswith("$s"):
        return "Swift stdlib"
    if name.startswith("swift_") or name.startswith("_swift") or "swift" in name.lower():
        return "Swift runtime"
    if name.startswith("_Z"):
        return "C++ (runtime, libstdc++)"
    return "C"

symbols = []
nm = subprocess.run(["nm", "--print-size", "--defined-only", binary], capture_output=True, text=True)
if nm.returncode != 0 or not nm.stdout:
    sys.exit(f"resident-code: nm found no symbols in {binary} (stripped? give the unstripped binary as BINARY)")
out = nm.stdout
for line in out.splitlines():
    p = line.split()
    if len(p) == 4:
        symbols.append((int(p[0], 16), int(p[1], 16), p[3]))
symbols.sort()
starts = [s[0] for s in symbols]

by_owner = collections.Counter()
for lo, hi, perms, pages in resident:
    for page in pages:
        end = page + PAGE
        i = max(0, bisect.bisect_right(starts, page) - 1)
        covered = 0
        while i < len(symbols) and symbols[i][0] < end:
            a, size, name = symbols[i]
            overlap = min(a + size, end) - max(a, page)
            if overlap > 0:
                by_owner[owner(name)] += overlap
                covered += overlap
            i += 1
        by_owner["(no symbol: tables, padding, data)"] += max(0, PAGE - covered)
for lo, hi, perms, pages in resident:
    print(f"mapping {lo:x}-{hi:x} {perms}: {len(pages) * PAGE // 1024} kB resident of {(hi - lo) // 1024} kB")
total = sum(by_owner.values())
print(f"{'owner':40s} {'kB':>8s}")
for name, n in by_owner.most_common(40):
    print(f"{name:40s} {n / 1024:8.0f}")
print(f"{'total':40s} {total / 1024:8.0f}")
