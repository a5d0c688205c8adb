/*
 * threads.c — the header's threading rules under ThreadSanitizer (make tsan).
 *
 *   - Different handles may be used from different threads at once: WORKERS threads each
 *     create, query, invalidate, change, update (through a diff), move a cell, make a
 *     transition to a second layout and destroy their own layouts, ROUNDS times.
 *   - A handle may move between threads (one at a time): the workers also take turns, under a
 *     mutex, with one shared layout.
 *   - A destroyed handle stays refused while other threads create and destroy (and so reuse its
 *     slot in the handle table): each worker asks its layout again after destroying it, and the
 *     readers ask one destroyed before the threads start.
 *   - Executors (cl_executor, issue 34): every worker, now and then, lays out a big layout
 *     (past the threshold of small work) with one executor shared by all of them (a pool of
 *     POSIX threads, examples/c/pthread_executor.c: its parallel_for calls come from several
 *     threads at once) and with one of its own, and compares it with the serial layout; and
 *     diffs with the shared executor.
 *   - cl_version, cl_status_string and cl_layout_last_error(NULL) may be called from any thread,
 *     and cl_layout_last_error(NULL) is per thread: READERS threads call them in a loop and
 *     provoke failures without a handle of their own; every thread checks that the message it
 *     reads is the one of its own last failure (a worker's failed create names its own number).
 *
 * Built with clang -fsanitize=thread against the library built with Swift's -sanitize=thread;
 * any race report makes the run fail (TSan's exit code). Prints threads x operations.
 */
#define _DEFAULT_SOURCE
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collectionlayout.h"
#include "../../examples/c/pthread_executor.h"

enum { WORKERS = 8, READERS = 4, ROUNDS = 150, READER_LOOPS = 20000 };

static atomic_uint_fast64_t operations;
static atomic_int failures;
static atomic_int workers_done;
static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;
static cl_layout *shared_layout;
static cl_layout *stale_layout;  /* destroyed before the threads start */

#define CALL(expr) (atomic_fetch_add_explicit(&operations, 1, memory_order_relaxed), (expr))

static void failure(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void failure(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    atomic_fetch_add(&failures, 1);
}

/* A small data source: `sections` sections of `items` items with sizes from a seed. */
typedef struct source_data {
    int64_t sections, items;
    uint64_t seed;
} source_data;

static cl_status sd_sections(void *u, int64_t *out) {
    *out = ((source_data *)u)->sections;
    return CL_OK;
}

static cl_status sd_items(void *u, int64_t section, int64_t *out) {
    *out = ((source_data *)u)->items + section;
    return CL_OK;
}

static cl_status sd_sizes(void *u, int64_t section, int64_t first, int64_t count, cl_size *out) {
    uint64_t seed = ((source_data *)u)->seed;
    for (int64_t i = 0; i < count; i++) {
        uint64_t h = (seed ^ (uint64_t)(section * 1000 + first + i)) * 0x9e3779b97f4a7c15ull;
        out[i].width = 40 + (double)(h >> 60) * 10;
        out[i].height = 30 + (double)((h >> 56) & 15) * 5;
    }
    return CL_OK;
}

static cl_status sd_metrics(void *u, int64_t section, cl_section_metrics *m) {
    (void)u;
    m->header = 30;
    m->footer = section % 2 ? 20 : 0;
    static const int32_t styles[] = {CL_STYLE_FLOW, CL_STYLE_GRID, CL_STYLE_WATERFALL, CL_STYLE_ORTHOGONAL};
    m->style = styles[section % 4];
    return CL_OK;
}

static cl_status sd_inlines(void *u, int64_t section, cl_inline_element *out, int64_t capacity, int64_t *count) {
    (void)u;
    *count = section % 4 == 3 ? 0 : 1;
    if (*count && capacity >= 1) {
        cl_inline_element e = {CL_KIND_FIRST_USER, 0, 1, 1};
        out[0] = e;
    }
    return CL_OK;
}

static cl_layout *make_layout(source_data *data) {
    static const char *const kinds[] = {"separator"};
    cl_layout_def def = cl_layout_def_default();
    cl_rect viewport = {0, 0, 390, 844};
    def.viewport = viewport;
    def.pin_headers = 1;
    def.kinds = kinds;
    def.kind_count = 1;
    cl_data_source source = cl_data_source_default();
    source.user_data = data;
    source.section_count = sd_sections;
    source.item_count = sd_items;
    source.item_sizes = sd_sizes;
    source.section_metrics = sd_metrics;
    source.inline_elements = sd_inlines;
    cl_layout *layout = NULL;
    cl_status st = CALL(cl_layout_create(&def, &source, &layout));
    if (st != CL_OK) failure("create: %d %s", st, CALL(cl_layout_last_error(NULL)));
    return layout;
}

/* One round of work on a layout this thread owns (or holds the lock of). */
static void drive(cl_layout *layout, source_data *data, unsigned round) {
    cl_attributes buffer[256];
    int64_t count = 0;
    cl_decoration_def deco = cl_decoration_def_default();
    int32_t kind = 0;
    char name[32];
    snprintf(name, sizeof name, "background%u", round % 3);
    cl_status st = CALL(cl_layout_add_decoration(layout, name, &deco, &kind));
    if (st != CL_OK && st != CL_ERROR_INVALID_ARGUMENT) failure("add_decoration: %d", st);
    for (int scroll = 0; scroll < 5; scroll++) {
        cl_rect v = {0, (double)(scroll * 300 + round % 50), 390, 844};
        if (CALL(cl_layout_set_viewport(layout, v)) != CL_OK) failure("set_viewport");
        st = CALL(cl_layout_elements_in_rect(layout, v, buffer, 256, sizeof buffer[0], &count));
        if (st != CL_OK && st != CL_ERROR_BUFFER_TOO_SMALL) failure("elements_in_rect: %d", st);
    }
    cl_index_path paths[3] = {{0, 0}, {1, 2}, {2, 1}};
    data->seed++;
    if (CALL(cl_layout_invalidate_items(layout, paths, 3)) != CL_OK)
        failure("invalidate_items: %s", CALL(cl_layout_last_error(layout)));
    int64_t sections[1] = {1};
    if (CALL(cl_layout_invalidate_sections(layout, sections, 1)) != CL_OK) failure("invalidate_sections");
    if (round % 5 == 0 && CALL(cl_layout_invalidate(layout)) != CL_OK) failure("invalidate");
    cl_attributes a;
    if (CALL(cl_layout_attributes(layout, CL_CATEGORY_CELL, CL_KIND_CELL, 0, 0, &a, sizeof a)) != CL_OK) failure("attributes");
    double offset = 0;
    st = CALL(cl_layout_section_target_offset(layout, 3, 100, 500, CL_SNAP_ITEM, CL_DECELERATION_NORMAL, &offset));
    if (st != CL_OK) failure("target offset: %d %s", st, CALL(cl_layout_last_error(layout)));
    /* A failing call on the handle: its message is the handle's. */
    st = CALL(cl_layout_attributes(layout, CL_CATEGORY_CELL, CL_KIND_CELL, 99, 0, &a, sizeof a));
    if (st != CL_ERROR_OUT_OF_RANGE || !strstr(CALL(cl_layout_last_error(layout)), "99"))
        failure("attributes of section 99: %d, \"%s\"", st, CALL(cl_layout_last_error(layout)));
    cl_size size;
    if (CALL(cl_layout_content_size(layout, &size)) != CL_OK) failure("content_size");

    /* A diff (its own registry of live diffs) and the batch update it makes: the first section's
     * items reversed (moves only, so the data source's counts stay right). */
    enum { MAX_IDS = 256 };
    int64_t section_ids[4], counts[4], old_ids[MAX_IDS], new_ids[MAX_IDS], total = 0;
    for (int64_t s = 0; s < data->sections && s < 4; s++) {
        section_ids[s] = 100 + s;
        counts[s] = data->items + s;
        for (int64_t i = 0; i < counts[s] && total < MAX_IDS; i++, total++) old_ids[total] = new_ids[total] = 1000 * s + i;
    }
    for (int64_t i = 0; i < counts[0]; i++) new_ids[i] = old_ids[counts[0] - 1 - i];
    cl_diff_side old_side = cl_diff_side_default(), new_side = cl_diff_side_default();
    old_side.section_ids = new_side.section_ids = section_ids;
    old_side.section_count = new_side.section_count = data->sections;
    old_side.item_counts = new_side.item_counts = counts;
    old_side.item_ids = old_ids;
    new_side.item_ids = new_ids;
    cl_diff *diff = NULL;
    cl_batch_update update = cl_batch_update_default();
    st = CALL(cl_diff_create(&old_side, &new_side, &diff, &update));
    if (st != CL_OK) {
        failure("cl_diff_create: %d %s", st, CALL(cl_layout_last_error(NULL)));
        return;
    }
    cl_update_summary summary;
    st = CALL(cl_layout_perform_batch_update(layout, &update, &summary, sizeof summary));
    if (st != CL_OK) failure("perform_batch_update: %d %s", st, CALL(cl_layout_last_error(layout)));
    cl_element_change changes[64];
    st = CALL(cl_layout_update_elements(layout, changes, 64, sizeof changes[0], &count));
    if (st != CL_OK && st != CL_ERROR_BUFFER_TOO_SMALL) failure("update_elements: %d", st);
    CALL(cl_diff_destroy(diff));

    /* A movement within the first section, committed (the counts stay the data source's), and a
     * transition to a fresh layout of the same data (its own registry of live transitions). */
    cl_attributes over;
    cl_index_path target;
    if (CALL(cl_layout_begin_movement(layout, (cl_index_path){0, 0})) != CL_OK) failure("begin_movement");
    if (CALL(cl_layout_attributes(layout, CL_CATEGORY_CELL, CL_KIND_CELL, 0, 3, &over, sizeof over)) != CL_OK ||
        CALL(cl_layout_update_movement(layout, over.frame.x + 1, over.frame.y + 1, &target)) != CL_OK)
        failure("update_movement: %s", CALL(cl_layout_last_error(layout)));
    if (CALL(cl_layout_commit_movement(layout, &summary, sizeof summary)) != CL_OK) failure("commit_movement");
    cl_layout *other = make_layout(data);
    cl_transition *transition = NULL;
    if (other && CALL(cl_transition_create(layout, other, &transition)) == CL_OK) {
        st = CALL(cl_transition_elements_in_rect(transition, 0.5, (cl_rect){0, 0, 390, 844}, buffer, 256, sizeof buffer[0], &count));
        if (st != CL_OK && st != CL_ERROR_BUFFER_TOO_SMALL) failure("transition elements: %d", st);
        CALL(cl_transition_destroy(transition));
    } else if (other) {
        failure("cl_transition_create: %s", CALL(cl_layout_last_error(NULL)));
    }
    CALL(cl_layout_destroy(other));
}

static pthread_executor *shared_pool;

/* Every element of a layout (the whole content), or NULL; *count set. */
static cl_attributes *everything(cl_layout *layout, int64_t *count) {
    cl_size size;
    if (CALL(cl_layout_content_size(layout, &size)) != CL_OK) return NULL;
    const cl_rect all = {0, 0, size.width, size.height};
    CALL(cl_layout_elements_in_rect(layout, all, NULL, 0, sizeof(cl_attributes), count));
    cl_attributes *list = malloc((size_t)(*count + 1) * sizeof *list);
    if (list && CALL(cl_layout_elements_in_rect(layout, all, list, *count, sizeof *list, count)) != CL_OK) {
        free(list);
        return NULL;
    }
    return list;
}

/* A big layout serial, with the shared executor and with one of this thread's own: the same
 * elements; then a diff of its ids with the shared executor. */
static void drive_executors(unsigned id, unsigned round) {
    source_data data = {40, 1000, id * 31u + round};  /* 40,000 items */
    cl_layout *serial = make_layout(&data), *shared = make_layout(&data), *own = make_layout(&data);
    pthread_executor *mine = pthread_executor_create(2);
    const cl_executor executors[2] = {pthread_executor_get(shared_pool), pthread_executor_get(mine)};
    if (serial && shared && own && mine) {
        if (CALL(cl_layout_set_executor(shared, &executors[0])) != CL_OK || CALL(cl_layout_set_executor(own, &executors[1])) != CL_OK)
            failure("cl_layout_set_executor: %s", cl_layout_last_error(shared));
        const cl_rect narrow = {0, 0, 320 + round % 7, 844};
        cl_layout *all[3] = {serial, shared, own};
        for (int k = 0; k < 3; k++) {
            if (CALL(cl_layout_invalidate(all[k])) != CL_OK || CALL(cl_layout_set_viewport(all[k], narrow)) != CL_OK)
                failure("worker %u: a layout with an executor failed: %s", id, cl_layout_last_error(all[k]));
        }
        int64_t n[3] = {0, 0, 0};
        cl_attributes *lists[3] = {everything(serial, &n[0]), everything(shared, &n[1]), everything(own, &n[2])};
        for (int k = 1; k < 3; k++)
            if (!lists[0] || !lists[k] || n[k] != n[0] || memcmp(lists[0], lists[k], (size_t)n[0] * sizeof *lists[0]) != 0)
                failure("worker %u: the frames with executor %d are not the serial ones", id, k);
        for (int k = 0; k < 3; k++) free(lists[k]);
        CALL(cl_layout_set_executor(own, NULL));
    }
    enum { IDS = 50000 };
    int64_t *old_ids = malloc(IDS * sizeof *old_ids), *new_ids = malloc(IDS * sizeof *new_ids);
    if (old_ids && new_ids) {
        for (int64_t i = 0; i < IDS; i++) old_ids[i] = new_ids[i] = i;
        for (int64_t i = 0; i < IDS; i += 40) new_ids[i] = IDS + i;
        for (int64_t i = 20; i + 1000 < IDS; i += 40) { const int64_t t = new_ids[i]; new_ids[i] = new_ids[i + 999]; new_ids[i + 999] = t; }
        const int64_t zero = 0, count = IDS;
        cl_diff_side sides[2] = {cl_diff_side_default(), cl_diff_side_default()};
        for (int k = 0; k < 2; k++) {
            sides[k].section_ids = &zero;
            sides[k].section_count = 1;
            sides[k].item_counts = &count;
            sides[k].item_ids = k ? new_ids : old_ids;
        }
        cl_batch_update a = cl_batch_update_default(), b = cl_batch_update_default();
        cl_diff *da = NULL, *db = NULL;
        if (CALL(cl_diff_create(&sides[0], &sides[1], &da, &a)) != CL_OK ||
            CALL(cl_diff_create_with_executor(&sides[0], &sides[1], &executors[0], &db, &b)) != CL_OK)
            failure("worker %u: diff: %s", id, cl_layout_last_error(NULL));
        else if (a.move_item_count != b.move_item_count || a.insert_item_count != b.insert_item_count ||
                 memcmp(a.move_items, b.move_items, (size_t)a.move_item_count * sizeof *a.move_items) != 0)
            failure("worker %u: the diff with an executor is not the serial one", id);
        CALL(cl_diff_destroy(da));
        CALL(cl_diff_destroy(db));
    }
    free(old_ids);
    free(new_ids);
    CALL(cl_layout_destroy(serial));
    CALL(cl_layout_destroy(shared));
    CALL(cl_layout_destroy(own));
    pthread_executor_destroy(mine);
}

static void *worker(void *arg) {
    unsigned id = (unsigned)(uintptr_t)arg;
    for (unsigned round = 0; round < ROUNDS; round++) {
        if (round % 50 == 7) drive_executors(id, round);
        source_data data = {4, 20 + round % 30, id * 7919u + round};
        cl_layout *layout = make_layout(&data);
        if (!layout) continue;
        drive(layout, &data, round);
        CALL(cl_layout_destroy(layout));
        cl_size size;
        if (CALL(cl_layout_content_size(layout, &size)) != CL_ERROR_INVALID_HANDLE)
            failure("worker %u: its destroyed layout answered", id);
        /* A failed create: this thread's message names this thread's number. */
        cl_layout_def def = cl_layout_def_default();
        def.element_limit = -(int64_t)(1000 + id);
        cl_data_source source = cl_data_source_default();
        source.item_count = sd_items;
        source.user_data = &data;
        cl_layout *none = NULL;
        char want[32];
        snprintf(want, sizeof want, "%d", -(int)(1000 + id));
        if (CALL(cl_layout_create(&def, &source, &none)) != CL_ERROR_INVALID_ARGUMENT || none)
            failure("a create with element_limit %s succeeded", want);
        else if (!strstr(CALL(cl_layout_last_error(NULL)), want))
            failure("thread %u: cl_layout_last_error(NULL) is \"%s\", not its own failure (%s)", id,
                    CALL(cl_layout_last_error(NULL)), want);
        /* Take a turn with the shared layout. */
        if (round % 10 == id % 10) {
            pthread_mutex_lock(&shared_lock);
            static source_data shared_data = {4, 25, 1};
            if (!shared_layout) shared_layout = make_layout(&shared_data);
            if (shared_layout) drive(shared_layout, &shared_data, round);
            pthread_mutex_unlock(&shared_lock);
        }
    }
    atomic_fetch_add(&workers_done, 1);
    return NULL;
}

static void *reader(void *arg) {
    unsigned id = (unsigned)(uintptr_t)arg;
    uint64_t loops = 0;
    while (loops < READER_LOOPS || atomic_load(&workers_done) < WORKERS) {
        if (CALL(cl_version()) != CL_VERSION_NUMBER) failure("cl_version");
        const char *text = CALL(cl_status_string((cl_status)(-(int)(loops % 12))));
        if (!text || !text[0]) failure("cl_status_string");
        (void)strlen(CALL(cl_layout_last_error(NULL)));
        if (loops % 4 == 0) {
            /* A failure without a handle: this thread's message. */
            cl_size size;
            if (CALL(cl_layout_content_size(NULL, &size)) != CL_ERROR_INVALID_HANDLE) failure("NULL handle accepted");
            const char *message = CALL(cl_layout_last_error(NULL));
            if (strcmp(message, "the layout handle is NULL") != 0)
                failure("reader %u: cl_layout_last_error(NULL) is \"%s\" after its own NULL-handle failure", id, message);
        }
        if (loops % 4 == 1) {
            cl_size size;
            if (CALL(cl_layout_content_size(stale_layout, &size)) != CL_ERROR_INVALID_HANDLE)
                failure("reader %u: a destroyed layout answered", id);
            else if (!strstr(CALL(cl_layout_last_error(NULL)), "not a live layout"))
                failure("reader %u: \"%s\" for a destroyed layout", id, cl_layout_last_error(NULL));
        }
        loops++;
    }
    return NULL;
}

int main(void) {
    pthread_t threads[WORKERS + READERS];
    source_data stale_data = {2, 5, 3};
    stale_layout = make_layout(&stale_data);
    cl_layout_destroy(stale_layout);
    shared_pool = pthread_executor_create(2);
    if (!shared_pool) return 1;
    for (unsigned i = 0; i < WORKERS; i++) pthread_create(&threads[i], NULL, worker, (void *)(uintptr_t)i);
    for (unsigned i = 0; i < READERS; i++) pthread_create(&threads[WORKERS + i], NULL, reader, (void *)(uintptr_t)i);
    for (unsigned i = 0; i < WORKERS + READERS; i++) pthread_join(threads[i], NULL);
    cl_layout_destroy(shared_layout);
    pthread_executor_destroy(shared_pool);
    uint64_t ops = atomic_load(&operations);
    printf("tsan threads: %d threads (%d each driving %d layouts of their own and taking turns with a shared one, "
           "%d calling cl_version, cl_status_string and cl_layout_last_error(NULL)) x %" PRIu64 " calls in all, "
           "%d failures\n", WORKERS + READERS, WORKERS, ROUNDS, READERS, ops, atomic_load(&failures));
    return atomic_load(&failures) ? 1 : 0;
}
