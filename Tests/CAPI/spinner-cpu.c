/* CPU of the HUD's spinner over a static app picture through the embedded
 * API, against the app alone: an app with two 1280x800 XRGB8888 buffers (as
 * a KMS app's dumb buffers, no display), frames when kh_stack_next_frame_ms
 * says (60 Hz at most), restoring its picture only where the HUD was drawn
 * into each buffer. 5 s with the spinner, then 5 s of the same loop with no
 * HUD. Not a check (timings vary): `bash scripts/check-c-api.sh` builds it,
 * run it by hand: spinner-cpu [SECONDS]. */
#include <kioskhud.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { W = 1280, H = 800 };

static double now_ms(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    double seconds = argc > 1 ? atof(argv[1]) : 5;
    uint32_t *picture = malloc(W * H * 4), *buffers[2] = {malloc(W * H * 4), malloc(W * H * 4)};
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) picture[y * W + x] = 0xff000000u | (uint32_t)(x * 255 / W) << 16 | ((x / 16 + y / 16) % 2 ? 0x8040 : 0x4080);
    memcpy(buffers[0], picture, W * H * 4);
    memcpy(buffers[1], picture, W * H * 4);
    kh_rect drawn[2][8];
    size_t drawn_count[2] = {0, 0};
    kh_stack *stack;
    kh_hud *hud;
    if (kh_stack_new(0, &stack) != KH_OK || kh_hud_new(stack, &hud) != KH_OK) return 1;
    kh_hud_set_label(hud, "Loading");
    kh_hud_show(hud, 0);
    struct pollfd pfd = {.fd = kh_stack_get_fd(stack), .events = POLLIN};
    for (int phase = 0; phase < 2; phase++) {
        int frames = 0, back = 0;
        double cpu = now_ms(CLOCK_PROCESS_CPUTIME_ID), start = now_ms(CLOCK_MONOTONIC);
        while (now_ms(CLOCK_MONOTONIC) - start < seconds * 1000) {
            int ms;
            kh_stack_next_frame_ms(stack, &ms);
            if (ms == 0) {
                for (size_t i = 0; i < drawn_count[back]; i++)
                    for (int y = drawn[back][i].y; y < drawn[back][i].y + drawn[back][i].height; y++)
                        memcpy(buffers[back] + y * W + drawn[back][i].x, picture + y * W + drawn[back][i].x, drawn[back][i].width * 4);
                kh_stack_draw(stack, buffers[back], W, H, W * 4, KH_FORMAT_XRGB8888, 1, 0, drawn[back], 8, &drawn_count[back]);
                back = !back;
                frames++;
            } else if (poll(&pfd, 1, ms < 0 || ms > 100 ? 100 : ms) > 0) {
                kh_stack_dispatch(stack);
            }
        }
        double used = now_ms(CLOCK_PROCESS_CPUTIME_ID) - cpu, wall = now_ms(CLOCK_MONOTONIC) - start;
        printf("%s: %d frames, %.0f ms CPU in %.0f ms (%.1f%%)\n", phase ? "app alone" : "spinner over the picture",
               frames, used, wall, 100 * used / wall);
        kh_hud_hide(hud, 0);
    }
    kh_stack_free(stack);
    return 0;
}
