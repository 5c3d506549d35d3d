#!/usr/bin/env python3
"""Tables for board/realboot/measure.sh: report.py LOGDIR PROG... (the first
PROG named c is the floor). Reads LOGDIR/plan.txt and results-N.log."""
import glob
import os
import re
import statistics
import sys

logdir, progs = sys.argv[1], sys.argv[2:]
plan = {}
for line in open(os.path.join(logdir, "plan.txt")):
    kv = dict(re.findall(r"(\S+?)=(\S+)", line))
    plan[kv["vm"]] = kv

rows = []      # ffwatch results
outs = {}      # (vm, phase, prog) -> program output lines
kern = {}      # vm -> crng-done seconds
incore = {}    # vm -> [(path, resident kb)] at the cold start's frame
ended = set()
for path in sorted(glob.glob(os.path.join(logdir, "results-*.log"))):
    for raw in open(path, errors="replace"):
        line = raw.strip().replace("\r", "")
        if line.startswith("R "):
            kv = dict(re.findall(r"(\S+?)=(\S+)", line))
            kv["rng"] = plan.get(kv["vm"], {}).get("rng", "?")
            rows.append(kv)
        elif line.startswith("O "):
            m = re.match(r"O vm=(\S+) phase=(\S+) prog=(\S+) (.*)", line)
            if m:
                outs.setdefault(m.groups()[:3], []).append(m.group(4))
        elif line.startswith("I "):
            m = re.match(r"I vm=(\S+) prog=\S+ incore (\S+) resident-kb=(\d+)", line)
            if m:
                incore.setdefault(m.group(1), []).append((m.group(2), int(m.group(3))))
        elif line.startswith("K "):
            m = re.match(r"K vm=(\S+) \[\s*([\d.]+)\].*crng init done", line)
            if m:
                kern[m.group(1)] = float(m.group(2))
        elif line.startswith("END "):
            ended.add(line.split("=")[1])


def vals(phase, rng, prog, key="first-frame-ms"):
    return [float(r[key]) for r in rows
            if r["phase"] == phase and r["rng"] == rng and r["prog"] == prog and r.get("result") == "frame" and key in r]


def fails(phase, rng, prog):
    return sum(1 for r in rows if r["phase"] == phase and r["rng"] == rng and r["prog"] == prog and r.get("result") != "frame")


def crng_ready(phase, rng, prog):
    rs = [r for r in rows if r["phase"] == phase and r["rng"] == rng and r["prog"] == prog]
    return sum(1 for r in rs if r.get("crng") == "ready"), len(rs)


rngs = [x for x in ("ready", "unready") if any(r["rng"] == x for r in rows)]
floor = progs[0]
print(f"\nexec -> first frame on screen (ms, ffwatch), median / min (n starts), x median/median and min/min of {floor} in the same cell")
print("[crng k/n: starts that found the kernel RNG ready]; targets: cold <= x2.5, warm <= x1.5\n")
w = 40
print(f"{'':22s}" + "".join(f"{p:<{w}s}" for p in progs))
for phase in ("cold", "warm", "first", "dropped"):
    for rng in rngs:
        base = vals(phase, rng, floor)
        if not any(r["phase"] == phase and r["rng"] == rng for r in rows):
            continue
        cells = []
        for p in progs:
            v = vals(phase, rng, p)
            if not v:
                f = fails(phase, rng, p)
                cells.append(f"- ({f} without a frame)" if f else "-")
                continue
            k, n = crng_ready(phase, rng, p)
            s = f"{statistics.median(v):.0f} / {min(v):.0f} ({len(v)})"
            if p != floor and base:
                s += f" x{statistics.median(v) / statistics.median(base):.2f}/{min(v) / min(base):.2f}"
            s += f" [crng {k}/{n}]"
            f = fails(phase, rng, p)
            if f:
                s += f" +{f} failed"
            cells.append(s)
        print(f"{phase + ', RNG ' + rng:22s}" + "".join(f"{c:<{w}s}" for c in cells))
# Warm starts paired within a VM: each VM's median for the program over the
# floor's in the same VM (host load drifts between VMs, less within one).
print("\nwarm, paired within each VM (the program's median start / the floor's in the same VM), median over VMs [n VMs]:")
for rng in rngs:
    parts = []
    for p in progs[1:]:
        rs = []
        for vm in sorted({r["vm"] for r in rows if r["rng"] == rng}):
            a = [float(r["first-frame-ms"]) for r in rows if r["vm"] == vm and r["phase"] == "warm" and r["prog"] == p and "first-frame-ms" in r]
            b = [float(r["first-frame-ms"]) for r in rows if r["vm"] == vm and r["phase"] in ("warm", "first") and r["prog"] == floor and "first-frame-ms" in r]
            if a and b:
                rs.append(statistics.median(a) / statistics.median(b))
        if rs:
            parts.append(f"{p} x{statistics.median(rs):.2f} [{len(rs)}]")
    print(f"  RNG {rng:8s} " + ", ".join(parts))
print("(cold: first start after boot; warm: a later start of the same program in the same boot;"
      " first: its first start in the boot but after another program, i.e. shared pages possibly cached;"
      " dropped: a start after echo 3 > drop_caches)")

print("\nkernel start -> first frame (CLOCK_BOOTTIME at the frame, cold starts by init= right after the initramfs), median / min:")
for rng in rngs:
    parts = []
    for p in progs:
        v = vals("cold", rng, p, "boottime-ms")
        e = vals("cold", rng, p, "exec-boottime-ms")
        if v:
            parts.append(f"{p} {statistics.median(v):.0f} / {min(v):.0f} (exec at {statistics.median(e):.0f})")
    print(f"  RNG {rng:8s} " + "; ".join(parts))

print("\nbefore the first frame, cold (medians): system-wide pages read in (pgpgin) and major faults; the started process's own read_bytes, majflt, minflt, CPU")
for rng in rngs:
    for p in progs:
        def med(key, phase="cold"):
            v = vals(phase, rng, p, key)
            return f"{statistics.median(v):.0f}" if v else "?"
        print(f"  RNG {rng:8s} {p:14s} cold: sys-pgin {med('sys-pgin-kb')} KB, sys-majflt {med('sys-majflt')}; "
              f"own read {med('read-kb')} KB, majflt {med('majflt')}, minflt {med('minflt')}, user {med('utime-ms')} ms, sys {med('stime-ms')} ms"
              f" | warm: sys-pgin {med('sys-pgin-kb', 'warm')} KB, minflt {med('minflt', 'warm')}, user {med('utime-ms', 'warm')} ms, sys {med('stime-ms', 'warm')} ms")

print("\nRNG: when the kernel logged 'crng init done' against the cold start (s after boot)")
for rng in rngs:
    for r in rows:
        if r["phase"] == "cold" and r["rng"] == rng:
            done = kern.get(r["vm"])
            start = float(r["exec-boottime-ms"]) / 1000
            frame = float(r["boottime-ms"]) / 1000 if "boottime-ms" in r else None
            d = f"{done:.2f}" if done is not None else "not by the end"
            f = f"{frame:.2f}" if frame else "-"
            print(f"  vm {r['vm']:>3s} RNG {rng:8s} {r['prog']:14s} exec {start:.2f} frame {f} crng-done {d} (crng at exec: {r['crng']})")

print("\nin the page cache at the cold start's first frame (the program stopped there; incore, KB; before it only init, dash, libc, ffwatch ran):")
for r in rows:
    if r["phase"] != "cold" or r["vm"] not in incore:
        continue
    files = list(dict((p, kb) for p, kb in incore[r["vm"]] if "/opt/kioskhud-bench/" not in p or "/hud-" in p).items())
    skip = ("/usr/bin/dash", "/libc.so.6", "/ld-linux-x86-64.so.2")
    files = [(p, kb) for p, kb in files if not p.endswith(skip)]
    total = sum(kb for _, kb in files)
    top = sorted(files, key=lambda x: -x[1])[:8]
    print(f"  vm {r['vm']:>3s} {r['prog']:14s} {total} KB besides dash/libc/ld.so: " + ", ".join(f"{os.path.basename(p)} {kb}" for p, kb in top))
for (vm, phase, prog), lines in sorted(outs.items()):
    pass
# Each program's own report against ffwatch's: the C floor prints after its
# SetCrtc returned, hud display --stats after its commit, the daemon logs
# "first frame on screen N ms after exec"; all from ffwatch's exec stamp.
selfpat = [(r"^first-frame-ms=([\d.]+)", "after SetCrtc returned"), (r"stats: first-frame-ms=([\d.]+)", "after the commit returned"),
           (r"first frame on screen (\d+) ms after exec", "its log line")]
byprog = {}
for r in rows:
    # Cold starts are frozen at their frame for incore: their own report comes late.
    if r.get("result") != "frame" or r["phase"] == "cold":
        continue
    for l in outs.get((r["vm"], r["phase"], r["prog"]), []):
        for pat, what in selfpat:
            m = re.search(pat, l)
            if m:
                byprog.setdefault((r["prog"], what), []).append(float(m.group(1)) - float(r["first-frame-ms"]))
for (p, what), d in sorted(byprog.items()):
    print(f"  {p}: its own first-frame time ({what}) minus ffwatch's, starts not cold: median {statistics.median(d):+.1f} ms,"
          f" range {min(d):+.1f}..{max(d):+.1f} ({len(d)} starts)")
for r in rows:
    if r["prog"] == "validate":
        o = " ".join(outs.get((r["vm"], r["phase"], "validate"), []))
        m = re.search(r"content-ms=([\d.]+)", o)
        b = re.search(r"black-ms=([\d.]+)", o)
        if r.get("result") == "frame" and m:
            ok = float(r["lower-ms"]) <= float(m.group(1)) + 1 and float(r["first-frame-ms"]) >= float(m.group(1)) - 1
            print(f"  vm {r['vm']} validate: black buffer at {b.group(1) if b else '?'} ms not counted; box drawn at {m.group(1)} ms,"
                  f" seen between {r['lower-ms']} and {r['first-frame-ms']} ms: {'ok' if ok else 'WRONG'}")
        else:
            print(f"  vm {r['vm']} validate: {r.get('result')} WRONG")
    if r["prog"] == "true":
        print(f"  vm {r['vm']} /bin/true (draws nothing): {r.get('result')} {'ok' if r.get('result') == 'timeout' else 'WRONG'}")
gaps = [float(r["max-poll-gap-ms"]) for r in rows if "max-poll-gap-ms" in r and r["prog"] not in ("true",)]
if gaps:
    print(f"  largest gap between two polls in a start: median {statistics.median(gaps):.1f} ms, max {max(gaps):.1f} ms")
missing = [v for v in plan if v not in ended]
if missing:
    print(f"  VMs without an END marker: {', '.join(missing)}")
