/* Data in arrays (cl_array_source): the same layout as the callbacks give, arrays changed in
 * place and invalidated, and every malformed struct refused with the layout unchanged. */
#include <string.h>

#include "check.h"
#include "elements.h"
#include "tests.h"

enum { SECTIONS = 3 };
static const int64_t counts[SECTIONS] = {5, 0, 9};

/* The scene both ways: per section its sizes (section 1 has none), headers 20 + 10 s. */
typedef struct scene {
    cl_size sizes[SECTIONS][9];
    const cl_size *size_table[SECTIONS];
    cl_section_metrics metrics[SECTIONS];
    cl_array_source arrays;
} scene;

static void scene_init(scene *s, const cl_layout_def *def) {
    memset(s, 0, sizeof *s);
    for (int sec = 0; sec < SECTIONS; sec++) {
        for (int i = 0; i < 9; i++) s->sizes[sec][i] = (cl_size){40 + 13 * ((i + sec) % 5), 30 + 7 * (i % 4)};
        s->size_table[sec] = sec == 1 ? NULL : s->sizes[sec];
        CHECK(cl_section_metrics_from_def(def, &s->metrics[sec]) == CL_OK, "cl_section_metrics_from_def");
        s->metrics[sec].header = 20 + 10 * sec;
        s->metrics[sec].style = sec == 2 ? CL_STYLE_GRID : CL_STYLE_FLOW;
        s->metrics[sec].columns = 3;
    }
    s->arrays = cl_array_source_default();
    s->arrays.section_count = SECTIONS;
    s->arrays.item_counts = counts;
    s->arrays.item_sizes = s->size_table;
    s->arrays.section_metrics = s->metrics;
}

static cl_status count_sections(void *user, int64_t *out) {
    *out = ((scene *)user)->arrays.section_count;
    return CL_OK;
}
static cl_status count_items(void *user, int64_t section, int64_t *out) {
    *out = ((scene *)user)->arrays.item_counts[section];
    return CL_OK;
}
static cl_status sizes_of(void *user, int64_t section, int64_t first, int64_t count, cl_size *out) {
    const scene *s = user;
    for (int64_t i = 0; i < count; i++)
        out[i] = s->size_table[section] ? s->sizes[section][first + i] : (cl_size){50, 50};
    return CL_OK;
}
static cl_status metrics_of(void *user, int64_t section, cl_section_metrics *inout) {
    *inout = ((scene *)user)->metrics[section];
    return CL_OK;
}

static cl_layout_def scene_def(void) {
    cl_layout_def def = cl_layout_def_default();
    def.viewport = (cl_rect){0, 0, 320, 600};
    def.line_spacing = 6;
    def.footer = 12;
    return def;
}

static cl_layout *from_arrays(const cl_layout_def *def, const cl_array_source *arrays) {
    cl_data_source source = cl_data_source_default();
    source.arrays = arrays;
    cl_layout *layout = NULL;
    cl_status status = cl_layout_create(def, &source, &layout);
    CHECK(status == CL_OK, "create from arrays: %s", cl_layout_last_error(NULL));
    return layout;
}

static void same_as_callbacks(void *context) {
    (void)context;
    cl_layout_def def = scene_def();
    scene s;
    scene_init(&s, &def);
    cl_layout *arrays = from_arrays(&def, &s.arrays);
    cl_data_source source = cl_data_source_default();
    source.user_data = &s;
    source.section_count = count_sections;
    source.item_count = count_items;
    source.item_sizes = sizes_of;
    source.section_metrics = metrics_of;
    cl_layout *callbacks = NULL;
    CHECK(cl_layout_create(&def, &source, &callbacks) == CL_OK, "create from callbacks");
    if (!arrays || !callbacks) return;
    element_list a = {0}, b = {0};
    CHECK(elements_all(callbacks, &a) == CL_OK && elements_all(arrays, &b) == CL_OK, "all elements");
    CHECK(b.count == 5 + 9 + 3 + 3, "cells, headers and footers: %zu elements", b.count);
    elements_match(&a, &b, "arrays vs callbacks");
    element_list_free(&a);
    element_list_free(&b);

    /* Arrays changed in place, then invalidated: both agree again. */
    s.sizes[0][2].height = 140;
    s.metrics[2].columns = 2;
    s.size_table[1] = s.sizes[1];
    CHECK_OK(arrays, cl_layout_invalidate(arrays));
    CHECK_OK(callbacks, cl_layout_invalidate(callbacks));
    CHECK(elements_all(callbacks, &a) == CL_OK && elements_all(arrays, &b) == CL_OK, "all elements");
    elements_match(&a, &b, "after changing the arrays");
    element_list_free(&a);
    element_list_free(&b);
    cl_layout_destroy(arrays);
    cl_layout_destroy(callbacks);
}

static void metrics_from_def(void *context) {
    (void)context;
    cl_layout_def def = scene_def();
    def.columns = 4;
    def.alignment = CL_ALIGNMENT_LEADING;
    cl_section_metrics m;
    memset(&m, 0xff, sizeof m);
    CHECK(cl_section_metrics_from_def(&def, &m) == CL_OK, "cl_section_metrics_from_def");
    CHECK(m.struct_size == sizeof m && m.columns == 4 && m.alignment == CL_ALIGNMENT_LEADING &&
              m.footer == 12 && m.line_spacing == 6 && m.decoration_kind_count == -1 &&
              m.decoration_kinds == NULL && m.reserved == 0,
          "the def's metrics, every decoration");
    CHECK(cl_section_metrics_from_def(NULL, &m) == CL_ERROR_INVALID_ARGUMENT &&
              cl_section_metrics_from_def(&def, NULL) == CL_ERROR_INVALID_ARGUMENT,
          "NULL def or out pointer");
}

/* Each malformed struct: create fails with `expected` and a message naming `word`. */
static void refused(const cl_array_source *arrays, cl_status expected, const char *word) {
    cl_layout_def def = scene_def();
    cl_data_source source = cl_data_source_default();
    source.arrays = arrays;
    cl_layout *layout = (cl_layout *)&def;
    cl_status status = cl_layout_create(&def, &source, &layout);
    const char *message = cl_layout_last_error(NULL);
    CHECK(status == expected && layout == NULL && strstr(message, word),
          "expected status %d naming \"%s\"; got %d: %s", expected, word, status, message);
}

static void bad_arrays(void *context) {
    (void)context;
    cl_layout_def def = scene_def();
    scene s;
    scene_init(&s, &def);
    cl_array_source a = s.arrays;
    a.struct_size = 8;
    refused(&a, CL_ERROR_INVALID_ARGUMENT, "cl_array_source.struct_size");
    a = s.arrays;
    a.section_count = -1;
    refused(&a, CL_ERROR_BAD_CALLBACK_DATA, "section_count");
    a = s.arrays;
    a.item_counts = NULL;
    refused(&a, CL_ERROR_BAD_CALLBACK_DATA, "item_counts is NULL");
    int64_t negative[SECTIONS] = {5, -1, 9};
    a = s.arrays;
    a.item_counts = negative;
    refused(&a, CL_ERROR_BAD_CALLBACK_DATA, "section 1");
    a = s.arrays;
    s.metrics[1].struct_size = 4;
    refused(&a, CL_ERROR_BAD_CALLBACK_DATA, "struct_size");
    s.metrics[1].struct_size = sizeof s.metrics[1];
    s.metrics[2].columns = 0;
    refused(&a, CL_ERROR_BAD_CALLBACK_DATA, "columns");
    s.metrics[2].columns = 3;

    /* A layout that asks again after the host shrank its arrays: an error, the last good
     * state kept. */
    cl_layout *layout = from_arrays(&def, &s.arrays);
    if (!layout) return;
    element_list before = {0}, after = {0};
    CHECK(elements_all(layout, &before) == CL_OK, "all elements");
    s.arrays.section_count = 2;
    const cl_index_path path = {2, 1};
    CHECK(cl_layout_invalidate_items(layout, &path, 1) == CL_ERROR_BAD_CALLBACK_DATA &&
              strstr(cl_layout_last_error(layout), "cl_array_source has 2 sections"),
          "sizes of a section the arrays no longer hold: %s", cl_layout_last_error(layout));
    CHECK(elements_all(layout, &after) == CL_OK, "all elements");
    elements_match(&before, &after, "after the refused invalidation");
    element_list_free(&before);
    element_list_free(&after);
    cl_layout_destroy(layout);
}

void array_source_tests(void) {
    run_test("arrays: the same layout as the callbacks, changed in place", same_as_callbacks, NULL);
    run_test("arrays: cl_section_metrics_from_def", metrics_from_def, NULL);
    run_test("arrays: malformed structs refused, last good state kept", bad_arrays, NULL);
}
