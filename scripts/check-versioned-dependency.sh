#!/usr/bin/env bash
# KioskHUD as another package's dependency *by version*: a clone of this
# checkout tagged 99.0.0, and an app that depends on it `from: "99.0.0"` and
# shows a HUD model. SwiftPM refuses unsafe flags (ours: Cairo/Pango include
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
    targets: [.executableTarget(name: "app", dependencies: [.product(name: "HUDCore", package: "kioskhud")])])
SWIFT
cat > "$tmp/app/Sources/app/main.swift" <<'SWIFT'
import HUDCore
var c = HUDConfiguration()
c.label.text = "Loading"
print("versioned dependency: \(c.mode), \(c.label.text)")
SWIFT
if ! (cd "$tmp/app" && swift build > build.log 2>&1); then
    cat "$tmp/app/build.log"
    echo "check-versioned-dependency: FAIL, an app cannot depend on KioskHUD by version" >&2
    exit 1
fi
"$tmp/app/.build/debug/app"
