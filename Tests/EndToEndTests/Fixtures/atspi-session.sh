#!/usr/bin/env bash
# Runs the accessibility bus for an end-to-end test, inside the private session bus that
# dbus-run-session gives it: at-spi-bus-launcher (which starts the accessibility bus and the
# AT-SPI registry on it). Prints "atspi ready ADDRESS" (ADDRESS: the session bus's) once
# org.a11y.Bus answers on the session bus, then stays until it is killed (the test kills its
# process group).
set -euo pipefail
launcher=""
for candidate in /usr/libexec/at-spi-bus-launcher /usr/lib/at-spi2-core/at-spi-bus-launcher; do
    if [ -x "$candidate" ]; then launcher="$candidate"; break; fi
done
if [ -z "$launcher" ]; then
    echo "at-spi-bus-launcher is missing: scripts/setup.sh installs at-spi2-core" >&2
    exit 1
fi
"$launcher" >/dev/null 2>&1 &
# gdbus returns once the name has an owner (or fails after the timeout).
gdbus wait --session --timeout 20 org.a11y.Bus
echo "atspi ready $DBUS_SESSION_BUS_ADDRESS"
wait
