#!/usr/bin/env python3
"""Prints each technique's evidence level per matrix case, as docs/techniques.md gives it.

One line per technique: its id and sixteen letters (D documented, S from the source, I inferred,
- no level). A row with several levels takes the weakest; a row that says "as case N" takes case
N's. Sources/TapawayDemo/Audit/MatrixEvidence.swift holds the same table, and a test keeps the
two in step (MatrixEvidenceTests), so the audit's findings inherit exactly what the document says.
"""
import re
import sys

ORDER = {"D": 0, "S": 1, "I": 2}


def levels(text):
    result = {}
    for section in re.split(r"\n## `", text)[1:]:
        technique = section.split("`")[0]
        rows = {}
        for match in re.finditer(r"^\| (\d+) \|(.*)$", section, re.M):
            number, rest = int(match.group(1)), match.group(2)
            found = re.findall(r"\*\*([DSI])\*\*", rest)
            if found:
                rows[number] = max(found, key=ORDER.get)
            else:
                same = re.search(r"[Aa]s case (\d+)", rest)
                rows[number] = ("=", int(same.group(1))) if same else "-"
        for number, value in list(rows.items()):
            seen = set()
            while isinstance(value, tuple) and value[1] not in seen:
                seen.add(value[1])
                value = rows.get(value[1], "-")
            rows[number] = value if isinstance(value, str) else "-"
        if rows:
            result[technique] = "".join(rows.get(n, "-") for n in range(1, 17))
    return result


if __name__ == "__main__":
    path = sys.argv[1] if len(sys.argv) > 1 else "docs/techniques.md"
    for technique, row in levels(open(path, encoding="utf-8").read()).items():
        print(technique, row)
