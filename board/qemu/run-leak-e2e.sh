#!/usr/bin/env bash
# Heap leaks over hotplug (issue 7): `hud daemon --output kms` under valgrind
# memcheck on a real virtio-gpu (two heads) in QEMU; head 1 plugged and
# unplugged while head 0 animates; valgrind's leak scans after 2 and after 8
# cycles (through vgdb) must match and show nothing lost, and quit must end
# the daemon with nothing lost (e2e/leak-guest.sh, judged by e2e/leak_check.py,
# suppressions in e2e/valgrind.supp). ~2 min under TCG.
# Same conventions as the other suites: PASS/FAIL per check,
# "N passed, M failed", exit 1 on failure. LEAK_CHECKPOINTS="2 8" changes the
# cycle counts scanned at.
set -uo pipefail
. "$(dirname "$0")/suite-lib.sh"
out=${KIOSKHUD_E2E_OUT:-$scratch/e2e-leak}
command -v valgrind > /dev/null && command -v vgdb > /dev/null \
    || { echo "FAIL leak/valgrind: valgrind and vgdb are needed (scripts/install-deps.sh)"; echo "0 passed, 1 failed"; exit 1; }
# Valgrind 3.19 cannot read the DWARF 5 clang gives CBootSeed's C object
# ("debuginfo reader: ensure_valid failed ... Giving up"): it runs a copy
# without debug sections (symbols stay, so suppressions and traces still
# name functions).
objcopy --strip-debug "$HUD" "$scratch/hud-valgrind" || { echo "FAIL leak/objcopy"; echo "0 passed, 1 failed"; exit 1; }
HUD=$scratch/hud-valgrind
run_setup leak virtio2 leak-guest.sh leak_check.py 420 --env "LEAK_CHECKPOINTS=${LEAK_CHECKPOINTS:-2 8}"
finish_suite
