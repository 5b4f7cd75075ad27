/* Xlib's private structures (Xlibint.h, the header Xlib's own extensions build on) are read
   only here, so that the rest of the program sees Display as the opaque type Xlib.h declares. */
#include <X11/Xlibint.h>
#include "xlib_queue.h"

int tapaway_release_event_queue_spares(Display *display) {
    LockDisplay(display);
    _XQEvent *element = display->qfree;
    display->qfree = NULL;
    UnlockDisplay(display);
    int count = 0;
    while (element) {
        _XQEvent *next = element->next;
        Xfree(element);
        element = next;
        count++;
    }
    return count;
}

int tapaway_xlib_is_own_resource(Display *display, XID resource) {
    return (resource & ~display->resource_mask) == display->resource_base;
}
