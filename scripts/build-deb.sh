#!/usr/bin/env bash
# Builds the Debian packages kioskhud_VERSION_ARCH.deb, kioskhud-plymouthd_VERSION_all.deb,
# libkioskhud0_VERSION_ARCH.deb, libkioskhud-dev_VERSION_ARCH.deb and
# libkioskhud-gl-dev_VERSION_ARCH.deb (kioskhud-gl, a static library) (docs/packages.md) with
# debhelper, from a `hud` and a libkioskhud.so built before and the board's files:
# board/debian holds the packaging; the binary, themes, units, update followers, Mender
# scripts, initramfs-tools files, docs and the man page (scripts/hud-manpage.py, from the
# --help texts) are staged beside a copy of it in a temporary directory, the library, its
# header and kioskhud.pc as installed, and dpkg-buildpackage -b builds there.
#
#   scripts/build-deb.sh [--arch amd64|arm64] [--hud PATH] [--lib PATH] [--suite bookworm|trixie]
#                        [--version VERSION] [--help-hud PATH] OUTDIR
#   --arch      amd64 (default) or arm64 (cross: the NEEDED libraries' packages by hand)
#   --hud       the release binary (default: amd64 .build-qemu/release/hud, arm64
#               .build-arm64-release/aarch64-unknown-linux-gnu/release/hud; built when missing)
#   --lib       the release libkioskhud.so (default: scripts/build-lib-release.sh's for --arch,
#               built or brought up to date by it)
#   --suite     the Debian release the package is for (default: amd64 bookworm, arm64
#               trixie); picks the names of renamed libraries (libpng16-16t64 in trixie)
#   --version   the package version (default: Sources/hud/Version.swift's); tests use it
#   --help-hud  a `hud` this host can run, for the man page (default: --hud when it runs,
#               else .build-qemu/release/hud)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
usage() { echo "build-deb: $*" >&2; echo "usage: scripts/build-deb.sh [--arch amd64|arm64] [--hud PATH] [--lib PATH] [--suite SUITE] [--version VERSION] [--help-hud PATH] OUTDIR" >&2; exit 2; }
die() { echo "build-deb: $*" >&2; exit 1; }

arch=amd64 hud= lib= suite= version= help_hud= outdir=
while (($#)); do
    case $1 in
        --arch) (($# >= 2)) || usage "--arch needs a value"; arch=$2; shift 2 ;;
        --hud) (($# >= 2)) || usage "--hud needs a value"; hud=$2; shift 2 ;;
        --lib) (($# >= 2)) || usage "--lib needs a value"; lib=$2; shift 2 ;;
        --suite) (($# >= 2)) || usage "--suite needs a value"; suite=$2; shift 2 ;;
        --version) (($# >= 2)) || usage "--version needs a value"; version=$2; shift 2 ;;
        --help-hud) (($# >= 2)) || usage "--help-hud needs a value"; help_hud=$2; shift 2 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) usage "unknown option $1" ;;
        *) [[ -z $outdir ]] || usage "one OUTDIR only (got $outdir and $1)"; outdir=$1; shift ;;
    esac
done
[[ -n $outdir ]] || usage "no OUTDIR"
case $arch in
    amd64) machine='Advanced Micro Devices X86-64' triplet=x86_64-linux-gnu cc=gcc ar=ar ld=ld-linux-x86-64.so.2 suite=${suite:-bookworm} ;;
    arm64) machine=AArch64 triplet=aarch64-linux-gnu cc=aarch64-linux-gnu-gcc ar=aarch64-linux-gnu-ar ld=ld-linux-aarch64.so.1 suite=${suite:-trixie} ;;
    *) usage "--arch: amd64 or arm64, not $arch" ;;
esac
case $suite in
    bookworm) png='libpng16-16 | libpng16-16t64' ;;
    trixie|forky|sid) png='libpng16-16t64 | libpng16-16' ;;
    *) usage "--suite: bookworm, trixie, forky or sid, not $suite" ;;
esac
for tool in dpkg-buildpackage dh readelf python3 "$cc" "$ar"; do
    command -v $tool >/dev/null || die "no $tool (scripts/install-deps.sh installs debhelper, dpkg-dev, binutils, python3)"
done
version=${version:-$(sed -n 's/.*static let string = "\(.*\)".*/\1/p' "$repo/Sources/hud/Version.swift")}
[[ $version =~ ^[0-9][A-Za-z0-9.+~]*$ ]] || die "bad version '$version' (from Sources/hud/Version.swift or --version)"

if [[ -z $hud ]]; then
    if [[ $arch == amd64 ]]; then
        hud=$repo/.build-qemu/release/hud
        [[ -x $hud ]] || { echo "build-deb: building $hud (scripts/build-release.sh)" >&2; bash "$repo/scripts/build-release.sh" "$repo/.build-qemu"; }
    else
        hud=$repo/.build-arm64-release/aarch64-unknown-linux-gnu/release/hud
        [[ -x $hud ]] || { echo "build-deb: building $hud (scripts/arm64/build-release.sh)" >&2; bash "$repo/scripts/arm64/build-release.sh" "$repo/.build-arm64-release"; }
    fi
fi
[[ -f $hud && -x $hud ]] || die "$hud: not an executable file"
readelf -h "$hud" 2>/dev/null | grep -q "Machine:.*$machine" || die "$hud is not an $arch ($machine) executable: $(readelf -h "$hud" 2>&1 | sed -n 's/.*Machine:[[:space:]]*//p')"

if [[ -z $lib ]]; then
    lib=$(bash "$repo/scripts/build-lib-release.sh" --arch "$arch") || die "building libkioskhud.so for $arch failed (scripts/build-lib-release.sh)"
fi
[[ -f $lib ]] || die "$lib: not a file"
readelf -h "$lib" 2>/dev/null | grep -q "Machine:.*$machine" || die "$lib is not an $arch ($machine) library: $(readelf -h "$lib" 2>&1 | sed -n 's/.*Machine:[[:space:]]*//p')"
[[ $(readelf -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p') == libkioskhud.so.0 ]] || die "$lib: SONAME is not libkioskhud.so.0"
! readelf -d "$lib" | grep -q 'NEEDED.*libswift' || die "$lib needs a Swift runtime library (it must carry the runtime: scripts/build-lib-release.sh)"
libversion=$(awk '/#define KIOSKHUD_VERSION_(MAJOR|MINOR|PATCH)/ { v = v (v == "" ? "" : ".") $3 } END { print v }' "$repo/include/kioskhud.h")
[[ ${version%%[+~]*} == "$libversion" ]] || die "kioskhud.h says $libversion, the package version is $version (Sources/hud/Version.swift): one version for both"

# The man page comes from a hud this host runs: the help texts are the same on every architecture.
if [[ -z $help_hud ]]; then
    if "$hud" --version >/dev/null 2>&1; then help_hud=$hud; else help_hud=$repo/.build-qemu/release/hud; fi
fi
"$help_hud" --version >/dev/null 2>&1 || die "cannot run $help_hud for the man page (give --help-hud PATH: a hud this host runs)"

# Dependencies. What hud and libkioskhud link (NEEDED): dpkg-shlibdeps on a native build; on a
# cross build this table (glibc's and libstdc++'s minimum versions from the symbol versions).
# What they load with dlopen (the CLazy* modules) is named by hand: no tool sees dlopen.
cross_shlibs() {  # ELF -> shlibs:Depends=...
    local elf=$1 glibc deps=() needed
    glibc=$(readelf --version-info "$elf" | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' | sort -V | tail -n 1)
    for needed in $(readelf -d "$elf" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
        case $needed in
            libc.so.6|libm.so.6|"$ld") deps+=("libc6 (>= $glibc)") ;;
            libgcc_s.so.1) deps+=("libgcc-s1 (>= 3.0)") ;;
            libdrm.so.2) deps+=("libdrm2 (>= 2.4.75)") ;;
            libstdc++.so.6)
                # The newest GLIBCXX_ node used, as the libstdc++6 symbols file dates it.
                local cxx
                cxx=$(readelf --version-info "$elf" | grep -o 'GLIBCXX_3\.4\.[0-9]*' | sort -V | tail -n 1)
                case $cxx in
                    GLIBCXX_3.4.[0-9]|GLIBCXX_3.4.1[0-9]|GLIBCXX_3.4.2[0-9]|GLIBCXX_3.4.30|'') deps+=("libstdc++6 (>= 12)") ;;
                    GLIBCXX_3.4.3[12]) deps+=("libstdc++6 (>= 13)") ;;
                    GLIBCXX_3.4.33) deps+=("libstdc++6 (>= 14)") ;;
                    *) die "$elf uses $cxx, which scripts/build-deb.sh does not date (add it to its table)" ;;
                esac ;;
            *) die "$elf needs $needed, which scripts/build-deb.sh does not map to a package (add it to its table)" ;;
        esac
    done
    echo "shlibs:Depends=$(printf '%s\n' "${deps[@]}" | sort -u | paste -sd, | sed 's/,/, /g')"
}
extra=() libextra=()
if [[ $arch != $(dpkg-architecture -qDEB_BUILD_ARCH) ]]; then
    extra+=("$(cross_shlibs "$hud")")
    libextra+=("$(cross_shlibs "$lib")")
fi
# Depends: a library the first frame with a label or image needs; missing, the lazy loader ends the
# process (lazy_exit_missing: "cannot load ..."), which inside an app is the app. Recommends: input
# (libinput, xkbcommon: without them the HUD still shows; no button presses) and Wayland.
extra+=("dlopen:Depends=libcairo2, libpixman-1-0, libfreetype6, libharfbuzz0b, libfribidi0, libthai0, libfontconfig1, $png, fonts-noto-core | fonts-dejavu-core")
extra+=("dlopen:Recommends=libinput10, libxkbcommon0, xkb-data, libwayland-client0")
libextra+=("dlopen:Depends=libcairo2, libpixman-1-0, libfreetype6, libharfbuzz0b, libfribidi0, libthai0, libfontconfig1, $png, fonts-noto-core | fonts-dejavu-core")
libextra+=("dlopen:Recommends=libinput10, libxkbcommon0, xkb-data")

mkdir -p "$outdir"
outdir=$(cd "$outdir" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/kioskhud-deb.XXXXXX")
trap 'rm -rf "$work"' EXIT
src=$work/kioskhud-$version
stage=$src/stage
mkdir -p "$stage"/{themes,doc,man,examples}
# KIOSKHUD_DEB_DEBIAN: another packaging directory (scripts/check-debs.sh --break builds broken ones).
cp -a "${KIOSKHUD_DEB_DEBIAN:-$repo/board/debian}" "$src/debian"
install -m 0755 "$hud" "$stage/hud"
install -m 0644 "$repo"/board/themes/*.json "$repo"/board/themes/*.png "$stage/themes/"
cp -a "$repo/board/systemd" "$repo/board/initramfs-tools" "$repo/board/updates" "$repo/board/mender" "$stage/"
install -m 0644 "$repo/README.md" "$repo/docs/boot.md" "$repo/docs/protocol.md" "$repo/docs/packages.md" \
    "$repo/docs/update.md" "$repo/docs/c-api.md" "$stage/doc/"
install -m 0644 "$repo/Examples/c/readme-example.c" "$stage/examples/"
# The library as installed (stage/root, copied to debian/tmp by debian/rules' dh_auto_install):
# the file named by its version, the SONAME link, the link for -lkioskhud, the header and
# kioskhud.pc in the multiarch directory.
tmp=$stage/root
libdir=usr/lib/$triplet
install -D -m 0644 "$lib" "$tmp/$libdir/libkioskhud.so.$libversion"
ln -s "libkioskhud.so.$libversion" "$tmp/$libdir/libkioskhud.so.0"
ln -s libkioskhud.so.0 "$tmp/$libdir/libkioskhud.so"
install -D -m 0644 "$repo/include/kioskhud.h" "$tmp/usr/include/kioskhud.h"
mkdir -p "$tmp/$libdir/pkgconfig"
for pc in kioskhud kioskhud-gl; do
    sed -e "s|@PREFIX@|/usr|" -e "s|@LIBDIR@|\${prefix}/lib/$triplet|" -e "s|@VERSION@|$libversion|" \
        "$repo/include/$pc.pc.in" > "$tmp/$libdir/pkgconfig/$pc.pc"
done
# kioskhud-gl (libkioskhud-gl-dev): gl/kioskhud-gl.c as a static library the app links, built
# here with the target's C compiler, hardened as Debian builds C (PIC for PIE programs). The
# OpenGL ES headers are the host's: they declare, and are the same for every architecture.
gl_include=$work/gl-include
mkdir -p "$gl_include"
cp -a /usr/include/GLES2 /usr/include/KHR "$gl_include/" 2>/dev/null || die "no OpenGL ES headers (/usr/include/GLES2, KHR: libgles-dev)"
cc_sysroot=()
if [[ $arch == arm64 ]]; then
    # The cross compiler has no C library of its own: the arm64 SDK's sysroot (scripts/arm64/make-sdk.sh, cached).
    if [[ -z ${KIOSKHUD_ARM64_SYSROOT:-} ]]; then
        sdk=$(bash "$repo/scripts/arm64/make-sdk.sh") || die "no arm64 SDK for kioskhud-gl's C library headers (scripts/arm64/make-sdk.sh)"
        . "$sdk/env.sh"
    fi
    cc_sysroot=(--sysroot="$KIOSKHUD_ARM64_SYSROOT")
fi
"$cc" "${cc_sysroot[@]}" -std=c99 -O2 -fPIC -fstack-protector-strong -D_FORTIFY_SOURCE=2 -Wall -Wextra -Werror -ffile-prefix-map="$repo"=. \
    -I "$repo/include" -idirafter "$gl_include" -c "$repo/gl/kioskhud-gl.c" -o "$work/kioskhud-gl.o" ||
    die "gl/kioskhud-gl.c does not compile with $cc"
"$ar" rcsD "$tmp/$libdir/libkioskhud-gl.a" "$work/kioskhud-gl.o"
install -D -m 0644 "$repo/include/kioskhud-gl.h" "$tmp/usr/include/kioskhud-gl.h"
python3 "$repo/scripts/hud-manpage.py" "$help_hud" "$stage/man/hud.1"
printf '%s\n' "${extra[@]}" > "$src/debian/kioskhud.substvars.extra"
printf '%s\n' "${libextra[@]}" > "$src/debian/libkioskhud0.substvars.extra"

# The changelog: one entry for this version, dated by the last commit (reproducible).
date=$(git -C "$repo" log -1 --format=%cD 2>/dev/null || date -R)
cat > "$src/debian/changelog" <<CHANGELOG
kioskhud ($version) $suite; urgency=medium

  * KioskHUD $version for Debian $suite ($arch), built from the project's
    sources by scripts/build-deb.sh; the changes are in its git history.

 -- $(sed -n 's/^Maintainer: //p' "$src/debian/control")  $date
CHANGELOG

log=$work/build.log
if ! (cd "$src" && SOURCE_DATE_EPOCH=$(date -d "$date" +%s) dpkg-buildpackage -b -us -uc -d -a"$arch" > "$log" 2>&1); then
    tail -n 40 "$log" >&2
    if grep -q 'dpkg-gensymbols: error' "$log"; then
        die "libkioskhud's exports differ from board/debian/libkioskhud0.symbols (above): after adding functions to kioskhud.h, scripts/check-abi.sh --update adds them with this version; a removed one is an ABI break (docs/c-api.md#abi)"
    fi
    die "dpkg-buildpackage failed (the log's end is above)"
fi
debs=("$work"/kioskhud_"${version}"_"$arch".deb "$work"/kioskhud-plymouthd_"${version}"_all.deb
      "$work"/libkioskhud0_"${version}"_"$arch".deb "$work"/libkioskhud-dev_"${version}"_"$arch".deb
      "$work"/libkioskhud-gl-dev_"${version}"_"$arch".deb)
for deb in "${debs[@]}"; do
    [[ -f $deb ]] || { tail -n 20 "$log" >&2; die "dpkg-buildpackage made no $(basename "$deb")"; }
    cp "$deb" "$outdir/"
    echo "$outdir/$(basename "$deb")"
done
