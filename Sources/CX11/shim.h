#ifndef TAPAWAY_CX11_SHIM_H
#define TAPAWAY_CX11_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/Xresource.h>
#include <X11/keysym.h>
#include <X11/extensions/Xrender.h>
#include <X11/Xft/Xft.h>
#include <X11/extensions/XInput2.h>
#include <zlib.h>
#include <sys/prctl.h>
#include <malloc.h>

/* prctl is variadic, which Swift cannot call: this is PR_SET_DUMPABLE with a fixed signature. */
static inline int tapaway_set_dumpable(int dumpable) {
    return prctl(PR_SET_DUMPABLE, (unsigned long)dumpable, 0UL, 0UL, 0UL);
}

/* malloc_trim is glibc's and not in Swift's Glibc module: gives the free pages inside the heap
   back to the system, so a long session's resident memory follows what it holds. */
static inline int tapaway_trim_heap(void) {
    return malloc_trim(0);
}
#endif
