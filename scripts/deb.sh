#!/usr/bin/env bash
# Builds the Debian source package, then the binary package from that source package alone,
# with no network (an empty network namespace, no git configuration but an empty one), as a
# distribution's builder would; then checks both: lintian with no error or warning on each,
# the binary package's contents, and a binary that needs no Swift library (unpacked with
# dpkg-deb -x, its libraries listed with ldd). Everything lands in out/. Takes a release build
# and a debug build of the headless tests (dh_auto_test; many minutes on two cores), so CI
# does not run it.
#
# Needs the Swift toolchain (6.2 or newer) on the PATH, root or unprivileged user namespaces
# (unshare), and the network once, for scripts/vendor.sh. Debian has no swiftlang new enough
# to satisfy Build-Depends yet: with swift.org's toolchain, the build-dependency check is
# skipped for it alone (dpkg-buildpackage -d, after checking every other one).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh deb
command -v swift >/dev/null || { echo "deb: the Swift toolchain is not on PATH" >&2; exit 1; }
swift_version="$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9]*\.[0-9]*\).*/\1/p' | head -1)"
if ! printf '6.2\n%s\n' "$swift_version" | sort -V -C; then
    echo "deb: Swift $swift_version is older than 6.2" >&2; exit 1
fi
skip_builddeps=()
if ! dpkg-checkbuilddeps 2>/dev/null; then
    missing="$( (dpkg-checkbuilddeps 2>&1 || true) | sed -n 's/.*Unmet build dependencies: //p')"
    if [ "$(echo "$missing" | sed 's/swiftlang ([^)]*)//' | tr -d ' ')" != "" ]; then
        echo "deb: unmet build dependencies: $missing" >&2; exit 1
    fi
    echo "deb: swiftlang (>= 6.2) is not installed; building with Swift $swift_version from the PATH (-d)" >&2
    skip_builddeps=(-d)
fi

# The dependency's source, into the source package.
scripts/vendor.sh
version="$(dpkg-parsechangelog -S Version)"
arch="$(dpkg-architecture -q DEB_HOST_ARCH)"
mkdir -p out
work="$(mktemp -d "${TMPDIR:-/tmp}/tapaway-deb.XXXXXX")"
trap 'rm -rf "$work"' EXIT

echo "deb: the source package" >&2
(cd "$work" && dpkg-source -b "$OLDPWD" >&2)
dsc="$work/tapaway_${version}.dsc"
tarball="$(ls "$work"/tapaway_"${version}".tar.*)"
if tar -tf "$tarball" | grep -E '/(\.build[^/]*|out|\.swiftpm|swift-build)/|/Package\.resolved$'; then
    echo "deb: build output or local state in the source tarball" >&2; exit 1
fi

echo "deb: the binary package, from the source package alone, with no network" >&2
dpkg-source -x "$dsc" "$work/build" >&2
mkdir -p "$work/home"
unshare_options=(-n)
[ "$(id -u)" -eq 0 ] || unshare_options=(-r -n)
(cd "$work/build" && unshare "${unshare_options[@]}" -- env GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null \
    HOME="$work/home" dpkg-buildpackage -us -uc -b "${skip_builddeps[@]}" >&2)

for file in "$dsc" "$tarball" "$work"/tapaway_"${version}"_"${arch}".{deb,buildinfo,changes} \
    "$work"/tapaway-dbgsym_"${version}"_"${arch}".deb; do
    [ -e "$file" ] && cp "$file" out/
done
deb="out/tapaway_${version}_${arch}.deb"
echo "deb: lintian, source and binary" >&2
# Debian 12's lintian (2.116) predates Debian Policy 4.7 and Static-Built-Using, so it calls
# the Standards-Version newer than it knows and the field unknown: those two tags alone are
# set aside with it; a Debian 13 lintian checks everything.
lintian_version="$(lintian --version | sed -n 's/^Lintian v\([0-9.]*\).*/\1/p')"
suppress=()
if ! printf '2.117\n%s\n' "$lintian_version" | sort -V -C; then
    echo "deb: lintian $lintian_version predates Policy 4.7.2 and Static-Built-Using: newer-standards-version and unknown-field set aside" >&2
    suppress=(--suppress-tags newer-standards-version,unknown-field)
fi
lintian --fail-on error,warning "${suppress[@]}" "out/tapaway_${version}.dsc" "$deb"
echo "deb: contents" >&2
dpkg -c "$deb"
unpacked="$work/unpacked"
dpkg-deb -x "$deb" "$unpacked"
echo "deb: libraries of the packaged binary" >&2
ldd "$unpacked/usr/bin/tapaway"
if ldd "$unpacked/usr/bin/tapaway" | grep -Ei 'swift|Foundation|dispatch|not found'; then
    echo "deb: the packaged binary needs a Swift library or one that is missing" >&2; exit 1
fi
# The C++ runtime and libgcc's unwinder are linked in (Static-Built-Using names them): a
# source package without packaging/link/libstdc++.so links them dynamically without a word.
if readelf -d "$unpacked/usr/bin/tapaway" | grep -E 'NEEDED.*(libstdc\+\+|libgcc_s)'; then
    echo "deb: the packaged binary needs the C++ runtime or libgcc_s, which it should carry" >&2; exit 1
fi
"$unpacked/usr/bin/tapaway" --version
echo "deb: $deb and out/tapaway_${version}.dsc are good" >&2
