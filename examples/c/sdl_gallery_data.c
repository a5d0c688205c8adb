/*
 * sdl_gallery_data.c — the SDL2 gallery's data source (sdl_gallery.c draws it): 24 sections of
 * four kinds in turn, a grid (3 columns, a banner across the line every 7 items, SPEC §16), a
 * shelf (1 row, sideways), a waterfall (2 columns) and a shelf of 2 rows; a background under
 * every section's body and a shadow under the cards of shelves and waterfalls.
 */
#include <stdio.h>

#include "sdl_gallery_data.h"

static const char *const KINDS[] = {"background", "shadow"}; /* ids CL_KIND_FIRST_USER + i */

int section_kind(int64_t section) { return (int)(section % 4); }
int is_shelf(int64_t section) { return section_kind(section) % 2 == 1; }

enum { BANNER_EVERY = 7, BANNER_FIRST = 3, BANNER_HEIGHT = 44 };
int is_banner(int64_t section, int64_t item) {
    return section_kind(section) == GRID && item % BANNER_EVERY == BANNER_FIRST;
}

static cl_status section_count(void *user_data, int64_t *out_count) {
    (void)user_data;
    *out_count = SECTIONS;
    return CL_OK;
}

static cl_status item_count(void *user_data, int64_t section, int64_t *out_count) {
    (void)user_data;
    static const int64_t counts[] = {9, 12, 12, 16};
    *out_count = counts[section_kind(section)] + section % 5;
    return CL_OK;
}

/* Asked in batches: `count` sizes from `first_item` on. Grid and waterfall cells take the
 * column's width; only their heights count. */
static cl_status item_sizes(void *user_data, int64_t section, int64_t first_item, int64_t count,
                            cl_size *out_sizes) {
    (void)user_data;
    for (int64_t n = 0; n < count; n++) {
        int64_t i = first_item + n;
        switch (section_kind(section)) {
        case GRID: out_sizes[n] = (cl_size){0, is_banner(section, i) ? BANNER_HEIGHT : 72}; break;
        case SHELF: out_sizes[n] = (cl_size){90 + (37 * i + 11 * section) % 90, 140}; break;
        case WATERFALL: out_sizes[n] = (cl_size){0, 60 + (53 * i + 17 * section) % 110}; break;
        default: out_sizes[n] = (cl_size){80 + (29 * i + 7 * section) % 70, 60}; break;
        }
    }
    return CL_OK;
}

/* Asked for grid and waterfall items only, with their sizes: a banner spans every column (SPEC
 * §16; sparse packing: it starts a row of its own, and the items after it the next row). */
static cl_status item_spans(void *user_data, int64_t section, int64_t first_item, int64_t count,
                            int32_t *out_spans) {
    (void)user_data;
    for (int64_t n = 0; n < count; n++) out_spans[n] = is_banner(section, first_item + n) ? CL_SPAN_FULL : 1;
    return CL_OK;
}

/* An unread count on every 6th card of the grids and waterfalls (SPEC §17.1), asked with the
 * sizes once the badge kind exists. */
static cl_status item_badges(void *user_data, int64_t section, int64_t first_item, int64_t count, cl_item_badge *out,
                             int64_t capacity, int64_t *out_count) {
    (void)user_data;
    int64_t n = 0;
    for (int64_t i = first_item; i < first_item + count; i++) {
        if (is_shelf(section) || is_banner(section, i) || i % 6 != 2) continue;
        if (n < capacity) out[n] = (cl_item_badge){.item = i, .kind = UNREAD};
        n++;
    }
    *out_count = n;
    return CL_OK;
}

/* Each section its style, and the decorations it shows: grids only the background. */
static cl_status section_metrics(void *user_data, int64_t section, cl_section_metrics *inout) {
    (void)user_data;
    static const int32_t background_only[] = {BACKGROUND};
    static const int32_t background_and_shadow[] = {BACKGROUND, SHADOW};
    switch (section_kind(section)) {
    case GRID: inout->style = CL_STYLE_GRID; inout->columns = 3; break;
    case WATERFALL: inout->style = CL_STYLE_WATERFALL; inout->columns = 2; break;
    default:
        inout->style = CL_STYLE_ORTHOGONAL;
        inout->rows = section_kind(section) == TALL_SHELF ? 2 : 1;
        break;
    }
    if (section_kind(section) == GRID) {
        inout->decoration_kind_count = 1;
        inout->decoration_kinds = background_only;
    } else {
        inout->decoration_kind_count = 2;
        inout->decoration_kinds = background_and_shadow;
    }
    return CL_OK;
}

cl_layout *gallery_layout(double width, double height, double display_scale, int32_t layout_direction) {
    cl_layout_def def = cl_layout_def_default();
    def.viewport = (cl_rect){0, -TOOLBAR, width, height}; /* the content starts below the bar */
    def.content_insets = (cl_insets){TOOLBAR, 0, 0, 0};
    def.display_scale = display_scale;
    def.insets = (cl_insets){14, 16, 14, 16};
    def.line_spacing = 10;
    def.interitem_spacing = 12;
    def.header = 30;
    def.pin_headers = 1;
    def.kinds = KINDS; /* known before the first pass, so section_metrics can name them */
    def.kind_count = 2;
    def.layout_direction = layout_direction; /* CL_LAYOUT_DIRECTION_RTL: mirrored (SPEC §15) */
    cl_data_source source = cl_data_source_default();
    source.section_count = section_count;
    source.item_count = item_count;
    source.item_sizes = item_sizes;
    source.section_metrics = section_metrics;
    source.item_spans = item_spans;
    source.item_badges = item_badges;

    cl_layout *layout = NULL;
    if (cl_layout_create(&def, &source, &layout) != CL_OK) {
        fprintf(stderr, "cl_layout_create: %s\n", cl_layout_last_error(NULL));
        return NULL;
    }
    /* A background under each section's body, and a shadow down and right of each card. The
     * names were registered as kinds in def.kinds: the decorations keep those ids. */
    cl_decoration_def background = cl_decoration_def_default();
    background.coverage = CL_COVERAGE_BODY;
    background.insets = (cl_insets){4, 8, 4, 8};
    background.z = -2;
    cl_decoration_def shadow = cl_decoration_def_default();
    shadow.scope = CL_DECORATION_SCOPE_ITEM;
    shadow.insets = (cl_insets){3, 3, -3, -3};
    shadow.z = -1;
    int32_t id;
    if (cl_layout_add_decoration(layout, "background", &background, &id) != CL_OK ||
        cl_layout_add_decoration(layout, "shadow", &shadow, &id) != CL_OK) {
        fprintf(stderr, "cl_layout_add_decoration: %s\n", cl_layout_last_error(layout));
        cl_layout_destroy(layout);
        return NULL;
    }
    /* An unread count half over each badged card's top-trailing corner, above it; its badges are
     * asked for at the invalidation that follows (the kind exists from here on). */
    cl_badge_def unread = cl_badge_def_default();
    unread.size = (cl_size){22, 16};
    unread.fractional = 1;
    unread.dx = 0.3;
    unread.dy = -0.3;
    if (cl_layout_add_badge(layout, "unread", &unread, &id) != CL_OK || id != UNREAD || cl_layout_invalidate(layout) != CL_OK) {
        fprintf(stderr, "cl_layout_add_badge: %s\n", cl_layout_last_error(layout));
        cl_layout_destroy(layout);
        return NULL;
    }
    return layout;
}
