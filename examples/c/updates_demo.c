/*
 * updates_demo.c — a batch update and a diff, as UIKit's performBatchUpdates.
 *
 * A to-do list of two sections. The app's data changes (one task done and deleted, one added,
 * one moved to the other section, one renamed so that its cell grows: a reload); the app tells
 * the layout what changed in one batch update and prints what an animation needs: where each
 * element was and where it goes, and how. Then the same change, found by a diff of the ids.
 *
 *   make demo        (or: cc -std=c99 updates_demo.c $(pkg-config --cflags --libs collectionlayout))
 */
#include <stdio.h>
#include <string.h>

#include "collectionlayout.h"

/* ---- The app's data: ids of tasks per section, and each task's height ------------------- */

enum { SECTIONS = 2, MAX_TASKS = 8 };

typedef struct todo {
    int64_t counts[SECTIONS];
    int64_t ids[SECTIONS][MAX_TASKS];
    double heights[SECTIONS][MAX_TASKS];
} todo;

static cl_status section_count(void *user_data, int64_t *out) {
    (void)user_data;
    *out = SECTIONS;
    return CL_OK;
}

static cl_status item_count(void *user_data, int64_t section, int64_t *out) {
    const todo *t = user_data;
    if (section < 0 || section >= SECTIONS) return 1;
    *out = t->counts[section];
    return CL_OK;
}

static cl_status item_sizes(void *user_data, int64_t section, int64_t first, int64_t count, cl_size *out) {
    const todo *t = user_data;
    if (section < 0 || section >= SECTIONS || first < 0 || first + count > t->counts[section]) return 1;
    for (int64_t k = 0; k < count; k++) out[k] = (cl_size){300, t->heights[section][first + k]};
    return CL_OK;
}

static const char *change_name(int32_t change) {
    static const char *const names[] = {"kept", "moved", "inserted", "deleted", "reloaded"};
    return change >= 0 && change <= CL_CHANGE_RELOADED ? names[change] : "?";
}

static int fail(const cl_layout *layout, const char *what) {
    fprintf(stderr, "%s: %s\n", what, cl_layout_last_error(layout));
    return 1;
}

static void print_records(cl_layout *layout, const cl_update_summary *summary) {
    cl_element_change records[64];
    int64_t count = 0;
    if (cl_layout_update_elements(layout, records, 64, sizeof records[0], &count) != CL_OK) return;
    printf("  viewport origin y %g (moved by %g), content height changed by %g\n", summary->viewport.y,
           summary->adjustment, summary->content_size_change);
    for (int64_t i = 0; i < count; i++) {
        const cl_element_change *r = &records[i];
        const cl_attributes *id = r->has_new ? &r->to : &r->from;
        const char *kind = "";
        cl_layout_kind_name(layout, id->kind, &kind);
        printf("  %-8s %-13s %-6s", change_name(r->change),
               id->category == CL_CATEGORY_CELL ? "cell" : id->category == CL_CATEGORY_SUPPLEMENTARY ? "supplementary" : "decoration",
               kind);
        if (r->has_old) printf(" (%lld, %lld)", (long long)r->from.section, (long long)r->from.item);
        else printf("   -    ");
        printf(" -> ");
        if (r->has_new) printf("(%lld, %lld)", (long long)r->to.section, (long long)r->to.item);
        else printf("   -  ");
        printf("   y %5g -> %5g   alpha %g -> %g\n", r->from.frame.y, r->to.frame.y, r->from.alpha, r->to.alpha);
    }
}

int main(void) {
    todo t = {.counts = {4, 3},
              .ids = {{11, 12, 13, 14}, {21, 22, 23}},
              .heights = {{44, 44, 44, 44}, {44, 44, 44}}};
    cl_layout_def def = cl_layout_def_default();
    def.viewport = (cl_rect){0, 0, 320, 480};
    def.header = 30;
    def.line_spacing = 4;
    cl_data_source source = cl_data_source_default();
    source.user_data = &t;
    source.section_count = section_count;
    source.item_count = item_count;
    source.item_sizes = item_sizes;
    cl_layout *layout;
    if (cl_layout_create(&def, &source, &layout) != CL_OK) return fail(NULL, "cl_layout_create");

    /* The app's data changes first (the data source answers with the new data) ... */
    todo before = t;
    int64_t s0[] = {11, 13, 14, 22};                      /* task 12 done: deleted; task 22 */
    double h0[] = {44, 88, 44, 44};                       /* moved here; task 13 renamed, taller */
    memcpy(t.ids[0], s0, sizeof s0);
    memcpy(t.heights[0], h0, sizeof h0);
    t.counts[1] = 3;
    int64_t s1[] = {21, 23, 24};                          /* task 24 added at the end */
    memcpy(t.ids[1], s1, sizeof s1);

    /* ... then the layout is told what changed, as UIKit's update block would. Deletes and
     * reloads name old places, inserts new ones, moves both. */
    cl_index_path deleted[] = {{0, 1}}, reloaded[] = {{0, 2}}, inserted[] = {{1, 2}};
    cl_item_move moved[] = {{{1, 1}, {0, 3}}};
    cl_batch_update update = cl_batch_update_default();
    update.delete_items = deleted;
    update.delete_item_count = 1;
    update.reload_items = reloaded;
    update.reload_item_count = 1;
    update.insert_items = inserted;
    update.insert_item_count = 1;
    update.move_items = moved;
    update.move_item_count = 1;
    cl_update_summary summary;
    if (cl_layout_perform_batch_update(layout, &update, &summary, sizeof summary) != CL_OK)
        return fail(layout, "cl_layout_perform_batch_update");
    printf("A batch update: %lld records for an animation\n", (long long)summary.element_count);
    print_records(layout, &summary);
    cl_index_path where;
    cl_layout_update_new_item(layout, (cl_index_path){0, 3}, &where);
    printf("  old task (0, 3) is now at (%lld, %lld)\n", (long long)where.section, (long long)where.item);

    /* The same change found by a diff of the ids: the fewest moves, applied as it is. Back to
     * the old data first, then the diff's update on a new layout of it. */
    cl_layout_destroy(layout);
    todo now = t;
    t = before;
    if (cl_layout_create(&def, &source, &layout) != CL_OK) return fail(NULL, "cl_layout_create");
    int64_t sections[SECTIONS] = {1, 2};
    int64_t old_ids[7], new_ids[7], new_versions[7];  /* all sections' ids, one after the other */
    memcpy(old_ids, before.ids[0], 4 * sizeof(int64_t));
    memcpy(old_ids + 4, before.ids[1], 3 * sizeof(int64_t));
    memcpy(new_ids, now.ids[0], 4 * sizeof(int64_t));
    memcpy(new_ids + 4, now.ids[1], 3 * sizeof(int64_t));
    for (int k = 0; k < 7; k++) new_versions[k] = k == 1 ? 1 : 0;  /* task 13 was renamed */
    cl_diff_side old_side = cl_diff_side_default(), new_side = cl_diff_side_default();
    old_side.section_ids = new_side.section_ids = sections;
    old_side.section_count = new_side.section_count = SECTIONS;
    old_side.item_counts = before.counts;
    old_side.item_ids = old_ids;
    new_side.item_counts = now.counts;
    new_side.item_ids = new_ids;
    new_side.versions = new_versions;
    cl_diff *diff;
    cl_batch_update found = cl_batch_update_default();
    if (cl_diff_create(&old_side, &new_side, &diff, &found) != CL_OK) return fail(NULL, "cl_diff_create");
    printf("A diff of the ids: %lld deleted, %lld inserted, %lld moved, %lld reloaded\n",
           (long long)found.delete_item_count, (long long)found.insert_item_count,
           (long long)found.move_item_count, (long long)found.reload_item_count);
    t = now;
    if (cl_layout_perform_batch_update(layout, &found, &summary, sizeof summary) != CL_OK)
        return fail(layout, "cl_layout_perform_batch_update (diff)");
    printf("  applied: %lld records, content height changed by %g\n", (long long)summary.element_count,
           summary.content_size_change);
    cl_diff_destroy(diff);
    cl_layout_destroy(layout);
    return 0;
}
