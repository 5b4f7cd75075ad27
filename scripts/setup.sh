#!/usr/bin/env bash
# Installs the Debian packages Tapaway needs to build, run and test, if any are missing.
# `scripts/setup.sh deb` also installs what building and checking the Debian package needs
# (scripts/deb.sh).
set -euo pipefail

# make: the Makefile; appstream, desktop-file-utils, mandoc, man-db: the installation test
# validates the metainfo, the desktop entry and the man page with them; ibus, ibus-m17n,
# m17n-db, dbus: the input method test composes through a real XIM server; libharfbuzz0b,
# libfribidi0: shaping and direction, libunibreak: line breaking (UAX #14), all three opened
# with dlopen when text first needs them (no header needed to build); libunibreak6 where the
# release has it (Debian 13), else libunibreak1 (Debian 12).
# at-spi2-core, python3-pyatspi, libglib2.0-bin: the accessibility test runs the accessibility
# bus (at-spi-bus-launcher, the registry) and drives the program through pyatspi, waiting for
# the bus with gdbus.
# Fonts, so that every script has one (fontconfig falls back to them; the X11 tests check a
# sentence in each): DejaVu Sans has Latin, Greek, Cyrillic, Arabic and Hebrew; Lohit
# Devanagari (0.2 MB); WenQuanYi Micro Hei, Chinese, Japanese kana and Korean Hangul in one
# font (5 MB, where fonts-noto-cjk takes 91 MB); Loma for Thai (0.4 MB); Noto Color Emoji.
PACKAGES=(make pkg-config libx11-dev libxft-dev libfontconfig-dev libxrender-dev libxi-dev libxtst-dev libxdamage-dev zlib1g-dev
          libharfbuzz0b libfribidi0
          ibus ibus-m17n m17n-db dbus at-spi2-core python3-pyatspi libglib2.0-bin
          fonts-inter fonts-dejavu-core fonts-lohit-deva fonts-wqy-microhei fonts-tlwg-loma-ttf fonts-noto-color-emoji
          xvfb xclip valgrind desktop-file-utils appstream mandoc man-db)
if apt-cache show libunibreak6 >/dev/null 2>&1; then PACKAGES+=(libunibreak6); else PACKAGES+=(libunibreak1); fi
# libxml2, which `tapaway import` opens with dlopen: soname 16 from libxml2 2.14, 2 before.
if apt-cache show libxml2-16 >/dev/null 2>&1; then PACKAGES+=(libxml2-16); else PACKAGES+=(libxml2); fi
if [ "${1:-}" = "deb" ]; then
    PACKAGES+=(dpkg-dev debhelper fakeroot lintian binutils)
fi

missing=()
for package in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if ((${#missing[@]})); then
    echo "setup: installing ${missing[*]}" >&2
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1; then
    echo "setup: the Swift toolchain (6.2 or newer) is not on PATH; install it from swift.org and try again" >&2
    exit 1
fi
