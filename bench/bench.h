/* bench.h — what every benchmark program needs: a clock, medians, the heap in use, and a check
 * that stops with the library's message. Static: each program (or file of one) has its own. */
#ifndef CL_BENCH_H
#define CL_BENCH_H

#include <malloc.h>
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

/* Stops the program, naming it, the call and the library's message, unless st is CL_OK. */
#define BENCH_CHECK(program, st, layout, what) do { \
        cl_status bench_st_ = (st); \
        if (bench_st_ != CL_OK) { \
            fprintf(stderr, "%s: %s failed: %s (%s)\n", program, what, cl_status_string(bench_st_), cl_layout_last_error(layout)); \
            exit(1); \
        } \
    } while (0)

#endif
