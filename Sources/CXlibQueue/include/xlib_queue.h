#ifndef TAPAWAY_XLIB_QUEUE_H
#define TAPAWAY_XLIB_QUEUE_H
#include <X11/Xlib.h>

/* Frees the elements Xlib keeps for reuse on its event queue's free list, and returns how many
   there were. Xlib never frees them before XCloseDisplay: every event ever queued at once stays
   allocated, so one burst of input read in a single round trip (thousands of events while the
   program was busy) would stay resident for the rest of the session. Call it between events,
   from the thread that uses the display. */
int tapaway_release_event_queue_spares(Display *display);

/* Whether `resource` is one this connection made (its id lies in the range the server gave the
   client: Display's resource_base and resource_mask). An X error about a resource that is not
   ours names another client's window, which may be gone by the time a request reaches it. */
int tapaway_xlib_is_own_resource(Display *display, XID resource);

#endif
