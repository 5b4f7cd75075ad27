#ifndef TAPAWAY_CLIBXML_H
#define TAPAWAY_CLIBXML_H
#include <stddef.h>

/* libxml2's streaming reader (xmlTextReader), opened with dlopen the first time an import asks
   for it: the program maps nothing of libxml2 at start-up, builds without its headers, and runs
   without it (an import then says it is missing). Fixed signatures, stable since libxml2 2.5 and
   the same under both sonames (libxml2.so.16 from 2.14, libxml2.so.2 before). */

/* The soname opened ("libxml2.so.2"), or NULL when none could be (opening it on the first call).
   Thread-safe. */
const char *tapaway_xml_soname(void);

/* One document being read. */
typedef struct tapaway_xml_reader tapaway_xml_reader;

/* A reader over `length` bytes (which must outlive it), with the network, DTD loading, entity
   substitution and default attributes off and libxml2's own limits on (no XML_PARSE_HUGE).
   NULL when libxml2 is missing or out of memory. */
tapaway_xml_reader *tapaway_xml_open(const char *bytes, int length);

/* Frees the reader. */
void tapaway_xml_close(tapaway_xml_reader *reader);

/* Moves to the next node: 1, 0 at the end of the document, -1 on an error (then
   tapaway_xml_error says what and where). */
int tapaway_xml_next(tapaway_xml_reader *reader);

/* The current node's type, as libxml2's xmlReaderTypes: 1 element, 3 text, 4 CDATA, 7
   processing instruction, 8 comment, 10 document type, 13 and 14 white space, 15 end of element. */
int tapaway_xml_type(tapaway_xml_reader *reader);

/* How deep the current node is (the root element is 0). */
int tapaway_xml_depth(tapaway_xml_reader *reader);

/* 1 when the current element is empty (<a/>): no end-of-element node follows. */
int tapaway_xml_is_empty(tapaway_xml_reader *reader);

/* The current node's (or attribute's) qualified name, in UTF-8; NULL if it has none. */
const char *tapaway_xml_name(tapaway_xml_reader *reader);

/* The current node's (or attribute's) namespace URI; NULL if it has none. */
const char *tapaway_xml_namespace(tapaway_xml_reader *reader);

/* The current text node's, comment's or attribute's value; NULL if it has none. */
const char *tapaway_xml_value(tapaway_xml_reader *reader);

/* Moves to the current element's next attribute (the first, after the element): 1, or 0 when
   there is none left (then back on the element). */
int tapaway_xml_next_attribute(tapaway_xml_reader *reader);

/* The line (from 1) where the current node starts, or 0 when unknown. */
long tapaway_xml_line(tapaway_xml_reader *reader);

/* The first error libxml2 reported, without its final newline, or NULL; and its line. */
const char *tapaway_xml_error(tapaway_xml_reader *reader, int *line);

#endif
