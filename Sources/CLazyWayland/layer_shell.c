/* wlr-layer-shell-unstable-v1's interfaces as libwayland's tables: message
 * names and wire signatures in opcode order (requests, then events), the
 * interface of each object argument where one is named. Only the version
 * this client binds (up to 4) matters; later messages are listed so the
 * opcodes stay right. Signature letters: u uint, i int, s string, o object,
 * ? nullable, n new_id; a leading number is the version it appeared in. */
#include <stddef.h>
#include <wayland-util.h>

#include "lazy_wayland.h"

/* Hidden: these are this binary's, not part of libkioskhud's or anyone's ABI. */
#pragma GCC visibility push(hidden)

/* The type of each argument of each message, in one array as libwayland
 * reads it (an entry per argument, NULL where no interface applies). Filled
 * with the core interfaces on first use (they live in libwayland-client). */
static const struct wl_interface *get_layer_surface_types[5];
static const struct wl_interface kiosk_zwlr_layer_surface_v1_interface;
static const struct wl_interface *no_types[4];

static const struct wl_message layer_shell_requests[] = {
    {"get_layer_surface", "no?ous", get_layer_surface_types},
    {"destroy", "3", no_types},
};

static const struct wl_message layer_surface_requests[] = {
    {"set_size", "uu", no_types},
    {"set_anchor", "u", no_types},
    {"set_exclusive_zone", "i", no_types},
    {"set_margin", "iiii", no_types},
    {"set_keyboard_interactivity", "u", no_types},
    {"get_popup", "o", no_types},
    {"ack_configure", "u", no_types},
    {"destroy", "", no_types},
    {"set_layer", "2u", no_types},
};

static const struct wl_message layer_surface_events[] = {
    {"configure", "uuu", no_types},
    {"closed", "", no_types},
};


static const struct wl_interface kiosk_zwlr_layer_shell_v1_interface = {
    "zwlr_layer_shell_v1", 4, 2, layer_shell_requests, 0, NULL,
};

static const struct wl_interface kiosk_zwlr_layer_surface_v1_interface = {
    "zwlr_layer_surface_v1", 4, 9, layer_surface_requests, 2, layer_surface_events,
};

const struct wl_interface *kiosk_layer_shell_interface(void) { return &kiosk_zwlr_layer_shell_v1_interface; }
const struct wl_interface *kiosk_layer_surface_interface(void) { return &kiosk_zwlr_layer_surface_v1_interface; }

/* Called once libwayland-client is loaded: the object arguments' interfaces. */
void kiosk_layer_shell_fill_types(void) {
    get_layer_surface_types[0] = &kiosk_zwlr_layer_surface_v1_interface;
    get_layer_surface_types[1] = kiosk_wl_core_interface(KIOSK_WL_SURFACE);
    get_layer_surface_types[2] = kiosk_wl_core_interface(KIOSK_WL_OUTPUT);
}

#pragma GCC visibility pop
