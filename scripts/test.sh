#!/usr/bin/env bash
# Installs what is missing, builds everything and runs every test: the headless Kit and app
# tests, and the end-to-end tests that drive the real binary on a private Xvfb. Arguments go to
# `swift test` (for example --filter InstallTests). Without the installing: scripts/check.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec scripts/check.sh "$@"
