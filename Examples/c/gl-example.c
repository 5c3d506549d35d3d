/* libkioskhud's HUD layer in a GPU app: EGL and OpenGL ES 2 with no window
 * and no GPU (Mesa's surfaceless platform, llvmpipe), the app drawing into an
 * FBO. Each frame the app draws its moving picture, then kh_layer_draw draws
 * the HUD into the layer's buffer and khgl_composite (kioskhud-gl) uploads
 * what changed and blends it over the picture. gl-scene.h has the picture,
 * the HUD and the checks the example makes on itself.
 *
 *   gl-example [--rgba] [--frames N] [--size WxH]
 * --rgba: the layer in bytes R, G, B, A (a GL_RGBA upload) instead of ARGB8888. */
#define _POSIX_C_SOURCE 200809L
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gl-scene.h"

int main(int argc, char **argv) {
    scene_options o = {.width = 480, .height = 320, .frames = 110, .format = KH_FORMAT_ARGB8888};
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--rgba") == 0) {
            o.format = KH_FORMAT_ABGR8888;
        } else if (strcmp(argv[i], "--frames") == 0 && i + 1 < argc) {
            o.frames = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--size") == 0 && i + 1 < argc && sscanf(argv[i + 1], "%dx%d", &o.width, &o.height) == 2) {
            i++;
        } else {
            fprintf(stderr, "gl-example: unknown argument '%s' (--rgba, --frames N, --size WxH)\n", argv[i]);
            return 2;
        }
    }
    if (o.frames < 1 || o.width < 16 || o.height < 16 || o.width > 4096 || o.height > 4096) {
        fprintf(stderr, "gl-example: --frames must be at least 1 and --size within 16x16...4096x4096\n");
        return 2;
    }
    PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
        (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    EGLDisplay display = get_platform_display ? get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL)
                                              : EGL_NO_DISPLAY;
    EGLint major, minor;
    if (display == EGL_NO_DISPLAY || !eglInitialize(display, &major, &minor)) {
        fprintf(stderr, "egl: no surfaceless display (EGL_MESA_platform_surfaceless; libegl-mesa0): 0x%x\n", eglGetError());
        return 1;
    }
    /* The surfaceless platform has pbuffer configs, no window ones (EGL_SURFACE_TYPE defaults to windows). */
    const EGLint config_attributes[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_NONE};
    const EGLint context_attributes[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
    EGLConfig config;
    EGLint configs = 0;
    EGLContext context = EGL_NO_CONTEXT;
    if (eglBindAPI(EGL_OPENGL_ES_API) && eglChooseConfig(display, config_attributes, &config, 1, &configs) && configs == 1)
        context = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attributes);
    if (context == EGL_NO_CONTEXT || !eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
        fprintf(stderr, "egl: no GLES2 context without a surface: 0x%x\n", eglGetError());
        return 1;
    }
    printf("egl: %d.%d %s\n", major, minor, eglQueryString(display, EGL_VENDOR));
    GLuint texture;
    o.framebuffer = scene_target(o.width, o.height, &texture);
    int status = scene_run(&o);
    glDeleteFramebuffers(1, &o.framebuffer);
    glDeleteTextures(1, &texture);
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(display, context);
    eglTerminate(display);
    return status;
}
