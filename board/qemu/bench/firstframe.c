/* The floor for a first frame: open the card, one dumb buffer, fill it, one
 * drmModeSetCrtc. Prints "first-frame-ms=" measured from $KIOSKHUD_T0_NS
 * (CLOCK_MONOTONIC at exec, set by launch.c) like `hud display --stats`.
 * Build: gcc -O2 firstframe.c $(pkg-config --cflags --libs libdrm)
 * With -DWITH_PIXMAN (and pixman's flags) it also composites a translucent
 * bezel with pixman: the floor for a program that links the drawing library
 * hud composes with. */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include "output.h"
#ifdef WITH_PIXMAN
#include <pixman.h>
#endif

static double ms_since_t0(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    const char *t0 = getenv("KIOSKHUD_T0_NS");
    long long now = (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
    return t0 ? (now - atoll(t0)) / 1e6 : 0;
}

int main(void) {
    struct bench_output out = bench_open_output();
    int fd = out.fd;
    drmModeModeInfo mode = out.mode;
    uint32_t crtc = out.crtc;
    uint32_t handle, pitch, fb;
    uint64_t size, offset;
    if (drmModeCreateDumbBuffer(fd, mode.hdisplay, mode.vdisplay, 32, 0, &handle, &pitch, &size)) { perror("create dumb"); return 1; }
    if (drmModeMapDumbBuffer(fd, handle, &offset)) { perror("map dumb"); return 1; }
    uint32_t *px = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, offset);
    if (px == MAP_FAILED) { perror("mmap"); return 1; }
    for (uint64_t i = 0; i < size / 4; i++) px[i] = 0x00202020;
#ifdef WITH_PIXMAN
    pixman_image_t *screen = pixman_image_create_bits(PIXMAN_x8r8g8b8, mode.hdisplay, mode.vdisplay, px, pitch);
    pixman_color_t bezel = {0x7ae1, 0x7ae1, 0x7ae1, 0x9999}; /* 0.8 grey at alpha 0.6, premultiplied */
    pixman_rectangle16_t box = {mode.hdisplay / 2 - 40, mode.vdisplay / 2 - 40, 80, 80};
    pixman_image_fill_rectangles(PIXMAN_OP_OVER, screen, &bezel, 1, &box);
    pixman_image_unref(screen);
#endif
    if (drmModeAddFB(fd, mode.hdisplay, mode.vdisplay, 24, 32, pitch, handle, &fb)) { perror("addfb"); return 1; }
    if (drmModeSetCrtc(fd, crtc, fb, 0, 0, &out.connector, 1, &mode)) { perror("setcrtc"); return 1; }
    printf("first-frame-ms=%.1f\n", ms_since_t0());
    return 0;
}
