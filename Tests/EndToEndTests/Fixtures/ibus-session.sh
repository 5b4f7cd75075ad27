#!/usr/bin/env bash
# Runs an ibus input method on DISPLAY for an end-to-end test, inside its own D-Bus session:
# the XIM frontend, and m17n's t-latn-pre engine (a prefix such as ' composes with the next
# letter, showing itself as the pre-edit meanwhile), or the engine named. Prints "ibus ready" once
# the engine is set, then stays until it is killed (the test kills its process group).
# Usage: ibus-session.sh [ENGINE]
set -euo pipefail
engine="${1:-m17n:t:latn-pre}"
ibus-daemon --xim --replace --panel disable >/dev/null 2>&1 &
# ibus answers once its bus is up; the engine is set once ibus knows it. (`ibus engine NAME`
# exits with 1 even when it sets the engine: the engine it then reports is what counts.)
for _ in $(seq 1 200); do
    ibus engine "$engine" >/dev/null 2>&1 || true
    if [ "$(ibus engine 2>/dev/null)" = "$engine" ]; then
        echo "ibus ready"
        wait
        exit 0
    fi
    sleep 0.1
done
echo "ibus did not start" >&2
exit 1
