/* motion_bench.c — transitions and interactive movement for bench/run (figures 20-22). Prints
 * one JSON object on stdout.
 *
 *   motion_bench [items] [runs]      (defaults 1000000 items, 11 runs)
 *
 * The items of flow_bench.c (splitmix64 sizes, widths 40-160, heights 30-120, 1/4 pt steps) in
 * one flow section at 390 pt, and the same items in a 3-column grid section (the to-layout).
 * 20: one transition frame: cl_transition_elements_in_rect of a 390x844 rect at a random place
 *     and progress, median of many calls, against one rect query of each layout.
 * 21: one movement step: cl_layout_update_movement at a new position over another cell (the
 *     target changes: the live layout is derived again) then the rect query of the screen; and
 *     a step to a position over no other cell (in the trailing inset: the target stays, the
 *     hit test and the query only).
 * 22: the commit (after a begin and one position) against a full layout (cl_layout_invalidate). */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bench.h"


typedef struct { const cl_size *sizes; int64_t n; } source;
static cl_status cb_count(void *u, int64_t s, int64_t *out) { (void)s; *out = ((source *)u)->n; return 0; }
static cl_status cb_sizes(void *u, int64_t s, int64_t first, int64_t count, cl_size *out) {
    (void)s;
    memcpy(out, ((source *)u)->sizes + first, (size_t)count * sizeof *out);
    return 0;
}

#define check(st, layout, what) BENCH_CHECK("motion_bench", st, layout, what)

static cl_layout *make(source *src, int32_t style) {
    cl_layout_def def = bench_metrics(cl_layout_def_default());
    def.style = style;
    def.columns = 3;
    cl_data_source ds = cl_data_source_default();
    ds.user_data = src;
    ds.item_count = cb_count;
    ds.item_sizes = cb_sizes;
    cl_layout *layout = NULL;
    check(cl_layout_create(&def, &ds, &layout), NULL, "cl_layout_create");
    return layout;
}

enum { CAP = 4096, Q = 2001, STEPS = 41 };

int main(int argc, char **argv) {
    const int64_t n = argc > 1 ? atoll(argv[1]) : 1000000;
    int runs = argc > 2 ? atoi(argv[2]) : 11;
    if (runs < 1 || runs > 64) runs = 11;
    cl_size *sizes = malloc((size_t)n * sizeof *sizes);
    for (int64_t i = 0; i < n; i++) sizes[i] = bench_item_size(i);
    source src = {sizes, n};
    cl_layout *flow = make(&src, CL_STYLE_FLOW), *grid = make(&src, CL_STYLE_GRID);
    static cl_attributes buf[CAP];
    cl_size cs;
    check(cl_layout_content_size(grid, &cs), grid, "content size");  /* the shorter one */
    const double span = cs.height > 844 ? cs.height - 844 : 1;

    /* 20. a transition frame against one rect query of each side */
    cl_transition *tr = NULL;
    check(cl_transition_create(flow, grid, &tr), NULL, "cl_transition_create");
    static double tt[Q], qa[Q], qb[Q];
    int64_t count = 0, total = 0;
    for (int q = 0; q < Q; q++) {
        const cl_rect r = {0, (double)(splitmix((uint64_t)q + 17 * (uint64_t)n) % (uint64_t)span), 390, 844};
        const double t = (double)(splitmix((uint64_t)q) % 1001) / 1000;
        double t0 = now();
        check(cl_transition_elements_in_rect(tr, t, r, buf, CAP, sizeof buf[0], &count), NULL, "transition");
        double t1 = now();
        check(cl_layout_elements_in_rect(flow, r, buf, CAP, sizeof buf[0], &count), flow, "query");
        double t2 = now();
        check(cl_layout_elements_in_rect(grid, r, buf, CAP, sizeof buf[0], &count), grid, "query");
        double t3 = now();
        tt[q] = t1 - t0, qa[q] = t2 - t1, qb[q] = t3 - t2;
        check(cl_transition_elements_in_rect(tr, t, r, buf, CAP, sizeof buf[0], &count), NULL, "transition");
        total += count;
    }
    cl_transition_destroy(tr);
    const double frame_us = median(tt, Q) * 1e6, query_a_us = median(qa, Q) * 1e6, query_b_us = median(qb, Q) * 1e6;

    /* 21. movement steps in the middle of the section: over a cell after the moving one (the
     * target changes), then into the trailing inset, over no cell (it does not) */
    const int64_t mid = n / 2;
    cl_attributes a;
    check(cl_layout_attributes(flow, CL_CATEGORY_CELL, CL_KIND_CELL, 0, mid, &a, sizeof a), flow, "attributes");
    cl_rect screen = {0, a.frame.y - 300, 390, 844};
    check(cl_layout_begin_movement(flow, (cl_index_path){0, mid}), flow, "begin");
    static double changed[STEPS], same[STEPS];
    int64_t moves = 0;
    for (int k = 0; k < STEPS; k++) {
        cl_attributes over;
        /* the cell k + 1 places after the moving one, in the live layout */
        check(cl_layout_attributes(flow, CL_CATEGORY_CELL, CL_KIND_CELL, 0, mid + 1 + (k % 8), &over, sizeof over), flow, "attributes");
        const double x = over.frame.x + over.frame.width / 2, y = over.frame.y + over.frame.height / 2;
        cl_index_path target;
        double t0 = now();
        check(cl_layout_update_movement(flow, x, y, &target), flow, "update_movement");
        check(cl_layout_elements_in_rect(flow, screen, buf, CAP, sizeof buf[0], &count), flow, "query");
        double t1 = now();
        check(cl_layout_update_movement(flow, 385, y, &target), flow, "update_movement");
        check(cl_layout_elements_in_rect(flow, screen, buf, CAP, sizeof buf[0], &count), flow, "query");
        double t2 = now();
        changed[k] = t1 - t0, same[k] = t2 - t1;
        moves += target.item != mid;
    }
    check(cl_layout_cancel_movement(flow), flow, "cancel");
    const double step_changed_us = median(changed, STEPS) * 1e6, step_same_us = median(same, STEPS) * 1e6;

    /* 22. commit (after begin and one position) against a full layout, alternated run by run */
    double ct[64], ft[64], gt[64];
    for (int r = 0; r < runs; r++) {
        cl_attributes over;
        check(cl_layout_attributes(flow, CL_CATEGORY_CELL, CL_KIND_CELL, 0, mid + 3, &over, sizeof over), flow, "attributes");
        cl_index_path target;
        cl_update_summary summary;
        double t0 = now();
        check(cl_layout_begin_movement(flow, (cl_index_path){0, mid}), flow, "begin");
        check(cl_layout_update_movement(flow, over.frame.x + 1, over.frame.y + 1, &target), flow, "update_movement");
        double t1 = now();
        check(cl_layout_commit_movement(flow, &summary, sizeof summary), flow, "commit");
        double t2 = now();
        check(cl_layout_invalidate(flow), flow, "invalidate");  /* the data source never moved: back to it */
        double t3 = now();
        ct[r] = t2 - t1, gt[r] = t2 - t0, ft[r] = t3 - t2;
    }
    const double commit_s = median(ct, runs), gesture_s = median(gt, runs), full_s = median(ft, runs);

    printf("{\"items\": %lld, \"transition_frame_us\": %.3f, \"transition_query_a_us\": %.3f, \"transition_query_b_us\": %.3f,\n"
           " \"transition_mean_count\": %.1f, \"step_changed_us\": %.3f, \"step_same_us\": %.3f, \"step_moves\": %lld, \"steps\": %d,\n"
           " \"commit_s\": %.9f, \"gesture_s\": %.9f, \"full_s\": %.9f, \"runs\": %d}\n",
           (long long)n, frame_us, query_a_us, query_b_us, (double)total / Q, step_changed_us, step_same_us,
           (long long)moves, STEPS, commit_s, gesture_s, full_s, runs);
    cl_layout_destroy(flow);
    cl_layout_destroy(grid);
    free(sizes);
    return 0;
}
