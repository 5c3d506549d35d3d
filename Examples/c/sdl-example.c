/* libkioskhud over an SDL2 window surface: the app draws its picture with
 * SDL, the HUD goes over it with kh_stack_draw, and only the rectangles it
 * names are pushed to the window. The app's own loop waits on SDL's events
 * and the stack's fd (kh_stack_get_fd) at once.
 *
 * Runs headless with SDL_VIDEODRIVER=dummy (what CI uses: no display in the
 * build container or the VM). It checks its own window surface as it goes:
 * the app's picture around the bezel, the bezel over it, the picture alone
 * again once the HUD has gone; exit 0 when all held. */
#include <SDL.h>
#include <kioskhud.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>

enum { W = 480, H = 320 };

static int hidden;
static void on_hidden(kh_hud *hud, void *user_data) {
    (void)hud;
    (void)user_data;
    hidden = 1;
}

/* The app's picture: colour bars. */
static void draw_picture(SDL_Surface *s) {
    static const Uint32 bars[] = {0xd04040, 0x40d040, 0x4040d0, 0xd0d040, 0x40d0d0, 0xd040d0};
    for (int i = 0; i < 6; i++) {
        SDL_Rect r = {i * W / 6, 0, W / 6 + 1, H};
        SDL_FillRect(s, &r, SDL_MapRGB(s->format, bars[i] >> 16, (bars[i] >> 8) & 0xff, bars[i] & 0xff));
    }
}

static Uint32 pixel(SDL_Surface *s, int x, int y) {
    return *(Uint32 *)((Uint8 *)s->pixels + y * s->pitch + x * 4) & 0xffffff;
}

int main(void) {
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "sdl: %s\n", SDL_GetError());
        return 1;
    }
    SDL_Window *window = SDL_CreateWindow("kioskhud", 0, 0, W, H, 0);
    SDL_Surface *surface = window ? SDL_GetWindowSurface(window) : NULL;
    if (!surface) {
        fprintf(stderr, "sdl: %s\n", SDL_GetError());
        return 1;
    }
    uint32_t format;
    switch (surface->format->format) {
    case SDL_PIXELFORMAT_RGB888: format = KH_FORMAT_XRGB8888; break;
    case SDL_PIXELFORMAT_ARGB8888: format = KH_FORMAT_ARGB8888; break;
    default:
        fprintf(stderr, "sdl: window surface is %s, not XRGB8888 or ARGB8888\n", SDL_GetPixelFormatName(surface->format->format));
        return 1;
    }
    printf("sdl: driver %s, surface %s %dx%d\n", SDL_GetCurrentVideoDriver(),
           SDL_GetPixelFormatName(surface->format->format), surface->w, surface->h);

    kh_stack *stack;
    kh_hud *hud;
    if (kh_stack_new(0, &stack) != KH_OK || kh_hud_new(stack, &hud) != KH_OK) {
        fprintf(stderr, "kioskhud: %s\n", kh_last_error_message());
        return 1;
    }
    kh_hud_set_mode(hud, KH_MODE_ANNULAR);
    kh_hud_set_label(hud, "Copying");
    kh_hud_set_min_show_time(hud, 600);
    kh_hud_set_completion(hud, on_hidden, NULL);
    kh_hud_show(hud, 1);

    int frames = 0, failures = 0, saw_bezel = 0;
    Uint32 start = SDL_GetTicks();
    struct pollfd pfd = {.fd = kh_stack_get_fd(stack), .events = POLLIN};
    while (!hidden) {
        SDL_Event event;
        while (SDL_PollEvent(&event))
            if (event.type == SDL_QUIT) hidden = 1;
        Uint32 elapsed = SDL_GetTicks() - start;
        kh_hud_set_progress(hud, elapsed / 800.0);
        if (elapsed > 800) kh_hud_hide(hud, 1);

        int ms;
        kh_stack_next_frame_ms(stack, &ms);
        if (ms != 0) {
            /* SDL has no fd to poll here (dummy driver): wake at least every 16 ms for its events. */
            if (poll(&pfd, 1, ms < 0 || ms > 16 ? 16 : ms) > 0) kh_stack_dispatch(stack);
            continue;
        }
        SDL_LockSurface(surface);
        draw_picture(surface);
        kh_rect rects[8];
        size_t n = 0;
        if (kh_stack_draw(stack, surface->pixels, surface->w, surface->h, surface->pitch, format, 1.0, 0,
                          rects, 8, &n) != KH_OK) {
            fprintf(stderr, "kioskhud: %s\n", kh_last_error_message());
            return 1;
        }
        kh_hud_state state;
        kh_hud_get_state(hud, &state);
        if (state == KH_HUD_SHOWN && elapsed > 300 && elapsed < 700) {
            /* The picture around the bezel is the app's; the bezel changed its middle. */
            saw_bezel = 1;
            if (pixel(surface, 2, 2) != 0xd04040 || pixel(surface, W - 3, H - 3) != 0xd040d0) failures++;
            if (pixel(surface, W / 2, H / 2) == 0xd0d040) failures++;
        }
        SDL_UnlockSurface(surface);
        SDL_Rect update[8];
        for (size_t i = 0; i < n; i++) {
            update[i].x = rects[i].x;
            update[i].y = rects[i].y;
            update[i].w = rects[i].width;
            update[i].h = rects[i].height;
        }
        if (n) SDL_UpdateWindowSurfaceRects(window, update, (int)n);
        frames++;
    }
    /* The frame after the HUD went: the picture alone. */
    SDL_LockSurface(surface);
    draw_picture(surface);
    kh_rect rects[8];
    size_t n;
    kh_stack_draw(stack, surface->pixels, surface->w, surface->h, surface->pitch, format, 1.0, 0, rects, 8, &n);
    if (pixel(surface, W / 2 - 10, H / 2) != 0x4040d0 || pixel(surface, W / 2 + 10, H / 2) != 0xd0d040) failures++;
    SDL_UnlockSurface(surface);

    if (failures) fprintf(stderr, "sdl: corner %06x, middle %06x\n", pixel(surface, 2, 2), pixel(surface, W / 2, H / 2));
    printf("sdl: %d frames in %u ms, %s\n", frames, SDL_GetTicks() - start,
           !saw_bezel ? "FAILED: never saw the bezel" : failures ? "FAILED: wrong pixels" : "ok");
    kh_stack_free(stack);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return saw_bezel && !failures ? 0 : 1;
}
