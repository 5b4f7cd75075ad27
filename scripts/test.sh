#!/usr/bin/env bash
# Installs what is missing, builds everything and runs every test: the headless Kit and app
# tests, and the end-to-end tests that drive the real binary on a private Xvfb.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build --build-tests
swift test --skip-build "$@"
