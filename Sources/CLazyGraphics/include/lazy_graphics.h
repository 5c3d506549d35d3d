#ifndef KIOSKHUD_LAZY_GRAPHICS_H
#define KIOSKHUD_LAZY_GRAPHICS_H
#include <stdbool.h>

/* pixman and Cairo are not linked: every function in graphics_functions.h is
 * defined here and forwards to the real one, found with dlopen/dlsym (pixman
 * first, then Cairo, which needs it) on the first call of any of them (or of
 * kiosk_graphics_load). A library or function that cannot be found is
 * reported on stderr and the process exits with status 127, as ld.so does. */

/* Loads the libraries and resolves every forwarded function now, once;
 * later calls return at once. Safe on any thread. */
void kiosk_graphics_load(void);

/* Loads them like kiosk_graphics_load, but a missing library or function is
 * answered, not fatal: NULL when everything loaded, else what was missing
 * (the same text every later call; the forwarding functions then exit 127).
 * Safe on any thread. */
const char *kiosk_graphics_try_load(void);

/* Whether kiosk_graphics_load has completed (on any thread). */
bool kiosk_graphics_is_loaded(void);

#endif
