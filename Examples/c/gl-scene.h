/* What the GL examples (gl-example.c: EGL on Mesa's surfaceless platform;
 * sdl-gl-example.c: SDL2 with an OpenGL ES context) share once they have a
 * current GLES2 context: a moving picture drawn with GL, a HUD over it
 * through libkioskhud's layer (kh_layer_draw) and kioskhud-gl
 * (khgl_composite), and the checks, made on frames read back with
 * glReadPixels (the checks' reading, not the HUD's: kioskhud-gl reads nothing
 * back).
 *
 * Every frame is drawn three times: into the app's own framebuffer with
 * damaged-rectangle uploads, into an FBO with full uploads, and into an FBO
 * with the blur under the bezel. The checks:
 *   untouched  outside the layer's extent the frame is the app's picture, exactly;
 *   blend      inside it each pixel is the layer's premultiplied pixel over
 *              the picture's, src + dst * (255 - a) / 255, computed here; GL
 *              may round that either way (llvmpipe truncates), so each channel
 *              is the exact value or one off, and the count of one-offs is printed;
 *   damage     the damaged-rectangle frame equals the full-upload frame;
 *   blur       the blurred frame equals the plain one outside the bezels, and
 *              inside them differs and has less horizontal contrast (squared steps);
 *   state      the GL state the app had set (a texture on unit 3, a blend
 *              function, a viewport, unpack row length and skips) is as it was
 *              after each composite, and the app's unpack settings did not
 *              disturb the uploads (damage, blend);
 *   spinner    while only the spinner turns, a frame's uploads are its box alone;
 *   bad input  khgl_composite refuses a NULL or empty frame and an XRGB8888 one, naming what was wrong.
 * Prints one line per problem (at most a few) and a summary; scene_run
 * returns 0 when all held. The clock is the stack's manual one, 16 ms a
 * frame, so every run draws the same frames. */
#ifndef KIOSKHUD_GL_SCENE_H
#define KIOSKHUD_GL_SCENE_H

#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <kioskhud-gl.h>
#include <kioskhud.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct scene_options {
    int width, height, frames;
    uint32_t format;    /* KH_FORMAT_ARGB8888 or KH_FORMAT_ABGR8888 */
    GLuint framebuffer; /* the app's own: 0 for a window's, else an FBO the caller made */
    int default_unpack; /* 1: leave the unpack row length and skips at GL's defaults */
    /* Called after each frame was drawn into framebuffer (a window swaps its buffers here). */
    void (*present)(void *user_data);
    void *user_data;
} scene_options;

static const uint8_t scene_bars[6][3] = {{208, 64, 64}, {64, 208, 64}, {64, 64, 208}, {208, 208, 64}, {64, 208, 208}, {240, 240, 240}};
enum { SCENE_BAR = 40, SCENE_SPEED = 3 };

/* The app's picture at frame t, column x (the same in every row): moving bars. */
static const uint8_t *scene_colour(int x, int t) { return scene_bars[((x + SCENE_SPEED * t) / SCENE_BAR) % 6]; }

static void scene_draw_picture(int w, int h, int t) {
    glEnable(GL_SCISSOR_TEST);
    for (int x = -((SCENE_SPEED * t) % SCENE_BAR); x < w; x += SCENE_BAR) {
        int from = x < 0 ? 0 : x;
        const uint8_t *c = scene_colour(from, t);
        glScissor(from, 0, x + SCENE_BAR - from, h);
        glClearColor(c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    glDisable(GL_SCISSOR_TEST);
}

static GLuint scene_target(int w, int h, GLuint *texture) {
    GLuint fbo;
    glGenTextures(1, texture);
    glBindTexture(GL_TEXTURE_2D, *texture);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *texture, 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        fprintf(stderr, "gl: an RGBA texture is not a complete framebuffer\n");
        exit(1);
    }
    return fbo;
}

/* The layer's pixel at (x, row y from the top) as r, g, b, a. */
static void scene_layer_pixel(const kh_layer_frame *f, int x, int y, uint8_t out[4]) {
    const uint8_t *p = (const uint8_t *)f->pixels + (size_t)y * f->stride + (size_t)x * 4;
    if (f->format == KH_FORMAT_ABGR8888) {
        memcpy(out, p, 4);
    } else { /* bytes B, G, R, A (little-endian) */
        out[0] = p[2];
        out[1] = p[1];
        out[2] = p[0];
        out[3] = p[3];
    }
}

static int scene_inside(kh_rect r, int x, int y) { return x >= r.x && y >= r.y && x < r.x + r.width && y < r.y + r.height; }

/* The app state a compositor must leave alone, set to odd values before each composite. */
typedef struct scene_state {
    GLint program, texture, active, array_buffer, src, dst, viewport[4];
    GLint unpack_alignment, unpack_row_length, unpack_skip_rows, unpack_skip_pixels;
    GLboolean blend, scissor;
} scene_state;

static void scene_get_state(scene_state *s) {
    memset(s, 0, sizeof *s);
    glGetIntegerv(GL_CURRENT_PROGRAM, &s->program);
    glGetIntegerv(GL_ACTIVE_TEXTURE, &s->active);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &s->texture);
    glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &s->array_buffer);
    glGetIntegerv(GL_BLEND_SRC_RGB, &s->src);
    glGetIntegerv(GL_BLEND_DST_RGB, &s->dst);
    glGetIntegerv(GL_VIEWPORT, s->viewport);
    glGetIntegerv(GL_UNPACK_ALIGNMENT, &s->unpack_alignment);
    if (strstr((const char *)glGetString(GL_EXTENSIONS), "GL_EXT_unpack_subimage")) {
        glGetIntegerv(GL_UNPACK_ROW_LENGTH_EXT, &s->unpack_row_length);
        glGetIntegerv(GL_UNPACK_SKIP_ROWS_EXT, &s->unpack_skip_rows);
        glGetIntegerv(GL_UNPACK_SKIP_PIXELS_EXT, &s->unpack_skip_pixels);
    }
    s->blend = glIsEnabled(GL_BLEND);
    s->scissor = glIsEnabled(GL_SCISSOR_TEST);
}

static double scene_ms(struct timespec a, struct timespec b) {
    return (double)(b.tv_sec - a.tv_sec) * 1e3 + (double)(b.tv_nsec - a.tv_nsec) / 1e6;
}

/* The checks, for counting problems by check. */
enum { UNTOUCHED, BLEND, DAMAGE, BLUR, STATE, SPINNER, HUD, BAD_INPUT, CHECKS };
static const char *const scene_check_names[CHECKS] = {"untouched", "blend", "damage", "blur", "state", "spinner", "hud", "bad input"};
static long scene_problems[CHECKS];

/* A problem found by check: its first three are printed, each "NAME: ...". */
#define SCENE_FAIL(check, ...)                                                      \
    do {                                                                            \
        if (scene_problems[check]++ < 3) {                                          \
            fprintf(stderr, "%s: ", scene_check_names[check]);                      \
            fprintf(stderr, __VA_ARGS__);                                           \
        }                                                                           \
        problems++;                                                                 \
    } while (0)

static int scene_run(const scene_options *o) {
    int W = o->width, H = o->height, problems = 0;
    printf("gl: %s, %s; GL_EXT_unpack_subimage %s\n", (const char *)glGetString(GL_RENDERER),
           (const char *)glGetString(GL_VERSION),
           strstr((const char *)glGetString(GL_EXTENSIONS), "GL_EXT_unpack_subimage") ? "yes" : "no");
    kh_stack *stack;
    kh_hud *hud;
    kh_layer *layer;
    khgl_compositor *plain, *full, *blurred;
    if (kh_stack_new(KH_STACK_MANUAL_CLOCK, &stack) != KH_OK || kh_hud_new(stack, &hud) != KH_OK ||
        kh_layer_new(stack, W, H, o->format, 1.0, 0, &layer) != KH_OK) {
        fprintf(stderr, "kioskhud: %s\n", kh_last_error_message());
        return 1;
    }
    if (khgl_new(&plain) != KH_OK || khgl_new(&full) != KH_OK || khgl_new(&blurred) != KH_OK) {
        fprintf(stderr, "%s\n", khgl_error(NULL));
        return 1;
    }
    /* Bad input: refused, with what was wrong named. */
    kh_layer_frame bad;
    memset(&bad, 0, sizeof bad);
    if (khgl_composite(plain, NULL, 0) != KH_ERROR_INVALID_ARGUMENT || !strstr(khgl_error(plain), "frame is NULL"))
        SCENE_FAIL(BAD_INPUT, "a NULL frame: %s\n", khgl_error(plain));
    if (khgl_composite(plain, &bad, 0) != KH_ERROR_INVALID_ARGUMENT || !strstr(khgl_error(plain), "no pixels"))
        SCENE_FAIL(BAD_INPUT, "an empty frame: %s\n", khgl_error(plain));
    bad.pixels = &bad;
    bad.width = bad.height = 1;
    bad.stride = 4;
    bad.format = KH_FORMAT_XRGB8888;
    if (khgl_composite(plain, &bad, 0) != KH_ERROR_UNSUPPORTED_FORMAT || !strstr(khgl_error(plain), "0x34325258"))
        SCENE_FAIL(BAD_INPUT, "an XRGB8888 frame: %s\n", khgl_error(plain));
    GLuint full_texture, blur_texture;
    GLuint full_fbo = scene_target(W, H, &full_texture), blur_fbo = scene_target(W, H, &blur_texture);
    /* Odd app state for the compositors to keep: a texture on unit 3, a blend function of its own. */
    GLuint app_texture, app_buffer;
    glGenTextures(1, &app_texture);
    glGenBuffers(1, &app_buffer);
    kh_hud_set_label(hud, "Updating");
    kh_hud_set_details(hud, "Do not switch off");
    kh_hud_set_bezel_color(hud, 0xb0303848);
    kh_hud_show(hud, 1);

    size_t bytes = (size_t)W * H * 4;
    uint8_t *plain_pixels = malloc(bytes), *full_pixels = malloc(bytes), *blur_pixels = malloc(bytes);
    long blend_checked = 0, blend_rounded = 0, outside_checked = 0, blur_changed = 0, spinner_frames = 0;
    int frames_with_hud = 0, frames_with_bezel = 0;
    double layer_ms = 0, composite_ms = 0;
    for (int t = 0; t < o->frames; t++) {
        if (t == 50) kh_hud_set_mode(hud, KH_MODE_ANNULAR);
        if (t >= 50) kh_hud_set_progress(hud, (t - 50) / 20.0);
        if (t == 62) kh_hud_set_background_color(hud, 0x40000000); /* dimming: the extent is everything */
        if (t == 78) kh_hud_hide(hud, 1);
        kh_stack_advance_clock(stack, 16);
        kh_stack_dispatch(stack);
        kh_layer_frame f;
        struct timespec t0, t1, t2;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        if (kh_layer_draw(layer, &f) != KH_OK) {
            fprintf(stderr, "kioskhud: %s\n", kh_last_error_message());
            return 1;
        }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        layer_ms += scene_ms(t0, t1);
        GLuint targets[3] = {o->framebuffer, full_fbo, blur_fbo};
        khgl_compositor *compositors[3] = {plain, full, blurred};
        uint32_t flags[3] = {0, KHGL_FULL_UPLOAD, KHGL_BLUR};
        uint8_t *read[3] = {plain_pixels, full_pixels, blur_pixels};
        for (int k = 0; k < 3; k++) {
            glBindFramebuffer(GL_FRAMEBUFFER, targets[k]);
            glViewport(0, 0, W, H);
            scene_draw_picture(W, H, t);
            glActiveTexture(GL_TEXTURE3);
            glBindTexture(GL_TEXTURE_2D, app_texture);
            glBindBuffer(GL_ARRAY_BUFFER, app_buffer);
            glBlendFunc(GL_SRC_COLOR, GL_ZERO);
            glViewport(1, 2, W - 3, H - 4);
            /* Unpacking as an app that uploads sub-images of its own leaves it. */
            glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
            if (!o->default_unpack && strstr((const char *)glGetString(GL_EXTENSIONS), "GL_EXT_unpack_subimage")) {
                glPixelStorei(GL_UNPACK_ROW_LENGTH_EXT, 7);
                glPixelStorei(GL_UNPACK_SKIP_ROWS_EXT, 2);
                glPixelStorei(GL_UNPACK_SKIP_PIXELS_EXT, 5);
            }
            scene_state before, after;
            scene_get_state(&before);
            clock_gettime(CLOCK_MONOTONIC, &t1);
            if (khgl_composite(compositors[k], &f, flags[k]) != KH_OK) {
                fprintf(stderr, "%s\n", khgl_error(compositors[k]));
                return 1;
            }
            if (k == 0) {
                glFinish();
                clock_gettime(CLOCK_MONOTONIC, &t2);
                composite_ms += scene_ms(t1, t2);
            }
            scene_get_state(&after);
            if (memcmp(&before, &after, sizeof before) != 0) SCENE_FAIL(STATE, "frame %d: the GL state changed across khgl_composite\n", t);
            glActiveTexture(GL_TEXTURE0);
            glViewport(0, 0, W, H);
            glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, read[k]);
            if (k == 0 && o->present) o->present(o->user_data);
        }
        /* untouched and blend, on the damaged-upload frame. Readback row r is layer row H - 1 - r. */
        if (f.extent.width > 0) frames_with_hud++;
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                const uint8_t *got = plain_pixels + ((size_t)(H - 1 - y) * W + x) * 4;
                const uint8_t *app = scene_colour(x, t);
                uint8_t want[4] = {app[0], app[1], app[2], 255};
                if (scene_inside(f.extent, x, y)) {
                    uint8_t l[4];
                    scene_layer_pixel(&f, x, y, l);
                    for (int i = 0; i < 3; i++) want[i] = (uint8_t)(l[i] + (app[i] * (255 - l[3]) + 127) / 255);
                    blend_checked++;
                } else {
                    outside_checked++;
                }
                int off = 0;
                for (int i = 0; i < 3; i++) {
                    int d = abs(got[i] - want[i]);
                    if (d > off) off = d;
                }
                /* GL lets blending round either way: llvmpipe truncates dst * (255 - a) / 255, one below the exact value. */
                if (off == 1 && scene_inside(f.extent, x, y)) blend_rounded++;
                if (off > (scene_inside(f.extent, x, y) ? 1 : 0))
                    SCENE_FAIL(scene_inside(f.extent, x, y) ? BLEND : UNTOUCHED, "frame %d (%d, %d): got (%d, %d, %d), want (%d, %d, %d)\n",
                               t, x, y, got[0], got[1], got[2],
                               want[0], want[1], want[2]);
            }
        /* damage */
        if (memcmp(plain_pixels, full_pixels, bytes) != 0) {
            size_t i = 0;
            while (plain_pixels[i] == full_pixels[i]) i++;
            SCENE_FAIL(DAMAGE, "frame %d: damaged uploads differ from a full upload at (%zu, %zu)\n", t, i / 4 % W,
                       H - 1 - i / 4 / W);
        }
        /* blur */
        long contrast_plain = 0, contrast_blur = 0, changed = 0;
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                int in_bezel = 0;
                for (uint32_t b = 0; b < f.bezel_count; b++) in_bezel |= scene_inside(f.bezels[b].rect, x, y);
                size_t i = ((size_t)(H - 1 - y) * W + x) * 4;
                int same = memcmp(plain_pixels + i, blur_pixels + i, 3) == 0;
                if (!in_bezel && !same) SCENE_FAIL(BLUR, "frame %d (%d, %d): changed outside the bezel\n", t, x, y);
                if (in_bezel) changed += !same;
                /* Contrast: squared steps between neighbours inside the bottom bezel, clear of its corners
                   (a blur spreads an edge: the same total step in smaller ones). */
                kh_rect inner = f.bezel_count ? f.bezels[0].rect : (kh_rect){0, 0, 0, 0};
                int r = (int)f.bezel_count ? (int)f.bezels[0].corner_radius + 1 : 0;
                inner = (kh_rect){inner.x + r, inner.y + r, inner.width - 2 * r - 1, inner.height - 2 * r};
                if (scene_inside(inner, x, y))
                    for (int c = 0; c < 3; c++) {
                        long dp = plain_pixels[i + 4 + c] - plain_pixels[i + c], db = blur_pixels[i + 4 + c] - blur_pixels[i + c];
                        contrast_plain += dp * dp;
                        contrast_blur += db * db;
                    }
            }
        if (f.bezel_count > 0 && f.bezels[0].opacity == 1.0f && f.bezels[0].rect.width > 2 * SCENE_BAR) {
            frames_with_bezel++;
            blur_changed += changed;
            if (changed == 0 || contrast_blur >= contrast_plain)
                SCENE_FAIL(BLUR, "frame %d: %ld pixels of the bezel changed, contrast %ld -> %ld\n", t, changed,
                           contrast_plain, contrast_blur);
        }
        /* spinner: frames 25-49 change the spinner alone (the HUD has zoomed in, nothing else moves). */
        if (t >= 25 && t < 50 && f.rect_count > 0) {
            long area = 0;
            for (uint32_t i = 0; i < f.rect_count; i++) area += (long)f.rects[i].width * f.rects[i].height;
            spinner_frames++;
            if (area * 4 > (long)f.extent.width * f.extent.height)
                SCENE_FAIL(SPINNER, "frame %d: %ld pixels uploaded, the extent is %dx%d\n", t, area, f.extent.width,
                           f.extent.height);
        }
    }
    if (frames_with_hud < o->frames / 2) SCENE_FAIL(HUD, "the HUD was up in %d of %d frames\n", frames_with_hud, o->frames);
    if (frames_with_bezel < 10) SCENE_FAIL(BLUR, "only %d frames had a whole bezel\n", frames_with_bezel);
    if (spinner_frames < 3) SCENE_FAIL(SPINNER, "it turned in only %ld frames\n", spinner_frames);
    for (int i = 0; i < CHECKS; i++)
        if (scene_problems[i]) fprintf(stderr, "%s: %ld problems in all\n", scene_check_names[i], scene_problems[i]);
    printf("gl: %d frames %dx%d (%s), HUD in %d: untouched %ld px, blend %ld px (%ld of them rounded the other way), damage: "
           "same as full uploads, blur changed %ld px in %d bezels, state kept, spinner box alone in %ld; layer %.2f ms, composite %.2f ms a frame: %s\n",
           o->frames, W, H, o->format == KH_FORMAT_ABGR8888 ? "RGBA" : "ARGB", frames_with_hud, outside_checked,
           blend_checked, blend_rounded, blur_changed, frames_with_bezel, spinner_frames, layer_ms / o->frames, composite_ms / o->frames,
           problems ? "FAILED" : "ok");
    free(plain_pixels);
    free(full_pixels);
    free(blur_pixels);
    khgl_free(plain);
    khgl_free(full);
    khgl_free(blurred);
    glDeleteFramebuffers(1, &full_fbo);
    glDeleteFramebuffers(1, &blur_fbo);
    GLuint textures[3] = {full_texture, blur_texture, app_texture};
    glDeleteTextures(3, textures);
    glDeleteBuffers(1, &app_buffer);
    kh_stack_free(stack);
    return problems ? 1 : 0;
}

#endif
