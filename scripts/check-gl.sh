#!/usr/bin/env bash
# The HUD layer in GPU apps (issue 40), with no GPU: Mesa's llvmpipe. Builds kioskhud-gl
# (gl/kioskhud-gl.c) and the two GL examples against an installed libkioskhud (as
# check-c-api.sh does) and runs them; each checks its own frames (Examples/c/gl-scene.h):
# untouched, blend, damage, blur, state, spinner, bad input.
#   gl-example      EGL on the surfaceless platform (EGL_PLATFORM_SURFACELESS_MESA), an FBO
#   sdl-gl-example  SDL2, SDL_VIDEODRIVER=offscreen, an OpenGL ES 2 context
# each with the layer in ARGB8888 and in RGBA byte order, gl-example also with kioskhud-gl as on a GL
# without GL_EXT_unpack_subimage, and under AddressSanitizer with leak
# detection off (Mesa leaks 128 bytes from a pthread_once in its driver, unloaded by the time
# LeakSanitizer reports, so no suppression can name it; the layer's own leaks are checked by
# check-c-api.sh's layer-asan). Then each check is seen failing: kioskhud-gl is built broken
# in one way at a time (a sed on a copy; the sed must change the file) and gl-example must
# fail naming that check.
# BUILD_DIR: where a built libkioskhud.so is (default: swift build --product kioskhud, .build/debug).
# Prints PASS/FAIL per check and "N passed, M failed"; exits 1 on failure.
set -uo pipefail
cd "$(dirname "$0")/.."
if [[ -z ${BUILD_DIR:-} ]]; then
    swift build --product kioskhud > /dev/null || exit 1  # a no-op when it is up to date
fi
build=${BUILD_DIR:-.build/debug}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bash scripts/install-capi.sh "$work/prefix" "$build" || exit 1
export PKG_CONFIG_PATH=$work/prefix/lib/pkgconfig
passed=0 failed=0
pass() { echo "PASS gl/$1"; passed=$((passed + 1)); }
fail() { echo "FAIL gl/$1: $2"; failed=$((failed + 1)); }

for pc in egl glesv2 sdl2; do
    pkg-config --exists "$pc" || { fail "$pc" "no $pc.pc (bash scripts/install-deps.sh installs libegl-dev, libgles-dev, libsdl2-dev)"; }
done
((failed)) && { echo "$passed passed, $failed failed"; exit 1; }

c_flags=(-std=c99 -Wall -Wextra -Werror -g -I Examples/c)
asan=(-fsanitize=address -fno-omit-frame-pointer)
# compile NAME GL_SOURCE SOURCES_AND_FLAGS...: an example with kioskhud-gl from GL_SOURCE.
compile() {
    local name=$1 gl=$2
    shift 2
    if gcc "${c_flags[@]}" "$@" "$gl" $(pkg-config --cflags kioskhud) -o "$work/$name" \
        $(pkg-config --libs kioskhud egl glesv2) -lm -Wl,-rpath,"$work/prefix/lib" 2> "$work/$name.err"; then
        return 0
    fi
    fail "$name" "does not compile: $(head -5 "$work/$name.err")"
    return 1
}
# run NAME [ARGS...]: runs a built example (environment from the caller), PASS on exit 0.
run() {
    local name=$1 label=$1
    shift
    [[ $# -gt 0 ]] && label="$name $*"
    if timeout 120 "$work/$name" "$@" > "$work/$name.out" 2>&1; then
        pass "$label: $(grep '^gl: [0-9]' "$work/$name.out" | tail -n 1)"
    else
        fail "$label" "exit $?: $(tail -n 8 "$work/$name.out")"
    fi
}

# The benchmark (scripts/bench-gl.sh runs it) must keep compiling.
compile gl-bench gl/kioskhud-gl.c -O2 Tests/CAPI/gl-bench.c && pass "gl-bench builds (a measurement: scripts/bench-gl.sh)"
sdl=($(pkg-config --cflags --libs sdl2))
compile gl-example gl/kioskhud-gl.c Examples/c/gl-example.c && run gl-example && run gl-example --rgba
compile sdl-gl-example gl/kioskhud-gl.c Examples/c/sdl-gl-example.c "${sdl[@]}" &&
    SDL_VIDEODRIVER=offscreen run sdl-gl-example && SDL_VIDEODRIVER=offscreen run sdl-gl-example --rgba
# As on an OpenGL ES 2 without GL_EXT_unpack_subimage (llvmpipe is ES 3.2, where row lengths are
# core; Mesa will not hide the extension): the changed rows uploaded whole. kioskhud-gl with row
# lengths forced off must pass; the app leaves unpacking at GL's defaults (such a GL has no others).
sed -e 's/c->has_unpack_subimage = c->is_es3 || has_extension("GL_EXT_unpack_subimage");/c->has_unpack_subimage = 0;/' \
    gl/kioskhud-gl.c > "$work/no-subimage.c"
if cmp -s gl/kioskhud-gl.c "$work/no-subimage.c"; then
    fail no-subimage "the sed changed nothing: gl/kioskhud-gl.c no longer detects GL_EXT_unpack_subimage that way"
else
    compile gl-example-no-subimage "$work/no-subimage.c" Examples/c/gl-example.c && run gl-example-no-subimage --default-unpack
fi
export ASAN_OPTIONS=detect_leaks=0
compile gl-example-asan gl/kioskhud-gl.c "${asan[@]}" Examples/c/gl-example.c && run gl-example-asan
compile sdl-gl-example-asan gl/kioskhud-gl.c "${asan[@]}" Examples/c/sdl-gl-example.c "${sdl[@]}" &&
    SDL_VIDEODRIVER=offscreen run sdl-gl-example-asan
unset ASAN_OPTIONS

# Each check seen failing: CHECK SED_EXPRESSION WHAT [NAME]. gl-example must fail with "CHECK:" in its output.
mutant() {
    local check=$1 expression=$2 what=$3 name=mutant-${4:-$1}
    sed -e "$expression" gl/kioskhud-gl.c > "$work/$name.c"
    if cmp -s gl/kioskhud-gl.c "$work/$name.c"; then
        fail "$name" "the sed changed nothing: gl/kioskhud-gl.c no longer has what it breaks ($expression)"
        return
    fi
    compile "$name" "$work/$name.c" Examples/c/gl-example.c || return
    if timeout 120 "$work/$name" > "$work/$name.out" 2>&1; then
        fail "$name" "kioskhud-gl with $what passed gl-example"
    elif grep -q "^$check: " "$work/$name.out"; then
        pass "$name: $what fails '$check' ($(grep -c "^$check: " "$work/$name.out") lines, e.g. $(grep -m1 "^$check: " "$work/$name.out"))"
    else
        fail "$name" "kioskhud-gl with $what failed, but not '$check': $(tail -n 3 "$work/$name.out")"
    fi
}
mutant blend 's/glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA)/glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA)/' \
    "the layer blended as straight alpha"
mutant untouched 's/(float)e.x, H - (float)(e.y + e.height), (float)(e.x + e.width),/(float)e.x + 6, H - (float)(e.y + e.height), (float)(e.x + e.width) + 6,/' \
    "the layer drawn 6 pixels right of its extent"
mutant damage 's/pixels + (size_t)r.y \* f->stride + (size_t)r.x \* 4);/pixels + (size_t)r.y * f->stride);/' \
    "changed rectangles uploaded from the wrong column"
mutant blur 's/float bx0 = (float)b->rect.x,/float bx0 = (float)b->rect.x - 8,/' \
    "the blur spilling 8 pixels left of the bezel"
mutant blur 's/if (f->bezels\[i\].opacity > 0) blur_under/if (0) blur_under/' "no blur at all" blur-none
mutant state '/set_enabled(GL_BLEND, s->blend);/d' "GL_BLEND left enabled"
mutant 'bad input' 's/} else if (f->format == KH_FORMAT_ARGB8888 \&\& c->has_bgra) {/} else if (c->has_bgra) {/' \
    "any format taken for ARGB8888" bad-input

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
