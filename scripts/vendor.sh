#!/usr/bin/env bash
# Puts the source of Tapaway's one dependency, swift-argument-parser at the exact version
# Package.swift pins, in vendor/swift-argument-parser/, so that a source package made from this
# tree builds with no network: debian/rules sets TAPAWAY_VENDOR to vendor/, and Package.swift
# then takes the dependency from there. Needs the network (or a git mirror) once, here; vendor/
# is not committed (.gitignore), only shipped in the source package.
set -euo pipefail
cd "$(dirname "$0")/.."
url="https://github.com/apple/swift-argument-parser"
version="$(sed -n 's|.*"'"$url"'", exact: "\([0-9][0-9.]*\)".*|\1|p' Package.swift)"
[ -n "$version" ] || { echo "vendor: Package.swift pins no exact version of $url" >&2; exit 1; }
scratch="$(mktemp -d "${TMPDIR:-/tmp}/tapaway-vendor.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
git -c advice.detachedHead=false clone --quiet --depth 1 --branch "$version" "$url" "$scratch/src"
rm -rf vendor/swift-argument-parser
mkdir -p vendor/swift-argument-parser
# The tree of the tag, as git archive gives it: no .git, nothing the tag does not hold.
git -C "$scratch/src" archive --format=tar HEAD | tar -x -C vendor/swift-argument-parser
# The tag is the pin. The commit id is that of the copy git reached, which is upstream's only
# when git reached upstream (a mirror's own history has ids of its own).
echo "$version (tag of $url; commit $(git -C "$scratch/src" rev-parse HEAD) of the copy fetched)" \
    > vendor/swift-argument-parser.version
echo "vendor: swift-argument-parser $(cat vendor/swift-argument-parser.version) in vendor/" >&2
