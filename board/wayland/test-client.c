/* A fullscreen Wayland client with a known picture, for board/wayland's
 * checks: 64-pixel tiles, (tx + ty) even -> 0x204080, odd -> 0xE0E0D0, and
 * an orange 48x48 square moving 4 pixels a frame along a band at the bottom
 * (its top at height - 80), redrawn on every frame callback. It prints
 * "size W H" once configured, "frame N" every 60 frames, "click X Y" for
 * each left-button press that reaches it (the HUD passing input through) and
 * "key CODE" for each key pressed while it has the keyboard.
 * Build: gcc test-client.c xdg-shell-protocol.c -lwayland-client (the glue
 * from wayland-scanner and wayland-protocols' xdg-shell.xml). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>
#include "xdg-shell-client-protocol.h"

static struct wl_compositor *compositor;
static struct wl_shm *shm;
static struct xdg_wm_base *wm_base;
static struct wl_seat *seat;
static struct wl_surface *surface;
static int width, height, frames;
static uint32_t *pixels;
static struct wl_buffer *buffer;
static double pointer_x, pointer_y;

static uint32_t background(int x, int y) { return ((x / 64 + y / 64) % 2 == 0) ? 0xff204080u : 0xffe0e0d0u; }

static void square(int frame, uint32_t *p, int on) {
    int x0 = (4 * frame) % (width - 48), y0 = height - 80;
    for (int y = y0; y < y0 + 48; y++)
        for (int x = x0; x < x0 + 48; x++) p[y * width + x] = on ? 0xffff8000u : background(x, y);
}

static void draw(void);

static void frame_done(void *data, struct wl_callback *cb, uint32_t time) {
    (void)data; (void)time;
    wl_callback_destroy(cb);
    square(frames, pixels, 0);
    frames++;
    if (frames % 60 == 0) { printf("frame %d\n", frames); fflush(stdout); }
    draw();
}
static const struct wl_callback_listener frame_listener = {.done = frame_done};

static void draw(void) {
    square(frames, pixels, 1);
    wl_surface_attach(surface, buffer, 0, 0);
    wl_surface_damage_buffer(surface, 0, height - 80, width, 48);
    wl_callback_add_listener(wl_surface_frame(surface), &frame_listener, NULL);
    wl_surface_commit(surface);
}

static void make_buffer(void) {
    int stride = width * 4, size = stride * height;
    int fd = memfd_create("test-client", MFD_CLOEXEC);
    if (fd < 0 || ftruncate(fd, size) != 0) { perror("memfd"); exit(1); }
    pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (pixels == MAP_FAILED) { perror("mmap"); exit(1); }
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) pixels[y * width + x] = background(x, y);
    struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, size);
    buffer = wl_shm_pool_create_buffer(pool, 0, width, height, stride, WL_SHM_FORMAT_XRGB8888);
    wl_shm_pool_destroy(pool);
    close(fd);
}

/* The size the compositor asked for (0: not said yet; sway first maps a
 * toplevel at the client's size, then makes it fullscreen). */
static int wanted_width, wanted_height, drawing;

static void surface_configure(void *data, struct xdg_surface *xs, uint32_t serial) {
    (void)data;
    xdg_surface_ack_configure(xs, serial);
    int w = wanted_width > 0 ? wanted_width : 64, h = wanted_height > 0 ? wanted_height : 64;
    if (w == width && h == height) return;
    if (buffer) {
        wl_buffer_destroy(buffer);
        munmap(pixels, (size_t)width * height * 4);
    }
    width = w;
    height = h;
    make_buffer();
    wl_surface_attach(surface, buffer, 0, 0);
    wl_surface_damage_buffer(surface, 0, 0, width, height);
    wl_surface_commit(surface);
    if (wanted_width > 0 && wanted_height > 0) {
        printf("size %d %d\n", width, height);
        fflush(stdout);
        frames = 0;
        if (!drawing) {
            drawing = 1;
            draw();
        }
    }
}
static const struct xdg_surface_listener surface_listener = {.configure = surface_configure};

static void toplevel_configure(void *data, struct xdg_toplevel *t, int32_t w, int32_t h, struct wl_array *states) {
    (void)data; (void)t; (void)states;
    wanted_width = w;
    wanted_height = h;
}
static void toplevel_close(void *data, struct xdg_toplevel *t) { (void)data; (void)t; exit(0); }
static const struct xdg_toplevel_listener toplevel_listener = {.configure = toplevel_configure, .close = toplevel_close};

static void ping(void *data, struct xdg_wm_base *b, uint32_t serial) { (void)data; xdg_wm_base_pong(b, serial); }
static const struct xdg_wm_base_listener wm_listener = {.ping = ping};

static void p_enter(void *d, struct wl_pointer *p, uint32_t s, struct wl_surface *sf, wl_fixed_t x, wl_fixed_t y) {
    (void)d; (void)p; (void)s; (void)sf; pointer_x = wl_fixed_to_double(x); pointer_y = wl_fixed_to_double(y);
}
static void p_leave(void *d, struct wl_pointer *p, uint32_t s, struct wl_surface *sf) { (void)d; (void)p; (void)s; (void)sf; }
static void p_motion(void *d, struct wl_pointer *p, uint32_t t, wl_fixed_t x, wl_fixed_t y) {
    (void)d; (void)p; (void)t; pointer_x = wl_fixed_to_double(x); pointer_y = wl_fixed_to_double(y);
}
static void p_button(void *d, struct wl_pointer *p, uint32_t s, uint32_t t, uint32_t button, uint32_t state) {
    (void)d; (void)p; (void)s; (void)t;
    if (button == 0x110 && state == 1) { printf("click %.0f %.0f\n", pointer_x, pointer_y); fflush(stdout); }
}
static void p_axis(void *d, struct wl_pointer *p, uint32_t t, uint32_t a, wl_fixed_t v) { (void)d; (void)p; (void)t; (void)a; (void)v; }
static void p_frame(void *d, struct wl_pointer *p) { (void)d; (void)p; }
static void p_axis_source(void *d, struct wl_pointer *p, uint32_t s) { (void)d; (void)p; (void)s; }
static void p_axis_stop(void *d, struct wl_pointer *p, uint32_t t, uint32_t a) { (void)d; (void)p; (void)t; (void)a; }
static void p_axis_discrete(void *d, struct wl_pointer *p, uint32_t a, int32_t v) { (void)d; (void)p; (void)a; (void)v; }
static const struct wl_pointer_listener pointer_listener = {
    .enter = p_enter, .leave = p_leave, .motion = p_motion, .button = p_button, .axis = p_axis,
    .frame = p_frame, .axis_source = p_axis_source, .axis_stop = p_axis_stop, .axis_discrete = p_axis_discrete};

static void k_keymap(void *d, struct wl_keyboard *k, uint32_t f, int32_t fd, uint32_t size) {
    (void)d; (void)k; (void)f; (void)size; close(fd);
}
static void k_enter(void *d, struct wl_keyboard *k, uint32_t s, struct wl_surface *sf, struct wl_array *keys) {
    (void)d; (void)k; (void)s; (void)sf; (void)keys;
}
static void k_leave(void *d, struct wl_keyboard *k, uint32_t s, struct wl_surface *sf) { (void)d; (void)k; (void)s; (void)sf; }
static void k_key(void *d, struct wl_keyboard *k, uint32_t s, uint32_t t, uint32_t key, uint32_t state) {
    (void)d; (void)k; (void)s; (void)t;
    if (state == 1) { printf("key %u\n", key); fflush(stdout); }
}
static void k_modifiers(void *d, struct wl_keyboard *k, uint32_t s, uint32_t a, uint32_t b, uint32_t c, uint32_t g) {
    (void)d; (void)k; (void)s; (void)a; (void)b; (void)c; (void)g;
}
static void k_repeat(void *d, struct wl_keyboard *k, int32_t r, int32_t delay) { (void)d; (void)k; (void)r; (void)delay; }
static const struct wl_keyboard_listener keyboard_listener = {
    .keymap = k_keymap, .enter = k_enter, .leave = k_leave, .key = k_key, .modifiers = k_modifiers, .repeat_info = k_repeat};

static void seat_caps(void *d, struct wl_seat *s, uint32_t caps) {
    (void)d;
    static struct wl_pointer *pointer;
    static struct wl_keyboard *keyboard;
    if ((caps & WL_SEAT_CAPABILITY_KEYBOARD) && !keyboard) {
        keyboard = wl_seat_get_keyboard(s);
        wl_keyboard_add_listener(keyboard, &keyboard_listener, NULL);
    }
    if ((caps & WL_SEAT_CAPABILITY_POINTER) && !pointer) {
        pointer = wl_seat_get_pointer(s);
        wl_pointer_add_listener(pointer, &pointer_listener, NULL);
    }
}
static void seat_name(void *d, struct wl_seat *s, const char *n) { (void)d; (void)s; (void)n; }
static const struct wl_seat_listener seat_listener = {.capabilities = seat_caps, .name = seat_name};

static void global(void *d, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version) {
    (void)d;
    if (!strcmp(iface, "wl_compositor")) compositor = wl_registry_bind(r, name, &wl_compositor_interface, 4);
    else if (!strcmp(iface, "wl_shm")) shm = wl_registry_bind(r, name, &wl_shm_interface, 1);
    else if (!strcmp(iface, "xdg_wm_base")) {
        wm_base = wl_registry_bind(r, name, &xdg_wm_base_interface, 1);
        xdg_wm_base_add_listener(wm_base, &wm_listener, NULL);
    } else if (!strcmp(iface, "wl_seat") && !seat) {
        seat = wl_registry_bind(r, name, &wl_seat_interface, version < 5 ? version : 5);
        wl_seat_add_listener(seat, &seat_listener, NULL);
    }
}
static void global_remove(void *d, struct wl_registry *r, uint32_t name) { (void)d; (void)r; (void)name; }
static const struct wl_registry_listener registry_listener = {.global = global, .global_remove = global_remove};

int main(void) {
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) { fprintf(stderr, "test-client: no compositor\n"); return 1; }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!compositor || !shm || !wm_base) { fprintf(stderr, "test-client: missing globals\n"); return 1; }
    surface = wl_compositor_create_surface(compositor);
    struct xdg_surface *xs = xdg_wm_base_get_xdg_surface(wm_base, surface);
    xdg_surface_add_listener(xs, &surface_listener, NULL);
    struct xdg_toplevel *top = xdg_surface_get_toplevel(xs);
    xdg_toplevel_add_listener(top, &toplevel_listener, NULL);
    xdg_toplevel_set_title(top, "kioskhud-test-client");
    xdg_toplevel_set_fullscreen(top, NULL);
    wl_surface_commit(surface);
    while (wl_display_dispatch(display) != -1) {}
    fprintf(stderr, "test-client: the compositor hung up\n");
    return 0;
}
