#!/usr/bin/env bash
# Assembles the aarch64-unknown-linux-gnu Swift SDK (an SE-0387 bundle) from Debian packages:
# Debian sid's arm64 swiftlang 6.2.3 (its Swift runtime and stdlib) on a Debian trixie arm64
# sysroot (glibc 2.41, gcc 14's libstdc++, libdrm, cairo/pango/pixman headers and libraries).
# The host's Swift (6.3.1, /opt/swift) builds against it through the stdlib's .swiftinterface
# files (-module-load-mode prefer-interface); Foundation, Dispatch and XCTest have no interface
# and are left out (HUDFoundationProgress is empty on aarch64). swift-testing's macros are built
# from Debian's 6.2.3 source against the host's swift-syntax, so their expansions match the
# 6.2.3 Testing library.
#
#   scripts/arm64/make-sdk.sh            -> prints the bundle's directory (for --swift-sdks-path)
#
# Cache: $KIOSKHUD_ARM64_CACHE (default /var/tmp/kioskhud-arm64), outside the clone. A bundle is
# keyed by this script, the host Swift's version and the package versions the archive offers;
# it is built in a temporary directory and renamed into place when complete, so an interrupted
# run leaves nothing half-made. apt runs with a private state under the cache (never the
# system's configuration), against the archive URI /etc/apt/sources.list.d/debian.sources names.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
CACHE=${KIOSKHUD_ARM64_CACHE:-/var/tmp/kioskhud-arm64}
SWIFT_BIN=${SWIFT_BIN:-$(dirname "$(readlink -f "$(command -v swiftc)")")}
ID=kioskhud-debian-trixie-aarch64
log() { echo "make-sdk: $*" >&2; }
die() { echo "make-sdk: $*" >&2; exit 1; }

# What the sysroot holds (trixie), and where the Swift runtime comes from (sid).
SYSROOT_PKGS=(libc6-dev libgcc-14-dev libstdc++-14-dev linux-libc-dev libdrm-dev
              libcairo2-dev libpango1.0-dev libpixman-1-dev libinput-dev libxkbcommon-dev libsystemd-dev libwayland-dev)
SWIFT_PKGS=(swiftlang libswiftlang)
SWIFT_SUITE=sid

. "$here/apt-lib.sh"

madison_all "${SWIFT_PKGS[@]}" "${SYSROOT_PKGS[@]}"
for p in "${SWIFT_PKGS[@]}"; do
    v=$(version_of "$p" "$SWIFT_SUITE"); [[ -n $v ]] || die "the archive ($MIRROR $SWIFT_SUITE arm64) no longer carries package '$p'"
done
for p in "${SYSROOT_PKGS[@]}"; do
    [[ -n $(version_of "$p" trixie) ]] || die "the archive ($MIRROR trixie arm64) no longer carries package '$p'"
done
SWIFT_VERSION=$(version_of swiftlang "$SWIFT_SUITE")

# The sysroot's closure: every package the -dev packages need (Depends, no Recommends).
closure=$(apt-get "${APT_OPTS[@]}" -s install "${SYSROOT_PKGS[@]}" 2>&1) || { echo "$closure" >&2; die "cannot resolve the sysroot packages"; }
mapfile -t CLOSURE < <(sed -n 's/^Inst \([^ ]*\) (\([^ ]*\) .*/\1=\2/p' <<<"$closure" | sort)
((${#CLOSURE[@]} > 20)) || die "the sysroot closure looks wrong (${#CLOSURE[@]} packages)"

key=$( { cat "$0"; echo "$MIRROR"; "$SWIFT_BIN/swiftc" --version 2>&1 | head -1; echo "$SWIFT_VERSION"; printf '%s\n' "${CLOSURE[@]}"; } | sha256sum | cut -c1-16)
OUT=$CACHE/sdk-$key
if [[ -f $OUT/complete ]]; then echo "$OUT"; exit 0; fi

log "assembling $OUT (swiftlang $SWIFT_VERSION, ${#CLOSURE[@]} trixie packages)"
start=$SECONDS
(cd "$CACHE/debs" && apt-get -qq "${APT_OPTS[@]}" download "${CLOSURE[@]}" \
     $(printf '%s/'"$SWIFT_SUITE"' ' "${SWIFT_PKGS[@]}") >&2) || die "download failed"

T=$(mktemp -d "$CACHE/tmp.XXXXXX"); trap 'rm -rf "$T"' EXIT
B=$T/$ID.artifactbundle; S=$B/sdk/sysroot
mkdir -p "$S" "$B/sdk/plugins"
deb_of() {  # NAME=VERSION -> the .deb file
    local n=${1%%=*} v=${1#*=}
    local f=$CACHE/debs/${n}_${v//:/%3a}_arm64.deb
    [[ -f $f ]] || f=$CACHE/debs/${n}_${v//:/%3a}_all.deb
    [[ -f $f ]] || die "no .deb for $1 in $CACHE/debs"
    echo "$f"
}
for p in "${CLOSURE[@]}"; do
    f=$(deb_of "$p")
    # Documentation, locales and man pages are not needed to build or run.
    dpkg-deb --fsys-tarfile "$f" | tar -x -C "$S" --exclude='./usr/share/doc*' --exclude='./usr/share/man*' \
        --exclude='./usr/share/locale*' --exclude='./usr/share/info*'
done
# Merged /usr: ld-linux and libc.so's /lib paths.
[[ -e $S/lib ]] || ln -s usr/lib "$S/lib"
# No fonts: under qemu-aarch64 -L the tests then read the host's /usr/share/fonts (as on x86).
rm -rf "$S/usr/share/fonts"
# pkg-config files and linker scripts name absolute paths; PKG_CONFIG_SYSROOT_DIR and lld's
# --sysroot prefix them. Absolute symlinks (lib*.so -> /lib/...) must point into the sysroot.
find "$S" -type l -lname '/*' | while read -r l; do ln -sfn "$S$(readlink "$l")" "$l"; done

# The Swift runtime and stdlib (no embedded, host or migrator parts).
SW=$T/swift; mkdir -p "$SW"
for p in "${SWIFT_PKGS[@]}"; do
    v=$(version_of "$p" "$SWIFT_SUITE")
    f=$(deb_of "$p=$v")
    dpkg-deb --fsys-tarfile "$f" | tar -x -C "$SW" --wildcards \
        --exclude='*/embedded' --exclude='*/embedded/*' --exclude='./usr/libexec/swift/lib/swift/host*' \
        --exclude='./usr/libexec/swift/lib/swift/pm*' --exclude='./usr/libexec/swift/lib/swift/migrator*' \
        --exclude='./usr/libexec/swift/lib/swift/FrameworkABIBaseline*' \
        './usr/libexec/swift/lib/swift*' 2>/dev/null || true
done
[[ -d $SW/usr/libexec/swift/lib/swift/linux ]] || die "swiftlang $SWIFT_VERSION: no usr/libexec/swift/lib/swift/linux in the package"
mv "$SW/usr/libexec/swift/lib/swift" "$SW/usr/libexec/swift/lib/swift_static" "$S/usr/lib/"
CLANG_RES=$(readlink -f "$SWIFT_BIN/../lib/swift/clang")   # the host clang's builtin headers
for d in swift swift_static; do
    rm -rf "$S/usr/lib/$d/clang"; ln -s "$CLANG_RES" "$S/usr/lib/$d/clang"
    # No interfaces: cannot be imported by another compiler. Removing them makes canImport false.
    for m in Foundation FoundationEssentials FoundationInternationalization FoundationNetworking FoundationXML \
             _FoundationCShims _FoundationCollections Dispatch XCTest; do
        rm -rf "$S/usr/lib/$d/linux/$m.swiftmodule" "$S/usr/lib/$d/linux/$m.swiftdoc"
    done
done

# SwiftPM's generated test-discovery module imports XCTest unconditionally: a stub.
cat > "$T/XCTestStub.swift" <<'SWIFT'
public typealias XCTestCaseClosure = (Any) throws -> Void
public typealias XCTestCaseEntry = (testCaseClass: Any.Type, allTests: [(String, XCTestCaseClosure)])
SWIFT
for d in swift swift_static; do
    mkdir -p "$S/usr/lib/$d/linux/XCTest.swiftmodule"
    "$SWIFT_BIN/swiftc" -target aarch64-unknown-linux-gnu -sdk "$S" -resource-dir "$S/usr/lib/swift" \
        -Xfrontend -module-load-mode -Xfrontend prefer-interface -module-cache-path "$T/mcache" \
        -parse-as-library -emit-module -module-name XCTest "$T/XCTestStub.swift" \
        -emit-module-path "$S/usr/lib/$d/linux/XCTest.swiftmodule/aarch64-unknown-linux-gnu.swiftmodule"
done

# swift-testing's macros from the 6.2.3 source, cached apart (the source is ~240 MB).
PLUGIN=$CACHE/plugins/TestingMacros-$( { echo "$SWIFT_VERSION"; "$SWIFT_BIN/swiftc" --version 2>&1 | head -1; } | sha256sum | cut -c1-12).so
if [[ ! -f $PLUGIN ]]; then
    log "building TestingMacros from swiftlang $SWIFT_VERSION's source"
    (cd "$CACHE/src" && ls swiftlang_*.orig.tar.* >/dev/null 2>&1 && ls swiftlang_"${SWIFT_VERSION%-*}"*.orig.tar.* >/dev/null 2>&1 \
        || { rm -f swiftlang_*; apt-get -qq "${APT_OPTS[@]}" source --download-only "swiftlang/$SWIFT_SUITE" >&2; }) \
        || die "cannot download swiftlang's source package ($SWIFT_SUITE)"
    mkdir -p "$T/st"
    tar -xf "$CACHE"/src/swiftlang_"${SWIFT_VERSION%-*}"*.orig.tar.* -C "$T/st" --wildcards '*/swift-testing/Sources/TestingMacros/*'
    TM=$(find "$T/st" -type d -path '*/swift-testing/Sources/TestingMacros' | head -1)
    [[ -n $TM ]] || die "no swift-testing/Sources/TestingMacros in swiftlang's source"
    H=$(readlink -f "$SWIFT_BIN/../lib/swift/host")
    mkdir -p "$CACHE/plugins"
    nice "$SWIFT_BIN/swiftc" -emit-library -module-name TestingMacros -parse-as-library -O \
        -package-name org.swift.testing -enable-experimental-feature AccessLevelOnImport \
        -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault \
        -enable-upcoming-feature MemberImportVisibility -enable-upcoming-feature InferIsolatedConformances \
        -D SWT_NO_SNAPSHOT_TYPES -D SWT_NO_FOUNDATION_FILE_COORDINATION \
        -Xfrontend -disable-implicit-string-processing-module-import -suppress-warnings \
        -module-cache-path "$T/mcache" \
        -I "$H" -L "$H" -lSwiftSyntax -lSwiftSyntaxMacros -lSwiftSyntaxMacroExpansion -lSwiftSyntaxBuilder \
        -lSwiftParser -lSwiftDiagnostics -lSwiftOperators -lSwiftBasicFormat -lSwiftParserDiagnostics \
        -Xlinker -rpath -Xlinker "$H" $(find "$TM" -name '*.swift') -o "$PLUGIN.tmp"
    mv "$PLUGIN.tmp" "$PLUGIN"
fi
cp "$PLUGIN" "$B/sdk/plugins/libTestingMacros.so"

# Bundle metadata. Paths inside are the final ones ($OUT), not $T's.
FB=$OUT/$ID.artifactbundle
cat > "$B/info.json" <<JSON
{ "schemaVersion": "1.0",
  "artifacts": { "$ID": { "type": "swiftSDK", "version": "$SWIFT_VERSION",
    "variants": [ { "path": "sdk", "supportedTriples": ["x86_64-unknown-linux-gnu"] } ] } } }
JSON
cat > "$B/sdk/swift-sdk.json" <<'JSON'
{ "schemaVersion": "4.0",
  "targetTriples": { "aarch64-unknown-linux-gnu": {
    "sdkRootPath": "sysroot",
    "swiftResourcesPath": "sysroot/usr/lib/swift",
    "swiftStaticResourcesPath": "sysroot/usr/lib/swift_static",
    "toolsetPaths": ["toolset.json"] } } }
JSON
cat > "$B/sdk/toolset.json" <<JSON
{ "schemaVersion": "1.0",
  "swiftCompiler": { "extraCLIOptions": ["-use-ld=lld", "-Xfrontend", "-module-load-mode", "-Xfrontend", "prefer-interface",
                                         "-load-plugin-library", "$FB/sdk/plugins/libTestingMacros.so"] } }
JSON
cat > "$B/sdk/swift-testing-entry.swift" <<'SWIFT'
import Testing
@main struct SwiftTestingRunner {
    static func main() async { await Testing.__swiftPMEntryPoint() as Never }
}
SWIFT
cat > "$T/env.sh" <<ENV
# Sourced by scripts/arm64/*.sh: the SDK and pkg-config for aarch64.
export KIOSKHUD_ARM64_SDKS=$OUT
export KIOSKHUD_ARM64_SDK_ID=$ID
export KIOSKHUD_ARM64_SYSROOT=$FB/sdk/sysroot
export KIOSKHUD_ARM64_TEST_ENTRY=$FB/sdk/swift-testing-entry.swift
export PKG_CONFIG_SYSROOT_DIR=$FB/sdk/sysroot
export PKG_CONFIG_LIBDIR=$FB/sdk/sysroot/usr/lib/aarch64-linux-gnu/pkgconfig:$FB/sdk/sysroot/usr/share/pkgconfig
export PKG_CONFIG_PATH=
ENV
# The sysroot's absolute symlinks were made for $T: point them at $OUT.
find "$S" -type l -lname "$T/*" | while read -r l; do t=$(readlink "$l"); ln -sfn "$OUT${t#"$T"}" "$l"; done
rm -rf "$T/swift" "$T/st" "$T/mcache" "$T/XCTestStub.swift"
touch "$T/complete"
chmod 755 "$T"   # mktemp made it 0700: tests run `hud` as nobody under qemu -L SYSROOT
rm -rf "$OUT"; mv "$T" "$OUT"; trap - EXIT
# Older bundles (other keys) go.
for d in "$CACHE"/sdk-*; do [[ $d == "$OUT" ]] || rm -rf "$d"; done
log "done in $((SECONDS - start)) s: $(du -sh "$OUT" | cut -f1)"
echo "$OUT"
