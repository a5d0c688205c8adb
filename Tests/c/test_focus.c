/* Focus navigation and prefetch through the C ABI (SPEC §13, §14): the shared vectors
 * changes/20-23, the request defaults, sized structs, and bad input (each refused call has a
 * message and leaves the layout as it was). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "elements.h"
#include "scene.h"
#include "tests.h"

static bool near(double a, double b) { return fabs(a - b) <= 1e-6; }

static int32_t word(const char *value, const char *const *words, int32_t count) {
    for (int32_t i = 0; i < count; i++) if (strcmp(value, words[i]) == 0) return i;
    return -1;
}

static const char *const DIRECTIONS[] = {"up", "down", "left", "right", "next", "previous"};
static const char *const EDGES[] = {"stop", "wrap", "continuous"};
static const char *const VIAS[] = {"", "history", "search", "wrap", "continuous", "remembered", "order"};
static const char *const CATEGORIES[] = {"cell", "supplementary", "decoration"};

static int32_t kind_id(cl_layout *layout, const char *name) {
    if (strcmp(name, "") == 0) return CL_KIND_CELL;
    if (strcmp(name, "header") == 0) return CL_KIND_HEADER;
    if (strcmp(name, "footer") == 0) return CL_KIND_FOOTER;
    int32_t kind = -1;
    CHECK_OK(layout, cl_layout_register_kind(layout, name, &kind));  /* the same id again */
    return kind;
}

/* [category, kind, section, item] from `list` starting at `at`. */
static cl_element_id identity(cl_layout *layout, const json_value *list, size_t at) {
    return (cl_element_id){word(json_string(json_at(list, at), ""), CATEGORIES, 3), kind_id(layout, json_string(json_at(list, at + 1), "")),
                           (int64_t)json_number(json_at(list, at + 2), -1), (int64_t)json_number(json_at(list, at + 3), -1)};
}

static bool same_id(cl_element_id a, cl_element_id b) {
    return a.category == b.category && a.kind == b.kind && a.section == b.section && a.item == b.item;
}

static void focus_vector(void *name) {
    json_value *json = NULL;
    scene sc;
    cl_layout *layout = vector_layout(name, &json, &sc);
    const json_value *cases = json_get(json, "cases");
    for (size_t k = 0; layout && k < json_length(cases); k++) {
        const json_value *args = json_get(json_at(cases, k), "args"), *want = json_get(json_at(cases, k), "expected");
        cl_focus_request r = cl_focus_request_default();
        r.source = identity(layout, json_get(args, "identity"), 0);
        r.direction = word(json_string(json_get(args, "direction"), ""), DIRECTIONS, 6);
        r.edge = json_get(args, "edge") ? word(json_string(json_get(args, "edge"), ""), EDGES, 3) : CL_FOCUS_EDGE_STOP;
        int32_t kinds[8];
        const json_value *sup = json_get(args, "supplementaries");
        for (size_t i = 0; i < json_length(sup) && i < 8; i++) kinds[i] = kind_id(layout, json_string(json_at(sup, i), ""));
        r.supplementary_kinds = kinds;
        r.supplementary_kind_count = (int64_t)json_length(sup);
        const json_value *history = json_get(args, "history");
        if (history) {
            r.has_history = 1;
            r.history_direction = word(json_string(json_at(history, 0), ""), DIRECTIONS, 6);
            r.history_source = identity(layout, history, 1);
        }
        cl_index_path remembered[8];
        const json_value *rem = json_get(args, "remembered");
        for (size_t i = 0; i < json_length(rem) && i < 8; i++)
            remembered[i] = (cl_index_path){(int64_t)json_number(json_at(json_at(rem, i), 0), -1), (int64_t)json_number(json_at(json_at(rem, i), 1), -1)};
        r.remembered = remembered;
        r.remembered_count = (int64_t)json_length(rem);
        cl_focus_answer a;
        if (!CHECK_OK(layout, cl_layout_focus(layout, &r, &a, sizeof a))) continue;
        const json_value *target = json_get(want, "target"), *vp = json_get(want, "viewport"), *offset = json_get(want, "section_offset");
        bool has_target = json_length(target) == 4;
        CHECK(a.has_target == has_target && (!has_target || same_id(a.target, identity(layout, target, 0))),
              "%s case %zu: target %d (%d %d %lld %lld)", (const char *)name, k, a.has_target, a.target.category, a.target.kind,
              (long long)a.target.section, (long long)a.target.item);
        CHECK(strcmp(VIAS[a.via >= 0 && a.via <= 6 ? a.via : 0], json_string(json_get(want, "via"), "")) == 0, "%s case %zu: via %d",
              (const char *)name, k, a.via);
        CHECK(near(a.viewport.x, json_number(json_at(vp, 0), NAN)) && near(a.viewport.y, json_number(json_at(vp, 1), NAN)) &&
              near(a.viewport.width, json_number(json_at(vp, 2), NAN)) && near(a.viewport.height, json_number(json_at(vp, 3), NAN)),
              "%s case %zu: viewport (%g, %g)", (const char *)name, k, a.viewport.x, a.viewport.y);
        bool has_offset = json_length(offset) == 2;
        CHECK(a.has_section_offset == has_offset && (!has_offset || (a.section == (int64_t)json_number(json_at(offset, 0), -1) &&
                                                                     near(a.section_offset, json_number(json_at(offset, 1), NAN)))),
              "%s case %zu: section offset %d %lld %g", (const char *)name, k, a.has_section_offset, (long long)a.section, a.section_offset);
    }
    cl_layout_destroy(layout);
    scene_free(&sc);
    json_free(json);
}

static void prefetch_vector(void *unused) {
    (void)unused;
    json_value *json = NULL;
    scene sc;
    cl_layout *layout = vector_layout("23-prefetch", &json, &sc);
    const json_value *cases = json_get(json, "cases");
    for (size_t k = 0; layout && k < json_length(cases); k++) {
        const json_value *args = json_get(json_at(cases, k), "args"), *want = json_get(json_at(cases, k), "expected");
        cl_prefetch_request r = cl_prefetch_request_default();
        r.velocity = json_number(json_get(args, "velocity"), NAN);
        r.ahead = json_number(json_get(args, "ahead"), r.ahead);
        r.behind = json_number(json_get(args, "behind"), r.behind);
        r.horizon = json_number(json_get(args, "horizon"), r.horizon);
        r.fps = json_number(json_get(args, "fps"), r.fps);
        cl_span before, after;
        cl_prefetch_element list[64];
        int64_t count = -1;
        cl_status status = cl_layout_prefetch(layout, &r, &before, &after, list, 64, sizeof list[0], &count);
        if (json_bool(json_get(want, "error"), false)) {
            CHECK(status != CL_OK && *cl_layout_last_error(layout), "case %zu: accepted", k);
            continue;
        }
        if (!CHECK_OK(layout, status)) continue;
        CHECK(near(before.start, json_number(json_at(json_get(want, "before"), 0), NAN)) && near(before.end, json_number(json_at(json_get(want, "before"), 1), NAN)) &&
              near(after.start, json_number(json_at(json_get(want, "after"), 0), NAN)) && near(after.end, json_number(json_at(json_get(want, "after"), 1), NAN)),
              "case %zu: windows [%g, %g] [%g, %g]", k, before.start, before.end, after.start, after.end);
        const json_value *elements = json_get(want, "elements");
        if (!CHECK(count == (int64_t)json_length(elements), "case %zu: %lld elements, expected %zu", k, (long long)count, json_length(elements))) continue;
        for (int64_t i = 0; i < count; i++) {
            const json_value *e = json_at(elements, (size_t)i);
            const cl_prefetch_element *got = &list[i];
            CHECK(got->id.category == word(json_string(json_get(e, "category"), ""), CATEGORIES, 3) && got->id.section == (int64_t)json_number(json_get(e, "section"), -1) &&
                  got->id.item == (int64_t)json_number(json_get(e, "item"), -1) &&
                  got->side == (strcmp(json_string(json_get(e, "side"), ""), "after") == 0 ? CL_PREFETCH_AFTER : CL_PREFETCH_BEFORE) &&
                  near(got->distance, json_number(json_get(e, "distance"), NAN)) && (got->urgent != 0) == json_bool(json_get(e, "urgent"), false),
                  "case %zu element %lld: item %lld side %d distance %g urgent %d", k, (long long)i, (long long)got->id.item, got->side, got->distance, got->urgent);
        }
    }
    cl_layout_destroy(layout);
    scene_free(&sc);
    json_free(json);
}

/* A 3-column grid of 100 x 100 cells under a 40 pt header in a 330 x 300 viewport. */
static cl_layout *grid(scene *sc) {
    char error[256] = "";
    CHECK(scene_parse(sc, "{\"viewport\": [0, 0, 330, 300], \"layout\": {\"decorations\": [{\"kind\": \"bg\"}]}, \"sections\": [{\"header\": 40, "
                          "\"style\": \"grid\", \"columns\": 3, \"item_count\": 30, \"item_size\": [0, 100]}, {\"style\": \"orthogonal\", \"item_count\": 9, \"item_size\": [100, 80]}]}",
                      error, sizeof error), "%s", error);
    cl_layout *layout = NULL;
    CHECK_OK(layout, scene_create_layout(sc, NULL, &layout));
    return layout;
}

static void defaults_and_sizes(void *unused) {
    (void)unused;
    scene sc;
    cl_layout *layout = grid(&sc);
    cl_focus_request r = cl_focus_request_default();
    CHECK(r.struct_size == sizeof r && r.direction == CL_FOCUS_DOWN && r.edge == CL_FOCUS_EDGE_STOP && r.has_history == 0 &&
          r.supplementary_kind_count == 0 && r.remembered_count == 0 && r.source.category == CL_CATEGORY_CELL, "focus defaults");
    cl_focus_answer a;
    /* NULL request: the defaults, down from cell (0, 0) to the cell below it. */
    if (CHECK_OK(layout, cl_layout_focus(layout, NULL, &a, sizeof a)))
        CHECK(a.has_target && a.via == CL_FOCUS_VIA_SEARCH && same_id(a.target, (cl_element_id){CL_CATEGORY_CELL, CL_KIND_CELL, 0, 3}) &&
              a.has_section_offset == 0 && a.section == -1, "down from (0, 0): item %lld via %d", (long long)a.target.item, a.via);
    /* A larger answer is written at its size, zero-filled past the library's. */
    unsigned char big[sizeof(cl_focus_answer) + 16];
    memset(big, 0xAB, sizeof big);
    if (CHECK_OK(layout, cl_layout_focus(layout, NULL, (cl_focus_answer *)(void *)big, sizeof big))) {
        bool zeros = true;
        for (size_t i = sizeof(cl_focus_answer); i < sizeof big; i++) zeros = zeros && big[i] == 0;
        CHECK(zeros, "bytes past cl_focus_answer are zero");
    }
    /* Into the sideways row: its offset that shows the cell. */
    r.source = (cl_element_id){CL_CATEGORY_CELL, CL_KIND_CELL, 0, 29};
    r.direction = CL_FOCUS_DOWN;
    cl_rect viewport = {0, 700, 330, 300};
    CHECK_OK(layout, cl_layout_set_viewport(layout, viewport));
    if (CHECK_OK(layout, cl_layout_focus(layout, &r, &a, sizeof a)))
        CHECK(a.has_target && a.target.section == 1 && a.has_section_offset && a.section == 1, "into the row: section %lld", (long long)a.target.section);
    cl_prefetch_request p = cl_prefetch_request_default();
    CHECK(p.struct_size == sizeof p && p.velocity == 0 && p.ahead == 250 && p.behind == 0 && p.horizon == 0.25 && p.fps == 60 && p.section == -1,
          "prefetch defaults");
    cl_span before, after;
    int64_t count = -1;
    /* Counting with a NULL buffer, then too small a buffer. */
    if (CHECK_OK(layout, cl_layout_prefetch(layout, NULL, &before, &after, NULL, 0, sizeof(cl_prefetch_element), &count)))
        CHECK(count > 0 && near(before.start, 450) && near(after.end, 1250), "count %lld, windows [%g, %g] [%g, %g]", (long long)count,
              before.start, before.end, after.start, after.end);
    cl_prefetch_element one;
    int64_t needed = -1;
    check_status(layout, cl_layout_prefetch(layout, NULL, &before, &after, &one, 1, sizeof one, &needed), CL_ERROR_BUFFER_TOO_SMALL,
                 "prefetch into one", __FILE__, __LINE__);
    CHECK(needed == count, "needed %lld", (long long)needed);
    /* The row's own windows: its cells only. */
    p.section = 1;
    p.velocity = 500;
    cl_prefetch_element list[32];
    CHECK_OK(layout, cl_layout_set_viewport(layout, (cl_rect){0, 850, 330, 300}));
    if (CHECK_OK(layout, cl_layout_prefetch(layout, &p, &before, &after, list, 32, sizeof list[0], &count))) {
        CHECK(near(after.start, 330) && near(after.end, 580) && count == 2, "row windows [%g, %g], %lld", after.start, after.end, (long long)count);
        for (int64_t i = 0; i < count; i++) CHECK(list[i].id.section == 1 && list[i].id.category == CL_CATEGORY_CELL, "a cell of the row");
    }
    cl_layout_destroy(layout);
    scene_free(&sc);
}

static void bad_input(void *unused) {
    (void)unused;
    scene sc;
    cl_layout *layout = grid(&sc);
    int64_t before_count = -1, after_count = -1;
    cl_rect everything = {-1e6, -1e6, 2e6, 2e6};
    cl_layout_elements_in_rect(layout, everything, NULL, 0, sizeof(cl_attributes), &before_count);
    cl_focus_answer a;
    cl_focus_request r = cl_focus_request_default();
    int32_t bg = -1;
    cl_layout_register_kind(layout, "bg", &bg);
    struct { cl_focus_request r; cl_status want; const char *what; } cases[12];
    size_t n = 0;
    cases[n].r = r, cases[n].r.direction = 6, cases[n].want = CL_ERROR_INVALID_ARGUMENT, cases[n++].what = "direction 6";
    cases[n].r = r, cases[n].r.direction = -1, cases[n].want = CL_ERROR_INVALID_ARGUMENT, cases[n++].what = "direction -1";
    cases[n].r = r, cases[n].r.edge = 3, cases[n].want = CL_ERROR_INVALID_ARGUMENT, cases[n++].what = "edge 3";
    cases[n].r = r, cases[n].r.source.item = 30, cases[n].want = CL_ERROR_OUT_OF_RANGE, cases[n++].what = "no such cell";
    cases[n].r = r, cases[n].r.source.section = -1, cases[n].want = CL_ERROR_OUT_OF_RANGE, cases[n++].what = "section -1";
    cases[n].r = r, cases[n].r.source.category = 7, cases[n].want = CL_ERROR_INVALID_ARGUMENT, cases[n++].what = "category 7";
    cases[n].r = r, cases[n].r.source = (cl_element_id){CL_CATEGORY_DECORATION, bg, 0, 0}, cases[n].want = CL_ERROR_INVALID_ARGUMENT,
        cases[n++].what = "a decoration";
    static const int32_t bad_kinds[] = {99};
    cases[n].r = r, cases[n].r.supplementary_kinds = bad_kinds, cases[n].r.supplementary_kind_count = 1, cases[n].want = CL_ERROR_UNKNOWN_KIND,
        cases[n++].what = "kind 99";
    cases[n].r = r, cases[n].r.supplementary_kind_count = 2, cases[n].want = CL_ERROR_INVALID_ARGUMENT, cases[n++].what = "NULL kinds";
    cases[n].r = r, cases[n].r.remembered_count = -1, cases[n].want = CL_ERROR_INVALID_ARGUMENT, cases[n++].what = "remembered -1";
    cases[n].r = r, cases[n].r.struct_size = 12, cases[n].want = CL_ERROR_INVALID_ARGUMENT, cases[n++].what = "struct_size 12";
    for (size_t i = 0; i < n; i++) {
        if (check_status(layout, cl_layout_focus(layout, &cases[i].r, &a, sizeof a), cases[i].want, cases[i].what, __FILE__, __LINE__))
            CHECK(*cl_layout_last_error(layout) != '\0', "%s: a message", cases[i].what);
    }
    check_status(layout, cl_layout_focus(layout, &r, NULL, sizeof a), CL_ERROR_INVALID_ARGUMENT, "NULL answer", __FILE__, __LINE__);
    check_status(layout, cl_layout_focus(layout, &r, &a, 8), CL_ERROR_INVALID_ARGUMENT, "answer_size 8", __FILE__, __LINE__);
    check_status(layout, cl_layout_focus(NULL, &r, &a, sizeof a), CL_ERROR_INVALID_HANDLE, "NULL layout", __FILE__, __LINE__);
    /* A history or remembered items that name nothing are ignored. */
    r.has_history = 1;
    r.history_direction = 17;
    r.history_source = (cl_element_id){9, 9, -5, -5};
    cl_index_path junk[] = {{-1, -1}, {INT64_MAX, INT64_MIN}, {1, 99}};
    r.remembered = junk;
    r.remembered_count = 3;
    if (CHECK_OK(layout, cl_layout_focus(layout, &r, &a, sizeof a))) CHECK(a.has_target && a.via == CL_FOCUS_VIA_SEARCH, "junk memory ignored");

    cl_span before, after;
    cl_prefetch_element list[8];
    int64_t count;
    double bad[][5] = {{NAN, 250, 0, 0.25, 60}, {0, -1, 0, 0.25, 60}, {0, 250, -1, 0.25, 60}, {0, 250, 0, -1, 60}, {0, 250, 0, 0.25, 0},
                       {0, INFINITY, 0, 0.25, 60}, {0, 250, 0, 0.25, NAN}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cl_prefetch_request p = cl_prefetch_request_default();
        p.velocity = bad[i][0], p.ahead = bad[i][1], p.behind = bad[i][2], p.horizon = bad[i][3], p.fps = bad[i][4];
        if (check_status(layout, cl_layout_prefetch(layout, &p, &before, &after, list, 8, sizeof list[0], &count), CL_ERROR_INVALID_ARGUMENT,
                         "bad prefetch numbers", __FILE__, __LINE__))
            CHECK(*cl_layout_last_error(layout) != '\0', "case %zu: a message", i);
    }
    cl_prefetch_request p = cl_prefetch_request_default();
    p.velocity = 1e308, p.horizon = 1e10;
    check_status(layout, cl_layout_prefetch(layout, &p, &before, &after, list, 8, sizeof list[0], &count), CL_ERROR_LIMIT, "infinite window", __FILE__, __LINE__);
    p = cl_prefetch_request_default();
    p.section = 0;
    check_status(layout, cl_layout_prefetch(layout, &p, &before, &after, list, 8, sizeof list[0], &count), CL_ERROR_INVALID_ARGUMENT, "not orthogonal", __FILE__, __LINE__);
    p.section = 2;
    check_status(layout, cl_layout_prefetch(layout, &p, &before, &after, list, 8, sizeof list[0], &count), CL_ERROR_OUT_OF_RANGE, "section 2", __FILE__, __LINE__);
    p.section = -1;
    check_status(layout, cl_layout_prefetch(layout, &p, NULL, &after, list, 8, sizeof list[0], &count), CL_ERROR_INVALID_ARGUMENT, "NULL before", __FILE__, __LINE__);
    check_status(layout, cl_layout_prefetch(layout, &p, &before, &after, list, 8, 4, &count), CL_ERROR_INVALID_ARGUMENT, "element_size 4", __FILE__, __LINE__);
    check_status(layout, cl_layout_prefetch(layout, &p, &before, &after, NULL, 8, sizeof list[0], &count), CL_ERROR_INVALID_ARGUMENT, "NULL buffer", __FILE__, __LINE__);
    cl_layout_elements_in_rect(layout, everything, NULL, 0, sizeof(cl_attributes), &after_count);
    CHECK(before_count == after_count, "the layout is unchanged (%lld, %lld elements)", (long long)before_count, (long long)after_count);
    cl_layout_destroy(layout);
    scene_free(&sc);
}

void focus_tests(void) {
    run_test("focus: vector 20-focus-grid", focus_vector, "20-focus-grid");
    run_test("focus: vector 21-focus-sideways", focus_vector, "21-focus-sideways");
    run_test("focus: vector 22-focus-region", focus_vector, "22-focus-region");
    run_test("prefetch: vector 23-prefetch", prefetch_vector, NULL);
    run_test("focus, prefetch: defaults, sizes, sideways rows", defaults_and_sizes, NULL);
    run_test("focus, prefetch: bad input", bad_input, NULL);
}
