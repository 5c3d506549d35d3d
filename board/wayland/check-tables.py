#!/usr/bin/env python3
"""Checks the protocol tables written by hand in Sources/CLazyWayland (libwayland's
message tables: names and wire signatures in opcode order) against the protocols'
XML definitions: every interface a C file defines must list the XML's requests and
events in the same order with the same signatures (argument letters, '?' for
nullable, a leading since-version above 1), up to the version the C table
declares. wayland-scanner is not used for these tables: its glue refers to
libwayland-client's interface symbols at link time, and the daemon loads the
library on first use.

  check-tables.py C_FILE... -- XML...
  check-tables.py --self-test
Prints one PASS or FAIL line per interface; exits 1 on a mismatch or an interface
with no XML.
"""
import re
import sys
import xml.etree.ElementTree as ET

LETTERS = {"int": "i", "uint": "u", "fixed": "f", "string": "s", "object": "o", "new_id": "n", "array": "a", "fd": "h"}


def xml_interfaces(path):
    out = {}
    for iface in ET.parse(path).getroot().iter("interface"):
        def messages(kind):
            result = []
            for m in iface.findall(kind):
                since = int(m.get("since", "1"))
                sig = "" if since == 1 else str(since)
                for a in m.findall("arg"):
                    t = a.get("type")
                    if t == "new_id" and a.get("interface") is None:
                        sig += "sun"  # an untyped new_id goes with its interface's name and version
                        continue
                    sig += ("?" if a.get("allow-null") == "true" else "") + LETTERS[t]
                result.append((m.get("name"), sig, since))
            return result
        out[iface.get("name")] = dict(version=int(iface.get("version")), requests=messages("request"), events=messages("event"))
    return out


def c_interfaces(text):
    arrays = {m.group(1): re.findall(r'\{\s*"([a-z_0-9]+)"\s*,\s*"([^"]*)"', m.group(2))
              for m in re.finditer(r'wl_message\s+(\w+)\[\]\s*=\s*\{(.*?)\n\};', text, re.S)}
    out = {}
    for m in re.finditer(r'wl_interface\s+\w+\s*=\s*\{\s*"(\w+)"\s*,\s*(\d+)\s*,\s*(\d+)\s*,\s*(\w+)\s*,\s*(\d+)\s*,\s*(\w+)\s*,?\s*\}', text):
        name, version, nreq, req, nev, ev = m.groups()
        requests = arrays.get(req, []) if req != "NULL" else []
        events = arrays.get(ev, []) if ev != "NULL" else []
        out[name] = dict(version=int(version), requests=requests, events=events, counts=(int(nreq), int(nev)))
    return out


def compare(name, c, x):
    problems = []
    if c["version"] > x["version"]:
        problems.append(f"version {c['version']} above the XML's {x['version']}")
    if c["counts"] != (len(c["requests"]), len(c["events"])):
        problems.append(f"counts {c['counts']} but {len(c['requests'])} requests and {len(c['events'])} events listed")
    for kind in ("requests", "events"):
        theirs = [(n, s) for n, s, since in x[kind]]
        mine = list(c[kind])
        needed = [(n, s) for n, s, since in x[kind] if since <= c["version"]]
        if mine != theirs[:len(mine)]:
            for i, (a, b) in enumerate(zip(mine, theirs)):
                if a != b:
                    problems.append(f"{kind[:-1]} {i}: {a[0]} '{a[1]}' where the XML has {b[0]} '{b[1]}'")
                    break
            else:
                problems.append(f"{len(mine)} {kind}, the XML has {len(theirs)}")
        elif len(mine) < len(needed):
            problems.append(f"{kind} of version {c['version']} missing: {', '.join(n for n, _ in needed[len(mine):])}")
    return problems


def check(c_texts, xml_paths):
    xml = {}
    for p in xml_paths:
        xml.update(xml_interfaces(p))
    ok = True
    for text in c_texts:
        for name, c in c_interfaces(text).items():
            if name not in xml:
                print(f"FAIL {name}: no XML given defines it")
                ok = False
                continue
            problems = compare(name, c, xml[name])
            ok &= not problems
            print(f"PASS {name}: {len(c['requests'])} requests, {len(c['events'])} events, as the XML (version {c['version']})"
                  if not problems else f"FAIL {name}: {'; '.join(problems)}")
    return ok


SAMPLE_XML = """<protocol name="t"><interface name="t_thing" version="2">
<request name="destroy" type="destructor"/>
<request name="get" ><arg name="id" type="new_id" interface="t_other"/><arg name="s" type="object" interface="wl_surface" allow-null="true"/></request>
<request name="later" since="2"><arg name="v" type="fixed"/></request>
<event name="done"><arg name="x" type="uint"/></event></interface></protocol>"""
SAMPLE_C = """static const struct wl_message thing_requests[] = {
    {"destroy", "", no_types},
    {"get", "n?o", types},
    {"later", "2f", no_types},
};
static const struct wl_message thing_events[] = {
    {"done", "u", no_types},
};
static const struct wl_interface t_thing_interface = {
    "t_thing", 2, 3, thing_requests, 1, thing_events,
};"""


def self_test():
    import os
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".xml", delete=False) as f:
        f.write(SAMPLE_XML)
    try:
        cases = [("good", SAMPLE_C, True),
                 ("wrong-signature", SAMPLE_C.replace('"n?o"', '"no"'), False),
                 ("wrong-order", SAMPLE_C.replace('{"destroy", "", no_types},\n    {"get", "n?o", types},',
                                                 '{"get", "n?o", types},\n    {"destroy", "", no_types},'), False),
                 ("missing-since-2", SAMPLE_C.replace('    {"later", "2f", no_types},\n', '').replace('2, 3, thing', '2, 2, thing'), False)]
        ok = True
        for name, text, want in cases:
            import io
            import contextlib
            with contextlib.redirect_stdout(io.StringIO()):
                got = check([text], [f.name])
            good = got == want
            ok &= good
            print(f"{'PASS' if good else 'FAIL'} self-test/{name}")
        return ok
    finally:
        os.unlink(f.name)


def main():
    args = sys.argv[1:]
    if args == ["--self-test"]:
        sys.exit(0 if self_test() else 1)
    if "--" not in args:
        sys.exit("usage: check-tables.py C_FILE... -- XML...")
    i = args.index("--")
    sys.exit(0 if check([open(p).read() for p in args[:i]], args[i + 1:]) else 1)


main()
