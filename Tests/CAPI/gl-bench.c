/* Figures, not a test (scripts/bench-gl.sh runs it; nothing is asserted):
 * CPU per frame of a GPU app on llvmpipe (EGL surfaceless, an FBO) drawing
 * its moving picture each frame,
 *   alone           the app's frame and nothing else;
 *   layer, box      with a turning spinner through the HUD layer, only the
 *                   changed rectangles (the spinner's box) uploaded;
 *   layer, full     the same with the whole layer uploaded every frame;
 *   layer + blur    box uploads and kioskhud-gl's blur under the bezel;
 * and, of those, the CPU in kh_layer_draw. Process CPU (every llvmpipe thread
 * counts) over FRAMES frames after a warm-up, glFinish each frame; the modes
 * take turns for ROUNDS rounds and each figure is the median of its rounds
 * (the machine is shared: a neighbour's burst lands in one round of one
 * mode, not in one mode). The HUD's clock is the manual one, 16 ms a frame,
 * so every mode draws the same frames.
 *   gl-bench [WIDTHxHEIGHT] [FRAMES] [ROUNDS]     default 1280x800 150 7 */
#define _POSIX_C_SOURCE 200809L
#include <GLES2/gl2.h>
#include <kioskhud-gl.h>
#include <kioskhud.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "egl-surfaceless.h"

static double now(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* The app's frame t: moving bars, cleared with scissors. */
static void draw_picture(int w, int h, int t) {
    static const float bars[4][3] = {{0.8f, 0.25f, 0.25f}, {0.25f, 0.8f, 0.25f}, {0.25f, 0.25f, 0.8f}, {0.9f, 0.9f, 0.9f}};
    glEnable(GL_SCISSOR_TEST);
    for (int i = 0, x = -(3 * t % 64); x < w; x += 64, i++) {
        glScissor(x, 0, 64, h);
        glClearColor(bars[i % 4][0], bars[i % 4][1], bars[i % 4][2], 1);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    glDisable(GL_SCISSOR_TEST);
}

enum { ALONE, BOX, FULL, BLUR, MODES };

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of n values (n <= 99). */
static double median(const double *values, int n) {
    double sorted[99];
    memcpy(sorted, values, (size_t)n * sizeof *values);
    qsort(sorted, (size_t)n, sizeof *sorted, by_value);
    return n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

static double minimum(const double *values, int n) {
    double m = values[0];
    for (int i = 1; i < n; i++) m = values[i] < m ? values[i] : m;
    return m;
}

static double maximum(const double *values, int n) {
    double m = values[0];
    for (int i = 1; i < n; i++) m = values[i] > m ? values[i] : m;
    return m;
}
static const char *const names[MODES] = {"app alone", "layer, box uploads", "layer, full uploads", "layer, box + GPU blur"};

/* One mode's frames: CPU and wall ms a frame, kh_layer_draw's CPU a frame,
 * and (when uploaded is not NULL) the pixels uploaded, added up. 0, or 1 on failure. */
static int run_mode(int mode, int w, int h, int frames, double *cpu, double *wall, double *layer_cpu, long *uploaded) {
    kh_stack *stack;
    kh_hud *hud;
    kh_layer *layer;
    khgl_compositor *compositor;
    if (kh_stack_new(KH_STACK_MANUAL_CLOCK, &stack) != KH_OK || kh_hud_new(stack, &hud) != KH_OK ||
        kh_layer_new(stack, w, h, KH_FORMAT_ARGB8888, 1.0, 0, &layer) != KH_OK) {
        fprintf(stderr, "kioskhud: %s\n", kh_last_error_message());
        return 1;
    }
    if (khgl_new(&compositor) != KH_OK) {
        fprintf(stderr, "%s\n", khgl_error(NULL));
        return 1;
    }
    kh_hud_set_label(hud, "Loading");
    kh_hud_show(hud, 0);
    uint32_t flags = mode == FULL ? KHGL_FULL_UPLOAD : mode == BLUR ? KHGL_BLUR : 0;
    double cpu0 = 0, wall0 = 0;
    *layer_cpu = 0;
    for (int t = -30; t < frames; t++) {
        if (t == 0) {
            cpu0 = now(CLOCK_PROCESS_CPUTIME_ID);
            wall0 = now(CLOCK_MONOTONIC);
        }
        kh_stack_advance_clock(stack, 16);
        draw_picture(w, h, t);
        if (mode != ALONE) {
            kh_layer_frame f;
            double before = now(CLOCK_PROCESS_CPUTIME_ID);
            if (kh_layer_draw(layer, &f) != KH_OK) {
                fprintf(stderr, "kioskhud: %s\n", kh_last_error_message());
                return 1;
            }
            if (t >= 0) {
                *layer_cpu += (now(CLOCK_PROCESS_CPUTIME_ID) - before) / frames;
                if (uploaded && mode == FULL) *uploaded += (long)w * h;
                for (uint32_t i = 0; uploaded && mode != FULL && i < f.rect_count; i++)
                    *uploaded += (long)f.rects[i].width * f.rects[i].height;
            }
            if (khgl_composite(compositor, &f, flags) != KH_OK) {
                fprintf(stderr, "%s\n", khgl_error(compositor));
                return 1;
            }
        }
        glFinish();
    }
    *cpu = (now(CLOCK_PROCESS_CPUTIME_ID) - cpu0) / frames;
    *wall = (now(CLOCK_MONOTONIC) - wall0) / frames;
    khgl_free(compositor);
    kh_stack_free(stack);
    return 0;
}

int main(int argc, char **argv) {
    int w = 1280, h = 800, frames = 150, rounds = 7;
    if (argc > 1 && sscanf(argv[1], "%dx%d", &w, &h) != 2) {
        fprintf(stderr, "gl-bench: '%s' is not WIDTHxHEIGHT\n", argv[1]);
        return 2;
    }
    if (argc > 2) frames = atoi(argv[2]);
    if (argc > 3) rounds = atoi(argv[3]);
    if (w < 64 || h < 64 || w > 4096 || h > 4096 || frames < 10 || rounds < 1 || rounds > 99) {
        fprintf(stderr, "gl-bench: the size must be 64x64...4096x4096, FRAMES at least 10, ROUNDS 1...99\n");
        return 2;
    }
    egl_surfaceless egl;
    if (egl_surfaceless_open(&egl) != 0) return 1;
    printf("gl-bench: %s, %dx%d, %d rounds of %d frames a mode\n", (const char *)glGetString(GL_RENDERER), w, h, rounds,
           frames);
    GLuint texture, fbo;
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
    double cpu[MODES][99], wall[MODES][99], layer_cpu[MODES][99];
    long uploaded[MODES] = {0};
    for (int round = 0; round < rounds; round++)
        for (int mode = 0; mode < MODES; mode++)
            if (run_mode(mode, w, h, frames, &cpu[mode][round], &wall[mode][round], &layer_cpu[mode][round],
                         round == 0 ? &uploaded[mode] : NULL) != 0)
                return 1;
    double median_cpu[MODES];
    for (int mode = 0; mode < MODES; mode++) {
        median_cpu[mode] = median(cpu[mode], rounds);
        printf("%-24s CPU %6.2f ms/frame (median of %d; %.2f...%.2f; wall %6.2f ms)", names[mode], median_cpu[mode], rounds,
               minimum(cpu[mode], rounds), maximum(cpu[mode], rounds), median(wall[mode], rounds));
        if (mode != ALONE)
            printf(", kh_layer_draw %5.3f ms, uploaded %ld px/frame", median(layer_cpu[mode], rounds), uploaded[mode] / frames);
        printf("\n");
    }
    printf("the layer costs %.2f ms/frame with box uploads, %.2f with full uploads; the blur %.2f ms/frame more (%dx%d)\n",
           median_cpu[BOX] - median_cpu[ALONE], median_cpu[FULL] - median_cpu[ALONE], median_cpu[BLUR] - median_cpu[BOX], w, h);
    glDeleteFramebuffers(1, &fbo);
    glDeleteTextures(1, &texture);
    egl_surfaceless_close(&egl);
    return 0;
}
