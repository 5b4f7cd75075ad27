#!/usr/bin/python3
"""An accessibility-driven test tool, as dogtail and Accerciser are: it finds Tapaway through
AT-SPI (pyatspi), reads and drives it, and prints what it found as one JSON object a line.

Usage: atspi-client.py. Needs DISPLAY and DBUS_SESSION_BUS_ADDRESS of the session where
at-spi-bus-launcher runs. Waits on events with a deadline, never a fixed sleep."""
import json
import sys
import time

import pyatspi
from gi.repository import GLib


def say(**facts):
    print(json.dumps(facts), flush=True)


def find(root, role, name):
    return pyatspi.findDescendant(root, lambda node: node is not None and node.getRole() == role and node.name == name)


def pump_until(done, seconds):
    """Runs the GLib loop (where pyatspi's events arrive) until done() or the deadline."""
    context = GLib.MainContext.default()
    deadline = time.monotonic() + seconds
    wake = GLib.timeout_add(50, lambda: True)  # so an iteration never waits past the deadline
    try:
        while not done() and time.monotonic() < deadline:
            context.iteration(True)
    finally:
        GLib.source_remove(wake)
    return done()


desktop = pyatspi.Registry.getDesktop(0)
application = next((app for app in desktop if app is not None and app.name == "Tapaway"), None)
if application is None:
    say(step="application", found=False, names=[app.name for app in desktop if app is not None])
    sys.exit(1)
frame = next((child for child in application if child.getRole() == pyatspi.ROLE_FRAME), None)
say(step="window", found=frame is not None, name=frame.name if frame else None)

name = find(frame, pyatspi.ROLE_ENTRY, "Name")
text = name.queryText()
say(step="name", found=True, id=name.get_accessible_id(), text=text.getText(0, -1), caret=text.caretOffset,
    states=[str(s) for s in name.getState().getStates()])

password = find(frame, pyatspi.ROLE_PASSWORD_TEXT, "Password")
say(step="password", found=password is not None, text=password.queryText().getText(0, -1),
    count=password.queryText().characterCount)

landscape = find(frame, pyatspi.ROLE_RADIO_BUTTON, "landscape")
group = [relation for relation in landscape.getRelationSet() if relation.getRelationType() == pyatspi.RELATION_MEMBER_OF]
say(step="group", members=sorted(group[0].getTarget(i).name for i in range(group[0].getNTargets())) if group else [])

email = find(frame, pyatspi.ROLE_ENTRY, "Email")
focused = []


def on_focus(event):
    if event.detail1 == 1:
        focused.append(event.source.name)


pyatspi.Registry.registerEventListener(on_focus, "object:state-changed:focused")
action = email.queryAction()
did = action.doAction(0)
seen = pump_until(lambda: "Email" in focused, 10)
say(step="focus", action=action.getName(0), did=did, seen=seen, focused=focused)
pyatspi.Registry.deregisterEventListener(on_focus, "object:state-changed:focused")

submit = find(frame, pyatspi.ROLE_PUSH_BUTTON, "Submit")
action = submit.queryAction()
say(step="submit", found=True, action=action.getName(0), did=action.doAction(0))

row = find(frame, pyatspi.ROLE_LIST_ITEM, "Tap gesture")
action = row.queryAction()
say(step="scenario", found=True, id=row.get_accessible_id(), action=action.getName(0), did=action.doAction(0))
