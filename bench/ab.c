/* ab.c — two builds of the library compared on issue 9's scattered update, in one process.
 *
 *   ab BASE.so NEW.so [rounds] [items]      (defaults: 41 rounds, 1,000,000 items)
 *
 * The machine's speed drifts by tens of percent over seconds, more than most changes gain, so
 * two `make bench` runs cannot tell a 5% change from noise. Here both libraries are loaded
 * (dlopen, each with its own symbols), each builds the same layout, and every round runs both,
 * one after the other, in the benchmark's order: the update (timed), its inverse, a full layout
 * (timed). Which one goes first alternates. A round's NEW/BASE ratio pairs two runs made
 * seconds apart; the median over the rounds is the figure (the quartiles show its spread: the
 * same library against itself gives about 1.00 +- 0.02). bench/ab builds a git revision and runs
 * this against the working tree's library. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <string.h>
#include "bench.h"

/* The calls it makes, resolved in one library */
typedef struct {
    const char *path;
    cl_array_source (*array_source_default)(void);
    cl_layout_def (*layout_def_default)(void);
    cl_data_source (*data_source_default)(void);
    cl_batch_update (*batch_update_default)(void);
    cl_status (*create)(const cl_layout_def *, const cl_data_source *, cl_layout **);
    cl_status (*update)(cl_layout *, const cl_batch_update *, cl_update_summary *, size_t);
    cl_status (*invalidate)(cl_layout *);
    const char *(*last_error)(const cl_layout *);
} library;

static void *resolve(void *handle, const char *path, const char *name)
{
    void *f = dlsym(handle, name);
    if (!f) { fprintf(stderr, "ab: %s has no %s\n", path, name); exit(1); }
    return f;
}

static library load(const char *path)
{
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) { fprintf(stderr, "ab: %s\n", dlerror()); exit(1); }
    library l = {path, resolve(h, path, "cl_array_source_default"), resolve(h, path, "cl_layout_def_default"),
                 resolve(h, path, "cl_data_source_default"), resolve(h, path, "cl_batch_update_default"),
                 resolve(h, path, "cl_layout_create"), resolve(h, path, "cl_layout_perform_batch_update"),
                 resolve(h, path, "cl_layout_invalidate"), resolve(h, path, "cl_layout_last_error")};
    return l;
}

static void check(const library *lib, cl_status st, const cl_layout *layout, const char *what)
{
    if (st == CL_OK) return;
    fprintf(stderr, "ab: %s: %s failed: %s\n", lib->path, what, lib->last_error(layout));
    exit(1);
}

/* One side: its library, its layout over its own copy of the source's pointers */
typedef struct {
    library lib;
    int64_t count;
    const cl_size *table;
    cl_array_source arrays;
    cl_layout *layout;
    double *update, *full;
} side;

static void open_side(side *s, const char *path, int64_t n, const cl_size *sizes, int rounds)
{
    s->lib = load(path);
    s->count = n;
    s->table = sizes;
    s->arrays = s->lib.array_source_default();
    s->arrays.section_count = 1;
    s->arrays.item_counts = &s->count;
    s->arrays.item_sizes = &s->table;
    cl_layout_def d = bench_metrics(s->lib.layout_def_default());
    cl_data_source ds = s->lib.data_source_default();
    ds.arrays = &s->arrays;
    check(&s->lib, s->lib.create(&d, &ds, &s->layout), NULL, "cl_layout_create");
    s->update = malloc((size_t)rounds * sizeof *s->update);
    s->full = malloc((size_t)rounds * sizeof *s->full);
}

/* One round of one side, as bench/run times it */
static void run(side *s, int r, cl_index_path *gone, cl_index_path *come, const cl_size *sizes, const cl_size *after)
{
    cl_update_summary summary;
    cl_batch_update u = s->lib.batch_update_default();
    u.delete_items = gone; u.delete_item_count = SCATTERED_HALF;
    u.insert_items = come; u.insert_item_count = SCATTERED_HALF;
    s->table = after;
    double t0 = now();
    check(&s->lib, s->lib.update(s->layout, &u, &summary, sizeof summary), s->layout, "the update");
    s->update[r] = now() - t0;
    u.delete_items = come; u.insert_items = gone;
    s->table = sizes;
    check(&s->lib, s->lib.update(s->layout, &u, &summary, sizeof summary), s->layout, "its inverse");
    t0 = now();
    check(&s->lib, s->lib.invalidate(s->layout), s->layout, "cl_layout_invalidate");
    s->full[r] = now() - t0;
}

/* Prints the median and quartiles of new[r] / base[r] (sorts a copy) */
static void paired(const char *what, const double *base, const double *new, int rounds)
{
    double *q = malloc((size_t)rounds * sizeof *q);
    for (int r = 0; r < rounds; r++) q[r] = new[r] / base[r];
    qsort(q, (size_t)rounds, sizeof *q, cmp_double);
    printf("%-12s NEW/BASE, paired by round: median %.3f (quartiles %.3f-%.3f)\n", what, median(q, rounds),
           q[rounds / 4], q[3 * rounds / 4]);
    free(q);
}

int main(int argc, char **argv)
{
    if (argc < 3) { fprintf(stderr, "usage: ab BASE.so NEW.so [rounds] [items]\n"); return 2; }
    const int rounds = argc > 3 && atoi(argv[3]) > 0 ? atoi(argv[3]) : 41;
    const int64_t n = argc > 4 && atoll(argv[4]) >= 4 * SCATTERED_HALF ? atoll(argv[4]) : 1000000;
    cl_size *sizes = malloc((size_t)n * sizeof *sizes), *after = malloc((size_t)n * sizeof *after);
    for (int64_t i = 0; i < n; i++) sizes[i] = bench_item_size(i);
    static cl_index_path gone[SCATTERED_HALF], come[SCATTERED_HALF];
    bench_scattered(n, sizes, gone, come, after);
    side sides[2];
    open_side(&sides[0], argv[1], n, sizes, rounds);
    open_side(&sides[1], argv[2], n, sizes, rounds);
    for (int r = 0; r < rounds; r++)
        for (int k = 0; k < 2; k++) run(&sides[(r + k) % 2], r, gone, come, sizes, after);

    printf("%d rounds, %lld items: %d deletes and %d inserts spread over one section, then the inverse, then a full layout\n",
           rounds, (long long)n, SCATTERED_HALF, SCATTERED_HALF);
    paired("update", sides[0].update, sides[1].update, rounds);
    paired("full layout", sides[0].full, sides[1].full, rounds);
    for (int k = 0; k < 2; k++) {
        side *s = &sides[k];
        const double update = median(s->update, rounds), full = median(s->full, rounds);
        printf("%-4s update %.3f ms, full layout %.2f ms, ratio %.2fx  (%s)\n", k ? "NEW" : "BASE", update * 1e3,
               full * 1e3, full / update, s->lib.path);
    }
    return 0;
}
