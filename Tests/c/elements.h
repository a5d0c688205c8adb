/*
 * elements.h — element lists read from a layout (or a test vector) and compared as sets.
 *
 * Elements are keyed by (category, kind name, section, item): kind ids are per layout, names
 * are what two layouts (or a layout and a vector file) can share.
 */
#ifndef CL_TESTS_ELEMENTS_H
#define CL_TESTS_ELEMENTS_H

#include <stdbool.h>
#include <stddef.h>

#include "collectionlayout.h"

enum { KIND_NAME_SIZE = 64 };  /* kind names are at most 63 bytes (collectionlayout.h) */

typedef struct element {
    cl_attributes attributes;        /* as returned; attributes.kind is the layout's id */
    char kind_name[KIND_NAME_SIZE];
} element;

typedef struct element_list {
    element *items;
    size_t count;
    cl_size content_size;
} element_list;

/* The elements of a rect query, with their kind names; a status on failure. */
cl_status elements_in_rect(const cl_layout *layout, cl_rect rect, element_list *out);
/* Every element: a query of the whole content plus a margin, and the content size. */
cl_status elements_all(const cl_layout *layout, element_list *out);
void element_list_free(element_list *list);

const char *category_name(int32_t category);

/* Compares two lists as sets (and their content sizes), frames and alpha to 1e-6; every
 * difference is reported as a failed CHECK prefixed by context. Sorts both lists. */
bool elements_match(element_list *expected, element_list *actual, const char *context);

/* The elements of list whose frames overlap rect with positive area (SPEC §9). */
void elements_filter(const element_list *list, cl_rect rect, element_list *out);

/* A rect query returns exactly the elements of `all` that overlap rect (SPEC §9): nothing
 * missing, nothing extra, nothing twice, the same attributes. Failures are CHECKs that start
 * with context. */
bool check_rect_query(const cl_layout *layout, const element_list *all, cl_rect rect,
                      const char *context);

/* A rect's start and extent along the scroll axis or the line axis (SPEC §2): for a vertical
 * layout the scroll axis is y, for a horizontal one x. */
typedef struct axis_span { double start, extent; } axis_span;
axis_span scroll_span(cl_rect rect, int32_t direction);
axis_span line_span(cl_rect rect, int32_t direction);

/* The content rect grown by margin on every side. */
cl_rect content_rect(cl_size size, double margin);

#endif
