/* The HUD's lifecycle through the C API on a manual clock: grace time,
 * minimum show time, delayed hide, the completion called once per show,
 * and what kh_stack_draw and kh_stack_next_frame_ms answer; the button,
 * parallax and a theme file. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <kioskhud.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"

static int completions;

static void completed(kh_hud *hud, void *user_data) {
    (void)hud;
    CHECK(user_data == &completions);
    completions++;
}

static int presses;

static void pressed(kh_hud *hud, void *user_data) {
    (void)hud;
    CHECK(user_data == &presses);
    presses++;
}

static kh_hud_state state_of(kh_hud *hud) {
    kh_hud_state state = KH_HUD_HIDING;
    CHECK(kh_hud_get_state(hud, &state) == KH_OK);
    return state;
}

enum { W = 320, H = 240 };

/* The app's picture: a gradient, so a blur changes it. */
static void paint_picture(uint32_t *pixels) {
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            pixels[y * W + x] = 0xff000000u | (uint32_t)(x * 255 / W) << 16 | (uint32_t)(y * 255 / H) << 8 | ((x / 8 + y / 8) % 2 ? 0xc0 : 0x20);
}

/* How many fds the process has open. */
static int open_fds(void) {
    int n = 0;
    DIR *dir = opendir("/proc/self/fd");
    while (dir && readdir(dir)) n++;
    if (dir) closedir(dir);
    return n;
}

/* The leftmost column where frame differs from picture; -1 if none. */
static int leftmost_change(const uint32_t *frame, const uint32_t *picture) {
    for (int x = 0; x < W; x++)
        for (int y = 0; y < H; y++)
            if (frame[y * W + x] != picture[y * W + x]) return x;
    return -1;
}

int main(void) {
    CHECK(kh_version() == KIOSKHUD_VERSION);
    char version[32];
    snprintf(version, sizeof version, "%d.%d.%d", KIOSKHUD_VERSION_MAJOR, KIOSKHUD_VERSION_MINOR, KIOSKHUD_VERSION_PATCH);
    CHECK(strcmp(kh_version_string(), version) == 0);

    kh_stack *stack = NULL;
    CHECK(kh_stack_new(KH_STACK_MANUAL_CLOCK, &stack) == KH_OK && stack != NULL);
    CHECK(kh_stack_get_fd(stack) >= 0);
    kh_hud *hud = NULL;
    CHECK(kh_hud_new(stack, &hud) == KH_OK && hud != NULL);
    CHECK(kh_hud_set_completion(hud, completed, &completions) == KH_OK);
    CHECK(state_of(hud) == KH_HUD_HIDDEN);

    /* Grace time: not shown before it has passed. */
    CHECK(kh_hud_set_grace_time(hud, 500) == KH_OK);
    CHECK(kh_hud_show(hud, 0) == KH_OK);
    CHECK(state_of(hud) == KH_HUD_GRACE);
    CHECK(kh_stack_advance_clock(stack, 499) == KH_OK);
    CHECK(state_of(hud) == KH_HUD_GRACE);
    CHECK(kh_stack_advance_clock(stack, 1) == KH_OK);
    CHECK(state_of(hud) == KH_HUD_SHOWN);

    /* Minimum show time: a hide waits for it; the completion runs once. */
    CHECK(kh_hud_hide(hud, 0) == KH_OK);
    CHECK(state_of(hud) == KH_HUD_HIDDEN);
    CHECK(completions == 1);
    CHECK(kh_hud_set_grace_time(hud, 0) == KH_OK);
    CHECK(kh_hud_set_min_show_time(hud, 1000) == KH_OK);
    CHECK(kh_hud_show(hud, 0) == KH_OK);
    CHECK(state_of(hud) == KH_HUD_SHOWN);
    CHECK(kh_stack_advance_clock(stack, 200) == KH_OK);
    CHECK(kh_hud_hide(hud, 0) == KH_OK);
    CHECK(state_of(hud) == KH_HUD_SHOWN);
    CHECK(kh_stack_advance_clock(stack, 799) == KH_OK);
    CHECK(state_of(hud) == KH_HUD_SHOWN);
    CHECK(completions == 1);
    CHECK(kh_stack_advance_clock(stack, 1) == KH_OK);
    CHECK(state_of(hud) == KH_HUD_HIDDEN);
    CHECK(completions == 2);
    CHECK(kh_stack_advance_clock(stack, 5000) == KH_OK);
    CHECK(completions == 2);

    /* Delayed hide, animated: shown until the delay, hiding, then gone. */
    CHECK(kh_hud_set_min_show_time(hud, 0) == KH_OK);
    CHECK(kh_hud_show(hud, 1) == KH_OK);
    CHECK(kh_hud_hide_after(hud, 1, 300) == KH_OK);
    CHECK(kh_stack_advance_clock(stack, 299) == KH_OK);
    CHECK(state_of(hud) == KH_HUD_SHOWN);
    CHECK(kh_stack_advance_clock(stack, 1) == KH_OK);
    CHECK(state_of(hud) == KH_HUD_HIDING);
    CHECK(completions == 2);
    CHECK(kh_stack_advance_clock(stack, 1000) == KH_OK);
    CHECK(state_of(hud) == KH_HUD_HIDDEN);
    CHECK(completions == 3);

    /* Drawing over the app's picture. */
    uint32_t *picture = malloc(W * H * 4), *frame = malloc(W * H * 4);
    paint_picture(picture);
    kh_rect rects[8];
    size_t count = 99;
    int ms = -2;
    memcpy(frame, picture, W * H * 4);
    CHECK(kh_stack_draw(stack, frame, W, H, W * 4, KH_FORMAT_XRGB8888, 1, 0, rects, 8, &count) == KH_OK);
    CHECK(count == 0);
    CHECK(memcmp(frame, picture, W * H * 4) == 0);
    CHECK(kh_stack_next_frame_ms(stack, &ms) == KH_OK && ms == -1);

    CHECK(kh_hud_set_label(hud, "Loading") == KH_OK);
    CHECK(kh_hud_show(hud, 0) == KH_OK);
    /* Paced: no sooner than a 60 Hz frame after the last draw. */
    CHECK(kh_stack_next_frame_ms(stack, &ms) == KH_OK && ms == 17);
    CHECK(kh_stack_advance_clock(stack, 17) == KH_OK);
    CHECK(kh_stack_next_frame_ms(stack, &ms) == KH_OK && ms == 0);
    CHECK(kh_stack_draw(stack, frame, W, H, W * 4, KH_FORMAT_XRGB8888, 1, 0, rects, 8, &count) == KH_OK);
    CHECK(count >= 1);
    int cx = W / 2, cy = H / 2;
    int inside = 0;
    for (size_t i = 0; i < count; i++)
        inside |= rects[i].x <= cx && cx < rects[i].x + rects[i].width && rects[i].y <= cy && cy < rects[i].y + rects[i].height;
    CHECK(inside);
    CHECK(frame[0] == picture[0]);                       /* the app's picture around the bezel */
    CHECK(frame[(H - 1) * W + W - 1] == picture[(H - 1) * W + W - 1]);
    CHECK(memcmp(frame, picture, W * H * 4) != 0);       /* the bezel over it */
    /* A spinner: the next frame is due within a frame's time, by itself. */
    CHECK(kh_stack_next_frame_ms(stack, &ms) == KH_OK && ms > 0 && ms <= 100);
    uint32_t *first = malloc(W * H * 4);
    memcpy(first, frame, W * H * 4);
    CHECK(kh_stack_advance_clock(stack, (uint32_t)ms) == KH_OK);
    CHECK(kh_stack_next_frame_ms(stack, &ms) == KH_OK && ms == 0);
    memcpy(frame, picture, W * H * 4);
    CHECK(kh_stack_draw(stack, frame, W, H, W * 4, KH_FORMAT_XRGB8888, 1, 0, rects, 8, &count) == KH_OK);
    CHECK(memcmp(frame, first, W * H * 4) != 0);         /* the spinner turned */

    /* Hidden: the next draw leaves the picture alone and names where the HUD was. */
    CHECK(kh_hud_hide(hud, 0) == KH_OK);
    CHECK(completions == 4);
    memcpy(frame, picture, W * H * 4);
    CHECK(kh_stack_draw(stack, frame, W, H, W * 4, KH_FORMAT_XRGB8888, 1, 0, rects, 8, &count) == KH_OK);
    CHECK(count >= 1);
    CHECK(memcmp(frame, picture, W * H * 4) == 0);
    CHECK(kh_stack_draw(stack, frame, W, H, W * 4, KH_FORMAT_XRGB8888, 1, 0, rects, 8, &count) == KH_OK);
    CHECK(count == 0);
    CHECK(kh_stack_next_frame_ms(stack, &ms) == KH_OK && ms == -1);

    /* The button: a press through the API runs its callback once; a tap
     * outside it is not taken. */
    CHECK(kh_hud_set_button(hud, "Cancel", pressed, &presses) == KH_OK);
    CHECK(kh_hud_show(hud, 0) == KH_OK);
    CHECK(kh_stack_advance_clock(stack, 20) == KH_OK);
    memcpy(frame, picture, W * H * 4);
    CHECK(kh_stack_draw(stack, frame, W, H, W * 4, KH_FORMAT_XRGB8888, 1, 0, rects, 8, &count) == KH_OK);
    int taken = -1;
    CHECK(kh_stack_pointer(stack, KH_POINTER_DOWN, 2, 2, &taken) == KH_OK && taken == 0);
    CHECK(kh_stack_pointer(stack, KH_POINTER_UP, 2, 2, &taken) == KH_OK && taken == 0);
    CHECK(presses == 0);
    CHECK(kh_hud_press_button(hud) == KH_OK);
    CHECK(presses == 1);

    /* Parallax: with the motion effect on, a tilt to the right moves the bezel right. */
    CHECK(kh_hud_set_button(hud, NULL, NULL, NULL) == KH_OK);
    CHECK(kh_hud_set_motion_effect(hud, 1) == KH_OK);
    CHECK(kh_stack_advance_clock(stack, 20) == KH_OK);
    memcpy(frame, picture, W * H * 4);
    CHECK(kh_stack_draw(stack, frame, W, H, W * 4, KH_FORMAT_XRGB8888, 1, 0, rects, 8, &count) == KH_OK);
    int level_left = leftmost_change(frame, picture);
    CHECK(kh_stack_set_tilt(stack, 1, 0) == KH_OK);
    CHECK(kh_stack_advance_clock(stack, 20) == KH_OK);
    memcpy(frame, picture, W * H * 4);
    CHECK(kh_stack_draw(stack, frame, W, H, W * 4, KH_FORMAT_XRGB8888, 1, 0, rects, 8, &count) == KH_OK);
    int tilted_left = leftmost_change(frame, picture);
    CHECK(level_left > 0 && tilted_left >= level_left + 5);

    /* A theme file applies; what it names is used. */
    char theme[] = "/tmp/kioskhud-theme-XXXXXX";
    int fd = mkstemp(theme);
    CHECK(fd >= 0);
    const char *json = "{ \"bezelStyle\": \"solid\", \"bezelColor\": \"#ff0000ff\" }";
    CHECK(write(fd, json, strlen(json)) == (ssize_t)strlen(json));
    close(fd);
    CHECK(kh_stack_set_theme_file(stack, theme) == KH_OK);
    unlink(theme);
    CHECK(kh_stack_set_tilt(stack, 0, 0) == KH_OK);
    CHECK(kh_stack_advance_clock(stack, 20) == KH_OK);
    memcpy(frame, picture, W * H * 4);
    CHECK(kh_stack_draw(stack, frame, W, H, W * 4, KH_FORMAT_XRGB8888, 1, 0, rects, 8, &count) == KH_OK);
    CHECK((frame[(H / 2 - 30) * W + W / 2 - 40] & 0xffffff) == 0xff0000);

    /* Freeing the stack frees its HUDs. */
    CHECK(kh_stack_free(stack) == KH_OK);
    CHECK(kh_hud_show(hud, 0) == KH_ERROR_INVALID_HANDLE);
    /* Freeing a stack with HUDs waiting on timers closes its fds (no cycle keeps its loop). */
    int fds_before = open_fds();
    for (int i = 0; i < 20; i++) {
        kh_stack *s;
        kh_hud *h;
        CHECK(kh_stack_new(0, &s) == KH_OK && kh_hud_new(s, &h) == KH_OK);
        kh_hud_set_grace_time(h, 500);
        kh_hud_show(h, 1);
        kh_hud_hide_after(h, 1, 2000);
        CHECK(kh_stack_draw(s, frame, W, H, W * 4, KH_FORMAT_XRGB8888, 1, 0, NULL, 0, &count) == KH_OK);
        CHECK(kh_stack_free(s) == KH_OK);
    }
    CHECK(open_fds() == fds_before);

    free(picture);
    free(frame);
    free(first);
    if (check_failures) {
        fprintf(stderr, "lifecycle: %d checks failed\n", check_failures);
        return 1;
    }
    printf("lifecycle: all checks passed\n");
    return 0;
}
