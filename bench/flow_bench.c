/* flow_bench.c — the C side of bench/run. Prints one JSON object on stdout.
 *
 *   flow_bench [items] [runs]      (defaults 1000000 items, 11 runs, at most 64)
 *
 * Items have deterministic pseudo-random sizes (splitmix64 of the index, quantised to 1/4 pt:
 * widths 40-160, heights 30-120; py_bench.py generates the same). Viewport 390x844, spacing 10,
 * insets 10, justified lines, centred cross alignment. The data source copies sizes from a
 * precomputed array with memcpy, in whatever batches the engine asks for. */
#define _DEFAULT_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include "collectionlayout.h"

double baseline_flow(const cl_size *sz, int64_t sections, int64_t per_section, double width,
                     cl_insets in, double line_spacing, double s, double *x, double *y);

typedef struct { const cl_size *sizes; int64_t sections, per; } source;

static cl_status cb_sections(void *u, int64_t *out) { *out = ((source *)u)->sections; return 0; }
static cl_status cb_count(void *u, int64_t sec, int64_t *out) { *out = ((source *)u)->per; (void)sec; return 0; }
static cl_status cb_sizes(void *u, int64_t sec, int64_t first, int64_t count, cl_size *out)
{
    const source *s = u;
    if (sec < 0 || sec >= s->sections || first < 0 || count < 0 || first + count > s->per) return 1;
    memcpy(out, s->sizes + sec * s->per + first, (size_t)count * sizeof *out);
    return 0;
}

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static int cmp(const void *a, const void *b) { double d = *(const double *)a - *(const double *)b; return (d > 0) - (d < 0); }
static double median(double *v, int n) { qsort(v, n, sizeof *v, cmp); return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2; }
static long rss_bytes(void)
{
    long size = 0, res = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f || fscanf(f, "%ld %ld", &size, &res) != 2) res = 0;
    if (f) fclose(f);
    return res * sysconf(_SC_PAGESIZE);
}
static void check(cl_status st, const cl_layout *l, const char *what)
{
    if (st == CL_OK) return;
    fprintf(stderr, "flow_bench: %s failed: %s (%s)\n", what, cl_status_string(st), cl_layout_last_error(l));
    exit(1);
}

static uint64_t splitmix(uint64_t i)
{
    uint64_t z = (i + 1) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static cl_flow_def bench_def(void)
{
    cl_flow_def d = cl_flow_def_default();
    d.viewport = (cl_rect){0, 0, 390, 844};
    d.insets = (cl_insets){10, 10, 10, 10};
    d.line_spacing = d.interitem_spacing = 10;
    d.alignment = CL_ALIGNMENT_JUSTIFIED;
    d.cross_alignment = CL_CROSS_ALIGNMENT_CENTER;
    return d;
}

static cl_layout *create(source *src, double *seconds)
{
    cl_flow_def def = bench_def();
    cl_data_source ds = {src, cb_sections, cb_count, cb_sizes, NULL, NULL};
    cl_layout *l = NULL;
    double t = now();
    check(cl_layout_create(&def, &ds, &l), NULL, "cl_layout_create");
    if (seconds) *seconds = now() - t;
    return l;
}

/* Frames of every `step`-th item and the content height against the baseline (tolerance 1e-6). */
static long mismatches(const cl_layout *l, const source *src, const double *x, const double *y,
                       double height, int64_t step)
{
    long bad = 0;
    cl_size cs;
    check(cl_layout_content_size(l, &cs), l, "cl_layout_content_size");
    if (fabs(cs.height - height) > 1e-6) bad++;
    for (int64_t i = 0; i < src->sections * src->per; i += step) {
        cl_attributes a;
        check(cl_layout_attributes(l, CL_CATEGORY_CELL, CL_KIND_CELL, i / src->per, i % src->per, &a), l, "cl_layout_attributes");
        if (fabs(a.frame.x - x[i]) > 1e-6 || fabs(a.frame.y - y[i]) > 1e-6) bad++;
    }
    return bad;
}

int main(int argc, char **argv)
{
    const int64_t n = argc > 1 ? atoll(argv[1]) : 1000000;
    const int runs = argc > 2 && atoi(argv[2]) > 0 && atoi(argv[2]) <= 64 ? atoi(argv[2]) : 11;
    const cl_insets in = {10, 10, 10, 10};
    cl_size *sizes = malloc((size_t)n * sizeof *sizes);
    double *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y);
    for (int64_t i = 0; i < n; i++) {
        uint64_t r = splitmix((uint64_t)i);
        sizes[i] = (cl_size){40 + (double)(r % 481) / 4, 30 + (double)((r >> 32) % 361) / 4};
        x[i] = y[i] = 0;
    }
    source one = {sizes, 1, n}, many = {sizes, 1000, n / 1000};

    /* 4. resident memory, measured first so that no freed heap of earlier runs is reused */
    long rss0 = rss_bytes();
    cl_layout *L1 = create(&one, NULL);
    long rss1 = rss_bytes();

    /* 1. full layout: create (first pass) and invalidate, against the plain C loop writing into
     * reused output and into freshly allocated output. The four are interleaved run by run so
     * that a busy machine slows them alike; each figure is the median of its runs. */
    enum { CREATE, INVALIDATE, BASE, BASE_FRESH, KINDS };
    double fig[2][KINDS], h[2] = {0, 0}, tk[KINDS][64];
    long bad[2];
    for (int cfg = 0; cfg < 2; cfg++) {
        source *src = cfg ? &many : &one;
        cl_layout *L = cfg ? create(&many, NULL) : L1;
        for (int r = 0; r < runs; r++) {
            cl_layout_destroy(create(src, &tk[CREATE][r]));
            double t0 = now();
            check(cl_layout_invalidate(L), L, "cl_layout_invalidate");
            tk[INVALIDATE][r] = now() - t0;
            t0 = now();
            h[cfg] = baseline_flow(sizes, src->sections, src->per, 390, in, 10, 10, x, y);
            tk[BASE][r] = now() - t0;
            t0 = now();
            /* mmap: always fresh pages, whatever malloc would reuse */
            const size_t bytes = (size_t)n * sizeof(double);
            double *fx = mmap(NULL, 2 * bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (fx == MAP_FAILED) { perror("mmap"); return 1; }
            baseline_flow(sizes, src->sections, src->per, 390, in, 10, 10, fx, fx + n);
            munmap(fx, 2 * bytes);
            tk[BASE_FRESH][r] = now() - t0;
        }
        for (int k = 0; k < KINDS; k++) fig[cfg][k] = median(tk[k], runs);
        bad[cfg] = mismatches(L, src, x, y, h[cfg], 997);
        if (cfg) cl_layout_destroy(L);
    }

    /* 2. one-screen rect query in the middle of the content (and at random places) */
    enum { CAP = 1 << 14, Q = 20001 };
    static cl_attributes buf[CAP];
    static double qt[Q];
    cl_size cs;
    check(cl_layout_content_size(L1, &cs), L1, "cl_layout_content_size");
    cl_rect mid = {0, cs.height / 2 - 422, 390, 844};
    int64_t count = 0, count_rand = 0;
    for (int q = 0; q < Q; q++) {
        double t0 = now();
        check(cl_layout_elements_in_rect(L1, mid, buf, CAP, &count), L1, "cl_layout_elements_in_rect");
        qt[q] = now() - t0;
    }
    double query_us = median(qt, Q) * 1e6;
    for (int q = 0; q < Q; q++) {
        cl_rect r = {0, (double)(splitmix(q + n) % (uint64_t)(cs.height - 844)), 390, 844};
        double t0 = now();
        check(cl_layout_elements_in_rect(L1, r, buf, CAP, &count_rand), L1, "cl_layout_elements_in_rect");
        qt[q] = now() - t0;
    }
    double query_rand_us = median(qt, Q) * 1e6;

    /* 3. one item's size changes in the middle: height only, then a width that moves breaks */
    const int64_t m = n / 2;
    const cl_size orig = sizes[m];
    cl_index_path ip = {0, m};
    cl_attributes before, after;
    check(cl_layout_attributes(L1, CL_CATEGORY_CELL, CL_KIND_CELL, 0, m + 1, &before), L1, "cl_layout_attributes");
    double item_h = 0, item_w = 0;
    for (int pass = 0; pass < 2; pass++) {
        enum { R = 41 };
        double it[R];
        for (int r = 0; r < R; r++) {
            /* toggle between changed and original sizes; every call is a real change */
            if (r % 2 == 0) sizes[m] = pass == 0 ? (cl_size){orig.width, orig.height + 7} : (cl_size){350, orig.height};
            else sizes[m] = orig;
            double t0 = now();
            check(cl_layout_invalidate_items(L1, &ip, 1), L1, "cl_layout_invalidate_items");
            it[r] = now() - t0;
            if (pass == 1 && r == 0)
                check(cl_layout_attributes(L1, CL_CATEGORY_CELL, CL_KIND_CELL, 0, m + 1, &after), L1, "cl_layout_attributes");
        }
        *(pass == 0 ? &item_h : &item_w) = median(it, R);
    }
    /* the incremental result equals a full relayout (the last toggle left the changed width) */
    sizes[m] = (cl_size){350, orig.height};
    check(cl_layout_invalidate_items(L1, &ip, 1), L1, "cl_layout_invalidate_items");
    double hw = baseline_flow(sizes, 1, n, 390, in, 10, 10, x, y);
    long bad_incr = mismatches(L1, &one, x, y, hw, 9973);
    int breaks_moved = before.frame.x != after.frame.x || before.frame.y != after.frame.y;
    sizes[m] = orig;
    cl_layout_destroy(L1);

    printf("{\"items\": %lld, \"runs\": %d,\n"
           " \"create_1\": %.6f, \"invalidate_1\": %.6f, \"baseline_1\": %.6f, \"baseline_alloc_1\": %.6f,\n"
           " \"create_1000\": %.6f, \"invalidate_1000\": %.6f, \"baseline_1000\": %.6f, \"baseline_alloc_1000\": %.6f,\n"
           " \"mismatch_1\": %ld, \"mismatch_1000\": %ld, \"mismatch_incremental\": %ld,\n"
           " \"content_height\": %.3f, \"query_us\": %.3f, \"query_count\": %lld,\n"
           " \"query_random_us\": %.3f, \"query_random_count_last\": %lld,\n"
           " \"item_height_s\": %.9f, \"item_width_s\": %.9f, \"width_change_moved_breaks\": %d,\n"
           " \"rss_bytes\": %ld, \"rss_per_item\": %.2f}\n",
           (long long)n, runs, fig[0][CREATE], fig[0][INVALIDATE], fig[0][BASE], fig[0][BASE_FRESH],
           fig[1][CREATE], fig[1][INVALIDATE], fig[1][BASE], fig[1][BASE_FRESH], bad[0], bad[1], bad_incr,
           cs.height, query_us, (long long)count, query_rand_us, (long long)count_rand,
           item_h, item_w, breaks_moved, rss1 - rss0, (double)(rss1 - rss0) / (double)n);
    free(sizes); free(x); free(y);
    return 0;
}
