#include "CUnibreak.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef void (*init_linebreak_t)(void);
typedef void (*set_linebreaks_utf8_t)(const uint8_t *, size_t, const char *, char *);

static pthread_once_t once = PTHREAD_ONCE_INIT;
static set_linebreaks_utf8_t set_linebreaks_utf8_fn;

/* Debian 12's libunibreak1. Later sonames change the rules the Kit's ASCII path must match
   (its tests compare the two), so they are not tried until those tests pass with them. */
static void open_library(void) {
    void *library = dlopen("libunibreak.so.1", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
    init_linebreak_t init = (init_linebreak_t)dlsym(library, "init_linebreak");
    set_linebreaks_utf8_t set = (set_linebreaks_utf8_t)dlsym(library, "set_linebreaks_utf8");
    if (init == NULL || set == NULL) {
        dlclose(library);
        return;
    }
    init();
    set_linebreaks_utf8_fn = set;
}

int tapaway_unibreak_available(void) {
    pthread_once(&once, open_library);
    return set_linebreaks_utf8_fn != NULL;
}

/* Whether the UTF-8 sequence at text[i] is one libunibreak 1.1 cannot take: a regional
   indicator (U+1F1E6 to U+1F1FF, half a flag), for which Debian's build fails an assertion and
   aborts (the class is missing from its pair table), or U+FFFF, which it reads as the end. */
static int unreadable_at(const uint8_t *text, size_t length, size_t i) {
    if (text[i] == 0xF0 && i + 3 < length && text[i + 1] == 0x9F && text[i + 2] == 0x87 && text[i + 3] >= 0xA6
        && text[i + 3] <= 0xBF)
        return 4;
    if (text[i] == 0xEF && i + 2 < length && text[i + 1] == 0xBF && text[i + 2] == 0xBF) return 3;
    return 0;
}

int tapaway_unibreak_linebreaks_utf8(const uint8_t *text, size_t length, char *breaks) {
    if (!tapaway_unibreak_available()) return 0;
    if (length == 0) return 1;
    size_t i = 0;
    while (i < length && !unreadable_at(text, length, i)) i++;
    if (i == length) {
        set_linebreaks_utf8_fn(text, length, NULL, breaks);
        return 1;
    }
    /* A copy with each such character replaced by one of the same length that breaks as an
       ideograph does (U+20000) or as a letter (U+FFFE): a flag then breaks from what is around
       it as an emoji does, and the caller keeps its two halves together. */
    uint8_t *copy = malloc(length);
    if (copy == NULL) return 0;
    memcpy(copy, text, length);
    for (; i < length; i++) {
        int n = unreadable_at(copy, length, i);
        if (n == 4) memcpy(copy + i, "\xF0\xA0\x80\x80", 4);
        else if (n == 3) copy[i + 2] = 0xBE;
        if (n) i += n - 1;
    }
    set_linebreaks_utf8_fn(copy, length, NULL, breaks);
    free(copy);
    return 1;
}
