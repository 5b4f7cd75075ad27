#ifndef TAPAWAY_CUNIBREAK_H
#define TAPAWAY_CUNIBREAK_H
#include <stddef.h>
#include <stdint.h>

/* libunibreak (UAX #14 line breaking), opened with dlopen the first time it is asked for, so a
   program that never wraps anything but ASCII never maps it, and one without it still runs.
   Fixed signatures, no libunibreak header needed to build. */

/* 1 when libunibreak could be opened (opening it on the first call), else 0. Thread-safe. */
int tapaway_unibreak_available(void);

/* The soname opened ("libunibreak.so.6"), or NULL when none could be (opening it on the first
   call). */
const char *tapaway_unibreak_soname(void);

/* The version of the libunibreak opened, as it says it (0x0601 for 6.1; 0x0100 for 1.x, which
   does not say), or 0 when none could be opened. */
int tapaway_unibreak_version(void);

/* libunibreak's set_linebreaks_utf8 with no language: fills breaks[i] for each byte of text
   with LINEBREAK_MUSTBREAK (0), ALLOWBREAK (1), NOBREAK (2) or INSIDEACHAR (3), the last byte
   MUSTBREAK with every version (1.x's meaning: the end of the text ends a line). Returns 0,
   leaving breaks alone, when libunibreak is missing. */
int tapaway_unibreak_linebreaks_utf8(const uint8_t *text, size_t length, char *breaks);

#endif
