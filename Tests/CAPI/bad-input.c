/* Bad input through the C API: NULL handles and pointers, freed handles, a
 * buffer too small for its stride, formats and values it does not take, a
 * call from another thread. Each a clear status and message, never a crash. */
#include <fcntl.h>
#include <kioskhud.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"

#define CHECK_ERROR(call, status, words)                                          \
    do {                                                                          \
        CHECK((call) == (status));                                                \
        CHECK(strstr(kh_last_error_message(), (words)) != NULL);                  \
    } while (0)

static kh_hud *shared_hud;
static kh_stack *shared_stack;
static int thread_results[4];

static void *other_thread(void *unused) {
    (void)unused;
    thread_results[0] = kh_hud_show(shared_hud, 0);
    thread_results[1] = strstr(kh_last_error_message(), "thread") != NULL;
    thread_results[2] = kh_stack_free(shared_stack);
    thread_results[3] = kh_stack_dispatch(shared_stack);
    return NULL;
}

int main(void) {
    enum { W = 64, H = 48 };
    uint32_t *pixels = calloc(W * H, 4);
    kh_rect rects[8];
    size_t count;
    int ms;
    kh_hud_state state;

    CHECK(strcmp(kh_status_string(KH_ERROR_WRONG_THREAD), "called from the wrong thread") == 0);
    CHECK(strcmp(kh_status_string((kh_status)1234), "unknown status") == 0);

    /* NULL handles and out-pointers. */
    CHECK_ERROR(kh_stack_new(0, NULL), KH_ERROR_INVALID_ARGUMENT, "kh_stack_new: out is NULL");
    kh_stack *stack = (kh_stack *)pixels;
    CHECK_ERROR(kh_stack_new(0x80, &stack), KH_ERROR_INVALID_ARGUMENT, "unknown flags");
    CHECK(stack == NULL);
    CHECK_ERROR(kh_hud_show(NULL, 1), KH_ERROR_INVALID_ARGUMENT, "kh_hud_show: the hud handle is NULL");
    CHECK_ERROR(kh_stack_dispatch(NULL), KH_ERROR_INVALID_ARGUMENT, "stack handle is NULL");
    CHECK(kh_stack_get_fd(NULL) == -1);
    CHECK_ERROR(kh_stack_draw(NULL, pixels, W, H, W * 4, KH_FORMAT_XRGB8888, 1, 0, rects, 8, &count),
                KH_ERROR_INVALID_ARGUMENT, "NULL");
    CHECK(kh_stack_free(NULL) == KH_OK);
    CHECK(kh_hud_free(NULL) == KH_OK);

    CHECK(kh_stack_new(0, &stack) == KH_OK);
    kh_hud *hud = NULL;
    CHECK(kh_hud_new(stack, &hud) == KH_OK);
    CHECK_ERROR(kh_hud_new(stack, NULL), KH_ERROR_INVALID_ARGUMENT, "out is NULL");
    CHECK_ERROR(kh_hud_get_state(hud, NULL), KH_ERROR_INVALID_ARGUMENT, "state is NULL");
    CHECK_ERROR(kh_stack_next_frame_ms(stack, NULL), KH_ERROR_INVALID_ARGUMENT, "ms is NULL");

    /* A handle of the other kind, or not one at all. */
    CHECK_ERROR(kh_hud_show((kh_hud *)stack, 1), KH_ERROR_INVALID_HANDLE, "not a live kh_hud");
    CHECK_ERROR(kh_stack_dispatch((kh_stack *)hud), KH_ERROR_INVALID_HANDLE, "not a live kh_stack");
    CHECK_ERROR(kh_stack_dispatch((kh_stack *)pixels), KH_ERROR_INVALID_HANDLE, "not a live kh_stack");

    kh_screen *screen = (kh_screen *)pixels;
    CHECK_ERROR(kh_screen_open(NULL, NULL, NULL, &screen), KH_ERROR_INVALID_ARGUMENT, "kh_screen_open: the stack handle is NULL");
    CHECK_ERROR(kh_screen_open(stack, NULL, NULL, NULL), KH_ERROR_INVALID_ARGUMENT, "out is NULL");
    CHECK_ERROR(kh_screen_close((kh_screen *)stack), KH_ERROR_INVALID_HANDLE, "not a live kh_screen");
    CHECK(kh_screen_close(NULL) == KH_OK);

    CHECK_ERROR(kh_stack_pointer(stack, (kh_pointer_event)7, 1, 1, NULL), KH_ERROR_INVALID_ARGUMENT, "not a kh_pointer_event");
    CHECK_ERROR(kh_stack_pointer(NULL, KH_POINTER_DOWN, 1, 1, NULL), KH_ERROR_INVALID_ARGUMENT, "stack handle is NULL");

    /* Values out of range. */
    CHECK_ERROR(kh_hud_set_custom_image(hud, NULL), KH_ERROR_INVALID_ARGUMENT, "path is NULL");
    CHECK_ERROR(kh_hud_set_mode(hud, (kh_mode)99), KH_ERROR_INVALID_ARGUMENT, "not a kh_mode");
    CHECK_ERROR(kh_stack_advance_clock(stack, 10), KH_ERROR_UNSUPPORTED, "KH_STACK_MANUAL_CLOCK");
    CHECK_ERROR(kh_stack_set_theme_file(stack, "/nonexistent/theme.json"), KH_ERROR_THEME, "/nonexistent/theme.json");
    CHECK_ERROR(kh_stack_set_theme_file(stack, NULL), KH_ERROR_INVALID_ARGUMENT, "path is NULL");

    /* Buffers. */
    CHECK_ERROR(kh_stack_draw(stack, pixels, W, H, W * 4 - 4, KH_FORMAT_XRGB8888, 1, 0, rects, 8, &count),
                KH_ERROR_BAD_BUFFER, "stride 252 is too small for 64 pixels");
    CHECK_ERROR(kh_stack_draw(stack, pixels, W, H, W * 4 + 2, KH_FORMAT_XRGB8888, 1, 0, rects, 8, &count),
                KH_ERROR_BAD_BUFFER, "multiple of 4");
    CHECK_ERROR(kh_stack_draw(stack, pixels, 0, H, W * 4, KH_FORMAT_XRGB8888, 1, 0, rects, 8, &count),
                KH_ERROR_BAD_BUFFER, "0×48");
    CHECK_ERROR(kh_stack_draw(stack, pixels, -5, H, W * 4, KH_FORMAT_XRGB8888, 1, 0, rects, 8, &count),
                KH_ERROR_BAD_BUFFER, "buffer");
    CHECK_ERROR(kh_stack_draw(stack, pixels, W, H, W * 2, 0x36314752u /* RG16 */, 1, 0, rects, 8, &count),
                KH_ERROR_UNSUPPORTED_FORMAT, "0x36314752");
    CHECK_ERROR(kh_stack_draw(stack, NULL, W, H, W * 4, KH_FORMAT_XRGB8888, 1, 0, rects, 8, &count),
                KH_ERROR_INVALID_ARGUMENT, "pixels is NULL");
    CHECK_ERROR(kh_stack_draw(stack, pixels, W, H, W * 4, KH_FORMAT_XRGB8888, 1, 0, rects, 8, NULL),
                KH_ERROR_INVALID_ARGUMENT, "count is NULL");
    CHECK_ERROR(kh_stack_draw(stack, pixels, W, H, W * 4, KH_FORMAT_XRGB8888, 1, 0, NULL, 8, &count),
                KH_ERROR_INVALID_ARGUMENT, "rects is NULL");
    CHECK_ERROR(kh_stack_draw(stack, pixels, W, H, W * 4, KH_FORMAT_XRGB8888, 1, 45, rects, 8, &count),
                KH_ERROR_INVALID_ARGUMENT, "rotation 45");
    CHECK_ERROR(kh_stack_draw(stack, pixels, W, H, W * 4, KH_FORMAT_XRGB8888, 0, 0, rects, 8, &count),
                KH_ERROR_INVALID_ARGUMENT, "scale");
    CHECK(kh_hud_show(hud, 0) == KH_OK);
    CHECK_ERROR(kh_stack_draw(stack, pixels, W, H, W * 4, KH_FORMAT_ARGB8888, 1, 0, rects, 0, &count),
                KH_ERROR_TOO_MANY_RECTS, "room for 0");
    CHECK(count >= 1);
    CHECK(kh_stack_draw(stack, pixels, W, H, W * 4, KH_FORMAT_ARGB8888, 1, 0, NULL, 0, &count) == KH_OK);
    CHECK(count >= 1);

    /* Another thread: refused, the stack untouched. */
    shared_hud = hud;
    shared_stack = stack;
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, other_thread, NULL) == 0);
    pthread_join(thread, NULL);
    CHECK(thread_results[0] == KH_ERROR_WRONG_THREAD);
    CHECK(thread_results[1]);
    CHECK(thread_results[2] == KH_ERROR_WRONG_THREAD);
    CHECK(thread_results[3] == KH_ERROR_WRONG_THREAD);
    /* The message is per thread: this one still has its own last one. */
    CHECK(strstr(kh_last_error_message(), "thread") == NULL);
    CHECK(kh_hud_get_state(hud, &state) == KH_OK && state == KH_HUD_SHOWN);
    CHECK(kh_stack_next_frame_ms(stack, &ms) == KH_OK);

    /* kh_plane: bad input named; a file that is no DRM card has no atomic KMS. */
    kh_plane *plane = (kh_plane *)1;
    CHECK_ERROR(kh_plane_new(stack, -1, 31, 640, 480, 1.0, &plane), KH_ERROR_INVALID_ARGUMENT, "drm_fd -1");
    CHECK(plane == NULL);
    CHECK_ERROR(kh_plane_new(stack, 0, 0, 640, 480, 1.0, &plane), KH_ERROR_INVALID_ARGUMENT, "crtc_id is 0");
    CHECK_ERROR(kh_plane_new(stack, 0, 31, 0, 480, 1.0, &plane), KH_ERROR_BAD_BUFFER, "0×480");
    CHECK_ERROR(kh_plane_new(stack, 0, 31, 640, 480, 1.0, NULL), KH_ERROR_INVALID_ARGUMENT, "out is NULL");
    int not_a_card = open("/dev/null", O_RDWR);
    CHECK(not_a_card >= 0);
    CHECK_ERROR(kh_plane_new(stack, not_a_card, 31, 640, 480, 1.0, &plane), KH_ERROR_UNSUPPORTED, "no atomic modesetting");
    close(not_a_card);
    CHECK_ERROR(kh_plane_apply(NULL, NULL, 0, NULL), KH_ERROR_INVALID_ARGUMENT, "plane handle is NULL");
    CHECK_ERROR(kh_plane_apply((kh_plane *)stack, NULL, 0, NULL), KH_ERROR_INVALID_HANDLE, "not a live kh_plane");
    CHECK_ERROR(kh_plane_commit_done((kh_plane *)hud), KH_ERROR_INVALID_HANDLE, "not a live kh_plane");
    CHECK(kh_plane_free(NULL) == KH_OK);

    /* A freed handle. */
    CHECK(kh_hud_free(hud) == KH_OK);
    CHECK_ERROR(kh_hud_show(hud, 0), KH_ERROR_INVALID_HANDLE, "not a live kh_hud");
    CHECK(kh_stack_free(stack) == KH_OK);
    CHECK_ERROR(kh_stack_dispatch(stack), KH_ERROR_INVALID_HANDLE, "not a live kh_stack");

    free(pixels);
    if (check_failures) {
        fprintf(stderr, "bad-input: %d checks failed\n", check_failures);
        return 1;
    }
    printf("bad-input: all checks passed\n");
    return 0;
}
