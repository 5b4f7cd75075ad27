#!/usr/bin/env bash
# Makes the screenshots in assets/ again, from the program itself: each picture is either a
# plain start (a scenario, a theme, a focused field) or the end of a recorded session in
# assets/recordings/ replayed with --screenshot. Without DISPLAY it uses a private Xvfb.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/xvfb.sh
scripts/setup.sh
swift build --product tapaway >&2
BIN="$(swift build --show-bin-path)/tapaway"

if [ -z "${DISPLAY:-}" ]; then
    start_private_xvfb screenshots
    trap 'kill "$XVFB_PID" 2>/dev/null || true' EXIT
fi

shot() { # NAME ARGUMENTS...: one picture, from a clean start (no settings read or written)
    local name="$1"; shift
    "$BIN" --no-settings --screenshot "assets/$name.png" "$@"
}

shot scenario-send-event --scenario send-event --focus name
shot scenario-tap-gesture --scenario tap-gesture --focus email
shot scenario-background-control --scenario background-control --focus name
# The lab's techniques from other platforms, each with name focused and the keypad up; and
# touchesBegan in the one container where it dismisses at all.
shot scenario-swiftui --scenario swiftui --focus name
shot scenario-android --scenario android --focus name
shot scenario-flutter --scenario flutter --focus name
shot scenario-react-native --scenario react-native --focus name
shot scenario-touches-began-plain-view --scenario touches-began --set container=plain-view --focus name
shot theme-light --theme light --focus name
shot theme-dark --theme dark --focus name
# The form alone, nothing focused, and the keypad alone, on phone-sized windows (the sidebar and
# the inspector folded into their strips).
shot tapaway-form --size 465x852
shot keypad-letters --size 465x852 --focus name
shot keypad-email --size 465x852 --focus email
shot keypad-numberpad --size 465x852 --focus phone
# The devices: iPhone 15 turned, iPhone SE, the Android phone, iPad turned (its portrait height
# does not fit this display), and the hardware keyboard's bar above the home indicator.
shot device-landscape --set orientation=landscape --focus name
shot device-iphone-se --device iphone-se --focus name
# iPhone SE turned: the compact 32-point navigation bar, no status bar.
shot device-iphone-se-landscape --device iphone-se --set orientation=landscape --size 1207x480
# The Android phone at its own height (800 points, so nothing shows below it): the form at rest,
# the keyboard up, and (a recording) Back pressed once, the field still focused.
shot device-android-form --device android --scenario android --size 933x800
shot device-android --device android --scenario android --size 933x800 --focus name
# Gesture navigation with the keyboard up (the input method's bar: its down arrow, the switcher,
# the handle), under no technique; and Gboard's number row.
shot device-android-gesture --device android --scenario none --set android-navigation=gesture \
    --size 933x800 --focus name
shot device-android-number-row --device android --scenario android --set number-row=on --size 933x800 \
    --focus name
# The chat screen on the Android phone: at rest its composer stands on the navigation bar; drawn
# edge to edge with no insets applied, the keyboard covers it (and the bar covered it at rest);
# with WindowInsets.ime applied it rides on the keyboard.
shot device-android-chat --device android --scenario android --set layout=chat --size 933x800
shot device-android-edge-to-edge --device android --scenario android --set layout=chat \
    --set avoidance=edge-to-edge --size 933x800 --focus message
shot device-android-ime-insets --device android --scenario android --set layout=chat \
    --set avoidance=ime-insets --size 933x800 --focus message
# The chat screen on iPhone 15 at rest: the composer stands on the home indicator's strip.
shot device-chat-rest --scenario send-event --set layout=chat --size 933x852
shot device-ipad --device ipad --set orientation=landscape --focus email
shot device-ipad-keyboard --device ipad --focus name
shot device-ipad-floating --device ipad --set ipad-keyboard=floating --set avoidance=adjust-resize --focus notes
shot device-hardware-keyboard --set keyboard=hardware --focus name
# A screen of one's own: the hand-written checkout screen, its own wiring (As written) playing.
shot screen-checkout --screen examples/checkout.json --scenario as-written --focus promo
# A sheet up over a screen (examples/compose-sheet.json), its subject field focused: under
# tap-gesture, the recognizer is the presenting screen's and does not reach the sheet.
shot screen-sheet --screen examples/compose-sheet.json --scenario tap-gesture --focus subject
# An iPad form sheet (examples/new-event-form-sheet.json) with its notes focused: it rose clear
# of the keyboard by itself; turned, under the keyboard manager, it rose twice, its top off the
# screen.
shot screen-form-sheet-keyboard --screen examples/new-event-form-sheet.json --scenario none --focus event-notes
shot screen-form-sheet-double --screen examples/new-event-form-sheet.json --scenario keyboard-manager \
    --set orientation=landscape --focus event-notes
# A Flutter page as written: its amount field focused, under the number pad.
shot screen-flutter --screen examples/flutter-transfer.json --scenario as-written --focus amount
# An alert with a password field up over a list of networks (examples/join-network.json), under
# the keyboard manager, which leaves alerts alone; the screen is pushed over Settings.
shot screen-alert --screen examples/join-network.json --scenario keyboard-manager --focus password
# A real storyboard imported on the fly: IQKeyboardManager's example TextField scene (MIT, from
# ../shared/screens/, which is not in the repository), its second text view focused and hidden
# under the keys, under tap-gesture.
SHARED_SCREENS="../shared/screens/iqkeyboardmanager"
if [ -f "$SHARED_SCREENS/General.storyboard" ]; then
    shot import-storyboard --screen "$SHARED_SCREENS/General.storyboard" --scene TextFieldViewController \
        --scenario tap-gesture --focus textView2
fi
# A recording holds input only, so an option a picture needs comes from the command line, not
# from a tap on the sidebar, whose rows move whenever it changes.
for recording in assets/recordings/*.jsonl; do
    name="$(basename "$recording" .jsonl)"
    options=()
    case "$name" in
        background-control-dim) picture="scenario-$name"; options=(--set background-control.dim=on) ;;
        keyboard-manager) picture="scenario-$name" ;;
        audit) picture="instruments-$name"; options=(--screen examples/checkout.json) ;;
        keypad-*) picture="$name" ;;
        device-android-back) picture="$name"; options=(--device android --size 933x800) ;;
        # iPad with a hardware keyboard, "Ada" typed: undo, redo and paste before the suggestions.
        device-ipad-hardware-keyboard) picture="$name"; options=(--device ipad --set keyboard=hardware) ;;
        *) picture="instruments-$name" ;;
    esac
    shot "$picture" "${options[@]}" --replay "$recording" --replay-speed max
done

# Two pictures --screenshot cannot take, as they show something in the middle of playing: a
# replay, and matrix case 8 played from the help card while its finger rests on name. The
# program runs on its own and scripts/xshot.py drives the display (F1, a click on the
# experiment where the default window draws it) and takes the picture at the moment.
live() { # NAME STEPS... -- ARGUMENTS...: a picture of the default-sized window after STEPS
    local name="$1"; shift
    local steps=()
    while [ "$1" != "--" ]; do steps+=("$1"); shift; done
    shift
    "$BIN" --no-settings "$@" >/dev/null &
    local pid=$!
    python3 scripts/xshot.py "$DISPLAY" "assets/$name.png" 933 852 "${steps[@]}"
    kill "$pid"; wait "$pid" 2>/dev/null || true
}
live instruments-replay sleep:4.5 -- --replay assets/recordings/overlays.jsonl --replay-speed 0.3
live instruments-case sleep:1.5 key:ffbe sleep:0.5 706,262 sleep:2.9 -- --scenario background-control
# The Audit instrument (F6) on the checkout screen, a finding's case playing: its row outlined.
live instruments-audit-play sleep:1.5 key:ffc3 sleep:1.0 875,201 sleep:2.6 -- --screen examples/checkout.json --scenario as-written
# Each avoidance strategy with a low field focused: notes on the form (covered by the keypad
# until something avoids), the screen without a scroll view for the move, and the chat
# screen's message field for the keyboard guide and React Native's KeyboardAvoidingView. Taken
# live: --screenshot can read the keypad's window before X has had it repaint the part its last
# slide step exposed, which a strategy that redraws the whole screen while it slides makes likely.
avoid() { # NAME ARGUMENTS...: the default window (an iPhone 15 between the chrome), settled
    local name="$1"; shift
    "$BIN" --no-settings --size 933x852 "$@" >/dev/null &
    local pid=$!
    python3 scripts/xshot.py "$DISPLAY" "assets/$name.png" 933 852 sleep:3
    kill "$pid"; wait "$pid" 2>/dev/null || true
}
avoid avoidance-none --scenario send-event --set avoidance=none --focus notes
avoid avoidance-shrink-frame --scenario send-event --set avoidance=shrink-frame --focus notes
avoid avoidance-insets --scenario send-event --set avoidance=insets --focus notes
avoid avoidance-move-screen --scenario send-event --set avoidance=move-screen --set layout=plain --focus notes
avoid avoidance-move-window --scenario send-event --set avoidance=move-window --set layout=plain --focus notes
avoid avoidance-keyboard-guide --scenario send-event --set avoidance=keyboard-guide --set layout=chat --focus message
avoid avoidance-adjust-resize --scenario android --set avoidance=adjust-resize --focus notes
avoid avoidance-adjust-pan --scenario android --set avoidance=adjust-pan --focus notes
avoid avoidance-kav-height --scenario react-native --set avoidance=kav-height --set layout=chat --focus message
avoid avoidance-kav-position --scenario react-native --set avoidance=kav-position --set layout=chat --focus message
avoid avoidance-kav-padding --scenario react-native --set avoidance=kav-padding --set layout=chat --focus message

# Text in several scripts, pasted from the clipboard (xclip) into the fields and the notes with
# the hardware keyboard's bar (so nothing covers the notes): Arabic aligned right, Hebrew inside
# Latin, Devanagari's conjuncts, CJK and Hangul from fallback fonts, emoji sequences as one glyph.
"$BIN" --no-settings --size 933x852 --scenario keyboard-manager --set keyboard=hardware >/dev/null &
scripts_pid=$!
paste_into() { # X,Y TEXT: a click there, then Ctrl+V with TEXT on the clipboard
    local scratch
    scratch="$(mktemp -d)"
    printf '%s' "$2" | xclip -selection clipboard
    python3 scripts/xshot.py "$DISPLAY" "$scratch/steps.png" 1 1 sleep:0.6 "$1" sleep:0.4 key:ffe3+76 sleep:0.4
    rm -rf "$scratch"
}
sleep 1.5
paste_into 436,172 "مرحبا بالعالم"
paste_into 436,218 "Hello שלום 123 עולם!"
paste_into 436,310 "नमस्ते दुनिया · 東京 · 서울"
paste_into 436,690 "Family 👩‍👩‍👧 flags 🇯🇵🇫🇷 thumbs 👍🏽. עברית: שלום, world. العربية: أهلا وسهلا."
python3 scripts/xshot.py "$DISPLAY" assets/scripts.png 933 852 sleep:1
kill "$scripts_pid"; wait "$scripts_pid" 2>/dev/null || true

# An input method composing on the spot: ibus (its XIM frontend, m17n's Vietnamese Telex engine)
# in a D-Bus session of its own, "vieetj" typed and shown as the pre-edit "việt", underlined.
ime_home="$(mktemp -d)"
(
    export HOME="$ime_home" XDG_CONFIG_HOME="$ime_home/config" XDG_CACHE_HOME="$ime_home/cache"
    dbus-run-session -- bash -c '
        Tests/EndToEndTests/Fixtures/ibus-session.sh m17n:vi:telex > "$HOME/ready" &
        until grep -q "ibus ready" "$HOME/ready" 2>/dev/null; do sleep 0.2; done
        XMODIFIERS=@im=ibus "$0" --no-settings --focus name >/dev/null &
        pid=$!
        python3 scripts/xshot.py "$DISPLAY" assets/input-method-preedit.png 933 852 sleep:2 key:76 key:69 key:65 key:65 key:74 key:6a sleep:1
        kill "$pid"; kill %1; ibus exit 2>/dev/null || true' "$BIN"
)
rm -rf "$ime_home"
