/* The HUD layer (kh_layer_*) on a manual clock: kh_layer_frame's layout,
 * bad input, the HUDs alone over transparency (premultiplied; nothing
 * outside the extent), the changed rectangles (everything first, nothing
 * when nothing moved, the spinner's box alone for a spinner step, the old
 * extent when the HUD goes), the RGBA byte order the ARGB one's bytes
 * swapped, the button pressed through kh_stack_pointer in layer pixels,
 * other threads, kh_screen_open on a stack with a layer, and freed handles
 * refused. */
#include <kioskhud.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "check.h"

enum { W = 400, H = 300 };

static int presses;
static void pressed(kh_hud *hud, void *user_data) {
    (void)hud;
    (void)user_data;
    presses++;
}

/* kh_layer_* from a thread other than the stack's: refused. */
static void *other_thread(void *layer) {
    kh_layer_frame f;
    CHECK(kh_layer_draw(layer, &f) == KH_ERROR_WRONG_THREAD);
    CHECK(kh_layer_free(layer) == KH_ERROR_WRONG_THREAD);
    return NULL;
}

static uint32_t px(const kh_layer_frame *f, int x, int y) {
    return ((const uint32_t *)((const uint8_t *)f->pixels + y * f->stride))[x];
}

static int inside(kh_rect r, int x, int y) { return x >= r.x && y >= r.y && x < r.x + r.width && y < r.y + r.height; }

/* Every pixel premultiplied (no channel above alpha) and transparent outside the extent; how many are not. */
static int bad_pixels(const kh_layer_frame *f, int *opaque_inside) {
    int bad = 0;
    *opaque_inside = 0;
    for (int y = 0; y < f->height; y++)
        for (int x = 0; x < f->width; x++) {
            uint32_t p = px(f, x, y), a = p >> 24;
            if (((p >> 16) & 0xff) > a || ((p >> 8) & 0xff) > a || (p & 0xff) > a) bad++;
            if (!inside(f->extent, x, y) && p != 0) bad++;
            if (inside(f->extent, x, y) && a == 0xff) (*opaque_inside)++;
        }
    return bad;
}

static long area(const kh_layer_frame *f) {
    long a = 0;
    for (uint32_t i = 0; i < f->rect_count; i++) a += (long)f->rects[i].width * f->rects[i].height;
    return a;
}

int main(void) {
    /* The layout LayerFrameLayout.swift writes. */
    CHECK(offsetof(kh_layer_frame, extent) == 16);
    CHECK(offsetof(kh_layer_frame, rect_count) == 32);
    CHECK(offsetof(kh_layer_frame, rects) == 40);
    CHECK(offsetof(kh_layer_frame, bezels) == 168);
    CHECK(sizeof(kh_bezel) == 24);
    CHECK(offsetof(kh_layer_frame, next_frame_ms) == 360);
    CHECK(offsetof(kh_layer_frame, frame_number) == 364);
    CHECK(offsetof(kh_layer_frame, pixels) == 368);

    kh_stack *stack = NULL, *other = NULL;
    kh_layer *layer = NULL, *rgba = NULL;
    kh_hud *hud = NULL, *twin = NULL;
    CHECK(kh_stack_new(KH_STACK_MANUAL_CLOCK, &stack) == KH_OK);
    CHECK(kh_stack_new(KH_STACK_MANUAL_CLOCK, &other) == KH_OK);

    /* Bad input, each named. */
    CHECK(kh_layer_new(stack, W, H, KH_FORMAT_ARGB8888, 1.0, 0, NULL) == KH_ERROR_INVALID_ARGUMENT);
    CHECK(kh_layer_new(stack, W, H, KH_FORMAT_XRGB8888, 1.0, 0, &layer) == KH_ERROR_UNSUPPORTED_FORMAT && !layer);
    CHECK(strstr(kh_last_error_message(), "0x34325258") != NULL);
    CHECK(kh_layer_new(stack, 0, H, KH_FORMAT_ARGB8888, 1.0, 0, &layer) == KH_ERROR_BAD_BUFFER);
    CHECK(strstr(kh_last_error_message(), "0×300") != NULL);
    CHECK(kh_layer_new(stack, W, H, KH_FORMAT_ARGB8888, 1.0, 45, &layer) == KH_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(kh_last_error_message(), "rotation 45") != NULL);
    CHECK(kh_layer_new(NULL, W, H, KH_FORMAT_ARGB8888, 1.0, 0, &layer) == KH_ERROR_INVALID_ARGUMENT);
    CHECK(kh_layer_draw(NULL, NULL) == KH_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(kh_last_error_message(), "layer handle is NULL") != NULL);

    CHECK(kh_layer_new(stack, W, H, KH_FORMAT_ARGB8888, 1.0, 0, &layer) == KH_OK && layer);
    CHECK(kh_layer_new(stack, W, H, KH_FORMAT_ARGB8888, 1.0, 0, &rgba) == KH_ERROR_UNSUPPORTED);
    CHECK(strstr(kh_last_error_message(), "has a kh_layer already") != NULL);
    CHECK(kh_layer_new(other, W, H, KH_FORMAT_ABGR8888, 1.0, 0, &rgba) == KH_OK && rgba);
    CHECK(kh_layer_draw(layer, NULL) == KH_ERROR_INVALID_ARGUMENT);

    /* Nothing shown: all transparent, and everything is new the first time. */
    kh_layer_frame f, g;
    memset(&f, 0xab, sizeof f);
    CHECK(kh_layer_draw(layer, &f) == KH_OK);
    CHECK(f.width == W && f.height == H && f.stride == W * 4 && f.format == KH_FORMAT_ARGB8888);
    CHECK(f.extent.width == 0 && f.bezel_count == 0 && f.frame_number == 1 && f.next_frame_ms == -1);
    CHECK(f.rect_count >= 1 && area(&f) >= (long)W * H);
    int opaque;
    CHECK(bad_pixels(&f, &opaque) == 0);
    const void *buffer = f.pixels;

    /* A spinner with a label and a button. */
    CHECK(kh_hud_new(stack, &hud) == KH_OK && kh_hud_new(other, &twin) == KH_OK);
    kh_hud *both[2] = {hud, twin};
    for (int i = 0; i < 2; i++) {
        CHECK(kh_hud_set_label(both[i], "Loading") == KH_OK);
        CHECK(kh_hud_set_button(both[i], "Cancel", pressed, NULL) == KH_OK);
        CHECK(kh_hud_set_bezel_color(both[i], 0xcc802040) == KH_OK);
        CHECK(kh_hud_show(both[i], 0) == KH_OK);
    }
    /* Due at once, or when the 60 Hz frame interval since the last draw is up. */
    int ms = -2;
    CHECK(kh_stack_next_frame_ms(stack, &ms) == KH_OK && ms >= 0 && ms <= 17);
    CHECK(kh_stack_advance_clock(stack, (uint32_t)ms) == KH_OK && kh_stack_advance_clock(other, (uint32_t)ms) == KH_OK);
    CHECK(kh_layer_draw(layer, &f) == KH_OK && kh_layer_draw(rgba, &g) == KH_OK);
    CHECK(f.pixels == buffer);
    CHECK(f.extent.width > 40 && f.extent.height > 40 && f.extent.width < W && f.extent.height < H);
    CHECK(f.bezel_count == 1 && f.bezels[0].opacity == 1.0f && f.bezels[0].corner_radius > 0);
    CHECK(f.bezel_count == 1 && inside(f.extent, f.bezels[0].rect.x, f.bezels[0].rect.y));
    CHECK(f.rect_count >= 1 && f.next_frame_ms > 0);
    CHECK(bad_pixels(&f, &opaque) == 0);
    /* The tint is 0xcc802040 (a colour, so that red and blue differ): premultiplied (0x66, 0x1a, 0x33) at 0xcc. */
    uint32_t middle = px(&f, f.bezels[0].rect.x + 3, f.bezels[0].rect.y + f.bezels[0].rect.height / 2);
    CHECK(middle >> 24 == 0xcc);
    CHECK(((middle >> 16) & 0xff) >= 0x64 && ((middle >> 16) & 0xff) <= 0x68 && (middle & 0xff) >= 0x31 && (middle & 0xff) <= 0x35);
    /* RGBA: the same picture, bytes R, G, B, A. */
    int swapped_wrong = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            uint32_t a = px(&f, x, y);
            const uint8_t *b = (const uint8_t *)g.pixels + y * g.stride + x * 4;
            if (b[0] != ((a >> 16) & 0xff) || b[1] != ((a >> 8) & 0xff) || b[2] != (a & 0xff) || b[3] != a >> 24) swapped_wrong++;
        }
    CHECK(g.format == KH_FORMAT_ABGR8888 && swapped_wrong == 0);

    /* Nothing moved: nothing to upload. */
    CHECK(kh_layer_draw(layer, &f) == KH_OK && f.rect_count == 0 && f.frame_number == 3);
    /* A spinner step: the indicator's box alone. */
    CHECK(kh_stack_next_frame_ms(stack, &ms) == KH_OK && ms > 0);
    CHECK(kh_stack_advance_clock(stack, (uint32_t)ms) == KH_OK);
    CHECK(kh_layer_draw(layer, &f) == KH_OK);
    CHECK(f.rect_count >= 1 && area(&f) > 0 && area(&f) * 4 < (long)f.extent.width * f.extent.height);
    printf("layer: extent %dx%d+%d+%d, spinner step %ld px in %u rects\n", f.extent.width, f.extent.height, f.extent.x,
           f.extent.y, area(&f), f.rect_count);

    /* The button, found by pressing across the bezel in layer pixels. */
    int taken = 0;
    for (int y = f.extent.y; y < f.extent.y + f.extent.height && !presses; y += 2) {
        int x = f.extent.x + f.extent.width / 2;
        CHECK(kh_stack_pointer(stack, KH_POINTER_DOWN, x, y, &taken) == KH_OK);
        CHECK(kh_stack_pointer(stack, KH_POINTER_UP, x, y, &taken) == KH_OK);
    }
    CHECK(presses == 1 && taken == 1);
    CHECK(kh_stack_pointer(stack, KH_POINTER_DOWN, 1, 1, &taken) == KH_OK && taken == 0);
    CHECK(kh_stack_pointer(stack, KH_POINTER_UP, 1, 1, &taken) == KH_OK && taken == 0);

    /* Hidden: the old extent changes back to transparent. */
    kh_rect old = f.extent;
    CHECK(kh_hud_hide(hud, 0) == KH_OK);
    CHECK(kh_layer_draw(layer, &f) == KH_OK);
    CHECK(f.extent.width == 0 && f.bezel_count == 0 && f.next_frame_ms == -1);
    int covered = 0;
    for (uint32_t i = 0; i < f.rect_count; i++)
        covered |= inside(f.rects[i], old.x, old.y) && inside(f.rects[i], old.x + old.width - 1, old.y + old.height - 1);
    CHECK(covered);
    CHECK(bad_pixels(&f, &opaque) == 0);

    /* Another thread, and a screen on a stack that has a layer: refused. */
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, other_thread, layer) == 0);
    pthread_join(thread, NULL);
    kh_screen *screen = NULL;
    CHECK(kh_screen_open(stack, NULL, NULL, &screen) == KH_ERROR_UNSUPPORTED && !screen);
    CHECK(strstr(kh_last_error_message(), "kh_layer") != NULL);

    /* Freed handles are refused; the stack frees its layer. */
    CHECK(kh_layer_free(layer) == KH_OK);
    CHECK(kh_layer_draw(layer, &f) == KH_ERROR_INVALID_HANDLE);
    CHECK(kh_layer_free(NULL) == KH_OK);
    CHECK(kh_layer_new(stack, W, H, KH_FORMAT_ARGB8888, 2.0, 90, &layer) == KH_OK);
    CHECK(kh_stack_free(other) == KH_OK);
    CHECK(kh_layer_draw(rgba, &g) == KH_ERROR_INVALID_HANDLE);
    CHECK(kh_stack_free(stack) == KH_OK);
    CHECK(kh_layer_draw(layer, &f) == KH_ERROR_INVALID_HANDLE);

    printf("layer: %s\n", check_failures ? "FAILED" : "ok");
    return check_failures ? 1 : 0;
}
