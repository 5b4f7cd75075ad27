#!/usr/bin/python3
"""Prints where GTK's entry moves the caret with Left and Right in mixed-direction text.

Usage: DISPLAY=:N scripts/gtk-bidi-reference.py [TEXT...]
For each text (a default set when none is given) and every caret offset, a GtkEntry is moved
one visual position right and left with its "move-cursor" signal, the binding of the Right and
Left keys, and the offsets it lands on are printed. Tests/TapawayX11Tests/ShapingTests.swift holds
these figures and checks that Tapaway's fields move the same way. Needs python3-gi and
gir1.2-gtk-3.0 (not installed by the set-up: only to make the figures again).
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import Gtk  # noqa: E402

TEXTS = ["abc אבג", "אבג abc", "שלום 123 עולם", "abc אבג def", "a אב b", "مرحبا بالعالم"]


def main():
    window = Gtk.Window()
    entry = Gtk.Entry()
    window.add(entry)
    window.show_all()
    while Gtk.events_pending():
        Gtk.main_iteration()
    print(f"GTK {Gtk.get_major_version()}.{Gtk.get_minor_version()}.{Gtk.get_micro_version()}")
    for text in sys.argv[1:] or TEXTS:
        entry.set_text(text)
        moves = {}
        for right in (True, False):
            landed = []
            for offset in range(len(text) + 1):
                entry.set_position(offset)
                entry.emit("move-cursor", Gtk.MovementStep.VISUAL_POSITIONS, 1 if right else -1, False)
                landed.append(entry.get_position())
            moves[right] = landed
        print(f'("{text}", right: {moves[True]}, left: {moves[False]}),')


if __name__ == "__main__":
    main()
