#!/usr/bin/env bash
# The long monkey, on demand: random real X input on a private Xvfb with the invariants checked
# through the trace. Usage: scripts/monkey.sh [INPUTS] [SEED]   (defaults: 100000, 424242)
# A soak instead: scripts/monkey.sh --minutes 30 [SEED] reports the resident memory's growth.
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
export TAPAWAY_MONKEY_SEED="${1:-424242}"; number "$TAPAWAY_MONKEY_SEED"
export TAPAWAY_E2E_LIFETIME=14400
scripts/setup.sh
swift build --build-tests >&2
swift test --skip-build --filter MonkeyTests
