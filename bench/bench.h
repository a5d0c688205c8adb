/* bench.h — what every benchmark program needs: a clock, medians, the heap in use, and a check
 * that stops with the library's message. Static: each program (or file of one) has its own. */
#ifndef CL_BENCH_H
#define CL_BENCH_H

#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "collectionlayout.h"

static inline double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static inline int cmp_double(const void *a, const void *b) { double d = *(const double *)a - *(const double *)b; return (d > 0) - (d < 0); }
/* The median of v[0..n) (sorts v). */
static inline double median(double *v, int n) { qsort(v, (size_t)n, sizeof *v, cmp_double); return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2; }
/* Bytes malloc has handed out and not taken back. */
static inline double heap_bytes(void) { struct mallinfo2 m = mallinfo2(); return (double)m.uordblks + (double)m.hblkhd; }

/* splitmix64 of i: the benchmarks' deterministic pseudo-random numbers. */
static inline uint64_t splitmix(uint64_t i)
{
    uint64_t z = (i + 1) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Item i's size in every flow scene: widths 40-160, heights 30-120, in 1/4 pt steps. */
static inline cl_size bench_item_size(int64_t i)
{
    const uint64_t r = splitmix((uint64_t)i);
    return (cl_size){40 + (double)(r % 481) / 4, 30 + (double)((r >> 32) % 361) / 4};
}

/* The scenes' metrics set on `d` (a library's default definition): a 390 x 844 viewport,
 * insets 10, line and inter-item spacing 10. */
static inline cl_layout_def bench_metrics(cl_layout_def d)
{
    d.viewport = (cl_rect){0, 0, 390, 844};
    d.insets = (cl_insets){10, 10, 10, 10};
    d.line_spacing = d.interitem_spacing = 10;
    return d;
}

/* The scattered update of issue 9 over n items (n >= 4 * SCATTERED_HALF): SCATTERED_HALF items
 * deleted (`gone`, old places) and as many inserted (`come`, new places, size 77 x 55), one of each
 * in every n / SCATTERED_HALF items; `after` (n sizes) gets the section's sizes after it. Its
 * inverse swaps `gone` and `come`. */
enum { SCATTERED_HALF = 500 };
static inline void bench_scattered(int64_t n, const cl_size *sizes, cl_index_path *gone, cl_index_path *come,
                                   cl_size *after)
{
    const int64_t half = SCATTERED_HALF;
    const int64_t step = n / half;
    for (int64_t k = 0; k < half; k++) {
        gone[k] = (cl_index_path){0, k * step + step / 3};
        come[k] = (cl_index_path){0, k * step + 2 * step / 3};
    }
    for (int64_t i = 0, old = 0, d = 0, k = 0; i < n; i++) {  /* the old items less `gone`, `come` inserted */
        if (k < half && come[k].item == i) { after[i] = (cl_size){77, 55}; k++; continue; }
        while (d < half && gone[d].item == old) { old++; d++; }
        after[i] = sizes[old++];
    }
}

/* Stops the program, naming it, the call and the library's message, unless st is CL_OK. */
#define BENCH_CHECK(program, st, layout, what) do { \
        cl_status bench_st_ = (st); \
        if (bench_st_ != CL_OK) { \
            fprintf(stderr, "%s: %s failed: %s (%s)\n", program, what, cl_status_string(bench_st_), cl_layout_last_error(layout)); \
            exit(1); \
        } \
    } while (0)

#endif
