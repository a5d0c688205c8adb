/* global_bench.c — figure 28 of flow_bench (fields of its JSON object; see bench/run).
 *
 * 28 the layout's own header and footer (SPEC §17.2) change no other figure: one flow section
 *    of n items of the benchmark's sizes, created (cl_layout_create: every size read, every line
 *    laid out) without them and with a pinned layout header of 64 and a layout footer of 40,
 *    the two alternating run by run; and a 390 x 844 rect query after an origin-only
 *    set_viewport at random origins, the same origins for both. Medians. */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include "bench.h"

#define check(st, layout, what) BENCH_CHECK("global_bench", st, layout, what)

static cl_status g_sections(void *u, int64_t *out) { (void)u; *out = 1; return 0; }
static cl_status g_count(void *u, int64_t sec, int64_t *out) { (void)sec; *out = *(int64_t *)u; return 0; }
static cl_status g_sizes(void *u, int64_t sec, int64_t first, int64_t count, cl_size *out)
{
    (void)u; (void)sec;
    for (int64_t k = 0; k < count; k++) out[k] = bench_item_size(first + k);
    return 0;
}

static cl_layout *make(int64_t *n, int with_global, double *seconds)
{
    cl_data_source ds = cl_data_source_default();
    ds.user_data = n;
    ds.section_count = g_sections;
    ds.item_count = g_count;
    ds.item_sizes = g_sizes;
    cl_layout_def d = bench_metrics(cl_layout_def_default());
    if (with_global) {
        d.global_header = 64;
        d.pin_global_header = 1;
        d.global_footer = 40;
    }
    cl_layout *l = NULL;
    const double t0 = now();
    check(cl_layout_create(&d, &ds, &l), NULL, "cl_layout_create");
    *seconds = now() - t0;
    return l;
}

/* The median time of `count` rect queries of the viewport at the origins `ys`. */
static double query_us(cl_layout *l, const double *ys, int count, double *times, int64_t *found)
{
    enum { CAP = 4096 };
    static cl_attributes screen[CAP];
    cl_rect vp;
    check(cl_layout_viewport(l, &vp), l, "cl_layout_viewport");
    *found = 0;
    for (int k = 0; k < count; k++) {
        vp.y = ys[k];
        const double t0 = now();
        check(cl_layout_set_viewport(l, vp), l, "cl_layout_set_viewport");
        int64_t got = 0;
        check(cl_layout_elements_in_rect(l, vp, screen, CAP, sizeof screen[0], &got), l, "cl_layout_elements_in_rect");
        times[k] = now() - t0;
        *found += got;
    }
    return median(times, count) * 1e6;
}

void global_bench(int64_t n, int runs)
{
    double plain[64], global[64], t;
    if (runs > 64) runs = 64;
    for (int r = 0; r < runs; r++) {
        for (int which = 0; which < 2; which++) {
            const int with_global = (r + which) % 2;  /* alternate which comes first */
            cl_layout_destroy(make(&n, with_global, &t));
            (with_global ? global : plain)[r] = t;
        }
    }
    const double plain_s = median(plain, runs), global_s = median(global, runs);

    enum { QUERIES = 20000 };
    static double ys[QUERIES], times[QUERIES];
    double tmp;
    cl_layout *P = make(&n, 0, &tmp), *G = make(&n, 1, &tmp);
    cl_size cs;
    check(cl_layout_content_size(P, &cs), P, "cl_layout_content_size");
    uint64_t seed = 2817;
    for (int k = 0; k < QUERIES; k++) {
        seed = splitmix(seed);
        ys[k] = (double)(seed >> 11) / 9007199254740992.0 * (cs.height - 844);
    }
    int64_t plain_found, global_found;
    const double plain_us = query_us(P, ys, QUERIES, times, &plain_found);
    const double global_us = query_us(G, ys, QUERIES, times, &global_found);
    cl_layout_destroy(P);
    cl_layout_destroy(G);
    printf(" \"global_plain_create_s\": %.6f, \"global_create_s\": %.6f,\n"
           " \"global_plain_query_us\": %.4f, \"global_query_us\": %.4f, \"global_queries\": %d,\n"
           " \"global_plain_mean\": %.1f, \"global_mean\": %.1f,\n",
           plain_s, global_s, plain_us, global_us, QUERIES, (double)plain_found / QUERIES, (double)global_found / QUERIES);
}
