/* targets_bench.c — figures 20-21 of flow_bench (fields of its JSON object; see bench/run).
 *
 * 20 self-sizing (SPEC §10.4): a screen of 30 items in the middle of a 1,000,000-item flow
 *    section gets measured sizes (cl_layout_set_item_sizes: re-flow from the first affected line,
 *    anchoring, clamping), against a full layout of the section (cl_layout_invalidate). The
 *    measurements toggle between changed and original heights, so that every call is a change
 *    and an even number of calls restores the sizes: the frames then equal a fresh layout's.
 * 21 target content offset with line snapping (SPEC §10.6) at random proposed offsets and
 *    velocities over the same section: per call, in batches of 100.
 * 24 a fling's sample (SPEC §22): cl_fling_sample of a decelerating fling and of a spring back
 *    made by cl_layout_fling over the same section, at random times before their rest: per
 *    call, in batches of 1,000.
 * 19 (C-driven) one item inserted by cl_layout_perform_batch_update in the middle of 1 x n and of
 *    1,000 x (n / 1,000) items held in a cl_array_source (the section's new sizes array and count
 *    are set, then the update names the insert), against cl_layout_invalidate of the same data.
 * 19 (reload) one section of 1,000 x (n / 1,000) items over a cl_array_source reloaded
 *    (reload_sections) with other sizes, against cl_layout_invalidate of the same data.
 * 19 (scattered) 1,000 scattered changes in one update of the 1 x n section over a cl_array_source:
 *    500 items deleted and 500 inserted, spread over the section (then the inverse update, which
 *    restores the data), against cl_layout_invalidate of the same data.
 * 23 estimated sizes at scale (SPEC §10.4): one flow section of 10,000,000 items with one
 *    estimated size: create plus the first screen's query; a jump to the middle, 30 items of
 *    that screen measured and the screen queried; the heap of the unmeasured layout and per
 *    measured item (10,000 measured, spread over the section). */
#define _DEFAULT_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <malloc.h>
#include <time.h>
#include "bench.h"

typedef struct { const cl_size *sizes; int64_t count; } tsource;

static cl_status t_count(void *u, int64_t sec, int64_t *out) { (void)sec; *out = ((tsource *)u)->count; return 0; }
static cl_status t_sizes(void *u, int64_t sec, int64_t first, int64_t count, cl_size *out)
{
    const tsource *s = u;
    if (sec != 0 || first < 0 || count < 0 || first + count > s->count) return 1;
    memcpy(out, s->sizes + first, (size_t)count * sizeof *out);
    return 0;
}

#define check(st, layout, what) BENCH_CHECK("targets_bench", st, layout, what)

/* A layout of the benchmark's flow metrics over `ds` */
static cl_layout *layout_over(const cl_data_source *ds)
{
    cl_layout_def d = bench_metrics(cl_layout_def_default());
    cl_layout *l = NULL;
    check(cl_layout_create(&d, ds, &l), NULL, "cl_layout_create");
    return l;
}

static cl_layout *make(tsource *src)
{
    cl_data_source ds = cl_data_source_default();
    ds.user_data = src;
    ds.item_count = t_count;
    ds.item_sizes = t_sizes;
    return layout_over(&ds);
}

/* Over the host's arrays (read at every pass: they and `arrays` outlive the layout) */
static cl_layout *array_layout(const cl_array_source *arrays)
{
    cl_data_source ds = cl_data_source_default();
    ds.arrays = arrays;
    return layout_over(&ds);
}


enum { ESTIMATED_ITEMS = 10000000 };
static cl_status e_count(void *u, int64_t sec, int64_t *out) { (void)u; (void)sec; *out = ESTIMATED_ITEMS; return 0; }
static cl_status e_metrics(void *u, int64_t sec, cl_section_metrics *m)
{
    (void)u; (void)sec;
    m->estimated = 1;
    m->estimated_item_size = (cl_size){370, 88};
    return 0;
}

/* 23: returns the figures as a JSON fragment on stdout */
static void estimated_bench(int runs)
{
    enum { SCREEN = 30, MEASURED = 10000 };
    cl_layout_def d = cl_layout_def_default();
    d.viewport = (cl_rect){0, 0, 390, 844};
    d.insets = (cl_insets){10, 10, 10, 10};
    d.line_spacing = 10;
    cl_data_source ds = cl_data_source_default();
    ds.item_count = e_count;
    ds.section_metrics = e_metrics;
    double tc[64], tj[64];
    cl_attributes screen[256];
    int64_t count = 0;
    for (int r = 0; r < runs; r++) {
        double h0 = heap_bytes(), t0 = now();
        cl_layout *l = NULL;
        check(cl_layout_create(&d, &ds, &l), NULL, "cl_layout_create (estimated)");
        check(cl_layout_elements_in_rect(l, d.viewport, screen, 256, sizeof screen[0], &count), l, "cl_layout_elements_in_rect");
        tc[r] = now() - t0;
        const double unmeasured = heap_bytes() - h0;
        /* a jump to the middle: the viewport there, its 30 items measured, the screen queried */
        t0 = now();
        const cl_rect middle = {0, 10 + 98.0 * 4999990, 390, 844};  /* item 4,999,990 at the top (one per line)  */
        check(cl_layout_set_viewport(l, middle), l, "cl_layout_set_viewport");
        cl_item_size m[SCREEN];
        const int64_t first = 4999990;
        for (int k = 0; k < SCREEN; k++) m[k] = (cl_item_size){{0, first + k}, {370, 60 + 7 * (k % 9)}};
        cl_size_change change;
        check(cl_layout_set_item_sizes(l, m, SCREEN, &change, sizeof change), l, "cl_layout_set_item_sizes");
        check(cl_layout_elements_in_rect(l, change.viewport, screen, 256, sizeof screen[0], &count), l, "cl_layout_elements_in_rect");
        tj[r] = now() - t0;
        if (r == 0) {
            /* memory per measured item: 10,000 more, spread over the section */
            double h1 = heap_bytes();
            for (int64_t k = 0; k < MEASURED; k++) {
                cl_item_size one = {{0, k * (ESTIMATED_ITEMS / MEASURED) + 3}, {370, 70 + (double)(k % 5)}};
                check(cl_layout_set_item_sizes(l, &one, 1, &change, sizeof change), l, "cl_layout_set_item_sizes");
            }
            printf(" \"estimated_items\": %d, \"estimated_heap\": %.0f, \"estimated_bytes_per_measured\": %.1f,\n",
                   ESTIMATED_ITEMS, unmeasured, (heap_bytes() - h1) / MEASURED);
        }
        cl_layout_destroy(l);
    }
    printf(" \"estimated_create_s\": %.9f, \"estimated_jump_s\": %.9f, \"estimated_screen\": %lld,\n",
           median(tc, runs), median(tj, runs), (long long)count);
}

/* 19, C-driven: returns the figures as a JSON fragment on stdout */
static void insert_bench(int64_t n, int runs, const cl_size *sizes)
{
    enum { MAX_SECTIONS = 1000 };
    static int64_t counts[MAX_SECTIONS];
    static const cl_size *table[MAX_SECTIONS];
    cl_size *grown = malloc((size_t)(n + 1) * sizeof *grown);
    double ratio[2], insert_s[2];
    for (int c = 0; c < 2; c++) {
        const int64_t sections = c == 0 ? 1 : MAX_SECTIONS, per = n / sections;
        for (int64_t s = 0; s < sections; s++) { counts[s] = per; table[s] = sizes + s * per; }
        cl_array_source arrays = cl_array_source_default();
        arrays.section_count = sections;
        arrays.item_counts = counts;
        arrays.item_sizes = table;
        cl_layout *l = array_layout(&arrays);
        /* the middle section with one more item in its middle */
        const int64_t mid = sections / 2, at = per / 2;
        const cl_size *before = table[mid];
        memcpy(grown, before, (size_t)at * sizeof *grown);
        grown[at] = (cl_size){80, 60};
        memcpy(grown + at + 1, before + at, (size_t)(per - at) * sizeof *grown);
        const cl_index_path path = {mid, at};
        double ti[64], tf[64];
        for (int r = 0; r < runs; r++) {
            cl_update_summary summary;
            cl_batch_update u = cl_batch_update_default();
            table[mid] = grown; counts[mid] = per + 1;
            u.insert_items = &path; u.insert_item_count = 1;
            double t0 = now();
            check(cl_layout_perform_batch_update(l, &u, &summary, sizeof summary), l, "cl_layout_perform_batch_update (insert)");
            ti[r] = now() - t0;
            table[mid] = before; counts[mid] = per;
            u = cl_batch_update_default();
            u.delete_items = &path; u.delete_item_count = 1;
            check(cl_layout_perform_batch_update(l, &u, &summary, sizeof summary), l, "cl_layout_perform_batch_update (delete)");
            t0 = now();
            check(cl_layout_invalidate(l), l, "cl_layout_invalidate");
            tf[r] = now() - t0;
        }
        insert_s[c] = median(ti, runs);
        ratio[c] = median(tf, runs) / insert_s[c];
        cl_layout_destroy(l);
    }
    free(grown);
    printf(" \"insert_c_s\": [%.9f, %.9f], \"insert_c_ratio\": [%.3f, %.3f],\n", insert_s[0], insert_s[1], ratio[0], ratio[1]);
}

/* 19 (reload): one section reloaded (reload_sections) among 1,000 sections of n / 1,000 items
 * held in a cl_array_source: the middle section's sizes switch between its own and the first
 * section's, so that every reload is a change; against cl_layout_invalidate of the same data. */
static void reload_bench(int64_t n, int runs, const cl_size *sizes)
{
    enum { SECTIONS = 1000 };
    static int64_t counts[SECTIONS];
    static const cl_size *table[SECTIONS];
    const int64_t per = n / SECTIONS, mid = SECTIONS / 2;
    for (int64_t s = 0; s < SECTIONS; s++) { counts[s] = per; table[s] = sizes + s * per; }
    cl_array_source arrays = cl_array_source_default();
    arrays.section_count = SECTIONS;
    arrays.item_counts = counts;
    arrays.item_sizes = table;
    cl_layout *l = array_layout(&arrays);
    const cl_size *own = table[mid];
    const int64_t reloaded = mid;
    double tr[64], tf[64];
    for (int r = 0; r < runs; r++) {
        cl_update_summary summary;
        cl_batch_update u = cl_batch_update_default();
        u.reload_sections = &reloaded; u.reload_section_count = 1;
        table[mid] = r % 2 ? own : sizes;
        double t0 = now();
        check(cl_layout_perform_batch_update(l, &u, &summary, sizeof summary), l, "cl_layout_perform_batch_update (reload)");
        tr[r] = now() - t0;
        t0 = now();
        check(cl_layout_invalidate(l), l, "cl_layout_invalidate");
        tf[r] = now() - t0;
    }
    const double reload = median(tr, runs);
    printf(" \"reload_items\": %lld, \"reload_s\": %.9f, \"reload_full_s\": %.9f,\n", (long long)per, reload, median(tf, runs));
    cl_layout_destroy(l);
}

/* 19 (scattered): 500 deletes and 500 inserts spread over one section, in one update */
static void scattered_bench(int64_t n, int runs, const cl_size *sizes)
{
    if (n < 4 * SCATTERED_HALF) { printf(" \"scattered_s\": 0, \"scattered_ratio\": 0,\n"); return; }
    static cl_index_path gone[SCATTERED_HALF], come[SCATTERED_HALF];
    cl_size *after = malloc((size_t)n * sizeof *after);
    bench_scattered(n, sizes, gone, come, after);
    int64_t count = n;
    const cl_size *table = sizes;
    cl_array_source arrays = cl_array_source_default();
    arrays.section_count = 1;
    arrays.item_counts = &count;
    arrays.item_sizes = &table;
    cl_layout *l = array_layout(&arrays);
    double tu[64], tf[64];
    for (int r = 0; r < runs; r++) {
        cl_update_summary summary;
        cl_batch_update u = cl_batch_update_default();
        u.delete_items = gone; u.delete_item_count = SCATTERED_HALF;
        u.insert_items = come; u.insert_item_count = SCATTERED_HALF;
        table = after;
        double t0 = now();
        check(cl_layout_perform_batch_update(l, &u, &summary, sizeof summary), l, "cl_layout_perform_batch_update (scattered)");
        tu[r] = now() - t0;
        u.delete_items = come; u.insert_items = gone;  /* the inverse: back to the old data */
        table = sizes;
        check(cl_layout_perform_batch_update(l, &u, &summary, sizeof summary), l, "cl_layout_perform_batch_update (inverse)");
        t0 = now();
        check(cl_layout_invalidate(l), l, "cl_layout_invalidate");
        tf[r] = now() - t0;
    }
    const double update = median(tu, runs);
    printf(" \"scattered_s\": %.9f, \"scattered_ratio\": %.3f,\n", update, median(tf, runs) / update);
    cl_layout_destroy(l);
    free(after);
}

void targets_bench(int64_t n, int runs, const cl_size *sizes)
{
    scattered_bench(n, runs < 64 ? runs : 63, sizes);
    reload_bench(n, runs < 64 ? runs : 63, sizes);
    insert_bench(n, runs < 64 ? runs : 63, sizes);
    estimated_bench(runs < 64 ? runs : 63);
    enum { SCREEN = 30, R = 41, BATCH = 100, BATCHES = 1001 };
    tsource src = {sizes, n};
    cl_layout *L = make(&src);
    cl_size cs;
    check(cl_layout_content_size(L, &cs), L, "cl_layout_content_size");
    const cl_rect mid = {0, cs.height / 2, 390, 844};
    check(cl_layout_set_viewport(L, mid), L, "cl_layout_set_viewport");
    /* the screen: the 30 items from the first cell in the viewport on */
    cl_attributes visible[512];
    int64_t count = 0, first = n;
    check(cl_layout_elements_in_rect(L, mid, visible, 512, sizeof visible[0], &count), L, "cl_layout_elements_in_rect");
    for (int64_t k = 0; k < count; k++) if (visible[k].item < first) first = visible[k].item;
    if (first + SCREEN > n) first = n > SCREEN ? n - SCREEN : 0;
    const int64_t screen = n < SCREEN ? n : SCREEN;
    cl_item_size measured[2][SCREEN];
    for (int64_t k = 0; k < screen; k++) {
        const cl_size s = sizes[first + k];
        measured[0][k] = (cl_item_size){{0, first + k}, {s.width, s.height + 5 + (double)(k % 7)}};
        measured[1][k] = (cl_item_size){{0, first + k}, s};
    }
    double ts[R], tf[64], adjust = 0;
    for (int r = 0; r < R + 1; r++) {  /* an even number of calls: the last restores the sizes */
        cl_size_change change;
        double t0 = now();
        check(cl_layout_set_item_sizes(L, measured[r % 2], screen, &change, sizeof change), L, "cl_layout_set_item_sizes");
        if (r < R) ts[r] = now() - t0;
        if (r == 0) adjust = change.adjustment;
    }
    for (int r = 0; r < runs; r++) {
        double t0 = now();
        check(cl_layout_invalidate(L), L, "cl_layout_invalidate");
        tf[r] = now() - t0;
    }
    const double self_size = median(ts, R), full = median(tf, runs);
    /* frames after the toggles against a fresh layout: every 997th cell */
    long bad = 0;
    cl_layout *F = make(&src);
    for (int r = 0; r < 2; r++) check(cl_layout_set_item_sizes(L, measured[r], screen, &(cl_size_change){0}, sizeof(cl_size_change)), L, "cl_layout_set_item_sizes");
    for (int64_t i = 0; i < n; i += 997) {
        cl_attributes a, b;
        check(cl_layout_attributes(L, CL_CATEGORY_CELL, CL_KIND_CELL, 0, i, &a, sizeof a), L, "cl_layout_attributes");
        check(cl_layout_attributes(F, CL_CATEGORY_CELL, CL_KIND_CELL, 0, i, &b, sizeof b), F, "cl_layout_attributes");
        if (fabs(a.frame.x - b.frame.x) > 1e-6 || fabs(a.frame.y - b.frame.y) > 1e-6) bad++;
    }
    cl_layout_destroy(F);

    /* 21: random proposed offsets and velocities, line snapping */
    static double bt[BATCHES];
    double sink = 0;
    uint64_t seed = 12345;
    for (int b = 0; b < BATCHES; b++) {
        double proposed[BATCH], velocity[BATCH];
        for (int k = 0; k < BATCH; k++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            proposed[k] = (double)(seed >> 11) / 9007199254740992.0 * cs.height;
            velocity[k] = ((double)(seed & 0xffff) - 32768) / 8;
        }
        double t0 = now();
        for (int k = 0; k < BATCH; k++) {
            double offset;
            check(cl_layout_target_content_offset(L, proposed[k], velocity[k], CL_SNAP_LINE, CL_DECELERATION_NORMAL, &offset), L,
                  "cl_layout_target_content_offset");
            sink += offset;
        }
        bt[b] = (now() - t0) / BATCH;
    }
    const double target_us = median(bt, BATCHES) * 1e6;

    /* 24: samples of a deceleration (line snapping) and of a spring back from past the start */
    enum { SAMPLES = 1000, SAMPLE_BATCHES = 201 };
    static double st[SAMPLE_BATCHES];
    cl_fling flings[2];
    cl_fling_def def = cl_fling_def_default();
    def.velocity = 2500, def.snapping = CL_SNAP_LINE;
    check(cl_layout_fling(L, &def, &flings[0], sizeof flings[0]), L, "cl_layout_fling");
    def.velocity = -300, def.snapping = CL_SNAP_NONE, def.has_start = 1, def.start = -120;
    check(cl_layout_fling(L, &def, &flings[1], sizeof flings[1]), L, "cl_layout_fling");
    for (int b = 0; b < SAMPLE_BATCHES; b++) {
        const cl_fling *f = &flings[b % 2];
        static double times[SAMPLES];
        for (int k = 0; k < SAMPLES; k++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            times[k] = (double)(seed >> 11) / 9007199254740992.0 * f->rest_time;
        }
        double t0 = now();
        for (int k = 0; k < SAMPLES; k++) {
            double p, v;
            if (cl_fling_sample(f, times[k], &p, &v) != CL_OK) { fprintf(stderr, "targets_bench: cl_fling_sample failed\n"); exit(1); }
            sink += p + v;
        }
        st[b] = (now() - t0) / SAMPLES;
    }
    const double sample_us = median(st, SAMPLE_BATCHES) * 1e6;
    cl_layout_destroy(L);
    printf(" \"self_size_items\": %lld, \"self_size_s\": %.9f, \"self_size_full_s\": %.6f, \"self_size_adjustment\": %.3f,"
           " \"mismatch_self_size\": %ld,\n"
           " \"target_line_us\": %.4f, \"target_calls\": %d, \"target_sink\": %.1f,\n"
           " \"fling_sample_us\": %.4f, \"fling_samples\": %d,\n",
           (long long)screen, self_size, full, adjust, bad, target_us, BATCH * BATCHES, sink, sample_us, SAMPLES * SAMPLE_BATCHES);
}
