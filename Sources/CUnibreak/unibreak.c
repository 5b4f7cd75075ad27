#include "CUnibreak.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef void (*init_linebreak_t)(void);
typedef void (*set_linebreaks_utf8_t)(const uint8_t *, size_t, const char *, char *);

static pthread_once_t once = PTHREAD_ONCE_INIT;
static set_linebreaks_utf8_t set_linebreaks_utf8_fn;
static const char *opened_name;
static int opened_version;
/* libunibreak 1.x (soname 1) mishandles two characters (see unreadable_at). */
static int needs_workaround;

/* Every soname libunibreak has had, newest first: 7 (7.0), 6 (6.x, Debian 13), 5 (5.x), 3 (3.0
   and 4.x), 1 (1.x, Debian 12). Each exports the two functions used here with the
   same signatures: init_linebreak(void), a no-op since 4.0, and set_linebreaks_utf8(text,
   length, lang, breaks) writing LINEBREAK_MUSTBREAK (0), ALLOWBREAK (1), NOBREAK (2) and
   INSIDEACHAR (3); from 5.0 also INDETERMINATE (4), for the end of a text that does not end
   a line, which tapaway_unibreak_linebreaks_utf8 turns back into 1.x's MUSTBREAK. */
static const char *const sonames[] = {
    "libunibreak.so.7", "libunibreak.so.6", "libunibreak.so.5", "libunibreak.so.3", "libunibreak.so.1",
};

static void open_library(void) {
    for (size_t n = 0; n < sizeof sonames / sizeof sonames[0]; n++) {
        void *library = dlopen(sonames[n], RTLD_NOW | RTLD_LOCAL);
        if (library == NULL) continue;
        init_linebreak_t init = (init_linebreak_t)dlsym(library, "init_linebreak");
        set_linebreaks_utf8_t set = (set_linebreaks_utf8_t)dlsym(library, "set_linebreaks_utf8");
        if (init == NULL || set == NULL) {
            dlclose(library);
            continue;
        }
        /* 3.0 and later say their version (0x0601 for 6.1); 1.x only liblinebreak's. */
        const int *version = (const int *)dlsym(library, "unibreak_version");
        opened_version = version != NULL ? *version : 0x0100;
        needs_workaround = strcmp(sonames[n], "libunibreak.so.1") == 0;
        opened_name = sonames[n];
        init();
        set_linebreaks_utf8_fn = set;
        return;
    }
}

const char *tapaway_unibreak_soname(void) {
    pthread_once(&once, open_library);
    return opened_name;
}

int tapaway_unibreak_version(void) {
    pthread_once(&once, open_library);
    return opened_version;
}

int tapaway_unibreak_available(void) {
    pthread_once(&once, open_library);
    return set_linebreaks_utf8_fn != NULL;
}

/* Whether the UTF-8 sequence at text[i] is one libunibreak 1.x cannot take: a regional
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
    while (needs_workaround && i < length && !unreadable_at(text, length, i)) i++;
    if (!needs_workaround || i == length) {
        set_linebreaks_utf8_fn(text, length, NULL, breaks);
        /* 5.0 and later leave the end of a text that does not end a line indeterminate (4);
           the callers, as 1.x did, take the end of the text for a mandatory break. */
        if (breaks[length - 1] == 4) breaks[length - 1] = 0;
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
