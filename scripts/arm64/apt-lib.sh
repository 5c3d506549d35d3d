# Sourced by scripts/arm64/make-sdk.sh and board/arm64/make-root.sh: a private apt state for
# Debian arm64 (trixie, plus $SWIFT_SUITE for the Swift runtime) under $CACHE/apt; never the
# system's configuration. Sets APT_OPTS and the function version_of.
SWIFT_SUITE=${SWIFT_SUITE:-sid}
mkdir -p "$CACHE"/apt/{state/lists/partial,cache/archives/partial,empty.d} "$CACHE"/debs "$CACHE"/src
CACHE=$(cd "$CACHE" && pwd)
KEY=/usr/share/keyrings/debian-archive-keyring.gpg
MIRROR=${DEBIAN_MIRROR:-$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | grep -v -- -security | head -1)}
[[ -n $MIRROR ]] || die "no archive URI in /etc/apt/sources.list.d/debian.sources (set DEBIAN_MIRROR)"
# Written only when they change: apt rebuilds its package cache when an input is newer.
write_if_changed() { local f=$1 t; t=$(cat); [[ -f $f && $(cat "$f") == "$t" ]] || printf '%s\n' "$t" > "$f"; }
write_if_changed "$CACHE/apt/sources.list" <<SRC
deb [arch=arm64 signed-by=$KEY] $MIRROR trixie main
deb [arch=arm64 signed-by=$KEY] $MIRROR $SWIFT_SUITE main
deb-src [signed-by=$KEY] $MIRROR $SWIFT_SUITE main
SRC
# trixie wins unless a package is named with /sid.
write_if_changed "$CACHE/apt/preferences" <<PREF
Package: *
Pin: release n=$SWIFT_SUITE
Pin-Priority: 100
PREF
[[ -f $CACHE/apt/status ]] || : > "$CACHE/apt/status"
APT_OPTS=(-o Dir::Etc::SourceList="$CACHE/apt/sources.list" -o Dir::Etc::SourceParts="$CACHE/apt/empty.d"
          -o Dir::Etc::Preferences="$CACHE/apt/preferences" -o Dir::Etc::PreferencesParts="$CACHE/apt/empty.d"
          -o Dir::State="$CACHE/apt/state" -o Dir::State::status="$CACHE/apt/status"
          -o Dir::Cache="$CACHE/apt/cache" -o Debug::NoLocking=1
          -o Dir::Cache::pkgcache="$CACHE/apt/cache/pkgcache.bin" -o Dir::Cache::srcpkgcache="$CACHE/apt/cache/srcpkgcache.bin"
          -o APT::Architecture=arm64 -o APT::Architectures::=arm64 -o APT::Sandbox::User=root
          -o APT::Install-Recommends=false)

# Refresh the indexes at most once every 12 hours (offline runs reuse a complete bundle).
lists=$CACHE/apt/state/lists
if [[ -z $(find "$lists" -maxdepth 1 -name '*_Packages*' -mmin -720 2>/dev/null | head -1) ]]; then
    log "apt update ($MIRROR, trixie + $SWIFT_SUITE, arm64)"
    if ! apt-get -qq "${APT_OPTS[@]}" update >&2; then
        [[ -n $(find "$lists" -maxdepth 1 -name '*_Packages*' | head -1) ]] || die "apt update failed and no indexes are cached"
        log "apt update failed: using the cached indexes"
    fi
fi

# The version of PKG in SUITE ("" when the archive does not carry it). madison_all PKG... first
# asks for many at once (each apt-cache run reads the indexes).
MADISON=""
madison_all() { MADISON=$(apt-cache "${APT_OPTS[@]}" -q=2 madison "$@" 2>/dev/null || true); }
version_of() {  # PKG SUITE
    { [[ -n $MADISON ]] && grep -q "^ *$1 |" <<<"$MADISON"; } || MADISON+=$'\n'$(apt-cache "${APT_OPTS[@]}" -q=2 madison "$1" 2>/dev/null || true)
    awk -v p="$1" -v s="$2" -F' *\\| *' '{ sub(/^ */, "", $1) }
        $1 == p && (index($3, "/" s "/") || index($3, " " s "/")) { print $2; exit }' <<<"$MADISON"
}
