/* kioskhud.h compiles on its own (nothing included before it) under
 * -std=c99 -Wall -Wextra -Werror -pedantic. */
#include <kioskhud.h>

int main(void) {
    kh_rect rect = {0, 0, 1, 1};
    kh_status status = KH_OK;
    kh_mode mode = KH_MODE_SUCCESS;
    kh_hud_state state = KH_HUD_HIDDEN;
    kh_hud_callback callback = 0;
    (void)callback;
    return rect.x + (int)status + (int)mode + (int)state + (KIOSKHUD_VERSION > 0 ? 0 : 1);
}
