#!/usr/bin/env python3
"""Writes a recording for the load figures of BENCHMARKS.md (issue 38, items 11 and 12) to
standard output.

  scripts/recording-load.py typing EVENTS      taps on name, three keys, a drag on the background, repeated
  scripts/recording-load.py fingers N CYCLES   N fingers down, moved and lifted together, CYCLES times
  scripts/recording-load.py padded LINES       keys whose lines carry half a MiB each under an unknown key

Time it with, for example, `/usr/bin/time -f '%e s, peak %M KB' tapaway compare FILE > /dev/null`.
"""
import json
import sys


def header():
    return json.dumps({"kind": "header", "version": 1, "scenario": "send-event", "screen": [930, 820]})


def typing(events):
    yield header()
    t, written = 0.0, 0
    while written < events:
        steps = [("touch", 1, "began", [450, 190]), ("touch", 1, "ended", [450, 190])]
        steps += [("key", c) for c in "abc"]
        steps += [("touch", 1, "began", [450, 700]), ("touch", 1, "moved", [452, 702]), ("touch", 1, "ended", [452, 702])]
        for step in steps:
            if written == events:
                return
            t += 0.05
            if step[0] == "key":
                yield json.dumps({"kind": "key", "t": round(t, 3), "key": "text", "text": step[1]})
            else:
                yield json.dumps({"kind": "touch", "t": round(t, 3), "id": step[1], "phase": step[2], "at": step[3]})
            written += 1


def fingers(count, cycles):
    yield header()
    t = 0.0
    for _ in range(cycles):
        for phase, dy in (("began", 0), ("moved", 5), ("ended", 5)):
            t += 0.05
            for i in range(count):
                line = {"kind": "touch", "t": round(t, 3), "id": i, "phase": phase, "at": [300 + i * 10, 650 + dy]}
                if i:
                    line["with"] = True
                yield json.dumps(line)


def padded(lines):
    yield header()
    pad = "p" * (512 * 1024)
    for i in range(lines):
        yield json.dumps({"kind": "key", "t": i / 10, "key": "text", "text": "a", "pad": pad})


def main():
    kind, numbers = sys.argv[1], [int(n) for n in sys.argv[2:]]
    lines = {"typing": typing, "fingers": fingers, "padded": padded}[kind](*numbers)
    out = sys.stdout
    for line in lines:
        out.write(line + "\n")


if __name__ == "__main__":
    main()
