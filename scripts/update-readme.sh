#!/usr/bin/env bash
# Writes the program's own output into the README's generated sections: the matrix
# (`tapaway matrix`) and the exploration charter (`tapaway list --charter`). The tests fail
# while the README and the program disagree; run this after changing a technique.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product tapaway >&2
BIN="$(swift build --show-bin-path)/tapaway"
MATRIX="$(mktemp)"; CHARTER="$(mktemp)"; OUT="$(mktemp)"
trap 'rm -f "$MATRIX" "$CHARTER" "$OUT"' EXIT
"$BIN" matrix > "$MATRIX"
"$BIN" list --charter > "$CHARTER"
# Replace what lies between each section's opening comment and its end marker.
awk -v matrix="$MATRIX" -v charter="$CHARTER" '
    function emit(file,   line) { while ((getline line < file) > 0) print line; close(file) }
    /^<!-- matrix:/  { print; emit(matrix); skip = 1; next }
    /^<!-- charter:/ { print; emit(charter); skip = 1; next }
    /^<!-- end of (matrix|charter) -->$/ { skip = 0 }
    !skip { print }
' README.md > "$OUT"
if cmp -s "$OUT" README.md; then
    echo "update-readme: README.md already agrees with the program" >&2
else
    cat "$OUT" > README.md
    echo "update-readme: README.md's matrix and charter rewritten from the program" >&2
fi
