#!/usr/bin/env bash
# KioskHUD as another package's dependency *by version*: a clone of this
# checkout tagged 99.0.0, and an app that depends on it `from: "99.0.0"`: the
# README's Swift example, linking the façade (KioskHUD). Run here, with no
# display, it must say so and exit 1. SwiftPM refuses unsafe flags (ours: pixman and text-library include
# paths from pkg-config) in a versioned dependency whose manifest is older
# than tools-version 6.2: this fails if Package.swift goes below it.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git clone -q . "$tmp/kioskhud"
# The working tree's manifest, as it would be tagged.
cp Package.swift "$tmp/kioskhud/Package.swift"
git -C "$tmp/kioskhud" -c user.name=ci -c user.email=ci@localhost commit -q -am "manifest under test" --allow-empty
git -C "$tmp/kioskhud" tag 99.0.0
mkdir -p "$tmp/app/Sources/app"
cat > "$tmp/app/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription
let package = Package(name: "app",
    dependencies: [.package(url: "file://$tmp/kioskhud", from: "99.0.0")],
    targets: [.executableTarget(name: "app", dependencies: [.product(name: "KioskHUD", package: "kioskhud")])])
SWIFT
cp Examples/ReadmeExample/main.swift "$tmp/app/Sources/app/main.swift"
if ! (cd "$tmp/app" && swift build > build.log 2>&1); then
    cat "$tmp/app/build.log"
    echo "check-versioned-dependency: FAIL, an app cannot depend on KioskHUD by version" >&2
    exit 1
fi
# No display here (CI has no /dev/dri): the example says why and exits 1.
set +e
out=$("$tmp/app/.build/debug/app" 2>&1 < /dev/null)
code=$?
set -e
if [[ $code -ne 1 || $out != *"no display: "* ]]; then
    echo "$out"
    echo "check-versioned-dependency: FAIL, the README example built against the tagged package exited $code without saying there is no display" >&2
    exit 1
fi
echo "versioned dependency: the README example links KioskHUD 99.0.0 and says: ${out##*$'\n'}"
