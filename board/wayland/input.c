/* A synthetic mouse and keyboard for board/wayland's checks: a virtual
 * pointer (wlr-virtual-pointer-unstable-v1) and a virtual keyboard
 * (virtual-keyboard-unstable-v1, with a US keymap compiled by xkbcommon), both
 * offered by sway and labwc, on the compositor's first seat. Created once,
 * before the daemon connects, so the seat has both from the start. Reads
 * commands from stdin and answers each with a line once the compositor has
 * handled it (a roundtrip):
 *   move X Y     the pointer to X,Y of the layout (absolute, in the extent given)
 *   click        the left button pressed and released where the pointer is
 *   type TEXT    each of TEXT's lower-case letters and digits pressed and released
 *   enter        Enter pressed and released
 * Usage: input WIDTH HEIGHT   (the layout's extent in logical pixels)
 * The protocols' interfaces are written out below as message tables: their
 * XML is in no Debian package, and this tool needs a few of their requests. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>
#include <xkbcommon/xkbcommon.h>

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

extern const struct wl_interface kh_virtual_keyboard_interface;
static const struct wl_interface *keyboard_manager_types[] = {&wl_seat_interface, &kh_virtual_keyboard_interface};
static const struct wl_message keyboard_manager_requests[] = {
    {"create_virtual_keyboard", "on", keyboard_manager_types},
};
static const struct wl_interface keyboard_manager_interface = {
    "zwp_virtual_keyboard_manager_v1", 1, 1, keyboard_manager_requests, 0, NULL};
static const struct wl_message keyboard_requests[] = {
    {"keymap", "uhu", no_types},
    {"key", "uuu", no_types},
    {"modifiers", "uuuu", no_types},
    {"destroy", "", no_types},
};
const struct wl_interface kh_virtual_keyboard_interface = {
    "zwp_virtual_keyboard_v1", 1, 4, keyboard_requests, 0, NULL};

enum { MOTION_ABSOLUTE = 1, BUTTON = 2, FRAME = 4, DESTROY = 8 };
enum { KEYMAP = 0, KEY = 1, KEYBOARD_DESTROY = 3 };
enum { BTN_LEFT = 0x110, KEY_ENTER = 28 };

static struct wl_seat *seat;
static struct wl_proxy *manager, *keyboard_manager;

/* Linux key codes of the US layout's letters and digits. */
static int code_of(char c) {
    static const char *rows[] = {"1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm"};
    static const int first[] = {2, 16, 30, 44};
    for (int r = 0; r < 4; r++) {
        const char *at = strchr(rows[r], c);
        if (c && at) return first[r] + (int)(at - rows[r]);
    }
    return -1;
}

/* A US keymap as text in a memfd, handed to the virtual keyboard. */
static int send_keymap(struct wl_proxy *keyboard) {
    struct xkb_context *context = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES);
    struct xkb_rule_names names = {.rules = "evdev", .model = "pc105", .layout = "us"};
    struct xkb_keymap *keymap = context ? xkb_keymap_new_from_names(context, &names, 0) : NULL;
    char *text = keymap ? xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) : NULL;
    if (!text) { fprintf(stderr, "input: no US keymap from xkbcommon (xkb-data installed?)\n"); return -1; }
    size_t size = strlen(text) + 1;
    int fd = memfd_create("input-keymap", MFD_CLOEXEC);
    if (fd < 0 || write(fd, text, size) != (ssize_t)size) { perror("input: keymap memfd"); return -1; }
    wl_proxy_marshal_flags(keyboard, KEYMAP, NULL, 1, 0, XKB_KEYMAP_FORMAT_TEXT_V1, fd, (uint32_t)size);
    close(fd);
    free(text);
    xkb_keymap_unref(keymap);
    xkb_context_unref(context);
    return 0;
}

static void tap(struct wl_proxy *keyboard, int code) {
    wl_proxy_marshal_flags(keyboard, KEY, NULL, 1, 0, 0u, (uint32_t)code, 1u);
    wl_proxy_marshal_flags(keyboard, KEY, NULL, 1, 0, 0u, (uint32_t)code, 0u);
}

static void global(void *d, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version) {
    (void)d; (void)version;
    if (!strcmp(iface, "wl_seat") && !seat) seat = wl_registry_bind(r, name, &wl_seat_interface, 1);
    else if (!strcmp(iface, manager_interface.name)) manager = wl_registry_bind(r, name, &manager_interface, 1);
    else if (!strcmp(iface, keyboard_manager_interface.name))
        keyboard_manager = wl_registry_bind(r, name, &keyboard_manager_interface, 1);
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
        fprintf(stderr, "usage: input WIDTH HEIGHT (the layout's extent, positive)\n");
        return 2;
    }
    uint32_t extent_w = (uint32_t)atoi(argv[1]), extent_h = (uint32_t)atoi(argv[2]);
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) { fprintf(stderr, "input: no compositor\n"); return 1; }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!seat || !manager || !keyboard_manager) {
        fprintf(stderr, "input: the compositor offers no %s\n",
                !seat ? "wl_seat" : !manager ? manager_interface.name : keyboard_manager_interface.name);
        return 1;
    }
    struct wl_proxy *pointer = wl_proxy_marshal_flags(manager, 0, &kh_virtual_pointer_interface, 1, 0, seat, NULL);
    struct wl_proxy *keyboard = wl_proxy_marshal_flags(keyboard_manager, 0, &kh_virtual_keyboard_interface, 1, 0, seat, NULL);
    if (send_keymap(keyboard) != 0) return 1;
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
        } else if (!strncmp(line, "type ", 5)) {
            int bad = 0;
            for (const char *c = line + 5; *c && *c != '\n'; c++) bad |= code_of(*c) < 0;
            if (bad) {
                fprintf(stderr, "input: type takes lower-case letters and digits: %s", line);
                printf("error\n");
                fflush(stdout);
                continue;
            }
            for (const char *c = line + 5; *c && *c != '\n'; c++) tap(keyboard, code_of(*c));
        } else if (!strcmp(line, "enter\n")) {
            tap(keyboard, KEY_ENTER);
        } else {
            fprintf(stderr, "input: not a command (move X Y inside %ux%u, click, type TEXT, enter): %s", extent_w, extent_h, line);
            printf("error\n");
            fflush(stdout);
            continue;
        }
        if (wl_display_roundtrip(display) < 0) { fprintf(stderr, "input: the compositor hung up\n"); return 1; }
        printf("done\n");
        fflush(stdout);
    }
    wl_proxy_marshal_flags(pointer, DESTROY, NULL, 1, WL_MARSHAL_FLAG_DESTROY);
    wl_proxy_marshal_flags(keyboard, KEYBOARD_DESTROY, NULL, 1, WL_MARSHAL_FLAG_DESTROY);
    wl_display_roundtrip(display);
    wl_display_disconnect(display);
    return 0;
}
