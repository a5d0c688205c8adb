/* executor_bench.c — issue 34's figures for bench/run (figure 33): the same work serial and
 * with a 2-worker executor over POSIX threads (examples/c/pthread_executor.c), alternated run by
 * run in one process. Prints one JSON object.
 *
 *   executor_bench [items] [runs]
 *
 * 30a full layout (cl_layout_invalidate), 1,000 sections x n/1,000 items, flow
 * 30b full layout, 1 flow section of n items
 * 30c full layout, 1 grid section (3 columns) of n items
 * 30d cl_diff_create of n ids (issue 9's workload: n/100 deletions, insertions and moves)
 * 30e one-item insert (cl_layout_perform_batch_update) in the 1,000-section layout
 * 30f one-screen rect query, 30g one transition frame (flow to grid, 1,000 sections) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "../examples/c/pthread_executor.h"

static const char *const program = "executor_bench";
static cl_size *sizes;

typedef struct source {
    int64_t sections;
    int64_t *counts;
} source;

static cl_status cb_sections(void *u, int64_t *out) { *out = ((source *)u)->sections; return 0; }
static cl_status cb_count(void *u, int64_t s, int64_t *out) { *out = ((source *)u)->counts[s]; return 0; }
static cl_status cb_sizes(void *u, int64_t s, int64_t first, int64_t count, cl_size *out)
{
    const source *src = u;
    const int64_t base = s * (src->sections > 1 ? src->counts[0] : 0);
    memcpy(out, sizes + base + first, (size_t)count * sizeof *out);
    return 0;
}

static cl_layout *make(source *src, int32_t style)
{
    cl_layout_def def = bench_metrics(cl_layout_def_default());
    def.style = style;
    def.columns = 3;
    cl_data_source ds = cl_data_source_default();
    ds.user_data = src;
    ds.section_count = cb_sections;
    ds.item_count = cb_count;
    ds.item_sizes = cb_sizes;
    cl_layout *layout = NULL;
    if (cl_layout_create(&def, &ds, &layout) != CL_OK) {
        fprintf(stderr, "%s: create: %s\n", program, cl_layout_last_error(NULL));
        exit(1);
    }
    return layout;
}

/* Median full layouts of a layout without and with the executor, alternated. */
static void full(cl_layout *l[2], int runs, double out[2])
{
    static double t[2][64];
    for (int r = 0; r < runs; r++)
        for (int k = 0; k < 2; k++) {
            const double t0 = now();
            BENCH_CHECK(program, cl_layout_invalidate(l[k]), l[k], "invalidate");
            t[k][r] = now() - t0;
        }
    out[0] = median(t[0], runs);
    out[1] = median(t[1], runs);
}

/* Whether both layouts give the same elements in the same order (every frame, bit for bit). */
static int identical(cl_layout *a, cl_layout *b)
{
    cl_size sa, sb;
    cl_layout_content_size(a, &sa);
    cl_layout_content_size(b, &sb);
    if (memcmp(&sa, &sb, sizeof sa) != 0) return 0;
    const cl_rect all = {0, 0, sa.width, sa.height};
    int64_t na = 0, nb = 0;
    cl_layout_elements_in_rect(a, all, NULL, 0, sizeof(cl_attributes), &na);
    cl_layout_elements_in_rect(b, all, NULL, 0, sizeof(cl_attributes), &nb);
    if (na != nb) return 0;
    cl_attributes *x = malloc((size_t)na * sizeof *x), *y = malloc((size_t)nb * sizeof *y);
    cl_layout_elements_in_rect(a, all, x, na, sizeof *x, &na);
    cl_layout_elements_in_rect(b, all, y, nb, sizeof *y, &nb);
    const int same = memcmp(x, y, (size_t)na * sizeof *x) == 0;
    free(x);
    free(y);
    return same;
}

int main(int argc, char **argv)
{
    const int64_t n = argc > 1 ? atoll(argv[1]) : 1000000;
    int runs = argc > 2 ? atoi(argv[2]) : 11;
    if (runs > 64) runs = 64;
    sizes = malloc((size_t)n * sizeof *sizes);
    for (int64_t i = 0; i < n; i++) sizes[i] = bench_item_size(i);
    pthread_executor *pool = pthread_executor_create(2);
    if (!pool) return 1;
    const cl_executor executor = pthread_executor_get(pool);

    /* 30a-c: full layouts */
    int64_t *many_counts = malloc(1000 * sizeof *many_counts), one_count = n;
    for (int s = 0; s < 1000; s++) many_counts[s] = n / 1000;
    source many[2] = {{1000, many_counts}, {1000, NULL}}, one = {1, &one_count};
    int64_t *many_counts2 = malloc(1000 * sizeof *many_counts2);
    memcpy(many_counts2, many_counts, 1000 * sizeof *many_counts2);
    many[1].counts = many_counts2;
    double t_many[2], t_flow[2], t_grid[2];
    int same = 1;
    cl_layout *l[2] = {make(&many[0], CL_STYLE_FLOW), make(&many[1], CL_STYLE_FLOW)};
    BENCH_CHECK(program, cl_layout_set_executor(l[1], &executor), l[1], "set_executor");
    full(l, runs, t_many);
    same &= identical(l[0], l[1]);
    cl_layout *f[2] = {make(&one, CL_STYLE_FLOW), make(&one, CL_STYLE_FLOW)};
    BENCH_CHECK(program, cl_layout_set_executor(f[1], &executor), f[1], "set_executor");
    full(f, runs, t_flow);
    same &= identical(f[0], f[1]);
    cl_layout *g[2] = {make(&one, CL_STYLE_GRID), make(&one, CL_STYLE_GRID)};
    BENCH_CHECK(program, cl_layout_set_executor(g[1], &executor), g[1], "set_executor");
    full(g, runs, t_grid);
    same &= identical(g[0], g[1]);

    /* 30d: the diff of n ids: every 100th deleted, as many new ones inserted, as many moved */
    int64_t *old_ids = malloc((size_t)n * sizeof *old_ids), *new_ids = malloc((size_t)n * sizeof *new_ids);
    for (int64_t i = 0; i < n; i++) old_ids[i] = i;
    int64_t m = 0;
    for (int64_t i = 0; i < n; i++) {
        if (i % 100 == 0) { new_ids[m++] = n + i; continue; }        /* deleted; a new id instead */
        new_ids[m++] = old_ids[i];
    }
    for (int64_t i = 50; i + 1 < m; i += 100) {                      /* moved: swapped with a far one */
        const int64_t j = (int64_t)(splitmix((uint64_t)i) % (uint64_t)m);
        const int64_t x = new_ids[i]; new_ids[i] = new_ids[j]; new_ids[j] = x;
    }
    const int64_t zero = 0;
    cl_diff_side sides[2] = {cl_diff_side_default(), cl_diff_side_default()};
    const int64_t counts_old = n, counts_new = m;
    sides[0].section_ids = &zero; sides[0].section_count = 1; sides[0].item_counts = &counts_old; sides[0].item_ids = old_ids;
    sides[1].section_ids = &zero; sides[1].section_count = 1; sides[1].item_counts = &counts_new; sides[1].item_ids = new_ids;
    static double dt[2][64];
    int64_t moves[2] = {0, 0};
    for (int r = 0; r < runs; r++)
        for (int k = 0; k < 2; k++) {
            cl_batch_update update = cl_batch_update_default();
            cl_diff *diff = NULL;
            const double t0 = now();
            BENCH_CHECK(program, cl_diff_create_with_executor(&sides[0], &sides[1], k ? &executor : NULL, &diff, &update), NULL, "diff");
            dt[k][r] = now() - t0;
            moves[k] = update.move_item_count;
            cl_diff_destroy(diff);
        }
    same &= moves[0] == moves[1];

    /* 30e-g: small work, which stays on the calling thread */
    enum { Q = 2001 };
    static double it[2][Q], qt[2][Q], tt[2][Q];
    static cl_attributes buf[4096];
    cl_update_summary summary;
    for (int q = 0; q < Q; q++)
        for (int k = 0; k < 2; k++) {
            cl_batch_update update = cl_batch_update_default();
            const cl_index_path at = {500, 0};
            update.insert_items = &at;
            update.insert_item_count = 1;
            many[k].counts[500]++;
            double t0 = now();
            BENCH_CHECK(program, cl_layout_perform_batch_update(l[k], &update, &summary, sizeof summary), l[k], "insert");
            it[k][q] = now() - t0;
            cl_batch_update back = cl_batch_update_default();
            back.delete_items = &at;
            back.delete_item_count = 1;
            many[k].counts[500]--;
            BENCH_CHECK(program, cl_layout_perform_batch_update(l[k], &back, &summary, sizeof summary), l[k], "delete");
            cl_size size;
            cl_layout_content_size(l[k], &size);
            const cl_rect r = {0, (size.height - 844) * (double)(splitmix((uint64_t)q) % 1001) / 1000, 390, 844};
            int64_t count = 0;
            t0 = now();
            BENCH_CHECK(program, cl_layout_elements_in_rect(l[k], r, buf, 4096, sizeof buf[0], &count), l[k], "query");
            qt[k][q] = now() - t0;
        }
    cl_layout *grids[2] = {make(&many[0], CL_STYLE_GRID), make(&many[1], CL_STYLE_GRID)};
    BENCH_CHECK(program, cl_layout_set_executor(grids[1], &executor), grids[1], "set_executor");
    cl_transition *tr[2] = {NULL, NULL};
    for (int k = 0; k < 2; k++) BENCH_CHECK(program, cl_transition_create(l[k], grids[k], &tr[k]), NULL, "transition");
    for (int q = 0; q < Q; q++)
        for (int k = 0; k < 2; k++) {
            cl_size size;
            cl_layout_content_size(l[k], &size);
            const cl_rect r = {0, (size.height - 844) * (double)(splitmix((uint64_t)q + 7) % 1001) / 1000, 390, 844};
            int64_t count = 0;
            const double t0 = now();
            BENCH_CHECK(program, cl_transition_elements_in_rect(tr[k], 0.5, r, buf, 4096, sizeof buf[0], &count), NULL, "transition frame");
            tt[k][q] = now() - t0;
        }
    for (int k = 0; k < 2; k++) {
        cl_transition_destroy(tr[k]);
        cl_layout_set_executor(l[k], NULL);
        cl_layout_set_executor(f[k], NULL);
        cl_layout_set_executor(g[k], NULL);
        cl_layout_set_executor(grids[k], NULL);
        cl_layout_destroy(l[k]);
        cl_layout_destroy(f[k]);
        cl_layout_destroy(g[k]);
        cl_layout_destroy(grids[k]);
    }
    pthread_executor_destroy(pool);
    printf("{\"items\": %lld, \"nproc\": %ld, \"workers\": 2, \"identical\": %d,\n"
           " \"many_serial\": %.6f, \"many_parallel\": %.6f, \"flow_serial\": %.6f, \"flow_parallel\": %.6f,\n"
           " \"grid_serial\": %.6f, \"grid_parallel\": %.6f, \"diff_serial\": %.6f, \"diff_parallel\": %.6f,\n"
           " \"insert_serial_us\": %.3f, \"insert_parallel_us\": %.3f, \"query_serial_us\": %.3f, \"query_parallel_us\": %.3f,\n"
           " \"transition_serial_us\": %.3f, \"transition_parallel_us\": %.3f}\n",
           (long long)n, sysconf(_SC_NPROCESSORS_ONLN), same, t_many[0], t_many[1], t_flow[0], t_flow[1], t_grid[0], t_grid[1],
           median(dt[0], runs), median(dt[1], runs), median(it[0], Q) * 1e6, median(it[1], Q) * 1e6,
           median(qt[0], Q) * 1e6, median(qt[1], Q) * 1e6, median(tt[0], Q) * 1e6, median(tt[1], Q) * 1e6);
    free(sizes); free(many_counts); free(many_counts2); free(old_ids); free(new_ids);
    return same ? 0 : 1;
}
