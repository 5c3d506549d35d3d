/* A synthetic mouse for board/wayland's checks: a virtual pointer
 * (wlr-virtual-pointer-unstable-v1, offered by sway and labwc) on the
 * compositor's first seat. Created once, before the daemon connects, so the
 * seat has a pointer from the start. Reads commands from stdin and answers
 * each with a line once the compositor has handled it (a roundtrip):
 *   move X Y     the pointer to X,Y of the layout (absolute, in the extent given)
 *   click        the left button pressed and released where the pointer is
 * Usage: pointer WIDTH HEIGHT   (the layout's extent in logical pixels)
 * The protocol's two interfaces are written out below as message tables: its
 * XML is in no Debian package, and this tool needs four of its requests. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>

extern const struct wl_interface kh_virtual_pointer_interface;

static const struct wl_interface *manager_types[] = {&wl_seat_interface, &kh_virtual_pointer_interface};
static const struct wl_message manager_requests[] = {
    {"create_virtual_pointer", "?on", manager_types},
    {"destroy", "", NULL},
};
static const struct wl_interface manager_interface = {
    "zwlr_virtual_pointer_manager_v1", 1, 2, manager_requests, 0, NULL};

static const struct wl_interface *no_types[8];
static const struct wl_message pointer_requests[] = {
    {"motion", "uff", no_types},
    {"motion_absolute", "uuuuu", no_types},
    {"button", "uuu", no_types},
    {"axis", "uuf", no_types},
    {"frame", "", no_types},
    {"axis_source", "u", no_types},
    {"axis_stop", "uu", no_types},
    {"axis_discrete", "uufi", no_types},
    {"destroy", "", no_types},
};
const struct wl_interface kh_virtual_pointer_interface = {
    "zwlr_virtual_pointer_v1", 1, 9, pointer_requests, 0, NULL};

enum { MOTION_ABSOLUTE = 1, BUTTON = 2, FRAME = 4, DESTROY = 8 };
enum { BTN_LEFT = 0x110 };

static struct wl_seat *seat;
static struct wl_proxy *manager;

static void global(void *d, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version) {
    (void)d; (void)version;
    if (!strcmp(iface, "wl_seat") && !seat) seat = wl_registry_bind(r, name, &wl_seat_interface, 1);
    else if (!strcmp(iface, manager_interface.name)) manager = wl_registry_bind(r, name, &manager_interface, 1);
}
static void global_remove(void *d, struct wl_registry *r, uint32_t name) { (void)d; (void)r; (void)name; }
static const struct wl_registry_listener registry_listener = {.global = global, .global_remove = global_remove};

static uint32_t now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint32_t)(t.tv_sec * 1000 + t.tv_nsec / 1000000);
}

int main(int argc, char **argv) {
    if (argc != 3 || atoi(argv[1]) <= 0 || atoi(argv[2]) <= 0) {
        fprintf(stderr, "usage: pointer WIDTH HEIGHT (the layout's extent, positive)\n");
        return 2;
    }
    uint32_t extent_w = (uint32_t)atoi(argv[1]), extent_h = (uint32_t)atoi(argv[2]);
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) { fprintf(stderr, "pointer: no compositor\n"); return 1; }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!seat || !manager) {
        fprintf(stderr, "pointer: the compositor offers no %s\n", seat ? manager_interface.name : "wl_seat");
        return 1;
    }
    struct wl_proxy *pointer = wl_proxy_marshal_flags(manager, 0, &kh_virtual_pointer_interface, 1, 0, seat, NULL);
    wl_display_roundtrip(display);
    printf("ready\n");
    fflush(stdout);
    char line[128];
    while (fgets(line, sizeof line, stdin)) {
        unsigned x, y;
        if (sscanf(line, "move %u %u", &x, &y) == 2 && x < extent_w && y < extent_h) {
            wl_proxy_marshal_flags(pointer, MOTION_ABSOLUTE, NULL, 1, 0, now_ms(), x, y, extent_w, extent_h);
            wl_proxy_marshal_flags(pointer, FRAME, NULL, 1, 0);
        } else if (!strcmp(line, "click\n")) {
            wl_proxy_marshal_flags(pointer, BUTTON, NULL, 1, 0, now_ms(), BTN_LEFT, 1);
            wl_proxy_marshal_flags(pointer, FRAME, NULL, 1, 0);
            wl_proxy_marshal_flags(pointer, BUTTON, NULL, 1, 0, now_ms(), BTN_LEFT, 0);
            wl_proxy_marshal_flags(pointer, FRAME, NULL, 1, 0);
        } else {
            fprintf(stderr, "pointer: not a command (move X Y inside %ux%u, click): %s", extent_w, extent_h, line);
            printf("error\n");
            fflush(stdout);
            continue;
        }
        if (wl_display_roundtrip(display) < 0) { fprintf(stderr, "pointer: the compositor hung up\n"); return 1; }
        printf("done\n");
        fflush(stdout);
    }
    wl_proxy_marshal_flags(pointer, DESTROY, NULL, 1, WL_MARSHAL_FLAG_DESTROY);
    wl_display_roundtrip(display);
    wl_display_disconnect(display);
    return 0;
}
