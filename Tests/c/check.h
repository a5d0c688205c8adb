/*
 * check.h — a tiny test runner for the C tests.
 *
 * A test is a function run by run_test(); it passes when none of its CHECKs failed. A failed
 * CHECK prints file:line and a message and lets the test go on, so one run shows every
 * difference. main() ends with test_summary(), which prints "N passed, N failed[, N skipped]".
 */
#ifndef CL_TESTS_CHECK_H
#define CL_TESTS_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "collectionlayout.h"

typedef void (*test_fn)(void *context);

void run_test(const char *name, test_fn fn, void *context);
void skip_test(const char *name, const char *reason);
/* Prints the closing line; returns the process exit status (nonzero if a test failed). */
int test_summary(void);

/* Records a check; on failure prints the message (printf format) and returns false. */
bool check_that(bool ok, const char *file, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

#define CHECK(cond, ...) check_that((cond), __FILE__, __LINE__, __VA_ARGS__)

/* A call that must succeed; on failure prints the status and the layout's message. */
#define CHECK_OK(layout, call) \
    check_status((layout), (call), CL_OK, #call, __FILE__, __LINE__)
bool check_status(const cl_layout *layout, cl_status got, cl_status want, const char *what,
                  const char *file, int line);

/* A seeded PRNG for property tests (splitmix64): the same seed gives the same scene on every
 * machine, so a failure message that names its seed can be replayed. */
typedef struct rng { uint64_t state; } rng;
rng rng_seeded(uint64_t seed);
int64_t rng_int(rng *r, int64_t lo, int64_t hi);     /* uniform in [lo, hi] */
double rng_double(rng *r, double lo, double hi);     /* uniform in [lo, hi) */
bool rng_bool(rng *r);

/* calloc that ends the run on failure (tests have no use for a half-built fixture). */
void *test_calloc(size_t count, size_t size);

#endif
