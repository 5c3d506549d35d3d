#define _GNU_SOURCE
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "lazy_loader.h"

/* Hidden from here on (after glibc's headers): the forwarding definitions
 * must not be exported, or libpng's own calls could come back here. */
#pragma GCC visibility push(hidden)

#include "lazy_png.h"
#include <png.h>

enum library { PNG, LIBRARY_COUNT };

static const char *const sonames[LIBRARY_COUNT] = {[PNG] = "libpng16.so.16"};

enum slot {
#define LAZY(library, result, name, parameters, arguments) SLOT_##name,
#define LAZY_VOID(library, name, parameters, arguments) SLOT_##name,
#include "png_functions.h"
#undef LAZY
#undef LAZY_VOID
    SLOT_COUNT
};

static const struct lazy_function functions[SLOT_COUNT] = {
#define LAZY(library, result, name, parameters, arguments) [SLOT_##name] = {library, #name},
#define LAZY_VOID(library, name, parameters, arguments) [SLOT_##name] = {library, #name},
#include "png_functions.h"
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

const char *kiosk_png_try_load(void) {
    pthread_once(&once, load_all);
    return atomic_load_explicit(&loaded, memory_order_acquire) ? NULL : set.failure;
}

static void load(void) {
    const char *error = kiosk_png_try_load();
    if (error) lazy_exit_missing(error, "libpng is loaded on first use, install libpng16-16 or fix the path");
}

#define FORWARD(name) ((__typeof__(name) *)addresses[SLOT_##name])
#define LAZY(library, result, name, parameters, arguments) \
    result name parameters { load(); return FORWARD(name) arguments; }
#define LAZY_VOID(library, name, parameters, arguments) \
    void name parameters { load(); FORWARD(name) arguments; }
#include "png_functions.h"

#pragma GCC visibility pop
