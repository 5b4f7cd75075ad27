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
#include <stdlib.h>
#include <wchar.h>
#include <errno.h>
#include <stdio.h>

/* prctl is variadic, which Swift cannot call: this is PR_SET_DUMPABLE with a fixed signature. */
static inline int tapaway_set_dumpable(int dumpable) {
    return prctl(PR_SET_DUMPABLE, (unsigned long)dumpable, 0UL, 0UL, 0UL);
}

/* Flushes C's stdout and says whether a write to it failed, now or before (GNU's close_stdout
   check): 0 when all went well, else the errno of the failure (EIO when there is none). The
   stdout global is shared mutable state Swift 6 will not name. */
static inline int tapaway_standard_output_error(void) {
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) return errno != 0 ? errno : EIO;
    return 0;
}

/* PR_GET_DUMPABLE: 1 when the process may dump core (and be attached to), 0 when not. */
static inline int tapaway_get_dumpable(void) {
    return prctl(PR_GET_DUMPABLE, 0UL, 0UL, 0UL, 0UL);
}

/* malloc_trim is glibc's and not in Swift's Glibc module: gives the free pages inside the heap
   back to the system, so a long session's resident memory follows what it holds. */
static inline int tapaway_trim_heap(void) {
    return malloc_trim(0);
}

/* The input method, through functions of fixed signature: XCreateIC, XGetICValues,
   XSetICValues and XVaCreateNestedList are variadic, which Swift cannot call. */

/* What the input method's pre-edit callbacks report, forwarded to the program: `kind` is 0 when
   a pre-edit starts, 1 when it is done, 2 for a change (replace `chg_length` characters from
   `chg_first` with `text`, `text_chars` characters in the locale's multibyte encoding, NULL for
   none; then the caret at `caret`) and 3 for a caret moved to `caret`. */
typedef void (*tapaway_preedit_handler)(void *client, int kind, int caret, int chg_first, int chg_length,
                                        const char *text, int text_chars);

/* What the callbacks need, kept as long as the input context: the program's handler and its
   pointer, and the four callbacks XIM holds on to. */
typedef struct {
    void *client;
    tapaway_preedit_handler handler;
    XIMCallback calls[4];
} tapaway_preedit_context;

static inline int tapaway_preedit_start(XIC ic, XPointer data, XPointer call) {
    (void)ic; (void)call;
    tapaway_preedit_context *context = (tapaway_preedit_context *)data;
    context->handler(context->client, 0, 0, 0, 0, NULL, 0);
    return -1; /* no limit on the pre-edit's length */
}

static inline void tapaway_preedit_done(XIC ic, XPointer data, XPointer call) {
    (void)ic; (void)call;
    tapaway_preedit_context *context = (tapaway_preedit_context *)data;
    context->handler(context->client, 1, 0, 0, 0, NULL, 0);
}

static inline void tapaway_preedit_draw(XIC ic, XPointer data, XPointer call) {
    (void)ic;
    tapaway_preedit_context *context = (tapaway_preedit_context *)data;
    XIMPreeditDrawCallbackStruct *draw = (XIMPreeditDrawCallbackStruct *)call;
    if (!draw) return;
    const char *text = NULL;
    char *converted = NULL;
    int chars = 0;
    if (draw->text) {
        chars = draw->text->length;
        if (draw->text->encoding_is_wchar) {
            if (draw->text->string.wide_char) {
                size_t bytes = wcstombs(NULL, draw->text->string.wide_char, 0);
                if (bytes != (size_t)-1 && (converted = malloc(bytes + 1)) != NULL) {
                    wcstombs(converted, draw->text->string.wide_char, bytes + 1);
                    text = converted;
                }
            }
        } else {
            text = draw->text->string.multi_byte;
        }
    }
    context->handler(context->client, 2, draw->caret, draw->chg_first, draw->chg_length, text, chars);
    free(converted);
}

static inline void tapaway_preedit_caret(XIC ic, XPointer data, XPointer call) {
    (void)ic;
    tapaway_preedit_context *context = (tapaway_preedit_context *)data;
    XIMPreeditCaretCallbackStruct *caret = (XIMPreeditCaretCallbackStruct *)call;
    if (!caret || caret->direction != XIMAbsolutePosition) return;
    context->handler(context->client, 3, caret->position, 0, 0, NULL, 0);
}

/* Creates an input context for `window`: on the spot (the pre-edit's callbacks go to `handler`
   with `client`) when the input method offers it, else with the input method drawing its own
   pre-edit, if any. `*context` is what the callbacks hold (NULL when none): free it with free()
   after XDestroyIC. NULL when no context could be made. */
static inline XIC tapaway_create_ic(XIM im, Window window, void *client, tapaway_preedit_handler handler,
                                    void **context) {
    XIMStyles *styles = NULL;
    int offered = 0;
    *context = NULL;
    if (handler && XGetIMValues(im, XNQueryInputStyle, &styles, NULL) == NULL && styles) {
        for (unsigned short i = 0; i < styles->count_styles; i++) {
            if (styles->supported_styles[i] == (XIMPreeditCallbacks | XIMStatusNothing)) offered = 1;
        }
        XFree(styles);
    }
    tapaway_preedit_context *made = offered ? calloc(1, sizeof(tapaway_preedit_context)) : NULL;
    if (made) {
        made->client = client;
        made->handler = handler;
        made->calls[0].callback = (XIMProc)(void (*)(void))tapaway_preedit_start;
        made->calls[1].callback = (XIMProc)tapaway_preedit_done;
        made->calls[2].callback = (XIMProc)tapaway_preedit_draw;
        made->calls[3].callback = (XIMProc)tapaway_preedit_caret;
        for (int i = 0; i < 4; i++) made->calls[i].client_data = (XPointer)made;
        XVaNestedList attributes = XVaCreateNestedList(
            0, XNPreeditStartCallback, &made->calls[0], XNPreeditDoneCallback, &made->calls[1], XNPreeditDrawCallback,
            &made->calls[2], XNPreeditCaretCallback, &made->calls[3], NULL);
        XIC ic = XCreateIC(im, XNInputStyle, (long)(XIMPreeditCallbacks | XIMStatusNothing), XNClientWindow, window,
                           XNFocusWindow, window, XNPreeditAttributes, attributes, NULL);
        XFree(attributes);
        if (ic) {
            *context = made;
            return ic;
        }
        free(made);
    }
    return XCreateIC(im, XNInputStyle, (long)(XIMPreeditNothing | XIMStatusNothing), XNClientWindow, window,
                     XNFocusWindow, window, NULL);
}

/* The events the input context needs the window to select (0 when it does not say). */
static inline long tapaway_ic_filter_events(XIC ic) {
    long mask = 0;
    if (XGetICValues(ic, XNFilterEvents, &mask, NULL) != NULL) return 0;
    return mask;
}

/* Tells the input method where the caret is, in the window's pixels, so its candidate window
   follows it. */
static inline void tapaway_ic_set_spot(XIC ic, short x, short y) {
    XPoint spot = {x, y};
    XVaNestedList attributes = XVaCreateNestedList(0, XNSpotLocation, &spot, NULL);
    XSetICValues(ic, XNPreeditAttributes, attributes, NULL);
    XFree(attributes);
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
