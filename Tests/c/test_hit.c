/* Hit-testing through the C ABI (SPEC §21): cl_layout_element_at gives the topmost element whose
 * presented frame holds a point, half-open; a brute-force scan of every element gives the same;
 * bad input is a status and leaves the layout as it was. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "tests.h"

static cl_status nine_items(void *user_data, int64_t section, int64_t *out_count) {
    (void)user_data;
    *out_count = section == 0 ? 9 : 4;
    return CL_OK;
}

static cl_status two_sections(void *user_data, int64_t *out_count) {
    (void)user_data;
    *out_count = 2;
    return CL_OK;
}

/* Two sections of 100x100 cells under pinned 44 pt headers, side by side (no spacing between
 * items: neighbours share an edge) and 10 apart between lines, in a 320 wide viewport
 * scrolled by `scroll`, with a background behind each section's body and a card under each cell. */
static cl_layout *grid(double scroll) {
    cl_layout_def def = cl_layout_def_default();
    def.viewport = (cl_rect){0, scroll, 320, 300};
    def.item_size = (cl_size){100, 100};
    def.header = 44;
    def.pin_headers = 1;
    def.alignment = CL_ALIGNMENT_LEADING;
    def.interitem_spacing = 0;
    cl_data_source source = cl_data_source_default();
    source.section_count = two_sections;
    source.item_count = nine_items;
    cl_layout *layout = NULL;
    if (!CHECK_OK(layout, cl_layout_create(&def, &source, &layout))) return NULL;
    cl_decoration_def background = cl_decoration_def_default(), card = cl_decoration_def_default();
    card.scope = CL_DECORATION_SCOPE_ITEM;
    card.insets = (cl_insets){-5, -5, -5, -5};
    int32_t kind;
    CHECK_OK(layout, cl_layout_add_decoration(layout, "background", &background, &kind));
    CHECK_OK(layout, cl_layout_add_decoration(layout, "card", &card, &kind));
    return layout;
}

/* Whether a is painted above b (SPEC §21). */
static bool above(const cl_layout *layout, const cl_attributes *a, const cl_attributes *b) {
    static const int layer[3] = {1, 2, 0}; /* cell, supplementary, decoration */
    if (a->z != b->z) return a->z > b->z;
    if (a->category != b->category) return layer[a->category] > layer[b->category];
    if (a->section != b->section) return a->section > b->section;
    if (a->item != b->item) return a->item > b->item;
    const char *name_a = "", *name_b = "";
    cl_layout_kind_name(layout, a->kind, &name_a);
    cl_layout_kind_name(layout, b->kind, &name_b);
    return strcmp(name_a, name_b) > 0;
}

static bool holds(const cl_attributes *a, double x, double y) {
    return a->frame.width > 0 && a->frame.height > 0 && a->frame.x <= x && x < a->frame.x + a->frame.width &&
           a->frame.y <= y && y < a->frame.y + a->frame.height;
}

static void points_edges_and_a_pinned_header(void *context) {
    (void)context;
    cl_layout *layout = grid(0);
    if (!layout) return;
    int32_t found = -1;
    cl_attributes a;
    CHECK_OK(layout, cl_layout_element_at(layout, 0, 44, CL_HIT_CELLS, &found, &a, sizeof a));
    CHECK(found == 1 && a.category == CL_CATEGORY_CELL && a.item == 0, "the leading corner belongs to cell 0");
    CHECK_OK(layout, cl_layout_element_at(layout, 100, 94, CL_HIT_CELLS, &found, &a, sizeof a));
    CHECK(found == 1 && a.item == 1, "the edge two cells share belongs to the second (x 100: cell 1), got %d %lld",
          found, (long long)a.item);
    memset(&a, 0x5a, sizeof a);
    CHECK_OK(layout, cl_layout_element_at(layout, 50, 20, CL_HIT_CELLS, &found, &a, sizeof a));
    const unsigned char *bytes = (const unsigned char *)&a;
    CHECK(found == 0 && bytes[0] == 0x5a && bytes[sizeof a - 1] == 0x5a, "nothing found leaves the attributes untouched");
    CHECK_OK(layout, cl_layout_element_at(layout, 50, 20, CL_HIT_ALL, &found, &a, sizeof a));
    CHECK(found == 1 && a.category == CL_CATEGORY_SUPPLEMENTARY && a.kind == CL_KIND_HEADER, "all: the header");
    cl_layout_destroy(layout);

    layout = grid(60); /* the header pinned at y 60...104, over the first row */
    if (!layout) return;
    CHECK_OK(layout, cl_layout_element_at(layout, 50, 80, CL_HIT_CELLS, &found, &a, sizeof a));
    CHECK(found == 1 && a.category == CL_CATEGORY_CELL, "cells: the cell under the pinned header");
    CHECK_OK(layout, cl_layout_element_at(layout, 50, 80, CL_HIT_ALL, &found, &a, sizeof a));
    CHECK(found == 1 && a.kind == CL_KIND_HEADER && a.z == 10, "all: the pinned header (z 10)");
    cl_layout_destroy(layout);
}

static void the_topmost_of_a_brute_force_scan(void *context) {
    (void)context;
    cl_layout *layout = grid(30);
    if (!layout) return;
    static cl_attributes all[512];
    int64_t count = 0;
    CHECK_OK(layout, cl_layout_elements_in_rect(layout, (cl_rect){-1e4, -1e4, 1e5, 1e5}, all, 512, sizeof all[0], &count));
    rng r = rng_seeded(21);
    for (int k = 0; k < 2000; k++) {
        const double x = (double)rng_int(&r, -10, 330), y = (double)rng_int(&r, -10, 890);
        for (int32_t categories = CL_HIT_CELLS; categories <= CL_HIT_ALL; categories++) {
            const cl_attributes *want = NULL;
            for (int64_t i = 0; i < count; i++)
                if ((categories == CL_HIT_ALL || all[i].category == CL_CATEGORY_CELL) && holds(&all[i], x, y) &&
                    (!want || above(layout, &all[i], want)))
                    want = &all[i];
            int32_t found = -1;
            cl_attributes got;
            if (!CHECK_OK(layout, cl_layout_element_at(layout, x, y, categories, &found, &got, sizeof got))) break;
            if (!CHECK(found == (want != NULL) && (!want || memcmp(&got, want, sizeof got) == 0),
                       "(%g, %g) categories %d: found %d, expected %s", x, y, categories, found, want ? "an element" : "none"))
                k = 2000;
        }
    }
    cl_layout_destroy(layout);
}

static void bad_input_is_refused(void *context) {
    (void)context;
    cl_layout *layout = grid(0);
    if (!layout) return;
    int32_t found;
    cl_attributes a;
    const double bad[] = {NAN, INFINITY, -INFINITY};
    for (int k = 0; k < 3; k++) {
        check_status(layout, cl_layout_element_at(layout, bad[k], 50, CL_HIT_CELLS, &found, &a, sizeof a),
                     CL_ERROR_INVALID_ARGUMENT, "a coordinate that is not finite", __FILE__, __LINE__);
        check_status(layout, cl_layout_element_at(layout, 50, bad[k], CL_HIT_CELLS, &found, &a, sizeof a),
                     CL_ERROR_INVALID_ARGUMENT, "a coordinate that is not finite", __FILE__, __LINE__);
    }
    check_status(layout, cl_layout_element_at(layout, 50, 50, 2, &found, &a, sizeof a), CL_ERROR_INVALID_ARGUMENT,
                 "categories 2", __FILE__, __LINE__);
    check_status(layout, cl_layout_element_at(layout, 50, 50, -1, &found, &a, sizeof a), CL_ERROR_INVALID_ARGUMENT,
                 "categories -1", __FILE__, __LINE__);
    check_status(layout, cl_layout_element_at(layout, 50, 50, CL_HIT_CELLS, NULL, &a, sizeof a),
                 CL_ERROR_INVALID_ARGUMENT, "out_found NULL", __FILE__, __LINE__);
    check_status(layout, cl_layout_element_at(layout, 50, 50, CL_HIT_CELLS, &found, NULL, sizeof a),
                 CL_ERROR_INVALID_ARGUMENT, "out_attributes NULL", __FILE__, __LINE__);
    check_status(layout, cl_layout_element_at(layout, 50, 50, CL_HIT_CELLS, &found, &a, 8),
                 CL_ERROR_INVALID_ARGUMENT, "attributes_size 8", __FILE__, __LINE__);
    check_status(NULL, cl_layout_element_at(NULL, 50, 50, CL_HIT_CELLS, &found, &a, sizeof a),
                 CL_ERROR_INVALID_HANDLE, "a NULL layout", __FILE__, __LINE__);
    CHECK_OK(layout, cl_layout_element_at(layout, 50, 94, CL_HIT_CELLS, &found, &a, sizeof a));
    CHECK(found == 1 && a.item == 0, "the layout answers as before");
    cl_layout_destroy(layout);
}

void hit_tests(void) {
    run_test("hit: points, edges, a pinned header", points_edges_and_a_pinned_header, NULL);
    run_test("hit: the topmost of a brute-force scan", the_topmost_of_a_brute_force_scan, NULL);
    run_test("hit: bad input is refused, the layout kept", bad_input_is_refused, NULL);
}
