/* A plain C kiosk app that owns the display (libdrm: the first connected
 * connector's preferred mode, two dumb buffers, its own page flips) and
 * shows a static picture; libkioskhud draws the HUD into its frames. The
 * app's loop polls the DRM fd (flip events), the stack's fd and stdin.
 *
 * The HUD ("Loading", a spinner) shows at start and stays at least
 * --min-show ms. Lines on stdin: "hide" hides it (animated, after its
 * minimum show time), "quit" ends the program. It prints:
 *   kms: mode WxH                  the mode set
 *   kms: stage shown               the HUD has faded in and is on screen
 *   kms: hide at T ms              a hide was asked for T ms after the HUD appeared
 *   kms: hidden after T ms         the completion ran, T ms after the HUD appeared
 *   kms: stage hidden              the frame without the HUD is on screen
 *   kms: cpu A ms in B ms with the HUD, C ms in D ms without
 *                                  (shown to hidden: the spinner turning; then to quit: the app alone)
 * board/qemu/run-capi-e2e.sh runs it on bochs and virtio-gpu and judges screendumps.
 *
 * Build: gcc -O2 kms-example.c $(pkg-config --cflags --libs kioskhud libdrm) */
#include <errno.h>
#include <fcntl.h>
#include <kioskhud.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>
#include <xf86drmMode.h>

/* One scanout buffer and where the HUD was last drawn into it. */
struct buffer {
    uint32_t handle, pitch, fb;
    uint64_t size;
    uint32_t *pixels;
    kh_rect hud[8];
    size_t hud_count;
};

static struct buffer buffers[2];
static int width, height, front, flip_pending, hidden;

static double now_ms(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* The app's picture: eight colour bars, a 16-pixel checker over them (the
 * blur under the bezel must smooth it), the same in board/qemu/e2e/capi_check.py. */
static uint32_t picture_pixel(int x, int y) {
    static const uint32_t bars[8] = {0xc03030, 0x30c030, 0x3030c0, 0xc0c030, 0x30c0c0, 0xc030c0, 0xc0c0c0, 0x606060};
    uint32_t c = bars[x * 8 / width];
    return ((x / 16 + y / 16) % 2) ? c : c ^ 0x303030;
}

static void paint_picture(struct buffer *b, const kh_rect *r) {
    for (int y = r->y; y < r->y + r->height; y++) {
        uint32_t *row = (uint32_t *)((uint8_t *)b->pixels + (size_t)y * b->pitch);
        for (int x = r->x; x < r->x + r->width; x++) row[x] = picture_pixel(x, y);
    }
}

static int make_buffer(int fd, struct buffer *b) {
    uint64_t offset;
    if (drmModeCreateDumbBuffer(fd, width, height, 32, 0, &b->handle, &b->pitch, &b->size)) return -1;
    if (drmModeAddFB(fd, width, height, 24, 32, b->pitch, b->handle, &b->fb)) return -1;
    if (drmModeMapDumbBuffer(fd, b->handle, &offset)) return -1;
    b->pixels = mmap(NULL, b->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, offset);
    if (b->pixels == MAP_FAILED) return -1;
    kh_rect all = {0, 0, width, height};
    paint_picture(b, &all);
    return 0;
}

/* KH_FRAMES_FILE, if set: the count of frames on screen, replaced at each
 * flip (the e2e guest waits for the spinner to step between screendumps).
 * Written beside it and renamed over it, so a reader never sees it empty. */
static void count_frame(void) {
    static unsigned long frames;
    const char *path = getenv("KH_FRAMES_FILE");
    frames++;
    if (!path) return;
    char partial[4096];
    if (snprintf(partial, sizeof partial, "%s.partial", path) >= (int)sizeof partial) return;
    FILE *f = fopen(partial, "w");
    if (!f) return;
    fprintf(f, "%lu\n", frames);
    if (fclose(f) == 0) rename(partial, path);
}

static void flipped(int fd, unsigned int sequence, unsigned int sec, unsigned int usec, void *data) {
    (void)fd, (void)sequence, (void)sec, (void)usec, (void)data;
    front = !front;
    flip_pending = 0;
    count_frame();
}

static void on_hidden(kh_hud *hud, void *shown_at) {
    (void)hud;
    printf("kms: hidden after %.0f ms\n", now_ms(CLOCK_MONOTONIC) - *(double *)shown_at);
    hidden = 1;
}

static int fail(const char *what) {
    fprintf(stderr, "kms: %s: %s\n", what, errno ? strerror(errno) : kh_last_error_message());
    return 1;
}

int main(int argc, char **argv) {
    const char *device = "/dev/dri/card0";
    unsigned min_show = 3000;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--device")) device = argv[i + 1];
        else if (!strcmp(argv[i], "--min-show")) min_show = (unsigned)atoi(argv[i + 1]);
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    int fd = open(device, O_RDWR | O_CLOEXEC);
    if (fd < 0) return fail(device);
    drmModeRes *res = drmModeGetResources(fd);
    if (!res) return fail("drmModeGetResources");
    drmModeConnector *conn = NULL;
    for (int i = 0; i < res->count_connectors && !conn; i++) {
        conn = drmModeGetConnector(fd, res->connectors[i]);
        if (conn && (conn->connection != DRM_MODE_CONNECTED || conn->count_modes == 0)) {
            drmModeFreeConnector(conn);
            conn = NULL;
        }
    }
    if (!conn) return fail("no connected connector");
    drmModeModeInfo mode = conn->modes[0];
    for (int i = 0; i < conn->count_modes; i++)
        if (conn->modes[i].type & DRM_MODE_TYPE_PREFERRED) { mode = conn->modes[i]; break; }
    drmModeEncoder *enc = conn->encoder_id ? drmModeGetEncoder(fd, conn->encoder_id) : NULL;
    uint32_t crtc = enc && enc->crtc_id ? enc->crtc_id : res->crtcs[0];
    width = mode.hdisplay;
    height = mode.vdisplay;
    if (make_buffer(fd, &buffers[0]) || make_buffer(fd, &buffers[1])) return fail("dumb buffer");
    if (drmModeSetCrtc(fd, crtc, buffers[0].fb, 0, 0, &conn->connector_id, 1, &mode)) return fail("drmModeSetCrtc");
    printf("kms: mode %dx%d\n", width, height);

    kh_stack *stack;
    kh_hud *hud;
    if (kh_stack_new(0, &stack) != KH_OK || kh_hud_new(stack, &hud) != KH_OK) return fail("kioskhud");
    double shown_at = now_ms(CLOCK_MONOTONIC), hide_at;
    kh_hud_set_label(hud, "Loading");
    kh_hud_set_details(hud, "libkioskhud from C");
    kh_hud_set_min_show_time(hud, min_show);
    kh_hud_set_completion(hud, on_hidden, &shown_at);
    if (kh_hud_show(hud, 1) != KH_OK) return fail("kh_hud_show");

    int said_shown = 0, said_hidden = 0, quit = 0, hud_on_screen = 0, hud_in_back = 0;
    double cpu_start = 0, wall_start = 0, cpu_with = 0, wall_with = 0;
    drmEventContext events = {.version = 2, .page_flip_handler = flipped};
    struct pollfd fds[3] = {{.fd = fd, .events = POLLIN}, {.fd = kh_stack_get_fd(stack), .events = POLLIN},
                            {.fd = STDIN_FILENO, .events = POLLIN}};
    while (!quit) {
        int ms = -1;
        if (!flip_pending) {
            kh_stack_next_frame_ms(stack, &ms);
            if (ms == 0) {
                /* The back buffer: the app's picture again where the HUD was, then the HUD. */
                struct buffer *b = &buffers[!front];
                for (size_t i = 0; i < b->hud_count; i++) paint_picture(b, &b->hud[i]);
                if (kh_stack_draw(stack, b->pixels, width, height, (int32_t)b->pitch, KH_FORMAT_XRGB8888, 1.0, 0,
                                  b->hud, 8, &b->hud_count) != KH_OK)
                    return fail("kh_stack_draw");
                kh_hud_state state;
                kh_hud_get_state(hud, &state);
                hud_in_back = state != KH_HUD_HIDDEN;
                if (drmModePageFlip(fd, crtc, b->fb, DRM_MODE_PAGE_FLIP_EVENT, NULL)) return fail("drmModePageFlip");
                flip_pending = 1;
                ms = -1;
            }
        }
        if (poll(fds, 3, ms) < 0 && errno != EINTR) return fail("poll");
        if (fds[0].revents & POLLIN) {
            drmHandleEvent(fd, &events);
            if (!flip_pending) hud_on_screen = hud_in_back;
        }
        if (fds[1].revents & POLLIN) kh_stack_dispatch(stack);
        if (fds[2].revents & (POLLIN | POLLHUP)) {
            char line[64];
            if (!fgets(line, sizeof line, stdin) || !strncmp(line, "quit", 4)) quit = 1;
            else if (!strncmp(line, "hide", 4)) {
                hide_at = now_ms(CLOCK_MONOTONIC);
                printf("kms: hide at %.0f ms\n", hide_at - shown_at);
                kh_hud_hide(hud, 1);
            }
        }
        if (!said_shown && hud_on_screen && now_ms(CLOCK_MONOTONIC) - shown_at > 600) {
            said_shown = 1;
            cpu_start = now_ms(CLOCK_PROCESS_CPUTIME_ID);
            wall_start = now_ms(CLOCK_MONOTONIC);
            printf("kms: stage shown\n");
        }
        if (hidden && wall_with == 0) {
            cpu_with = now_ms(CLOCK_PROCESS_CPUTIME_ID) - cpu_start;
            wall_with = now_ms(CLOCK_MONOTONIC) - wall_start;
        }
        if (hidden && !said_hidden && !hud_on_screen && !flip_pending) {
            said_hidden = 1;
            cpu_start = now_ms(CLOCK_PROCESS_CPUTIME_ID);
            wall_start = now_ms(CLOCK_MONOTONIC);
            printf("kms: stage hidden\n");
        }
    }
    if (said_hidden)
        printf("kms: cpu %.0f ms in %.0f ms with the HUD, %.0f ms in %.0f ms without\n", cpu_with, wall_with,
               now_ms(CLOCK_PROCESS_CPUTIME_ID) - cpu_start, now_ms(CLOCK_MONOTONIC) - wall_start);
    kh_stack_free(stack);
    return 0;
}
