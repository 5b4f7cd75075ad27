#!/usr/bin/env bash
# Benchmarks that print figures (never pass/fail): Tapaway beside the programs a Linux user would
# compare it with, on a private `Xvfb -noreset`, measured from outside through DAMAGE and XTest,
# plus the Kit's in-process costs. Installs the peers it compares with (matchbox-keyboard,
# xvkbd, Tk, yad) and builds in release mode. Results: BENCHMARKS.md.
#
#   scripts/bench.sh              everything (about five minutes)
#   scripts/bench.sh startup 3    one benchmark: kit, startup [ROUNDS], typing, tap [TAPS], animation [CYCLES],
#                                 audit, import, json
#   TAPAWAY_BASELINE_BINARY=OLD scripts/bench.sh startup 10
#                                 start-up with another build's rows interleaved (an earlier one, say)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/xvfb.sh
scripts/setup.sh
PEERS=(matchbox-keyboard xvkbd tk yad)
missing=()
for package in "${PEERS[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
    SUDO=""; if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# The same build as `make install` and scripts/run.sh: the Swift runtime linked in.
swift build -c release --static-swift-stdlib --scratch-path .build/static-stdlib --product tapaway >&2
swift build -c release --static-swift-stdlib --scratch-path .build/static-stdlib --product tapaway-bench >&2
BIN="$(swift build -c release --scratch-path .build/static-stdlib --show-bin-path)"
export TAPAWAY_BINARY="$BIN/tapaway"

start_private_xvfb bench
# The tap benchmark reads how long the server waited for a core.
export TAPAWAY_BENCH_XVFB_PID="$XVFB_PID"
trap 'kill "$XVFB_PID" 2>/dev/null || true' EXIT

echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -sr)"
echo "Swift: $(swift --version 2>&1 | head -1)"
echo "Load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
if [ $# -gt 0 ]; then
    "$BIN/tapaway-bench" "$@"
else
    "$BIN/tapaway-bench" kit
    "$BIN/tapaway-bench" startup 10
    "$BIN/tapaway-bench" typing
    "$BIN/tapaway-bench" tap 200
    "$BIN/tapaway-bench" animation 100
fi
