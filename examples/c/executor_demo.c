/*
 * executor_demo.c — a layout on the host's threads (cl_executor).
 *
 * 200 sections of 2,000 photos (400,000 items) laid out serially and then with a pool of two
 * POSIX threads (pthread_executor.h, the calling thread one of them): the same frames, bit for
 * bit, in less time on a machine with two cores or more. It also shows what a broken executor
 * (one that skips a task) gets: CL_ERROR_CALLBACK, and the layout as it was.
 *
 *   make demo        (or: cc -std=c99 executor_demo.c pthread_executor.c -pthread \
 *                         $(pkg-config --cflags --libs collectionlayout))
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "collectionlayout.h"
#include "pthread_executor.h"

enum { SECTIONS = 200, PER_SECTION = 2000 };

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int failed(cl_layout *layout, cl_status status, const char *what) {
    if (status == CL_OK) return 0;
    fprintf(stderr, "%s: %s (%s)\n", what, cl_status_string(status), cl_layout_last_error(layout));
    return 1;
}

/* Every frame of the layout, in the query's order. */
static cl_attributes *all_frames(cl_layout *layout, int64_t *count) {
    cl_size content;
    cl_layout_content_size(layout, &content);
    const cl_rect everything = {0, 0, content.width, content.height};
    cl_layout_elements_in_rect(layout, everything, NULL, 0, sizeof(cl_attributes), count);
    cl_attributes *frames = malloc((size_t)*count * sizeof *frames);
    if (frames) cl_layout_elements_in_rect(layout, everything, frames, *count, sizeof(cl_attributes), count);
    return frames;
}

/* An executor that forgets the last task: a host bug the library reports. */
static void forgetful(void *context, int64_t count, void (*task)(void *, int64_t), void *task_context) {
    (void)context;
    for (int64_t i = 0; i + 1 < count; i++) task(task_context, i);
}

int main(void) {
    static int64_t counts[SECTIONS];
    static const cl_size *pointers[SECTIONS];
    cl_size *sizes = malloc((size_t)SECTIONS * PER_SECTION * sizeof *sizes);
    if (!sizes) return 1;
    uint64_t seed = 42;
    for (int64_t i = 0; i < (int64_t)SECTIONS * PER_SECTION; i++) {
        seed = seed * 6364136223846793005u + 1442695040888963407u;
        sizes[i] = (cl_size){60 + (double)(seed >> 59) * 8, 60 + (double)((seed >> 54) & 31) * 2};
    }
    for (int s = 0; s < SECTIONS; s++) {
        counts[s] = PER_SECTION;
        pointers[s] = sizes + (size_t)s * PER_SECTION;
    }
    cl_array_source arrays = cl_array_source_default();
    arrays.section_count = SECTIONS;
    arrays.item_counts = counts;
    arrays.item_sizes = pointers;
    cl_data_source source = cl_data_source_default();
    source.arrays = &arrays;
    cl_layout_def def = cl_layout_def_default();
    def.viewport = (cl_rect){0, 0, 390, 844};
    def.header = 40;

    cl_layout *layout = NULL;
    if (cl_layout_create(&def, &source, &layout) != CL_OK) {
        fprintf(stderr, "create: %s\n", cl_layout_last_error(NULL));
        return 1;
    }
    int64_t n_serial = 0, n_parallel = 0;
    double t = now();
    if (failed(layout, cl_layout_invalidate(layout), "invalidate")) return 1;
    const double serial = now() - t;
    cl_attributes *before = all_frames(layout, &n_serial);

    pthread_executor *pool = pthread_executor_create(2);
    if (!pool) return 1;
    cl_executor executor = pthread_executor_get(pool);
    if (failed(layout, cl_layout_set_executor(layout, &executor), "set_executor")) return 1;
    t = now();
    if (failed(layout, cl_layout_invalidate(layout), "invalidate")) return 1;
    const double parallel = now() - t;
    cl_attributes *after = all_frames(layout, &n_parallel);
    const int same = before && after && n_serial == n_parallel && memcmp(before, after, (size_t)n_serial * sizeof *before) == 0;
    printf("%d sections x %d items: serial %.1f ms, 2 threads %.1f ms (%.2fx); %lld elements, %s\n", SECTIONS, PER_SECTION,
           serial * 1e3, parallel * 1e3, serial / parallel, (long long)n_parallel, same ? "identical" : "DIFFERENT");

    /* A broken executor: the call fails, the layout keeps its frames. */
    cl_executor broken = cl_executor_default();
    broken.parallel_for = forgetful;
    broken.concurrency = 2;
    cl_layout_set_executor(layout, &broken);
    const cl_status status = cl_layout_invalidate(layout);
    printf("an executor that skips a task: %s (%s)\n", cl_status_string(status), cl_layout_last_error(layout));
    int64_t n_kept = 0;
    cl_attributes *kept = all_frames(layout, &n_kept);
    const int intact = kept && n_kept == n_serial && memcmp(before, kept, (size_t)n_kept * sizeof *kept) == 0;
    printf("the layout after it: %s\n", intact ? "as it was" : "CHANGED");

    cl_layout_set_executor(layout, NULL);  /* before the pool goes */
    pthread_executor_destroy(pool);
    cl_layout_destroy(layout);
    free(before);
    free(after);
    free(kept);
    free(sizes);
    return same && intact && status == CL_ERROR_CALLBACK ? 0 : 1;
}
