/* Another DRM client taking the display over, as a display manager does
 * after `plymouth deactivate`: opens card0, must be (or become) DRM master,
 * sets the first connected connector's preferred mode with a buffer of its
 * own filled with pure blue, runs COMMAND (a screendump) while it holds the
 * display, then exits (closing the card removes its framebuffer).
 * Usage: takeover COMMAND [ARGS...]
 * Prints "takeover: master ok", "takeover: modeset ok"; exit 0 when both
 * worked and COMMAND exited 0, 2 when it could not become master, 3 when the
 * mode set failed, 4 when COMMAND failed, 1 on any other error.
 * Build: gcc -O2 -Wall takeover.c $(pkg-config --cflags --libs libdrm) */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include "../bench/output.h"

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: takeover COMMAND [ARGS...]\n"); return 1; }
    struct bench_output out = bench_open_output();
    /* The first opener with no master becomes master by itself; ask anyway, as a compositor does. */
    if (drmSetMaster(out.fd) != 0 || !drmIsMaster(out.fd)) {
        fprintf(stderr, "takeover: not DRM master: %s (another client holds the display)\n", strerror(errno));
        return 2;
    }
    printf("takeover: master ok\n");
    uint32_t handle, pitch, fb;
    uint64_t size, offset;
    if (drmModeCreateDumbBuffer(out.fd, out.mode.hdisplay, out.mode.vdisplay, 32, 0, &handle, &pitch, &size)) { perror("takeover: create dumb"); return 1; }
    if (drmModeMapDumbBuffer(out.fd, handle, &offset)) { perror("takeover: map dumb"); return 1; }
    uint32_t *px = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, out.fd, offset);
    if (px == MAP_FAILED) { perror("takeover: mmap"); return 1; }
    for (uint64_t i = 0; i < size / 4; i++) px[i] = 0x000000ff;   /* XRGB8888: blue */
    if (drmModeAddFB(out.fd, out.mode.hdisplay, out.mode.vdisplay, 24, 32, pitch, handle, &fb)) { perror("takeover: addfb"); return 1; }
    if (drmModeSetCrtc(out.fd, out.crtc, fb, 0, 0, &out.connector, 1, &out.mode)) {
        fprintf(stderr, "takeover: drmModeSetCrtc: %s\n", strerror(errno));
        return 3;
    }
    printf("takeover: modeset ok\n");
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) { execvp(argv[1], argv + 1); perror("takeover: exec"); _exit(127); }
    int status = 0;
    if (child < 0 || waitpid(child, &status, 0) < 0) { perror("takeover: command"); return 1; }
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 4;
}
