/* focus_bench.c — figures 25-27 of flow_bench (fields of its JSON object; see bench/run).
 *
 * 25 a focus move (SPEC §13, cl_layout_focus) in a flow section of n items of the benchmark's
 *    sizes: a random on-screen cell of a random screen as the source, a random direction among
 *    up, down, left, right, next and previous; each move timed on its own: median and 99th
 *    percentile.
 * 26 a focus move down across an empty stretch of 100 viewports: the last cell of a section of
 *    n / 2 items, a header of 100 viewport heights, then n / 2 items (headers do not take focus).
 * 27 prefetch (SPEC §14, cl_layout_prefetch) at a random screen of the first scene, a random
 *    velocity in [-5000, 5000] points/s with the default windows: per call. */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include "bench.h"

#define check(st, layout, what) BENCH_CHECK("focus_bench", st, layout, what)

typedef struct { int64_t items; double gap; } fsource;

static cl_status f_sections(void *u, int64_t *out) { *out = ((fsource *)u)->gap > 0 ? 2 : 1; return 0; }
static cl_status f_count(void *u, int64_t sec, int64_t *out) { fsource *s = u; *out = s->gap > 0 ? s->items / 2 + sec * (s->items % 2) : s->items; return 0; }
static cl_status f_sizes(void *u, int64_t sec, int64_t first, int64_t count, cl_size *out)
{
    (void)u;
    for (int64_t k = 0; k < count; k++) out[k] = bench_item_size(sec * 7919 + first + k);
    return 0;
}
static cl_status f_metrics(void *u, int64_t sec, cl_section_metrics *m)
{
    if (sec == 1) m->header = ((fsource *)u)->gap;
    return 0;
}

static cl_layout *make(fsource *src)
{
    cl_data_source ds = cl_data_source_default();
    ds.user_data = src;
    ds.section_count = f_sections;
    ds.item_count = f_count;
    ds.item_sizes = f_sizes;
    ds.section_metrics = f_metrics;
    cl_layout_def d = bench_metrics(cl_layout_def_default());
    cl_layout *l = NULL;
    check(cl_layout_create(&d, &ds, &l), NULL, "cl_layout_create");
    return l;
}

void focus_bench(int64_t n, int runs)
{
    (void)runs;
    enum { MOVES = 20000, CAP = 4096 };
    static double mt[MOVES];
    static cl_attributes screen[CAP];
    fsource src = {n, 0};
    cl_layout *L = make(&src);
    cl_size cs;
    check(cl_layout_content_size(L, &cs), L, "cl_layout_content_size");
    cl_rect vp;
    check(cl_layout_viewport(L, &vp), L, "cl_layout_viewport");
    double sink = 0;
    int64_t targets = 0;
    uint64_t seed = 4242;
    for (int k = 0; k < MOVES; k++) {
        seed = splitmix(seed);
        vp.y = (double)(seed >> 11) / 9007199254740992.0 * (cs.height - vp.height);
        check(cl_layout_set_viewport(L, vp), L, "cl_layout_set_viewport");
        int64_t count = 0;
        check(cl_layout_elements_in_rect(L, vp, screen, CAP, sizeof screen[0], &count), L, "cl_layout_elements_in_rect");
        int64_t pick = 0;
        for (int tries = 0; tries < 8; tries++) {
            pick = (int64_t)(splitmix(seed + (uint64_t)tries) % (uint64_t)count);
            if (screen[pick].category == CL_CATEGORY_CELL) break;
        }
        cl_focus_request r = cl_focus_request_default();
        r.source = (cl_element_id){screen[pick].category, screen[pick].kind, screen[pick].section, screen[pick].item};
        r.direction = (int32_t)(seed % 6);
        cl_focus_answer a;
        const double t0 = now();
        check(cl_layout_focus(L, &r, &a, sizeof a), L, "cl_layout_focus");
        mt[k] = now() - t0;
        targets += a.has_target;
        sink += a.viewport.y;
    }
    qsort(mt, MOVES, sizeof mt[0], cmp_double);
    const double move_median_us = median(mt, MOVES) * 1e6, move_p99_us = mt[MOVES * 99 / 100] * 1e6;

    /* 27: prefetch at random screens and velocities */
    enum { PREFETCHES = 20000 };
    static double pt[PREFETCHES];
    static cl_prefetch_element list[256];
    int64_t prefetched = 0;
    for (int k = 0; k < PREFETCHES; k++) {
        seed = splitmix(seed);
        vp.y = (double)(seed >> 11) / 9007199254740992.0 * (cs.height - vp.height);
        check(cl_layout_set_viewport(L, vp), L, "cl_layout_set_viewport");
        cl_prefetch_request p = cl_prefetch_request_default();
        p.velocity = (double)(seed % 10001) - 5000;
        cl_span before, after;
        int64_t count = 0;
        const double t0 = now();
        check(cl_layout_prefetch(L, &p, &before, &after, list, 256, sizeof list[0], &count), L, "cl_layout_prefetch");
        pt[k] = now() - t0;
        prefetched += count;
    }
    const double prefetch_us = median(pt, PREFETCHES) * 1e6;
    cl_layout_destroy(L);

    /* 26: down across 100 empty viewports */
    fsource gap = {n, 100 * vp.height};
    cl_layout *G = make(&gap);
    int64_t first_count = 0;
    check(cl_layout_item_count(G, 0, &first_count), G, "cl_layout_item_count");
    cl_attributes last;
    check(cl_layout_attributes(G, CL_CATEGORY_CELL, CL_KIND_CELL, 0, first_count - 1, &last, sizeof last), G, "cl_layout_attributes");
    vp.y = last.frame.y + last.frame.height - vp.height;
    check(cl_layout_set_viewport(G, vp), G, "cl_layout_set_viewport");
    enum { GAP_MOVES = 201 };
    static double gt[GAP_MOVES];
    cl_focus_request r = cl_focus_request_default();
    r.source = (cl_element_id){CL_CATEGORY_CELL, CL_KIND_CELL, 0, first_count - 1};
    r.direction = CL_FOCUS_DOWN;
    cl_focus_answer a = {0};
    for (int k = 0; k < GAP_MOVES; k++) {
        const double t0 = now();
        check(cl_layout_focus(G, &r, &a, sizeof a), G, "cl_layout_focus");
        gt[k] = now() - t0;
    }
    if (!a.has_target || a.target.section != 1) {
        fprintf(stderr, "focus_bench: the move across the gap found (%d, %lld, %lld)\n", a.has_target, (long long)a.target.section,
                (long long)a.target.item);
        exit(1);
    }
    const double gap_us = median(gt, GAP_MOVES) * 1e6;
    cl_layout_destroy(G);
    printf(" \"focus_move_us\": %.4f, \"focus_move_p99_us\": %.4f, \"focus_moves\": %d, \"focus_targets\": %lld, \"focus_sink\": %.1f,\n"
           " \"focus_gap_us\": %.3f, \"focus_gap_viewports\": 100,\n"
           " \"prefetch_us\": %.4f, \"prefetch_calls\": %d, \"prefetch_mean\": %.1f,\n",
           move_median_us, move_p99_us, MOVES, (long long)targets, sink, gap_us, prefetch_us, PREFETCHES,
           (double)prefetched / PREFETCHES);
}
