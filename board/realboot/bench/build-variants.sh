#!/usr/bin/env bash
# Builds `hud` variants for board/realboot/measure.sh's cold-start cuts, each
# in its own scratch directory, with scripts/build-release.sh's flags (release,
# static Swift stdlib, non-PIE, libstdc++ linked in: repeated here, since that
# script takes no extra flags) plus the variant's own. Prints NAME=PATH lines
# for HUD_VARIANTS. Usage: build-variants.sh OUTDIR BASE_HUD [NAME...]
#   strip      BASE_HUD with strip --strip-all (no symbols, no debug info)
#   osize      -Osize instead of -O
#   noexp      -Xlinker --no-export-dynamic (the executable exports no symbols)
#   osize-noexp-strip   all three
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
out=${1:?usage: build-variants.sh OUTDIR BASE_HUD [NAME...]}
base=${2:?usage: build-variants.sh OUTDIR BASE_HUD [NAME...]}
shift 2
names=("$@")
((${#names[@]})) || names=(strip osize noexp osize-noexp-strip)
mkdir -p "$out"
out=$(cd "$out" && pwd)
archive=$(g++ -print-file-name=libstdc++.a 2>/dev/null || gcc -print-file-name=libstdc++.a)

build() { # NAME EXTRA_SWIFT_BUILD_ARGS...
    local name=$1 scratch=$out/scratch-$1
    shift
    mkdir -p "$scratch/static-libstdc++"
    ln -sf "$archive" "$scratch/static-libstdc++/libstdc++.a"
    (cd "$repo" && swift build -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -Xclang-linker -Xswiftc -no-pie \
        -Xlinker -L"$scratch/static-libstdc++" "$@" \
        --scratch-path "$scratch" --product hud) > "$scratch/build.log" 2>&1 || { tail -n 30 "$scratch/build.log" >&2; return 1; }
    cp "$scratch/release/hud" "$out/hud-$name"
}

for n in "${names[@]}"; do
    case $n in
    strip) strip --strip-all -o "$out/hud-strip" "$base" ;;
    osize) build osize -Xswiftc -Osize ;;
    noexp) build noexp -Xlinker --no-export-dynamic ;;
    osize-noexp-strip) build osize-noexp -Xswiftc -Osize -Xlinker --no-export-dynamic && strip --strip-all -o "$out/hud-osize-noexp-strip" "$out/hud-osize-noexp" && rm "$out/hud-osize-noexp" ;;
    *) echo "build-variants: unknown variant $n" >&2; exit 2 ;;
    esac
    echo "$n=$out/hud-$n"
done
