/* Badges (SPEC §17.1) through the C ABI: cl_layout_add_badge and the item_badges callback, the
 * frame formula (the shared vector 26's badge frames, without its layout header), rect queries
 * that find a badge outside its cell, identity look-ups, badges following their cell through an
 * update and a movement, the bad inputs of §17.1 refused with the last good layout kept, and a
 * caller built before item_badges was appended. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "tests.h"

#define MAX_BADGES 16

/* Two sections of 4 items (2 columns of 150x100 in 320, rows 10 apart, headers of 30) and a
 * list of badges as (section, item, kind, own size). */
typedef struct badge_source {
    int64_t counts[2];
    int64_t section_count;
    struct { int64_t section; cl_item_badge badge; } list[MAX_BADGES];
    int badge_count;
    int calls;
    bool out_of_range;  /* answer one badge on an item not asked */
} badge_source;

static cl_status bs_section_count(void *user_data, int64_t *out) {
    *out = ((badge_source *)user_data)->section_count;
    return CL_OK;
}

static cl_status bs_item_count(void *user_data, int64_t section, int64_t *out) {
    *out = ((badge_source *)user_data)->counts[section];
    return CL_OK;
}

static cl_status bs_item_badges(void *user_data, int64_t section, int64_t first, int64_t count, cl_item_badge *out,
                                int64_t capacity, int64_t *out_count) {
    badge_source *b = user_data;
    b->calls++;
    int64_t n = 0;
    for (int k = 0; k < b->badge_count; k++) {
        if (b->list[k].section != section) continue;
        cl_item_badge badge = b->list[k].badge;
        if (badge.item < first || badge.item >= first + count) continue;
        if (n < capacity) out[n] = badge;
        n++;
    }
    if (b->out_of_range) {
        if (n < capacity) out[n] = (cl_item_badge){.item = first + count, .kind = b->list[0].badge.kind};
        n++;
    }
    *out_count = n;
    return CL_OK;
}

/* w -1: the kind's size. */
static void add(badge_source *b, int64_t section, int64_t item, int32_t kind, double w, double h) {
    b->list[b->badge_count].section = section;
    b->list[b->badge_count].badge = (cl_item_badge){.item = item, .kind = kind, .has_size = w != -1, .size = {w, h}};
    b->badge_count++;
}

static cl_layout *create(badge_source *b, int32_t *count_kind, int32_t *dot_kind) {
    *b = (badge_source){.counts = {4, 4}, .section_count = 2};
    cl_layout_def def = cl_layout_def_default();
    def.viewport = (cl_rect){0, 0, 320, 600};
    def.item_size = (cl_size){150, 100};
    def.interitem_spacing = 20;
    def.header = 30;
    cl_data_source source = cl_data_source_default();
    source.user_data = b;
    source.section_count = bs_section_count;
    source.item_count = bs_item_count;
    source.item_badges = bs_item_badges;
    cl_layout *layout = NULL;
    if (!CHECK_OK(NULL, cl_layout_create(&def, &source, &layout))) return NULL;
    CHECK(b->calls == 0, "no badge kind yet: item_badges asked %d times", b->calls);
    cl_badge_def count = cl_badge_def_default();
    count.size = (cl_size){20, 20};
    count.dx = 0.5;
    count.dy = -0.5;
    count.fractional = 1;
    cl_badge_def dot = cl_badge_def_default();
    dot.anchor = CL_EDGE_BOTTOM | CL_EDGE_LEADING;
    dot.badge_anchor = CL_EDGE_TOP | CL_EDGE_TRAILING;
    dot.size = (cl_size){8, 8};
    dot.dx = 2;
    dot.z = 2;
    CHECK_OK(layout, cl_layout_add_badge(layout, "count", &count, count_kind));
    CHECK_OK(layout, cl_layout_add_badge(layout, "dot", &dot, dot_kind));
    add(b, 0, 1, *count_kind, -1, 0);
    add(b, 0, 2, *dot_kind, -1, 0);
    add(b, 1, 0, *count_kind, 30, 20);
    CHECK_OK(layout, cl_layout_invalidate(layout));
    return layout;
}

static bool badge_is(cl_layout *layout, int32_t kind, int64_t section, int64_t item, cl_rect want, int32_t z) {
    cl_attributes a;
    if (!CHECK_OK(layout, cl_layout_attributes(layout, CL_CATEGORY_SUPPLEMENTARY, kind, section, item, &a, sizeof a)))
        return false;
    return CHECK(a.frame.x == want.x && a.frame.y == want.y && a.frame.width == want.width && a.frame.height == want.height && a.z == z,
                 "badge %d of (%lld, %lld) at (%g, %g, %g, %g) z %d, want (%g, %g, %g, %g) z %d", kind, (long long)section,
                 (long long)item, a.frame.x, a.frame.y, a.frame.width, a.frame.height, a.z, want.x, want.y, want.width,
                 want.height, z);
}

/* How many elements of a category and kind overlap rect. */
static int64_t count_in(cl_layout *layout, cl_rect rect, int32_t category, int32_t kind) {
    cl_attributes buffer[64];
    int64_t n = 0, found = 0;
    if (!CHECK_OK(layout, cl_layout_elements_in_rect(layout, rect, buffer, 64, sizeof buffer[0], &n))) return -1;
    for (int64_t k = 0; k < n; k++) found += buffer[k].category == category && buffer[k].kind == kind;
    return found;
}

static void frames(void *context) {
    (void)context;
    badge_source b;
    int32_t count, dot;
    cl_layout *layout = create(&b, &count, &dot);
    if (!layout) return;
    badge_is(layout, count, 0, 1, (cl_rect){310, 20, 20, 20}, 1);
    badge_is(layout, dot, 0, 2, (cl_rect){-6, 240, 8, 8}, 2);
    badge_is(layout, count, 1, 0, (cl_rect){135, 260, 30, 20}, 1);  /* its own size */
    cl_size size;
    CHECK_OK(layout, cl_layout_content_size(layout, &size));
    CHECK(size.width == 320 && size.height == 480, "badges change no content size: %gx%g", size.width, size.height);
    /* A cell without the badge, and a kind that is no badge on that cell. */
    cl_attributes a;
    CHECK(cl_layout_attributes(layout, CL_CATEGORY_SUPPLEMENTARY, dot, 0, 1, &a, sizeof a) == CL_ERROR_OUT_OF_RANGE,
          "cell (0, 1) carries no dot");
    /* Rect queries find a badge by its own frame, outside its cell: left of the content, and
     * above cell (0, 1) where only the count stands out. */
    CHECK(count_in(layout, (cl_rect){-6, 240, 5, 5}, CL_CATEGORY_SUPPLEMENTARY, dot) == 1, "the dot left of the content");
    CHECK(count_in(layout, (cl_rect){321, 21, 5, 5}, CL_CATEGORY_SUPPLEMENTARY, count) == 1, "the count right of the content");
    CHECK(count_in(layout, (cl_rect){0, 0, 320, 600}, CL_CATEGORY_SUPPLEMENTARY, count) == 2, "two counts in the content");
    cl_layout_destroy(layout);
}

static void updates_and_movement(void *context) {
    (void)context;
    badge_source b;
    int32_t count, dot;
    cl_layout *layout = create(&b, &count, &dot);
    if (!layout) return;
    /* Insert an item at 0 of section 0: the count of (0, 1) follows its cell to (0, 2). The
     * source answers with the list moved; the inserted item carries a dot. */
    b.counts[0] = 5;
    b.list[0].badge.item = 2;
    b.list[1].badge.item = 3;
    add(&b, 0, 0, dot, -1, 0);
    b.calls = 0;
    cl_index_path inserted = {0, 0};
    cl_batch_update update = cl_batch_update_default();
    update.insert_items = &inserted;
    update.insert_item_count = 1;
    cl_update_summary summary;
    if (CHECK_OK(layout, cl_layout_perform_batch_update(layout, &update, &summary, sizeof summary))) {
        CHECK(b.calls == 1, "only the inserted item is asked its badges (%d calls)", b.calls);
        badge_is(layout, count, 0, 2, (cl_rect){0 + 150 - 10, 140 - 10, 20, 20}, 1);
        badge_is(layout, dot, 0, 0, (cl_rect){-6, 130, 8, 8}, 2);
        /* The inserted dot is among the inserted identities. */
        cl_attributes ids[16];
        int64_t n = 0, dots = 0;
        CHECK_OK(layout, cl_layout_update_identities(layout, 1, ids, 16, sizeof ids[0], &n));
        for (int64_t k = 0; k < n; k++) dots += ids[k].kind == dot && ids[k].section == 0 && ids[k].item == 0;
        CHECK(dots == 1, "the new dot is inserted (%lld identities)", (long long)n);
    }
    /* Movement: the count of (0, 2) goes with the dragged frame, z 101. */
    cl_index_path target;
    if (CHECK_OK(layout, cl_layout_begin_movement(layout, (cl_index_path){0, 2}))) {
        CHECK_OK(layout, cl_layout_update_movement(layout, 1000, 1000, &target));
        badge_is(layout, count, 0, 2, (cl_rect){1000 + 75 - 10, 1000 - 50 - 10, 20, 20}, 101);
        CHECK_OK(layout, cl_layout_cancel_movement(layout));
    }
    /* Invalidating an item asks its badges again: the count goes. */
    b.list[0].badge.kind = dot;
    cl_index_path item = {0, 2};
    CHECK_OK(layout, cl_layout_invalidate_items(layout, &item, 1));
    badge_is(layout, dot, 0, 2, (cl_rect){-6, 240, 8, 8}, 2);
    cl_attributes a;
    CHECK(cl_layout_attributes(layout, CL_CATEGORY_SUPPLEMENTARY, count, 0, 2, &a, sizeof a) == CL_ERROR_OUT_OF_RANGE,
          "the count of (0, 2) is gone");
    cl_layout_destroy(layout);
}

static void bad_input(void *context) {
    (void)context;
    badge_source b;
    int32_t count, dot, kind;
    cl_layout *layout = create(&b, &count, &dot);
    if (!layout) return;
    cl_badge_def def = cl_badge_def_default();
    def.anchor = CL_EDGE_TOP | CL_EDGE_BOTTOM;
    CHECK(cl_layout_add_badge(layout, "opposite", &def, &kind) == CL_ERROR_INVALID_ARGUMENT &&
              strstr(cl_layout_last_error(layout), "opposite"), "opposite edges: %s", cl_layout_last_error(layout));
    def = cl_badge_def_default();
    def.anchor = 16;
    CHECK(cl_layout_add_badge(layout, "bits", &def, &kind) == CL_ERROR_INVALID_ARGUMENT, "an unknown edge bit");
    def = cl_badge_def_default();
    def.size.width = -1;
    CHECK(cl_layout_add_badge(layout, "small", &def, &kind) == CL_ERROR_INVALID_ARGUMENT, "a negative size");
    def = cl_badge_def_default();
    def.dx = 1.0 / 0.0;
    CHECK(cl_layout_add_badge(layout, "far", &def, &kind) == CL_ERROR_INVALID_ARGUMENT, "an infinite offset");
    def = cl_badge_def_default();
    CHECK(cl_layout_add_badge(layout, "count", &def, &kind) == CL_ERROR_INVALID_ARGUMENT, "a badge kind twice");
    CHECK(cl_layout_add_badge(layout, "header", &def, &kind) == CL_ERROR_INVALID_ARGUMENT, "a reserved kind");
    cl_decoration_def decoration = cl_decoration_def_default();
    CHECK_OK(layout, cl_layout_add_decoration(layout, "panel", &decoration, &kind));
    CHECK(cl_layout_add_badge(layout, "panel", &def, &kind) == CL_ERROR_INVALID_ARGUMENT, "a decoration's name");
    CHECK(cl_layout_add_decoration(layout, "dot", &decoration, &kind) == CL_ERROR_INVALID_ARGUMENT, "a badge's name as decoration");
    /* Bad answers: the last good layout stays (the count of (0, 1) is still there). */
    struct { const char *why; void (*spoil)(badge_source *, int32_t); } cases[] = {
        {"two of a kind", NULL}, {"a kind not a badge", NULL}, {"a negative own size", NULL}, {"an item not asked", NULL},
    };
    for (int c = 0; c < 4; c++) {
        badge_source saved = b;
        if (c == 0) add(&b, 0, 1, count, -1, 0);
        if (c == 1) add(&b, 0, 3, CL_KIND_HEADER, -1, 0);
        if (c == 2) add(&b, 0, 3, dot, -4, 4);
        if (c == 3) b.out_of_range = true;
        cl_status status = cl_layout_invalidate(layout);
        CHECK(status == CL_ERROR_BAD_CALLBACK_DATA && strstr(cl_layout_last_error(layout), "item_badges"),
              "%s: status %d, %s", cases[c].why, status, cl_layout_last_error(layout));
        b = saved;
        badge_is(layout, count, 0, 1, (cl_rect){310, 20, 20, 20}, 1);
    }
    cl_layout_destroy(layout);
}

/* A caller built before item_badges: its struct ends at item_spans, and no badge is asked. */
static void older_source(void *context) {
    (void)context;
    badge_source b = {.counts = {2, 2}, .section_count = 1};
    cl_layout_def def = cl_layout_def_default();
    cl_data_source source = cl_data_source_default();
    source.struct_size = (uint32_t)offsetof(cl_data_source, item_badges);
    source.user_data = &b;
    source.item_count = bs_item_count;
    cl_layout *layout = NULL;
    CHECK_OK(NULL, cl_layout_create(&def, &source, &layout));
    cl_badge_def badge = cl_badge_def_default();
    int32_t kind;
    CHECK_OK(layout, cl_layout_add_badge(layout, "count", &badge, &kind));
    CHECK_OK(layout, cl_layout_invalidate(layout));
    CHECK(b.calls == 0, "an older struct's item_badges is never read");
    cl_layout_destroy(layout);
}

void badge_tests(void) {
    run_test("badges: frames of SPEC 17.1 and rect queries", frames, NULL);
    run_test("badges: follow their cell through updates, movement, invalidation", updates_and_movement, NULL);
    run_test("badges: bad input keeps the last good layout", bad_input, NULL);
    run_test("badges: a data source built before item_badges", older_source, NULL);
}
