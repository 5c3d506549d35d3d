/* The C floor for board/realboot/measure.sh: board/qemu/bench/firstframe.c
 * unchanged (open the card, one dumb buffer, fill it, one drmModeSetCrtc;
 * it prints first-frame-ms= from $KIOSKHUD_T0_NS), then it stays until
 * killed instead of exiting: on exit the kernel drops its framebuffer and the
 * console comes back, maybe before ffwatch's next poll saw the frame. */
#include <signal.h>
#include <unistd.h>
#define main firstframe_main
#include "../../qemu/bench/firstframe.c"
#undef main

int main(void) {
    int r = firstframe_main();
    fflush(stdout);
    if (r) return r;
    for (;;) pause();
}
