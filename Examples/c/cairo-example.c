/* An app that draws its own frame with Cairo, on an image surface over its
 * own buffer, then hands the buffer to kh_stack_draw for the HUD over it.
 * Build: gcc cairo-example.c $(pkg-config --cflags --libs kioskhud cairo) */
#include <cairo.h>
#include <kioskhud.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>

enum { W = 640, H = 400 };

static void hidden(kh_hud *hud, void *user_data) { (void)hud; *(int *)user_data = 1; }

/* The app's frame: a dark band, a title, a bar that grows with `step`. */
static void draw_frame(uint32_t *pixels, int step) {
    cairo_surface_t *surface = cairo_image_surface_create_for_data((unsigned char *)pixels, CAIRO_FORMAT_RGB24,
                                                                   W, H, W * 4);
    cairo_t *cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 0x20 / 255.0, 0x40 / 255.0, 0x60 / 255.0);
    cairo_paint(cr);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size(cr, 28);
    cairo_move_to(cr, 24, 48);
    cairo_show_text(cr, "Ticket machine");
    cairo_rectangle(cr, 24, H - 40, (W - 48) * (step % 100) / 100.0, 16);
    cairo_fill(cr);
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    cairo_surface_destroy(surface);
}

int main(void) {
    uint32_t *frame = malloc(W * H * 4);
    kh_stack *stack;
    kh_hud *hud;
    if (!frame || kh_stack_new(0, &stack) != KH_OK || kh_hud_new(stack, &hud) != KH_OK) {
        fprintf(stderr, "kioskhud: %s\n", kh_last_error_message());
        return 1;
    }
    int done = 0, frames = 0, kept = 1, covered = 0;
    kh_hud_set_label(hud, "Printing");
    kh_hud_set_min_show_time(hud, 500);
    kh_hud_set_completion(hud, hidden, &done);
    kh_hud_show(hud, 1);
    kh_hud_hide(hud, 1);

    struct pollfd pfd = {.fd = kh_stack_get_fd(stack), .events = POLLIN};
    while (!done) {
        int ms;
        kh_stack_next_frame_ms(stack, &ms);
        if (ms == 0) {
            draw_frame(frame, frames);                      /* your picture, with Cairo */
            uint32_t corner = frame[(H - 1) * W + W - 1];
            size_t n;
            if (kh_stack_draw(stack, frame, W, H, W * 4, KH_FORMAT_XRGB8888, 1.0, 0, NULL, 0, &n) != KH_OK) {
                fprintf(stderr, "kioskhud: %s\n", kh_last_error_message());
                return 1;
            }
            /* The HUD is over the middle; far from it the app's pixels are as Cairo drew them
             * (no dimming by default). */
            if ((frame[(H - 1) * W + W - 1] & 0xffffff) != (corner & 0xffffff)) kept = 0;
            if ((frame[(H / 2) * W + W / 2] & 0xffffff) != 0x204060) covered++;
            frames++;
        } else if (poll(&pfd, 1, ms) > 0) {
            kh_stack_dispatch(stack);
        }
    }
    kh_stack_free(stack);
    free(frame);
    if (!kept || covered == 0) {
        fprintf(stderr, "cairo: %s\n", !kept ? "the app's pixels changed far from the HUD" : "no frame had the HUD over the middle");
        return 1;
    }
    printf("cairo: %d frames drawn with Cairo, the HUD over %d of them\n", frames, covered);
    return 0;
}
