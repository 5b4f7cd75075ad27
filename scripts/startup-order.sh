#!/usr/bin/env bash
# Writes packaging/startup.order: the functions of the release binary that run from exec until
# a moment after the first frame, for the linker's --symbol-ordering-file (Package.swift). The
# linker places them together at the start of .text, so the kernel maps the code start-up runs
# in a few 64 KiB fault-arounds instead of pages scattered over 10 MB, and less of the binary is
# resident. Rerun it after a change that moves start-up code; a stale order costs only memory
# (a name no longer in the binary is skipped, a new function is placed as it would be anyway).
#
#   scripts/startup-order.sh          needs valgrind and Xvfb
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/xvfb.sh
work="$(mktemp -d "${TMPDIR:-/tmp}/tapaway-order.XXXXXX")"
# Linked with a map: which input section holds each function.
swift build -c release --static-swift-stdlib --scratch-path .build/static-stdlib --product tapaway \
    -Xlinker "-Map=$work/map" -Xlinker --no-demangle >&2
binary="$(swift build -c release --scratch-path .build/static-stdlib --show-bin-path)/tapaway"

start_private_xvfb startup-order
trap 'kill "$XVFB_PID" 2>/dev/null || true; rm -rf "$work"' EXIT
export XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_CACHE_HOME="$work/cache"
mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME"
# Named `tapaway`, as installed (the font-match cache's key holds the program's name).
cp "$binary" "$work/tapaway"

# One start to make the font-match cache current, as on every start but the first.
"$work/tapaway" --trace "$work/warm.jsonl" &
pid=$!
for _ in $(seq 1 100); do grep -q '"kind":"layout"' "$work/warm.jsonl" 2>/dev/null && break; sleep 0.1; done
sleep 1
kill "$pid"; wait "$pid" || true

# The counted starts, bare and then with an argument (swift-argument-parser's code comes after
# the bare start's): callgrind dumps once at the first frame (its first XCreateFontCursor) and
# again at exit, three seconds later (valgrind runs it about fifty times slower); all dumps are
# read, in that order.
count() {
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/$1" \
        --dump-before=XCreateFontCursor "$work/tapaway" "${@:2}" >/dev/null 2>"$work/log" &
    pid=$!
    for _ in $(seq 1 600); do [ -e "$work/$1.1" ] && break; sleep 0.1; done
    [ -e "$work/$1.1" ] || { echo "startup-order: the program never reached its first frame" >&2; exit 1; }
    sleep 3
    kill "$pid"; wait "$pid" || true
}
count cg-bare
count cg-arguments --no-settings

# Every function of the binary itself that ran (not of the libraries it loads), in the order
# callgrind first lists it; recursion's "'2" suffixes and unnamed addresses dropped. A function
# that shares its section with others (the standard library's specialisations: 1.6 MB of code
# in one section) would move that whole section to its place in the list and split what runs
# at start-up in two, so such sections come after the rest.
python3 - "$work/map" "$work"/cg-bare* "$work"/cg-arguments* >packaging/startup.order <<'EOF'
import re, sys

section_size, size = {}, 0
for line in open(sys.argv[1], errors="replace"):
    fields = line.split(None, 4)
    if len(fields) == 5 and re.fullmatch(r"[0-9a-f]+", fields[2]):
        text = fields[4].strip()
        if ":(" in text:
            size = int(fields[2], 16)
        elif " " not in text:
            section_size.setdefault(text, size)

seen = {}
for path in sys.argv[2:]:
    names, objects, current = {}, {}, None
    for line in open(path, errors="replace"):
        m = re.match(r"^(c?)ob=\((\d+)\)(?: (.*))?", line)
        if m:
            if m.group(3):
                objects[m.group(2)] = m.group(3).strip()
            if not m.group(1):
                current = objects[m.group(2)]
            continue
        m = re.match(r"^(c?)fn=\((\d+)\)(?: (.*))?", line)
        if m:
            if m.group(3):
                names[m.group(2)] = m.group(3).strip()
            name = re.sub(r"'\d+$", "", names[m.group(2)])
            if not m.group(1) and current and current.endswith("/tapaway") and not name.startswith("0x"):
                seen.setdefault(name, None)

ran = [name for name in seen if name != "(below main)"]
shared = [name for name in ran if section_size.get(name, 0) > 65536]
print("\n".join([name for name in ran if name not in set(shared)] + shared))
EOF
echo "startup-order: $(wc -l <packaging/startup.order) functions in packaging/startup.order" >&2
# The build does not know the linker reads this file: remove the linked program so that the
# next build links it again with the new order.
rm -f "$binary"
