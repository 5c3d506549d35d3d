/* The floor for an animating spinner: what the kernel and one process must do
 * at least to put FPS (default 12, the spinner's steps per second) new frames
 * a second on screen. Two dumb buffers; per frame a timerfd wake-up, a
 * 42x42-pixel box (~1.8 k pixels, a spinner step) written into the back
 * buffer, drmModePageFlip with an event, and the event read from an epoll
 * wake-up. After a 1 s warm-up it runs SECONDS (7) and prints
 * "cpu-percent= user-percent= system-percent= wakeups-per-second=" like
 * `hud display --stats` (getrusage, wall clock).
 * Build: gcc -O2 flipfloor.c $(pkg-config --cflags --libs libdrm)
 * Usage: flipfloor [FPS [SECONDS]] */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include "output.h"

static int flip_pending;

static void on_flip(int fd, unsigned seq, unsigned s, unsigned us, void *data) {
    (void)fd; (void)seq; (void)s; (void)us; (void)data;
    flip_pending = 0;
}

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static double cpu_s(int who_user) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    struct timeval t = who_user ? u.ru_utime : u.ru_stime;
    return t.tv_sec + t.tv_usec / 1e6;
}

int main(int argc, char **argv) {
    int fps = argc > 1 ? atoi(argv[1]) : 12;
    double seconds = argc > 2 ? atof(argv[2]) : 7;
    if (fps < 1 || fps > 240 || seconds <= 0) { fprintf(stderr, "usage: flipfloor [FPS 1-240 [SECONDS]]\n"); return 2; }
    struct bench_output out = bench_open_output();
    int fd = out.fd;
    drmModeModeInfo mode = out.mode;
    uint32_t crtc = out.crtc;
    uint32_t fb[2], pitch = 0;
    uint32_t *px[2];
    for (int b = 0; b < 2; b++) {
        uint32_t handle;
        uint64_t size, offset;
        if (drmModeCreateDumbBuffer(fd, mode.hdisplay, mode.vdisplay, 32, 0, &handle, &pitch, &size)) { perror("create dumb"); return 1; }
        if (drmModeMapDumbBuffer(fd, handle, &offset)) { perror("map dumb"); return 1; }
        px[b] = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, offset);
        if (px[b] == MAP_FAILED) { perror("mmap"); return 1; }
        for (uint64_t i = 0; i < size / 4; i++) px[b][i] = 0x00202020;
        if (drmModeAddFB(fd, mode.hdisplay, mode.vdisplay, 24, 32, pitch, handle, &fb[b])) { perror("addfb"); return 1; }
    }
    if (drmModeSetCrtc(fd, crtc, fb[0], 0, 0, &out.connector, 1, &mode)) { perror("setcrtc"); return 1; }
    int ep = epoll_create1(EPOLL_CLOEXEC), tfd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
    struct epoll_event ev = { .events = EPOLLIN, .data.fd = fd };
    epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev);
    ev.data.fd = tfd;
    epoll_ctl(ep, EPOLL_CTL_ADD, tfd, &ev);
    long interval = 1000000000L / fps;
    struct itimerspec its = { .it_interval = { 0, interval }, .it_value = { 0, interval } };
    timerfd_settime(tfd, 0, &its, NULL);
    drmEventContext ctx = { .version = 2, .page_flip_handler = on_flip };
    int front = 0, frames = 0, started = 0;
    long wakeups = 0;
    double t0 = now_s(), w0 = 0, u0 = 0, s0 = 0;
    unsigned x0 = mode.hdisplay / 2 - 21, y0 = mode.vdisplay / 2 - 21;
    for (;;) {
        struct epoll_event got[2];
        int n = epoll_wait(ep, got, 2, -1);
        if (n < 0) continue;
        wakeups++;
        for (int i = 0; i < n; i++) {
            if (got[i].data.fd == fd) { drmHandleEvent(fd, &ctx); continue; }
            uint64_t ticks;
            if (read(tfd, &ticks, sizeof ticks) != sizeof ticks || flip_pending) continue;
            int back = 1 - front;
            uint32_t colour = 0x00101010u * (uint32_t)(frames % 12 + 1);
            for (unsigned y = y0; y < y0 + 42; y++)
                for (unsigned x = x0; x < x0 + 42; x++) px[back][y * (pitch / 4) + x] = colour;
            if (drmModePageFlip(fd, crtc, fb[back], DRM_MODE_PAGE_FLIP_EVENT, NULL)) { perror("drmModePageFlip"); return 1; }
            flip_pending = 1;
            front = back;
            frames++;
        }
        double t = now_s();
        if (!started && t - t0 >= 1) { started = 1; w0 = t; u0 = cpu_s(1); s0 = cpu_s(0); wakeups = 0; frames = 0; }
        if (started && t - w0 >= seconds) {
            double span = t - w0, user = (cpu_s(1) - u0) / span * 100, sys = (cpu_s(0) - s0) / span * 100;
            printf("frames=%d cpu-percent=%.2f user-percent=%.2f system-percent=%.2f wakeups-per-second=%.2f\n",
                   frames, user + sys, user, sys, wakeups / span);
            return 0;
        }
    }
}
