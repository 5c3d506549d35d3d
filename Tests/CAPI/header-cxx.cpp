// kioskhud.h from C++ (extern "C"): compiles under -std=c++17 -Wall -Wextra -Werror
// and links against libkioskhud, so the names are C's, not mangled.
#include <kioskhud.h>
#include <cstdio>
#include <memory>

namespace {
struct StackDeleter {
    void operator()(kh_stack *stack) const { kh_stack_free(stack); }
};
}

int main() {
    kh_stack *raw = nullptr;
    if (kh_stack_new(KH_STACK_MANUAL_CLOCK, &raw) != KH_OK) {
        std::fprintf(stderr, "kh_stack_new: %s\n", kh_last_error_message());
        return 1;
    }
    std::unique_ptr<kh_stack, StackDeleter> stack(raw);
    kh_hud *hud = nullptr;
    if (kh_hud_new(stack.get(), &hud) != KH_OK || kh_hud_show(hud, 1) != KH_OK) return 1;
    kh_hud_state state = KH_HUD_HIDDEN;
    kh_hud_get_state(hud, &state);
    std::printf("C++: libkioskhud %s, HUD state %d\n", kh_version_string(), static_cast<int>(state));
    return state == KH_HUD_SHOWN ? 0 : 1;
}
