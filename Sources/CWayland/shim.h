#ifndef KIOSKHUD_CWAYLAND_SHIM_H
#define KIOSKHUD_CWAYLAND_SHIM_H
/* libwayland-client's core API only (proxies, the display, marshalling by
 * argument arrays): not wayland-client-protocol.h, whose inline requests go
 * through the variadic wl_proxy_marshal_flags, which a lazily loaded library
 * cannot forward. The functions come from CLazyWayland. */
#include <wayland-client-core.h>
#include <wayland-util.h>

/* wl_fixed_t to double and back (wayland-util.h's are inline; kept here by name). */
static inline double kiosk_wl_fixed_to_double(wl_fixed_t f) { return wl_fixed_to_double(f); }

#endif
