/* The display both benchmarks draw on: the first connected connector of
 * card0, its preferred mode and a CRTC for it. Exits with a message on failure. */
#ifndef KIOSKHUD_BENCH_OUTPUT_H
#define KIOSKHUD_BENCH_OUTPUT_H
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <xf86drm.h>
#include <xf86drmMode.h>

struct bench_output {
    int fd;
    uint32_t connector, crtc;
    drmModeModeInfo mode;
};

static struct bench_output bench_open_output(void) {
    struct bench_output o;
    o.fd = open("/dev/dri/card0", O_RDWR | O_CLOEXEC);
    if (o.fd < 0) { perror("open /dev/dri/card0"); exit(1); }
    drmModeRes *res = drmModeGetResources(o.fd);
    if (!res) { perror("drmModeGetResources"); exit(1); }
    drmModeConnector *conn = NULL;
    for (int i = 0; i < res->count_connectors; i++) {
        conn = drmModeGetConnector(o.fd, res->connectors[i]);
        if (conn && conn->connection == DRM_MODE_CONNECTED && conn->count_modes > 0) break;
        drmModeFreeConnector(conn);
        conn = NULL;
    }
    if (!conn) { fprintf(stderr, "no connected connector\n"); exit(1); }
    o.connector = conn->connector_id;
    o.mode = conn->modes[0];
    for (int i = 0; i < conn->count_modes; i++)
        if (conn->modes[i].type & DRM_MODE_TYPE_PREFERRED) { o.mode = conn->modes[i]; break; }
    drmModeEncoder *enc = drmModeGetEncoder(o.fd, conn->encoder_id ? conn->encoder_id : conn->encoders[0]);
    if (!enc) { perror("drmModeGetEncoder"); exit(1); }
    o.crtc = enc->crtc_id;
    if (!o.crtc)
        for (int i = 0; i < res->count_crtcs; i++)
            if (enc->possible_crtcs & (1u << i)) { o.crtc = res->crtcs[i]; break; }
    return o;
}

#endif
