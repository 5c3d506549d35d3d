/* What a KMS card offers for overlay composition: planes, connectors, and
 * (with --capture) one writeback capture proving that the overlay blends.
 *
 * Usage: planes [--capture OUT.ppm] [--captures N] [--gap-ms MS] [DEVICE]
 *   DEVICE defaults to /dev/dri/card0. Sets DRM_CLIENT_CAP_ATOMIC, then
 *   DRM_CLIENT_CAP_WRITEBACK_CONNECTORS (the kernel refuses the second
 *   without the first), and prints one line per plane and per connector.
 *   Exits 1 when no OVERLAY plane takes ARGB8888 or there is no writeback
 *   connector; the last line says `planes: ok ...` or `planes: FAIL ...`.
 *
 *   --capture: lights the first CRTC with the writeback connector alone (it
 *   cannot share the CRTC with another connector on vkms) at the first
 *   connected ordinary connector's preferred mode, a checkerboard on the
 *   primary plane and a half-transparent premultiplied white box on an
 *   overlay plane; commits N times (default 3, the box moving 8 px each
 *   time), each with a writeback buffer and an out-fence, waits for each
 *   fence (at most 2 s, then waits --gap-ms, default 50, before the next),
 *   prints `capture i: fence after X ms` and checks the last buffer pixel
 *   by pixel against the expected blend (out = src + dst * (1 - alpha)).
 *   Writes the last capture as a binary PPM.
 *
 * Built by board/qemu/run-overlay-e2e.sh: gcc planes.c $(pkg-config --cflags --libs libdrm)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <drm_fourcc.h>
#include <xf86drm.h>
#include <xf86drmMode.h>

static int fd = -1;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void fourcc_str(uint32_t f, char out[5])
{
    for (int i = 0; i < 4; i++)
        out[i] = (char)((f >> (8 * i)) & 0xff);
    out[4] = 0;
}

/* The property `name` of an object: its id (0 when absent) and value. */
static uint32_t prop_id(uint32_t obj, uint32_t type, const char *name, uint64_t *value)
{
    drmModeObjectProperties *props = drmModeObjectGetProperties(fd, obj, type);
    uint32_t id = 0;
    for (uint32_t i = 0; props && i < props->count_props && !id; i++) {
        drmModePropertyRes *p = drmModeGetProperty(fd, props->props[i]);
        if (p && strcmp(p->name, name) == 0) {
            id = p->prop_id;
            if (value)
                *value = props->prop_values[i];
        }
        drmModeFreeProperty(p);
    }
    drmModeFreeObjectProperties(props);
    return id;
}

static void print_prop_names(uint32_t obj, uint32_t type)
{
    drmModeObjectProperties *props = drmModeObjectGetProperties(fd, obj, type);
    printf(" props=");
    for (uint32_t i = 0; props && i < props->count_props; i++) {
        drmModePropertyRes *p = drmModeGetProperty(fd, props->props[i]);
        printf("%s%s", i ? "," : "", p ? p->name : "?");
        drmModeFreeProperty(p);
    }
    drmModeFreeObjectProperties(props);
}

static const char *plane_type_name(uint64_t t)
{
    switch (t) {
    case DRM_PLANE_TYPE_PRIMARY: return "primary";
    case DRM_PLANE_TYPE_OVERLAY: return "overlay";
    case DRM_PLANE_TYPE_CURSOR: return "cursor";
    default: return "unknown";
    }
}

static const char *status_name(drmModeConnection c)
{
    switch (c) {
    case DRM_MODE_CONNECTED: return "connected";
    case DRM_MODE_DISCONNECTED: return "disconnected";
    default: return "unknown";
    }
}

struct dumb {
    uint32_t handle, pitch, fb, w, h;
    uint64_t size;
    uint8_t *map;
};

static int dumb_create(struct dumb *b, uint32_t w, uint32_t h, uint32_t format)
{
    struct drm_mode_create_dumb c = { .width = w, .height = h, .bpp = 32 };
    struct drm_mode_map_dumb m = { 0 };
    if (drmIoctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &c))
        return -1;
    b->handle = c.handle, b->pitch = c.pitch, b->size = c.size, b->w = w, b->h = h;
    uint32_t handles[4] = { c.handle }, pitches[4] = { c.pitch }, offsets[4] = { 0 };
    if (drmModeAddFB2(fd, w, h, format, handles, pitches, offsets, &b->fb, 0))
        return -1;
    m.handle = c.handle;
    if (drmIoctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &m))
        return -1;
    b->map = mmap(NULL, c.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, m.offset);
    return b->map == MAP_FAILED ? -1 : 0;
}

static uint32_t *px(struct dumb *b, uint32_t x, uint32_t y)
{
    return (uint32_t *)(b->map + (size_t)y * b->pitch) + x;
}

/* The primary's picture: 64-px tiles, (0x20,0x40,0x80) and (0xE0,0xE0,0xD0). */
static uint32_t checker(uint32_t x, uint32_t y)
{
    return ((x / 64 + y / 64) % 2) ? 0xE0E0D0 : 0x204080;
}

/* The overlay: white at alpha 0x80, premultiplied. */
#define BOX_W 256
#define BOX_H 128
#define BOX_PIXEL 0x80808080u

static uint32_t blend(uint32_t dst)
{
    uint32_t out = 0;
    for (int s = 0; s < 24; s += 8) {
        uint32_t d = (dst >> s) & 0xff;
        uint32_t v = 0x80 + (d * (255 - 0x80) + 127) / 255;
        out |= (v > 255 ? 255 : v) << s;
    }
    return out;
}

static void add(drmModeAtomicReq *req, uint32_t obj, uint32_t type, const char *name, uint64_t value)
{
    uint32_t id = prop_id(obj, type, name, NULL);
    if (!id) {
        fprintf(stderr, "planes: object %u has no property %s\n", obj, name);
        exit(2);
    }
    drmModeAtomicAddProperty(req, obj, id, value);
}

static int capture(const char *path, int count, int gap_ms, uint32_t crtc, uint32_t primary,
                   uint32_t overlay, uint32_t wb_conn, drmModeModeInfo *mode, uint32_t *others, int n_others)
{
    uint32_t w = mode->hdisplay, h = mode->vdisplay, blob;
    struct dumb bg, box, wb;
    if (dumb_create(&bg, w, h, DRM_FORMAT_XRGB8888) || dumb_create(&box, BOX_W, BOX_H, DRM_FORMAT_ARGB8888) ||
        dumb_create(&wb, w, h, DRM_FORMAT_XRGB8888)) {
        printf("planes: FAIL capture: buffers: %s\n", strerror(errno));
        return 1;
    }
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++)
            *px(&bg, x, y) = checker(x, y);
    for (uint32_t y = 0; y < BOX_H; y++)
        for (uint32_t x = 0; x < BOX_W; x++)
            *px(&box, x, y) = BOX_PIXEL;
    if (drmModeCreatePropertyBlob(fd, mode, sizeof *mode, &blob)) {
        printf("planes: FAIL capture: mode blob: %s\n", strerror(errno));
        return 1;
    }
    uint32_t bx = 0, by = 100;
    for (int i = 0; i < count; i++) {
        bx = 100 + 8 * i;
        memset(wb.map, 0, wb.size);
        int32_t fence = -1;
        drmModeAtomicReq *req = drmModeAtomicAlloc();
        add(req, crtc, DRM_MODE_OBJECT_CRTC, "MODE_ID", blob);
        add(req, crtc, DRM_MODE_OBJECT_CRTC, "ACTIVE", 1);
        for (int k = 0; k < n_others; k++)
            add(req, others[k], DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID", 0);
        add(req, wb_conn, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID", crtc);
        add(req, wb_conn, DRM_MODE_OBJECT_CONNECTOR, "WRITEBACK_FB_ID", wb.fb);
        add(req, wb_conn, DRM_MODE_OBJECT_CONNECTOR, "WRITEBACK_OUT_FENCE_PTR", (uint64_t)(uintptr_t)&fence);
        struct { uint32_t plane, fb, x, y, w, h; } planes[2] = {
            { primary, bg.fb, 0, 0, w, h }, { overlay, box.fb, bx, by, BOX_W, BOX_H } };
        for (int k = 0; k < 2; k++) {
            uint32_t p = planes[k].plane;
            add(req, p, DRM_MODE_OBJECT_PLANE, "FB_ID", planes[k].fb);
            add(req, p, DRM_MODE_OBJECT_PLANE, "CRTC_ID", crtc);
            add(req, p, DRM_MODE_OBJECT_PLANE, "SRC_X", 0);
            add(req, p, DRM_MODE_OBJECT_PLANE, "SRC_Y", 0);
            add(req, p, DRM_MODE_OBJECT_PLANE, "SRC_W", (uint64_t)planes[k].w << 16);
            add(req, p, DRM_MODE_OBJECT_PLANE, "SRC_H", (uint64_t)planes[k].h << 16);
            add(req, p, DRM_MODE_OBJECT_PLANE, "CRTC_X", planes[k].x);
            add(req, p, DRM_MODE_OBJECT_PLANE, "CRTC_Y", planes[k].y);
            add(req, p, DRM_MODE_OBJECT_PLANE, "CRTC_W", planes[k].w);
            add(req, p, DRM_MODE_OBJECT_PLANE, "CRTC_H", planes[k].h);
        }
        double t0 = now_ms();
        int r = drmModeAtomicCommit(fd, req, DRM_MODE_ATOMIC_ALLOW_MODESET, NULL);
        double t1 = now_ms();
        drmModeAtomicFree(req);
        if (r) {
            printf("planes: FAIL capture %d: commit: %s\n", i, strerror(errno));
            return 1;
        }
        if (fence < 0) {
            printf("planes: FAIL capture %d: no out-fence\n", i);
            return 1;
        }
        struct pollfd p = { .fd = fence, .events = POLLIN };
        int ready = poll(&p, 1, 2000);
        double t2 = now_ms();
        close(fence);
        if (ready != 1) {
            printf("planes: FAIL capture %d: the writeback fence did not signal within 2 s\n", i);
            return 1;
        }
        printf("capture %d: commit %.1f ms, fence after %.1f ms\n", i, t1 - t0, t2 - t0);
        if (i + 1 < count && gap_ms > 0)
            usleep(gap_ms * 1000);
    }
    /* Pixel by pixel: the checkerboard, and the box blended over it at its last place. */
    long bad = 0;
    uint32_t first_x = 0, first_y = 0, got = 0, want = 0;
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            uint32_t e = checker(x, y);
            if (x >= bx && x < bx + BOX_W && y >= by && y < by + BOX_H)
                e = blend(e);
            uint32_t g = *px(&wb, x, y) & 0xffffff;
            int off = 0;
            for (int s = 0; s < 24; s += 8)
                off |= abs((int)((g >> s) & 0xff) - (int)((e >> s) & 0xff)) > 2;
            if (off && !bad++)
                first_x = x, first_y = y, got = g, want = e;
        }
    FILE *f = fopen(path, "wb");
    if (f) {
        fprintf(f, "P6\n%u %u\n255\n", w, h);
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++) {
                uint32_t v = *px(&wb, x, y);
                uint8_t rgb[3] = { v >> 16, v >> 8, v };
                fwrite(rgb, 1, 3, f);
            }
        fclose(f);
    }
    if (!f) {
        printf("planes: FAIL capture: cannot write %s: %s\n", path, strerror(errno));
        return 1;
    }
    if (bad) {
        printf("planes: FAIL capture: %ld pixels differ from the expected blend, first at %u,%u: %06x, expected %06x\n",
               bad, first_x, first_y, got, want);
        return 1;
    }
    printf("capture: %ux%u written to %s, every pixel as blended (overlay box at %u,%u)\n", w, h, path, bx, by);
    return 0;
}

int main(int argc, char **argv)
{
    const char *dev = "/dev/dri/card0", *capture_path = NULL;
    int captures = 3, gap_ms = 50;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--capture") && i + 1 < argc)
            capture_path = argv[++i];
        else if (!strcmp(argv[i], "--captures") && i + 1 < argc)
            captures = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--gap-ms") && i + 1 < argc)
            gap_ms = atoi(argv[++i]);
        else if (argv[i][0] != '-')
            dev = argv[i];
        else {
            fprintf(stderr, "usage: planes [--capture OUT.ppm] [--captures N] [--gap-ms MS] [DEVICE]\n");
            return 2;
        }
    }
    fd = open(dev, O_RDWR | O_CLOEXEC);
    if (fd < 0) {
        printf("planes: FAIL %s: %s\n", dev, strerror(errno));
        return 1;
    }
    drmVersion *v = drmGetVersion(fd);
    printf("driver %s (%s)\n", v ? v->name : "?", dev);
    drmFreeVersion(v);
    if (drmSetClientCap(fd, DRM_CLIENT_CAP_ATOMIC, 1)) {
        printf("planes: FAIL DRM_CLIENT_CAP_ATOMIC: %s\n", strerror(errno));
        return 1;
    }
    int wb_cap = drmSetClientCap(fd, DRM_CLIENT_CAP_WRITEBACK_CONNECTORS, 1) == 0;
    if (!wb_cap)
        printf("DRM_CLIENT_CAP_WRITEBACK_CONNECTORS refused: %s\n", strerror(errno));

    drmModeRes *res = drmModeGetResources(fd);
    drmModePlaneRes *pres = drmModeGetPlaneResources(fd);
    if (!res || !pres) {
        printf("planes: FAIL no KMS resources: %s\n", strerror(errno));
        return 1;
    }
    printf("crtcs=%d connectors=%d encoders=%d planes=%u\n", res->count_crtcs, res->count_connectors,
           res->count_encoders, pres->count_planes);
    int overlays_argb = 0;
    uint32_t primary = 0, overlay = 0, crtc = res->count_crtcs ? res->crtcs[0] : 0;
    for (uint32_t i = 0; i < pres->count_planes; i++) {
        drmModePlane *p = drmModeGetPlane(fd, pres->planes[i]);
        if (!p)
            continue;
        uint64_t type = ~0ull;
        prop_id(p->plane_id, DRM_MODE_OBJECT_PLANE, "type", &type);
        int argb = 0;
        printf("plane %u type=%s possible_crtcs=0x%x formats=", p->plane_id, plane_type_name(type), p->possible_crtcs);
        for (uint32_t k = 0; k < p->count_formats; k++) {
            char s[5];
            fourcc_str(p->formats[k], s);
            printf("%s%s", k ? "," : "", s);
            argb |= p->formats[k] == DRM_FORMAT_ARGB8888;
        }
        printf(" argb8888=%s", argb ? "yes" : "no");
        print_prop_names(p->plane_id, DRM_MODE_OBJECT_PLANE);
        printf("\n");
        if (type == DRM_PLANE_TYPE_OVERLAY && argb && (p->possible_crtcs & 1)) {
            overlays_argb++;
            if (!overlay)
                overlay = p->plane_id;
        }
        if (type == DRM_PLANE_TYPE_PRIMARY && (p->possible_crtcs & 1) && !primary)
            primary = p->plane_id;
        drmModeFreePlane(p);
    }
    int writebacks = 0;
    uint32_t wb_conn = 0, others[16];
    int n_others = 0;
    drmModeModeInfo mode;
    int have_mode = 0;
    for (int i = 0; i < res->count_connectors; i++) {
        drmModeConnector *c = drmModeGetConnector(fd, res->connectors[i]);
        if (!c)
            continue;
        const char *tn = drmModeGetConnectorTypeName(c->connector_type);
        int preferred = -1;
        for (int k = 0; k < c->count_modes; k++)
            if (c->modes[k].type & DRM_MODE_TYPE_PREFERRED && preferred < 0)
                preferred = k;
        printf("connector %u %s-%u type=%u status=%s modes=%d", c->connector_id, tn ? tn : "?",
               c->connector_type_id, c->connector_type, status_name(c->connection), c->count_modes);
        if (c->count_modes)
            printf(" first=%s", c->modes[0].name);
        printf(" preferred=%s", preferred >= 0 ? c->modes[preferred].name : "none");
        if (c->count_modes > 1)
            printf(" last=%s", c->modes[c->count_modes - 1].name);
        print_prop_names(c->connector_id, DRM_MODE_OBJECT_CONNECTOR);
        if (c->connector_type == DRM_MODE_CONNECTOR_WRITEBACK) {
            uint64_t blob_id = 0;
            writebacks++;
            wb_conn = c->connector_id;
            if (prop_id(c->connector_id, DRM_MODE_OBJECT_CONNECTOR, "WRITEBACK_PIXEL_FORMATS", &blob_id)) {
                drmModePropertyBlobRes *b = drmModeGetPropertyBlob(fd, (uint32_t)blob_id);
                printf(" writeback-formats=");
                for (uint32_t k = 0; b && k < b->length / 4; k++) {
                    char s[5];
                    fourcc_str(((uint32_t *)b->data)[k], s);
                    printf("%s%s", k ? "," : "", s);
                }
                drmModeFreePropertyBlob(b);
            }
        } else {
            if (n_others < 16)
                others[n_others++] = c->connector_id;
            if (!have_mode && c->connection == DRM_MODE_CONNECTED && c->count_modes) {
                mode = c->modes[preferred >= 0 ? preferred : 0];
                have_mode = 1;
            }
        }
        printf("\n");
        drmModeFreeConnector(c);
    }
    if (!overlays_argb || !writebacks) {
        printf("planes: FAIL overlay-argb8888=%d writeback=%d (want at least one of each)\n", overlays_argb, writebacks);
        return 1;
    }
    if (capture_path) {
        if (!primary || !have_mode) {
            printf("planes: FAIL capture: no primary plane or no connected connector with a mode\n");
            return 1;
        }
        if (capture(capture_path, captures, gap_ms, crtc, primary, overlay, wb_conn, &mode, others, n_others))
            return 1;
    }
    printf("planes: ok overlay-argb8888=%d writeback=%d\n", overlays_argb, writebacks);
    return 0;
}
