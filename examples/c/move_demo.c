/*
 * move_demo.c — reordering by drag and drop (UIKit's interactive movement), and a list that
 * turns into a grid (a layout transition).
 *
 * A board of cards in two sections. The user lifts card (0, 1) and drags it along a scripted
 * path; at each position the layout says where the card would land (the target), and the other
 * cards make room. The drop commits the move: a batch update with one move, whose records give
 * the animation to the final places. Then the same cards laid out as a list and as a grid, and
 * three frames of the transition between them (a grid cell's width is its column's).
 *
 *   make demo        (or: cc -std=c99 move_demo.c $(pkg-config --cflags --libs collectionlayout))
 */
#include <stdio.h>

#include "collectionlayout.h"

enum { SECTIONS = 2 };
static const int64_t counts[SECTIONS] = {6, 4};

static cl_status section_count(void *user_data, int64_t *out) {
    (void)user_data;
    *out = SECTIONS;
    return CL_OK;
}

static cl_status item_count(void *user_data, int64_t section, int64_t *out) {
    (void)user_data;
    if (section < 0 || section >= SECTIONS) return 1;
    *out = counts[section];
    return CL_OK;
}

static cl_layout *board(int32_t style, double header, double width) {
    cl_layout_def def = cl_layout_def_default();
    def.viewport = (cl_rect){0, 0, 320, 560};
    def.item_size = (cl_size){width, 80};
    def.insets = (cl_insets){10, 10, 10, 10};
    def.header = header;
    def.style = style;
    def.columns = 3;
    cl_data_source source = cl_data_source_default();
    source.section_count = section_count;
    source.item_count = item_count;
    cl_layout *layout = NULL;
    if (cl_layout_create(&def, &source, &layout) != CL_OK)
        fprintf(stderr, "create: %s\n", cl_layout_last_error(NULL));
    return layout;
}

static void print_cell(const char *what, const cl_layout *layout, int64_t section, int64_t item) {
    cl_attributes a;
    if (cl_layout_attributes(layout, CL_CATEGORY_CELL, CL_KIND_CELL, section, item, &a, sizeof a) == CL_OK)
        printf("  %s (%lld, %lld): %g,%g %gx%g z %d\n", what, (long long)section, (long long)item,
               a.frame.x, a.frame.y, a.frame.width, a.frame.height, a.z);
}

int main(void) {
    cl_layout *layout = board(CL_STYLE_FLOW, 30, 90);
    if (!layout) return 1;

    /* The drag: from card (0, 1) over cards of section 0, then down into section 1. */
    const double path[][2] = {{160, 80}, {60, 170}, {260, 170}, {160, 300}, {60, 290}};
    if (cl_layout_begin_movement(layout, (cl_index_path){0, 1}) != CL_OK) {
        fprintf(stderr, "begin: %s\n", cl_layout_last_error(layout));
        return 1;
    }
    printf("dragging card (0, 1):\n");
    for (size_t k = 0; k < sizeof path / sizeof path[0]; k++) {
        cl_index_path target;
        if (cl_layout_update_movement(layout, path[k][0], path[k][1], &target) != CL_OK) {
            fprintf(stderr, "update: %s\n", cl_layout_last_error(layout));
            return 1;
        }
        printf(" at (%g, %g): target (%lld, %lld)\n", path[k][0], path[k][1],
               (long long)target.section, (long long)target.item);
        print_cell("the lifted card", layout, target.section, target.item);
    }
    /* While it moves, the layout refuses other changes (and keeps the movement). */
    if (cl_layout_invalidate(layout) != CL_OK) printf("invalidate while moving: %s\n", cl_layout_last_error(layout));

    cl_update_summary summary;
    if (cl_layout_commit_movement(layout, &summary, sizeof summary) != CL_OK) {
        fprintf(stderr, "commit: %s\n", cl_layout_last_error(layout));
        return 1;
    }
    cl_element_change records[32];
    int64_t n = 0;
    cl_layout_update_elements(layout, records, 32, sizeof records[0], &n);
    printf("dropped: %lld records to animate, the moved ones:\n", (long long)n);
    for (int64_t i = 0; i < n; i++) {
        const cl_element_change *r = &records[i];
        if (r->change != CL_CHANGE_MOVED) continue;
        printf("  (%lld, %lld) -> (%lld, %lld): %g,%g -> %g,%g\n", (long long)r->from.section,
               (long long)r->from.item, (long long)r->to.section, (long long)r->to.item,
               r->from.frame.x, r->from.frame.y, r->to.frame.x, r->to.frame.y);
    }
    /* The app moves the card in its own data now (here the counts: one card changed section). */
    cl_layout_destroy(layout);

    /* A list and a grid of the same cards, and the transition between them. */
    cl_layout *list = board(CL_STYLE_FLOW, 30, 300), *grid = board(CL_STYLE_GRID, 0, 90);
    cl_transition *transition = NULL;
    if (!list || !grid || cl_transition_create(list, grid, &transition) != CL_OK) {
        fprintf(stderr, "transition: %s\n", cl_layout_last_error(NULL));
        return 1;
    }
    for (int frame = 0; frame <= 2; frame++) {
        const double t = frame / 2.0;
        cl_attributes elements[64];
        int64_t count = 0;
        cl_transition_elements_in_rect(transition, t, (cl_rect){0, 0, 320, 560}, elements, 64,
                                       sizeof elements[0], &count);
        printf("list -> grid at t = %.1f: %lld elements;", t, (long long)count);
        for (int64_t i = 0; i < count; i++) {
            const cl_attributes *e = &elements[i];
            if (e->category == CL_CATEGORY_CELL && e->section == 0 && e->item == 4)
                printf(" card (0, 4) at %g,%g %gx%g;", e->frame.x, e->frame.y, e->frame.width, e->frame.height);
            if (e->category == CL_CATEGORY_SUPPLEMENTARY && e->section == 0)
                printf(" header 0 alpha %.2f (the grid has none);", e->alpha);
        }
        printf("\n");
    }
    cl_rect to;
    cl_transition_viewport(transition, &to);
    printf("the viewport goes to %g,%g\n", to.x, to.y);
    cl_transition_destroy(transition);
    cl_layout_destroy(list);
    cl_layout_destroy(grid);
    return 0;
}
