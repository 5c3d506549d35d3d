/* An OpenGL ES 2 context with no window and no GPU needed: EGL on Mesa's
 * surfaceless platform (llvmpipe when there is no GPU), made current on the
 * calling thread. The app draws into FBOs of its own. */
#ifndef KIOSKHUD_EGL_SURFACELESS_H
#define KIOSKHUD_EGL_SURFACELESS_H

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <stdio.h>

typedef struct egl_surfaceless {
    EGLDisplay display;
    EGLContext context;
} egl_surfaceless;

/* 0 on success; else prints why to stderr and returns 1. */
static int egl_surfaceless_open(egl_surfaceless *egl) {
    PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
        (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    egl->display = get_platform_display ? get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL)
                                        : EGL_NO_DISPLAY;
    EGLint major, minor;
    if (egl->display == EGL_NO_DISPLAY || !eglInitialize(egl->display, &major, &minor)) {
        fprintf(stderr, "egl: no surfaceless display (EGL_MESA_platform_surfaceless; libegl-mesa0): 0x%x\n", eglGetError());
        return 1;
    }
    /* The surfaceless platform has pbuffer configs, no window ones (EGL_SURFACE_TYPE defaults to windows). */
    const EGLint config_attributes[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_NONE};
    const EGLint context_attributes[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
    EGLConfig config;
    EGLint configs = 0;
    egl->context = EGL_NO_CONTEXT;
    if (eglBindAPI(EGL_OPENGL_ES_API) && eglChooseConfig(egl->display, config_attributes, &config, 1, &configs) && configs == 1)
        egl->context = eglCreateContext(egl->display, config, EGL_NO_CONTEXT, context_attributes);
    if (egl->context == EGL_NO_CONTEXT || !eglMakeCurrent(egl->display, EGL_NO_SURFACE, EGL_NO_SURFACE, egl->context)) {
        fprintf(stderr, "egl: no GLES2 context without a surface: 0x%x\n", eglGetError());
        return 1;
    }
    printf("egl: %d.%d %s\n", major, minor, eglQueryString(egl->display, EGL_VENDOR));
    return 0;
}

static void egl_surfaceless_close(egl_surfaceless *egl) {
    eglMakeCurrent(egl->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(egl->display, egl->context);
    eglTerminate(egl->display);
}

#endif
