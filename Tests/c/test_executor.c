/* The host's executor through the C ABI (cl_executor, issue 34): the same frames, bit for bit,
 * with executors over POSIX threads and in random orders; bad definitions; a task skipped or
 * run twice is CL_ERROR_CALLBACK and leaves the layout as it was; a parallel_for that calls its
 * layout back is refused; the diff with an executor. */
#include <stdlib.h>
#include <string.h>

#include "../../examples/c/pthread_executor.h"
#include "check.h"
#include "elements.h"
#include "tests.h"

enum { SECTIONS = 40, PER = 1500 };  /* 60,000 items: past the threshold of small work */

static cl_size sizes[SECTIONS * PER];

static cl_status sections(void *u, int64_t *out) { (void)u; *out = SECTIONS; return CL_OK; }
static cl_status count(void *u, int64_t s, int64_t *out) { (void)u, (void)s; *out = PER; return CL_OK; }
static cl_status item_sizes(void *u, int64_t s, int64_t first, int64_t n, cl_size *out) {
    (void)u;
    memcpy(out, sizes + s * PER + first, (size_t)n * sizeof *out);
    return CL_OK;
}
/* Every 4th section a grid, every 5th a waterfall: styles side by side. */
static cl_status metrics(void *u, int64_t s, cl_section_metrics *m) {
    (void)u;
    if (s % 4 == 1) m->style = CL_STYLE_GRID;
    if (s % 5 == 2) m->style = CL_STYLE_WATERFALL;
    m->columns = 3;
    return CL_OK;
}

static cl_layout *make(void) {
    rng r = rng_seeded(34);
    for (int i = 0; i < SECTIONS * PER; i++) sizes[i] = (cl_size){(double)rng_int(&r, 160, 640) / 4, (double)rng_int(&r, 120, 480) / 4};
    cl_layout_def def = cl_layout_def_default();
    def.viewport = (cl_rect){0, 0, 390, 844};
    def.header = 30;
    cl_data_source source = cl_data_source_default();
    source.section_count = sections;
    source.item_count = count;
    source.item_sizes = item_sizes;
    source.section_metrics = metrics;
    cl_layout *layout = NULL;
    CHECK_OK(layout, cl_layout_create(&def, &source, &layout));
    return layout;
}

/* Every element of both layouts, in the query's order, equal byte for byte. */
static bool identical(const cl_layout *a, const cl_layout *b, const char *what) {
    cl_size sa = {0}, sb = {0};
    CHECK_OK(a, cl_layout_content_size(a, &sa));
    CHECK_OK(b, cl_layout_content_size(b, &sb));
    const cl_rect all = {-100, -100, sa.width + 200, sa.height + 200};
    int64_t na = 0, nb = 0;
    cl_layout_elements_in_rect(a, all, NULL, 0, sizeof(cl_attributes), &na);
    cl_layout_elements_in_rect(b, all, NULL, 0, sizeof(cl_attributes), &nb);
    cl_attributes *x = test_calloc((size_t)na + 1, sizeof *x), *y = test_calloc((size_t)nb + 1, sizeof *y);
    CHECK_OK(a, cl_layout_elements_in_rect(a, all, x, na, sizeof *x, &na));
    CHECK_OK(b, cl_layout_elements_in_rect(b, all, y, nb, sizeof *y, &nb));
    const bool same = memcmp(&sa, &sb, sizeof sa) == 0 && na == nb && memcmp(x, y, (size_t)na * sizeof *x) == 0;
    CHECK(same, "%s: %lld and %lld elements, content %g and %g", what, (long long)na, (long long)nb, sa.height, sb.height);
    free(x);
    free(y);
    return same;
}

/* One thread, tasks in a random order (the context is the seed). */
static void shuffled(void *context, int64_t n, void (*task)(void *, int64_t), void *task_context) {
    uint64_t *seed = context;
    rng r = rng_seeded((*seed)++);
    int64_t *order = test_calloc((size_t)n, sizeof *order);
    for (int64_t i = 0; i < n; i++) order[i] = i;
    for (int64_t i = n - 1; i > 0; i--) {
        const int64_t j = rng_int(&r, 0, i), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (int64_t i = 0; i < n; i++) task(task_context, order[i]);
    free(order);
}

static void the_frames_are_the_serial_ones(void *context) {
    (void)context;
    cl_layout *serial = make(), *threads = make(), *random = make();
    if (!serial || !threads || !random) return;
    pthread_executor *pool = pthread_executor_create(2);
    const cl_executor pooled = pthread_executor_get(pool);
    uint64_t seed = 1;
    cl_executor shuffling = cl_executor_default();
    shuffling.parallel_for = shuffled;
    shuffling.context = &seed;
    shuffling.concurrency = 4;
    shuffling.min_items = 1;  /* every pass through it */
    CHECK_OK(threads, cl_layout_set_executor(threads, &pooled));
    CHECK_OK(random, cl_layout_set_executor(random, &shuffling));
    for (int round = 0; round < 3; round++) {
        CHECK_OK(threads, cl_layout_invalidate(threads));
        CHECK_OK(random, cl_layout_invalidate(random));
        identical(serial, threads, "pthreads");
        identical(serial, random, "random order");
        const cl_rect viewport = {0, 0, 300 + 50 * round, 700};
        CHECK_OK(serial, cl_layout_set_viewport(serial, viewport));
        CHECK_OK(threads, cl_layout_set_viewport(threads, viewport));
        CHECK_OK(random, cl_layout_set_viewport(random, viewport));
        identical(serial, threads, "pthreads, new width");
        identical(serial, random, "random order, new width");
    }
    CHECK(seed > 1, "the random executor ran: %llu", (unsigned long long)seed);
    CHECK_OK(threads, cl_layout_set_executor(threads, NULL));  /* serial again */
    CHECK_OK(threads, cl_layout_invalidate(threads));
    identical(serial, threads, "taken off");
    cl_layout_destroy(serial);
    cl_layout_destroy(threads);
    cl_layout_destroy(random);
    pthread_executor_destroy(pool);
}

static void noop(void *context, int64_t n, void (*task)(void *, int64_t), void *task_context) {
    (void)context, (void)n, (void)task, (void)task_context;
}

static void bad_definitions_are_refused(void *context) {
    (void)context;
    cl_layout *layout = make();
    if (!layout) return;
    cl_executor e = cl_executor_default();
    CHECK(e.struct_size == sizeof e && e.concurrency == 1 && e.parallel_for == NULL && e.flags == 0, "defaults");
    check_status(layout, cl_layout_set_executor(layout, &e), CL_ERROR_INVALID_ARGUMENT, "NULL parallel_for", __FILE__, __LINE__);
    CHECK(strstr(cl_layout_last_error(layout), "parallel_for") != NULL, "%s", cl_layout_last_error(layout));
    e.parallel_for = noop;
    e.concurrency = 0;
    check_status(layout, cl_layout_set_executor(layout, &e), CL_ERROR_INVALID_ARGUMENT, "concurrency 0", __FILE__, __LINE__);
    e.concurrency = 2;
    e.flags = 0x10;
    check_status(layout, cl_layout_set_executor(layout, &e), CL_ERROR_INVALID_ARGUMENT, "unknown flags", __FILE__, __LINE__);
    e.flags = CL_EXECUTOR_CONCURRENT_DATA_SOURCE;
    e.reserved = 1;
    check_status(layout, cl_layout_set_executor(layout, &e), CL_ERROR_INVALID_ARGUMENT, "reserved", __FILE__, __LINE__);
    e.reserved = 0;
    e.min_items = -1;
    check_status(layout, cl_layout_set_executor(layout, &e), CL_ERROR_INVALID_ARGUMENT, "min_items", __FILE__, __LINE__);
    e.min_items = 0;
    e.struct_size = 8;
    check_status(layout, cl_layout_set_executor(layout, &e), CL_ERROR_INVALID_ARGUMENT, "struct_size", __FILE__, __LINE__);
    check_status(NULL, cl_layout_set_executor(NULL, NULL), CL_ERROR_INVALID_HANDLE, "NULL layout", __FILE__, __LINE__);
    cl_layout_destroy(layout);
}

static void skip_last(void *context, int64_t n, void (*task)(void *, int64_t), void *task_context) {
    (void)context;
    for (int64_t i = 0; i + 1 < n; i++) task(task_context, i);
}
static void twice(void *context, int64_t n, void (*task)(void *, int64_t), void *task_context) {
    (void)context;
    for (int64_t i = 0; i < n; i++) task(task_context, i);
    task(task_context, 0);
}
static void out_of_range(void *context, int64_t n, void (*task)(void *, int64_t), void *task_context) {
    (void)context;
    for (int64_t i = 0; i < n; i++) task(task_context, i == 0 ? -1 : i);
}

static void a_broken_executor_is_an_error_and_keeps_the_layout(void *context) {
    (void)context;
    void (*const broken[])(void *, int64_t, void (*)(void *, int64_t), void *) = {skip_last, twice, out_of_range};
    cl_layout *serial = make(), *layout = make();
    if (!serial || !layout) return;
    for (size_t k = 0; k < 3; k++) {
        cl_executor e = cl_executor_default();
        e.parallel_for = broken[k];
        e.concurrency = 2;
        CHECK_OK(layout, cl_layout_set_executor(layout, &e));
        check_status(layout, cl_layout_invalidate(layout), CL_ERROR_CALLBACK, "invalidate", __FILE__, __LINE__);
        CHECK(strstr(cl_layout_last_error(layout), "executor") != NULL, "message: %s", cl_layout_last_error(layout));
        identical(serial, layout, "after a broken executor");
        check_status(layout, cl_layout_set_viewport(layout, (cl_rect){0, 0, 320, 844}), CL_ERROR_CALLBACK, "set_viewport", __FILE__, __LINE__);
        identical(serial, layout, "after a broken executor, new width refused");
    }
    cl_layout_destroy(serial);
    cl_layout_destroy(layout);
}

/* A parallel_for that calls its own layout: refused inside, the pass itself succeeds. */
static cl_layout *reentered;
static cl_status inner_status;
static void calls_back(void *context, int64_t n, void (*task)(void *, int64_t), void *task_context) {
    (void)context;
    inner_status = cl_layout_invalidate(reentered);
    for (int64_t i = 0; i < n; i++) task(task_context, i);
}

static void a_parallel_for_that_calls_back_is_refused(void *context) {
    (void)context;
    reentered = make();
    if (!reentered) return;
    cl_executor e = cl_executor_default();
    e.parallel_for = calls_back;
    e.concurrency = 2;
    CHECK_OK(reentered, cl_layout_set_executor(reentered, &e));
    inner_status = CL_OK;
    CHECK_OK(reentered, cl_layout_invalidate(reentered));
    CHECK(inner_status == CL_ERROR_REENTRANT, "inner call: %d", inner_status);
    cl_layout_destroy(reentered);
}

static void the_diff_with_an_executor_is_the_serial_one(void *context) {
    (void)context;
    enum { N = 100000 };
    int64_t *old_ids = test_calloc(N, sizeof *old_ids), *new_ids = test_calloc(N, sizeof *new_ids);
    rng r = rng_seeded(9);
    for (int64_t i = 0; i < N; i++) old_ids[i] = new_ids[i] = i;
    for (int64_t i = 0; i < N; i += 50) new_ids[i] = N + i;  /* deleted and inserted */
    for (int64_t i = 25; i < N; i += 50) {                   /* moved */
        const int64_t j = rng_int(&r, 0, N - 1), t = new_ids[i];
        new_ids[i] = new_ids[j];
        new_ids[j] = t;
    }
    const int64_t zero = 0, n = N;
    cl_diff_side sides[2] = {cl_diff_side_default(), cl_diff_side_default()};
    for (int k = 0; k < 2; k++) {
        sides[k].section_ids = &zero;
        sides[k].section_count = 1;
        sides[k].item_counts = &n;
        sides[k].item_ids = k ? new_ids : old_ids;
    }
    pthread_executor *pool = pthread_executor_create(2);
    const cl_executor pooled = pthread_executor_get(pool);
    cl_batch_update a = cl_batch_update_default(), b = cl_batch_update_default(), c = cl_batch_update_default();
    cl_diff *da = NULL, *db = NULL, *dc = NULL;
    CHECK_OK(NULL, cl_diff_create(&sides[0], &sides[1], &da, &a));
    CHECK_OK(NULL, cl_diff_create_with_executor(&sides[0], &sides[1], &pooled, &db, &b));
    CHECK_OK(NULL, cl_diff_create_with_executor(&sides[0], &sides[1], NULL, &dc, &c));
    CHECK(a.move_item_count > 0 && a.insert_item_count > 0, "a real diff: %lld moves", (long long)a.move_item_count);
    CHECK(a.move_item_count == b.move_item_count && a.insert_item_count == b.insert_item_count && a.delete_item_count == b.delete_item_count
              && a.move_item_count == c.move_item_count,
          "counts: %lld %lld moves", (long long)a.move_item_count, (long long)b.move_item_count);
    if (a.move_item_count == b.move_item_count && a.insert_item_count == b.insert_item_count && a.delete_item_count == b.delete_item_count) {
        CHECK(memcmp(a.move_items, b.move_items, (size_t)a.move_item_count * sizeof *a.move_items) == 0, "moves");
        CHECK(memcmp(a.insert_items, b.insert_items, (size_t)a.insert_item_count * sizeof *a.insert_items) == 0, "inserts");
        CHECK(memcmp(a.delete_items, b.delete_items, (size_t)a.delete_item_count * sizeof *a.delete_items) == 0, "deletes");
    }
    cl_executor bad = cl_executor_default();
    cl_diff *dd = NULL;
    cl_batch_update d = cl_batch_update_default();
    CHECK(cl_diff_create_with_executor(&sides[0], &sides[1], &bad, &dd, &d) == CL_ERROR_INVALID_ARGUMENT && dd == NULL, "a bad executor");
    cl_executor skipping = cl_executor_default();
    skipping.parallel_for = skip_last;
    skipping.concurrency = 2;
    CHECK(cl_diff_create_with_executor(&sides[0], &sides[1], &skipping, &dd, &d) == CL_ERROR_CALLBACK && dd == NULL, "a broken executor");
    cl_diff_destroy(da);
    cl_diff_destroy(db);
    cl_diff_destroy(dc);
    pthread_executor_destroy(pool);
    free(old_ids);
    free(new_ids);
}

void executor_tests(void) {
    run_test("executor: the frames are the serial ones", the_frames_are_the_serial_ones, NULL);
    run_test("executor: bad definitions are refused", bad_definitions_are_refused, NULL);
    run_test("executor: a broken executor is an error and keeps the layout", a_broken_executor_is_an_error_and_keeps_the_layout, NULL);
    run_test("executor: a parallel_for that calls back is refused", a_parallel_for_that_calls_back_is_refused, NULL);
    run_test("executor: the diff with an executor is the serial one", the_diff_with_an_executor_is_the_serial_one, NULL);
}
