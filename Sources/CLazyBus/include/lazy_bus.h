#ifndef KIOSKHUD_LAZY_BUS_H
#define KIOSKHUD_LAZY_BUS_H

/* libsystemd is not linked: every sd-bus function in bus_functions.h is
 * defined here and forwards to the real one, found with dlopen/dlsym on first
 * use, as CLazyInput does for libinput. Callers ask kiosk_bus_try_load first;
 * a forwarding function called while loading failed exits with status 127,
 * naming what was missing. */

/* Loads libsystemd and resolves every forwarded function, once: NULL when
 * everything loaded, else what was missing. Safe on any thread. */
const char *kiosk_bus_try_load(void);

#endif
