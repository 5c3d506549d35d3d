#ifndef KIOSKHUD_LAZY_WAYLAND_H
#define KIOSKHUD_LAZY_WAYLAND_H
#include <stdbool.h>

struct wl_interface;

/* libwayland-client is not linked: every function in wayland_functions.h is
 * defined here and forwards to the real one, found with dlopen/dlsym on the
 * first call (or kiosk_wayland_try_load). A missing library or function is
 * reported on stderr and the process exits 127, as ld.so does. */

/* Loads it now; NULL when it loaded, else what was missing. Safe on any thread. */
const char *kiosk_wayland_try_load(void);

/* The core protocol's interfaces, libwayland-client's own tables (data
 * symbols, looked up when it loads). */
enum kiosk_wl_core {
    KIOSK_WL_REGISTRY, KIOSK_WL_CALLBACK, KIOSK_WL_COMPOSITOR, KIOSK_WL_SURFACE, KIOSK_WL_REGION,
    KIOSK_WL_SHM, KIOSK_WL_SHM_POOL, KIOSK_WL_BUFFER, KIOSK_WL_OUTPUT, KIOSK_WL_SEAT,
    KIOSK_WL_POINTER, KIOSK_WL_TOUCH, KIOSK_WL_KEYBOARD
};
const struct wl_interface *kiosk_wl_core_interface(enum kiosk_wl_core which);

/* wlr-layer-shell-unstable-v1 (wlroots' protocol: no Debian package ships
 * it), written here from its published definition: the two interfaces'
 * messages in opcode order, with their wire signatures. */
const struct wl_interface *kiosk_layer_shell_interface(void);
const struct wl_interface *kiosk_layer_surface_interface(void);

/* viewporter and fractional-scale-v1 (wayland-protocols), written the same
 * way: for drawing at an output's fractional scale. */
const struct wl_interface *kiosk_viewporter_interface(void);
const struct wl_interface *kiosk_viewport_interface(void);
const struct wl_interface *kiosk_fractional_scale_manager_interface(void);
const struct wl_interface *kiosk_fractional_scale_interface(void);

/* A new anonymous shared-memory file of `size` bytes for wl_shm
 * (memfd_create with MFD_CLOEXEC, then ftruncate): its fd, or -1 with errno set. */
int kiosk_wl_shm_file(long size);

#endif
