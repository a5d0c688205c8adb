/* Self-sizing, target content offsets and scrolling to an element through the C ABI
 * (SPEC §10.4, §10.6): the shared vectors changes/15-17, hand-checked anchoring and estimates,
 * and bad input (each refused call leaves the layout as it was). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "elements.h"
#include "scene.h"
#include "tests.h"

static bool near(double a, double b) { return fabs(a - b) <= 1e-6; }

static void self_size_vector(void *unused) {
    (void)unused;
    json_value *json = NULL;
    scene sc;
    cl_layout *layout = vector_layout("15-self-size", &json, &sc);
    if (layout) {
        const json_value *list = json_get(json_get(json, "measured"), "items");
        cl_item_size items[64];
        int64_t n = (int64_t)json_length(list);
        for (int64_t k = 0; k < n && k < 64; k++) {
            const json_value *e = json_at(list, (size_t)k);
            items[k] = (cl_item_size){{(int64_t)json_number(json_at(e, 0), -1), (int64_t)json_number(json_at(e, 1), -1)},
                                      {json_number(json_at(e, 2), -1), json_number(json_at(e, 3), -1)}};
        }
        cl_size_change change;
        cl_size content;
        const json_value *expected = json_get(json, "expected");
        if (CHECK_OK(layout, cl_layout_set_item_sizes(layout, items, n, &change, sizeof change)) &&
            CHECK_OK(layout, cl_layout_content_size(layout, &content))) {
            CHECK(near(change.adjustment, json_number(json_get(expected, "adjustment"), NAN)), "adjustment %g", change.adjustment);
            CHECK(near(change.content_size_change, json_number(json_get(expected, "content_size_change"), NAN)),
                  "content size change %g", change.content_size_change);
            const json_value *vp = json_get(expected, "viewport");
            CHECK(near(change.viewport.y, json_number(json_at(vp, 1), NAN)) && near(change.viewport.x, json_number(json_at(vp, 0), NAN)) &&
                  near(change.viewport.height, json_number(json_at(vp, 3), NAN)), "viewport y %g", change.viewport.y);
            CHECK(near(content.height, json_number(json_at(json_get(expected, "content_size"), 1), NAN)), "content %g", content.height);
            cl_rect viewport;
            CHECK_OK(layout, cl_layout_viewport(layout, &viewport));
            CHECK(viewport.y == change.viewport.y, "the layout's viewport is the answer's");
        }
    }
    cl_layout_destroy(layout);
    scene_free(&sc);
    json_free(json);
}

static int32_t snapping_value(const char *name) {
    const char *names[] = {"none", "page", "line", "line-paging", "line-center", "line-end"};
    const int32_t values[] = {CL_SNAP_NONE, CL_SNAP_PAGE, CL_SNAP_LINE, CL_SNAP_LINE_PAGING, CL_SNAP_LINE_CENTER, CL_SNAP_LINE_END};
    for (int i = 0; i < 6; i++) if (strcmp(name, names[i]) == 0) return values[i];
    return -1;
}

/* A target-offset vector (16, and 31 with content insets): `name` is the vector's. */
static void target_offset_vector(void *name) {
    json_value *json = NULL;
    scene sc;
    cl_layout *layout = vector_layout(name, &json, &sc);
    const json_value *cases = json_get(json, "cases");
    for (size_t k = 0; layout && k < json_length(cases); k++) {
        const json_value *args = json_get(json_at(cases, k), "args");
        double offset = NAN, want = json_number(json_get(json_get(json_at(cases, k), "expected"), "offset"), NAN);
        if (CHECK_OK(layout, cl_layout_target_content_offset(layout, json_number(json_get(args, "proposed"), NAN),
                                                             json_number(json_get(args, "velocity"), NAN),
                                                             snapping_value(json_string(json_get(args, "snap"), "")),
                                                             json_number(json_get(args, "rate"), NAN), &offset)))
            CHECK(near(offset, want), "case %zu: offset %g, expected %g", k, offset, want);
    }
    cl_layout_destroy(layout);
    scene_free(&sc);
    json_free(json);
}

static void scroll_to_vector(void *unused) {
    (void)unused;
    json_value *json = NULL;
    scene sc;
    cl_layout *layout = vector_layout("17-scroll-to", &json, &sc);
    const json_value *cases = json_get(json, "cases");
    const char *positions[] = {"start", "center", "end", "nearest"};
    const char *categories[] = {"cell", "supplementary", "decoration"};
    for (size_t k = 0; layout && k < json_length(cases); k++) {
        const json_value *args = json_get(json_at(cases, k), "args"), *id = json_get(args, "identity");
        int32_t position = -1, category = -1, kind = CL_KIND_CELL;
        for (int32_t i = 0; i < 4; i++) if (strcmp(json_string(json_get(args, "position"), ""), positions[i]) == 0) position = i;
        for (int32_t i = 0; i < 3; i++) if (strcmp(json_string(json_at(id, 0), ""), categories[i]) == 0) category = i;
        const char *kind_name = json_string(json_at(id, 1), "");
        if (strcmp(kind_name, "header") == 0) kind = CL_KIND_HEADER;
        else if (strcmp(kind_name, "footer") == 0) kind = CL_KIND_FOOTER;
        else if (*kind_name) CHECK_OK(layout, cl_layout_register_kind(layout, kind_name, &kind));  /* the same id again */
        cl_rect viewport;
        const json_value *want = json_get(json_get(json_at(cases, k), "expected"), "viewport");
        if (CHECK_OK(layout, cl_layout_scroll_to_element(layout, category, kind, (int64_t)json_number(json_at(id, 2), -1),
                                                         (int64_t)json_number(json_at(id, 3), -1), position, &viewport)))
            CHECK(near(viewport.x, json_number(json_at(want, 0), NAN)) && near(viewport.y, json_number(json_at(want, 1), NAN)) &&
                  near(viewport.width, json_number(json_at(want, 2), NAN)) && near(viewport.height, json_number(json_at(want, 3), NAN)),
                  "case %zu: viewport y %g, expected %g", k, viewport.y, json_number(json_at(want, 1), NAN));
    }
    cl_layout_destroy(layout);
    scene_free(&sc);
    json_free(json);
}

/* One column of 300x100 items under a header of 40 (item k at 40 + 110k), viewport at 500. */
static const char feed_json[] =
    "{\"viewport\": [0, 500, 320, 480], \"layout\": {\"anchoring\": %s}, \"sections\": [{\"item_count\": 30,"
    " \"item_size\": [300, 100], \"insets\": [0, 10, 0, 10], \"line_spacing\": 10, \"header\": 40%s},"
    " {\"style\": \"custom\", \"frames\": [[0, 0, 10, 10]]}]}";

static cl_layout *feed(scene *sc, const char *anchoring, const char *extra) {
    char text[1024], error[256] = "";
    snprintf(text, sizeof text, feed_json, anchoring, extra);
    cl_layout *layout = NULL;
    if (CHECK(scene_parse(sc, text, error, sizeof error), "%s", error)) CHECK_OK(layout, scene_create_layout(sc, NULL, &layout));
    return layout;
}

static void anchoring_by_hand(void *unused) {
    (void)unused;
    scene sc;
    cl_size_change change;
    cl_item_size grow = {{0, 0}, {300, 160}};
    cl_layout *layout = feed(&sc, "true", "");
    if (layout && CHECK_OK(layout, cl_layout_set_item_sizes(layout, &grow, 1, &change, sizeof change)))
        CHECK(change.adjustment == 60 && change.content_size_change == 60 && change.viewport.y == 560, "anchored: %g", change.adjustment);
    cl_layout_destroy(layout);
    scene_free(&sc);
    layout = feed(&sc, "false", "");
    if (layout && CHECK_OK(layout, cl_layout_set_item_sizes(layout, &grow, 1, &change, sizeof change)))
        CHECK(change.adjustment == 0 && change.content_size_change == 60 && change.viewport.y == 500, "not anchored: %g", change.adjustment);
    cl_layout_destroy(layout);
    scene_free(&sc);
}

/* Every item at the estimate (the scene's own sizes are not asked), measured ones at theirs. */
static void estimates(void *unused) {
    (void)unused;
    scene sc;
    cl_layout *layout = feed(&sc, "true", ", \"estimated_item_size\": [300, 44]");
    cl_attributes a;
    if (layout && CHECK_OK(layout, cl_layout_attributes(layout, CL_CATEGORY_CELL, CL_KIND_CELL, 0, 3, &a, sizeof a)))
        CHECK(a.frame.y == 40 + 3 * 54 && a.frame.height == 44, "estimated item 3 at %g, %g high", a.frame.y, a.frame.height);
    cl_item_size measured[2] = {{{0, 1}, {300, 90}}, {{0, 2}, {300, 10}}};
    cl_size_change change;
    if (layout && CHECK_OK(layout, cl_layout_set_item_sizes(layout, measured, 2, &change, sizeof change)) &&
        CHECK_OK(layout, cl_layout_attributes(layout, CL_CATEGORY_CELL, CL_KIND_CELL, 0, 3, &a, sizeof a)))
        CHECK(a.frame.y == 40 + 44 + 90 + 10 + 30 && change.content_size_change == 46 - 34, "measured: item 3 at %g", a.frame.y);
    cl_layout_destroy(layout);
    scene_free(&sc);
}

static void bad_input(void *unused) {
    (void)unused;
    scene sc;
    cl_layout *layout = feed(&sc, "true", "");
    if (!layout) { scene_free(&sc); return; }
    cl_size_change change;
    cl_size before, after;
    CHECK_OK(layout, cl_layout_content_size(layout, &before));
    struct { cl_item_size item; cl_status status; } cases[] = {
        {{{0, 0}, {NAN, 10}}, CL_ERROR_INVALID_ARGUMENT}, {{{0, 0}, {10, -1}}, CL_ERROR_INVALID_ARGUMENT},
        {{{0, 0}, {INFINITY, 1}}, CL_ERROR_INVALID_ARGUMENT}, {{{0, 30}, {1, 1}}, CL_ERROR_OUT_OF_RANGE},
        {{{2, 0}, {1, 1}}, CL_ERROR_OUT_OF_RANGE}, {{{-1, 0}, {1, 1}}, CL_ERROR_OUT_OF_RANGE},
        {{{0, INT64_MIN}, {1, 1}}, CL_ERROR_OUT_OF_RANGE}, {{{1, 0}, {1, 1}}, CL_ERROR_INVALID_ARGUMENT} /* custom */,
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        cl_item_size pair[2] = {{{0, 5}, {300, 10}}, cases[k].item};
        cl_status status = cl_layout_set_item_sizes(layout, pair, 2, &change, sizeof change);
        CHECK(status == cases[k].status, "case %zu: status %d, want %d", k, status, cases[k].status);
        CHECK(*cl_layout_last_error(layout) != 0, "case %zu: a message", k);
    }
    cl_item_size one = {{0, 0}, {1, 1}};
    CHECK(cl_layout_set_item_sizes(layout, NULL, 1, &change, sizeof change) == CL_ERROR_INVALID_ARGUMENT, "NULL items");
    CHECK(cl_layout_set_item_sizes(layout, &one, -1, &change, sizeof change) == CL_ERROR_INVALID_ARGUMENT, "negative count");
    CHECK(cl_layout_set_item_sizes(layout, &one, 1, NULL, sizeof change) == CL_ERROR_INVALID_ARGUMENT, "NULL out_change");
    CHECK(cl_layout_set_item_sizes(layout, &one, 1, &change, 3) == CL_ERROR_INVALID_ARGUMENT, "change_size 3");
    CHECK(cl_layout_set_item_sizes(NULL, &one, 1, &change, sizeof change) == CL_ERROR_INVALID_HANDLE, "NULL layout");
    CHECK_OK(layout, cl_layout_content_size(layout, &after));
    CHECK(before.height == after.height, "refused calls changed the content: %g -> %g", before.height, after.height);
    double offset;
    double rates[] = {0, 1, -0.5, 2, NAN};
    for (int k = 0; k < 5; k++)
        CHECK(cl_layout_target_content_offset(layout, 0, 0, CL_SNAP_LINE, rates[k], &offset) == CL_ERROR_INVALID_ARGUMENT, "rate %g", rates[k]);
    CHECK(cl_layout_target_content_offset(layout, NAN, 0, CL_SNAP_LINE, 0.998, &offset) == CL_ERROR_INVALID_ARGUMENT, "NaN proposed");
    CHECK(cl_layout_target_content_offset(layout, 0, 0, CL_SNAP_ITEM, 0.998, &offset) == CL_ERROR_INVALID_ARGUMENT, "item snapping");
    CHECK(cl_layout_target_content_offset(layout, 0, 0, CL_SNAP_LINE, 0.998, NULL) == CL_ERROR_INVALID_ARGUMENT, "NULL out");
    CHECK(cl_layout_target_content_offset(layout, 1e308, 1e308, CL_SNAP_LINE, 0.999, &offset) == CL_ERROR_LIMIT, "infinite projection");
    cl_rect viewport;
    CHECK(cl_layout_scroll_to_element(layout, CL_CATEGORY_CELL, CL_KIND_CELL, 0, 30, CL_SCROLL_POSITION_START, &viewport) == CL_ERROR_OUT_OF_RANGE, "no cell");
    CHECK(cl_layout_scroll_to_element(layout, CL_CATEGORY_SUPPLEMENTARY, CL_KIND_FOOTER, 0, 0, CL_SCROLL_POSITION_START, &viewport) == CL_ERROR_OUT_OF_RANGE, "no footer");
    CHECK(cl_layout_scroll_to_element(layout, 7, CL_KIND_CELL, 0, 0, CL_SCROLL_POSITION_START, &viewport) == CL_ERROR_INVALID_ARGUMENT, "category 7");
    CHECK(cl_layout_scroll_to_element(layout, CL_CATEGORY_CELL, CL_KIND_CELL, 0, 0, 4, &viewport) == CL_ERROR_INVALID_ARGUMENT, "position 4");
    CHECK(cl_layout_scroll_to_element(layout, CL_CATEGORY_CELL, CL_KIND_CELL, 0, 0, CL_SCROLL_POSITION_START, NULL) == CL_ERROR_INVALID_ARGUMENT, "NULL out");
    CHECK(cl_layout_scroll_to_element(layout, CL_CATEGORY_CELL, CL_KIND_CELL, 0, 2, CL_SCROLL_POSITION_START, &viewport) == CL_OK &&
          viewport.y == 260, "scroll to (0, 2): %g", viewport.y);
    cl_layout_destroy(layout);
    scene_free(&sc);
}

void target_tests(void) {
    run_test("vector changes/15-self-size", self_size_vector, NULL);
    run_test("vector changes/16-target-offset", target_offset_vector, "16-target-offset");
    run_test("vector changes/31-insets-target-offset", target_offset_vector, "31-insets-target-offset");
    run_test("vector changes/17-scroll-to", scroll_to_vector, NULL);
    run_test("self-sizing anchors the first visible cell, or only clamps", anchoring_by_hand, NULL);
    run_test("estimated item sizes, then measured", estimates, NULL);
    run_test("self-sizing, targets and scrolling: bad input", bad_input, NULL);
}
