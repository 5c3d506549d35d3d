/* Checks ffwatch's criterion and timing (board/realboot/measure.sh runs it in
 * every VM): puts up a black dumb buffer, waits 300 ms, then draws a 24x24
 * grey box in the middle of it (no new framebuffer, no ioctl: only pixels)
 * and prints content-ms= (from $KIOSKHUD_T0_NS, as firstframe.c does) just
 * after. ffwatch must not count the black buffer and must see the box within
 * a poll or two of content-ms. Then stays until killed. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include "../../qemu/bench/output.h"

static double ms_since_t0(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    const char *t0 = getenv("KIOSKHUD_T0_NS");
    long long now = (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
    return t0 ? (now - atoll(t0)) / 1e6 : 0;
}

int main(void) {
    struct bench_output out = bench_open_output();
    uint32_t handle, pitch, fb;
    uint64_t size, offset;
    if (drmModeCreateDumbBuffer(out.fd, out.mode.hdisplay, out.mode.vdisplay, 32, 0, &handle, &pitch, &size)) { perror("create dumb"); return 1; }
    if (drmModeMapDumbBuffer(out.fd, handle, &offset)) { perror("map dumb"); return 1; }
    uint32_t *px = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, out.fd, offset);
    if (px == MAP_FAILED) { perror("mmap"); return 1; }
    memset(px, 0, size);
    if (drmModeAddFB(out.fd, out.mode.hdisplay, out.mode.vdisplay, 24, 32, pitch, handle, &fb)) { perror("addfb"); return 1; }
    if (drmModeSetCrtc(out.fd, out.crtc, fb, 0, 0, &out.connector, 1, &out.mode)) { perror("setcrtc"); return 1; }
    printf("black-ms=%.1f\n", ms_since_t0());
    fflush(stdout);
    /* ffwatch may see the box and send SIGTERM before content-ms is out:
     * hold the signal until it is written. */
    sigset_t term;
    sigemptyset(&term);
    sigaddset(&term, SIGTERM);
    sigprocmask(SIG_BLOCK, &term, NULL);
    usleep(300000);
    unsigned cx = out.mode.hdisplay / 2, cy = out.mode.vdisplay / 2;
    for (unsigned y = cy - 12; y < cy + 12; y++)
        for (unsigned x = cx - 12; x < cx + 12; x++) px[y * (pitch / 4) + x] = 0x00808080;
    printf("content-ms=%.1f\n", ms_since_t0());
    fflush(stdout);
    sigprocmask(SIG_UNBLOCK, &term, NULL);
    for (;;) pause();
}
