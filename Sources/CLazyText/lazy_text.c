#define _GNU_SOURCE
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "lazy_loader.h"

/* Hidden from here on (after glibc's headers): the forwarding definitions
 * must not be exported, or the libraries' own calls could come back here. */
#pragma GCC visibility push(hidden)

#include "lazy_text.h"

/* The real declarations: a forwarding function whose prototype differs from
 * its library's is a compile error ("conflicting types"). */
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H
#include <hb.h>
#include <fribidi.h>
#include <thai/thbrk.h>
#include <thai/thwbrk.h>
#include <fontconfig/fontconfig.h>

/* Libraries, numbered within their group (a lazy_library_set each). */
enum { TEXT_FREETYPE = 0 };
enum { TEXT_HARFBUZZ = 0, TEXT_FRIBIDI = 1 };
enum { TEXT_THAI = 0 };
enum { TEXT_FONTCONFIG = 0 };
enum group { GLYPHS, SHAPING, THAI_BREAKS, FONT_LOOKUP, GROUP_COUNT };

static const char *const glyph_sonames[] = {"libfreetype.so.6"};
static const char *const shaping_sonames[] = {"libharfbuzz.so.0", "libfribidi.so.0"};
static const char *const thai_sonames[] = {"libthai.so.0"};
static const char *const fontconfig_sonames[] = {"libfontconfig.so.1"};

/* Each function's group, from the library tag in text_functions.h. */
#define GROUP_OF_TEXT_FREETYPE GLYPHS
#define GROUP_OF_TEXT_HARFBUZZ SHAPING
#define GROUP_OF_TEXT_FRIBIDI SHAPING
#define GROUP_OF_TEXT_THAI THAI_BREAKS
#define GROUP_OF_TEXT_FONTCONFIG FONT_LOOKUP

enum slot {
#define LAZY(library, result, name, parameters, arguments) SLOT_##name,
#define LAZY_VOID(library, name, parameters, arguments) SLOT_##name,
#include "text_functions.h"
#undef LAZY
#undef LAZY_VOID
    SLOT_COUNT
};

static void *addresses[SLOT_COUNT];

struct group_state {
    struct lazy_library_set set;
    pthread_once_t once;
    atomic_bool loaded;
};

/* The functions of one group, packed, and where their addresses go. */
static struct lazy_function packed[GROUP_COUNT][SLOT_COUNT];
static void *packed_addresses[GROUP_COUNT][SLOT_COUNT];
static int packed_slot[GROUP_COUNT][SLOT_COUNT];

static const struct { int group; struct lazy_function function; } all_functions[SLOT_COUNT] = {
#define LAZY(library, result, name, parameters, arguments) [SLOT_##name] = {GROUP_OF_##library, {library, #name}},
#define LAZY_VOID(library, name, parameters, arguments) [SLOT_##name] = {GROUP_OF_##library, {library, #name}},
#include "text_functions.h"
#undef LAZY
#undef LAZY_VOID
};

static struct group_state groups[GROUP_COUNT] = {
    [GLYPHS] = {.set = {.sonames = glyph_sonames, .library_count = 1}, .once = PTHREAD_ONCE_INIT},
    [SHAPING] = {.set = {.sonames = shaping_sonames, .library_count = 2}, .once = PTHREAD_ONCE_INIT},
    [THAI_BREAKS] = {.set = {.sonames = thai_sonames, .library_count = 1}, .once = PTHREAD_ONCE_INIT},
    [FONT_LOOKUP] = {.set = {.sonames = fontconfig_sonames, .library_count = 1}, .once = PTHREAD_ONCE_INIT},
};

static void load_group(enum group g) {
    int count = 0;
    for (int s = 0; s < SLOT_COUNT; s++) {
        if (all_functions[s].group != g) continue;
        packed[g][count] = all_functions[s].function;
        packed_slot[g][count] = s;
        count++;
    }
    struct lazy_library_set *set = &groups[g].set;
    set->functions = packed[g];
    set->addresses = packed_addresses[g];
    set->function_count = count;
    if (!lazy_load_set(set)) return;
    for (int i = 0; i < count; i++) addresses[packed_slot[g][i]] = packed_addresses[g][i];
    atomic_store_explicit(&groups[g].loaded, true, memory_order_release);
}

static void load_glyphs(void) { load_group(GLYPHS); }
static void load_shaping(void) { load_group(SHAPING); }
static void load_thai(void) { load_group(THAI_BREAKS); }
static void load_fontconfig(void) { load_group(FONT_LOOKUP); }
static void (*const loaders[GROUP_COUNT])(void) = {load_glyphs, load_shaping, load_thai, load_fontconfig};

static const char *try_load(enum group g) {
    pthread_once(&groups[g].once, loaders[g]);
    return atomic_load_explicit(&groups[g].loaded, memory_order_acquire) ? NULL : groups[g].set.failure;
}

const char *kiosk_text_try_load(void) { return try_load(GLYPHS); }
const char *kiosk_shaping_try_load(void) { return try_load(SHAPING); }
const char *kiosk_thai_try_load(void) { return try_load(THAI_BREAKS); }
const char *kiosk_fontconfig_try_load(void) { return try_load(FONT_LOOKUP); }

bool kiosk_text_is_loaded(void) {
    return atomic_load_explicit(&groups[GLYPHS].loaded, memory_order_acquire);
}

static void load(enum group g) {
    const char *error = try_load(g);
    if (error) lazy_exit_missing(error, "FreeType, HarfBuzz, FriBidi, libthai and fontconfig are loaded on first use, install them or fix the path");
}

/* The forwarding definitions (hidden: see the pragma at the top). */
#define FORWARD(name) ((__typeof__(name) *)addresses[SLOT_##name])
#define LAZY(library, result, name, parameters, arguments) \
    result name parameters { load(GROUP_OF_##library); return FORWARD(name) arguments; }
#define LAZY_VOID(library, name, parameters, arguments) \
    void name parameters { load(GROUP_OF_##library); FORWARD(name) arguments; }
#include "text_functions.h"

#pragma GCC visibility pop
