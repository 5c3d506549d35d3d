#define _GNU_SOURCE
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lazy_loader.h"

/* Hidden from here on (after glibc's headers): the forwarding definitions
 * must not be exported, or the library's own calls could come back here. */
#pragma GCC visibility push(hidden)

#include "lazy_wayland.h"
#include <wayland-client-core.h>

enum library { WAYLAND, LIBRARY_COUNT };

/* Stable soname (ABI major). */
static const char *const sonames[LIBRARY_COUNT] = {
    [WAYLAND] = "libwayland-client.so.0",
};

#define LAZY_FUNCTIONS "wayland_functions.h"
#define LAZY_HINT "libwayland-client is loaded on first use by '--output wayland', install it (Debian: libwayland-client0) or fix the path"
#include "lazy_module.inc"

void kiosk_layer_shell_fill_types(void);
void kiosk_scale_protocols_fill_types(void);

static void fill_types(void) {
    kiosk_layer_shell_fill_types();
    kiosk_scale_protocols_fill_types();
}

static pthread_once_t types_once = PTHREAD_ONCE_INIT;

const char *kiosk_wayland_try_load(void) {
    const char *failure = lazy_try_load();
    if (!failure) pthread_once(&types_once, fill_types);
    return failure;
}

const struct wl_interface *kiosk_wl_core_interface(enum kiosk_wl_core which) {
    lazy_load_or_exit();
    switch (which) {
    case KIOSK_WL_REGISTRY: return addresses[SLOT_wl_registry_interface];
    case KIOSK_WL_CALLBACK: return addresses[SLOT_wl_callback_interface];
    case KIOSK_WL_COMPOSITOR: return addresses[SLOT_wl_compositor_interface];
    case KIOSK_WL_SURFACE: return addresses[SLOT_wl_surface_interface];
    case KIOSK_WL_REGION: return addresses[SLOT_wl_region_interface];
    case KIOSK_WL_SHM: return addresses[SLOT_wl_shm_interface];
    case KIOSK_WL_SHM_POOL: return addresses[SLOT_wl_shm_pool_interface];
    case KIOSK_WL_BUFFER: return addresses[SLOT_wl_buffer_interface];
    case KIOSK_WL_OUTPUT: return addresses[SLOT_wl_output_interface];
    case KIOSK_WL_SEAT: return addresses[SLOT_wl_seat_interface];
    case KIOSK_WL_POINTER: return addresses[SLOT_wl_pointer_interface];
    case KIOSK_WL_TOUCH: return addresses[SLOT_wl_touch_interface];
    case KIOSK_WL_KEYBOARD: return addresses[SLOT_wl_keyboard_interface];
    }
    return NULL;
}

#pragma GCC visibility pop
