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
#include <pixman.h>
#include <cairo.h>

enum library { PIXMAN, CAIRO, LIBRARY_COUNT };

/* Stable sonames (ABI majors), in load order: each after its dependencies. */
static const char *const sonames[LIBRARY_COUNT] = {
    [PIXMAN] = "libpixman-1.so.0",
    [CAIRO] = "libcairo.so.2",
};

#define LAZY_FUNCTIONS "graphics_functions.h"
#define LAZY_HINT "pixman and Cairo are loaded on first use (Debian: libpixman-1-0, libcairo2), install them or fix the path"
#include "lazy_module.inc"

const char *kiosk_graphics_try_load(void) { return lazy_try_load(); }

void kiosk_graphics_load(void) { lazy_load_or_exit(); }

bool kiosk_graphics_is_loaded(void) { return lazy_is_loaded(); }

#pragma GCC visibility pop
