#!/usr/bin/env bash
# The glyphs a build rasterises before its first frame: how many distinct glyphs Xft loaded
# (XftFontLoadGlyphs: FreeType renders each and it is uploaded to the X server), how many of
# them were drawn (XftGlyphRender), how many were only measured, and in how many fonts.
# "The first frame" is the program's first XCreateFontCursor, as in scripts/first-frame.sh.
#
#   scripts/first-frame-glyphs.sh BINARY... [-- ARGUMENTS]
#
# Each binary runs once under gdb on a private Xvfb, with an empty configuration and a font-match
# cache made current by one start first. Needs gdb (with Python) and Xvfb.
set -euo pipefail
. "$(dirname "$0")/lib/xvfb.sh"
. "$(dirname "$0")/lib/builds.sh"
read_builds scripts/first-frame-glyphs.sh "$@"
work="$(mktemp -d "${TMPDIR:-/tmp}/tapaway-glyphs.XXXXXX")"
start_private_xvfb first-frame-glyphs
trap 'kill "$XVFB_PID" 2>/dev/null || true; rm -rf "$work"' EXIT
export XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_CACHE_HOME="$work/cache"
mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME"

cat >"$work/glyphs.py" <<'PYTHON'
import struct
import gdb
gdb.execute("set pagination off")
gdb.execute("set breakpoint pending on")
loaded, drawn = set(), set()
def memory(address, size): return bytes(gdb.selected_inferior().read_memory(address, size))
def register(name): return int(gdb.parse_and_eval("$" + name)) & 0xffffffffffffffff
def glyphs(font, address, count):
    return {(font, struct.unpack("<I", memory(address + 4 * k, 4))[0]) for k in range(count)}
class Load(gdb.Breakpoint):
    # XftFontLoadGlyphs(dpy, font, need_bitmaps, glyphs, nglyph)
    def stop(self):
        loaded.update(glyphs(register("rsi"), register("rcx"), register("r8") & 0xffffffff))
        return False
class Render(gdb.Breakpoint):
    # XftGlyphRender(dpy, op, src, font, dst, srcx, srcy, x, y, glyphs, nglyphs): the last two on the stack
    def stop(self):
        sp = register("rsp")
        address = struct.unpack("<Q", memory(sp + 32, 8))[0]
        count = struct.unpack("<i", memory(sp + 40, 4))[0]
        drawn.update(glyphs(register("rcx"), address, count))
        return False
class FirstFrame(gdb.Breakpoint):
    def stop(self):
        fonts = len({font for font, _ in loaded})
        print(f"RESULT {len(loaded)} {len(drawn & loaded)} {len(loaded - drawn)} {fonts}")
        return True
Load("XftFontLoadGlyphs")
Render("XftGlyphRender")
FirstFrame("XCreateFontCursor")
gdb.execute("run")
gdb.execute("kill")
PYTHON

echo "| build | glyphs rasterised | drawn | only measured | fonts |"
echo "|---|---:|---:|---:|---:|"
for binary in "${binaries[@]}"; do
    cp "$binary" "$work/tapaway"
    "$work/tapaway" --no-settings --screenshot "$work/warm.png" >/dev/null 2>&1 || true
    read -r loaded drawn measured fonts < <(gdb -q -batch -x "$work/glyphs.py" --args "$work/tapaway" "${arguments[@]}" 2>/dev/null | awk '/^RESULT/ { print $2, $3, $4, $5 }')
    printf '| %s | %s | %s | %s | %s |\n' "$binary" "$loaded" "$drawn" "$measured" "$fonts"
    rm -f "$work/tapaway" "$work/warm.png"
done
