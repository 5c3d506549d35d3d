/* The floor for a first frame: open the card, one dumb buffer, fill it, one
 * drmModeSetCrtc. Prints "first-frame-ms=" measured from $KIOSKHUD_T0_NS
 * (CLOCK_MONOTONIC at exec, set by launch.c) like `hud display --stats`.
 * Build: gcc -O2 firstframe.c $(pkg-config --cflags --libs libdrm)
 * With -DWITH_CAIRO (and cairo's flags) it also draws a bezel and an arc
 * with cairo: the floor for a program that links the same drawing library. */
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
#ifdef WITH_CAIRO
#include <cairo.h>
#include <math.h>
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
#ifdef WITH_CAIRO
    cairo_surface_t *s = cairo_image_surface_create_for_data((unsigned char *)px, CAIRO_FORMAT_RGB24,
                                                             mode.hdisplay, mode.vdisplay, pitch);
    cairo_t *cr = cairo_create(s);
    cairo_set_source_rgba(cr, 0.8, 0.8, 0.8, 0.6);
    cairo_rectangle(cr, mode.hdisplay / 2 - 40, mode.vdisplay / 2 - 40, 80, 80);
    cairo_fill(cr);
    cairo_set_source_rgba(cr, 0, 0, 0, 0.7);
    cairo_set_line_width(cr, 2);
    cairo_arc(cr, mode.hdisplay / 2, mode.vdisplay / 2, 17.5, -M_PI / 2, M_PI / 2);
    cairo_stroke(cr);
    cairo_destroy(cr);
    cairo_surface_flush(s);
#endif
    if (drmModeAddFB(fd, mode.hdisplay, mode.vdisplay, 24, 32, pitch, handle, &fb)) { perror("addfb"); return 1; }
    if (drmModeSetCrtc(fd, crtc, fb, 0, 0, &out.connector, 1, &mode)) { perror("setcrtc"); return 1; }
    printf("first-frame-ms=%.1f\n", ms_since_t0());
    return 0;
}
