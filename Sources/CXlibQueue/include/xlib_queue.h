#ifndef TAPAWAY_XLIB_QUEUE_H
#define TAPAWAY_XLIB_QUEUE_H
#include <X11/Xlib.h>

/* Frees the elements Xlib keeps for reuse on its event queue's free list, and returns how many
   there were. Xlib never frees them before XCloseDisplay: every event ever queued at once stays
   allocated, so one burst of input read in a single round trip (thousands of events while the
   program was busy) would stay resident for the rest of the session. Call it between events,
   from the thread that uses the display. */
int tapaway_release_event_queue_spares(Display *display);

#endif
