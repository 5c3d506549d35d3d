#!/usr/bin/env bash
# libkioskhud's ABI against the baseline kept in include/abi/ (docs/c-api.md, "ABI"):
#   kioskhud.abi    libabigail's abidw of the header: every function kioskhud.h declares, with its
#                   parameter and return types, enums (their values), structs (their layout) and
#                   callback types. abidw reads DWARF, and libkioskhud's is Swift's, so the types
#                   come from a stub library gcc builds from the header itself (each declared
#                   function defined as a trap); the real library's exports are checked apart.
#   exports.txt     the symbols the real libkioskhud.so exports, with their version node (KIOSKHUD_0)
#   macros.txt      the header's KH_* constants (their values are compiled into the callers)
# Compatible: new functions, new enumerators at the end, new constants, new exports. Incompatible
# (exit 1, with abidiff's report): a function removed or its types changed, an enum value, a struct,
# a constant's value changed, an export gone or moved to another version node.
#
#   scripts/check-abi.sh [--update] [--header PATH] [--lib PATH]
#   --update   write the baseline from the header and library (after a compatible change that adds
#              to the ABI; an incompatible one needs a new SONAME first, see docs/c-api.md); also adds
#              new exports to board/debian/libkioskhud0.symbols with this version as their minimum
#   --header   the header to check (default include/kioskhud.h; a scratch copy for a deliberate break)
#   --lib      the libkioskhud.so to check (default: `swift build --product kioskhud`, .build/debug)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
usage() { echo "check-abi: $*" >&2; echo "usage: scripts/check-abi.sh [--update] [--header PATH] [--lib PATH]" >&2; exit 2; }
die() { echo "check-abi: $*" >&2; exit 1; }
update=0 header=$repo/include/kioskhud.h lib=
while (($#)); do
    case $1 in
        --update) update=1; shift ;;
        --header) (($# >= 2)) || usage "--header needs a value"; header=$2; shift 2 ;;
        --lib) (($# >= 2)) || usage "--lib needs a value"; lib=$2; shift 2 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) usage "unknown argument $1" ;;
    esac
done
for tool in abidw abidiff gcc python3 nm; do
    command -v $tool >/dev/null || die "no $tool (scripts/install-deps.sh installs abigail-tools, gcc, binutils, python3)"
done
[[ -f $header ]] || die "$header: no such header"
if [[ -z $lib ]]; then
    (cd "$repo" && swift build --product kioskhud > /dev/null) || die "swift build --product kioskhud failed"
    lib=$repo/.build/debug/libkioskhud.so
fi
[[ -f $lib ]] || die "$lib: no such library"
base=$repo/include/abi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The header's ABI: a stub library with every declared function, read by abidw.
cp "$header" "$work/kioskhud.h"
gcc -E -P "$work/kioskhud.h" -o "$work/kioskhud.i" 2> "$work/cpp.err" || die "$header does not preprocess: $(head -3 "$work/cpp.err")"
python3 - "$work/kioskhud.i" > "$work/stub.c" <<'EOF'
import re, sys
# Top-level declarations (outside braces) that declare a kh_ function; typedefs are types, not functions.
text = re.sub(r'\s+', ' ', open(sys.argv[1]).read())
print('#include "kioskhud.h"')
depth, chunk = 0, ''
for ch in text:
    if ch == '{':
        depth += 1
    elif ch == '}':
        depth -= 1
        chunk = ''
        continue
    if depth == 0 and ch == ';':
        decl, chunk = chunk.strip(), ''
        if not decl.startswith('typedef') and decl.endswith(')') and re.search(r'\bkh_\w+\s*\(', decl):
            print(decl + ' { __builtin_trap(); }')
    elif depth == 0:
        chunk += ch
EOF
functions=$(grep -c '__builtin_trap' "$work/stub.c" || true)
((functions > 0)) || die "$header: no kh_ function declarations found"
gcc -std=gnu2x -g -O0 -shared -fPIC -fdebug-prefix-map="$work"=kioskhud-abi -I"$work" "$work/stub.c" -o "$work/stub.so" 2> "$work/stub.err" \
    || die "the stub of $header does not compile: $(head -5 "$work/stub.err")"
abidw --no-show-locs --type-id-style hash --no-corpus-path --no-comp-dir-path "$work/stub.so" > "$work/kioskhud.abi" \
    || die "abidw failed on the stub of $header"
# The constants: #define KH_NAME VALUE, one a line.
gcc -dM -E "$work/kioskhud.h" | sed -n 's/^#define \(KH_[A-Z0-9_]*\) \(.*\)$/\1 \2/p' | sort > "$work/macros.txt"
# What the library exports: NAME@@NODE (defined, global; the node itself too, KIOSKHUD_0@@KIOSKHUD_0).
nm -D --defined-only "$lib" | awk '$2 ~ /^[TDBRVWA]$/ { print ($3 ~ /@/ ? $3 : $3 "@" $3) }' | sed 's/@@*/@/' | sort -u > "$work/exports.txt"
[[ -s $work/exports.txt ]] || die "$lib exports nothing"

if ((update)); then
    mkdir -p "$base"
    cp "$work/kioskhud.abi" "$work/macros.txt" "$work/exports.txt" "$base/"
    # The symbols file: existing lines keep their minimum version, new exports get this one.
    symbols=$repo/board/debian/libkioskhud0.symbols
    version=$(sed -n 's/.*static let string = "\(.*\)".*/\1/p' "$repo/Sources/hud/Version.swift")
    [[ -f $symbols ]] || printf 'libkioskhud.so.0 libkioskhud0 #MINVER#\n* Build-Depends-Package: libkioskhud-dev\n' > "$symbols"
    # The version node's own symbol (KIOSKHUD_0@KIOSKHUD_0) is optional: GNU ld defines it, lld (the
    # arm64 cross link) does not, and no program links to it.
    while IFS=@ read -r name node; do
        tag=
        [[ $name == "$node" ]] && tag='(optional)'
        grep -q "^ \(([a-z=|]*)\)\{0,1\}$name@$node " "$symbols" || echo " $tag$name@$node $version" >> "$symbols"
    done < "$work/exports.txt"
    echo "check-abi: baseline written to include/abi ($functions functions, $(wc -l < "$work/exports.txt") exports, $(wc -l < "$work/macros.txt") constants); $symbols updated"
    exit 0
fi

for f in kioskhud.abi macros.txt exports.txt; do
    [[ -f $base/$f ]] || die "no baseline $base/$f (scripts/check-abi.sh --update writes it)"
done
failed=0
# --no-added-syms: new functions are compatible. abidiff counts added enumerators as harmless.
rc=0
abidiff --no-added-syms "$base/kioskhud.abi" "$work/kioskhud.abi" > "$work/abidiff.txt" 2>&1 || rc=$?
if ((rc == 0)); then
    echo "PASS abi/header: $functions functions, their types, enums and structs as in include/abi/kioskhud.abi (or added to)"
else
    echo "FAIL abi/header: abidiff exit $rc ($( ((rc & 8)) && echo "incompatible change" || echo "ABI change")) against include/abi/kioskhud.abi:"
    sed 's/^/    /' "$work/abidiff.txt"
    failed=1
fi
changed=$(comm -23 "$base/macros.txt" "$work/macros.txt")
if [[ -z $changed ]]; then
    echo "PASS abi/constants: $(wc -l < "$base/macros.txt") KH_* constants as in include/abi/macros.txt"
else
    echo "FAIL abi/constants: changed or removed (baseline NAME VALUE):"; sed 's/^/    /' <<<"$changed"
    failed=1
fi
gone=$(comm -23 "$base/exports.txt" "$work/exports.txt")
if [[ -z $gone ]]; then
    echo "PASS abi/exports: every symbol of include/abi/exports.txt exported by $(basename "$lib") at its version node ($(comm -13 "$base/exports.txt" "$work/exports.txt" | wc -l) new)"
else
    echo "FAIL abi/exports: $(basename "$lib") no longer exports (NAME@NODE): $(tr '\n' ' ' <<<"$gone")"
    failed=1
fi
if ((failed)); then
    echo "check-abi: INCOMPATIBLE with the baseline. A compatible addition: scripts/check-abi.sh --update. An incompatible change needs a new SONAME (docs/c-api.md)."
    exit 1
fi
if ! cmp -s "$base/kioskhud.abi" "$work/kioskhud.abi" || ! cmp -s "$base/exports.txt" "$work/exports.txt" || ! cmp -s "$base/macros.txt" "$work/macros.txt"; then
    echo "check-abi: compatible additions not in the baseline yet (scripts/check-abi.sh --update records them)"
fi
echo "check-abi: passed"
