/* badges_bench.c — figure 28 of flow_bench (fields of its JSON object; see bench/run).
 *
 * 28 one-screen rect queries (390x844 at random places, the same places for both) in a flow
 *    section of n items of the benchmark's sizes where every cell carries a 20x20 badge at its
 *    top-trailing corner, half outside it (SPEC §17.1), against the same layout without badges;
 *    the two alternate query by query. Also the full load of the badges (cl_layout_invalidate). */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include "bench.h"

#define check(st, layout, what) BENCH_CHECK("badges_bench", st, layout, what)

typedef struct { int64_t items; int32_t kind; } bsrc;

static cl_status b_count(void *u, int64_t sec, int64_t *out) { (void)sec; *out = ((bsrc *)u)->items; return 0; }
static cl_status b_sizes(void *u, int64_t sec, int64_t first, int64_t count, cl_size *out)
{
    (void)u, (void)sec;
    for (int64_t k = 0; k < count; k++) out[k] = bench_item_size(first + k);
    return 0;
}
/* One badge per cell. */
static cl_status b_badges(void *u, int64_t sec, int64_t first, int64_t count, cl_item_badge *out, int64_t capacity,
                          int64_t *out_count)
{
    (void)sec;
    for (int64_t k = 0; k < count && k < capacity; k++) out[k] = (cl_item_badge){.item = first + k, .kind = ((bsrc *)u)->kind};
    *out_count = count;
    return 0;
}

static cl_layout *make(bsrc *src, int badged)
{
    cl_data_source ds = cl_data_source_default();
    ds.user_data = src;
    ds.item_count = b_count;
    ds.item_sizes = b_sizes;
    if (badged) ds.item_badges = b_badges;
    cl_layout_def d = bench_metrics(cl_layout_def_default());
    cl_layout *l = NULL;
    check(cl_layout_create(&d, &ds, &l), NULL, "cl_layout_create");
    return l;
}

void badges_bench(int64_t n, int runs)
{
    enum { Q = 20000, CAP = 4096 };
    static double qt[2][Q];
    static cl_attributes buf[CAP];
    bsrc plain_src = {n, 0}, badged_src = {n, 0};
    cl_layout *P = make(&plain_src, 0), *B = make(&badged_src, 1);
    cl_badge_def def = cl_badge_def_default();
    def.size = (cl_size){20, 20};
    def.dx = 0.5;
    def.dy = -0.5;
    def.fractional = 1;
    check(cl_layout_add_badge(B, "count", &def, &badged_src.kind), B, "cl_layout_add_badge");
    double lt[64];
    for (int r = 0; r < runs && r < 64; r++) {
        double t0 = now();
        check(cl_layout_invalidate(B), B, "cl_layout_invalidate");
        lt[r] = now() - t0;
    }
    const double load = median(lt, runs < 64 ? runs : 64);
    cl_size cs;
    check(cl_layout_content_size(P, &cs), P, "cl_layout_content_size");
    int64_t found[2] = {0, 0}, count;
    for (int q = 0; q < Q; q++) {
        const cl_rect r = {0, (double)(splitmix((uint64_t)q + 31 * (uint64_t)n) % (uint64_t)(cs.height > 844 ? cs.height - 844 : 1)), 390, 844};
        for (int o = 0; o < 2; o++) {
            const int k = o ^ (q & 1);
            cl_layout *which = k ? B : P;
            double t0 = now();
            check(cl_layout_elements_in_rect(which, r, buf, CAP, sizeof buf[0], &count), which, "cl_layout_elements_in_rect");
            qt[k][q] = now() - t0;
            found[k] += count;
        }
    }
    const double plain = median(qt[0], Q) * 1e6, badged = median(qt[1], Q) * 1e6;
    if (found[1] <= found[0]) {
        fprintf(stderr, "badges_bench: the badged layout returned %lld elements, the plain one %lld\n", (long long)found[1],
                (long long)found[0]);
        exit(1);
    }
    printf(" \"badges_query_us\": %.4f, \"badges_plain_query_us\": %.4f, \"badges_per_query\": %.1f, \"badges_load\": %.6f,\n",
           badged, plain, (double)(found[1] - found[0]) / Q, load);
    cl_layout_destroy(P);
    cl_layout_destroy(B);
}
