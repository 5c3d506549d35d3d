#ifndef KIOSKHUD_LAZY_TEXT_H
#define KIOSKHUD_LAZY_TEXT_H
#include <stdbool.h>

/* FreeType, HarfBuzz, FriBidi, libthai and fontconfig are not linked: every
 * function in text_functions.h is defined here and forwards to the real one,
 * found with dlopen/dlsym on first use, as CLazyGraphics does for pixman.
 * They load in four groups, each on first use of one of its functions:
 * glyphs (FreeType) for any label; shaping (HarfBuzz, FriBidi) only for text
 * that HUDText's own plain shaping does not cover (marks, right-to-left,
 * complex scripts, fonts with lookups it does not apply); libthai only for
 * Thai text; fontconfig only when no recorded font list names the fonts.
 * Callers ask the try_load call of a group first; a forwarding function
 * called while its group failed to load exits with status 127, naming what
 * was missing. */

/* Each: NULL when the group's libraries and functions all loaded (once; later
 * calls return at once), else what was missing, the same text every call.
 * Safe on any thread. */
const char *kiosk_text_try_load(void);
const char *kiosk_shaping_try_load(void);
const char *kiosk_thai_try_load(void);
const char *kiosk_fontconfig_try_load(void);

/* Whether the glyph group (FreeType) has loaded (on any thread). */
bool kiosk_text_is_loaded(void);

#endif
