/*
 * flow_demo.c — the C API in one sitting.
 *
 * A photo-app-like screen: three sections (albums, tags, photos) with items of varied sizes,
 * laid out the way UICollectionViewFlowLayout would. It prints the content size and what the
 * first screen shows, then grows one item and updates just that item.
 *
 *   make demo        (or: cc -std=c99 flow_demo.c $(pkg-config --cflags --libs collectionlayout))
 */
#include <stdio.h>

#include "collectionlayout.h"

/* ---- The app's data: what the layout asks for through the data source ------------------ */

enum { SECTIONS = 3, MAX_ITEMS = 40 };
static const char *const titles[SECTIONS] = {"Albums", "Tags", "Photos"};

typedef struct gallery {
    int64_t counts[SECTIONS];
    cl_size sizes[SECTIONS][MAX_ITEMS];
} gallery;

static void fill_gallery(gallery *g) {
    static const double tag_widths[] = {60, 95, 130, 70, 160};
    g->counts[0] = 4;
    g->counts[1] = 12;
    g->counts[2] = 40;
    for (int64_t i = 0; i < MAX_ITEMS; i++) {
        g->sizes[0][i] = (cl_size){170, 120};                     /* two album cards a row */
        g->sizes[1][i] = (cl_size){tag_widths[i % 5], 32};        /* tags flow like words */
        g->sizes[2][i] = (cl_size){86, 86};                       /* a grid of thumbnails */
    }
}

/* Every callback gets the user_data pointer first and returns CL_OK (or nonzero on failure). */
static cl_status section_count(void *user_data, int64_t *out_count) {
    (void)user_data;
    *out_count = SECTIONS;
    return CL_OK;
}

static cl_status item_count(void *user_data, int64_t section, int64_t *out_count) {
    const gallery *g = user_data;
    *out_count = g->counts[section];
    return CL_OK;
}

/* Sizes come in batches: one call can serve a whole section. */
static cl_status item_sizes(void *user_data, int64_t section, int64_t first_item, int64_t count,
                            cl_size *out_sizes) {
    const gallery *g = user_data;
    for (int64_t i = 0; i < count; i++) out_sizes[i] = g->sizes[section][first_item + i];
    return CL_OK;
}

/* Only what differs from the definition: tags pack from the left with tighter spacing. */
static cl_status section_metrics(void *user_data, int64_t section, cl_section_metrics *inout) {
    (void)user_data;
    if (section == 1) {
        inout->alignment = CL_ALIGNMENT_LEADING;
        inout->interitem_spacing = 6;
        inout->line_spacing = 6;
    }
    return CL_OK;
}

/* ---- Printing ---------------------------------------------------------------------------- */

static const char *kind_name(const cl_layout *layout, int32_t kind) {
    const char *name = "?";
    cl_layout_kind_name(layout, kind, &name);
    return name[0] ? name : "cell";
}

static void print_screen(const cl_layout *layout, cl_rect screen) {
    /* A screen seldom holds more; if it did, the status would be CL_ERROR_BUFFER_TOO_SMALL
     * and count the number needed. */
    cl_attributes elements[64];
    int64_t count = 0;
    cl_status status = cl_layout_elements_in_rect(layout, screen, elements, 64, sizeof(cl_attributes), &count);
    if (status != CL_OK) {
        printf("query failed: %s\n", cl_layout_last_error(layout));
        return;
    }
    printf("%lld elements in the screen (%g, %g, %g, %g):\n", (long long)count, screen.x, screen.y,
           screen.width, screen.height);
    for (int64_t i = 0; i < count; i++) {
        const cl_attributes *e = &elements[i];
        printf("  %-7s %-6s item %2lld  at (%5.1f, %6.1f)  size %5.1f x %5.1f\n",
               titles[e->section], kind_name(layout, e->kind), (long long)e->item, e->frame.x,
               e->frame.y, e->frame.width, e->frame.height);
    }
}

static void print_content_size(const cl_layout *layout) {
    cl_size size;
    if (cl_layout_content_size(layout, &size) == CL_OK)
        printf("content size: %g x %g\n", size.width, size.height);
}

/* ---- The layout -------------------------------------------------------------------------- */

int main(void) {
    gallery g;
    fill_gallery(&g);

    /* Start from the defaults (UIKit's: spacing 10, justified lines, centred in the line), then
     * set what this screen needs. The data source can override metrics per section. */
    cl_rect screen = {0, 0, 390, 600};
    cl_layout_def def = cl_layout_def_default();
    def.viewport = screen;
    def.insets = (cl_insets){8, 16, 16, 16};
    def.header = 40;
    def.pin_headers = 1;

    cl_data_source source = cl_data_source_default();  /* its size; no callbacks yet */
    source.user_data = &g;
    source.section_count = section_count;
    source.item_count = item_count;
    source.item_sizes = item_sizes;
    source.section_metrics = section_metrics;
    cl_layout *layout = NULL;
    if (cl_layout_create(&def, &source, &layout) != CL_OK) {
        printf("create failed: %s\n", cl_layout_last_error(NULL));
        return 1;
    }
    print_content_size(layout);
    print_screen(layout, screen);

    /* The second album card got a longer title: tell the layout which item changed. Only
     * that item's size is asked again; the lines after it move. */
    g.sizes[0][1].height = 180;
    cl_index_path changed = {0, 1};
    if (cl_layout_invalidate_items(layout, &changed, 1) != CL_OK) {
        printf("invalidate failed: %s\n", cl_layout_last_error(layout));
        cl_layout_destroy(layout);
        return 1;
    }
    printf("\nafter album 1 grew to 180 points:\n");
    print_content_size(layout);
    cl_attributes tag;
    if (cl_layout_attributes(layout, CL_CATEGORY_CELL, CL_KIND_CELL, 1, 0, &tag, sizeof tag) == CL_OK)
        printf("the first tag moved down to y = %g\n", tag.frame.y);

    /* Scrolling is a viewport change: the pinned header follows without a new layout pass. */
    cl_attributes header;
    if (cl_layout_attributes(layout, CL_CATEGORY_SUPPLEMENTARY, CL_KIND_HEADER, 2, 0, &header, sizeof header) == CL_OK) {
        screen.y = header.frame.y + 300;
        cl_layout_set_viewport(layout, screen);
        printf("the Photos header starts at y = %g; ", header.frame.y);
        cl_layout_attributes(layout, CL_CATEGORY_SUPPLEMENTARY, CL_KIND_HEADER, 2, 0, &header, sizeof header);
        printf("scrolled to y = %g, it is pinned at y = %g\n", screen.y, header.frame.y);
    }

    cl_layout_destroy(layout);
    return 0;
}
