/* viewporter (stable) and fractional-scale-v1 (staging), from
 * wayland-protocols, as libwayland's tables: message names and wire
 * signatures in opcode order, as layer_shell.c writes layer-shell's. With
 * them a surface is drawn at the output's fractional scale (the compositor's
 * preferred_scale, in 120ths) into a buffer of that many pixels, shown at
 * its logical size by the viewport's destination. */
#include <stddef.h>
#include <wayland-util.h>

#include "lazy_wayland.h"

#pragma GCC visibility push(hidden)

static const struct wl_interface kiosk_wp_viewport_interface;
static const struct wl_interface kiosk_wp_fractional_scale_v1_interface;
static const struct wl_interface *get_viewport_types[2];
static const struct wl_interface *get_fractional_scale_types[2];
static const struct wl_interface *no_types[4];

static const struct wl_message viewporter_requests[] = {
    {"destroy", "", no_types},
    {"get_viewport", "no", get_viewport_types},
};
static const struct wl_message viewport_requests[] = {
    {"destroy", "", no_types},
    {"set_source", "ffff", no_types},
    {"set_destination", "ii", no_types},
};
static const struct wl_message fractional_scale_manager_requests[] = {
    {"destroy", "", no_types},
    {"get_fractional_scale", "no", get_fractional_scale_types},
};
static const struct wl_message fractional_scale_requests[] = {
    {"destroy", "", no_types},
};
static const struct wl_message fractional_scale_events[] = {
    {"preferred_scale", "u", no_types},
};

static const struct wl_interface kiosk_wp_viewporter_interface = {
    "wp_viewporter", 1, 2, viewporter_requests, 0, NULL,
};
static const struct wl_interface kiosk_wp_viewport_interface = {
    "wp_viewport", 1, 3, viewport_requests, 0, NULL,
};
static const struct wl_interface kiosk_wp_fractional_scale_manager_v1_interface = {
    "wp_fractional_scale_manager_v1", 1, 2, fractional_scale_manager_requests, 0, NULL,
};
static const struct wl_interface kiosk_wp_fractional_scale_v1_interface = {
    "wp_fractional_scale_v1", 1, 1, fractional_scale_requests, 1, fractional_scale_events,
};

const struct wl_interface *kiosk_viewporter_interface(void) { return &kiosk_wp_viewporter_interface; }
const struct wl_interface *kiosk_viewport_interface(void) { return &kiosk_wp_viewport_interface; }
const struct wl_interface *kiosk_fractional_scale_manager_interface(void) { return &kiosk_wp_fractional_scale_manager_v1_interface; }
const struct wl_interface *kiosk_fractional_scale_interface(void) { return &kiosk_wp_fractional_scale_v1_interface; }

/* Called once libwayland-client is loaded: the object arguments' interfaces. */
void kiosk_scale_protocols_fill_types(void) {
    get_viewport_types[0] = &kiosk_wp_viewport_interface;
    get_viewport_types[1] = kiosk_wl_core_interface(KIOSK_WL_SURFACE);
    get_fractional_scale_types[0] = &kiosk_wp_fractional_scale_v1_interface;
    get_fractional_scale_types[1] = kiosk_wl_core_interface(KIOSK_WL_SURFACE);
}

#pragma GCC visibility pop
