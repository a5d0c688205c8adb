/* Grid, waterfall and custom sections (SPEC §5) and per-section decoration kinds (§7), through
 * the C ABI: frames checked by hand against the rules, in both directions, and bad input for
 * each new field and callback (columns, decoration kinds, element_limit, custom_frames). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "elements.h"
#include "scene.h"
#include "tests.h"

/* ---- Hand-checked frames ----------------------------------------------------------------- */

typedef struct want_element {
    int32_t category, kind;
    int64_t section, item;
    double x, y, w, h;
} want_element;

#define CELL(s, i, x, y, w, h) {CL_CATEGORY_CELL, CL_KIND_CELL, s, i, x, y, w, h}
#define HEADER(s, x, y, w, h) {CL_CATEGORY_SUPPLEMENTARY, CL_KIND_HEADER, s, 0, x, y, w, h}
#define INLINE(k, s, before, x, y, w, h) {CL_CATEGORY_SUPPLEMENTARY, CL_KIND_FIRST_USER + (k), s, before, x, y, w, h}

typedef struct frames_case {
    const char *name;
    const char *scene;
    cl_size content;
    const want_element *elements;
    size_t count;
} frames_case;

static bool near(double a, double b) { return fabs(a - b) <= 1e-9; }

/* Each element by identity has its frame; the content size; and every element the scene has
 * (fetched by identity) is what a rect query over everything returns, no more. */
static void check_frames(void *context) {
    const frames_case *c = context;
    scene sc;
    char error[256];
    if (!CHECK(scene_parse(&sc, c->scene, error, sizeof error), "%s: %s", c->name, error)) return;
    cl_layout *layout = NULL;
    if (CHECK_OK(layout, scene_create_layout(&sc, NULL, &layout))) {
        cl_size size;
        if (CHECK_OK(layout, cl_layout_content_size(layout, &size)))
            CHECK(near(size.width, c->content.width) && near(size.height, c->content.height),
                  "%s: content size (%g, %g), want (%g, %g)", c->name, size.width, size.height,
                  c->content.width, c->content.height);
        for (size_t i = 0; i < c->count; i++) {
            const want_element *w = &c->elements[i];
            cl_attributes a;
            if (!CHECK_OK(layout, cl_layout_attributes(layout, w->category, w->kind, w->section, w->item, &a, sizeof a)))
                continue;
            CHECK(near(a.frame.x, w->x) && near(a.frame.y, w->y) && near(a.frame.width, w->w) &&
                      near(a.frame.height, w->h),
                  "%s: %s kind %d (%lld, %lld) at (%g, %g, %g, %g), want (%g, %g, %g, %g)", c->name,
                  category_name(w->category), w->kind, (long long)w->section, (long long)w->item,
                  a.frame.x, a.frame.y, a.frame.width, a.frame.height, w->x, w->y, w->w, w->h);
        }
        element_list all = {0};
        if (scene_elements_by_identity(&sc, layout, &all) == CL_OK)
            check_rect_query(layout, &all, content_rect(all.content_size, 1000), c->name);
        element_list_free(&all);
    }
    cl_layout_destroy(layout);
    scene_free(&sc);
}

/* Grid (§5): 3 columns of (280 − 2·5)/3 = 90 from the leading inset 20; rows as thick as their
 * thickest item, items centred in them; the header spans the line axis. */
static const want_element grid_vertical[] = {
    HEADER(0, 0, 0, 320, 30),
    CELL(0, 0, 20, 50, 90, 40), CELL(0, 1, 115, 40, 90, 60), CELL(0, 2, 210, 45, 90, 50),
    CELL(0, 3, 20, 128, 90, 30), CELL(0, 4, 115, 128, 90, 30), CELL(0, 5, 210, 108, 90, 70),
    CELL(0, 6, 20, 186, 90, 20),
};
static const char grid_vertical_scene[] =
    "{\"viewport\": [0, 0, 320, 600], \"sections\": [{\"style\": \"grid\", \"columns\": 3,"
    " \"insets\": [10, 20, 10, 20], \"interitem_spacing\": 5, \"line_spacing\": 8, \"header\": 30,"
    " \"items\": [[10, 40], [10, 60], [10, 50], [10, 30], [10, 30], [10, 70], [10, 20]]}]}";

/* An inline element ends the run: item 3 alone in its row, the separator a line of its own
 * spanning A from the leading inset, item 4 at column 0 of a new row; cross alignment end. */
static const want_element grid_inline[] = {
    CELL(0, 0, 20, 60, 90, 40), CELL(0, 1, 115, 40, 90, 60), CELL(0, 2, 210, 50, 90, 50),
    CELL(0, 3, 20, 108, 90, 30), INLINE(0, 0, 4, 20, 146, 280, 5),
    CELL(0, 4, 20, 199, 90, 30), CELL(0, 5, 115, 159, 90, 70), CELL(0, 6, 210, 209, 90, 20),
};
static const char grid_inline_scene[] =
    "{\"viewport\": [0, 0, 320, 600], \"sections\": [{\"style\": \"grid\", \"columns\": 3,"
    " \"insets\": [10, 20, 10, 20], \"interitem_spacing\": 5, \"line_spacing\": 8, \"header\": 30,"
    " \"cross_alignment\": \"end\", \"inline\": [{\"kind\": \"separator\", \"before\": 4, \"extent\": 5}],"
    " \"items\": [[10, 40], [10, 60], [10, 50], [10, 30], [10, 30], [10, 70], [10, 20]]}]}";

/* Horizontal: the line axis is y, from insets.top 10 to 300 − insets.bottom 20: two columns of
 * (270 − 10)/2 = 130; items keep their widths; the body starts after the header and insets.left. */
static const want_element grid_horizontal[] = {
    HEADER(0, 0, 0, 20, 300),
    CELL(0, 0, 40, 10, 50, 130), CELL(0, 1, 25, 150, 80, 130), CELL(0, 2, 115, 10, 30, 130),
};
static const char grid_horizontal_scene[] =
    "{\"viewport\": [0, 0, 500, 300], \"layout\": {\"direction\": \"horizontal\"},"
    " \"sections\": [{\"style\": \"grid\", \"insets\": [10, 5, 20, 15], \"interitem_spacing\": 10,"
    " \"line_spacing\": 10, \"header\": 20, \"items\": [[50, 7], [80, 7], [30, 7]]}]}";

/* Columns wider than the line: (20 − 3·10)/4 < 0, so every column is 0 wide, 10 apart. */
static const want_element grid_narrow[] = {
    CELL(0, 0, 0, 0, 0, 10), CELL(0, 1, 10, 0, 0, 10), CELL(0, 2, 20, 0, 0, 10),
    CELL(0, 3, 30, 0, 0, 10), CELL(0, 4, 0, 10, 0, 10),
};
static const char grid_narrow_scene[] =
    "{\"viewport\": [0, 0, 20, 100], \"sections\": [{\"style\": \"grid\", \"columns\": 4,"
    " \"interitem_spacing\": 10, \"item_count\": 5, \"item_size\": [5, 10]}]}";

/* Waterfall (§5): each item to the column whose end is smallest (ties: the lowest index),
 * line_spacing after an item; columns of (310 − 2·5)/3 = 100 from x 10. */
static const want_element waterfall_vertical[] = {
    CELL(0, 0, 10, 0, 100, 50), CELL(0, 1, 115, 0, 100, 30), CELL(0, 2, 220, 0, 100, 40),
    CELL(0, 3, 115, 34, 100, 20), CELL(0, 4, 220, 44, 100, 60), CELL(0, 5, 10, 54, 100, 10),
};
static const char waterfall_vertical_scene[] =
    "{\"viewport\": [0, 0, 330, 400], \"sections\": [{\"style\": \"waterfall\", \"columns\": 3,"
    " \"insets\": [0, 10, 0, 10], \"interitem_spacing\": 5, \"line_spacing\": 4,"
    " \"items\": [[1, 50], [1, 30], [1, 40], [1, 20], [1, 60], [1, 10]]}]}";

/* Two inline elements before item 3: the first after the largest column end (50) plus
 * line_spacing, the next line_spacing after it; then every column restarts after them. */
static const want_element waterfall_inline[] = {
    CELL(0, 0, 10, 0, 100, 50), CELL(0, 1, 115, 0, 100, 30), CELL(0, 2, 220, 0, 100, 40),
    INLINE(0, 0, 3, 10, 54, 310, 6), INLINE(1, 0, 3, 10, 64, 310, 2),
    CELL(0, 3, 10, 70, 100, 20), CELL(0, 4, 115, 70, 100, 60), CELL(0, 5, 220, 70, 100, 10),
};
static const char waterfall_inline_scene[] =
    "{\"viewport\": [0, 0, 330, 400], \"sections\": [{\"style\": \"waterfall\", \"columns\": 3,"
    " \"insets\": [0, 10, 0, 10], \"interitem_spacing\": 5, \"line_spacing\": 4,"
    " \"inline\": [{\"kind\": \"separator\", \"before\": 3, \"extent\": 6},"
    "              {\"kind\": \"divider\", \"before\": 3, \"extent\": 2}],"
    " \"items\": [[1, 50], [1, 30], [1, 40], [1, 20], [1, 60], [1, 10]]}]}";

/* Horizontal: columns are rows of 100 along y; items keep their widths. */
static const want_element waterfall_horizontal[] = {
    CELL(0, 0, 0, 0, 30, 100), CELL(0, 1, 0, 100, 10, 100), CELL(0, 2, 12, 100, 10, 100),
    CELL(0, 3, 24, 100, 5, 100),
};
static const char waterfall_horizontal_scene[] =
    "{\"viewport\": [0, 0, 400, 200], \"layout\": {\"direction\": \"horizontal\"},"
    " \"sections\": [{\"style\": \"waterfall\", \"line_spacing\": 2,"
    " \"items\": [[30, 1], [10, 1], [10, 1], [5, 1]]}]}";

/* Custom (§5): frames body-relative along the scroll axis (the body starts after the header and
 * insets.top), content coordinates along the line axis (insets.left does not move them, a
 * negative x is allowed); the body is as long as the largest end (60 + 0 < 10 + 80); a flow
 * section follows. */
static const want_element custom_vertical[] = {
    HEADER(0, 0, 0, 300, 20),
    CELL(0, 0, 0, 25, 100, 50), CELL(0, 1, 120, 35, 50, 80), CELL(0, 2, -10, 85, 30, 0),
    CELL(1, 0, 0, 118, 50, 50),
};
static const char custom_vertical_scene[] =
    "{\"viewport\": [0, 0, 300, 500], \"sections\": ["
    " {\"style\": \"custom\", \"header\": 20, \"insets\": [5, 7, 3, 0],"
    "  \"frames\": [[0, 0, 100, 50], [120, 10, 50, 80], [-10, 60, 30, 0]]},"
    " {\"item_count\": 1, \"item_size\": [50, 50], \"interitem_spacing\": 10}]}";

/* Horizontal: x is body-relative (after header 10 and insets.left 4), y is content y. */
static const want_element custom_horizontal[] = {
    HEADER(0, 0, 0, 10, 200), CELL(0, 0, 14, 20, 40, 40), CELL(0, 1, 64, -5, 10, 10),
};
static const char custom_horizontal_scene[] =
    "{\"viewport\": [0, 0, 400, 200], \"layout\": {\"direction\": \"horizontal\"}, \"sections\": ["
    " {\"style\": \"custom\", \"header\": 10, \"insets\": [0, 4, 0, 6],"
    "  \"frames\": [[0, 20, 40, 40], [50, -5, 10, 10]]}]}";

/* Without items the body is empty: header and insets only. */
static const want_element custom_empty[] = {HEADER(0, 0, 0, 300, 10)};
static const char custom_empty_scene[] =
    "{\"viewport\": [0, 0, 300, 500], \"sections\": ["
    " {\"style\": \"custom\", \"header\": 10, \"insets\": [2, 0, 3, 0], \"frames\": []}]}";

#define FRAMES_CASE(name, list, scene, w, h) {name, scene, {w, h}, list, sizeof list / sizeof list[0]}

static const frames_case frames_cases[] = {
    FRAMES_CASE("grid: rows, columns, centred", grid_vertical, grid_vertical_scene, 320, 216),
    FRAMES_CASE("grid: an inline element ends the run", grid_inline, grid_inline_scene, 320, 239),
    FRAMES_CASE("grid: horizontal", grid_horizontal, grid_horizontal_scene, 160, 300),
    FRAMES_CASE("grid: columns of width 0", grid_narrow, grid_narrow_scene, 20, 20),
    FRAMES_CASE("waterfall: shortest column first", waterfall_vertical, waterfall_vertical_scene, 330, 104),
    FRAMES_CASE("waterfall: inline elements span all columns", waterfall_inline, waterfall_inline_scene, 330, 130),
    FRAMES_CASE("waterfall: horizontal", waterfall_horizontal, waterfall_horizontal_scene, 30, 200),
    FRAMES_CASE("custom: body-relative frames, a flow section after", custom_vertical, custom_vertical_scene, 300, 168),
    FRAMES_CASE("custom: horizontal", custom_horizontal, custom_horizontal_scene, 80, 200),
    FRAMES_CASE("custom: no items", custom_empty, custom_empty_scene, 300, 15),
};

/* ---- Per-section decoration kinds (§7) --------------------------------------------------- */

static const char decorated_scene[] =
    "{\"viewport\": [0, 0, 300, 600], \"layout\": {\"decorations\": ["
    "   {\"kind\": \"card\", \"coverage\": \"section\", \"z\": -2},"
    "   {\"kind\": \"shadow\", \"scope\": \"item\", \"insets\": [-1, -1, -1, -1]},"
    "   {\"kind\": \"body\"}]},"
    " \"sections\": ["
    "  {\"item_count\": 2, \"item_size\": [100, 40], \"header\": 20},"
    "  {\"item_count\": 2, \"item_size\": [100, 40], \"header\": 20, \"decorations\": [\"shadow\"]},"
    "  {\"item_count\": 2, \"item_size\": [100, 40], \"header\": 20, \"decorations\": []},"
    "  {\"item_count\": 2, \"item_size\": [100, 40], \"header\": 20, \"decorations\": [\"card\", \"body\"]}]}";

static bool has(const cl_layout *layout, int32_t kind, int64_t section, int64_t item, cl_attributes *a) {
    return cl_layout_attributes(layout, CL_CATEGORY_DECORATION, kind, section, item, a, sizeof *a) == CL_OK;
}

static int count_decorations(const cl_layout *layout) {
    element_list all = {0};
    int n = 0;
    if (CHECK_OK(layout, elements_all(layout, &all)))
        for (size_t i = 0; i < all.count; i++) n += all.items[i].attributes.category == CL_CATEGORY_DECORATION;
    element_list_free(&all);
    return n;
}

static void section_decorations(void *context) {
    (void)context;
    scene sc;
    char error[256];
    if (!CHECK(scene_parse(&sc, decorated_scene, error, sizeof error), "%s", error)) return;
    cl_layout *layout = NULL;
    if (!CHECK_OK(layout, scene_create_layout(&sc, NULL, &layout))) {
        cl_layout_destroy(layout);
        scene_free(&sc);
        return;
    }
    int32_t card = sc.decorations[0].kind, shadow = sc.decorations[1].kind, body = sc.decorations[2].kind;
    /* What each section shows: all; shadows only; none; card and body. */
    static const bool shows[4][3] = {{true, true, true}, {false, true, false}, {false, false, false}, {true, false, true}};
    const int32_t kinds[3] = {card, shadow, body};
    cl_attributes a;
    for (int64_t s = 0; s < 4; s++)
        for (int k = 0; k < 3; k++)
            for (int64_t item = 0; item < (k == 1 ? 2 : 1); item++)
                CHECK(has(layout, kinds[k], s, item, &a) == shows[s][k],
                      "section %lld %s decoration %s (%lld)", (long long)s, shows[s][k] ? "lacks" : "has",
                      sc.decorations[k].kind_name, (long long)item);
    CHECK(count_decorations(layout) == 8, "%d decorations in a query of everything, want 8", count_decorations(layout));
    /* Frames as for any section: section 3 spans 180...240 (header 20, one line of 40). */
    if (CHECK(has(layout, card, 3, 0, &a), "no card in section 3"))
        CHECK(a.frame.x == 0 && a.frame.y == 180 && a.frame.width == 300 && a.frame.height == 60 && a.z == -2,
              "card of section 3 at (%g, %g, %g, %g) z %d", a.frame.x, a.frame.y, a.frame.width, a.frame.height, a.z);
    if (CHECK(has(layout, shadow, 1, 1, &a), "no shadow of item (1, 1)"))
        CHECK(a.frame.x == 99 && a.frame.y == 79 && a.frame.width == 102 && a.frame.height == 42,
              "shadow of (1, 1) at (%g, %g, %g, %g)", a.frame.x, a.frame.y, a.frame.width, a.frame.height);

    /* A decoration registered later shows in the section that shows every kind, not in those
     * that list theirs. */
    int32_t late = -1;
    cl_decoration_def def = cl_decoration_def_default();
    if (CHECK_OK(layout, cl_layout_add_decoration(layout, "late", &def, &late))) {
        CHECK(has(layout, late, 0, 0, &a), "the late decoration is missing from section 0");
        for (int64_t s = 1; s < 4; s++)
            CHECK(!has(layout, late, s, 0, &a), "section %lld shows the late decoration it does not list", (long long)s);
    }
    /* A section's list changes: invalidating the section takes it. */
    scene_section *third = &sc.sections[2];
    third->decoration_name_count = 1;
    free(third->decoration_names);
    free(third->decoration_ids);
    third->decoration_names = test_calloc(1, sizeof *third->decoration_names);
    third->decoration_ids = test_calloc(1, sizeof *third->decoration_ids);
    strcpy(third->decoration_names[0], "card");
    third->decoration_ids[0] = card;
    int64_t section = 2;
    if (CHECK_OK(layout, cl_layout_invalidate_sections(layout, &section, 1)))
        CHECK(has(layout, card, 2, 0, &a) && !has(layout, shadow, 2, 0, &a),
              "section 2 shows the card and nothing else after its list changed");
    cl_layout_destroy(layout);
    scene_free(&sc);
}

/* ---- Bad input for the new fields and callbacks -------------------------------------------- */

/* A scene with a custom section (0), a grid section (1) and a waterfall section (2), served
 * through a wrapper that breaks one thing at a time. */
static const char styles_scene[] =
    "{\"viewport\": [0, 0, 320, 400], \"layout\": {\"direction\": \"vertical\", \"decorations\": ["
    "   {\"kind\": \"card\", \"coverage\": \"section\"}]},"
    " \"sections\": ["
    "  {\"style\": \"custom\", \"header\": 20, \"frames\": [[0, 0, 100, 50], [110, 0, 100, 80],"
    "   [0, 60, 200, 20], [220, 10, 90, 90]]},"
    "  {\"style\": \"grid\", \"columns\": 3, \"item_count\": 7, \"item_size\": [50, 40],"
    "   \"inline\": [{\"kind\": \"separator\", \"before\": 2, \"extent\": 3}]},"
    "  {\"style\": \"waterfall\", \"columns\": 2, \"items\": [[1, 30], [1, 50], [1, 20]]}]}";

typedef enum style_fault {
    NONE,
    FRAME,           /* the first frame of every custom batch is `frame` */
    CUSTOM_FAILS,    /* custom_frames returns failure */
    CUSTOM_REENTERS, /* custom_frames calls into the layout */
    METRICS,         /* section `section`'s metrics get columns / decoration kinds below */
    CUSTOM_INLINE,   /* the custom section reports an inline element */
} style_fault;

typedef struct style_source {
    cl_data_source inner;
    style_fault fault;
    cl_rect frame;
    int64_t section;
    bool set_columns;
    int32_t columns;
    bool set_decorations;
    int32_t decoration_count;
    const int32_t *decorations;
    cl_layout *layout;
    cl_status reentrant[2];
    int64_t custom_calls, custom_items;  /* counted */
    double line_extent;                  /* as the last custom_frames call got it */
} style_source;

static cl_status style_count(void *u, int64_t *out) {
    style_source *f = u;
    return f->inner.section_count(f->inner.user_data, out);
}
static cl_status style_items(void *u, int64_t s, int64_t *out) {
    style_source *f = u;
    return f->inner.item_count(f->inner.user_data, s, out);
}
static cl_status style_sizes(void *u, int64_t s, int64_t first, int64_t count, cl_size *out) {
    style_source *f = u;
    return f->inner.item_sizes(f->inner.user_data, s, first, count, out);
}
static cl_status style_metrics(void *u, int64_t s, cl_section_metrics *inout) {
    style_source *f = u;
    cl_status status = f->inner.section_metrics(f->inner.user_data, s, inout);
    if (f->fault == METRICS && s == f->section) {
        if (f->set_columns) inout->columns = f->columns;
        if (f->set_decorations) {
            inout->decoration_kind_count = f->decoration_count;
            inout->decoration_kinds = f->decorations;
        }
    }
    return status;
}
static cl_status style_inlines(void *u, int64_t s, cl_inline_element *out, int64_t capacity, int64_t *count) {
    style_source *f = u;
    if (f->fault == CUSTOM_INLINE && s == 0) {
        cl_inline_element e = {CL_KIND_FIRST_USER, 0, 1, 4};
        if (capacity > 0) out[0] = e;
        *count = 1;
        return CL_OK;
    }
    return f->inner.inline_elements(f->inner.user_data, s, out, capacity, count);
}
static cl_status style_frames(void *u, int64_t s, int64_t first, int64_t count, double line_extent, cl_rect *out) {
    style_source *f = u;
    f->custom_calls++;
    f->custom_items += count;
    f->line_extent = line_extent;
    if (f->fault == CUSTOM_FAILS) return 7;
    if (f->fault == CUSTOM_REENTERS) {
        cl_size size;
        f->reentrant[0] = cl_layout_content_size(f->layout, &size);
        f->reentrant[1] = cl_layout_invalidate(f->layout);
        return f->reentrant[1];
    }
    cl_status status = f->inner.custom_frames(f->inner.user_data, s, first, count, line_extent, out);
    if (f->fault == FRAME && count > 0) out[0] = f->frame;
    return status;
}

static cl_data_source style_data_source(style_source *f) {
    cl_data_source source = cl_data_source_default();
    source.user_data = f;
    source.section_count = style_count;
    source.item_count = style_items;
    source.item_sizes = style_sizes;
    source.section_metrics = style_metrics;
    source.inline_elements = style_inlines;
    source.custom_frames = style_frames;
    return source;
}

typedef struct style_fixture {
    scene scene;
    style_source source;
    cl_layout *layout;
    element_list good;
} style_fixture;

static bool style_fixture_open(style_fixture *fx) {
    char error[256];
    memset(fx, 0, sizeof *fx);
    if (!CHECK(scene_parse(&fx->scene, styles_scene, error, sizeof error), "%s", error)) return false;
    fx->source.inner = scene_data_source(&fx->scene);
    cl_data_source source = style_data_source(&fx->source);
    bool ok = CHECK_OK(fx->layout, scene_create_layout(&fx->scene, &source, &fx->layout)) &&
              CHECK_OK(fx->layout, elements_all(fx->layout, &fx->good));
    fx->source.layout = fx->layout;
    return ok;
}

static void style_fixture_close(style_fixture *fx) {
    cl_layout_destroy(fx->layout);
    scene_free(&fx->scene);
    element_list_free(&fx->good);
}

/* A call that must fail with `want`, say why, and leave the last good layout. */
#define EXPECT_STYLE_FAILURE(fx, call, want, ...) \
    expect_style_failure((fx), (call), (want), #call, __LINE__, __VA_ARGS__)

static void expect_style_failure(style_fixture *fx, cl_status got, cl_status want, const char *call,
                                 int line, const char *what) {
    fx->source.fault = NONE;
    char context[256];
    snprintf(context, sizeof context, "%s (%s)", what, call);
    check_status(fx->layout, got, want, context, __FILE__, line);
    const char *message = cl_layout_last_error(fx->layout);
    check_that(message && message[0], __FILE__, line, "%s: no message", context);
    element_list now = {0};
    if (check_status(fx->layout, elements_all(fx->layout, &now), CL_OK, context, __FILE__, line))
        elements_match(&fx->good, &now, context);
    element_list_free(&now);
}

static void bad_custom_frames(style_fixture *fx) {
    cl_index_path first = {0, 0};
    /* Non-finite numbers anywhere, negative sizes, a scroll-axis origin (y here) below 0. */
    static const cl_rect bad[] = {
        {NAN, 0, 10, 10}, {0, NAN, 10, 10}, {0, 0, NAN, 10}, {0, 0, 10, NAN},
        {INFINITY, 0, 10, 10}, {-INFINITY, 0, 10, 10}, {0, INFINITY, 10, 10}, {0, 0, INFINITY, 10},
        {0, 0, 10, INFINITY}, {0, 0, -1, 10}, {0, 0, 10, -0.5}, {0, -1, 10, 10}, {0, -1e-9, 10, 10},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char what[128];
        snprintf(what, sizeof what, "custom frame (%g, %g, %g, %g)", bad[i].x, bad[i].y, bad[i].width, bad[i].height);
        fx->source.fault = FRAME, fx->source.frame = bad[i];
        EXPECT_STYLE_FAILURE(fx, cl_layout_invalidate(fx->layout), CL_ERROR_BAD_CALLBACK_DATA, what);
        fx->source.fault = FRAME, fx->source.frame = bad[i];
        EXPECT_STYLE_FAILURE(fx, cl_layout_invalidate_items(fx->layout, &first, 1), CL_ERROR_BAD_CALLBACK_DATA, what);
    }
    /* A line-axis origin of any sign is fine (§11). */
    cl_rect left = {-30, 0, 100, 50};
    fx->source.fault = FRAME, fx->source.frame = left;
    CHECK_OK(fx->layout, cl_layout_invalidate(fx->layout));
    fx->source.fault = NONE;
    CHECK_OK(fx->layout, cl_layout_invalidate(fx->layout));
}

static void failing_and_reentrant_custom_callback(style_fixture *fx) {
    cl_index_path first = {0, 1};
    fx->source.fault = CUSTOM_FAILS;
    EXPECT_STYLE_FAILURE(fx, cl_layout_invalidate(fx->layout), CL_ERROR_CALLBACK, "custom_frames fails");
    fx->source.fault = CUSTOM_FAILS;
    EXPECT_STYLE_FAILURE(fx, cl_layout_invalidate_items(fx->layout, &first, 1), CL_ERROR_CALLBACK,
                         "custom_frames fails for one item");
    fx->source.fault = CUSTOM_REENTERS;
    fx->source.reentrant[0] = fx->source.reentrant[1] = CL_OK;
    EXPECT_STYLE_FAILURE(fx, cl_layout_invalidate(fx->layout), CL_ERROR_CALLBACK, "custom_frames calls back in");
    CHECK(fx->source.reentrant[0] == CL_ERROR_REENTRANT && fx->source.reentrant[1] == CL_ERROR_REENTRANT,
          "from inside custom_frames: content_size %d, invalidate %d, want CL_ERROR_REENTRANT",
          fx->source.reentrant[0], fx->source.reentrant[1]);
    /* Inline elements are not for custom sections. */
    fx->source.fault = CUSTOM_INLINE;
    int64_t custom = 0;
    EXPECT_STYLE_FAILURE(fx, cl_layout_invalidate_sections(fx->layout, &custom, 1), CL_ERROR_BAD_CALLBACK_DATA,
                         "an inline element in a custom section");
    CHECK_OK(fx->layout, cl_layout_invalidate(fx->layout));
}

/* Only what an invalidation names is asked again, in batches; the callback gets the line extent. */
static void custom_frames_asked_sparingly(style_fixture *fx) {
    fx->source.custom_calls = fx->source.custom_items = 0;
    cl_index_path two[] = {{0, 3}, {0, 1}};
    if (CHECK_OK(fx->layout, cl_layout_invalidate_items(fx->layout, two, 2)))
        CHECK(fx->source.custom_items == 2, "invalidating 2 custom items asked %lld frames in %lld calls",
              (long long)fx->source.custom_items, (long long)fx->source.custom_calls);
    fx->source.custom_calls = fx->source.custom_items = 0;
    if (CHECK_OK(fx->layout, cl_layout_invalidate(fx->layout)))
        CHECK(fx->source.custom_items == 4 && fx->source.custom_calls == 1 && fx->source.line_extent == 320,
              "a full pass asked %lld frames in %lld calls, line extent %g; want 4 in 1, 320",
              (long long)fx->source.custom_items, (long long)fx->source.custom_calls, fx->source.line_extent);
    element_list now = {0};
    if (CHECK_OK(fx->layout, elements_all(fx->layout, &now))) elements_match(&fx->good, &now, "after asking again");
    element_list_free(&now);
}

static void bad_columns_and_decoration_kinds(style_fixture *fx) {
    static const int32_t bad_columns[] = {0, -1, INT32_MIN};
    for (int64_t s = 1; s <= 2; s++)
        for (size_t i = 0; i < sizeof bad_columns / sizeof bad_columns[0]; i++) {
            fx->source.fault = METRICS, fx->source.section = s;
            fx->source.set_columns = true, fx->source.columns = bad_columns[i];
            char what[96];
            snprintf(what, sizeof what, "columns %d from section_metrics of section %lld", bad_columns[i], (long long)s);
            EXPECT_STYLE_FAILURE(fx, cl_layout_invalidate_sections(fx->layout, &s, 1), CL_ERROR_BAD_CALLBACK_DATA, what);
        }
    fx->source.set_columns = false;

    int64_t s = 1;
    /* A list names registered user kinds (a decoration added later by such a name keeps its id);
     * anything else is unknown. */
    const int32_t unknown[] = {999}, header[] = {CL_KIND_HEADER}, cell[] = {CL_KIND_CELL}, negative[] = {-3};
    const struct { int32_t count; const int32_t *list; cl_status want; const char *what; } cases[] = {
        {-2, NULL, CL_ERROR_BAD_CALLBACK_DATA, "decoration_kind_count -2"},
        {INT32_MIN, NULL, CL_ERROR_BAD_CALLBACK_DATA, "decoration_kind_count INT32_MIN"},
        {2, NULL, CL_ERROR_BAD_CALLBACK_DATA, "decoration_kinds NULL with a count of 2"},
        {INT32_MAX, unknown, CL_ERROR_BAD_CALLBACK_DATA, "decoration_kind_count INT32_MAX"},
        {1, unknown, CL_ERROR_UNKNOWN_KIND, "decoration kind 999 (never registered)"},
        {1, header, CL_ERROR_UNKNOWN_KIND, "decoration kind 'header'"},
        {1, cell, CL_ERROR_UNKNOWN_KIND, "decoration kind 0 (cells)"},
        {1, negative, CL_ERROR_UNKNOWN_KIND, "decoration kind -3"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fx->source.fault = METRICS, fx->source.section = s;
        fx->source.set_decorations = true;
        fx->source.decoration_count = cases[i].count, fx->source.decorations = cases[i].list;
        EXPECT_STYLE_FAILURE(fx, cl_layout_invalidate_sections(fx->layout, &s, 1), cases[i].want, cases[i].what);
    }
    fx->source.set_decorations = false;
}

static void bad_definition_fields(style_fixture *fx) {
    cl_data_source source = style_data_source(&fx->source);
    const struct { int32_t columns; int64_t limit; const char *what; } cases[] = {
        {0, CL_MAX_ITEMS, "columns 0"}, {-2, CL_MAX_ITEMS, "columns -2"}, {INT32_MIN, CL_MAX_ITEMS, "columns INT32_MIN"},
        {2, -1, "element_limit -1"}, {2, (int64_t)CL_MAX_ITEMS + 1, "element_limit CL_MAX_ITEMS + 1"},
        {2, INT64_MAX, "element_limit INT64_MAX"}, {2, INT64_MIN, "element_limit INT64_MIN"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cl_layout_def def = fx->scene.def;
        def.columns = cases[i].columns;
        def.element_limit = cases[i].limit;
        cl_layout *layout = NULL;
        cl_status status = cl_layout_create(&def, &source, &layout);
        const char *message = cl_layout_last_error(NULL);
        CHECK(status == CL_ERROR_INVALID_ARGUMENT && layout == NULL && message[0],
              "create with %s: status %d (%s), message \"%s\"", cases[i].what, status,
              cl_status_string(status), message);
        cl_layout_destroy(layout);
    }
    /* The whole range is fine: a limit of exactly what the scene has. */
    cl_layout_def def = fx->scene.def;
    int64_t elements = fx->scene.section_count;
    for (int64_t s = 0; s < fx->scene.section_count; s++)
        elements += fx->scene.sections[s].item_count + (int64_t)fx->scene.sections[s].inline_count;
    def.element_limit = elements;
    cl_layout *layout = NULL;
    CHECK_OK(layout, cl_layout_create(&def, &source, &layout));
    cl_layout_destroy(layout);
    def.element_limit = elements - 1;
    CHECK(cl_layout_create(&def, &source, &layout) == CL_ERROR_LIMIT,
          "element_limit %lld for %lld elements: %s", (long long)def.element_limit, (long long)elements,
          cl_layout_last_error(NULL));
    cl_layout_destroy(layout);
}

static void custom_without_callback(style_fixture *fx) {
    cl_data_source source = style_data_source(&fx->source);
    source.custom_frames = NULL;
    cl_layout *layout = NULL;
    cl_status status = cl_layout_create(&fx->scene.def, &source, &layout);
    CHECK(status == CL_ERROR_BAD_CALLBACK_DATA && layout == NULL && strstr(cl_layout_last_error(NULL), "custom_frames"),
          "a custom section without custom_frames: status %d, \"%s\"", status, cl_layout_last_error(NULL));
    cl_layout_destroy(layout);
    /* The same when the struct ends before custom_frames (a 0.3-sized data source). */
    source = style_data_source(&fx->source);
    source.struct_size = offsetof(cl_data_source, custom_frames);
    fx->source.custom_calls = 0;
    status = cl_layout_create(&fx->scene.def, &source, &layout);
    CHECK(status == CL_ERROR_BAD_CALLBACK_DATA && layout == NULL && fx->source.custom_calls == 0,
          "a data source that ends before custom_frames: status %d, %lld calls of the pointer past its size",
          status, (long long)fx->source.custom_calls);
    cl_layout_destroy(layout);
}

typedef struct style_test { void (*body)(style_fixture *); } style_test;

static void with_style_fixture(void *test) {
    style_fixture fx;
    if (style_fixture_open(&fx)) ((style_test *)test)->body(&fx);
    style_fixture_close(&fx);
}

static void run_with_style_fixture(const char *name, void (*body)(style_fixture *)) {
    style_test test = {body};
    run_test(name, with_style_fixture, &test);
}

void style_tests(void) {
    for (size_t i = 0; i < sizeof frames_cases / sizeof frames_cases[0]; i++) {
        char name[160];
        snprintf(name, sizeof name, "styles: %s", frames_cases[i].name);
        run_test(name, check_frames, (void *)&frames_cases[i]);
    }
    run_test("decorations: per-section kinds (§7)", section_decorations, NULL);
    run_with_style_fixture("styles, bad input: custom frames", bad_custom_frames);
    run_with_style_fixture("styles, bad input: failing and re-entrant custom_frames",
                           failing_and_reentrant_custom_callback);
    run_with_style_fixture("styles: custom frames are asked again only for what is invalidated",
                           custom_frames_asked_sparingly);
    run_with_style_fixture("styles, bad input: columns and decoration kinds from section_metrics",
                           bad_columns_and_decoration_kinds);
    run_with_style_fixture("styles, bad input: columns and element_limit in the definition",
                           bad_definition_fields);
    run_with_style_fixture("styles, bad input: a custom section without custom_frames", custom_without_callback);
}
