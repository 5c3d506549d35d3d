/* libkioskhud's HUD layer in a GPU app: EGL and OpenGL ES 2 with no window
 * and no GPU (Mesa's surfaceless platform, llvmpipe), the app drawing into an
 * FBO. Each frame the app draws its moving picture, then kh_layer_draw draws
 * the HUD into the layer's buffer and khgl_composite (kioskhud-gl) uploads
 * what changed and blends it over the picture. gl-scene.h has the picture,
 * the HUD and the checks the example makes on itself.
 *
 *   gl-example [--rgba] [--default-unpack] [--frames N] [--size WxH]
 * --rgba: the layer in bytes R, G, B, A (a GL_RGBA upload) instead of ARGB8888.
 * --default-unpack: the app leaves GL's unpack row length and skips alone. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "egl-surfaceless.h"
#include "gl-scene.h"

int main(int argc, char **argv) {
    scene_options o = {.width = 480, .height = 320, .frames = 110, .format = KH_FORMAT_ARGB8888};
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--rgba") == 0) {
            o.format = KH_FORMAT_ABGR8888;
        } else if (strcmp(argv[i], "--default-unpack") == 0) {
            o.default_unpack = 1;
        } else if (strcmp(argv[i], "--frames") == 0 && i + 1 < argc) {
            o.frames = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--size") == 0 && i + 1 < argc && sscanf(argv[i + 1], "%dx%d", &o.width, &o.height) == 2) {
            i++;
        } else {
            fprintf(stderr, "gl-example: unknown argument '%s' (--rgba, --default-unpack, --frames N, --size WxH)\n", argv[i]);
            return 2;
        }
    }
    if (o.frames < 1 || o.width < 16 || o.height < 16 || o.width > 4096 || o.height > 4096) {
        fprintf(stderr, "gl-example: --frames must be at least 1 and --size within 16x16...4096x4096\n");
        return 2;
    }
    egl_surfaceless egl;
    if (egl_surfaceless_open(&egl) != 0) return 1;
    GLuint texture;
    o.framebuffer = scene_target(o.width, o.height, &texture);
    int status = scene_run(&o);
    glDeleteFramebuffers(1, &o.framebuffer);
    glDeleteTextures(1, &texture);
    egl_surfaceless_close(&egl);
    return status;
}
