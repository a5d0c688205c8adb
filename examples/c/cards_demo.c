/*
 * cards_demo.c — separators, decorations and pinned headers (SPEC §6-8).
 *
 * A settings-like screen: a long list of rows with a separator line between groups of rows,
 * then grids of tiles. Every section sits on a rounded "card" (a section decoration that
 * covers the items and reaches 12 points past them: negative insets) and every item has a
 * shadow (an item decoration). Headers are pinned: as the viewport scrolls, a header sticks to the top
 * of the screen until its section scrolls away, with no new layout pass.
 *
 *   make demo        (or: cc -std=c99 cards_demo.c $(pkg-config --cflags --libs collectionlayout))
 */
#include <stdio.h>

#include "collectionlayout.h"

/* ---- The app's data ---------------------------------------------------------------------- */

enum { SECTIONS = 4, LIST_ROWS = 24, GROUP = 6, SEPARATORS = LIST_ROWS / GROUP - 1 };
static const char *const titles[SECTIONS] = {"Settings", "Photos", "Places", "Albums"};
static const int64_t counts[SECTIONS] = {LIST_ROWS, 9, 5, 7};

static cl_status section_count(void *user_data, int64_t *out_count) {
    (void)user_data;
    *out_count = SECTIONS;
    return CL_OK;
}

static cl_status item_count(void *user_data, int64_t section, int64_t *out_count) {
    (void)user_data;
    *out_count = counts[section];
    return CL_OK;
}

/* List rows span the card; tiles are three to a line. */
static cl_status item_sizes(void *user_data, int64_t section, int64_t first_item, int64_t count,
                            cl_size *out_sizes) {
    (void)user_data;
    (void)first_item;
    for (int64_t i = 0; i < count; i++)
        out_sizes[i] = section == 0 ? (cl_size){350, 44} : (cl_size){104, 104};
    return CL_OK;
}

/* The list's rows touch (the separators do the dividing). */
static cl_status section_metrics(void *user_data, int64_t section, cl_section_metrics *inout) {
    (void)user_data;
    if (section == 0) inout->line_spacing = 0;
    return CL_OK;
}

/* A hairline between groups of rows: before rows 6, 12, 18 of the list. Kind ids come from the
 * definition's kinds: "separator" is the first, so CL_KIND_FIRST_USER. */
static cl_status inline_elements(void *user_data, int64_t section, cl_inline_element *out,
                                 int64_t capacity, int64_t *out_count) {
    (void)user_data;
    *out_count = section == 0 ? SEPARATORS : 0;
    for (int64_t i = 0; i < *out_count && i < capacity; i++)
        out[i] = (cl_inline_element){CL_KIND_FIRST_USER, 0, (i + 1) * GROUP, 1};
    return CL_OK;
}

/* ---- Printing ---------------------------------------------------------------------------- */

static void print_element(const cl_layout *layout, const cl_attributes *e) {
    static const char *const categories[] = {"cell", "supp", "deco"};
    const char *kind = "?";
    cl_layout_kind_name(layout, e->kind, &kind);
    printf("  %-8s %s %-10s item %2lld  (%5.1f, %6.1f) %5.1f x %5.1f  z %d\n", titles[e->section],
           categories[e->category], kind[0] ? kind : "-", (long long)e->item, e->frame.x,
           e->frame.y, e->frame.width, e->frame.height, e->z);
}

/* What a screen shows, in the engine's order (draw by z to stack cards under tiles). */
static void print_screen(const cl_layout *layout, cl_rect screen, int limit) {
    cl_attributes elements[128];
    int64_t count = 0;
    if (cl_layout_elements_in_rect(layout, screen, elements, 128, sizeof(cl_attributes), &count) != CL_OK) {
        printf("query failed: %s\n", cl_layout_last_error(layout));
        return;
    }
    printf("%lld elements in the screen at y = %g; the first %d:\n", (long long)count, screen.y,
           limit);
    for (int64_t i = 0; i < count && i < limit; i++) print_element(layout, &elements[i]);
}

int main(void) {
    cl_rect screen = {0, 0, 390, 700};
    const char *const kinds[] = {"separator"};
    cl_layout_def def = cl_layout_def_default();
    def.viewport = screen;
    def.insets = (cl_insets){20, 20, 28, 20};  /* room for the cards around the items */
    def.interitem_spacing = def.line_spacing = 12;
    def.header = 36;
    def.pin_headers = 1;
    def.kinds = kinds;
    def.kind_count = 1;

    cl_data_source source = cl_data_source_default();  /* its size; no callbacks yet */
    source.section_count = section_count;
    source.item_count = item_count;
    source.item_sizes = item_sizes;
    source.section_metrics = section_metrics;
    source.inline_elements = inline_elements;
    cl_layout *layout = NULL;
    if (cl_layout_create(&def, &source, &layout) != CL_OK) {
        printf("create failed: %s\n", cl_layout_last_error(NULL));
        return 1;
    }

    /* A card behind each section's items, 12 points larger on every side (negative insets),
     * under the tiles' shadows (z -2 < -1), and a shadow per tile, shifted down by 3 points. */
    cl_decoration_def card = cl_decoration_def_default();
    card.coverage = CL_COVERAGE_ITEMS;
    card.insets = (cl_insets){-12, -12, -12, -12};
    card.z = -2;
    cl_decoration_def shadow = cl_decoration_def_default();
    shadow.scope = CL_DECORATION_SCOPE_ITEM;
    shadow.insets = (cl_insets){3, -2, -5, -2};
    int32_t card_kind, shadow_kind;
    if (cl_layout_add_decoration(layout, "card", &card, &card_kind) != CL_OK ||
        cl_layout_add_decoration(layout, "shadow", &shadow, &shadow_kind) != CL_OK) {
        printf("add_decoration failed: %s\n", cl_layout_last_error(layout));
        cl_layout_destroy(layout);
        return 1;
    }
    cl_size size;
    cl_layout_content_size(layout, &size);
    printf("content size: %g x %g\n", size.width, size.height);

    /* The separators sit between groups of rows, 1 point thick. */
    cl_attributes a;
    for (int64_t before = GROUP; before < LIST_ROWS; before += GROUP)
        if (cl_layout_attributes(layout, CL_CATEGORY_SUPPLEMENTARY, CL_KIND_FIRST_USER, 0, before,
                                 &a, sizeof a) == CL_OK)
            printf("separator before row %2lld at y = %g\n", (long long)before, a.frame.y);

    /* The cards of the list and of Photos, and the first photo's shadow. */
    if (cl_layout_attributes(layout, CL_CATEGORY_DECORATION, card_kind, 0, 0, &a, sizeof a) == CL_OK)
        printf("Settings card: (%g, %g) %g x %g\n", a.frame.x, a.frame.y, a.frame.width,
               a.frame.height);
    if (cl_layout_attributes(layout, CL_CATEGORY_DECORATION, card_kind, 1, 0, &a, sizeof a) == CL_OK)
        printf("Photos card: (%g, %g) %g x %g\n", a.frame.x, a.frame.y, a.frame.width,
               a.frame.height);
    if (cl_layout_attributes(layout, CL_CATEGORY_DECORATION, shadow_kind, 1, 0, &a, sizeof a) == CL_OK)
        printf("shadow of the first photo: (%g, %g) %g x %g\n", a.frame.x, a.frame.y,
               a.frame.width, a.frame.height);

    /* Scrolling: only the viewport's origin changes, so the pinned header moves and nothing
     * is laid out again (other frames and the content size stay as they are). The Places
     * header sticks to the top until its section's end pushes it up. */
    cl_attributes places;
    cl_layout_attributes(layout, CL_CATEGORY_SUPPLEMENTARY, CL_KIND_HEADER, 2, 0, &places, sizeof places);
    double natural = places.frame.y;
    printf("\nthe Places header's own place: y = %g\n", natural);
    for (double y = natural - 100; y <= natural + 400; y += 100) {
        screen.y = y;
        cl_layout_set_viewport(layout, screen);
        cl_layout_attributes(layout, CL_CATEGORY_SUPPLEMENTARY, CL_KIND_HEADER, 2, 0, &places, sizeof places);
        printf("  scrolled to y = %4g: Places header at y = %6.1f (z %d)\n", y, places.frame.y,
               places.z);
    }
    screen.y = natural + 40;
    cl_layout_set_viewport(layout, screen);
    printf("\n");
    print_screen(layout, screen, 12);

    cl_layout_destroy(layout);
    return 0;
}
