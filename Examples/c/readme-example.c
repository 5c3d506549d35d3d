/* A HUD over your own frames: the app owns the pixels, KioskHUD draws over them. */
#include <kioskhud.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { W = 640, H = 480 };

static void hidden(kh_hud *hud, void *user_data) { (void)hud; *(int *)user_data = 1; }

int main(void) {
    uint32_t *picture = malloc(W * H * 4), *frame = malloc(W * H * 4);
    for (int i = 0; i < W * H; i++) picture[i] = 0xff204060u + (uint32_t)(i % W) / 4; /* your picture */

    kh_stack *stack;
    kh_hud *hud;
    if (kh_stack_new(0, &stack) != KH_OK || kh_hud_new(stack, &hud) != KH_OK) {
        fprintf(stderr, "kioskhud: %s\n", kh_last_error_message());
        return 1;
    }
    int done = 0, frames = 0;
    kh_hud_set_label(hud, "Updating");
    kh_hud_set_min_show_time(hud, 1000);
    kh_hud_set_completion(hud, hidden, &done);
    kh_hud_show(hud, 1);
    kh_hud_hide(hud, 1); /* the work was quick: it still stays up 1 s */

    struct pollfd pfd = {.fd = kh_stack_get_fd(stack), .events = POLLIN};
    while (!done) {
        int ms;
        kh_stack_next_frame_ms(stack, &ms);
        if (ms == 0) { /* your frame, then the HUD over it */
            memcpy(frame, picture, W * H * 4);
            kh_rect rects[8];
            size_t n;
            if (kh_stack_draw(stack, frame, W, H, W * 4, KH_FORMAT_XRGB8888, 1.0, 0, rects, 8, &n) != KH_OK) {
                fprintf(stderr, "kioskhud: %s\n", kh_last_error_message());
                return 1;
            }
            frames++; /* show `frame` here: flip it, or copy its n rects */
        } else if (poll(&pfd, 1, ms) > 0) {
            kh_stack_dispatch(stack);
        }
    }
    printf("the HUD came and went in %d frames\n", frames);
    kh_stack_free(stack);
    free(picture);
    free(frame);
    return 0;
}
