/* libkioskhud's HUD layer in an SDL2 app drawing with OpenGL ES 2: the app
 * draws its moving picture into the window, kh_layer_draw draws the HUD into
 * the layer's buffer, khgl_composite (kioskhud-gl) blends it over the frame,
 * SDL_GL_SwapWindow shows it. gl-scene.h has the picture, the HUD and the
 * checks the example makes on itself.
 *
 * Runs headless with SDL_VIDEODRIVER=offscreen (what CI uses: EGL pbuffers on
 * Mesa's llvmpipe, no display, no GPU). The checks read the window's back
 * buffer before each swap.
 *   sdl-gl-example [--rgba] */
#define _POSIX_C_SOURCE 200809L
#include <SDL.h>
#include <stdio.h>
#include <string.h>
#include "gl-scene.h"

static void swap(void *window) {
    SDL_GL_SwapWindow(window);
    SDL_Event event;
    while (SDL_PollEvent(&event)) {
    }
}

int main(int argc, char **argv) {
    scene_options o = {.width = 480, .height = 320, .frames = 110, .format = KH_FORMAT_ARGB8888, .present = swap};
    if (argc == 2 && strcmp(argv[1], "--rgba") == 0) {
        o.format = KH_FORMAT_ABGR8888;
    } else if (argc > 1) {
        fprintf(stderr, "sdl-gl-example: unknown argument '%s' (--rgba)\n", argv[1]);
        return 2;
    }
    /* An OpenGL ES 2 context, as a kiosk app on KMSDRM asks for. */
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "sdl: %s\n", SDL_GetError());
        return 1;
    }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 2);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
    SDL_GL_SetAttribute(SDL_GL_RED_SIZE, 8);
    SDL_GL_SetAttribute(SDL_GL_GREEN_SIZE, 8);
    SDL_GL_SetAttribute(SDL_GL_BLUE_SIZE, 8);
    SDL_GL_SetAttribute(SDL_GL_ALPHA_SIZE, 8);
    SDL_Window *window = SDL_CreateWindow("kioskhud", 0, 0, o.width, o.height, SDL_WINDOW_OPENGL);
    SDL_GLContext context = window ? SDL_GL_CreateContext(window) : NULL;
    if (!context) {
        fprintf(stderr, "sdl: no OpenGL ES 2 context: %s\n", SDL_GetError());
        return 1;
    }
    int w, h;
    SDL_GL_GetDrawableSize(window, &w, &h);
    printf("sdl: driver %s, drawable %dx%d\n", SDL_GetCurrentVideoDriver(), w, h);
    if (w != o.width || h != o.height) {
        fprintf(stderr, "sdl: the drawable is %dx%d, not the window's %dx%d\n", w, h, o.width, o.height);
        return 1;
    }
    o.framebuffer = 0; /* the window's */
    o.user_data = window;
    int status = scene_run(&o);
    SDL_GL_DeleteContext(context);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return status;
}
