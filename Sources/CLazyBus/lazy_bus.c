#define _GNU_SOURCE
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "lazy_loader.h"

/* Hidden from here on (after glibc's headers): the forwarding definitions
 * must not be exported, or the library's own calls could come back here. */
#pragma GCC visibility push(hidden)

#include "lazy_bus.h"
#include <systemd/sd-bus.h>

enum library { SYSTEMD, LIBRARY_COUNT };

/* Stable soname (ABI major). */
static const char *const sonames[LIBRARY_COUNT] = {
    [SYSTEMD] = "libsystemd.so.0",
};

#define LAZY_FUNCTIONS "bus_functions.h"
#define LAZY_HINT "libsystemd is loaded on first use by 'hud follow rauc', install it (Debian: libsystemd0) or fix the path"
#include "lazy_module.inc"

#pragma GCC visibility pop

const char *kiosk_bus_try_load(void) { return lazy_try_load(); }
