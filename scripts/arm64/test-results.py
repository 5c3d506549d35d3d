#!/usr/bin/python3
"""Judges one swift-testing run from its xUnit file (--xunit-output) against
scripts/arm64/known-failures.txt, whose lines name tests as `Module.Suite/test()`.

Prints every failing test with its first failure message, marked KNOWN FAILURE when it is
listed, and every listed test that passed or did not run (so the list can be trimmed).
Exit status: 0 when every failing test is listed and at least MIN_TESTS ran, 1 otherwise.

Usage: test-results.py XUNIT_FILE KNOWN_FAILURES_FILE MIN_TESTS
"""
import sys
import xml.etree.ElementTree as ET


def main():
    xunit, known_file, min_tests = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open(known_file) as f:
        known = {line.strip() for line in f if line.strip() and not line.startswith("#")}
    try:
        root = ET.parse(xunit).getroot()
    except (OSError, ET.ParseError) as e:
        print(f"arm64: cannot read the test results {xunit}: {e}")
        return 1
    passed, failed, known_hit, seen = 0, [], [], set()
    for case in root.iter("testcase"):
        test = f"{case.get('classname')}/{case.get('name')}"
        seen.add(test)
        failures = case.findall("failure") + case.findall("error")
        if case.find("skipped") is not None:
            continue
        if not failures:
            passed += 1
            if test in known:
                print(f"arm64: {test} is listed in scripts/arm64/known-failures.txt but passed: take it out")
            continue
        message = (failures[0].get("message") or "").splitlines()[0:1]
        (known_hit if test in known else failed).append(test)
        label = "KNOWN FAILURE (scripts/arm64/known-failures.txt)" if test in known else "FAILED"
        print(f"arm64: {label} {test}: {message[0] if message else ''}")
    for test in sorted(known - seen):
        print(f"arm64: {test} is listed in scripts/arm64/known-failures.txt but did not run")
    total = passed + len(failed) + len(known_hit)
    print(f"arm64: {total} tests: {passed} passed, {len(failed)} failed, {len(known_hit)} known failures")
    if total < min_tests:
        print(f"arm64: only {total} tests ran (at least {min_tests} expected)")
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
