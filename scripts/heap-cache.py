#!/usr/bin/env python3
"""Reports what glibc's per-thread cache (tcache) of the main thread holds in a running process,
and the resident size of its heap: for a memory soak, to tell freed memory that malloc keeps
for reuse from memory the program still holds.

Usage: heap-cache.py PID [SECONDS]   (with SECONDS, one line every SECONDS until PID exits)

How: the main thread's tcache is the first chunk malloc hands out, at the start of the
`[heap]` mapping; since glibc 2.30 it begins with 64 two-byte counts, bin i holding free
chunks of 32 + 16 i bytes (7 at most each by default). Reading /proc/PID/mem needs the same
user as the process (and ptrace permission). malloc_trim() gives none of it back.
"""
import struct
import sys
import time

TCACHE_BINS = 64


def heap_start(pid):
    with open(f"/proc/{pid}/maps") as maps:
        for line in maps:
            if line.rstrip().endswith("[heap]"):
                return int(line.split("-")[0], 16)
    raise SystemExit(f"heap-cache: process {pid} has no [heap] mapping")


def heap_resident_kib(pid):
    inside = False
    with open(f"/proc/{pid}/smaps") as smaps:
        for line in smaps:
            if "-" in line.split(" ")[0] and len(line.split()) >= 5:
                inside = line.rstrip().endswith("[heap]")
            elif inside and line.startswith("Rss:"):
                return int(line.split()[1])
    return 0


def report(pid):
    start = heap_start(pid)
    with open(f"/proc/{pid}/mem", "rb") as mem:
        mem.seek(start)
        raw = mem.read(16 + 2 * TCACHE_BINS)
    chunk = struct.unpack_from("<Q", raw, 8)[0] & ~7
    counts = struct.unpack_from(f"<{TCACHE_BINS}H", raw, 16)
    if chunk < 16 + 2 * TCACHE_BINS + 8 * TCACHE_BINS or max(counts) > 1000:
        raise SystemExit("heap-cache: the heap does not start with a tcache this script knows (glibc 2.30 or later)")
    held = sum(count * (32 + 16 * i) for i, count in enumerate(counts))
    full = sum(1 for count in counts if count >= 7)
    return f"tcache {sum(counts)} chunks, {held} bytes ({full} of {TCACHE_BINS} bins full); heap resident {heap_resident_kib(pid)} KiB"


def main():
    if len(sys.argv) not in (2, 3) or not sys.argv[1].isdigit():
        raise SystemExit(__doc__.split("\n\n")[1])
    pid = int(sys.argv[1])
    if len(sys.argv) == 2:
        try:
            print(report(pid))
        except (FileNotFoundError, ProcessLookupError):
            raise SystemExit(f"heap-cache: no process {pid}")
        except PermissionError:
            raise SystemExit(f"heap-cache: not allowed to read process {pid}'s memory (run as its user)")
        return
    every, began = float(sys.argv[2]), time.monotonic()
    while True:
        try:
            line = report(pid)
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            return
        print(f"{time.monotonic() - began:.0f} s: {line}", flush=True)
        time.sleep(every)


if __name__ == "__main__":
    main()
