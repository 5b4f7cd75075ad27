#!/usr/bin/env bash
# Builds everything and runs every test, installing nothing (`make check`; scripts/test.sh
# installs what is missing first, then runs this): the headless Kit and app tests, and the
# end-to-end tests that drive the real binary on a private Xvfb.
#
# Before the tests, `make install` stages the program (the debug build just made, its man page
# and completions) into a temporary DESTDIR, which the installation test then checks and
# uninstalls: SwiftPM cannot build inside `swift test` on the same build directory.
set -euo pipefail
cd "$(dirname "$0")/.."
# The tree is formatted as .swift-format says (scripts/format.sh rewrites it so).
swift format lint --strict --recursive --parallel Sources Tests Package.swift
# The monkey draws a fresh seed each run, in CI too, and prints it; TAPAWAY_MONKEY_SEED replays one.
swift build --build-tests
STAGE="$(mktemp -d "${TMPDIR:-/tmp}/tapaway-stage.XXXXXX")"
trap 'rm -rf "$STAGE"' EXIT
make --no-print-directory install DESTDIR="$STAGE" PREFIX=/usr CONFIGURATION=debug SCRATCH=.build >&2
TAPAWAY_STAGED_INSTALL="$STAGE" swift test --skip-build "$@"
