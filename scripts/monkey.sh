#!/usr/bin/env bash
# The long monkey, on demand: random real X input on a private Xvfb with the invariants checked
# through the trace. Usage: scripts/monkey.sh [INPUTS] [SEED]   (defaults: 100000, a fresh seed)
# A soak instead: scripts/monkey.sh --minutes 30 [SEED] reports the resident memory's growth
# after the first two minutes (issue 21: under 256 KiB over 30 minutes).
# The seed is printed ("monkey: seed N"); TAPAWAY_MONKEY_SEED=N or the SEED argument replays it.
set -euo pipefail
cd "$(dirname "$0")/.."
number() { [[ "$1" =~ ^[0-9]+$ ]] || { echo "monkey: '$1' is not a whole number" >&2; exit 64; }; }
if [ "${1:-}" = "--minutes" ]; then
    shift
    export TAPAWAY_MONKEY_MINUTES="${1:-30}"; number "$TAPAWAY_MONKEY_MINUTES"
    [ $# -gt 0 ] && shift
else
    export TAPAWAY_MONKEY_INPUTS="${1:-100000}"; number "$TAPAWAY_MONKEY_INPUTS"
    [ $# -gt 0 ] && shift
fi
if [ $# -gt 0 ]; then
    export TAPAWAY_MONKEY_SEED="$1"; number "$TAPAWAY_MONKEY_SEED"
fi
export TAPAWAY_E2E_LIFETIME=14400
scripts/setup.sh
swift build --build-tests >&2
swift test --skip-build --filter MonkeyTests
