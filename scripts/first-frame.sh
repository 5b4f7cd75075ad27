#!/usr/bin/env bash
# Start-up to the first frame in figures that repeat on a loaded machine: instructions
# (callgrind), replies waited for from the X server (calls of Xlib's _XReply), page faults and
# resident memory (the kernel's counters, as getrusage reads them), for one or more builds of
# tapaway, each run on a private Xvfb with an empty configuration (no saved settings); and the
# X server's CPU time for the run (the first field of /proc/PID/schedstat: the nanoseconds the
# scheduler ran it, summed over its threads), which, unlike the others, moves with the
# machine's speed and load.
#
# "The first frame" is the moment the window's first frame is on the screen, mapped, exposed and
# synchronised with the server: the program's first call of XCreateFontCursor, which it makes
# right after (X11Platform.finishStartup). Callgrind dumps its counts there; for the faults,
# gdb stops the program there and /proc/PID/stat and status are read (gdb's own writes into
# the program count as gdb's faults, not the program's). The X server's time is read just
# before gdb starts and again at that stop: all the server did for the program up to its first
# frame, and nothing of its exit.
#
#   scripts/first-frame.sh BINARY... [-- ARGUMENTS]   e.g. two builds, then tapaway's arguments
#
# RUNS (default 5) runs of each binary for the faults and the server's time, interleaved, each
# from a fresh copy of the binary (how the page cache holds a file changes how much of it a
# fault maps); medians (and for the server's time the least and the most as well).
# Every run starts from a copy named `tapaway` (fontconfig's rules may match on the program's
# name, so it is part of the font-match cache's key). The font-match cache (one, in the run's
# cache folder) is made current first by one start of each binary (FONT_CACHE=warm, the
# default), or removed before every run (FONT_CACHE=cold: fontconfig matches, as on a first
# start or after fonts changed).
# Needs valgrind, gdb (with Python) and Xvfb.
set -euo pipefail
. "$(dirname "$0")/lib/xvfb.sh"
. "$(dirname "$0")/lib/builds.sh"
read_builds scripts/first-frame.sh "$@"
RUNS="${RUNS:-5}"
work="$(mktemp -d "${TMPDIR:-/tmp}/tapaway-first-frame.XXXXXX")"
start_private_xvfb first-frame
trap 'kill "$XVFB_PID" 2>/dev/null || true; rm -rf "$work"' EXIT
[ "$(cat "/proc/$XVFB_PID/comm" 2>/dev/null)" = Xvfb ] || { echo "first-frame: cannot find Xvfb's process" >&2; exit 1; }
export XVFB_PID
# The nanoseconds the scheduler has run the X server, over all its threads.
server_ns() { cat /proc/"$XVFB_PID"/task/*/schedstat | awk '{ ns += $1 } END { print ns }'; }
export DISPLAY=":$DISPLAY_NUMBER"
export XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_CACHE_HOME="$work/cache"
mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME"

cat >"$work/faults.py" <<'EOF'
import glob, os
import gdb
gdb.execute("set pagination off")
gdb.execute("set breakpoint pending on")
gdb.execute("break XCreateFontCursor")
gdb.execute("run")
pid = gdb.selected_inferior().pid
tasks = glob.glob(f"/proc/{os.environ['XVFB_PID']}/task/*/schedstat")
server_ns = sum(int(open(path).read().split()[0]) for path in tasks)
stat = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
status = dict(line.split(":", 1) for line in open(f"/proc/{pid}/status"))
print(f"RESULT {int(stat[7]) + int(stat[9])} {status['VmRSS'].split()[0]} {server_ns}")
gdb.execute("kill")
EOF

cat >"$work/replies.py" <<'EOF'
import re, sys
names, current, replies = {}, None, 0
for line in open(sys.argv[1], errors="replace"):
    m = re.match(r"^(c?fn)=\((\d+)\)(?: (.*))?", line)
    if m:
        if m.group(3):
            names[m.group(2)] = m.group(3).strip()
        current = names.get(m.group(2)) if m.group(1) == "cfn" else None
    elif line.startswith("calls=") and current == "_XReply":
        replies += int(line[6:].split()[0])
print(replies)
EOF

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

FONT_CACHE="${FONT_CACHE:-warm}"
# Before each run: the cache as FONT_CACHE says.
prepare_cache() { if [ "$FONT_CACHE" = cold ]; then rm -rf "$XDG_CACHE_HOME/tapaway"; fi; }
if [ "$FONT_CACHE" = warm ]; then
    for binary in "${binaries[@]}"; do
        cp "$binary" "$work/tapaway"
        "$work/tapaway" --no-settings --screenshot "$work/warm.png" >/dev/null 2>&1 || true
        rm -f "$work/tapaway" "$work/warm.png"
    done
fi

# Instructions and replies: three callgrind runs of each, interleaved; medians. (The count
# varies by a few tenths of a percent: fontconfig loads its configuration on another thread.)
declare -A instructions replies
for _ in 1 2 3; do for binary in "${binaries[@]}"; do
    out="$work/callgrind"
    rm -rf "$out"; mkdir -p "$out"
    cp "$binary" "$work/tapaway"
    prepare_cache
    valgrind --tool=callgrind --callgrind-out-file="$out/cg.%p" --dump-before=XCreateFontCursor \
        "$work/tapaway" "${arguments[@]}" >/dev/null 2>"$out/log" &
    pid=$!
    for _ in $(seq 1 600); do compgen -G "$out/cg.*.1" >/dev/null && break; sleep 0.1; done
    sleep 0.5
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    rm -f "$work/tapaway"
    dump="$(compgen -G "$out/cg.*.1" | head -1)" || { echo "first-frame: $binary never reached its first frame" >&2; exit 1; }
    instructions[$binary]+="$(awk '/^summary:/ { print $2; exit }' "$dump") "
    replies[$binary]+="$(python3 "$work/replies.py" "$dump") "
done; done

# Faults, RSS and the server's time: RUNS runs of each, interleaved, from fresh copies.
declare -A faults rss server
for _ in $(seq 1 "$RUNS"); do
    for binary in "${binaries[@]}"; do
        cp "$binary" "$work/tapaway"
        prepare_cache
        before="$(server_ns)"
        read -r f r after < <(gdb -q -batch -x "$work/faults.py" --args "$work/tapaway" "${arguments[@]}" 2>/dev/null | awk '/^RESULT/ { print $2, $3, $4 }')
        faults[$binary]+="$f "
        rss[$binary]+="$r "
        [ -n "${after:-}" ] && server[$binary]+="$((after - before)) "
        rm -f "$work/tapaway"
    done
done

echo "Font-match cache: $FONT_CACHE"
echo "| build | instructions to the first frame | X replies waited for | page faults | RSS KiB | X server CPU ms (min, median, max) |"
echo "|---|---:|---:|---:|---:|---:|"
for binary in "${binaries[@]}"; do
    f="$(tr ' ' '\n' <<<"${faults[$binary]}" | grep . | median)"
    r="$(tr ' ' '\n' <<<"${rss[$binary]}" | grep . | median)"
    i="$(tr ' ' '\n' <<<"${instructions[$binary]}" | grep . | median)"
    x="$(tr ' ' '\n' <<<"${replies[$binary]}" | grep . | median)"
    s="$(tr ' ' '\n' <<<"${server[$binary]}" | grep . | sort -n |
        awk '{ v[NR] = $1 / 1e6 } END { printf "%.2f, %.2f, %.2f", v[1], v[int((NR + 1) / 2)], v[NR] }')"
    printf '| %s | %s | %s | %s | %s | %s |\n' "$binary" "$i" "$x" "$f" "$r" "$s"
done
