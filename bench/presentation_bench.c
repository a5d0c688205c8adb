/* presentation_bench.c — figures 30-32 of flow_bench (fields of its JSON object; see bench/run):
 * how what the layout presents costs against the same layout without it. Each pair of layouts is
 * measured alternately, run by run, so that both see the same machine.
 *
 * 30 right to left (SPEC §15): the flow scene of n items laid out (cl_layout_invalidate) and
 *    queried (390 x 844 rects at random places) left to right and right to left.
 * 31 scroll effects (SPEC §19): n / 1,000 sideways carousels of 1,000 cards (120 x 160, 10
 *    apart, a header of 30), each card scaled, faded and lifted by three keylines (a centred card
 *    row: the centre and 400 points either side); 390 x 844 rect queries at random places, with
 *    and without the effect.
 * 32 a collapsing layout header (SPEC §18): rect queries of the flow scene with a pinned
 *    collapsing header and with a plain one, and setting a viewport that collapses it. */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>
#include "bench.h"

#define check(st, layout, what) BENCH_CHECK("presentation_bench", st, layout, what)

enum { Q = 20001, CAP = 1 << 12 };

/* Median times (µs) of 390 x 844 rect queries at Q random places down the content, on the two
 * layouts alternately (with `follow`, each after setting the viewport there), into `us`; the
 * elements found into `found`, and with `scale_sum` the sum of the second layout's scales. */
static void time_queries(cl_layout *L[2], uint64_t seed, bool follow, double us[2], int64_t found[2], double *scale_sum)
{
    static cl_attributes buf[CAP];
    static double qt[2][Q];
    cl_size cs;
    check(cl_layout_content_size(L[0], &cs), L[0], "cl_layout_content_size");
    found[0] = found[1] = 0;
    for (int q = 0; q < Q; q++)
        for (int o = 0; o < 2; o++) {
            const int k = o ^ (q & 1);
            const cl_rect rect = {0, (double)(splitmix((uint64_t)q + seed) % (uint64_t)(cs.height - 844)), 390, 844};
            if (follow) check(cl_layout_set_viewport(L[k], rect), L[k], "cl_layout_set_viewport");
            int64_t count = 0;
            const double t0 = now();
            check(cl_layout_elements_in_rect(L[k], rect, buf, CAP, sizeof buf[0], &count), L[k], "cl_layout_elements_in_rect");
            qt[k][q] = now() - t0;
            found[k] += count;
            if (scale_sum && k == 1) for (int64_t i = 0; i < count; i++) *scale_sum += buf[i].scale;
        }
    us[0] = median(qt[0], Q) * 1e6;
    us[1] = median(qt[1], Q) * 1e6;
}

static cl_status r_count(void *u, int64_t sec, int64_t *out) { (void)sec; *out = *(int64_t *)u; return 0; }
static cl_status r_sizes(void *u, int64_t sec, int64_t first, int64_t count, cl_size *out)
{
    (void)u, (void)sec;
    for (int64_t k = 0; k < count; k++) out[k] = bench_item_size(first + k);
    return 0;
}

static cl_layout *make(int64_t *n, int32_t direction)
{
    cl_data_source ds = cl_data_source_default();
    ds.user_data = n;
    ds.item_count = r_count;
    ds.item_sizes = r_sizes;
    cl_layout_def d = bench_metrics(cl_layout_def_default());
    d.layout_direction = direction;
    cl_layout *l = NULL;
    check(cl_layout_create(&d, &ds, &l), NULL, "cl_layout_create");
    return l;
}

static void rtl(int64_t n, int runs)
{
    enum { MAX_RUNS = 64 };
    double t[2][MAX_RUNS];
    runs = runs > MAX_RUNS ? MAX_RUNS : runs;
    cl_layout *L[2] = {make(&n, CL_LAYOUT_DIRECTION_LTR), make(&n, CL_LAYOUT_DIRECTION_RTL)};
    for (int r = 0; r < runs; r++)
        for (int o = 0; o < 2; o++) {
            const int k = o ^ (r & 1);
            const double t0 = now();
            check(cl_layout_invalidate(L[k]), L[k], "cl_layout_invalidate");
            t[k][r] = now() - t0;
        }
    double us[2];
    int64_t found[2];
    time_queries(L, 77, false, us, found, NULL);
    if (found[0] != found[1]) {
        fprintf(stderr, "presentation_bench: the mirrored queries found %lld elements, the others %lld\n", (long long)found[1], (long long)found[0]);
        exit(1);
    }
    printf(" \"ltr_invalidate\": %.6f, \"rtl_invalidate\": %.6f, \"ltr_query_us\": %.4f, \"rtl_query_us\": %.4f,\n",
           median(t[0], runs), median(t[1], runs), us[0], us[1]);
    cl_layout_destroy(L[0]);
    cl_layout_destroy(L[1]);
}

typedef struct carousels { int64_t sections; int with_effect; } carousels;

static cl_status c_sections(void *u, int64_t *out) { *out = ((carousels *)u)->sections; return 0; }
static cl_status c_count(void *u, int64_t sec, int64_t *out) { (void)u, (void)sec; *out = 1000; return 0; }
static cl_status c_metrics(void *u, int64_t sec, cl_section_metrics *m)
{
    (void)sec;
    static const cl_keyline keylines[3] = {{0.5, 0, 1.1, 1, 10, 0}, {0.5, -400, 0.8, 0.5, 0, 0}, {0.5, 400, 0.8, 0.5, 0, 0}};
    m->style = CL_STYLE_ORTHOGONAL;
    m->header = 30;
    if (((carousels *)u)->with_effect) {
        m->effect_keylines = keylines;
        m->effect_keyline_count = 3;
    }
    return 0;
}

static void effects(int64_t n)
{
    carousels src[2] = {{n / 1000 > 0 ? n / 1000 : 1, 0}, {n / 1000 > 0 ? n / 1000 : 1, 1}};
    cl_layout *L[2];
    for (int k = 0; k < 2; k++) {
        cl_data_source ds = cl_data_source_default();
        ds.user_data = &src[k];
        ds.section_count = c_sections;
        ds.item_count = c_count;
        ds.section_metrics = c_metrics;
        cl_layout_def d = bench_metrics(cl_layout_def_default());
        d.item_size = (cl_size){120, 160};
        L[k] = NULL;
        check(cl_layout_create(&d, &ds, &L[k]), NULL, "cl_layout_create");
    }
    double us[2], scale_sum = 0;
    int64_t found[2];
    time_queries(L, 99, false, us, found, &scale_sum);
    if (found[0] != found[1] || scale_sum == (double)found[1]) {
        fprintf(stderr, "presentation_bench: the effect changed what queries find (%lld, %lld) or no scale\n",
                (long long)found[0], (long long)found[1]);
        exit(1);
    }
    printf(" \"carousel_query_us\": %.4f, \"carousel_effect_query_us\": %.4f, \"carousel_cards\": %lld,\n",
           us[0], us[1], (long long)(src[0].sections * 1000));
    cl_layout_destroy(L[0]);
    cl_layout_destroy(L[1]);
}

/* 32: a collapsing layout header (SPEC §18, pinned, min 60 of 200, stretch) over the flow scene:
 * rect queries at random places with and without it, and a viewport set that collapses it. */
static void collapse(int64_t n)
{
    cl_layout *L[2];
    for (int k = 0; k < 2; k++) {
        cl_data_source ds = cl_data_source_default();
        ds.user_data = &n;
        ds.item_count = r_count;
        ds.item_sizes = r_sizes;
        cl_layout_def d = bench_metrics(cl_layout_def_default());
        d.global_header = 200;
        d.pin_headers = 1;
        if (k == 1) {
            d.collapse_mode = CL_COLLAPSE_PINNED;
            d.collapse_flags = CL_COLLAPSE_STRETCH;
            d.collapse_min = 60;
        }
        L[k] = NULL;
        check(cl_layout_create(&d, &ds, &L[k]), NULL, "cl_layout_create");
    }
    double us[2];
    int64_t found[2];
    time_queries(L, 7, true, us, found, NULL);
    /* Viewports that move across the collapse range (0...140) and on: each set re-places the header. */
    enum { SETS = 200000 };
    cl_collapse record;
    double sink = 0;
    const double t0 = now();
    for (int k = 0; k < SETS; k++) {
        check(cl_layout_set_viewport(L[1], (cl_rect){0, (double)(k % 400) - 40, 390, 844}), L[1], "cl_layout_set_viewport");
        if ((k & 1023) == 0) {
            check(cl_layout_collapse(L[1], &record, sizeof record), L[1], "cl_layout_collapse");
            sink += record.extent;
        }
    }
    const double set_us = (now() - t0) / SETS * 1e6;
    printf(" \"collapse_query_us\": %.4f, \"collapse_plain_query_us\": %.4f, \"collapse_set_viewport_us\": %.4f, \"collapse_sink\": %g,\n",
           us[1], us[0], set_us, sink);
    cl_layout_destroy(L[0]);
    cl_layout_destroy(L[1]);
}

void presentation_bench(int64_t n, int runs)
{
    rtl(n, runs);
    effects(n);
    collapse(n);
}
