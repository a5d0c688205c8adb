/*
 * shelves_demo.c — sections that scroll sideways (SPEC §4) and where a fling comes to rest
 * (SPEC §10).
 *
 * An app-store-like screen: the page scrolls down; some sections are ordinary flow sections
 * (a banner, a grid of categories), others are shelves of cards that scroll sideways on their
 * own (CL_STYLE_ORTHOGONAL), one of them two rows tall. Every section has a header. The demo
 * scrolls one shelf sideways, prints the cards the screen shows of it, and asks where a fling
 * would come to rest with each snapping.
 *
 *   make demo        (or: cc -std=c99 shelves_demo.c $(pkg-config --cflags --libs collectionlayout))
 */
#include <stdio.h>

#include "collectionlayout.h"

/* ---- The app's data ---------------------------------------------------------------------- */

enum { SECTIONS = 4 };

typedef struct section_info {
    const char *title;
    int32_t style;
    int32_t rows;        /* orthogonal sections: rows of the shelf */
    int64_t count;
    cl_size card;
} section_info;

static const section_info screen_sections[SECTIONS] = {
    {"Today", CL_STYLE_FLOW, 1, 1, {358, 180}},               /* one banner */
    {"New games", CL_STYLE_ORTHOGONAL, 1, 12, {150, 200}},    /* a shelf of tall cards */
    {"Categories", CL_STYLE_FLOW, 1, 6, {170, 48}},           /* two columns of buttons */
    {"Top free", CL_STYLE_ORTHOGONAL, 2, 15, {300, 64}},      /* a two-row shelf of list rows */
};

static cl_status section_count(void *user_data, int64_t *out_count) {
    (void)user_data;
    *out_count = SECTIONS;
    return CL_OK;
}

static cl_status item_count(void *user_data, int64_t section, int64_t *out_count) {
    const section_info *sections = user_data;
    *out_count = sections[section].count;
    return CL_OK;
}

static cl_status item_sizes(void *user_data, int64_t section, int64_t first_item, int64_t count,
                            cl_size *out_sizes) {
    const section_info *sections = user_data;
    (void)first_item;
    for (int64_t i = 0; i < count; i++) out_sizes[i] = sections[section].card;
    return CL_OK;
}

/* A layout may mix styles: each section says its own. */
static cl_status section_metrics(void *user_data, int64_t section, cl_section_metrics *inout) {
    const section_info *sections = user_data;
    inout->style = sections[section].style;
    inout->rows = sections[section].rows;
    return CL_OK;
}

/* ---- Printing ---------------------------------------------------------------------------- */

/* The cards of one section that a screen shows (a rect query returns them already shifted by
 * the section's offset, as the host draws them). */
static void print_visible_cards(const cl_layout *layout, cl_rect screen, int64_t section) {
    cl_attributes elements[128];
    int64_t count = 0;
    if (cl_layout_elements_in_rect(layout, screen, elements, 128, sizeof(cl_attributes), &count) != CL_OK) {
        printf("query failed: %s\n", cl_layout_last_error(layout));
        return;
    }
    for (int64_t i = 0; i < count; i++) {
        const cl_attributes *e = &elements[i];
        if (e->category != CL_CATEGORY_CELL || e->section != section) continue;
        double visible_from = e->frame.x < 0 ? -e->frame.x : 0;
        double right = e->frame.x + e->frame.width;
        double visible_to = (right > screen.width ? screen.width : right) - e->frame.x;
        printf("  card %2lld at x = %6.1f, %5.1f wide (%3.0f%% on screen)\n", (long long)e->item,
               e->frame.x, e->frame.width, 100 * (visible_to - visible_from) / e->frame.width);
    }
}

int main(void) {
    cl_rect screen = {0, 0, 390, 844};
    cl_layout_def def = cl_layout_def_default();
    def.viewport = screen;
    def.insets = (cl_insets){8, 16, 16, 16};
    def.interitem_spacing = 12;
    def.line_spacing = 10;
    def.header = 44;

    cl_data_source source = cl_data_source_default();  /* its size; no callbacks yet */
    source.user_data = (void *)screen_sections;
    source.section_count = section_count;
    source.item_count = item_count;
    source.item_sizes = item_sizes;
    source.section_metrics = section_metrics;
    cl_layout *layout = NULL;
    if (cl_layout_create(&def, &source, &layout) != CL_OK) {
        printf("create failed: %s\n", cl_layout_last_error(NULL));
        return 1;
    }
    cl_size size;
    cl_layout_content_size(layout, &size);
    printf("content size: %g x %g (the page scrolls down; shelves scroll sideways)\n", size.width,
           size.height);
    for (int64_t s = 0; s < SECTIONS; s++) {
        cl_section_scroll scroll;
        if (cl_layout_section_scroll(layout, s, &scroll, sizeof scroll) == CL_OK)
            printf("  %-10s shelf: %g points of cards, offset 0 to %g\n", screen_sections[s].title,
                   scroll.content_extent, scroll.max_offset);
        else
            printf("  %-10s flow section\n", screen_sections[s].title);
    }

    /* The user drags the New games shelf 400 points to the left: set its offset. Only that
     * shelf's cards move; its header stays, and nothing is laid out again. */
    const int64_t shelf = 1;
    if (cl_layout_set_section_offset(layout, shelf, 400) != CL_OK) {
        printf("set_section_offset failed: %s\n", cl_layout_last_error(layout));
        cl_layout_destroy(layout);
        return 1;
    }
    printf("\nNew games scrolled to 400; the screen shows:\n");
    print_visible_cards(layout, screen, shelf);

    /* The finger lifts at offset 430 after a flick to the left (velocity +1200 points/s: the
     * offset grows): where should the shelf come to rest? The engine projects the fling with
     * UIKit's deceleration, snaps and clamps to the shelf. Item paging moves at most one card
     * from the card at the current offset (400). */
    static const struct { int32_t snapping; const char *name; } snaps[] = {
        {CL_SNAP_NONE, "none"}, {CL_SNAP_ITEM, "item"}, {CL_SNAP_ITEM_PAGING, "item paging"},
        {CL_SNAP_ITEM_CENTERED, "item centred"}, {CL_SNAP_PAGE, "page"}};
    printf("\na fling from offset 430 at 1200 points/s comes to rest at:\n");
    for (size_t i = 0; i < sizeof snaps / sizeof snaps[0]; i++) {
        double target;
        if (cl_layout_section_target_offset(layout, shelf, 430, 1200, snaps[i].snapping,
                                            CL_DECELERATION_NORMAL, &target) == CL_OK)
            printf("  snapping %-12s -> %7.1f\n", snaps[i].name, target);
    }

    /* Animate there (here: jump): with item snapping a card starts at the leading inset. */
    double target = 0;
    cl_layout_section_target_offset(layout, shelf, 430, 1200, CL_SNAP_ITEM,
                                    CL_DECELERATION_NORMAL, &target);
    cl_layout_set_section_offset(layout, shelf, target);
    printf("\nNew games at rest at %g:\n", target);
    print_visible_cards(layout, screen, shelf);

    cl_layout_destroy(layout);
    return 0;
}
