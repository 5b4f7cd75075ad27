#!/usr/bin/env bash
# Installs the package scripts/deb.sh built (out/) into a fresh Debian chroot of another
# release and checks it there: dependencies resolved by apt from that release alone, the
# program runs (--version, a write error's status, the matrix), a window on a private Xvfb
# wraps CJK text with the release's libunibreak (which soname was opened is printed), and a
# purge leaves no file behind. Then that release's lintian checks the source and binary
# packages (no error or warning; its --pedantic and informational tags are printed): Debian
# 13's knows Policy 4.7.2 and Static-Built-Using, which Debian 12's, in scripts/deb.sh, does
# not.
#
#   scripts/deb-install.sh trixie            # Debian 13: libunibreak6
#   DEB_INSTALL_ROOT=/var/tmp/root scripts/deb-install.sh trixie   # reuse (or keep) the chroot
#
# Needs root, debootstrap and the Debian archive (several minutes the first time).
set -euo pipefail
cd "$(dirname "$0")/.."
suite="${1:-trixie}"
[ "$(id -u)" -eq 0 ] || { echo "deb-install: run as root (debootstrap, chroot)" >&2; exit 1; }
version="$(dpkg-parsechangelog -S Version)"
arch="$(dpkg-architecture -q DEB_HOST_ARCH)"
deb="out/tapaway_${version}_${arch}.deb"
[ -f "$deb" ] || { echo "deb-install: no $deb: run scripts/deb.sh first" >&2; exit 1; }
root="${DEB_INSTALL_ROOT:-}"
if [ -z "$root" ]; then
    root="$(mktemp -d "${TMPDIR:-/var/tmp}/tapaway-$suite.XXXXXX")"
    trap 'rm -rf --one-file-system "$root"' EXIT
fi
if [ ! -x "$root/usr/bin/apt-get" ]; then
    command -v debootstrap >/dev/null || { echo "deb-install: debootstrap is not installed" >&2; exit 1; }
    debootstrap --variant=minbase "$suite" "$root" >&2
fi
cp /etc/resolv.conf "$root/etc/resolv.conf"
mkdir -p "$root/tmp/tapaway"
cp "$deb" out/tapaway_"${version}".dsc out/tapaway_"${version}".tar.* "$root/tmp/tapaway/"
printf '{"kind":"header","version":1}\n{"kind":"key","t":0.1,"key":"text","text":"%s"}\n' \
    "漢字かな文字列の折り返し漢字かな文字列の折り返し漢字かな文字列の折り返し" > "$root/tmp/tapaway/cjk.jsonl"
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
unmount() { umount "$root/dev" 2>/dev/null || umount -l "$root/dev"; umount "$root/proc" 2>/dev/null || umount -l "$root/proc"; }
trap 'unmount; [ -n "${DEB_INSTALL_ROOT:-}" ] || rm -rf --one-file-system "$root"' EXIT
chroot "$root" /bin/sh -eu <<'CHECK'
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends /tmp/tapaway/tapaway_*.deb xvfb xauth >/dev/null
dpkg-query -W -f='deb-install: ${Package} ${Version} ${Status}\n' tapaway 'libunibreak*' 2>/dev/null | grep ' install ok installed'
tapaway --version
status=0; tapaway list > /dev/full 2>/dev/null || status=$?
[ "$status" -eq 74 ] || { echo "deb-install: tapaway list > /dev/full ended with $status, not 74" >&2; exit 1; }
tapaway matrix | head -3
display=":$(( $$ % 20000 + 20000 ))"
Xvfb "$display" -screen 0 1280x1024x24 -nolisten tcp >/dev/null 2>&1 &
server=$!
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.1; done
DISPLAY="$display" LD_DEBUG=libs tapaway --no-settings --focus notes --replay /tmp/tapaway/cjk.jsonl \
    --exit-after-replay --screenshot /tmp/tapaway/shot.png 2>&1 | grep -E 'calling init: .*libunibreak|screenshot saved'
kill "$server"
dpkg -L tapaway > /tmp/tapaway/files
apt-get purge -y -qq tapaway >/dev/null 2>&1
left=0
while read -r file; do if [ -f "$file" ]; then echo "deb-install: left behind: $file" >&2; left=1; fi; done < /tmp/tapaway/files
[ "$left" -eq 0 ]
echo "deb-install: installed, ran and purged cleanly"
apt-get install -y -qq --no-install-recommends lintian >/dev/null
lintian_version="$(lintian --version | sed -n 's/^Lintian v\([0-9.]*\).*/\1/p')"
suppress=""
if ! printf '2.117\n%s\n' "$lintian_version" | sort -V -C; then
    echo "deb-install: lintian $lintian_version predates Policy 4.7.2 and Static-Built-Using: newer-standards-version and unknown-field set aside"
    suppress="--suppress-tags newer-standards-version,unknown-field"
fi
cd /tmp/tapaway
status=0
# shellcheck disable=SC2086
lintian --pedantic --display-info --fail-on error,warning $suppress tapaway_*.dsc tapaway_*.deb > lintian.txt 2>&1 \
    || status=$?
grep -v 'running with root privileges' lintian.txt || true
[ "$status" -eq 0 ] || { echo "deb-install: lintian $lintian_version failed ($status)" >&2; exit 1; }
echo "deb-install: lintian $lintian_version: no error or warning on the source and binary packages"
CHECK
