#include "CLibXML.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* libxml2's types, opaque here. */
typedef void *reader_t;
/* The head of libxml2's xmlError, unchanged since 2.6: what is read of it here. */
typedef struct {
    int domain;
    int code;
    char *message;
    int level;
    char *file;
    int line;
} error_head_t;
typedef void (*structured_error_func_t)(void *arg, const error_head_t *error);

static reader_t (*reader_for_memory)(const char *, int, const char *, const char *, int);
static void (*free_reader)(reader_t);
static int (*read_fn)(reader_t);
static int (*node_type)(reader_t);
static int (*depth_fn)(reader_t);
static int (*is_empty)(reader_t);
static const char *(*const_name)(reader_t);
static const char *(*const_namespace)(reader_t);
static const char *(*const_value)(reader_t);
static int (*move_to_next_attribute)(reader_t);
static int (*move_to_element)(reader_t);
static void *(*current_node)(reader_t);
static long (*get_line_no)(const void *);
static int (*parser_line)(reader_t);
static void (*set_error_handler)(reader_t, structured_error_func_t, void *);

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *opened_name;

/* libxml2 2.14 and later are soname 16; 2.x before, soname 2. Both export everything used here
   with the same signatures. */
static const char *const sonames[] = {"libxml2.so.16", "libxml2.so.2"};

static void open_library(void) {
    for (size_t n = 0; n < sizeof sonames / sizeof sonames[0]; n++) {
        void *library = dlopen(sonames[n], RTLD_NOW | RTLD_LOCAL);
        if (library == NULL) continue;
#define LOAD(variable, symbol) *(void **)(&variable) = dlsym(library, symbol)
        LOAD(reader_for_memory, "xmlReaderForMemory");
        LOAD(free_reader, "xmlFreeTextReader");
        LOAD(read_fn, "xmlTextReaderRead");
        LOAD(node_type, "xmlTextReaderNodeType");
        LOAD(depth_fn, "xmlTextReaderDepth");
        LOAD(is_empty, "xmlTextReaderIsEmptyElement");
        LOAD(const_name, "xmlTextReaderConstName");
        LOAD(const_namespace, "xmlTextReaderConstNamespaceUri");
        LOAD(const_value, "xmlTextReaderConstValue");
        LOAD(move_to_next_attribute, "xmlTextReaderMoveToNextAttribute");
        LOAD(move_to_element, "xmlTextReaderMoveToElement");
        LOAD(current_node, "xmlTextReaderCurrentNode");
        LOAD(get_line_no, "xmlGetLineNo");
        LOAD(parser_line, "xmlTextReaderGetParserLineNumber");
        LOAD(set_error_handler, "xmlTextReaderSetStructuredErrorHandler");
#undef LOAD
        if (reader_for_memory && free_reader && read_fn && node_type && depth_fn && is_empty && const_name
            && const_namespace && const_value && move_to_next_attribute && move_to_element && current_node
            && get_line_no && parser_line && set_error_handler) {
            opened_name = sonames[n];
            return;
        }
        dlclose(library);
    }
}

const char *tapaway_xml_soname(void) {
    pthread_once(&once, open_library);
    return opened_name;
}

struct tapaway_xml_reader {
    reader_t reader;
    char *error;
    int error_line;
};

static void on_error(void *arg, const error_head_t *error) {
    struct tapaway_xml_reader *r = arg;
    /* Level 1 is a warning; only errors (2) and fatal errors (3) are kept. */
    if (r->error != NULL || error == NULL || error->message == NULL || error->level < 2) return;
    const char *message = error->message;
    size_t n = strlen(message);
    while (n > 0 && (message[n - 1] == '\n' || message[n - 1] == ' ')) n--;
    if (n > 300) n = 300;
    r->error = malloc(n + 1);
    if (r->error == NULL) return;
    memcpy(r->error, message, n);
    r->error[n] = 0;
    r->error_line = error->line;
}

/* XML_PARSE_NONET (no network), XML_PARSE_NOCDATA (CDATA as text), XML_PARSE_BIG_LINES (line
   numbers past 65535). Left off: XML_PARSE_NOENT (entity substitution), XML_PARSE_DTDLOAD,
   XML_PARSE_DTDATTR, XML_PARSE_HUGE (which lifts libxml2's own size and depth limits). */
enum { reader_options = (1 << 11) | (1 << 14) | (1 << 22) };

tapaway_xml_reader *tapaway_xml_open(const char *bytes, int length) {
    if (tapaway_xml_soname() == NULL) return NULL;
    struct tapaway_xml_reader *r = calloc(1, sizeof *r);
    if (r == NULL) return NULL;
    r->reader = reader_for_memory(bytes, length, NULL, NULL, reader_options);
    if (r->reader == NULL) {
        free(r);
        return NULL;
    }
    set_error_handler(r->reader, on_error, r);
    return r;
}

void tapaway_xml_close(tapaway_xml_reader *r) {
    if (r == NULL) return;
    free_reader(r->reader);
    free(r->error);
    free(r);
}

int tapaway_xml_next(tapaway_xml_reader *r) {
    int result = read_fn(r->reader);
    if (result < 0 && r->error == NULL) r->error_line = parser_line(r->reader);
    return result;
}

int tapaway_xml_type(tapaway_xml_reader *r) { return node_type(r->reader); }
int tapaway_xml_depth(tapaway_xml_reader *r) { return depth_fn(r->reader); }
int tapaway_xml_is_empty(tapaway_xml_reader *r) { return is_empty(r->reader) == 1; }
const char *tapaway_xml_name(tapaway_xml_reader *r) { return const_name(r->reader); }
const char *tapaway_xml_namespace(tapaway_xml_reader *r) { return const_namespace(r->reader); }
const char *tapaway_xml_value(tapaway_xml_reader *r) { return const_value(r->reader); }

int tapaway_xml_next_attribute(tapaway_xml_reader *r) {
    if (move_to_next_attribute(r->reader) == 1) return 1;
    move_to_element(r->reader);
    return 0;
}

long tapaway_xml_line(tapaway_xml_reader *r) {
    void *node = current_node(r->reader);
    return node != NULL ? get_line_no(node) : 0;
}

const char *tapaway_xml_error(tapaway_xml_reader *r, int *line) {
    if (line != NULL) *line = r->error_line;
    return r->error;
}
