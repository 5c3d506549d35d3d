/* An app that owns atomic KMS and puts the HUD on an overlay plane in its own
 * commits (kioskhud.h: kh_plane_new, kh_plane_apply, kh_plane_commit_done).
 *
 * Usage: plane-example [--frames N] [--capture DIR] [DEVICE]
 *   DEVICE defaults to /dev/dri/card0. Made for vkms (board/qemu overlay
 *   lane): the app lights the first CRTC with the writeback connector alone
 *   at the first connected connector's preferred mode and shows its own
 *   picture on the primary plane — a fixed gradient with a white square
 *   moving along the top band, drawn into two XRGB8888 dumb buffers in turn.
 *   Each frame it builds one atomic request (the first with the mode and
 *   ALLOW_MODESET, blocking; then NONBLOCK | PAGE_FLIP_EVENT), lets
 *   kh_plane_apply add the HUD's plane, commits it itself, waits for its own
 *   flip event and calls kh_plane_commit_done from it. Frames come when
 *   kh_stack_next_frame_ms says the HUD needs one (a spinner step).
 *
 *   Every frame is also written back (WRITEBACK_FB_ID, out-fence) and judged
 *   against a reference: a second stack with the same HUD drawn once by
 *   kh_layer_draw. Checks (one `plane-check NAME: PASS|FAIL ...` line each):
 *     untouched  every pixel outside the reference HUD's extent is the app's, exactly;
 *     over       inside it, outside the spinner's box, each pixel is the
 *                reference layer blended over the app's (premultiplied), +-2;
 *     spinner    the spinner's box differs from both captures before it (it
 *                turns, and the plane's two buffers are not shown stale) in
 *                at least half of the frames.
 *   --capture DIR writes the first and last captures as DIR/plane-first.ppm, plane-last.ppm.
 *   Exits 0 when every check passed; the last line says `plane-example: ok` or `plane-example: FAIL`.
 *
 * Build: gcc plane-example.c $(pkg-config --cflags --libs kioskhud libdrm)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <drm_fourcc.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <kioskhud.h>

static int fd = -1;
static int failures;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

#define SPIN 22 /* half the side of the box around the spinner (37 px) left out of "over" */
#define SQUARE 48

static void check(const char *name, int ok, const char *detail)
{
    printf("plane-check %s: %s %s\n", name, ok ? "PASS" : "FAIL", detail);
    failures += !ok;
}

static void die(const char *what)
{
    printf("plane-example: FAIL %s\n", what);
    exit(1);
}

static void kh(kh_status s, const char *call)
{
    if (s != KH_OK) {
        char msg[512];
        snprintf(msg, sizeof msg, "%s: %s: %s", call, kh_status_string(s), kh_last_error_message());
        die(msg);
    }
}

static uint32_t prop_id(uint32_t obj, uint32_t type, const char *name)
{
    drmModeObjectProperties *props = drmModeObjectGetProperties(fd, obj, type);
    uint32_t id = 0;
    for (uint32_t i = 0; props && i < props->count_props && !id; i++) {
        drmModePropertyRes *p = drmModeGetProperty(fd, props->props[i]);
        if (p && strcmp(p->name, name) == 0)
            id = p->prop_id;
        drmModeFreeProperty(p);
    }
    drmModeFreeObjectProperties(props);
    return id;
}

static void add(drmModeAtomicReq *req, uint32_t obj, uint32_t type, const char *name, uint64_t value)
{
    uint32_t id = prop_id(obj, type, name);
    if (!id) {
        fprintf(stderr, "object %u has no property %s\n", obj, name);
        die("a property is missing");
    }
    drmModeAtomicAddProperty(req, obj, id, value);
}

struct dumb {
    uint32_t fb, pitch;
    uint64_t size;
    uint8_t *map;
};

static void dumb_create(struct dumb *b, uint32_t w, uint32_t h)
{
    struct drm_mode_create_dumb c = { .width = w, .height = h, .bpp = 32 };
    struct drm_mode_map_dumb m = { 0 };
    if (drmIoctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &c))
        die("DRM_IOCTL_MODE_CREATE_DUMB");
    b->pitch = c.pitch, b->size = c.size;
    uint32_t handles[4] = { c.handle }, pitches[4] = { c.pitch }, offsets[4] = { 0 };
    if (drmModeAddFB2(fd, w, h, DRM_FORMAT_XRGB8888, handles, pitches, offsets, &b->fb, 0))
        die("drmModeAddFB2");
    m.handle = c.handle;
    if (drmIoctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &m))
        die("DRM_IOCTL_MODE_MAP_DUMB");
    b->map = mmap(NULL, c.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, m.offset);
    if (b->map == MAP_FAILED)
        die("mmap");
}

static uint32_t *px(const struct dumb *b, uint32_t x, uint32_t y)
{
    return (uint32_t *)(b->map + (size_t)y * b->pitch) + x;
}

/* The app's picture for frame i: a gradient, a white square moving along the top band. */
static uint32_t picture(uint32_t x, uint32_t y, int i)
{
    uint32_t sx = 16 + 24 * (uint32_t)i, sy = 16;
    if (x >= sx && x < sx + SQUARE && y >= sy && y < sy + SQUARE)
        return 0xFFFFFF;
    return ((x * 255 / 1024) & 0xff) << 16 | ((y * 255 / 768) & 0xff) << 8 | 0x60;
}

/* dst under premultiplied src: src + dst * (1 - alpha), per channel. */
static uint32_t over(uint32_t src, uint32_t dst)
{
    uint32_t a = src >> 24, out = 0;
    for (int s = 0; s < 24; s += 8) {
        uint32_t v = ((src >> s) & 0xff) + (((dst >> s) & 0xff) * (255 - a) + 127) / 255;
        out |= (v > 255 ? 255 : v) << s;
    }
    return out;
}

static int close_to(uint32_t a, uint32_t b, int tolerance)
{
    for (int s = 0; s < 24; s += 8)
        if (abs((int)((a >> s) & 0xff) - (int)((b >> s) & 0xff)) > tolerance)
            return 0;
    return 1;
}

static void write_ppm(const char *path, const uint32_t *pixels, uint32_t w, uint32_t h)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        die("cannot write a capture");
    fprintf(f, "P6\n%u %u\n255\n", w, h);
    for (size_t i = 0; i < (size_t)w * h; i++) {
        uint8_t rgb[3] = { pixels[i] >> 16, pixels[i] >> 8, pixels[i] };
        fwrite(rgb, 1, 3, f);
    }
    fclose(f);
}

static int flipped;

static void on_flip(int card, unsigned int seq, unsigned int s, unsigned int us, void *data)
{
    (void)card, (void)seq, (void)s, (void)us;
    kh(kh_plane_commit_done((kh_plane *)data), "kh_plane_commit_done");
    flipped = 1;
}

/* A HUD as both stacks show it: a spinner on a half-transparent bezel, no label. */
static void show_hud(kh_stack *stack)
{
    kh_hud *hud;
    kh(kh_hud_new(stack, &hud), "kh_hud_new");
    kh(kh_hud_set_bezel_color(hud, 0xA0204080), "kh_hud_set_bezel_color");
    kh(kh_hud_set_content_color(hud, 0xFFFFFFFF), "kh_hud_set_content_color");
    kh(kh_hud_show(hud, 0), "kh_hud_show");
}

int main(int argc, char **argv)
{
    const char *dev = "/dev/dri/card0", *capture_dir = NULL;
    int frames = 8;
    double started = now_ms();
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--frames") && i + 1 < argc)
            frames = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--capture") && i + 1 < argc)
            capture_dir = argv[++i];
        else if (argv[i][0] != '-')
            dev = argv[i];
        else {
            fprintf(stderr, "usage: plane-example [--frames N] [--capture DIR] [DEVICE]\n");
            return 2;
        }
    }
    if (frames < 2)
        die("--frames must be at least 2");
    fd = open(dev, O_RDWR | O_CLOEXEC);
    if (fd < 0)
        die("cannot open the card");
    if (drmSetClientCap(fd, DRM_CLIENT_CAP_ATOMIC, 1) || drmSetClientCap(fd, DRM_CLIENT_CAP_WRITEBACK_CONNECTORS, 1))
        die("no atomic modesetting or no writeback connectors");

    /* The first CRTC, its primary plane, the writeback connector, a mode. */
    drmModeRes *res = drmModeGetResources(fd);
    drmModePlaneRes *pres = drmModeGetPlaneResources(fd);
    if (!res || !pres || res->count_crtcs < 1)
        die("no KMS resources");
    uint32_t crtc = res->crtcs[0], primary = 0, wb_conn = 0, others[8];
    int n_others = 0, have_mode = 0;
    drmModeModeInfo mode;
    for (uint32_t i = 0; i < pres->count_planes && !primary; i++) {
        drmModePlane *p = drmModeGetPlane(fd, pres->planes[i]);
        drmModeObjectProperties *props = p ? drmModeObjectGetProperties(fd, p->plane_id, DRM_MODE_OBJECT_PLANE) : NULL;
        for (uint32_t k = 0; props && k < props->count_props; k++) {
            drmModePropertyRes *prop = drmModeGetProperty(fd, props->props[k]);
            if (prop && !strcmp(prop->name, "type") && props->prop_values[k] == DRM_PLANE_TYPE_PRIMARY &&
                (p->possible_crtcs & 1))
                primary = p->plane_id;
            drmModeFreeProperty(prop);
        }
        drmModeFreeObjectProperties(props);
        drmModeFreePlane(p);
    }
    for (int i = 0; i < res->count_connectors; i++) {
        drmModeConnector *c = drmModeGetConnector(fd, res->connectors[i]);
        if (!c)
            continue;
        if (c->connector_type == DRM_MODE_CONNECTOR_WRITEBACK)
            wb_conn = c->connector_id;
        else {
            if (n_others < 8)
                others[n_others++] = c->connector_id;
            if (!have_mode && c->connection == DRM_MODE_CONNECTED && c->count_modes > 0) {
                mode = c->modes[0];
                for (int m = 0; m < c->count_modes; m++)
                    if (c->modes[m].type & DRM_MODE_TYPE_PREFERRED) {
                        mode = c->modes[m];
                        break;
                    }
                have_mode = 1;
            }
        }
        drmModeFreeConnector(c);
    }
    if (!primary || !wb_conn || !have_mode)
        die("no primary plane, writeback connector or mode");
    uint32_t w = mode.hdisplay, h = mode.vdisplay, blob;
    if (drmModeCreatePropertyBlob(fd, &mode, sizeof mode, &blob))
        die("drmModeCreatePropertyBlob");
    printf("plane-example: %ux%u on CRTC %u, primary plane %u, writeback connector %u\n", w, h, crtc, primary, wb_conn);

    /* The reference: the same HUD drawn once as a layer. */
    kh_stack *ref_stack;
    kh_layer *ref_layer;
    kh_layer_frame ref;
    kh(kh_stack_new(0, &ref_stack), "kh_stack_new");
    show_hud(ref_stack);
    kh(kh_layer_new(ref_stack, (int32_t)w, (int32_t)h, KH_FORMAT_ARGB8888, 1.0, 0, &ref_layer), "kh_layer_new");
    kh(kh_layer_draw(ref_layer, &ref), "kh_layer_draw");
    if (ref.extent.width == 0)
        die("the reference layer drew no HUD");
    const uint32_t *ref_px = ref.pixels;
    int32_t cx = ref.extent.x + ref.extent.width / 2, cy = ref.extent.y + ref.extent.height / 2;
    printf("plane-example: reference HUD extent %d,%d %dx%d\n", ref.extent.x, ref.extent.y, ref.extent.width,
           ref.extent.height);

    /* The app's stack and its plane. */
    kh_stack *stack;
    kh_plane *plane;
    kh(kh_stack_new(0, &stack), "kh_stack_new");
    show_hud(stack);
    kh(kh_plane_new(stack, fd, crtc, (int32_t)w, (int32_t)h, 1.0, &plane), "kh_plane_new");

    struct dumb app[2], wb;
    dumb_create(&app[0], w, h);
    dumb_create(&app[1], w, h);
    dumb_create(&wb, w, h);
    uint32_t *spin_prev = malloc(4 * SPIN * SPIN * 4), *spin_prev2 = malloc(4 * SPIN * SPIN * 4);
    if (!spin_prev || !spin_prev2)
        die("out of memory");
    int spin_changes = 0;
    long untouched_bad = 0, over_bad = 0, over_hud = 0;
    char detail[256] = "";
    drmEventContext events = { .version = 2, .page_flip_handler = on_flip };

    for (int i = 0; i < frames; i++) {
        /* Wait for the HUD's next frame (its stack's fd), as an app's loop does. */
        for (;;) {
            int ms;
            kh(kh_stack_dispatch(stack), "kh_stack_dispatch");
            kh(kh_stack_next_frame_ms(stack, &ms), "kh_stack_next_frame_ms");
            if (ms == 0 || i == 0)
                break;
            if (ms < 0)
                die("the spinner wants no frame");
            struct pollfd p = { .fd = kh_stack_get_fd(stack), .events = POLLIN };
            poll(&p, 1, ms);
        }
        struct dumb *back = &app[i % 2];
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++)
                *px(back, x, y) = picture(x, y, i);
        memset(wb.map, 0, wb.size);
        int32_t fence = -1;
        uint32_t flags = i == 0 ? DRM_MODE_ATOMIC_ALLOW_MODESET : DRM_MODE_ATOMIC_NONBLOCK | DRM_MODE_PAGE_FLIP_EVENT;
        drmModeAtomicReq *req = drmModeAtomicAlloc();
        if (i == 0) {
            add(req, crtc, DRM_MODE_OBJECT_CRTC, "MODE_ID", blob);
            add(req, crtc, DRM_MODE_OBJECT_CRTC, "ACTIVE", 1);
            for (int k = 0; k < n_others; k++)
                add(req, others[k], DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID", 0);
            add(req, wb_conn, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID", crtc);
            add(req, primary, DRM_MODE_OBJECT_PLANE, "CRTC_ID", crtc);
            add(req, primary, DRM_MODE_OBJECT_PLANE, "SRC_X", 0);
            add(req, primary, DRM_MODE_OBJECT_PLANE, "SRC_Y", 0);
            add(req, primary, DRM_MODE_OBJECT_PLANE, "SRC_W", (uint64_t)w << 16);
            add(req, primary, DRM_MODE_OBJECT_PLANE, "SRC_H", (uint64_t)h << 16);
            add(req, primary, DRM_MODE_OBJECT_PLANE, "CRTC_X", 0);
            add(req, primary, DRM_MODE_OBJECT_PLANE, "CRTC_Y", 0);
            add(req, primary, DRM_MODE_OBJECT_PLANE, "CRTC_W", w);
            add(req, primary, DRM_MODE_OBJECT_PLANE, "CRTC_H", h);
        }
        add(req, primary, DRM_MODE_OBJECT_PLANE, "FB_ID", back->fb);
        add(req, wb_conn, DRM_MODE_OBJECT_CONNECTOR, "WRITEBACK_FB_ID", wb.fb);
        add(req, wb_conn, DRM_MODE_OBJECT_CONNECTOR, "WRITEBACK_OUT_FENCE_PTR", (uint64_t)(uintptr_t)&fence);
        uint32_t plane_id = 0;
        kh(kh_plane_apply(plane, req, flags, &plane_id), "kh_plane_apply");
        if (i == 0)
            printf("plane-example: the HUD on plane %u\n", plane_id);
        flipped = 0;
        if (drmModeAtomicCommit(fd, req, flags, plane))
            die("drmModeAtomicCommit");
        drmModeAtomicFree(req);
        if (i == 0)
            kh(kh_plane_commit_done(plane), "kh_plane_commit_done"); /* a blocking commit has returned */
        else
            while (!flipped) {
                struct pollfd p = { .fd = fd, .events = POLLIN };
                if (poll(&p, 1, 2000) != 1)
                    die("no flip event within 2 s");
                drmHandleEvent(fd, &events);
            }
        struct pollfd p = { .fd = fence, .events = POLLIN };
        if (fence < 0 || poll(&p, 1, 2000) != 1)
            die("the writeback fence did not signal within 2 s");
        close(fence);

        /* Judge the capture. */
        /* The spinner's box differs from the last frame's and from the one before (two buffers in turn). */
        int spin_differs1 = 0, spin_differs2 = 0;
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++) {
                uint32_t got = *px(&wb, x, y) & 0xffffff, app_px = picture(x, y, i);
                int in_extent = (int32_t)x >= ref.extent.x && (int32_t)x < ref.extent.x + ref.extent.width &&
                                (int32_t)y >= ref.extent.y && (int32_t)y < ref.extent.y + ref.extent.height;
                int in_spin = abs((int)x - cx) < SPIN && abs((int)y - cy) < SPIN;
                if (!in_extent) {
                    if (got != app_px && !untouched_bad++)
                        snprintf(detail, sizeof detail, "frame %d: %u,%u is %06x, the app's %06x", i, x, y, got, app_px);
                } else if (in_spin) {
                    size_t k = (y - (cy - SPIN)) * 2 * SPIN + (x - (cx - SPIN));
                    spin_differs1 |= i > 0 && spin_prev[k] != got;
                    spin_differs2 |= i > 1 && spin_prev2[k] != got;
                    spin_prev2[k] = spin_prev[k];
                    spin_prev[k] = got;
                } else {
                    uint32_t l = ref_px[(size_t)y * (ref.stride / 4) + x];
                    over_hud += got != app_px;
                    if (!close_to(got, over(l, app_px), 2) && !over_bad++)
                        printf("plane-example: frame %d: %u,%u is %06x, the layer %08x over the app's %06x is %06x\n", i,
                               x, y, got, l, app_px, over(l, app_px));
                }
            }
        int turned = spin_differs1 && (i < 2 || spin_differs2);
        spin_changes += turned;
        printf("plane-example: frame %d on screen%s\n", i, turned ? ", the spinner turned" : "");
        if (capture_dir && (i == 0 || i == frames - 1)) {
            char path[512];
            uint32_t *last = malloc((size_t)w * h * 4);
            if (!last)
                die("out of memory");
            for (uint32_t y = 0; y < h; y++)
                for (uint32_t x = 0; x < w; x++)
                    last[(size_t)y * w + x] = *px(&wb, x, y);
            snprintf(path, sizeof path, "%s/plane-%s.ppm", capture_dir, i == 0 ? "first" : "last");
            write_ppm(path, last, w, h);
            free(last);
        }
    }

    char msg[256];
    snprintf(msg, sizeof msg, "(%ld pixels off over %d frames) %s", untouched_bad, frames, detail);
    check("untouched", untouched_bad == 0, msg);
    snprintf(msg, sizeof msg, "(%ld pixels off the blend, %ld pixels of HUD over the app)", over_bad, over_hud);
    check("over", over_bad == 0 && over_hud > 1000, msg);
    snprintf(msg, sizeof msg, "(the spinner's box new in %d of %d frames: unlike the last two)", spin_changes,
             frames - 1);
    check("spinner", spin_changes >= (frames - 1) / 2, msg);

    kh(kh_plane_free(plane), "kh_plane_free");
    kh(kh_stack_free(stack), "kh_stack_free");
    kh(kh_layer_free(ref_layer), "kh_layer_free");
    kh(kh_stack_free(ref_stack), "kh_stack_free");
    printf("plane-example: %d frames, %.0f ms from start to end\n", frames, now_ms() - started);
    printf("plane-example: %s\n", failures ? "FAIL" : "ok");
    return failures ? 1 : 0;
}
