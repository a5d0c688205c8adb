/* Hit-testing through the C ABI (SPEC §21): cl_layout_element_at gives the topmost element whose
 * presented frame holds a point, half-open; a brute-force scan of every element gives the same;
 * bad input is a status and leaves the layout as it was. */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "elements.h"
#include "scene.h"
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


/* The topmost element of `all` holding (x, y) among the categories asked, by SPEC §21's order. */
static const cl_attributes *topmost(const cl_layout *layout, const element_list *all, double x, double y,
                                    int32_t categories) {
    const cl_attributes *want = NULL;
    for (size_t i = 0; i < all->count; i++) {
        const cl_attributes *a = &all->items[i].attributes;
        if ((categories == CL_HIT_ALL || a->category == CL_CATEGORY_CELL) && holds(a, x, y) &&
            (!want || above(layout, a, want)))
            want = a;
    }
    return want;
}

/* cl_layout_element_at at `points` random points (of the content, a margin around it, and on
 * the edges of random elements and their neighbouring doubles) equals the topmost element of a
 * full rect query holding the point, for cells and for all. False after the first difference. */
static bool matches_brute_force(const cl_layout *layout, uint64_t seed, int points, const char *context) {
    element_list all = {0};
    if (!CHECK_OK(layout, elements_all(layout, &all))) return false;
    rng r = rng_seeded(seed);
    bool ok = true;
    int on_something = 0;
    for (int k = 0; k < points && ok; k++) {
        double x, y;
        if (all.count > 0 && rng_bool(&r)) {  /* an edge or corner of an element, or just beside it */
            const cl_rect f = all.items[rng_int(&r, 0, (int64_t)all.count - 1)].attributes.frame;
            x = rng_bool(&r) ? f.x : f.x + f.width;
            y = rng_bool(&r) ? f.y : f.y + f.height;
            if (rng_bool(&r)) x = rng_bool(&r) ? f.x + f.width / 2 : nextafter(x, rng_bool(&r) ? INFINITY : -INFINITY);
            if (rng_bool(&r)) y = rng_bool(&r) ? f.y + f.height / 2 : nextafter(y, rng_bool(&r) ? INFINITY : -INFINITY);
        } else {
            x = rng_double(&r, -20, all.content_size.width + 20);
            y = rng_double(&r, -20, all.content_size.height + 20);
        }
        for (int32_t categories = CL_HIT_CELLS; categories <= CL_HIT_ALL && ok; categories++) {
            const cl_attributes *want = topmost(layout, &all, x, y, categories);
            int32_t found = -1;
            cl_attributes got;
            memset(&got, 0, sizeof got);
            if (!CHECK_OK(layout, cl_layout_element_at(layout, x, y, categories, &found, &got, sizeof got))) {
                ok = false;
                break;
            }
            on_something += found == 1;
            ok = CHECK(found == (want != NULL) && (!want || memcmp(&got, want, sizeof got) == 0),
                       "%s, seed %llu: (%.17g, %.17g) categories %d: found %d (%s %lld/%lld z %d), expected %s (%s %lld/%lld z %d)",
                       context, (unsigned long long)seed, x, y, categories, found, category_name(got.category),
                       (long long)got.section, (long long)got.item, got.z, want ? "an element" : "none",
                       want ? category_name(want->category) : "-", want ? (long long)want->section : -1LL,
                       want ? (long long)want->item : -1LL, want ? want->z : 0);
        }
    }
    if (ok && all.count > 0) ok = CHECK(on_something > 0, "%s: no point hit anything", context);
    element_list_free(&all);
    return ok;
}

static void right_and_bottom_edges_and_spacing(void *context) {
    (void)context;
    cl_layout *layout = grid(0);  /* row 1: cells 0-2 at x 0, 100, 200, y 44...144; row 2 from y 154 */
    if (!layout) return;
    int32_t found = -1;
    cl_attributes a, b;
    CHECK_OK(layout, cl_layout_element_at(layout, 99.5, 143.5, CL_HIT_CELLS, &found, &a, sizeof a));
    CHECK(found == 1 && a.section == 0 && a.item == 0, "inside cell 0, by its far corner");
    CHECK_OK(layout, cl_layout_element_at(layout, nextafter(300, 0), nextafter(144, 0), CL_HIT_CELLS, &found, &a, sizeof a));
    CHECK(found == 1 && a.item == 2, "just inside cell 2's right and bottom edges");
    memset(&a, 0x5a, sizeof a);
    CHECK_OK(layout, cl_layout_element_at(layout, 300, 94, CL_HIT_CELLS, &found, &a, sizeof a));
    const unsigned char *bytes = (const unsigned char *)&a;
    CHECK(found == 0 && bytes[0] == 0x5a, "cell 2's right edge (x 300) is not in it, nothing beside it");
    found = -1;
    CHECK_OK(layout, cl_layout_element_at(layout, 50, 144, CL_HIT_CELLS, &found, &a, sizeof a));
    CHECK(found == 0 && bytes[0] == 0x5a, "cell 0's bottom edge (y 144) is in the line spacing");
    found = -1;
    CHECK_OK(layout, cl_layout_element_at(layout, 50, 149, CL_HIT_CELLS, &found, &a, sizeof a));
    CHECK(found == 0 && bytes[0] == 0x5a && bytes[sizeof a - 1] == 0x5a, "a point in the line spacing: nothing, untouched");
    CHECK_OK(layout, cl_layout_element_at(layout, 50, 154, CL_HIT_CELLS, &found, &a, sizeof a));
    CHECK(found == 1 && a.item == 3, "the next line's top edge is in its first cell");
    /* The edge cells 0 and 1 share (x 100), and the corner of cells 0, 1, 3, 4 seen from the side:
     * exactly one cell of a full query holds each point, and it is the one hit. */
    element_list all = {0};
    if (CHECK_OK(layout, elements_all(layout, &all))) {
        const double points[][2] = {{100, 94}, {200, 44}, {100, 143.99}, {nextafter(100, 0), 94}};
        for (size_t p = 0; p < sizeof points / sizeof points[0]; p++) {
            int cells = 0;
            const cl_attributes *holder = NULL;
            for (size_t i = 0; i < all.count; i++)
                if (all.items[i].attributes.category == CL_CATEGORY_CELL && holds(&all.items[i].attributes, points[p][0], points[p][1])) {
                    cells++;
                    holder = &all.items[i].attributes;
                }
            CHECK_OK(layout, cl_layout_element_at(layout, points[p][0], points[p][1], CL_HIT_CELLS, &found, &b, sizeof b));
            CHECK(cells == 1 && found == 1 && memcmp(holder, &b, sizeof b) == 0,
                  "(%.17g, %g): %d cells hold it, the hit is item %lld", points[p][0], points[p][1], cells, (long long)b.item);
        }
    }
    element_list_free(&all);
    /* the background behind the body holds the line spacing; the card (insets -5) spills into it */
    CHECK_OK(layout, cl_layout_element_at(layout, 50, 149, CL_HIT_ALL, &found, &a, sizeof a));
    const char *name = "";
    cl_layout_kind_name(layout, a.kind, &name);
    CHECK(found == 1 && a.category == CL_CATEGORY_DECORATION && strcmp(name, "card") == 0 && a.item == 3,
          "all: the card of cell 3 (spills 5 above it) over the background, got %s item %lld", name, (long long)a.item);
    cl_layout_destroy(layout);
}

/* A sideways section at an offset: its cells are hit where they are shown, not where offset 0 puts them. */
static void an_orthogonal_section_at_an_offset(void *context) {
    (void)context;
    scene s;
    char error[256] = "";
    cl_layout *layout = NULL;
    if (!CHECK(scene_parse(&s, sample_scene_json, error, sizeof error), "%s", error)) return;
    if (CHECK_OK(layout, scene_create_layout(&s, NULL, &layout))) {
        const cl_index_path cell = {3, 4};
        cl_attributes at0, at100, got;
        int32_t found = -1;
        CHECK_OK(layout, cl_layout_set_section_offset(layout, 3, 0));
        CHECK_OK(layout, cl_layout_attributes(layout, CL_CATEGORY_CELL, CL_KIND_CELL, cell.section, cell.item, &at0, sizeof at0));
        CHECK_OK(layout, cl_layout_set_section_offset(layout, 3, 100));
        CHECK_OK(layout, cl_layout_attributes(layout, CL_CATEGORY_CELL, CL_KIND_CELL, cell.section, cell.item, &at100, sizeof at100));
        CHECK(at100.frame.x == at0.frame.x - 100 && at100.frame.y == at0.frame.y, "the offset shifts the cell: x %g -> %g",
              at0.frame.x, at100.frame.x);
        const double cx = at100.frame.x + at100.frame.width / 2, cy = at100.frame.y + at100.frame.height / 2;
        CHECK_OK(layout, cl_layout_element_at(layout, cx, cy, CL_HIT_CELLS, &found, &got, sizeof got));
        CHECK(found == 1 && got.section == 3 && got.item == 4 && memcmp(&got, &at100, sizeof got) == 0,
              "the shifted frame is hit: found %d, (%lld, %lld)", found, (long long)got.section, (long long)got.item);
        CHECK_OK(layout, cl_layout_element_at(layout, at100.frame.x, at100.frame.y, CL_HIT_ALL, &found, &got, sizeof got));
        CHECK(found == 1 && got.section == 3 && got.item == 4, "its shifted corner, all");
        CHECK_OK(layout, cl_layout_element_at(layout, at0.frame.x + at0.frame.width - 1, cy, CL_HIT_CELLS, &found, &got, sizeof got));
        CHECK(!(found == 1 && got.section == 3 && got.item == 4), "where offset 0 showed it, it is not");
        matches_brute_force(layout, 3, 400, "the sample scene, section 3 at offset 100");
    }
    cl_layout_destroy(layout);
    scene_free(&s);
}

/* Every cell of a sideways section at a fractional offset is hit on its leading edges (x and y
 * exactly as reported) and at the last double inside its far corner. */
static void the_edges_of_a_sideways_section_at_a_fractional_offset(void *context) {
    (void)context;
    scene s;
    char error[256] = "";
    cl_layout *layout = NULL;
    if (!CHECK(scene_parse(&s, sample_scene_json, error, sizeof error), "%s", error)) return;
    const double offsets[] = {60, 308.60313429133345, 77.1, 0.3};
    if (CHECK_OK(layout, scene_create_layout(&s, NULL, &layout))) {
        for (size_t o = 0; o < sizeof offsets / sizeof offsets[0]; o++) {
            CHECK_OK(layout, cl_layout_set_section_offset(layout, 3, offsets[o]));
            int missed = 0;
            for (int64_t item = 0; item < 9; item++) {
                cl_attributes want, got;
                int32_t found = -1;
                CHECK_OK(layout, cl_layout_attributes(layout, CL_CATEGORY_CELL, CL_KIND_CELL, 3, item, &want, sizeof want));
                const double xs[2] = {want.frame.x, nextafter(want.frame.x + want.frame.width, -INFINITY)};
                const double ys[2] = {want.frame.y, nextafter(want.frame.y + want.frame.height, -INFINITY)};
                for (int corner = 0; corner < 2; corner++) {
                    CHECK_OK(layout, cl_layout_element_at(layout, xs[corner], ys[corner], CL_HIT_CELLS, &found, &got, sizeof got));
                    if (!(found == 1 && got.section == 3 && got.item == item) && missed++ < 3)
                        CHECK(false, "offset %.17g: cell (3, %lld) at (%.17g, %.17g, %g, %g) not hit at (%.17g, %.17g): found %d",
                              offsets[o], (long long)item, want.frame.x, want.frame.y, want.frame.width, want.frame.height,
                              xs[corner], ys[corner], found);
                }
            }
            CHECK(missed == 0, "offset %.17g: %d corners of the section's cells missed", offsets[o], missed);
        }
    }
    cl_layout_destroy(layout);
    scene_free(&s);
    /* scene_random(5): a horizontal layout whose one sideways (vertical) section sits at offset
     * 308.60313429133345; cell (0, 4) is reported at y -25.928999132463616 */
    scene_random(&s, 5);
    layout = NULL;
    if (CHECK_OK(layout, scene_create_layout(&s, NULL, &layout))) {
        int missed = 0;
        for (int64_t item = 0; item < s.sections[0].item_count; item++) {
            cl_attributes want, got;
            int32_t found = -1;
            if (cl_layout_attributes(layout, CL_CATEGORY_CELL, CL_KIND_CELL, 0, item, &want, sizeof want) != CL_OK ||
                want.frame.width <= 0 || want.frame.height <= 0)
                continue;
            CHECK_OK(layout, cl_layout_element_at(layout, want.frame.x, want.frame.y, CL_HIT_CELLS, &found, &got, sizeof got));
            if (!(found == 1 && got.item == item) && missed++ < 3)
                CHECK(false, "scene_random(5): cell (0, %lld) at (%.17g, %.17g, %g, %g) not hit at its leading corner: found %d",
                      (long long)item, want.frame.x, want.frame.y, want.frame.width, want.frame.height, found);
        }
        CHECK(missed == 0, "scene_random(5): %d cells missed at their leading corner", missed);
    }
    cl_layout_destroy(layout);
    scene_free(&s);
}

/* While a cell moves, the dragged cell (z 100, centred on the last position) is on top. */
static void during_an_interactive_movement(void *context) {
    (void)context;
    cl_layout *layout = grid(0);
    if (!layout) return;
    cl_index_path target;
    int32_t found = -1;
    cl_attributes a;
    CHECK_OK(layout, cl_layout_begin_movement(layout, (cl_index_path){0, 0}));
    CHECK_OK(layout, cl_layout_update_movement(layout, 170, 230, &target));
    /* the live layout has the cell at its target: the dragged cell answers by that index path */
    CHECK(target.section == 0 && target.item == 4, "the target is (0, 4), not (%lld, %lld)", (long long)target.section,
          (long long)target.item);
    for (int32_t categories = CL_HIT_CELLS; categories <= CL_HIT_ALL; categories++) {
        CHECK_OK(layout, cl_layout_element_at(layout, 170, 230, categories, &found, &a, sizeof a));
        CHECK(found == 1 && a.category == CL_CATEGORY_CELL && a.section == target.section && a.item == target.item && a.z == 100 &&
                  a.frame.x == 120 && a.frame.y == 180,
              "categories %d: the dragged cell at its position, got (%lld, %lld) z %d at (%g, %g)", categories,
              (long long)a.section, (long long)a.item, a.z, a.frame.x, a.frame.y);
        CHECK_OK(layout, cl_layout_element_at(layout, 219.5, 279.5, categories, &found, &a, sizeof a));
        CHECK(found == 1 && a.item == target.item && a.z == 100, "categories %d: its far corner", categories);
    }
    CHECK_OK(layout, cl_layout_element_at(layout, 5, 50, CL_HIT_CELLS, &found, &a, sizeof a));
    CHECK(found == 1 && a.item == 0 && a.z == 0 && a.frame.x == 0 && a.frame.y == 44,
          "its old place holds the cell that made room (item 0 of the live layout, z 0)");
    matches_brute_force(layout, 5, 400, "while a cell moves");
    CHECK_OK(layout, cl_layout_cancel_movement(layout));
    CHECK_OK(layout, cl_layout_element_at(layout, 5, 50, CL_HIT_CELLS, &found, &a, sizeof a));
    CHECK(found == 1 && a.item == 0 && a.z == 0, "cancelled: cell 0 is back");
    cl_layout_destroy(layout);
}

/* Random scenes (every style, both directions, separators, decorations, pinning, offsets), each
 * scrolled somewhere, and the sample scene: a few hundred points each against a brute-force scan. */
static void random_scenes_against_a_brute_force_scan(void *context) {
    (void)context;
    scene s;
    char error[256] = "";
    if (CHECK(scene_parse(&s, sample_scene_json, error, sizeof error), "%s", error)) {
        cl_layout *layout = NULL;
        if (CHECK_OK(layout, scene_create_layout(&s, NULL, &layout))) matches_brute_force(layout, 1, 600, "the sample scene");
        cl_layout_destroy(layout);
        scene_free(&s);
    }
    for (uint64_t seed = 1; seed <= 40; seed++) {
        scene_random(&s, seed);
        cl_layout *layout = NULL;
        if (CHECK_OK(layout, scene_create_layout(&s, NULL, &layout))) {
            cl_size size;
            cl_rect viewport;
            CHECK_OK(layout, cl_layout_content_size(layout, &size));
            CHECK_OK(layout, cl_layout_viewport(layout, &viewport));
            const bool vertical = s.def.direction == CL_DIRECTION_VERTICAL;
            const double span = vertical ? size.height : size.width;
            (vertical ? &viewport.y : &viewport.x)[0] = span * (double)(seed % 5) / 5;
            CHECK_OK(layout, cl_layout_set_viewport(layout, viewport));
            if (!matches_brute_force(layout, seed, 300, "a random scene")) seed = 41;
        }
        cl_layout_destroy(layout);
        scene_free(&s);
    }
}

static void bad_input_is_refused(void *context) {
    (void)context;
    cl_layout *layout = grid(0);
    if (!layout) return;
    element_list before = {0};
    CHECK_OK(layout, elements_all(layout, &before));
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
    check_status(layout, cl_layout_element_at(layout, 50, 50, CL_HIT_CELLS, &found, &a, 0),
                 CL_ERROR_INVALID_ARGUMENT, "attributes_size 0", __FILE__, __LINE__);
    check_status(layout, cl_layout_element_at(layout, 50, 50, CL_HIT_CELLS, &found, &a, offsetof(cl_attributes, scale) - 1),
                 CL_ERROR_INVALID_ARGUMENT, "attributes_size one byte short of the oldest struct", __FILE__, __LINE__);
    check_status(layout, cl_layout_element_at(layout, 50, 1e308, 7, &found, &a, sizeof a), CL_ERROR_INVALID_ARGUMENT,
                 "categories 7 far away", __FILE__, __LINE__);
    check_status(NULL, cl_layout_element_at(NULL, 50, 50, CL_HIT_CELLS, &found, &a, sizeof a),
                 CL_ERROR_INVALID_HANDLE, "a NULL layout", __FILE__, __LINE__);
    cl_layout *gone = grid(0);
    if (gone) {
        cl_layout_destroy(gone);
        found = -3;
        check_status(NULL, cl_layout_element_at(gone, 50, 94, CL_HIT_CELLS, &found, &a, sizeof a),
                     CL_ERROR_INVALID_HANDLE, "a destroyed layout", __FILE__, __LINE__);
        CHECK(found == -3, "a refused call leaves *out_found");
    }
    /* A bigger caller struct: the bytes past cl_attributes are zero-filled. */
    struct { cl_attributes a; unsigned char more[24]; } big;
    memset(&big, 0x77, sizeof big);
    CHECK_OK(layout, cl_layout_element_at(layout, 50, 94, CL_HIT_CELLS, &found, &big.a, sizeof big));
    bool zero = true;
    for (size_t i = 0; i < sizeof big.more; i++) zero = zero && big.more[i] == 0;
    CHECK(found == 1 && big.a.item == 0 && zero, "a larger attributes_size: written, the rest zero-filled");
    CHECK_OK(layout, cl_layout_element_at(layout, 50, 94, CL_HIT_CELLS, &found, &a, sizeof a));
    CHECK(found == 1 && a.item == 0, "the layout answers as before");
    element_list after = {0};
    if (CHECK_OK(layout, elements_all(layout, &after))) elements_match(&before, &after, "after the refused calls");
    element_list_free(&before);
    element_list_free(&after);
    cl_layout_destroy(layout);
}

void hit_tests(void) {
    run_test("hit: points, edges, a pinned header", points_edges_and_a_pinned_header, NULL);
    run_test("hit: the topmost of a brute-force scan", the_topmost_of_a_brute_force_scan, NULL);
    run_test("hit: right and bottom edges, spacing", right_and_bottom_edges_and_spacing, NULL);
    run_test("hit: an orthogonal section at an offset", an_orthogonal_section_at_an_offset, NULL);
    run_test("hit: the edges of a sideways section at a fractional offset",
             the_edges_of_a_sideways_section_at_a_fractional_offset, NULL);
    run_test("hit: during an interactive movement", during_an_interactive_movement, NULL);
    run_test("hit: random scenes against a brute-force scan", random_scenes_against_a_brute_force_scan, NULL);
    run_test("hit: bad input is refused, the layout kept", bad_input_is_refused, NULL);
}
