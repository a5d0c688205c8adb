/* Sideways sections (SPEC §4) and their target offsets (SPEC §10) over random mixed scenes
 * (scene_random: flow and orthogonal sections, rows 1-3, random offsets, both directions). The
 * strip's extent, its column edges and its clamp bounds are derived from the cells' frames.
 * Each test stops at its first failing seed, which its messages name. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "elements.h"
#include "scene.h"
#include "tests.h"

enum { SCENES = 300, MAX_COLUMNS = 64 };
static const double tolerance = 1e-6;

static bool near(double a, double b) { return fabs(a - b) <= tolerance; }
static double clamp(double v, double lo, double hi) { return fmin(fmax(v, lo), hi); }

/* One orthogonal section of a random scene, laid out. */
typedef struct strip_fixture {
    scene scene;
    cl_layout *layout;
    int64_t section;
    uint64_t seed;
} strip_fixture;

/* The first orthogonal section of the seed's scene; false (and nothing to close) if none. */
static bool strip_open(strip_fixture *fx, uint64_t seed) {
    memset(fx, 0, sizeof *fx);
    fx->seed = seed;
    scene_random(&fx->scene, seed);
    while (fx->section < fx->scene.section_count &&
           fx->scene.sections[fx->section].metrics.style != CL_STYLE_ORTHOGONAL)
        fx->section++;
    if (fx->section == fx->scene.section_count) {
        scene_free(&fx->scene);
        return false;
    }
    CHECK_OK(fx->layout, scene_create_layout(&fx->scene, NULL, &fx->layout));
    return true;
}

static void strip_close(strip_fixture *fx) {
    cl_layout_destroy(fx->layout);
    scene_free(&fx->scene);
}

static double line_extent(const strip_fixture *fx) {
    cl_rect viewport = {0, 0, 0, 0};
    cl_layout_viewport(fx->layout, &viewport);
    return line_span(viewport, fx->scene.def.direction).extent;
}

/* Leading and trailing insets along the line axis: left/right for a vertical layout,
 * top/bottom for a horizontal one (SPEC §2). */
static double leading_inset(const strip_fixture *fx) {
    const cl_insets *in = &fx->scene.sections[fx->section].metrics.insets;
    return fx->scene.def.direction == CL_DIRECTION_VERTICAL ? in->left : in->top;
}

static double trailing_inset(const strip_fixture *fx) {
    const cl_insets *in = &fx->scene.sections[fx->section].metrics.insets;
    return fx->scene.def.direction == CL_DIRECTION_VERTICAL ? in->right : in->bottom;
}

/* The strip's columns at offset 0, from its cells' frames (reported at -offset): item i is in
 * column i / rows (rows in effect: at most the item count), every cell of a column starts at
 * its leading edge, and the column is as wide as its widest cell (SPEC §4). Also the strip's
 * extent C: the end of the last column plus the trailing inset. */
typedef struct columns {
    double start[MAX_COLUMNS], width[MAX_COLUMNS];
    int count;
    double content_extent;
} columns;

static bool read_columns(const strip_fixture *fx, double offset, columns *out) {
    memset(out, 0, sizeof *out);
    const scene_section *sec = &fx->scene.sections[fx->section];
    int64_t rows = sec->metrics.rows < sec->item_count ? sec->metrics.rows : sec->item_count;
    double end = leading_inset(fx);
    for (int64_t i = 0; i < sec->item_count; i++) {
        cl_attributes cell;
        if (!CHECK_OK(fx->layout, cl_layout_attributes(fx->layout, CL_CATEGORY_CELL, CL_KIND_CELL,
                                                       fx->section, i, &cell, sizeof cell)))
            return false;
        axis_span at = line_span(cell.frame, fx->scene.def.direction);
        at.start += offset;
        int64_t c = i / rows;
        if (!CHECK(c < MAX_COLUMNS, "more than %d columns", MAX_COLUMNS)) return false;
        if (i % rows == 0) {
            out->start[c] = at.start;
            out->count++;
        }
        if (!CHECK(near(at.start, out->start[c]),
                   "seed %llu: cell %lld starts at %g, its column %lld at %g",
                   (unsigned long long)fx->seed, (long long)i, at.start, (long long)c,
                   out->start[c]))
            return false;
        out->width[c] = fmax(out->width[c], at.extent);
        end = fmax(end, at.start + at.extent);
    }
    out->content_extent = end + trailing_inset(fx);
    return true;
}

/* The strip's scroll state agrees with its cells: C from the cells, max_offset = max(0, C - E),
 * offset = the clamp of what was asked. */
static bool check_scroll(const strip_fixture *fx, double asked, const char *when) {
    cl_section_scroll scroll;
    columns cols;
    if (!CHECK_OK(fx->layout, cl_layout_section_scroll(fx->layout, fx->section, &scroll, sizeof scroll)) ||
        !read_columns(fx, scroll.offset, &cols))
        return false;
    double e = line_extent(fx);
    double first = cols.count > 0 ? cols.start[0] : leading_inset(fx);
    return CHECK(near(scroll.content_extent, cols.content_extent) &&
                     near(scroll.max_offset, fmax(0, scroll.content_extent - e)) &&
                     scroll.offset == clamp(asked, 0, scroll.max_offset) &&
                     near(first, leading_inset(fx)),
                 "seed %llu, section %lld %s: offset %g (asked %g), extent %g, max %g; want "
                 "extent %g from the cells, max %g, first column at the leading inset %g (at %g)",
                 (unsigned long long)fx->seed, (long long)fx->section, when, scroll.offset, asked,
                 scroll.content_extent, scroll.max_offset, cols.content_extent,
                 fmax(0, cols.content_extent - e), leading_inset(fx), first);
}

static double current_offset(const strip_fixture *fx) {
    cl_section_scroll scroll = {0, 0, 0};
    CHECK_OK(fx->layout, cl_layout_section_scroll(fx->layout, fx->section, &scroll, sizeof scroll));
    return scroll.offset;
}

/* Rect queries stay exact after the change (the scene still describes the layout). */
static bool check_queries(const strip_fixture *fx, const char *when) {
    element_list all = {0};
    cl_rect viewport;
    char context[96];
    snprintf(context, sizeof context, "seed %llu %s", (unsigned long long)fx->seed, when);
    bool ok = scene_elements_by_identity(&fx->scene, fx->layout, &all) == CL_OK &&
              CHECK_OK(fx->layout, cl_layout_viewport(fx->layout, &viewport)) &&
              check_rect_query(fx->layout, &all, viewport, context) &&
              check_rect_query(fx->layout, &all, content_rect(all.content_size, 10000), context);
    element_list_free(&all);
    return ok;
}

/* ---- Offsets are clamped ----------------------------------------------------------------- */

static bool clamping_in_scene(strip_fixture *fx) {
    rng r = rng_seeded(fx->seed ^ 0xC1A3);
    cl_layout *layout = fx->layout;
    scene_section *sec = &fx->scene.sections[fx->section];
    bool ok = check_scroll(fx, sec->offset, "as created");

    /* Set far out, then fewer items: clamped to the shorter strip. */
    double asked = 1e9;
    ok = ok && CHECK_OK(layout, cl_layout_set_section_offset(layout, fx->section, asked)) &&
         check_scroll(fx, asked, "set to 1e9");
    asked = current_offset(fx);
    if (ok && sec->item_count > 0) sec->item_count = rng_int(&r, 0, sec->item_count - 1);
    ok = ok && CHECK_OK(layout, cl_layout_invalidate(layout)) &&
         check_scroll(fx, asked, "after fewer items") && check_queries(fx, "after fewer items");

    /* A new line-axis extent: a new max_offset, the offset clamped to it. */
    cl_rect viewport;
    asked = 1e9;
    ok = ok && CHECK_OK(layout, cl_layout_set_section_offset(layout, fx->section, asked)) &&
         CHECK_OK(layout, cl_layout_viewport(layout, &viewport));
    asked = current_offset(fx);
    if (fx->scene.def.direction == CL_DIRECTION_VERTICAL) viewport.width = rng_double(&r, 80, 700);
    else viewport.height = rng_double(&r, 80, 700);
    ok = ok && CHECK_OK(layout, cl_layout_set_viewport(layout, viewport)) &&
         check_scroll(fx, asked, "after the viewport's extent changed") &&
         check_queries(fx, "after the viewport's extent changed");

    /* Scrolling the viewport leaves the offset alone; a negative one is clamped to 0. */
    asked = rng_double(&r, -100, 900);
    viewport.x += 37, viewport.y += 53;
    ok = ok && CHECK_OK(layout, cl_layout_set_section_offset(layout, fx->section, asked)) &&
         CHECK_OK(layout, cl_layout_set_viewport(layout, viewport)) &&
         check_scroll(fx, asked, "after scrolling the viewport") &&
         check_queries(fx, "after scrolling the viewport");
    return ok;
}

static void offsets_are_clamped(void *context) {
    (void)context;
    int tried = 0;
    for (uint64_t seed = 0; seed < SCENES; seed++) {
        strip_fixture fx;
        if (!strip_open(&fx, seed)) continue;
        tried++;
        bool ok = fx.layout && clamping_in_scene(&fx);
        strip_close(&fx);
        if (!ok) break;
    }
    CHECK(tried > SCENES / 3, "only %d scenes had an orthogonal section", tried);
}

/* ---- Target offsets ---------------------------------------------------------------------- */

static const char *const snap_names[] = {"none", "item", "page", "item-paging", "item-centered"};

/* The candidates nearest to v: indices lo...hi (candidates are sorted, so the nearest ones
 * are next to each other; more than one on a tie or where columns share an edge). */
static void nearest(const double *candidates, int n, double v, int *lo, int *hi) {
    double best = INFINITY;
    for (int i = 0; i < n; i++) best = fmin(best, fabs(candidates[i] - v));
    *lo = n, *hi = -1;
    for (int i = 0; i < n; i++) {
        if (fabs(candidates[i] - v) > best + tolerance) continue;
        if (i < *lo) *lo = i;
        *hi = i;
    }
}

/* Whether target is clamp(candidates[k]) for k the nearest to v, kept within `reach` columns
 * of one of `from`'s nearest (reach < 0: anywhere). */
static bool snapped_to(const double *candidates, int n, double v, double from, int reach,
                       double target, double max) {
    int lo, hi, from_lo = 0, from_hi = 0;
    nearest(candidates, n, v, &lo, &hi);
    if (reach >= 0) nearest(candidates, n, from, &from_lo, &from_hi);
    for (int k = lo; k <= hi; k++) {
        for (int h = from_lo; h <= from_hi; h++) {
            int column = k;
            if (reach >= 0 && column < h - reach) column = h - reach;
            if (reach >= 0 && column > h + reach) column = h + reach;
            if (near(target, clamp(candidates[column], 0, max))) return true;
        }
    }
    return false;
}

/* For one gesture: every snapping lands within [0, max_offset], on its kind of place (or a
 * clamp bound), and at the nearest such place to the projection. */
static bool snapping_for(const strip_fixture *fx, const columns *cols, double proposed,
                         double velocity, double rate) {
    cl_section_scroll scroll;
    if (!CHECK_OK(fx->layout, cl_layout_section_scroll(fx->layout, fx->section, &scroll, sizeof scroll)))
        return false;
    double e = line_extent(fx), max = scroll.max_offset;
    double projected = proposed + velocity / 1000 * rate / (1 - rate);
    double edges[MAX_COLUMNS], centres[MAX_COLUMNS];
    for (int i = 0; i < cols->count; i++) {
        edges[i] = cols->start[i] - leading_inset(fx);  /* the column's edge at the inset */
        centres[i] = cols->start[i] + cols->width[i] / 2 - e / 2;
    }
    bool ok = true;
    for (int32_t snapping = CL_SNAP_NONE; ok && snapping <= CL_SNAP_ITEM_CENTERED; snapping++) {
        double target = NAN;
        ok = CHECK_OK(fx->layout, cl_layout_section_target_offset(fx->layout, fx->section, proposed,
                                                                  velocity, snapping, rate, &target));
        bool placed = false;
        int n = cols->count;
        double unsnapped = clamp(projected, 0, max);  /* without columns, nothing to snap to */
        switch (snapping) {
        case CL_SNAP_NONE:
            placed = near(target, unsnapped);
            break;
        case CL_SNAP_PAGE:
            placed = near(target, clamp(round(projected / e) * e, 0, max));
            break;
        case CL_SNAP_ITEM:  /* the edge nearest the projection */
            placed = n == 0 ? near(target, unsnapped)
                            : snapped_to(edges, n, projected, 0, -1, target, max);
            break;
        case CL_SNAP_ITEM_CENTERED:  /* the centre nearest the projection */
            placed = n == 0 ? near(target, unsnapped)
                            : snapped_to(centres, n, projected, 0, -1, target, max);
            break;
        case CL_SNAP_ITEM_PAGING:  /* the same, at most one column from the current offset's */
            placed = n == 0 ? near(target, unsnapped)
                            : snapped_to(edges, n, projected, scroll.offset, 1, target, max);
            break;
        }
        ok = ok && CHECK(target >= 0 && target <= max && placed,
                         "seed %llu, section %lld: snapping %s of proposed %g, velocity %g, rate %g "
                         "(projected %g, current %g, max %g, %d columns, E %g) gave %g",
                         (unsigned long long)fx->seed, (long long)fx->section, snap_names[snapping],
                         proposed, velocity, rate, projected, scroll.offset, max, cols->count, e,
                         target);
    }
    /* Asking for a target does not move the section. */
    return ok && CHECK(current_offset(fx) == scroll.offset, "seed %llu: the target offset moved "
                       "the section", (unsigned long long)fx->seed);
}

static bool snapping_in_scene(strip_fixture *fx) {
    rng r = rng_seeded(fx->seed ^ 0x54A9);
    cl_section_scroll scroll;
    columns cols;
    bool ok = CHECK_OK(fx->layout, cl_layout_section_scroll(fx->layout, fx->section, &scroll, sizeof scroll)) &&
              read_columns(fx, scroll.offset, &cols);
    for (int i = 0; ok && i < 10; i++) {
        double proposed = rng_double(&r, -200, scroll.max_offset + 200);
        double velocity = rng_double(&r, -3000, 3000);
        double rate = i % 3 == 0 ? CL_DECELERATION_NORMAL
                      : i % 3 == 1 ? CL_DECELERATION_FAST : rng_double(&r, 0.5, 0.999);
        /* From a random current offset: item paging counts columns from there. */
        ok = CHECK_OK(fx->layout, cl_layout_set_section_offset(
                                      fx->layout, fx->section, rng_double(&r, 0, scroll.max_offset))) &&
             snapping_for(fx, &cols, proposed, velocity, rate);
    }
    return ok;
}

static void snapping_lands_in_place(void *context) {
    (void)context;
    for (uint64_t seed = 0; seed < SCENES; seed++) {
        strip_fixture fx;
        if (!strip_open(&fx, seed)) continue;
        bool ok = fx.layout && snapping_in_scene(&fx);
        strip_close(&fx);
        if (!ok) break;
    }
}

void orthogonal_tests(void) {
    run_test("orthogonal: offsets clamped after data, viewport and offset changes",
             offsets_are_clamped, NULL);
    run_test("orthogonal: every snapping lands on its place, within range", snapping_lands_in_place,
             NULL);
}
