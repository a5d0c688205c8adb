/* check.c — the test runner; see check.h. */
#include "check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static int passed, failed, skipped;
static int failures_in_test;

void run_test(const char *name, test_fn fn, void *context) {
    failures_in_test = 0;
    fn(context);
    if (failures_in_test == 0) {
        passed++;
        printf("ok    %s\n", name);
    } else {
        failed++;
        printf("FAIL  %s (%d failed checks)\n", name, failures_in_test);
    }
    fflush(stdout);
}

void skip_test(const char *name, const char *reason) {
    skipped++;
    printf("skip  %s: %s\n", name, reason);
}

int test_summary(void) {
    if (skipped > 0) printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
    else printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 && passed > 0 ? 0 : 1;
}

bool check_that(bool ok, const char *file, int line, const char *fmt, ...) {
    if (ok) return true;
    failures_in_test++;
    printf("  %s:%d: ", file, line);
    va_list args;
    va_start(args, fmt);
    vprintf(fmt, args);
    va_end(args);
    printf("\n");
    return false;
}

bool check_status(const cl_layout *layout, cl_status got, cl_status want, const char *what,
                  const char *file, int line) {
    return check_that(got == want, file, line, "%s: status %d (%s), want %d (%s); last error: %s",
                      what, got, cl_status_string(got), want, cl_status_string(want),
                      cl_layout_last_error(layout));
}

void *test_calloc(size_t count, size_t size) {
    void *p = calloc(count + 1, size);  /* + 1: never a zero-size allocation */
    if (!p) {
        printf("out of memory\n");
        exit(2);
    }
    return p;
}

rng rng_seeded(uint64_t seed) {
    rng r = {seed};
    return r;
}

static uint64_t rng_next(rng *r) {
    uint64_t z = (r->state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

int64_t rng_int(rng *r, int64_t lo, int64_t hi) {
    return lo + (int64_t)(rng_next(r) % (uint64_t)(hi - lo + 1));
}

double rng_double(rng *r, double lo, double hi) {
    return lo + (hi - lo) * (double)(rng_next(r) >> 11) / 9007199254740992.0; /* 53 bits */
}

bool rng_bool(rng *r) { return rng_next(r) & 1; }
