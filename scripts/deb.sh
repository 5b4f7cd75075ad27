#!/usr/bin/env bash
# Builds the Debian package with the Swift toolchain on the PATH and checks it: lintian with
# no error or warning, its contents, and a binary that needs no Swift library (unpacked with
# dpkg-deb -x, its libraries listed with ldd). The .deb lands in out/. Takes a full release
# build (several minutes on two cores), so CI does not run it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh deb
command -v swift >/dev/null || { echo "deb: the Swift toolchain is not on PATH" >&2; exit 1; }
dpkg-buildpackage -us -uc -b >&2
version="$(dpkg-parsechangelog -S Version)"
arch="$(dpkg-architecture -q DEB_HOST_ARCH)"
mkdir -p out
deb="out/tapaway_${version}_${arch}.deb"
mv "../tapaway_${version}_${arch}.deb" "$deb"
for extra in ../tapaway_"${version}"_"${arch}".{buildinfo,changes} ../tapaway-dbgsym_"${version}"_"${arch}".deb; do
    [ -e "$extra" ] && mv "$extra" out/
done
echo "deb: lintian" >&2
lintian --fail-on error,warning "$deb"
echo "deb: contents" >&2
dpkg -c "$deb"
unpacked="$(mktemp -d)"
trap 'rm -rf "$unpacked"' EXIT
dpkg-deb -x "$deb" "$unpacked"
echo "deb: libraries of the packaged binary" >&2
ldd "$unpacked/usr/bin/tapaway"
if ldd "$unpacked/usr/bin/tapaway" | grep -Ei 'swift|Foundation|dispatch|not found'; then
    echo "deb: the packaged binary needs a Swift library or one that is missing" >&2; exit 1
fi
"$unpacked/usr/bin/tapaway" --version
echo "deb: $deb is good" >&2
