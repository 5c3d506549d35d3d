#define _GNU_SOURCE
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "lazy_loader.h"

/* Hidden from here on (after glibc's headers): see lazy_module.inc. */
#pragma GCC visibility push(hidden)

#include "lazy_png.h"
#include <png.h>

enum library { PNG, LIBRARY_COUNT };
static const char *const sonames[LIBRARY_COUNT] = {[PNG] = "libpng16.so.16"};
#define LAZY_FUNCTIONS "png_functions.h"
#define LAZY_HINT "libpng is loaded on first use, install libpng16-16 or fix the path"
#include "lazy_module.inc"

const char *kiosk_png_try_load(void) { return lazy_try_load(); }

#pragma GCC visibility pop
