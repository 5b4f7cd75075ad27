# Sourced (not run) by the scripts that need a display of their own.
#
# start_private_xvfb NAME starts a private X server: Xvfb picks a free display number itself
# (-displayfd) and writes it once it accepts connections, so the script waits for that line, not
# a time, and never races another server for a number. It sets XVFB_PID and DISPLAY_NUMBER and
# exports DISPLAY; if no number comes within 10 s it stops the server, says so as NAME and exits 1.
# The caller stops the server when it is done: trap 'kill "$XVFB_PID" 2>/dev/null || true' EXIT.
start_private_xvfb() {
    local name="$1"
    exec 3< <(exec Xvfb -displayfd 4 -screen 0 1280x1024x24 -noreset -nolisten tcp 4>&1 2>/dev/null)
    XVFB_PID=$!
    if ! read -r -t 10 DISPLAY_NUMBER <&3; then
        kill "$XVFB_PID" 2>/dev/null || true
        echo "$name: Xvfb did not start" >&2
        exit 1
    fi
    export DISPLAY=":$DISPLAY_NUMBER"
}
