#!/usr/bin/env bash
# libkioskhud from C (issue 25), on the host: the .so's ABI (SONAME, what it
# needs: no Swift runtime library, only kh_* exported, every function of
# kioskhud.h there), kioskhud.h alone under C99 and from C++17, the lifecycle
# on a manual clock, bad input, the HUD layer (layer.c), nothing loaded before use, the README's C
# example, an app drawing its frame with Cairo (cairo-example.c) and the SDL2 example (headless: SDL_VIDEODRIVER=dummy); the C
# programs also under AddressSanitizer. Everything is built with gcc against
# an installed copy (scripts/install-capi.sh) found by pkg-config.
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
lib=$work/prefix/lib/libkioskhud.so.0
passed=0 failed=0
pass() { echo "PASS c-api/$1"; passed=$((passed + 1)); }
fail() { echo "FAIL c-api/$1: $2"; failed=$((failed + 1)); }

# One version: kioskhud.pc's (from kioskhud.h's KIOSKHUD_VERSION_*) is hud --version's
# (Sources/hud/Version.swift); lifecycle.c checks kh_version_string() against the header.
hud_version=$(sed -n 's/.*static let string = "\(.*\)".*/\1/p' Sources/hud/Version.swift)
pc_version=$(pkg-config --modversion kioskhud)
[[ -n $hud_version && $pc_version == "$hud_version" ]] && pass "version: kioskhud.pc and hud --version say $pc_version" \
    || fail version "kioskhud.pc (kioskhud.h) says '$pc_version', hud --version (Sources/hud/Version.swift) '$hud_version'"

# The ABI.
soname=$(readelf -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[[ $soname == libkioskhud.so.0 ]] && pass soname || fail soname "SONAME is '$soname', not libkioskhud.so.0"
needed=$(readelf -d "$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
foreign=$(tr ' ' '\n' <<<"$needed" | grep -Ev '^(|libdrm\.so\.2|libc\.so\.6|libm\.so\.6|libstdc\+\+\.so\.6|libgcc_s\.so\.1|ld-linux[-a-z0-9_.]*\.so\.[0-9]+)$')
[[ -z $foreign ]] && pass "needed: $needed" || fail needed "needs $(tr '\n' ' ' <<<"$foreign")(only Debian's C/C++ runtime and libdrm are allowed: the Swift runtime must be inside)"
exported=$(nm -D --defined-only "$lib" | awk '$2 ~ /^[TDBRVW]$/ { print $3 }' | sed 's/@.*//' | sort -u)
extra=$(grep -v '^kh_' <<<"$exported" | grep -v '^KIOSKHUD_' || true)
[[ -z $extra ]] && pass "exports only kh_* ($(grep -c '^kh_' <<<"$exported") functions)" \
    || fail exports "$(wc -l <<<"$extra") symbols besides kh_*, e.g. $(head -3 <<<"$extra" | tr '\n' ' ')"
declared=$(grep -oE '\bkh_[a-z_]+\(' include/kioskhud.h | tr -d '(' | sort -u)
missing=$(comm -23 <(echo "$declared") <(echo "$exported"))
[[ -z $missing ]] && pass "every kioskhud.h function exported" || fail exports "declared, not exported: $(tr '\n' ' ' <<<"$missing")"

# build NAME COMPILER FLAGS... SOURCES...: compiles against the installed library.
build() {
    local name=$1 cc=$2
    shift 2
    if "$cc" "$@" $(pkg-config --cflags kioskhud) -I Tests/CAPI -o "$work/$name" $(pkg-config --libs kioskhud) \
        -Wl,-rpath,"$work/prefix/lib" 2> "$work/$name.err"; then
        return 0
    fi
    fail "$name" "does not compile: $(head -5 "$work/$name.err")"
    return 1
}
# run NAME [ENV...]: runs a built program, PASS on exit 0.
run() {
    local name=$1
    shift
    if env "$@" LSAN_OPTIONS=suppressions=$PWD/Tests/CAPI/lsan.supp timeout 60 "$work/$name" > "$work/$name.out" 2>&1; then
        pass "$name: $(tail -n 1 "$work/$name.out")"
    else
        fail "$name" "exit $?: $(grep -v '^ *#\|^$' "$work/$name.out" | tail -n 8)"
    fi
}

if gcc -std=c99 -Wall -Wextra -Werror -pedantic $(pkg-config --cflags kioskhud) -c Tests/CAPI/header-alone.c \
    -o "$work/header-alone.o" 2> "$work/header.err"; then
    pass "kioskhud.h alone under -std=c99 -Wall -Wextra -Werror -pedantic"
else
    fail header-c99 "$(head -5 "$work/header.err")"
fi
build header-cxx g++ -std=c++17 -Wall -Wextra -Werror Tests/CAPI/header-cxx.cpp && run header-cxx

c_flags=(-std=c99 -Wall -Wextra -Werror -pthread)
asan=(-g -fsanitize=address -fno-omit-frame-pointer)
for test in lifecycle bad-input lazy layer; do
    build "$test" gcc "${c_flags[@]}" "Tests/CAPI/$test.c" && run "$test"
done
for test in lifecycle bad-input layer; do
    build "$test-asan" gcc "${c_flags[@]}" "${asan[@]}" "Tests/CAPI/$test.c" && run "$test-asan"
done
build spinner-cpu gcc "${c_flags[@]}" -O2 Tests/CAPI/spinner-cpu.c && pass "spinner-cpu builds (a measurement, run by hand)"
build readme-example gcc "${c_flags[@]}" Examples/c/readme-example.c && run readme-example
build readme-example-asan gcc "${c_flags[@]}" "${asan[@]}" Examples/c/readme-example.c && run readme-example-asan
# The app's frame drawn with Cairo on its own buffer, the HUD over it.
cairo=(Examples/c/cairo-example.c $(pkg-config --cflags --libs cairo))
build cairo-example gcc "${c_flags[@]}" "${cairo[@]}" && run cairo-example
build cairo-example-asan gcc "${c_flags[@]}" "${asan[@]}" "${cairo[@]}" && run cairo-example-asan
if pkg-config --exists sdl2; then
    sdl=(Examples/c/sdl-example.c $(pkg-config --cflags --libs sdl2))
    build sdl-example gcc "${c_flags[@]}" "${sdl[@]}" && run sdl-example SDL_VIDEODRIVER=dummy
    build sdl-example-asan gcc "${c_flags[@]}" "${asan[@]}" "${sdl[@]}" && run sdl-example-asan SDL_VIDEODRIVER=dummy
else
    fail sdl-example "no sdl2.pc (bash scripts/install-deps.sh installs libsdl2-dev)"
fi

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
