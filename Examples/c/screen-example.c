/* libkioskhud owning the display (kh_screen_open, as the Swift API's
 * HUDScreen.open): the app paints its picture once through the content
 * callback and KioskHUD shows it on every output with the HUD over it; the
 * app's loop polls the stack's fd and stdin.
 *
 * The stages wait for the screen to settle (kh_screen_is_settled: the HUD as
 * it is now on every output, its label drawn).
 * Same protocol as kms-example.c (board/qemu/run-capi-e2e.sh judges both):
 * "hide" and "quit" on stdin; it prints "kms: stage shown", "kms: hide at T
 * ms", "kms: hidden after T ms", "kms: stage hidden" and a cpu line.
 *
 * Build: gcc -O2 screen-example.c $(pkg-config --cflags --libs kioskhud) */
#include <kioskhud.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now_ms(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* kms-example.c's picture: eight bars, a 16-pixel checker over them. */
static void paint(uint32_t *pixels, int32_t width, int32_t height, int32_t stride, void *user_data) {
    static const uint32_t bars[8] = {0xc03030, 0x30c030, 0x3030c0, 0xc0c030, 0x30c0c0, 0xc030c0, 0xc0c0c0, 0x606060};
    (void)user_data;
    printf("kms: mode %dx%d\n", width, height);
    for (int y = 0; y < height; y++) {
        uint32_t *row = (uint32_t *)((uint8_t *)pixels + (size_t)y * stride);
        for (int x = 0; x < width; x++) {
            uint32_t c = bars[x * 8 / width];
            row[x] = ((x / 16 + y / 16) % 2) ? c : c ^ 0x303030;
        }
    }
}

static double hidden_at;
static void on_hidden(kh_hud *hud, void *shown_at) {
    (void)hud;
    hidden_at = now_ms(CLOCK_MONOTONIC);
    printf("kms: hidden after %.0f ms\n", hidden_at - *(double *)shown_at);
}

int main(int argc, char **argv) {
    unsigned min_show = argc > 2 && !strcmp(argv[1], "--min-show") ? (unsigned)atoi(argv[2]) : 3000;
    setvbuf(stdout, NULL, _IOLBF, 0);
    kh_stack *stack;
    kh_screen *screen;
    kh_hud *hud;
    if (kh_stack_new(0, &stack) != KH_OK || kh_screen_open(stack, paint, NULL, &screen) != KH_OK ||
        kh_hud_new(stack, &hud) != KH_OK) {
        fprintf(stderr, "screen: %s\n", kh_last_error_message());
        return 1;
    }
    double shown_at = now_ms(CLOCK_MONOTONIC), cpu_start = 0, wall_start = 0, cpu_with = 0, wall_with = 0;
    kh_hud_set_label(hud, "Loading");
    kh_hud_set_details(hud, "KioskHUD owns the screen");
    kh_hud_set_min_show_time(hud, min_show);
    kh_hud_set_completion(hud, on_hidden, &shown_at);
    kh_hud_show(hud, 1);

    int said_shown = 0, said_hidden = 0, quit = 0;
    uint64_t frames_written = 0;
    struct pollfd fds[2] = {{.fd = kh_stack_get_fd(stack), .events = POLLIN}, {.fd = STDIN_FILENO, .events = POLLIN}};
    while (!quit) {
        /* KioskHUD draws and flips by itself: only its fd and the app's own input here. */
        poll(fds, 2, 100);
        if (fds[0].revents & POLLIN) kh_stack_dispatch(stack);
        if (fds[1].revents & (POLLIN | POLLHUP)) {
            char line[64];
            if (!fgets(line, sizeof line, stdin) || !strncmp(line, "quit", 4)) quit = 1;
            else if (!strncmp(line, "hide", 4)) {
                double t = now_ms(CLOCK_MONOTONIC);
                printf("kms: hide at %.0f ms\n", t - shown_at);
                kh_hud_hide(hud, 1);
            }
        }
        uint64_t frames = 0;
        kh_screen_get_frame_count(screen, &frames);
        if (frames != frames_written && getenv("KH_FRAMES_FILE")) {
            /* For the e2e guest: it waits for the spinner to step between
             * screendumps. Renamed into place: a reader never sees it empty. */
            char partial[4096];
            snprintf(partial, sizeof partial, "%s.partial", getenv("KH_FRAMES_FILE"));
            FILE *f = fopen(partial, "w");
            if (f) {
                fprintf(f, "%llu\n", (unsigned long long)frames);
                if (fclose(f) == 0) rename(partial, getenv("KH_FRAMES_FILE"));
            }
            frames_written = frames;
        }
        double t = now_ms(CLOCK_MONOTONIC);
        int settled = 0;
        kh_screen_is_settled(screen, &settled);
        if (!said_shown && settled && t - shown_at > 500) {
            said_shown = 1;
            cpu_start = now_ms(CLOCK_PROCESS_CPUTIME_ID);
            wall_start = t;
            printf("kms: stage shown\n");
        }
        if (hidden_at > 0 && wall_with == 0) {
            cpu_with = now_ms(CLOCK_PROCESS_CPUTIME_ID) - cpu_start;
            wall_with = t - wall_start;
        }
        if (hidden_at > 0 && !said_hidden && settled) {
            said_hidden = 1;
            cpu_start = now_ms(CLOCK_PROCESS_CPUTIME_ID);
            wall_start = t;
            printf("kms: stage hidden\n");
        }
    }
    if (said_hidden)
        printf("kms: cpu %.0f ms in %.0f ms with the HUD, %.0f ms in %.0f ms without\n", cpu_with, wall_with,
               now_ms(CLOCK_PROCESS_CPUTIME_ID) - cpu_start, now_ms(CLOCK_MONOTONIC) - wall_start);
    kh_screen_close(screen);
    kh_stack_free(stack);
    return 0;
}
