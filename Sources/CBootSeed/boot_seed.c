// Swift's Hasher takes its seed from getrandom(2) without GRND_NONBLOCK, which
// blocks until the kernel logs "crng init done". Early in a boot without a
// hardware RNG that is seconds away (1.1-1.7 s in QEMU without RDRAND; 12 s in
// a Debian boot), and the splash's first frame would wait for it.
//
// This constructor runs before the Swift runtime's (priority 101 sorts ahead
// of unprioritised .init_array entries in the same executable). It asks the
// pool without blocking; when it is not ready it sets
// SWIFT_DETERMINISTIC_HASHING=1, which the runtime reads when it seeds the
// Hasher, so nothing waits. A process started with the pool ready keeps
// per-process random seeds.
//
// The Swift runtime on Linux finds argv from where `environ` points, or from
// /proc/self/cmdline. setenv() may move `environ` to the heap (every `hud`
// command started before "crng init done" lost its arguments), and a chroot
// without /proc mounted (an image being built: `hud fonts --record`) has no
// cmdline: so argv is always handed to the runtime here, as glibc passed it.
#include <errno.h>
#include <stdlib.h>
#include <sys/random.h>
#include "boot_seed.h"

// Swift's runtime: the argv that `CommandLine` reports (libswiftCore).
extern void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc);

static int deterministic;

// glibc passes (argc, argv, envp) to .init_array functions.
__attribute__((constructor(101)))
static void kiosk_boot_seed(int argc, char **argv, char **envp) {
    (void)envp;
    unsigned char probe;
    _swift_stdlib_overrideUnsafeArgvArgc(argv, argc);
    if (getenv("SWIFT_DETERMINISTIC_HASHING") != NULL) return;
    if (getrandom(&probe, 1, GRND_NONBLOCK) < 0 && errno == EAGAIN) {
        setenv("SWIFT_DETERMINISTIC_HASHING", "1", 1);
        deterministic = 1;
    }
}

int kiosk_boot_seed_was_deterministic(void) {
    return deterministic;
}
