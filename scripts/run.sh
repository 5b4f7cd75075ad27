#!/usr/bin/env bash
# Builds and runs Tapaway. With an X display it opens the window (arguments go to tapaway).
# Without one it runs on a private virtual display, focuses a field so the keypad shows,
# saves a screenshot and prints where it is.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/xvfb.sh
scripts/setup.sh
swift build -c release --static-swift-stdlib --scratch-path .build/static-stdlib --product tapaway >&2
BIN="$(swift build -c release --scratch-path .build/static-stdlib --show-bin-path)/tapaway"

if [ -n "${DISPLAY:-}" ]; then
    exec "$BIN" "$@"
fi

mkdir -p out
SHOT="$PWD/out/tapaway-$(date +%Y%m%d-%H%M%S).png"
start_private_xvfb run
trap 'kill "$XVFB_PID" 2>/dev/null || true' EXIT
echo "run: no DISPLAY; using a private virtual display :$DISPLAY_NUMBER" >&2
DISPLAY=":$DISPLAY_NUMBER" "$BIN" --focus name --screenshot "$SHOT" "$@"
