/* libkioskhud loads nothing before it is used: making a stack and a HUD,
 * showing and hiding it maps no graphics or text library; the first frame
 * over the app's picture loads what it composes and draws with (Cairo with
 * pixman under it, FreeType). */
#include <kioskhud.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

/* Whether a library whose file name contains `name` is mapped. */
static int mapped(const char *name) {
    FILE *maps = fopen("/proc/self/maps", "r");
    char line[512];
    int found = 0;
    while (maps && fgets(line, sizeof line, maps))
        if (strstr(line, name)) found = 1;
    if (maps) fclose(maps);
    return found;
}

static const char *const libraries[] = {"libcairo", "libpixman", "libfreetype", "libharfbuzz", "libfontconfig", "libpng"};

int main(void) {
    kh_stack *stack;
    kh_hud *hud;
    CHECK(kh_stack_new(KH_STACK_MANUAL_CLOCK, &stack) == KH_OK);
    CHECK(kh_hud_new(stack, &hud) == KH_OK);
    CHECK(kh_hud_set_label(hud, "Lazy") == KH_OK);
    CHECK(kh_hud_show(hud, 1) == KH_OK);
    CHECK(kh_stack_advance_clock(stack, 1000) == KH_OK);
    for (size_t i = 0; i < sizeof libraries / sizeof *libraries; i++) {
        if (mapped(libraries[i])) fprintf(stderr, "lazy: %s mapped before the first frame\n", libraries[i]);
        CHECK(!mapped(libraries[i]));
    }
    enum { W = 200, H = 150 };
    uint32_t *pixels = calloc(W * H, 4);
    size_t count;
    CHECK(kh_stack_draw(stack, pixels, W, H, W * 4, KH_FORMAT_XRGB8888, 1, 0, NULL, 0, &count) == KH_OK);
    CHECK(mapped("libcairo"));
    CHECK(mapped("libpixman"));
    CHECK(mapped("libfreetype"));
    free(pixels);
    kh_stack_free(stack);
    if (check_failures) return 1;
    printf("lazy: nothing loaded before the first frame; Cairo, pixman and FreeType with it\n");
    return 0;
}
