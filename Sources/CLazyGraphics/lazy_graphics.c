#define _GNU_SOURCE
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "lazy_loader.h"

/* Everything from here on is hidden: the forwarding definitions below must
 * not be exported (see there). After the system headers, whose functions
 * come from glibc and must stay resolvable. */
#pragma GCC visibility push(hidden)

#include "lazy_graphics.h"

/* The real declarations: a forwarding function whose prototype differs from
 * its library's is a compile error ("conflicting types"). */
#include <cairo.h>
#include <pixman.h>

enum library { CAIRO, PIXMAN, LIBRARY_COUNT };

/* Stable sonames (ABI majors), in load order: each after its dependencies. */
static const char *const sonames[LIBRARY_COUNT] = {
    [CAIRO] = "libcairo.so.2",
    [PIXMAN] = "libpixman-1.so.0",
};

enum slot {
#define LAZY(library, result, name, parameters, arguments) SLOT_##name,
#define LAZY_VOID(library, name, parameters, arguments) SLOT_##name,
#include "graphics_functions.h"
#undef LAZY
#undef LAZY_VOID
    SLOT_COUNT
};

static const struct lazy_function functions[SLOT_COUNT] = {
#define LAZY(library, result, name, parameters, arguments) [SLOT_##name] = {library, #name},
#define LAZY_VOID(library, name, parameters, arguments) [SLOT_##name] = {library, #name},
#include "graphics_functions.h"
#undef LAZY
#undef LAZY_VOID
};

static void *addresses[SLOT_COUNT];
static struct lazy_library_set set = {
    .sonames = sonames, .library_count = LIBRARY_COUNT,
    .functions = functions, .addresses = addresses, .function_count = SLOT_COUNT,
};
static pthread_once_t once = PTHREAD_ONCE_INIT;
static atomic_bool loaded;

static void load_all(void) {
    if (lazy_load_set(&set)) atomic_store_explicit(&loaded, true, memory_order_release);
}

const char *kiosk_graphics_try_load(void) {
    pthread_once(&once, load_all);
    return atomic_load_explicit(&loaded, memory_order_acquire) ? NULL : set.failure;
}

void kiosk_graphics_load(void) {
    const char *error = kiosk_graphics_try_load();
    if (error) lazy_exit_missing(error, "Cairo and pixman are loaded on first use, install them or fix the path");
}

bool kiosk_graphics_is_loaded(void) {
    return atomic_load_explicit(&loaded, memory_order_acquire);
}

/* The forwarding definitions. They are hidden (the pragma at the top): the
 * libraries' own calls to each other must not come back here, which could
 * re-enter pthread_once while a library is being loaded. */
#define FORWARD(name) ((__typeof__(name) *)addresses[SLOT_##name])
#define LAZY(library, result, name, parameters, arguments) \
    result name parameters { kiosk_graphics_load(); return FORWARD(name) arguments; }
#define LAZY_VOID(library, name, parameters, arguments) \
    void name parameters { kiosk_graphics_load(); FORWARD(name) arguments; }
#include "graphics_functions.h"

#pragma GCC visibility pop
