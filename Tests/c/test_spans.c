/* Spanning grid and waterfall items (SPEC §16) through the C ABI: the item_spans callback and
 * cl_section_metrics.packing, spans asked with sizes (full load, inserted items, invalidated
 * items), kept through updates and movement, hostile values refused naming the item with the
 * last good layout kept, and callers built before item_spans and packing were appended. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "scene.h"
#include "tests.h"

/* Three 100-point columns, 10-point rows; spans 2, 2, 1, 3 (SPEC §16's example). */
static const char *example =
    "{\"viewport\": [0, 0, 300, 500], \"sections\": [{\"style\": \"grid\", \"columns\": 3,"
    " \"item_count\": 4, \"item_size\": [0, 10], \"spans\": [2, 2, 1, 3], \"packing\": \"%s\"}]}";

/* (row, column, columns) of item i: the frame read back in rows of 10 and columns of 100. */
static bool place_is(cl_layout *layout, int64_t section, int64_t item, int row, int column, int width) {
    cl_attributes a;
    if (!CHECK_OK(layout, cl_layout_attributes(layout, CL_CATEGORY_CELL, CL_KIND_CELL, section, item, &a, sizeof a)))
        return false;
    return CHECK(a.frame.y == 10.0 * row && a.frame.x == 100.0 * column && a.frame.width == 100.0 * width,
                 "item (%lld, %lld) at (%g, %g) %g wide, want row %d column %d, %d columns",
                 (long long)section, (long long)item, a.frame.x, a.frame.y, a.frame.width, row, column, width);
}

static bool load(scene *sc, const char *packing) {
    char text[512], error[256];
    snprintf(text, sizeof text, example, packing);
    return CHECK(scene_parse(sc, text, error, sizeof error), "%s", error);
}

static void sparse_and_dense(void *context) {
    (void)context;
    scene sc;
    cl_layout *layout = NULL;
    if (!load(&sc, "sparse")) return;
    if (CHECK_OK(layout, scene_create_layout(&sc, NULL, &layout))) {
        place_is(layout, 0, 0, 0, 0, 2);
        place_is(layout, 0, 1, 1, 0, 2);
        place_is(layout, 0, 2, 1, 2, 1);
        place_is(layout, 0, 3, 2, 0, 3);
        /* Dense: item 2 back-fills row 0 (the metric changed: the section is asked again). */
        sc.sections[0].metrics.packing = CL_PACKING_DENSE;
        int64_t s0 = 0;
        CHECK_OK(layout, cl_layout_invalidate_sections(layout, &s0, 1));
        place_is(layout, 0, 2, 0, 2, 1);
        place_is(layout, 0, 3, 2, 0, 3);
    }
    cl_layout_destroy(layout);
    scene_free(&sc);
}

/* A data source over a scene that counts item_spans calls and may answer one hostile value. */
typedef struct counting {
    scene *sc;
    cl_data_source inner;
    int calls;
    int64_t first_asked, count_asked;
    bool hostile;
    int32_t hostile_value;
} counting;

static counting *current;  /* (the scene's callbacks take the scene as their user_data) */

static cl_status counted_spans(void *user_data, int64_t section, int64_t first, int64_t count, int32_t *out) {
    counting *c = current;
    c->calls++;
    c->first_asked = first;
    c->count_asked = count;
    cl_status status = c->inner.item_spans(user_data, section, first, count, out);
    if (c->hostile && count > 1) out[1] = c->hostile_value;
    return status;
}

static cl_data_source counting_source(counting *c) {
    current = c;
    c->inner = scene_data_source(c->sc);
    cl_data_source source = c->inner;
    source.item_spans = counted_spans;
    return source;
}

static void hostile_spans_are_refused(void *context) {
    (void)context;
    scene sc;
    if (!load(&sc, "sparse")) return;
    counting c = {&sc, {0}, 0, 0, 0, false, 0};
    cl_data_source source = counting_source(&c);
    cl_layout *layout = NULL;
    if (CHECK_OK(layout, scene_create_layout(&sc, &source, &layout))) {
        static const int32_t hostile[] = {0, -3, INT32_MIN};
        for (size_t i = 0; i < sizeof hostile / sizeof hostile[0]; i++) {
            c.hostile = true;
            c.hostile_value = hostile[i];
            CHECK(cl_layout_invalidate(layout) == CL_ERROR_BAD_CALLBACK_DATA, "span %d refused", hostile[i]);
            const char *message = cl_layout_last_error(layout);
            CHECK(strstr(message, "item_spans") && strstr(message, "item (0, 1)"), "the message \"%s\" names the callback and the item", message);
            place_is(layout, 0, 1, 1, 0, 2);  /* the last good layout */
        }
        /* A span above the columns is not an error: it counts as all of them. */
        c.hostile_value = 1000;
        if (CHECK_OK(layout, cl_layout_invalidate(layout))) place_is(layout, 0, 1, 1, 0, 3);
        c.hostile = false;
        CHECK_OK(layout, cl_layout_invalidate(layout));
    }
    cl_layout_destroy(layout);
    scene_free(&sc);
}

static void spans_are_asked_with_sizes_and_kept(void *context) {
    (void)context;
    scene sc;
    if (!load(&sc, "sparse")) return;
    counting c = {&sc, {0}, 0, 0, 0, false, 0};
    cl_data_source source = counting_source(&c);
    cl_layout *layout = NULL;
    if (CHECK_OK(layout, scene_create_layout(&sc, &source, &layout))) {
        CHECK(c.calls == 1 && c.first_asked == 0 && c.count_asked == 4, "one batch on create");
        /* Insert a full-width item at 0: only it is asked; the others keep theirs. */
        scene_section *s = &sc.sections[0];
        cl_size sizes[5] = {{0, 10}, {0, 10}, {0, 10}, {0, 10}, {0, 10}};
        int32_t spans[5] = {CL_SPAN_FULL, 1, 1, 1, 1};  /* what is not asked must not be read */
        s->sizes = realloc(s->sizes, sizeof sizes);
        s->spans = realloc(s->spans, sizeof spans);
        memcpy(s->sizes, sizes, sizeof sizes);
        memcpy(s->spans, spans, sizeof spans);
        s->item_count = 5;
        c.calls = 0;
        cl_index_path inserted = {0, 0};
        cl_batch_update u = cl_batch_update_default();
        u.insert_items = &inserted;
        u.insert_item_count = 1;
        cl_update_summary summary;
        if (CHECK_OK(layout, cl_layout_perform_batch_update(layout, &u, &summary, sizeof summary))) {
            CHECK(c.calls == 1 && c.first_asked == 0 && c.count_asked == 1, "only the inserted item is asked (%d calls)", c.calls);
            place_is(layout, 0, 0, 0, 0, 3);
            place_is(layout, 0, 1, 1, 0, 2);
            place_is(layout, 0, 4, 3, 0, 3);
        }
        /* Invalidating an item asks its span again. */
        s->spans[1] = 1;
        cl_index_path item = {0, 1};
        if (CHECK_OK(layout, cl_layout_invalidate_items(layout, &item, 1))) place_is(layout, 0, 1, 1, 0, 1);
        /* A moving cell keeps its span: the full-width item 0 moved to the end. */
        cl_index_path target;
        cl_index_path moving = {0, 0};
        if (CHECK_OK(layout, cl_layout_begin_movement(layout, moving)) &&
            CHECK_OK(layout, cl_layout_update_movement(layout, 50, 35, &target))) {
            CHECK(target.item == 4, "target %lld", (long long)target.item);
            CHECK_OK(layout, cl_layout_commit_movement(layout, &summary, sizeof summary));
            place_is(layout, 0, 4, 3, 0, 3);
        }
    }
    cl_layout_destroy(layout);
    scene_free(&sc);
}

/* A caller built before item_spans and packing were appended: every item spans 1, packing sparse. */
static cl_status old_metrics(void *user_data, int64_t section, cl_section_metrics *inout) {
    (void)user_data; (void)section;
    inout->style = CL_STYLE_GRID;
    inout->columns = 3;
    inout->interitem_spacing = 0;
    inout->line_spacing = 0;
    inout->struct_size = (uint32_t)offsetof(cl_section_metrics, packing);
    return CL_OK;
}

static cl_status one_section(void *user_data, int64_t *out) { (void)user_data; *out = 1; return CL_OK; }
static cl_status four_items(void *user_data, int64_t section, int64_t *out) { (void)user_data; (void)section; *out = 4; return CL_OK; }
static cl_status never_called(void *user_data, int64_t section, int64_t first, int64_t count, int32_t *out) {
    (void)user_data; (void)section; (void)first; (void)count; (void)out;
    return -99;
}

static void older_structs(void *context) {
    (void)context;
    cl_layout_def def = cl_layout_def_default();
    def.viewport = (cl_rect){0, 0, 300, 500};
    def.item_size = (cl_size){0, 10};
    cl_data_source source = cl_data_source_default();
    source.section_count = one_section;
    source.item_count = four_items;
    source.section_metrics = old_metrics;
    source.item_spans = never_called;  /* past the older struct_size: never read */
    source.struct_size = (uint32_t)offsetof(cl_data_source, item_spans);
    cl_layout *layout = NULL;
    if (CHECK_OK(layout, cl_layout_create(&def, &source, &layout))) {
        for (int i = 0; i < 4; i++) place_is(layout, 0, i, i / 3, i % 3, 1);
    }
    cl_layout_destroy(layout);
    /* With its full size the callback is called (and its failure reported). */
    source.struct_size = sizeof source;
    CHECK(cl_layout_create(&def, &source, &layout) == CL_ERROR_CALLBACK, "item_spans is called at the full size");
    cl_layout_destroy(layout);
}

static cl_status bad_packing(void *user_data, int64_t section, cl_section_metrics *inout) {
    (void)user_data; (void)section;
    inout->style = CL_STYLE_WATERFALL;  /* a waterfall checks packing too */
    inout->packing = 7;
    return CL_OK;
}

static void bad_packing_is_refused(void *context) {
    (void)context;
    cl_layout_def def = cl_layout_def_default();
    cl_data_source source = cl_data_source_default();
    source.item_count = four_items;
    source.section_metrics = bad_packing;
    cl_layout *layout = NULL;
    CHECK(cl_layout_create(&def, &source, &layout) == CL_ERROR_BAD_CALLBACK_DATA, "packing 7 refused");
    CHECK(strstr(cl_layout_last_error(NULL), "packing") != NULL, "the message names packing: %s", cl_layout_last_error(NULL));
    cl_layout_destroy(layout);
}

void span_tests(void) {
    run_test("spans: sparse and dense packing (SPEC §16's example)", sparse_and_dense, NULL);
    run_test("spans: hostile values refused naming the item, last good layout kept", hostile_spans_are_refused, NULL);
    run_test("spans: asked with sizes, kept through updates, invalidation and movement", spans_are_asked_with_sizes_and_kept, NULL);
    run_test("spans: a data source and metrics from before item_spans and packing", older_structs, NULL);
    run_test("spans: a packing that is not sparse or dense", bad_packing_is_refused, NULL);
}
