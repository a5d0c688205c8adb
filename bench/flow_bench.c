/* flow_bench.c — the C side of bench/run. Prints one JSON object on stdout.
 *
 *   flow_bench [items] [runs]      (defaults 1000000 items, 11 runs, at most 64)
 *
 * Items have deterministic pseudo-random sizes (splitmix64 of the index, quantised to 1/4 pt:
 * widths 40-160, heights 30-120; py_bench.py generates the same). Viewport 390x844, spacing 10,
 * insets 10, justified lines, centred cross alignment. The data source copies sizes from a
 * precomputed array with memcpy, in whatever batches the engine asks for; inline elements come
 * from one precomputed list the same way.
 *
 * Figures: 1 full layout (1 and 1,000 sections) against the plain C loop (baseline_flow.c);
 * 2 one-screen rect queries and hit-tests at random points (SPEC §21); 3 one item resized; 4 resident memory; 7 full layout with a
 * separator every 10 items and a background decoration per section against the same layout
 * without them; 8 rect queries with pinned headers after origin-only viewport changes;
 * 9 10,000 orthogonal sections x 100 cards: full layout, rect queries at random section offsets,
 * setting one section's offset. (5 and 6 are py_bench.py's.) Layouts 7-9 are checked against
 * reference_flow / reference_orthogonal (baseline_flow.c). Figures 10-14 (grid, waterfall and
 * custom styles, many sections, invalidating many items) are styles_bench.c's. */
#define _DEFAULT_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include "bench.h"

double baseline_flow(const cl_size *sz, int64_t sections, int64_t per_section, double width,
                     cl_insets in, double line_spacing, double s, double *x, double *y);

void styles_bench(int64_t n, int runs, const cl_size *sizes);  /* styles_bench.c: figures 10-14 */
void targets_bench(int64_t n, int runs, const cl_size *sizes); /* targets_bench.c: figures 20-21 */
void focus_bench(int64_t n, int runs);                          /* focus_bench.c: figures 25-27 */
void global_bench(int64_t n, int runs);                         /* global_bench.c: figure 28 */
void badges_bench(int64_t n, int runs);                         /* badges_bench.c: figure 29 */
void presentation_bench(int64_t n, int runs);                   /* presentation_bench.c: figures 30-32 */
double reference_flow(const cl_size *sz, int64_t sections, int64_t per_section, double width,
                      cl_insets in, double line_spacing, double s, double header, int64_t every,
                      double sep, double *x, double *y, double *sec_top);
double reference_orthogonal(const cl_size *sz, int64_t sections, int64_t per_section,
                            const int32_t *rows, double width, cl_insets in, double line_spacing,
                            double s, double header, double *x, double *y, double *sec_top,
                            double *max_offset);

/* every > 0: a separator (inline element `inl`, the same list for every section) before every
 * every-th item; rows: orthogonal rows per section (section_metrics), NULL for flow sections */
typedef struct {
    const cl_size *sizes; int64_t sections, per;
    int64_t every; const cl_inline_element *inl; const int32_t *rows;
} source;

static cl_status cb_sections(void *u, int64_t *out) { *out = ((source *)u)->sections; return 0; }
static cl_status cb_count(void *u, int64_t sec, int64_t *out) { *out = ((source *)u)->per; (void)sec; return 0; }
static cl_status cb_sizes(void *u, int64_t sec, int64_t first, int64_t count, cl_size *out)
{
    const source *s = u;
    if (sec < 0 || sec >= s->sections || first < 0 || count < 0 || first + count > s->per) return 1;
    memcpy(out, s->sizes + sec * s->per + first, (size_t)count * sizeof *out);
    return 0;
}

static cl_status cb_inline(void *u, int64_t sec, cl_inline_element *out, int64_t capacity, int64_t *count)
{
    const source *s = u;
    const int64_t total = s->every > 0 && s->per > 0 ? (s->per - 1) / s->every : 0;
    (void)sec;
    memcpy(out, s->inl, (size_t)(total < capacity ? total : capacity) * sizeof *out);
    *count = total;
    return 0;
}
static cl_status cb_metrics(void *u, int64_t sec, cl_section_metrics *m)
{
    const source *s = u;
    if (sec < 0 || sec >= s->sections) return 1;
    m->rows = s->rows[sec];
    return 0;
}

static long rss_bytes(void)
{
    long size = 0, res = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f || fscanf(f, "%ld %ld", &size, &res) != 2) res = 0;
    if (f) fclose(f);
    return res * sysconf(_SC_PAGESIZE);
}
#define check(st, layout, what) BENCH_CHECK("flow_bench", st, layout, what)

static cl_layout_def bench_def(void)
{
    cl_layout_def d = bench_metrics(cl_layout_def_default());
    d.alignment = CL_ALIGNMENT_JUSTIFIED;
    d.cross_alignment = CL_CROSS_ALIGNMENT_CENTER;
    return d;
}

static const char *const separator_kind[] = {"separator"};

/* A layout over src: separators through inline_elements when src->every > 0 (the kind
 * "separator" named in def.kinds), rows through section_metrics when src->rows is set. */
static cl_layout *create_with(cl_layout_def def, source *src, double *seconds)
{
    cl_data_source ds = cl_data_source_default();
    ds.user_data = src;
    ds.section_count = cb_sections;
    ds.item_count = cb_count;
    ds.item_sizes = cb_sizes;
    ds.section_metrics = src->rows ? cb_metrics : NULL;
    ds.inline_elements = src->every > 0 ? cb_inline : NULL;
    if (src->every > 0) { def.kinds = separator_kind; def.kind_count = 1; }
    cl_layout *l = NULL;
    double t = now();
    check(cl_layout_create(&def, &ds, &l), NULL, "cl_layout_create");
    if (seconds) *seconds = now() - t;
    return l;
}
static cl_layout *create(source *src, double *seconds) { return create_with(bench_def(), src, seconds); }

/* Times f(L[0]) and f(L[1]) `runs` times, alternating which goes first, into t[0] and t[1]. */
static void alternate_invalidate(cl_layout *L[2], int runs, double t[2][64])
{
    for (int r = 0; r < runs; r++)
        for (int o = 0; o < 2; o++) {
            const int k = o ^ (r & 1);
            double t0 = now();
            check(cl_layout_invalidate(L[k]), L[k], "cl_layout_invalidate");
            t[k][r] = now() - t0;
        }
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
        check(cl_layout_attributes(l, CL_CATEGORY_CELL, CL_KIND_CELL, i / src->per, i % src->per, &a, sizeof a), l, "cl_layout_attributes");
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
        sizes[i] = bench_item_size(i);
        x[i] = y[i] = 0;
    }
    source one = {sizes, 1, n, 0, NULL, NULL}, many = {sizes, 1000, n / 1000, 0, NULL, NULL};

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
        check(cl_layout_elements_in_rect(L1, mid, buf, CAP, sizeof(cl_attributes), &count), L1, "cl_layout_elements_in_rect");
        qt[q] = now() - t0;
    }
    double query_us = median(qt, Q) * 1e6;
    for (int q = 0; q < Q; q++) {
        cl_rect r = {0, (double)(splitmix(q + n) % (uint64_t)(cs.height - 844)), 390, 844};
        double t0 = now();
        check(cl_layout_elements_in_rect(L1, r, buf, CAP, sizeof(cl_attributes), &count_rand), L1, "cl_layout_elements_in_rect");
        qt[q] = now() - t0;
    }
    double query_rand_us = median(qt, Q) * 1e6;
    /* 2. hit-testing (SPEC §21): the element at a random point of the content, cells / all */
    double hit_us[2];
    int64_t hits = 0;
    for (int32_t categories = CL_HIT_CELLS; categories <= CL_HIT_ALL; categories++) {
        for (int q = 0; q < Q; q++) {
            const double x = (double)(splitmix(3 * q + 1) % 390), y = (double)(splitmix(3 * q + 2) % (uint64_t)cs.height);
            int32_t found = 0;
            cl_attributes a;
            double t0 = now();
            check(cl_layout_element_at(L1, x, y, categories, &found, &a, sizeof a), L1, "cl_layout_element_at");
            qt[q] = now() - t0;
            hits += found;
        }
        hit_us[categories] = median(qt, Q) * 1e6;
    }

    /* 2. pixel rounding (SPEC §20.2): the random queries with display_scale 2 and without, in
     * alternating blocks of the same rects so that both meet the same caches */
    enum { BLOCK = 1000 };
    static double round_t[2][Q];
    int rounded_n[2] = {0, 0};
    for (int b = 0; b < 2 * (Q / BLOCK); b++) {
        const int rounded = b & 1;
        check(cl_layout_set_display_scale(L1, rounded ? 2 : 0), L1, "cl_layout_set_display_scale");
        for (int q = 0; q < BLOCK; q++) {
            const int k = (b / 2) * BLOCK + q;
            cl_rect r = {0, (double)(splitmix(k + n) % (uint64_t)(cs.height - 844)), 390, 844};
            double t0 = now();
            check(cl_layout_elements_in_rect(L1, r, buf, CAP, sizeof(cl_attributes), &count_rand), L1, "cl_layout_elements_in_rect");
            round_t[rounded][rounded_n[rounded]++] = now() - t0;
        }
    }
    check(cl_layout_set_display_scale(L1, 0), L1, "cl_layout_set_display_scale");
    const double unrounded_us = median(round_t[0], rounded_n[0]) * 1e6, rounded_us = median(round_t[1], rounded_n[1]) * 1e6;
    /* 2. the reuse helper: what enters and leaves a one-screen viewport scrolled by 100 points
     * (about one line) at random places */
    static cl_attributes left_buf[CAP];
    int64_t entered_n = 0, left_n = 0, changed = 0;
    for (int q = 0; q < Q; q++) {
        cl_rect from = {0, (double)(splitmix(5 * q + 3) % (uint64_t)(cs.height - 944)), 390, 844}, to = from;
        to.y += 100;
        double t0 = now();
        check(cl_layout_viewport_changes(L1, from, to, buf, CAP, &entered_n, left_buf, CAP, &left_n, sizeof(cl_attributes)),
              L1, "cl_layout_viewport_changes");
        qt[q] = now() - t0;
        changed += entered_n + left_n;
    }
    const double changes_us = median(qt, Q) * 1e6;

    /* 3. one item's size changes in the middle: height only, then a width that moves breaks */
    const int64_t m = n / 2;
    const cl_size orig = sizes[m];
    cl_index_path ip = {0, m};
    cl_attributes before, after;
    check(cl_layout_attributes(L1, CL_CATEGORY_CELL, CL_KIND_CELL, 0, m + 1, &before, sizeof before), L1, "cl_layout_attributes");
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
                check(cl_layout_attributes(L1, CL_CATEGORY_CELL, CL_KIND_CELL, 0, m + 1, &after, sizeof after), L1, "cl_layout_attributes");
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

    /* clock: the median cost of one reading (figures near it are clock-bound) */
    for (int q = 0; q < 1001; q++) { double t0 = now(); qt[q] = now() - t0; }
    const double clock_ns = median(qt, 1001) * 1e9;

    /* 7. separators (an inline element of extent 1 before every 10th item of a section) and a
     * background decoration per section (scope section, coverage body), against the same layout
     * without them. Full layout = cl_layout_invalidate (asks counts, sizes and inline elements
     * again; the decoration is registered); the two are alternated run by run. Also the first
     * pass (cl_layout_create) with the separators only: decorations are added after create. */
    const int64_t every = 10;
    const int64_t max_sections = 10000;
    cl_inline_element *inl = malloc((size_t)(n / every + 1) * sizeof *inl);
    for (int64_t k = 0; k < n / every + 1; k++) inl[k] = (cl_inline_element){CL_KIND_FIRST_USER, 0, (k + 1) * every, 1.0};
    double *sec_top = malloc((size_t)(max_sections + 1) * sizeof *sec_top);
    enum { PLAIN_INV, DECO_INV, PLAIN_CREATE, SEP_CREATE, DKINDS };
    double deco[2][DKINDS];
    long bad_deco[2];
    int64_t separators[2];
    for (int cfg = 0; cfg < 2; cfg++) {
        const int64_t secs = cfg ? 1000 : 1, per = n / secs;
        source plain = {sizes, secs, per, 0, NULL, NULL}, sep = {sizes, secs, per, every, inl, NULL};
        cl_layout *L[2] = {create(&plain, NULL), create(&sep, NULL)};
        cl_decoration_def dd = cl_decoration_def_default();
        dd.scope = CL_DECORATION_SCOPE_SECTION;
        dd.coverage = CL_COVERAGE_BODY;
        int32_t bg;
        check(cl_layout_add_decoration(L[1], "background", &dd, &bg), L[1], "cl_layout_add_decoration");
        double t[2][64], tc[2][64];
        alternate_invalidate(L, runs, t);
        for (int r = 0; r < runs; r++)
            for (int o = 0; o < 2; o++) {
                const int k = o ^ (r & 1);
                cl_layout_destroy(create(k ? &sep : &plain, &tc[k][r]));
            }
        deco[cfg][PLAIN_INV] = median(t[0], runs);
        deco[cfg][DECO_INV] = median(t[1], runs);
        deco[cfg][PLAIN_CREATE] = median(tc[0], runs);
        deco[cfg][SEP_CREATE] = median(tc[1], runs);
        /* check: cells against the reference, the decoration of every 7th section, one separator per section */
        const double hh = reference_flow(sizes, secs, per, 390, in, 10, 10, 0, every, 1, x, y, sec_top);
        bad_deco[cfg] = mismatches(L[1], &sep, x, y, hh, 997);
        separators[cfg] = secs * ((per - 1) / every);
        for (int64_t sec = 0; sec < secs; sec += 7) {
            cl_attributes a;
            check(cl_layout_attributes(L[1], CL_CATEGORY_DECORATION, bg, sec, 0, &a, sizeof a), L[1], "cl_layout_attributes");
            const double h2 = sec_top[sec + 1] - sec_top[sec];
            if (fabs(a.frame.x) > 1e-6 || fabs(a.frame.width - 390) > 1e-6 || fabs(a.frame.y - sec_top[sec]) > 1e-6 ||
                fabs(a.frame.height - h2) > 1e-6) bad_deco[cfg]++;
            if (per <= every) continue;  /* sections too small to hold a separator (a small BENCH_ARGS) */
            check(cl_layout_attributes(L[1], CL_CATEGORY_SUPPLEMENTARY, CL_KIND_FIRST_USER, sec, every, &a, sizeof a), L[1], "cl_layout_attributes");
            if (fabs(a.frame.x - 10) > 1e-6 || fabs(a.frame.width - 370) > 1e-6 || fabs(a.frame.height - 1) > 1e-6) bad_deco[cfg]++;
        }
        cl_layout_destroy(L[0]);
        cl_layout_destroy(L[1]);
    }

    /* 8. pinned headers: 1,000 sections, a 44 pt header each; at 100 random viewport origins set
     * the origin (cl_layout_set_viewport, origin only), then query the viewport's rect */
    enum { ORIGINS = 100 };
    source pin_src = {sizes, 1000, n / 1000, 0, NULL, NULL};
    cl_layout_def pd = bench_def();
    pd.header = 44;
    pd.pin_headers = 1;
    cl_layout *P = create_with(pd, &pin_src, NULL);
    const double ph = reference_flow(sizes, 1000, n / 1000, 390, in, 10, 10, 44, 0, 0, x, y, sec_top);
    long bad_pin = mismatches(P, &pin_src, x, y, ph, 997);
    double vt[ORIGINS], pq[ORIGINS];
    int64_t pin_count = 0, pinned_at_top = 0;
    for (int q = 0; q < ORIGINS; q++) {
        const cl_rect v = {0, (double)(splitmix((uint64_t)(q + 3 * n)) % (uint64_t)(ph - 844)), 390, 844};
        double t0 = now();
        check(cl_layout_set_viewport(P, v), P, "cl_layout_set_viewport");
        double t1 = now();
        check(cl_layout_elements_in_rect(P, v, buf, CAP, sizeof(cl_attributes), &pin_count), P, "cl_layout_elements_in_rect");
        double t2 = now();
        vt[q] = t1 - t0;
        pq[q] = t2 - t1;
        /* check every element against the reference; the top section's header must be there */
        int top_header = 0;
        for (int64_t e = 0; e < pin_count; e++) {
            const cl_attributes *a = &buf[e];
            const int64_t sec = a->section;
            if (a->category == CL_CATEGORY_CELL) {
                const int64_t i = sec * (n / 1000) + a->item;
                if (fabs(a->frame.x - x[i]) > 1e-6 || fabs(a->frame.y - y[i]) > 1e-6) bad_pin++;
            } else if (a->category == CL_CATEGORY_SUPPLEMENTARY && a->kind == CL_KIND_HEADER) {
                const double want = fmin(fmax(v.y, sec_top[sec]), sec_top[sec + 1] - 44);
                if (fabs(a->frame.y - want) > 1e-6 || fabs(a->frame.height - 44) > 1e-6) bad_pin++;
                if (sec_top[sec] <= v.y && v.y < sec_top[sec + 1]) top_header = 1;
                if (a->frame.y == v.y) pinned_at_top += a->z == 10;
            } else bad_pin++;
        }
        if (!top_header) bad_pin++;
    }
    const double pin_query_us = median(pq, ORIGINS) * 1e6, set_viewport_us = median(vt, ORIGINS) * 1e6;
    cl_layout_destroy(P);

    /* 9. orthogonal sections: 10,000 sections x 100 cards (widths 100-300, heights 120-200),
     * rows 1 or 2, header 30. Full layout: create, invalidate and the C reference alternated. */
    const int64_t OS = max_sections, OP = 100, on = OS * OP;
    cl_size *cards = malloc((size_t)on * sizeof *cards);
    int32_t *rows = malloc((size_t)OS * sizeof *rows);
    double *ox = malloc((size_t)on * sizeof *ox), *oy = malloc((size_t)on * sizeof *oy);
    double *omax = malloc((size_t)OS * sizeof *omax), *off = malloc((size_t)OS * sizeof *off);
    for (int64_t i = 0; i < on; i++) {
        uint64_t r = splitmix((uint64_t)i + (1ull << 40));
        cards[i] = (cl_size){100 + (double)(r % 801) / 4, 120 + (double)((r >> 32) % 321) / 4};
    }
    int64_t two_rows = 0;
    for (int64_t sec = 0; sec < OS; sec++) two_rows += (rows[sec] = 1 + (int32_t)(splitmix((uint64_t)sec + (1ull << 41)) & 1)) == 2;
    source osrc = {cards, OS, OP, 0, NULL, rows};
    cl_layout_def od = cl_orthogonal_def_default();
    od.viewport = (cl_rect){0, 0, 390, 844};
    od.insets = in;
    od.line_spacing = od.interitem_spacing = 10;
    od.header = 30;
    cl_layout *O = create_with(od, &osrc, NULL);
    double ot[3][64], oh = 0;
    for (int r = 0; r < runs; r++)
        for (int o = 0; o < 3; o++) {
            const int k = (o + r) % 3;
            double t0 = now();
            if (k == 0) cl_layout_destroy(create_with(od, &osrc, NULL));
            else if (k == 1) check(cl_layout_invalidate(O), O, "cl_layout_invalidate");
            else oh = reference_orthogonal(cards, OS, OP, rows, 390, in, 10, 10, 30, ox, oy, sec_top, omax);
            ot[k][r] = now() - t0;
        }
    const double ortho_create = median(ot[0], runs), ortho_inval = median(ot[1], runs), ortho_ref = median(ot[2], runs);
    long bad_ortho = mismatches(O, &osrc, ox, oy, oh, 997);
    for (int64_t sec = 0; sec < OS; sec++) {
        cl_section_scroll sc;
        check(cl_layout_section_scroll(O, sec, &sc, sizeof sc), O, "cl_layout_section_scroll");
        if (fabs(sc.max_offset - omax[sec]) > 1e-6) bad_ortho++;
        off[sec] = omax[sec] * (double)(splitmix((uint64_t)(sec + 5 * n)) % 1001) / 1000;
        check(cl_layout_set_section_offset(O, sec, off[sec]), O, "cl_layout_set_section_offset");
    }
    /* rect queries at random vertical origins, every section at its random offset */
    int64_t ortho_count = 0, ortho_elements = 0;
    for (int q = 0; q < Q; q++) {
        const cl_rect r = {0, (double)(splitmix((uint64_t)(q + 7 * n)) % (uint64_t)(oh - 844)), 390, 844};
        double t0 = now();
        check(cl_layout_elements_in_rect(O, r, buf, CAP, sizeof(cl_attributes), &ortho_count), O, "cl_layout_elements_in_rect");
        qt[q] = now() - t0;
        ortho_elements += ortho_count;
        for (int64_t e = 0; e < ortho_count; e++) {
            const cl_attributes *a = &buf[e];
            if (a->category == CL_CATEGORY_CELL) {
                const int64_t i = a->section * OP + a->item;
                if (fabs(a->frame.x - (ox[i] - off[a->section])) > 1e-6 || fabs(a->frame.y - oy[i]) > 1e-6) bad_ortho++;
            } else if (a->category == CL_CATEGORY_SUPPLEMENTARY && a->kind == CL_KIND_HEADER) {
                if (fabs(a->frame.x) > 1e-6 || fabs(a->frame.y - sec_top[a->section]) > 1e-6 || fabs(a->frame.height - 30) > 1e-6) bad_ortho++;
            } else bad_ortho++;
        }
    }
    const double ortho_query_us = median(qt, Q) * 1e6;
    /* one section's offset: batches of 100 calls (random section, random offset), per call */
    enum { BATCH = 100, BATCHES = 1001 };
    int64_t *bs = malloc(BATCH * BATCHES * sizeof *bs);
    double *bo = malloc(BATCH * BATCHES * sizeof *bo);
    for (int64_t k = 0; k < BATCH * BATCHES; k++) {
        bs[k] = (int64_t)(splitmix((uint64_t)(k + 11 * n)) % (uint64_t)OS);
        bo[k] = omax[bs[k]] * (double)(splitmix((uint64_t)(k + 13 * n)) % 1001) / 1000;
    }
    static double bt[BATCHES];
    for (int b = 0; b < BATCHES; b++) {
        double t0 = now();
        for (int k = b * BATCH; k < (b + 1) * BATCH; k++)
            check(cl_layout_set_section_offset(O, bs[k], bo[k]), O, "cl_layout_set_section_offset");
        bt[b] = (now() - t0) / BATCH;
    }
    const double set_offset_us = median(bt, BATCHES) * 1e6;
    cl_section_scroll sc;
    check(cl_layout_section_scroll(O, bs[BATCH * BATCHES - 1], &sc, sizeof sc), O, "cl_layout_section_scroll");
    if (fabs(sc.offset - bo[BATCH * BATCHES - 1]) > 1e-6) bad_ortho++;
    cl_layout_destroy(O);

    printf("{\"items\": %lld, \"runs\": %d,\n"
           " \"create_1\": %.6f, \"invalidate_1\": %.6f, \"baseline_1\": %.6f, \"baseline_alloc_1\": %.6f,\n"
           " \"create_1000\": %.6f, \"invalidate_1000\": %.6f, \"baseline_1000\": %.6f, \"baseline_alloc_1000\": %.6f,\n"
           " \"mismatch_1\": %ld, \"mismatch_1000\": %ld, \"mismatch_incremental\": %ld,\n"
           " \"content_height\": %.3f, \"query_us\": %.3f, \"query_count\": %lld,\n"
           " \"query_random_us\": %.3f, \"query_random_count_last\": %lld,\n"
           " \"hit_cells_us\": %.3f, \"hit_all_us\": %.3f, \"hit_found\": %lld, \"hit_points\": %d,\n"
           " \"rounded_query_us\": %.3f, \"unrounded_query_us\": %.3f,\n"
           " \"viewport_changes_us\": %.3f, \"viewport_changes_mean\": %.1f,\n"
           " \"item_height_s\": %.9f, \"item_width_s\": %.9f, \"width_change_moved_breaks\": %d,\n"
           " \"rss_bytes\": %ld, \"rss_per_item\": %.2f,\n",
           (long long)n, runs, fig[0][CREATE], fig[0][INVALIDATE], fig[0][BASE], fig[0][BASE_FRESH],
           fig[1][CREATE], fig[1][INVALIDATE], fig[1][BASE], fig[1][BASE_FRESH], bad[0], bad[1], bad_incr,
           cs.height, query_us, (long long)count, query_rand_us, (long long)count_rand,
           hit_us[0], hit_us[1], (long long)hits, 2 * Q, rounded_us, unrounded_us,
           changes_us, (double)changed / Q,
           item_h, item_w, breaks_moved, rss1 - rss0, (double)(rss1 - rss0) / (double)n);
    printf(" \"clock_ns\": %.1f,\n"
           " \"plain_invalidate_1\": %.6f, \"deco_invalidate_1\": %.6f, \"plain_create_1\": %.6f, \"sep_create_1\": %.6f,\n"
           " \"plain_invalidate_1000\": %.6f, \"deco_invalidate_1000\": %.6f, \"plain_create_1000\": %.6f, \"sep_create_1000\": %.6f,\n"
           " \"separators_1\": %lld, \"separators_1000\": %lld, \"mismatch_deco_1\": %ld, \"mismatch_deco_1000\": %ld,\n"
           " \"pin_origins\": %d, \"pin_query_us\": %.3f, \"pin_set_viewport_us\": %.3f, \"pin_count_last\": %lld,\n"
           " \"pinned_at_top\": %lld, \"mismatch_pin\": %ld,\n"
           " \"ortho_sections\": %lld, \"ortho_per\": %lld, \"ortho_two_rows\": %lld, \"ortho_height\": %.3f,\n"
           " \"ortho_create\": %.6f, \"ortho_invalidate\": %.6f, \"ortho_reference\": %.6f,\n"
           " \"ortho_query_us\": %.3f, \"ortho_query_mean_count\": %.1f, \"ortho_queries\": %d,\n"
           " \"ortho_set_offset_us\": %.4f, \"ortho_set_offset_calls\": %d, \"mismatch_ortho\": %ld,\n",
           clock_ns,
           deco[0][PLAIN_INV], deco[0][DECO_INV], deco[0][PLAIN_CREATE], deco[0][SEP_CREATE],
           deco[1][PLAIN_INV], deco[1][DECO_INV], deco[1][PLAIN_CREATE], deco[1][SEP_CREATE],
           (long long)separators[0], (long long)separators[1], bad_deco[0], bad_deco[1],
           ORIGINS, pin_query_us, set_viewport_us, (long long)pin_count, (long long)pinned_at_top, bad_pin,
           (long long)OS, (long long)OP, (long long)two_rows, oh, ortho_create, ortho_inval, ortho_ref,
           ortho_query_us, (double)ortho_elements / Q, Q, set_offset_us, BATCH * BATCHES, bad_ortho);
    targets_bench(n, runs, sizes);  /* figures 20-21 (targets_bench.c) */
    focus_bench(n, runs);  /* figures 25-27 (focus_bench.c) */
    global_bench(n, runs);  /* figure 28 (global_bench.c) */
    badges_bench(n, runs);  /* figure 29 (badges_bench.c) */
    presentation_bench(n, runs);  /* figures 30-32 (presentation_bench.c) */
    styles_bench(n, runs, sizes);  /* figures 10-14 and the closing brace */
    free(sizes); free(x); free(y); free(inl); free(sec_top);
    free(cards); free(rows); free(ox); free(oy); free(omax); free(off); free(bs); free(bo);
    return 0;
}
