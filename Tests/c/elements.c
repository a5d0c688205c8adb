/* elements.c — see elements.h. */
#include "elements.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static const double tolerance = 1e-6;

/* Elements may lie outside the content (decorations with negative insets, pinned headers). */
static const double all_elements_margin = 10000;

const char *category_name(int32_t category) {
    switch (category) {
    case CL_CATEGORY_CELL: return "cell";
    case CL_CATEGORY_SUPPLEMENTARY: return "supplementary";
    case CL_CATEGORY_DECORATION: return "decoration";
    default: return "?";
    }
}

cl_rect content_rect(cl_size size, double margin) {
    cl_rect rect = {-margin, -margin, size.width + 2 * margin, size.height + 2 * margin};
    return rect;
}

axis_span scroll_span(cl_rect rect, int32_t direction) {
    axis_span span = {rect.y, rect.height};
    if (direction == CL_DIRECTION_HORIZONTAL) span.start = rect.x, span.extent = rect.width;
    return span;
}

axis_span line_span(cl_rect rect, int32_t direction) {
    return scroll_span(rect, direction == CL_DIRECTION_HORIZONTAL ? CL_DIRECTION_VERTICAL
                                                                 : CL_DIRECTION_HORIZONTAL);
}

cl_status elements_in_rect(const cl_layout *layout, cl_rect rect, element_list *out) {
    memset(out, 0, sizeof *out);
    cl_status status = cl_layout_content_size(layout, &out->content_size);
    int64_t needed = 0;
    if (status == CL_OK) status = cl_layout_elements_in_rect(layout, rect, NULL, 0, sizeof(cl_attributes), &needed);
    if (status != CL_OK && status != CL_ERROR_BUFFER_TOO_SMALL) return status;

    cl_attributes *buffer = test_calloc((size_t)needed, sizeof *buffer);
    out->items = test_calloc((size_t)needed, sizeof *out->items);
    int64_t count = 0;
    status = cl_layout_elements_in_rect(layout, rect, buffer, needed, sizeof(cl_attributes), &count);
    for (int64_t i = 0; status == CL_OK && i < count; i++) {
        const char *name = "";
        out->items[i].attributes = buffer[i];
        status = cl_layout_kind_name(layout, buffer[i].kind, &name);
        if (status == CL_OK) {
            strncpy(out->items[i].kind_name, name, KIND_NAME_SIZE - 1);
            out->count++;
        }
    }
    free(buffer);
    return status;
}

cl_status elements_all(const cl_layout *layout, element_list *out) {
    cl_size size = {0, 0};
    cl_status status = cl_layout_content_size(layout, &size);
    if (status != CL_OK) {
        memset(out, 0, sizeof *out);
        return status;
    }
    return elements_in_rect(layout, content_rect(size, all_elements_margin), out);
}

static bool overlaps(cl_rect a, cl_rect b) {
    return a.width > 0 && a.height > 0 && b.width > 0 && b.height > 0 &&
           a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height &&
           b.y < a.y + a.height;
}

void elements_filter(const element_list *list, cl_rect rect, element_list *out) {
    memset(out, 0, sizeof *out);
    out->content_size = list->content_size;
    out->items = test_calloc(list->count, sizeof *out->items);
    for (size_t i = 0; i < list->count; i++)
        if (overlaps(list->items[i].attributes.frame, rect)) out->items[out->count++] = list->items[i];
}

void element_list_free(element_list *list) {
    free(list->items);
    memset(list, 0, sizeof *list);
}

static int compare_keys(const void *a, const void *b) {
    const element *x = a, *y = b;
    if (x->attributes.category != y->attributes.category)
        return x->attributes.category < y->attributes.category ? -1 : 1;
    int by_name = strcmp(x->kind_name, y->kind_name);
    if (by_name != 0) return by_name;
    if (x->attributes.section != y->attributes.section)
        return x->attributes.section < y->attributes.section ? -1 : 1;
    if (x->attributes.item != y->attributes.item)
        return x->attributes.item < y->attributes.item ? -1 : 1;
    return 0;
}

static bool close_enough(double a, double b) { return fabs(a - b) <= tolerance; }

static bool same_attributes(const cl_attributes *a, const cl_attributes *b) {
    return close_enough(a->frame.x, b->frame.x) && close_enough(a->frame.y, b->frame.y) &&
           close_enough(a->frame.width, b->frame.width) &&
           close_enough(a->frame.height, b->frame.height) && close_enough(a->alpha, b->alpha) &&
           close_enough(a->scale, b->scale) && a->z == b->z && (a->hidden != 0) == (b->hidden != 0);
}

#define KEY_FMT "%s '%s' (%lld, %lld)"
#define KEY_ARGS(e) category_name((e)->attributes.category), (e)->kind_name, \
    (long long)(e)->attributes.section, (long long)(e)->attributes.item
#define ATTR_FMT "frame (%g, %g, %g, %g) z %d alpha %g hidden %d scale %g"
#define ATTR_ARGS(a) (a).frame.x, (a).frame.y, (a).frame.width, (a).frame.height, (a).z, \
    (a).alpha, (a).hidden, (a).scale

bool elements_match(element_list *expected, element_list *actual, const char *context) {
    bool ok = CHECK(close_enough(expected->content_size.width, actual->content_size.width) &&
                        close_enough(expected->content_size.height, actual->content_size.height),
                    "%s: content size (%g, %g), want (%g, %g)", context,
                    actual->content_size.width, actual->content_size.height,
                    expected->content_size.width, expected->content_size.height);
    qsort(expected->items, expected->count, sizeof(element), compare_keys);
    qsort(actual->items, actual->count, sizeof(element), compare_keys);
    /* Walk both sorted lists like a merge: a key on one side only is missing or extra. */
    size_t i = 0, j = 0;
    while (i < expected->count || j < actual->count) {
        const element *want = i < expected->count ? &expected->items[i] : NULL;
        const element *got = j < actual->count ? &actual->items[j] : NULL;
        int order = !want ? 1 : !got ? -1 : compare_keys(want, got);
        if (order < 0) {
            ok = CHECK(false, "%s: missing " KEY_FMT " " ATTR_FMT, context, KEY_ARGS(want),
                       ATTR_ARGS(want->attributes)) && ok;
            i++;
        } else if (order > 0) {
            ok = CHECK(false, "%s: unexpected " KEY_FMT " " ATTR_FMT, context, KEY_ARGS(got),
                       ATTR_ARGS(got->attributes)) && ok;
            j++;
        } else {
            ok = CHECK(same_attributes(&want->attributes, &got->attributes),
                       "%s: " KEY_FMT " has " ATTR_FMT ", want " ATTR_FMT, context, KEY_ARGS(got),
                       ATTR_ARGS(got->attributes), ATTR_ARGS(want->attributes)) && ok;
            ok = CHECK(i + 1 >= expected->count || compare_keys(want, want + 1) != 0,
                       "%s: duplicate expected " KEY_FMT, context, KEY_ARGS(want)) && ok;
            ok = CHECK(j + 1 >= actual->count || compare_keys(got, got + 1) != 0,
                       "%s: element returned twice " KEY_FMT, context, KEY_ARGS(got)) && ok;
            i++;
            j++;
        }
    }
    return ok;
}

bool check_rect_query(const cl_layout *layout, const element_list *all, cl_rect rect,
                      const char *context) {
    element_list want, got = {0};
    char where[256];
    snprintf(where, sizeof where, "%s: rect (%g, %g, %g, %g)", context, rect.x, rect.y,
             rect.width, rect.height);
    elements_filter(all, rect, &want);
    bool ok = CHECK_OK(layout, elements_in_rect(layout, rect, &got)) &&
              elements_match(&want, &got, where);
    element_list_free(&want);
    element_list_free(&got);
    return ok;
}
