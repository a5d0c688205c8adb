/* styles_bench.c — figures 10-14 of flow_bench (the rest of its JSON object; see bench/run).
 *
 * 10 grid (3 columns) and waterfall (2, 5 and 20 columns) full layouts of the items against a
 *    plain C loop of the same arithmetic (baseline_grid / baseline_waterfall in baseline_flow.c);
 * 11 a custom section whose frames come from a batched C callback (memcpy from an array: the flow
 *    frames of the same items) against the flow layout of the same items;
 * 12 one-screen rect queries (390x844, random places) in the grid, waterfall and custom layouts;
 * 13 many sections (issue 15): 1,000,000 sections of one item against one section of 1,000,000
 *    items (time, and heap bytes in use per section beyond the items), 100,000 against 1,000,000
 *    sections of one item;
 * 14 invalidation never dearer than a relayout (issue 15): invalidate_items with 1,000 of a
 *    10,000-item section and 100,000 of a 1,000,000-item section against a full relayout of that
 *    section (cl_layout_invalidate of a one-section layout), 1,000 scattered items of the
 *    1,000,000-item section, and every item of the 10,000-item section (medians of three times the runs; the 10,000-item case sums 16
 *    calls per sample). (One item of it is figure 3.)
 * Frames of 10 and 11 are checked against the C loops (every 997th cell). */
#define _DEFAULT_SOURCE
#include <malloc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bench.h"

double baseline_flow(const cl_size *sz, int64_t sections, int64_t per_section, double width,
                     cl_insets in, double line_spacing, double s, double *x, double *y);
double baseline_grid(const cl_size *sz, int64_t count, int64_t columns, double width, cl_insets in,
                     double line_spacing, double s, double *x, double *y);
double baseline_waterfall(const cl_size *sz, int64_t count, int64_t columns, double width, cl_insets in,
                          double line_spacing, double s, double *ends, double *x, double *y);

typedef struct {
    cl_size *sizes; int64_t sections, per;
    const cl_rect *frames;  /* custom sections: per frames, body-relative */
} bsource;

static cl_status b_sections(void *u, int64_t *out) { *out = ((bsource *)u)->sections; return 0; }
static cl_status b_count(void *u, int64_t sec, int64_t *out) { (void)sec; *out = ((bsource *)u)->per; return 0; }
static cl_status b_sizes(void *u, int64_t sec, int64_t first, int64_t count, cl_size *out)
{
    const bsource *s = u;
    if (sec < 0 || sec >= s->sections || first < 0 || count < 0 || first + count > s->per) return 1;
    memcpy(out, s->sizes + sec * s->per + first, (size_t)count * sizeof *out);
    return 0;
}
static cl_status b_frames(void *u, int64_t sec, int64_t first, int64_t count, double line_extent, cl_rect *out)
{
    const bsource *s = u;
    (void)line_extent;
    if (sec != 0 || first < 0 || count < 0 || first + count > s->per) return 1;
    memcpy(out, s->frames + first, (size_t)count * sizeof *out);
    return 0;
}

/* Spans (SPEC §16): 2 columns for every 10th item, 1 for the others. */
static cl_status b_spans(void *u, int64_t sec, int64_t first, int64_t count, int32_t *out)
{
    (void)u, (void)sec;
    for (int64_t k = 0; k < count; k++) out[k] = (first + k) % 10 == 0 ? 2 : 1;
    return 0;
}

#define check(st, layout, what) BENCH_CHECK("styles_bench", st, layout, what)
static uint64_t mix(uint64_t i)
{
    uint64_t z = (i + 1) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
/* Heap bytes in use (malloc's own count: freed memory that malloc keeps is not counted). */

static const cl_insets IN = {10, 10, 10, 10};

static cl_layout_def def_for(int32_t style, int32_t columns)
{
    cl_layout_def d = bench_metrics(cl_layout_def_default());
    d.style = style;
    d.columns = columns;
    return d;
}

static cl_layout *make(cl_layout_def def, bsource *src, double *seconds)
{
    cl_data_source ds = cl_data_source_default();
    ds.user_data = src;
    ds.section_count = b_sections;
    ds.item_count = b_count;
    ds.item_sizes = b_sizes;
    if (src->frames) ds.custom_frames = b_frames;
    cl_layout *l = NULL;
    double t = now();
    check(cl_layout_create(&def, &ds, &l), NULL, "cl_layout_create");
    if (seconds) *seconds = now() - t;
    return l;
}

static long mismatches(const cl_layout *l, int64_t n, const double *x, const double *y, double height, double dy)
{
    long bad = 0;
    cl_size cs;
    check(cl_layout_content_size(l, &cs), l, "cl_layout_content_size");
    if (fabs(cs.height - height) > 1e-6) bad++;
    for (int64_t i = 0; i < n; i += 997) {
        cl_attributes a;
        check(cl_layout_attributes(l, CL_CATEGORY_CELL, CL_KIND_CELL, 0, i, &a, sizeof a), l, "cl_layout_attributes");
        if (fabs(a.frame.x - x[i]) > 1e-6 || fabs(a.frame.y - (y[i] + dy)) > 1e-6) bad++;
    }
    return bad;
}

enum { Q = 20001, CAP = 1 << 14 };

/* Median time of a 390x844 rect query at random vertical places. */
static double query_us(const cl_layout *l, uint64_t seed)
{
    static cl_attributes buf[CAP];
    static double qt[Q];
    cl_size cs;
    int64_t count;
    check(cl_layout_content_size(l, &cs), l, "cl_layout_content_size");
    for (int q = 0; q < Q; q++) {
        const cl_rect r = {0, (double)(mix((uint64_t)q + seed) % (uint64_t)(cs.height > 844 ? cs.height - 844 : 1)), 390, 844};
        double t0 = now();
        check(cl_layout_elements_in_rect(l, r, buf, CAP, sizeof buf[0], &count), l, "cl_layout_elements_in_rect");
        qt[q] = now() - t0;
    }
    return median(qt, Q) * 1e6;
}

void styles_bench(int64_t n, int runs, const cl_size *base_sizes)
{
    cl_size *sizes = malloc((size_t)n * sizeof *sizes);
    memcpy(sizes, base_sizes, (size_t)n * sizeof *sizes);
    double *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y), ends[64];
    bsource one = {sizes, 1, n, NULL};
    double t[3][64];

    /* 10. grid, 3 columns: create, invalidate and the C loop alternated */
    cl_layout_def gd = def_for(CL_STYLE_GRID, 3);
    cl_layout *G = make(gd, &one, NULL);
    double gh = 0;
    for (int r = 0; r < runs; r++)
        for (int o = 0; o < 3; o++) {
            const int k = (o + r) % 3;
            double t0 = now();
            if (k == 0) cl_layout_destroy(make(gd, &one, NULL));
            else if (k == 1) check(cl_layout_invalidate(G), G, "cl_layout_invalidate");
            else gh = baseline_grid(sizes, n, 3, 390, IN, 10, 10, x, y);
            t[k][r] = now() - t0;
        }
    const double grid_create = median(t[0], runs), grid_inval = median(t[1], runs), grid_ref = median(t[2], runs);
    const long bad_grid = mismatches(G, n, x, y, gh, 0);
    const double grid_query = query_us(G, 17 * (uint64_t)n);

    /* 10. the same grid with a span of 2 every 10 items (SPEC §16), invalidations alternated
     * with the grid's without spans */
    cl_data_source sds = cl_data_source_default();
    sds.user_data = &one;
    sds.section_count = b_sections;
    sds.item_count = b_count;
    sds.item_sizes = b_sizes;
    sds.item_spans = b_spans;
    cl_layout *S = NULL;
    check(cl_layout_create(&gd, &sds, &S), NULL, "cl_layout_create");
    for (int r = 0; r < runs; r++)
        for (int o = 0; o < 2; o++) {
            const int k = o ^ (r & 1);
            cl_layout *which = k == 0 ? S : G;
            double t0 = now();
            check(cl_layout_invalidate(which), which, "cl_layout_invalidate");
            t[k][r] = now() - t0;
        }
    const double spans_inval = median(t[0], runs), plain_grid_inval = median(t[1], runs);
    cl_layout_destroy(S);
    cl_layout_destroy(G);

    /* 10. waterfall, 2, 5 and 20 columns */
    static const int32_t wcols[3] = {2, 5, 20};
    double wf_inval[3], wf_ref[3], wf_query = 0;
    long bad_wf = 0;
    for (int c = 0; c < 3; c++) {
        cl_layout_def wd = def_for(CL_STYLE_WATERFALL, wcols[c]);
        cl_layout *W = make(wd, &one, NULL);
        double wh = 0;
        for (int r = 0; r < runs; r++)
            for (int o = 0; o < 2; o++) {
                const int k = o ^ (r & 1);
                double t0 = now();
                if (k == 0) check(cl_layout_invalidate(W), W, "cl_layout_invalidate");
                else wh = baseline_waterfall(sizes, n, wcols[c], 390, IN, 10, 10, ends, x, y);
                t[k][r] = now() - t0;
            }
        wf_inval[c] = median(t[0], runs);
        wf_ref[c] = median(t[1], runs);
        bad_wf += mismatches(W, n, x, y, wh, 0);
        if (c == 1) wf_query = query_us(W, 19 * (uint64_t)n);
        cl_layout_destroy(W);
    }

    /* 11. custom: the flow frames of the same items through custom_frames, against flow */
    const double fh = baseline_flow(sizes, 1, n, 390, IN, 10, 10, x, y);
    cl_rect *frames = malloc((size_t)n * sizeof *frames);
    for (int64_t i = 0; i < n; i++) frames[i] = (cl_rect){x[i], y[i] - IN.top, sizes[i].width, sizes[i].height};
    bsource custom_src = {sizes, 1, n, frames};
    cl_layout_def cd = def_for(CL_STYLE_CUSTOM, 2), fd = def_for(CL_STYLE_FLOW, 2);
    for (int r = 0; r < runs; r++)
        for (int o = 0; o < 2; o++) {
            const int k = o ^ (r & 1);
            cl_layout_destroy(make(k ? fd : cd, k ? &one : &custom_src, &t[k][r]));
        }
    const double custom_create = median(t[0], runs), flow_create = median(t[1], runs);
    cl_layout *C = make(cd, &custom_src, NULL);
    for (int64_t i = 0; i < n; i++) y[i] -= IN.top;  /* body-relative, as given */
    const long bad_custom = mismatches(C, n, x, y, fh, IN.top);
    const double custom_query = query_us(C, 23 * (uint64_t)n);
    cl_layout_destroy(C);
    free(frames);

    /* 13. many sections: 1,000,000 x 1 against 1 x 1,000,000 (create, alternated), and the heap
     * in use by each layout; 100,000 x 1 against 1,000,000 x 1 */
    const int64_t big = n, small = n / 10;
    bsource per_object = {sizes, big, 1, NULL}, fewer = {sizes, small, 1, NULL};
    for (int r = 0; r < runs; r++)
        for (int o = 0; o < 3; o++) {
            const int k = (o + r) % 3;
            cl_layout_destroy(make(fd, k == 0 ? &one : k == 1 ? &per_object : &fewer, &t[k][r]));
        }
    const double one_section = median(t[0], runs), many_sections = median(t[1], runs), tenth_sections = median(t[2], runs);
    double h0 = heap_bytes();
    cl_layout *L1 = make(fd, &one, NULL);
    const double heap_items = heap_bytes() - h0;
    h0 = heap_bytes();
    cl_layout *LS = make(fd, &per_object, NULL);
    const double heap_sections = heap_bytes() - h0;
    cl_layout_destroy(LS);

    /* 14. invalidate_items against a full relayout of the section. Every call is a real change:
     * the named items' heights toggle by 7 pt between calls; the relayouts see the same toggles. */
    const int64_t ten = n < 10000 ? n : 10000;  /* the sizes array holds n items */
    bsource ten_k = {sizes, 1, ten, NULL};
    cl_layout *L10 = make(fd, &ten_k, NULL);
    struct { cl_layout *l; int64_t per, named; int scattered; } cases[4] = {
        {L10, ten, ten / 10, 0}, {L1, n, n / 10, 0}, {L1, n, n < 1000 ? n : 1000, 1}, {L10, ten, ten, 0}};
    double inv_items[4], inv_full[4];
    cl_index_path *paths = malloc((size_t)(n + 1) * sizeof *paths);  /* every case names at most n */
    for (int c = 0; c < 4; c++) {
        /* named items: every (per / named)-th item, from an offset (scattered: spread over the
         * whole section; the others: the same spread, many) */
        const int64_t step = cases[c].per / cases[c].named;
        for (int64_t k = 0; k < cases[c].named; k++)
            paths[k] = (cl_index_path){0, k * step + (int64_t)(mix((uint64_t)k + 29u * (uint64_t)c) % (uint64_t)step)};
        /* a sample of the short case (0.1 ms) sums 16 calls: one call is too short for a median
         * of 11 to be steady on a shared machine; the long cases take three times the samples
         * (each pair is a few tens of ms, and the ratio is all the row reports) */
        const int calls = cases[c].per <= 10000 ? 16 : 1, samples = calls > 1 ? runs : (3 * runs < 63 ? 3 * runs : 63);
        for (int r = 0; r < samples; r++) {
            for (int o = 0; o < 2; o++) {
                const int k = o ^ (r & 1);
                t[k][r] = 0;
                for (int call = 0; call < calls; call++) {
                    for (int64_t q = 0; q < cases[c].named; q++) sizes[paths[q].item].height += (r * 2 + o + call) % 2 ? -7 : 7;
                    double t0 = now();
                    if (k == 0) check(cl_layout_invalidate_items(cases[c].l, paths, cases[c].named), cases[c].l, "cl_layout_invalidate_items");
                    else check(cl_layout_invalidate(cases[c].l), cases[c].l, "cl_layout_invalidate");
                    t[k][r] += (now() - t0) / calls;
                }
            }
        }
        inv_items[c] = median(t[0], samples);
        inv_full[c] = median(t[1], samples);
    }
    /* the toggles cancel out (an even number per run): the layout equals the C loop again */
    const double h1 = baseline_flow(sizes, 1, n, 390, IN, 10, 10, x, y);
    const long bad_invalidate = mismatches(L1, n, x, y, h1, 0);
    cl_layout_destroy(L10);
    cl_layout_destroy(L1);
    free(paths);

    printf(" \"grid_spans_invalidate\": %.6f, \"grid_plain_invalidate\": %.6f,\n", spans_inval, plain_grid_inval);
    printf(" \"grid_columns\": 3, \"grid_create\": %.6f, \"grid_invalidate\": %.6f, \"grid_reference\": %.6f,\n"
           " \"waterfall_columns\": [%d, %d, %d], \"waterfall_invalidate\": [%.6f, %.6f, %.6f],"
           " \"waterfall_reference\": [%.6f, %.6f, %.6f],\n"
           " \"custom_create\": %.6f, \"custom_flow_create\": %.6f,\n"
           " \"grid_query_us\": %.3f, \"waterfall_query_us\": %.3f, \"custom_query_us\": %.3f,\n"
           " \"sections_1_create\": %.6f, \"sections_many\": %lld, \"sections_many_create\": %.6f,"
           " \"sections_tenth\": %lld, \"sections_tenth_create\": %.6f,\n"
           " \"heap_items\": %.0f, \"heap_sections\": %.0f,\n"
           " \"inv_items_10k_1k\": %.6f, \"inv_full_10k\": %.6f, \"inv_items_1m_100k\": %.6f, \"inv_full_1m\": %.6f,\n"
           " \"inv_items_1m_1k_scattered\": %.6f, \"inv_full_1m_b\": %.6f,"
           " \"inv_items_10k_all\": %.6f, \"inv_full_10k_b\": %.6f,\n"
           " \"mismatch_grid\": %ld, \"mismatch_waterfall\": %ld, \"mismatch_custom\": %ld, \"mismatch_invalidate\": %ld}\n",
           grid_create, grid_inval, grid_ref, wcols[0], wcols[1], wcols[2], wf_inval[0], wf_inval[1], wf_inval[2],
           wf_ref[0], wf_ref[1], wf_ref[2], custom_create, flow_create, grid_query, wf_query, custom_query,
           one_section, (long long)big, many_sections, (long long)small, tenth_sections, heap_items, heap_sections,
           inv_items[0], inv_full[0], inv_items[1], inv_full[1], inv_items[2], inv_full[2], inv_items[3], inv_full[3],
           bad_grid, bad_wf, bad_custom, bad_invalidate);
    free(sizes); free(x); free(y);
}
