# Sourced by the scripts that compare builds (first-frame.sh, first-frame-glyphs.sh): reads
# their `BINARY... [-- ARGUMENTS]` into the arrays `binaries` and `arguments`.
#
#   read_builds scripts/NAME.sh "$@"
#
# With no binary it prints the usage line and ends the script with status 64.
read_builds() {
    local script="$1"
    shift
    binaries=()
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do binaries+=("$1"); shift; done
    [ "${1:-}" = "--" ] && shift
    arguments=("$@")
    if [ ${#binaries[@]} -eq 0 ]; then
        echo "usage: $script BINARY... [-- ARGUMENTS]" >&2
        exit 64
    fi
}
