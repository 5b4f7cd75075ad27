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

/* malloc's own figures (mallinfo2), for the heap log behind TAPAWAY_HEAP_LOG: bytes in the brk
   heap (arena), in use there (uordblks), free there (fordblks), free chunks (ordblks), at the
   top and trimmable (keepcost), and in mmapped chunks (hblkhd). */
static inline void tapaway_heap_figures(size_t figures[6]) {
    struct mallinfo2 info = mallinfo2();
    figures[0] = info.arena;
    figures[1] = info.uordblks;
    figures[2] = info.fordblks;
    figures[3] = info.ordblks;
    figures[4] = info.keepcost;
    figures[5] = info.hblkhd;
}
#endif
