#!/usr/bin/env bash
# The Debian packages, checked on the host (docs/packages.md): builds kioskhud,
# kioskhud-plymouthd, libkioskhud0 and libkioskhud-dev for amd64 from the release `hud` and
# libkioskhud.so (scripts/build-deb.sh), runs lintian on them, then in a Debian 12 root (scripts/debs-root.sh: minbase with systemd, initramfs-tools
# and Plymouth, cached) inside chroot, with policy-rc.d denying service starts:
#   install   `apt-get install ./kioskhud_*.deb ./kioskhud-plymouthd_*.deb` installs the
#             packages and only what was missing (nothing upgraded, nothing of a build or
#             desktop stack); `hud --version`; our units enabled (a link in every WantedBy=
#             target); the fonts recorded; plymouthd diverted to plymouthd.real, Plymouth's
#             file intact there, /usr/sbin/plymouthd a link to hud; update-initramfs run
#             once, by the trigger (update-initramfs is wrapped to count its calls); the
#             update followers (hud-follow-swupdate/-rauc.service) installed and not enabled,
#             the Mender state scripts in /usr/share/kioskhud/mender and none in /etc/mender
#   C library `apt-get install ./libkioskhud0_*.deb ./libkioskhud-dev_*.deb`, then gcc, libc6-dev
#             and pkgconf (no Swift toolchain in the root: checked), Examples/c/readme-example.c
#             built with `gcc ... $(pkg-config --cflags --libs kioskhud)` and run; the library in
#             the multiarch directory, found by ld.so through its SONAME
#   upgrade   the same packages at a higher version over them: the user's theme choice
#             (KIOSKHUD_THEME in the conffile /etc/initramfs-tools/conf.d/kioskhud) and
#             /var/lib/kioskhud kept, a unit the user disabled stays disabled, the diversion
#             kept, update-initramfs once more
#   purge     (a follower unit enabled by hand first) `apt-get purge kioskhud-plymouthd kioskhud
#             libkioskhud-dev libkioskhud0`: no file of the packages left, no
#             file that was not there before install and no package owns, no link of our
#             units, no state of deb-systemd-helper, the diversion gone and
#             /usr/sbin/plymouthd Plymouth's own again (its md5sum as the plymouth package
#             lists it), update-initramfs once more
#   piuparts  Debian's piuparts, install and purge test, on libkioskhud0 alone and on
#             libkioskhud0 with libkioskhud-dev, each in a fresh minimal bookworm chroot (its
#             base tarball cached beside the root's); no upgrade test (piuparts upgrades from the
#             archive, which has no libkioskhud: the upgrade above covers it)
# Every check prints PASS or FAIL; the script exits 1 after the first FAIL.
#
#   scripts/check-debs.sh [--break purge|divert|trigger|enable|followers|devlink]
#   HUD=PATH          the amd64 release hud (default: .build-qemu/release/hud, built or
#                     brought up to date by scripts/build-release.sh)
#   --break WHAT      build the packages with one fault (no purge in postrm, no diversion
#                     removal, no initramfs trigger, units not enabled, the update followers
#                     enabled, no libkioskhud.so link in -dev) to see a check fail;
#                     exits 0 only when a check FAILs
# Needs root (chroot, mounts) and the network or a warm apt cache (the root's downloads are
# kept in $KIOSKHUD_DEBS_CACHE/archives, default /var/tmp/kioskhud-debs-root).
set -euo pipefail
export LC_ALL=C
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
usage() { echo "check-debs: $*" >&2; echo "usage: scripts/check-debs.sh [--break purge|divert|trigger|enable|followers|devlink]" >&2; exit 2; }
brk=
while (($#)); do
    case $1 in
        --break) brk=${2:-}; [[ $brk =~ ^(purge|divert|trigger|enable|followers|devlink)$ ]] || usage "--break: purge, divert, trigger, enable, followers or devlink"; shift 2 ;;
        *) usage "unknown argument $1" ;;
    esac
done
[[ $(id -u) == 0 ]] || { echo "check-debs: needs root (chroot, mounts)" >&2; exit 1; }
for tool in lintian dpkg-buildpackage debootstrap zstd piuparts; do
    command -v $tool >/dev/null || { echo "check-debs: no $tool (scripts/install-deps.sh installs it)" >&2; exit 1; }
done
t0=$SECONDS
cache=${KIOSKHUD_DEBS_CACHE:-/var/tmp/kioskhud-debs-root}
failed=0
pass() { echo "PASS $*"; }
fail() { echo "FAIL $*"; failed=1; finish; }
finish() {
    echo "check-debs: $(if ((failed)); then echo FAILED; else echo passed; fi) in $((SECONDS - t0)) s"
    if [[ -n $brk ]]; then
        if ((failed)); then echo "check-debs: --break $brk: a check failed, as it should"; exit 0; fi
        echo "check-debs: --break $brk: FAIL, no check saw the broken package"; exit 1
    fi
    exit "$failed"
}

hud=${HUD:-}
if [[ -z $hud ]]; then
    bash scripts/build-release.sh .build-qemu
    hud=.build-qemu/release/hud
fi
[[ -x $hud ]] || fail "build: no $hud"
version=$(sed -n 's/.*static let string = "\(.*\)".*/\1/p' Sources/hud/Version.swift)
newer=$version+check1

work=$(mktemp -d /var/tmp/kioskhud-check-debs.XXXXXX)
root=$work/root
cleanup() {
    for m in var/cache/apt/archives dev/pts dev proc; do
        mountpoint -q "$root/$m" 2>/dev/null && umount -l "$root/$m"
    done
    rm -rf --one-file-system "$work"
}
trap cleanup EXIT

# --- build and lint -----------------------------------------------------------
debian=$repo/board/debian
if [[ -n $brk ]]; then
    debian=$work/debian
    cp -a "$repo/board/debian" "$debian"
    case $brk in
        purge) sed -i 's/^\( *\)rm -rf \/etc\/kioskhud/\1: rm -rf \/etc\/kioskhud/' "$debian/kioskhud.postrm" ;;
        divert) sed -i 's/^\( *\)dpkg-divert --package/\1true --package/' "$debian/kioskhud-plymouthd.postrm" ;;
        trigger) printf 'override_dh_installinitramfs:\n\tdh_installinitramfs --no-scripts\n' >> "$debian/rules"
                 rm "$debian/kioskhud-plymouthd.triggers" ;;
        enable) sed -i 's/dh_installsystemd -pkioskhud --no-start/dh_installsystemd -pkioskhud --no-enable --no-start/' "$debian/rules" ;;
        followers) sed -i 's/dh_installsystemd -pkioskhud --no-enable --no-start hud-follow/dh_installsystemd -pkioskhud --no-start hud-follow/' "$debian/rules" ;;
        devlink) printf 'execute_after_dh_install:\n\trm -f debian/libkioskhud-dev/usr/lib/*/libkioskhud.so\n' >> "$debian/rules" ;;
    esac
    echo "check-debs: --break $brk: packaging changed as follows"
    diff -r "$repo/board/debian" "$debian" || true
fi
for v in "$version" "$newer"; do
    if ! KIOSKHUD_DEB_DEBIAN=$debian bash scripts/build-deb.sh --hud "$hud" --version "$v" "$work/debs-$v" > "$work/build-$v.log" 2>&1; then
        cat "$work/build-$v.log"; fail "build-deb: $v"
    fi
done
pass "build-deb: kioskhud, kioskhud-plymouthd, libkioskhud0, libkioskhud-dev and libkioskhud-gl-dev, $version and $newer"
v1=("$work/debs-$version"/kioskhud_"$version"_amd64.deb "$work/debs-$version"/kioskhud-plymouthd_"$version"_all.deb)
v2=("$work/debs-$newer"/kioskhud_"$newer"_amd64.deb "$work/debs-$newer"/kioskhud-plymouthd_"$newer"_all.deb)
lib1=("$work/debs-$version"/libkioskhud0_"$version"_amd64.deb "$work/debs-$version"/libkioskhud-dev_"$version"_amd64.deb)
gl1=("$work/debs-$version"/libkioskhud-gl-dev_"$version"_amd64.deb)
lib2=("$work/debs-$newer"/libkioskhud0_"$newer"_amd64.deb "$work/debs-$newer"/libkioskhud-dev_"$newer"_amd64.deb)
for deb in "${v1[@]}" "${lib1[@]}" "${gl1[@]}"; do
    echo "check-debs: $(basename "$deb"): $(du -k "$deb" | cut -f1) KiB, installed $(dpkg-deb -f "$deb" Installed-Size) KiB; Depends: $(dpkg-deb -f "$deb" Depends)"
done
if lintian -I --pedantic --fail-on error,warning,info,pedantic "${v1[@]}" "${lib1[@]}" "${gl1[@]}" > "$work/lintian.log" 2>&1; then
    pass "lintian: no tag (errors to pedantic) but the overridden ones"
else
    grep -v 'root privileges' "$work/lintian.log"
    # A broken package may be one lintian sees too; go on to the check that must see it.
    if [[ -n $brk ]]; then echo "check-debs: --break $brk: lintian FAILs (above); the checks in the root go on"; else fail "lintian"; fi
fi

# kioskhud-gl from its package, as a GL app builds with it: the three library packages unpacked
# (dpkg-deb -x; Mesa's EGL and GLES libraries are the host's, llvmpipe draws), gl-example.c built
# with $(pkg-config --cflags --libs kioskhud-gl egl) against them and run: it judges its own frames.
glroot=$work/gl-root
for deb in "${lib1[@]}" "${gl1[@]}"; do dpkg-deb -x "$deb" "$glroot"; done
if ! glflags=$(PKG_CONFIG_SYSROOT_DIR=$glroot PKG_CONFIG_PATH=$glroot/usr/lib/x86_64-linux-gnu/pkgconfig \
        pkg-config --cflags --libs kioskhud-gl egl 2>&1); then
    fail "kioskhud-gl: pkg-config --cflags --libs kioskhud-gl egl (the -gl-dev package's kioskhud-gl.pc): $glflags"
fi
# shellcheck disable=SC2086  # the flags are words
if ! gcc -std=c99 -Wall -Wextra -Werror -I Examples/c -o "$work/gl-example" Examples/c/gl-example.c $glflags \
        -Wl,-rpath,"$glroot/usr/lib/x86_64-linux-gnu" > "$work/gl-gcc.log" 2>&1; then
    cat "$work/gl-gcc.log"; fail "kioskhud-gl: gcc gl-example.c $glflags"
fi
if ! glout=$(timeout 120 "$work/gl-example" 2>&1); then
    echo "$glout" | tail -n 5; fail "kioskhud-gl: gl-example built against the packages"
fi
pass "kioskhud-gl: gl-example.c built against libkioskhud-gl-dev with '$glflags' and run: $(tail -n 1 <<<"$glout" | cut -c1-120)"

# --- the root -------------------------------------------------------------------
base=$(bash scripts/debs-root.sh bookworm)
mkdir -p "$root" "$cache/archives/partial"
zstd -q -dc "$base" | tar --numeric-owner -C "$root" -x
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"
mount --bind "$cache/archives" "$root/var/cache/apt/archives"
cp /etc/resolv.conf "$root/etc/resolv.conf"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8 "$@"; }
printf '#!/bin/sh\n# check-debs: no service starts in this chroot.\nexit 101\n' > "$root/usr/sbin/policy-rc.d"
chmod 0755 "$root/usr/sbin/policy-rc.d"
# Keep the downloaded packages (the archive cache is bound from $cache).
echo 'Binary::apt::APT::Keep-Downloaded-Packages "true";' > "$root/etc/apt/apt.conf.d/99check-debs"
# update-initramfs counts its calls (the root has no kernel: the real one finds nothing to do).
in_root dpkg-divert --local --rename --add /usr/sbin/update-initramfs > /dev/null
cat > "$root/usr/sbin/update-initramfs" <<'EOF'
#!/bin/sh
echo "$*" >> /var/log/update-initramfs.calls
exec /usr/sbin/update-initramfs.distrib "$@"
EOF
chmod 0755 "$root/usr/sbin/update-initramfs"
calls() { if [[ -f $root/var/log/update-initramfs.calls ]]; then wc -l < "$root/var/log/update-initramfs.calls"; else echo 0; fi; }
mkdir -p "$root/check"
cp "${v1[@]}" "${v2[@]}" "${lib1[@]}" "${lib2[@]}" "$repo/Examples/c/readme-example.c" "$root/check/"
v1_in=("/check/kioskhud_${version}_amd64.deb" "/check/kioskhud-plymouthd_${version}_all.deb")
v2_in=("/check/kioskhud_${newer}_amd64.deb" "/check/kioskhud-plymouthd_${newer}_all.deb"
       "/check/libkioskhud0_${newer}_amd64.deb" "/check/libkioskhud-dev_${newer}_amd64.deb")
lib1_in=("/check/libkioskhud0_${version}_amd64.deb" "/check/libkioskhud-dev_${version}_amd64.deb")
in_root apt-get -q update > "$work/apt-update.log" 2>&1 || { cat "$work/apt-update.log"; fail "root: apt-get update"; }

# What the root holds before (files outside the pseudo file systems and the caches).
files() {
    (cd "$root" && find . -xdev \( -path ./proc -o -path ./dev -o -path ./sys -o -path ./run -o -path ./tmp \
        -o -path ./check -o -path ./var/cache/apt -o -path ./var/lib/apt/lists -o -path ./var/log \) -prune -o -print) | sed 's|^\.||' | sort
}
files > "$work/files-before"
in_root dpkg-query -W -f='${Package} ${Version}\n' | sort > "$work/packages-before"
plymouthd_md5=$(sed -n 's|^\([0-9a-f]*\)  usr/sbin/plymouthd$|\1|p' "$root/var/lib/dpkg/info/plymouth.md5sums")
[[ -n $plymouthd_md5 ]] || fail "root: the plymouth package lists no md5sum of usr/sbin/plymouthd"

# --- install ----------------------------------------------------------------------
if ! in_root apt-get install -y -q "${v1_in[@]}" > "$work/install.log" 2>&1; then
    tail -n 30 "$work/install.log"; fail "install: apt-get install ./kioskhud_${version}_amd64.deb ./kioskhud-plymouthd_${version}_all.deb"
fi
in_root dpkg-query -W -f='${Package} ${Version}\n' | sort > "$work/packages-installed"
new=$(comm -13 "$work/packages-before" "$work/packages-installed" | cut -d' ' -f1)
changed=$(join -j1 "$work/packages-before" "$work/packages-installed" | awk '$2 != $3')
[[ -z $changed ]] || fail "install: packages that were installed before changed version: $changed"
# libcairo2 (and the X11 client libraries it links) is a Depends: Cairo draws composed frames.
unwanted=$(grep -E -- '-dev$|^libpango|^libgtk|^xserver|^x11-|^gcc|^swift|^libgl1' <<<"$new" || true)
[[ -z $unwanted ]] || fail "install: pulled in $(echo $unwanted)"
grep -qx kioskhud <<<"$new" && grep -qx kioskhud-plymouthd <<<"$new" || fail "install: kioskhud or kioskhud-plymouthd not installed"
in_root apt-get check > /dev/null 2>&1 || fail "install: apt-get check"
[[ -z $(in_root dpkg --audit) ]] || fail "install: dpkg --audit: $(in_root dpkg --audit)"
pass "install: $(wc -w <<<"$new") packages new ($(echo $new)), none changed"
in_root dpkg -L kioskhud kioskhud-plymouthd | sort -u > "$work/ours"
grep -qx /usr/bin/hud "$work/ours" && grep -qx /usr/sbin/plymouthd "$work/ours" || fail "install: dpkg -L lists no /usr/bin/hud or /usr/sbin/plymouthd"
pass "install: dpkg -L kioskhud kioskhud-plymouthd: $(wc -l < "$work/ours") paths"
got=$(in_root hud --version 2>&1) || fail "install: hud --version: $got"
[[ $got == "hud $version" ]] || fail "install: hud --version printed '$got', not 'hud $version'"
pass "install: hud --version: $got"
check_enabled() {  # WHEN: every unit of ours linked in each target its WantedBy= names
    local when=$1 n=0 unit target
    for unit in "$root"/lib/systemd/system/kioskhud*.service; do
        for target in $(sed -n 's/^WantedBy=//p' "$unit"); do
            link=$root/etc/systemd/system/$target.wants/$(basename "$unit")
            [[ -L $link && $(readlink "$link") == /lib/systemd/system/$(basename "$unit") ]] \
                || fail "$when: $(basename "$unit") not enabled (no link $target.wants/$(basename "$unit"))"
            n=$((n + 1))
        done
    done
    ((n >= 6)) || fail "$when: only $n unit links expected (are the units installed?)"
    pass "$when: $n units enabled (links in their WantedBy= targets)"
}
check_enabled install
[[ -s $root/etc/kioskhud/fonts.list ]] || fail "install: postinst recorded no /etc/kioskhud/fonts.list"
pass "install: fonts recorded ($(wc -l < "$root/etc/kioskhud/fonts.list") lines in /etc/kioskhud/fonts.list)"
check_diverted() {
    local when=$1
    [[ $(in_root dpkg-divert --listpackage /usr/sbin/plymouthd) == kioskhud-plymouthd ]] || fail "$when: /usr/sbin/plymouthd not diverted by kioskhud-plymouthd"
    [[ -L $root/usr/sbin/plymouthd && $(readlink -f "$root/usr/sbin/plymouthd") == "$root/usr/bin/hud" ]] || fail "$when: /usr/sbin/plymouthd is not a link to hud"
    [[ $(md5sum < "$root/usr/sbin/plymouthd.real" | cut -d' ' -f1) == "$plymouthd_md5" ]] || fail "$when: /usr/sbin/plymouthd.real is not Plymouth's plymouthd"
    pass "$when: plymouthd diverted to plymouthd.real (Plymouth's, md5 as packaged), /usr/sbin/plymouthd -> hud"
}
check_diverted install
check_calls() {
    local when=$1 want=$2 got
    got=$(calls)
    [[ $got == "$want" ]] || fail "$when: update-initramfs ran $got times in all, $want expected (once per apt run, by the trigger): $(cat "$root/var/log/update-initramfs.calls" 2>/dev/null | paste -sd';')"
    grep -q 'Processing triggers for initramfs-tools' "$work/$when.log" || fail "$when: apt's log shows no trigger processing for initramfs-tools"
    pass "$when: update-initramfs ran once (initramfs-tools' trigger), $got in all"
}
check_calls install 1
check_followers() {  # WHEN: the update followers installed, linked in no target; Mender's scripts not active
    local when=$1 unit links
    for unit in hud-follow-swupdate.service hud-follow-rauc.service; do
        [[ -f $root/lib/systemd/system/$unit ]] || fail "$when: /lib/systemd/system/$unit not installed"
        links=$(find "$root/etc/systemd/system" -name "$unit")
        [[ -z $links ]] || fail "$when: $unit is enabled (it must be installed disabled, docs/update.md): ${links#$root}"
    done
    local rootfs artifact
    rootfs=$(find "$root/usr/share/kioskhud/mender/rootfs" -name '*_kioskhud' -perm -0755 -type f 2>/dev/null | wc -l)
    artifact=$(find "$root/usr/share/kioskhud/mender/artifact" -name '*_kioskhud' -perm -0755 -type f 2>/dev/null | wc -l)
    [[ $rootfs == "$(ls "$repo"/board/mender/rootfs/*_kioskhud | wc -l)" && $artifact == "$(ls "$repo"/board/mender/artifact/*_kioskhud | wc -l)" ]] \
        || fail "$when: Mender state scripts: $rootfs rootfs and $artifact artifact ones executable in /usr/share/kioskhud/mender (board/mender has $(ls "$repo"/board/mender/rootfs/*_kioskhud | wc -l) and $(ls "$repo"/board/mender/artifact/*_kioskhud | wc -l))"
    [[ -z $(find "$root/etc/mender" -name '*_kioskhud' 2>/dev/null) ]] || fail "$when: Mender state scripts active in /etc/mender/scripts"
    [[ -f $root/usr/share/kioskhud/systemd/kioskhud.service.d/follow-swupdate.conf && ! -e $root/etc/systemd/system/kioskhud.service.d/follow-swupdate.conf ]] \
        || fail "$when: follow-swupdate.conf not in /usr/share/kioskhud/systemd (or active in /etc)"
    pass "$when: update followers installed, not enabled; Mender scripts ($rootfs rootfs, $artifact artifact) in /usr/share/kioskhud/mender, none active"
}
check_followers install

# --- the C library, as a C developer uses it ---------------------------------------------
if ! in_root apt-get install -y -q "${lib1_in[@]}" > "$work/lib-install.log" 2>&1; then
    tail -n 30 "$work/lib-install.log"; fail "C library: apt-get install ./libkioskhud0_${version}_amd64.deb ./libkioskhud-dev_${version}_amd64.deb"
fi
in_root dpkg-query -W -f='${Package} ${Version}\n' | sort > "$work/packages-lib"
libnew=$(comm -13 "$work/packages-installed" "$work/packages-lib" | cut -d' ' -f1)
grep -qx libkioskhud0 <<<"$libnew" && grep -qx libkioskhud-dev <<<"$libnew" || fail "C library: libkioskhud0 or libkioskhud-dev not installed"
pass "C library: apt-get install ./libkioskhud0 ./libkioskhud-dev: $(wc -w <<<"$libnew") packages new ($(echo $libnew))"
if ! in_root apt-get install -y -q --no-install-recommends gcc libc6-dev pkgconf > "$work/gcc-install.log" 2>&1; then
    tail -n 30 "$work/gcc-install.log"; fail "C library: apt-get install gcc libc6-dev pkgconf"
fi
swift=$(cd "$root" && find usr opt -xdev \( -name 'swift*' -o -name 'libswift*' \) -type f 2>/dev/null | head -n 3)
[[ -z $swift ]] || fail "C library: the root has a Swift toolchain or runtime: $swift"
flags=$(in_root pkg-config --cflags --libs kioskhud 2>&1) || fail "C library: pkg-config --cflags --libs kioskhud: $flags"
if ! in_root sh -c 'gcc -std=c99 -Wall -Wextra -Werror -o /tmp/readme-example /check/readme-example.c $(pkg-config --cflags --libs kioskhud)' > "$work/example-build.log" 2>&1; then
    cat "$work/example-build.log"; fail "C library: gcc readme-example.c \$(pkg-config --cflags --libs kioskhud) ('$flags')"
fi
pass "C library: readme-example.c built with gcc \$(pkg-config --cflags --libs kioskhud) = '$flags', no Swift in the root"
got=$(in_root timeout 60 /tmp/readme-example 2>&1) || fail "C library: readme-example exited $?: $got"
resolved=$(in_root ldd /tmp/readme-example | sed -n 's/.*libkioskhud.so.0 => \([^ ]*\).*/\1/p')
[[ $resolved == /lib/x86_64-linux-gnu/libkioskhud.so.0 || $resolved == /usr/lib/x86_64-linux-gnu/libkioskhud.so.0 ]] \
    || fail "C library: readme-example finds libkioskhud.so.0 at '$resolved', not the package's"
pass "C library: readme-example ran against $resolved: $got"
rm -f "$root/tmp/readme-example"
# What the example relied on, by name (--break devlink fails the build above first).
multiarch=usr/lib/x86_64-linux-gnu
[[ -f $root/$multiarch/libkioskhud.so.$version && $(readlink "$root/$multiarch/libkioskhud.so.0") == "libkioskhud.so.$version" \
    && $(readlink "$root/$multiarch/libkioskhud.so") == libkioskhud.so.0 ]] \
    || fail "C library: want /$multiarch/libkioskhud.so.$version, libkioskhud.so.0 -> it, libkioskhud.so -> libkioskhud.so.0: $(cd "$root/$multiarch" && ls -l libkioskhud* 2>&1 | tr '\n' ' ')"
pass "C library: /$multiarch/libkioskhud.so.$version with the links libkioskhud.so.0 and libkioskhud.so"
# The compiler goes again (its alternatives, /etc/alternatives/cc, belong to no package).
if ! in_root apt-get purge -y -q --autoremove gcc libc6-dev pkgconf > "$work/gcc-purge.log" 2>&1; then
    tail -n 30 "$work/gcc-purge.log"; fail "C library: apt-get purge --autoremove gcc libc6-dev pkgconf"
fi

# --- upgrade ----------------------------------------------------------------------
sed -i 's/^KIOSKHUD_THEME=.*/KIOSKHUD_THEME=dark/' "$root/etc/initramfs-tools/conf.d/kioskhud"
echo "check-debs marker" > "$root/var/lib/kioskhud/check-debs"
in_root systemctl disable kioskhud-quit-wait.service > /dev/null 2>&1
if ! in_root apt-get install -y -q "${v2_in[@]}" > "$work/upgrade.log" 2>&1; then
    tail -n 30 "$work/upgrade.log"; fail "upgrade: apt-get install of $newer"
fi
[[ $(in_root dpkg-query -W -f='${Version}' kioskhud) == "$newer" && $(in_root dpkg-query -W -f='${Version}' kioskhud-plymouthd) == "$newer" ]] \
    || fail "upgrade: kioskhud $newer not installed"
grep -qx 'KIOSKHUD_THEME=dark' "$root/etc/initramfs-tools/conf.d/kioskhud" || fail "upgrade: the theme choice (KIOSKHUD_THEME=dark) was not kept"
[[ ! -e $root/etc/initramfs-tools/conf.d/kioskhud.dpkg-new && ! -e $root/etc/initramfs-tools/conf.d/kioskhud.dpkg-dist ]] || fail "upgrade: dpkg left a .dpkg-new/.dpkg-dist of the conffile"
[[ $(cat "$root/var/lib/kioskhud/check-debs" 2>/dev/null) == "check-debs marker" ]] || fail "upgrade: /var/lib/kioskhud/check-debs not kept"
pass "upgrade: $version -> $newer, theme choice and /var/lib/kioskhud kept"
[[ ! -e $root/etc/systemd/system/multi-user.target.wants/kioskhud-quit-wait.service ]] || fail "upgrade: the unit the user disabled was enabled again"
pass "upgrade: kioskhud-quit-wait.service, disabled by the user, stayed disabled"
in_root systemctl enable kioskhud-quit-wait.service > /dev/null 2>&1
check_enabled upgrade
check_diverted upgrade
check_calls upgrade 2
check_followers upgrade
[[ $(in_root dpkg-query -W -f='${Version}' libkioskhud0) == "$newer" && $(in_root dpkg-query -W -f='${Version}' libkioskhud-dev) == "$newer" ]] \
    || fail "upgrade: libkioskhud0/libkioskhud-dev $newer not installed"
pass "upgrade: libkioskhud0 and libkioskhud-dev $version -> $newer"
# A user enables a follower: purge must take its links away with the package.
in_root systemctl enable hud-follow-rauc.service > /dev/null 2>&1
[[ -n $(find "$root/etc/systemd/system" -name hud-follow-rauc.service) ]] || fail "upgrade: systemctl enable hud-follow-rauc.service made no link"

# --- purge ----------------------------------------------------------------------------
ourpkgs=(kioskhud-plymouthd kioskhud libkioskhud-dev libkioskhud0)
in_root dpkg -L "${ourpkgs[@]}" | sort -u > "$work/ours"
if ! in_root apt-get purge -y -q "${ourpkgs[@]}" > "$work/purge.log" 2>&1; then
    tail -n 30 "$work/purge.log"; fail "purge: apt-get purge -y ${ourpkgs[*]}"
fi
in_root dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' "${ourpkgs[@]}" 2>/dev/null | grep -v '^un ' && fail "purge: packages still known to dpkg"
files > "$work/files-after"
# Left: every path of the packages that exists now but did not before.
left=$(comm -12 "$work/ours" "$work/files-after" | comm -23 - "$work/files-before")
[[ -z $left ]] || fail "purge: files of the packages left: $(echo $left | cut -c1-2000)"
# New since before and owned by no package (dpkg's lists name merged-/usr paths by their
# old /lib, /bin, /sbin names too): what is left is what maintainer scripts made.
(cat "$root"/var/lib/dpkg/info/*.list; sed -n 's/^\(\/\(bin\|sbin\|lib[^/]*\)\/\)/\/usr\1/p' "$root"/var/lib/dpkg/info/*.list) \
    | sort -u > "$work/owned"
comm -13 "$work/files-before" "$work/files-after" | comm -23 - "$work/owned" > "$work/unowned"
# Other packages' maintainer scripts and triggers make these: fontconfig's and shared-mime-info's
# caches and its conf.d links, /usr/local/share/fonts, apt's and dpkg's own state.
allowed='^/var/cache/(fontconfig|debconf|ldconfig)(/|$)|^/usr/share/mime(/|$)|^/usr/local(/|$)|^/var/lib/(dpkg|apt|ucf)(/|$)|^/etc/ld\.so\.cache$|^/etc/fonts/conf\.d/'
bad=$(grep -Ev "$allowed" "$work/unowned" || true)
ours=$(grep -i 'kioskhud\|/hud$\|plymouthd' "$work/unowned" || true)
[[ -z $bad && -z $ours ]] || fail "purge: files nobody owns left behind: $(echo $bad $ours | cut -c1-2000)"
pass "purge: no file of the packages left, nothing new unowned but other packages' caches ($(comm -13 "$work/files-before" "$work/files-after" | wc -l) new paths, $(wc -l < "$work/unowned") of them unowned)"
[[ -z $(find "$root/etc/systemd/system" -name 'kioskhud*' -o -name 'hud-follow*') ]] || fail "purge: unit links left: $(find "$root/etc/systemd/system" -name 'kioskhud*' -o -name 'hud-follow*')"
[[ -z $(find "$root/var/lib/systemd" -path '*deb-systemd-helper*' \( -name 'kioskhud*' -o -name 'hud-follow*' \) 2>/dev/null) ]] || fail "purge: deb-systemd-helper state left"
[[ ! -e $root/usr/share/kioskhud && -z $(find "$root/usr/lib" -name 'libkioskhud*') && ! -e $root/usr/include/kioskhud.h ]] \
    || fail "purge: /usr/share/kioskhud, libkioskhud or kioskhud.h left"
[[ ! -e $root/etc/kioskhud && ! -e $root/var/lib/kioskhud ]] || fail "purge: /etc/kioskhud or /var/lib/kioskhud left"
pass "purge: no unit link (the follower enabled by hand included), no deb-systemd-helper state, no /etc/kioskhud, no /var/lib/kioskhud, no library, header or Mender script"
[[ -z $(in_root dpkg-divert --list /usr/sbin/plymouthd) ]] || fail "purge: diversion left: $(in_root dpkg-divert --list /usr/sbin/plymouthd)"
[[ -f $root/usr/sbin/plymouthd && ! -L $root/usr/sbin/plymouthd && ! -e $root/usr/sbin/plymouthd.real ]] || fail "purge: /usr/sbin/plymouthd is not a file again (or plymouthd.real left)"
[[ $(md5sum < "$root/usr/sbin/plymouthd" | cut -d' ' -f1) == "$plymouthd_md5" ]] || fail "purge: /usr/sbin/plymouthd is not Plymouth's (md5sum differs from plymouth.md5sums)"
pass "purge: diversion gone, /usr/sbin/plymouthd Plymouth's own again (md5 as packaged)"
check_calls purge 3

# --- piuparts -------------------------------------------------------------------------
umount_root() { for m in var/cache/apt/archives dev/pts dev proc; do mountpoint -q "$root/$m" && umount -l "$root/$m"; done; return 0; }
umount_root
mirror=$(sed -n 's/^URIs:[[:space:]]*//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | tr ' ' '\n' | grep -v -e security -e '^$' | head -n 1 || true)
mirror=${KIOSKHUD_DEBIAN_MIRROR:-${mirror:-http://deb.debian.org/debian}}
pkey=$( { piuparts --version 2>&1; echo "$mirror"; } | sha256sum | cut -c1-16)
ptar=$cache/piuparts-bookworm-$pkey.tgz
piu=(piuparts -d bookworm -m "$mirror" --no-upgrade-test -t "$work")
if [[ -s $ptar ]]; then piu+=(-b "$ptar"); else rm -f "$cache"/piuparts-bookworm-*.tgz; piu+=(-s "$ptar"); fi
for set in libkioskhud0 "libkioskhud0 libkioskhud-dev"; do
    debs=()
    for p in $set; do debs+=("$work/debs-$version/${p}_${version}_amd64.deb"); done
    if ! "${piu[@]}" -l "$work/piuparts.log" "${debs[@]}" > /dev/null 2>&1; then
        grep -E 'ERROR|FAIL' -A12 "$work/piuparts.log" | head -n 40; fail "piuparts: $set"
    fi
    [[ -s $ptar ]] && piu=(piuparts -d bookworm -m "$mirror" --no-upgrade-test -t "$work" -b "$ptar")
    pass "piuparts: $set: $(grep -o 'PASS: .*' "$work/piuparts.log" | tail -n 1)"
done
finish
