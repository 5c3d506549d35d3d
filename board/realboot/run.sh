#!/usr/bin/env bash
# The real-boot lane: boots a real Debian 12 image (systemd as PID 1, root on
# virtio-blk, its initramfs made by its own mkinitramfs) with KioskHUD
# installed from its packages (apt install ./kioskhud_…deb ./kioskhud-plymouthd_…deb),
# checks each stage of the splash from screendumps, then the same image after
# `apt purge` of them: Debian's Plymouth, for comparison; then a Debian 13 arm64
# image with the arm64 package in qemu-system-aarch64, checked alike, and it purged: no splash.
# QEMU's default CPU model and no virtio-rng: the kernel RNG is not ready while
# the splash starts. See board/realboot/README.md.
#
# Env: KIOSKHUD_REALBOOT_CACHE (default /var/tmp/kioskhud-realboot: base roots,
# images), KIOSKHUD_REALBOOT_OUT (dumps, logs; default .build-qemu/e2e-realboot),
# KIOSKHUD_REALBOOT_VARIANTS (default "kioskhud plymouth kioskhud-arm64 arm64-purged"; plymouth and
# arm64-purged are the first and the third image after apt purge), KIOSKHUD_REALBOOT_APPEND
# (more kernel command line, for experiments), HUD and HUD_ARM64 (skip the builds).
# Prints PASS/FAIL per check and "N passed, M failed"; exits 1 on any failure.
set -uo pipefail
. "$(dirname "$0")/../qemu/suite-lib.sh"
rb=$repo/board/realboot
out=${KIOSKHUD_REALBOOT_OUT:-$scratch/e2e-realboot}
cache=${KIOSKHUD_REALBOOT_CACHE:-/var/tmp/kioskhud-realboot}
export KIOSKHUD_REALBOOT_CACHE=$cache
append="quiet splash plymouth.ignore-serial-consoles${KIOSKHUD_REALBOOT_APPEND:+ $KIOSKHUD_REALBOOT_APPEND}"

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.0f", b - a }'; }

rm -rf "$out" && mkdir -p "$out"
/usr/bin/python3 "$rb/stages.py" render "$HUD" "$repo/board/themes/splash.json" "$out/refs" \
    || { echo "FAIL realboot/references: hud render failed"; failed=$((failed + 1)); }

variants=${KIOSKHUD_REALBOOT_VARIANTS:-kioskhud plymouth kioskhud-arm64 arm64-purged}
if [[ " $variants " == *\ *arm64* && -z ${HUD_ARM64:-} ]]; then
    echo "building hud for aarch64 (release)..."
    t0=$(now)
    # The path scripts/arm64/test.sh builds it in, later in CI: then nothing is left to build there.
    if bash "$repo/scripts/arm64/build-release.sh" "$repo/.build-arm64-release"; then
        HUD_ARM64=$repo/.build-arm64-release/aarch64-unknown-linux-gnu/release/hud
        echo "INFO arm64/build: hud built in $(since "$t0") s" | tee -a "$out/times.txt"
    else
        echo "FAIL arm64/hud: scripts/arm64/build-release.sh failed"
        failed=$((failed + 1))
    fi
fi

# family VARIANT: the image VARIANT's disk is made with (the purged ones: after the installed one).
family() { case $1 in plymouth) echo kioskhud ;; arm64-purged) echo kioskhud-arm64 ;; *) echo "$1" ;; esac; }
purged_of() { case $1 in kioskhud) echo plymouth ;; kioskhud-arm64) echo arm64-purged ;; esac; }
built=" "
# build FAMILY: its packages (scripts/build-deb.sh), then both disks (build-image.sh); once per run.
build() {
    local fam=$1 hud=$HUD arch=amd64 debs t0 deb_s
    [[ $built == *" $fam:"* ]] && { [[ $built == *" $fam:ok "* ]]; return; }
    built+="$fam:failed "
    if [[ $fam == *-arm64 ]]; then
        hud=${HUD_ARM64:-} arch=arm64
        [[ -x $hud ]] || { echo "FAIL $fam/image: no aarch64 hud (HUD_ARM64)"; failed=$((failed + 1)); return 1; }
    fi
    debs=$out/debs-$arch
    mkdir -p "$out/$fam"
    t0=$(now)
    # The man page comes from the x86 hud: this host cannot run the arm64 one.
    if ! bash "$repo/scripts/build-deb.sh" --arch "$arch" --hud "$hud" --help-hud "$HUD" "$debs" > "$out/$fam/build-deb.log" 2>&1; then
        tail -n 20 "$out/$fam/build-deb.log"
        echo "FAIL $fam/packages: scripts/build-deb.sh failed (log: $out/$fam/build-deb.log)"
        failed=$((failed + 1))
        return 1
    fi
    deb_s=$(since "$t0")
    t0=$(now)
    if ! bash "$rb/build-image.sh" "$fam" "$debs" "$cache/image-$fam" "$cache/image-$(purged_of "$fam")" > "$out/$fam/build.log" 2>&1; then
        tail -n 20 "$out/$fam/build.log"
        echo "FAIL $fam/image: build-image.sh failed (log: $out/$fam/build.log)"
        failed=$((failed + 1))
        return 1
    fi
    echo "INFO $fam/time: packages ${deb_s} s, images (installed and purged) $(since "$t0") s (log: $out/$fam/build.log)" | tee -a "$out/times.txt"
    grep -E '^\[build-image' "$out/$fam/build.log" | sed "s/^/INFO $fam\/build: /"
    built=${built/ $fam:failed / $fam:ok }
}

for variant in $variants; do
    dir=$out/$variant image=$cache/image-$variant arch=amd64 refs=$out/refs
    build "$(family "$variant")" || continue
    if [[ $variant == *arm64* ]]; then
        # Its references come with the image: drawn in its root (build-image.sh).
        arch=arm64 refs=$cache/image-kioskhud-arm64/refs
    fi
    mkdir -p "$dir"
    cp "$image"/package.txt "$image"/*-files.txt "$image"/dpkg-L*.txt "$image"/files-*.txt "$image"/apt-*.log "$dir/" 2>/dev/null
    [[ $variant == kioskhud-arm64 ]] && cp -r "$refs" "$dir/refs"   # check.py's
    t0=$(now)
    # x86 KioskHUD: a virtio keyboard and tablet, typed and tapped through QMP (stage h).
    input=()
    [[ $variant == kioskhud ]] && input=(--input)
    /usr/bin/python3 "$rb/boot.py" --arch "$arch" --image "$image" --out "$dir" --refs "$refs" --append "$append" \
        --timeout "${KIOSKHUD_REALBOOT_TIMEOUT:-420}" "${input[@]}" 2> "$dir/boot.log"
    code=$?
    boot_s=$(since "$t0")
    cat "$dir/boot.log"
    [[ $code -eq 0 ]] || echo "note: boot.py exit $code (the checks below say what is missing)"
    # The journal, read back from the disk without mounting it.
    rm -rf "$dir/journal-raw" && mkdir -p "$dir/journal-raw"
    debugfs -R "rdump /var/log/journal $dir/journal-raw" "$image/disk.ext4" > /dev/null 2>&1
    journalctl -D "$dir/journal-raw/journal" -o short-monotonic --no-pager > "$dir/journal.txt" 2>&1 \
        || journalctl --file "$dir/journal-raw/journal/*/*" -o short-monotonic --no-pager > "$dir/journal.txt" 2>&1
    echo "INFO $variant/time: boot to poweroff ${boot_s} s" | tee -a "$out/times.txt"
done

results=$(/usr/bin/python3 "$rb/check.py" "$out")
echo "$results"
passed=$((passed + $(grep -c '^PASS' <<<"$results")))
failed=$((failed + $(grep -c '^FAIL' <<<"$results")))
echo "dumps and logs: $out (side-by-side-*.ppm: KioskHUD left, Plymouth right)"
finish_suite
