#!/usr/bin/env python3
"""Drives a running X display the way a person would, then saves what it shows.

Usage: xshot.py DISPLAY OUT.png WIDTH HEIGHT STEP...
Steps run in order: key:KEYSYM (hex, e.g. ffbe for F1; key:ffe3+76 holds Control while V is
pressed), X,Y (a left click there), sleep:SECONDS.
The picture is the root window's top-left WIDTH x HEIGHT, taken after the last step. Used by
scripts/screenshots.sh for the pictures --screenshot cannot take: a replay or a matrix case in
the middle of playing.
"""
import ctypes
import os
import struct
import sys
import time
import zlib


class XImage(ctypes.Structure):
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
                ("format", ctypes.c_int), ("data", ctypes.POINTER(ctypes.c_ubyte)),
                ("byte_order", ctypes.c_int), ("bitmap_unit", ctypes.c_int),
                ("bitmap_bit_order", ctypes.c_int), ("bitmap_pad", ctypes.c_int),
                ("depth", ctypes.c_int), ("bytes_per_line", ctypes.c_int),
                ("bits_per_pixel", ctypes.c_int)]


def main():
    name, out, width, height = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    xlib, xtst = ctypes.CDLL("libX11.so.6"), ctypes.CDLL("libXtst.so.6")
    xlib.XOpenDisplay.restype = ctypes.c_void_p
    display = xlib.XOpenDisplay(name.encode())
    if not display:
        sys.exit(f"xshot: cannot open display {name}")
    display = ctypes.c_void_p(display)
    xlib.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
    xlib.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
    xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
    xtst.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_ulong]
    xtst.XTestFakeButtonEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
    for step in sys.argv[5:]:
        if step.startswith("key:"):
            codes = [xlib.XKeysymToKeycode(display, int(sym, 16)) for sym in step[4:].split("+")]
            for code in codes:
                xtst.XTestFakeKeyEvent(display, code, 1, 0)
            for code in reversed(codes):
                xtst.XTestFakeKeyEvent(display, code, 0, 0)
        elif step.startswith("sleep:"):
            xlib.XSync(display, 0)
            time.sleep(float(step[6:]))
        else:
            x, y = (int(v) for v in step.split(","))
            xtst.XTestFakeMotionEvent(display, -1, x, y, 0)
            xtst.XTestFakeButtonEvent(display, 1, 1, 0)
            xtst.XTestFakeButtonEvent(display, 1, 0, 0)
        xlib.XSync(display, 0)

    xlib.XDefaultRootWindow.restype = ctypes.c_ulong
    xlib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    xlib.XGetImage.restype = ctypes.POINTER(XImage)
    xlib.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                               ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
    image = xlib.XGetImage(display, xlib.XDefaultRootWindow(display), 0, 0, width, height, 0xFFFFFFFF, 2)
    if not image:
        sys.exit("xshot: XGetImage failed")
    info = image.contents
    raw = ctypes.string_at(info.data, info.bytes_per_line * height)
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        line = raw[y * info.bytes_per_line:y * info.bytes_per_line + width * 4]
        for i in range(0, width * 4, 4):
            rows += bytes((line[i + 2], line[i + 1], line[i]))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b""))
    with open(out + ".tmp", "wb") as f:
        f.write(png)
    os.replace(out + ".tmp", out)


if __name__ == "__main__":
    main()
