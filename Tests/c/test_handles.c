/* Handles (the header's Conventions): a handle is a token naming a slot and its generation, not
 * an address. A destroyed layout, transition or diff stays refused (CL_ERROR_INVALID_HANDLE, or
 * ignored by its destroy function) after newer handles of its type took its slot, while the newer
 * ones work; a handle of one type passed as another, garbage values and corrupted handles are
 * refused, and a refused destroy leaves the handle it was mistaken for alive. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "tests.h"

enum { REUSES = 64 };

/* White box: the slot index is the token's low 24 bits (Sources/CCollectionLayout/HandleTable.swift).
 * Used only to show that the loops below did reuse a slot, never to decide a refusal. */
#define SLOT(handle) ((uintptr_t)(const void *)(handle) & 0xFFFFFFu)

static cl_status count_items(void *user_data, int64_t section, int64_t *out) {
    (void)section;
    *out = *(const int64_t *)user_data;
    return CL_OK;
}

/* A layout of one section of *items items (the count tells layouts apart). */
static cl_layout *make_layout(int64_t *items) {
    cl_layout_def def = cl_layout_def_default();
    def.viewport = (cl_rect){0, 0, 390, 844};
    cl_data_source source = cl_data_source_default();
    source.user_data = items;
    source.item_count = count_items;
    cl_layout *layout = NULL;
    CHECK_OK(NULL, cl_layout_create(&def, &source, &layout));
    CHECK(layout != NULL, "cl_layout_create gave NULL");
    return layout;
}

/* The layout answers as the one of `items` items. */
static bool layout_works(const cl_layout *layout, int64_t items) {
    int64_t count = -1;
    return CHECK_OK(layout, cl_layout_item_count(layout, 0, &count)) &&
           CHECK(count == items, "the layout has %lld items, not %lld", (long long)count, (long long)items);
}

/* A failure without a handle: the status, and cl_layout_last_error(NULL) starting with `message`. */
#define EXPECT_REFUSED(call, message) expect_refused((call), (message), #call, __LINE__)

static void expect_refused(cl_status got, const char *message, const char *what, int line) {
    check_that(got == CL_ERROR_INVALID_HANDLE, __FILE__, line, "%s: %d, not CL_ERROR_INVALID_HANDLE", what, got);
    const char *text = cl_layout_last_error(NULL);
    check_that(strncmp(text, message, strlen(message)) == 0, __FILE__, line, "%s: message \"%s\"", what, text);
}

/* Sets this thread's message to a known one, so that a destroy that says nothing (accepted)
 * tells itself apart from one that refuses (its own message). */
static void mark(void) {
    cl_size size;
    (void)cl_layout_content_size(NULL, &size);
}

/* The last destroy was refused: its message starts with `prefix`. */
#define EXPECT_DESTROY_REFUSED(call, prefix) \
    (mark(), (call), check_that(strncmp(cl_layout_last_error(NULL), (prefix), strlen(prefix)) == 0, __FILE__, \
                                __LINE__, "%s was not refused: \"%s\"", #call, cl_layout_last_error(NULL)))
/* The last destroy was accepted: the message is still mark()'s. */
#define EXPECT_DESTROY_ACCEPTED(call) \
    (mark(), (call), check_that(strcmp(cl_layout_last_error(NULL), "the layout handle is NULL") == 0, __FILE__, \
                                __LINE__, "%s was refused: \"%s\"", #call, cl_layout_last_error(NULL)))

static const char not_layout[] = "the layout handle is not a live layout (destroyed, or never created)";
static const char not_transition[] = "the transition handle is not a live transition (destroyed, or never created)";
static const char layout_destroy_refused[] = "cl_layout_destroy: the handle is not a live layout";
static const char transition_destroy_refused[] = "cl_transition_destroy: the handle is not a live transition";
static const char diff_destroy_refused[] = "cl_diff_destroy: the handle is not a live diff";

/* Every layout call a stale or wrong handle must be refused by. */
static void expect_layout_refused(cl_layout *stale, const cl_layout *live) {
    cl_size size;
    int64_t count;
    int32_t kind;
    cl_rect viewport;
    cl_attributes attributes[4];
    cl_index_path target;
    cl_transition *tr = NULL;
    EXPECT_REFUSED(cl_layout_content_size(stale, &size), not_layout);
    EXPECT_REFUSED(cl_layout_section_count(stale, &count), not_layout);
    EXPECT_REFUSED(cl_layout_item_count(stale, 0, &count), not_layout);
    EXPECT_REFUSED(cl_layout_register_kind(stale, "separator", &kind), not_layout);
    EXPECT_REFUSED(cl_layout_set_viewport(stale, (cl_rect){0, 10, 390, 844}), not_layout);
    EXPECT_REFUSED(cl_layout_viewport(stale, &viewport), not_layout);
    EXPECT_REFUSED(cl_layout_invalidate(stale), not_layout);
    EXPECT_REFUSED(cl_layout_elements_in_rect(stale, (cl_rect){0, 0, 100, 100}, attributes, 4, sizeof *attributes, &count),
                   not_layout);
    EXPECT_REFUSED(cl_layout_begin_movement(stale, (cl_index_path){0, 0}), not_layout);
    EXPECT_REFUSED(cl_layout_update_movement(stale, 10, 10, &target), not_layout);
    EXPECT_REFUSED(cl_layout_cancel_movement(stale), not_layout);
    CHECK(cl_layout_last_error(stale) == cl_layout_last_error(NULL), "cl_layout_last_error of a stale handle is the thread's");
    CHECK(cl_transition_create(stale, live, &tr) == CL_ERROR_INVALID_HANDLE && tr == NULL, "a transition from a stale layout");
    CHECK(cl_transition_create(live, stale, &tr) == CL_ERROR_INVALID_HANDLE && tr == NULL, "a transition to a stale layout");
}

static void expect_transition_refused(const cl_transition *stale) {
    cl_rect viewport;
    int64_t count;
    const char *name;
    cl_attributes attributes[4];
    EXPECT_REFUSED(cl_transition_viewport(stale, &viewport), not_transition);
    EXPECT_REFUSED(cl_transition_kind_name(stale, CL_KIND_CELL, &name), not_transition);
    EXPECT_REFUSED(cl_transition_elements_in_rect(stale, 0.5, (cl_rect){0, 0, 100, 100}, attributes, 4, sizeof *attributes,
                                                  &count),
                   not_transition);
}

static bool transition_works(const cl_transition *tr) {
    cl_rect viewport;
    int64_t count = -1;
    return CHECK_OK(NULL, cl_transition_viewport(tr, &viewport)) &&
           CHECK_OK(NULL, cl_transition_elements_in_rect(tr, 0.5, (cl_rect){0, 0, 390, 844}, NULL, 0, sizeof(cl_attributes),
                                                         &count)) &&
           CHECK(count > 0, "the transition has %lld elements", (long long)count);
}

/* A diff inserting `items` items into section 1 (ids 100...). */
static cl_diff *make_diff(int64_t items, cl_batch_update *update) {
    static int64_t section_ids[] = {1}, item_ids[REUSES + 8];
    for (int64_t i = 0; i < REUSES + 8; i++) item_ids[i] = 100 + i;
    int64_t none = 0, count = items;
    cl_diff_side old_side = cl_diff_side_default(), new_side = cl_diff_side_default();
    old_side.section_ids = new_side.section_ids = section_ids;
    old_side.section_count = new_side.section_count = 1;
    old_side.item_counts = &none;
    new_side.item_counts = &count;
    new_side.item_ids = item_ids;
    *update = cl_batch_update_default();
    cl_diff *diff = NULL;
    CHECK_OK(NULL, cl_diff_create(&old_side, &new_side, &diff, update));
    CHECK(diff != NULL, "cl_diff_create gave NULL");
    return diff;
}

/* The diff's arrays are alive and as made (valgrind and ASan see a read of freed ones). */
static bool diff_works(const cl_batch_update *update, int64_t items) {
    if (!CHECK(update->insert_item_count == items && update->insert_items, "the diff inserts %lld items, not %lld",
               (long long)update->insert_item_count, (long long)items))
        return false;
    for (int64_t i = 0; i < items; i++)
        if (!CHECK(update->insert_items[i].section == 0 && update->insert_items[i].item == i, "insert %lld is (%lld, %lld)",
                   (long long)i, (long long)update->insert_items[i].section, (long long)update->insert_items[i].item))
            return false;
    return true;
}

/* ---- A destroyed handle after its slot is reused ----------------------------------------- */

static void stale_layouts(void *context) {
    (void)context;
    int64_t first_items = 3, items[REUSES];
    cl_layout *first = make_layout(&first_items);
    if (!first) return;
    cl_layout *stale[REUSES + 1] = {first};
    cl_layout_destroy(first);
    expect_layout_refused(first, NULL);
    int reused = 0;
    for (int i = 0; i < REUSES; i++) {
        items[i] = 5 + i;
        cl_layout *layout = make_layout(&items[i]);
        if (!layout) break;
        for (int j = 0; j <= i; j++)
            CHECK(layout != stale[j], "round %d: the new layout has the handle of destroyed layout %d", i, j);
        if (SLOT(layout) == SLOT(first)) reused++;
        expect_layout_refused(first, layout);
        EXPECT_DESTROY_REFUSED(cl_layout_destroy(first), layout_destroy_refused);
        layout_works(layout, items[i]);
        EXPECT_DESTROY_ACCEPTED(cl_layout_destroy(layout));
        stale[i + 1] = layout;
    }
    CHECK(reused > 0, "no new layout took the destroyed layout's slot, the test shows nothing");
    /* Every stale handle is refused while one of them has a live successor in its slot. */
    int64_t live_items = 99;
    cl_layout *live = make_layout(&live_items);
    for (int i = 0; i <= REUSES; i++) expect_layout_refused(stale[i], live);
    if (live) layout_works(live, live_items);
    cl_layout_destroy(live);
}

static void stale_transitions(void *context) {
    (void)context;
    int64_t items_a = 6, items_b = 6;
    cl_layout *a = make_layout(&items_a), *b = make_layout(&items_b);
    cl_transition *first = NULL, *stale[REUSES + 1];
    if (a && b && CHECK_OK(NULL, cl_transition_create(a, b, &first))) {
        stale[0] = first;
        cl_transition_destroy(first);
        expect_transition_refused(first);
        int reused = 0;
        for (int i = 0; i < REUSES; i++) {
            cl_transition *tr = NULL;
            if (!CHECK_OK(NULL, cl_transition_create(i % 2 ? a : b, i % 2 ? b : a, &tr))) break;
            for (int j = 0; j <= i; j++)
                CHECK(tr != stale[j], "round %d: the new transition has the handle of destroyed transition %d", i, j);
            if (SLOT(tr) == SLOT(first)) reused++;
            expect_transition_refused(first);
            EXPECT_DESTROY_REFUSED(cl_transition_destroy(first), transition_destroy_refused);
            transition_works(tr);
            EXPECT_DESTROY_ACCEPTED(cl_transition_destroy(tr));
            stale[i + 1] = tr;
        }
        CHECK(reused > 0, "no new transition took the destroyed transition's slot, the test shows nothing");
        cl_transition *live = NULL;
        CHECK_OK(NULL, cl_transition_create(a, b, &live));
        for (int i = 0; i <= REUSES; i++) expect_transition_refused(stale[i]);
        transition_works(live);
        cl_transition_destroy(live);
    }
    /* NULL is an invalid handle, as for layouts. */
    cl_rect viewport;
    EXPECT_REFUSED(cl_transition_viewport(NULL, &viewport), "the transition handle is NULL");
    EXPECT_DESTROY_ACCEPTED(cl_transition_destroy(NULL));  /* a no-op */
    cl_layout_destroy(a);
    cl_layout_destroy(b);
}

static void stale_diffs(void *context) {
    (void)context;
    cl_batch_update first_update, update;
    cl_diff *first = make_diff(1, &first_update), *stale[REUSES + 1] = {first};
    if (!first) return;
    cl_diff_destroy(first);
    int reused = 0;
    for (int i = 0; i < REUSES; i++) {
        cl_diff *diff = make_diff(2 + i, &update);
        if (!diff) break;
        for (int j = 0; j <= i; j++) CHECK(diff != stale[j], "round %d: the new diff has the handle of destroyed diff %d", i, j);
        if (SLOT(diff) == SLOT(first)) reused++;
        EXPECT_DESTROY_REFUSED(cl_diff_destroy(first), diff_destroy_refused);
        diff_works(&update, 2 + i);  /* the refused destroy did not free the new diff */
        EXPECT_DESTROY_ACCEPTED(cl_diff_destroy(diff));
        stale[i + 1] = diff;
    }
    CHECK(reused > 0, "no new diff took the destroyed diff's slot, the test shows nothing");
    cl_diff *live = make_diff(3, &update);
    for (int i = 0; i <= REUSES; i++) EXPECT_DESTROY_REFUSED(cl_diff_destroy(stale[i]), diff_destroy_refused);
    diff_works(&update, 3);
    EXPECT_DESTROY_ACCEPTED(cl_diff_destroy(live));
    EXPECT_DESTROY_ACCEPTED(cl_diff_destroy(NULL));  /* a no-op */
}

/* ---- A handle of one type passed as another ------------------------------------------------ */

static void wrong_types(void *context) {
    (void)context;
    int64_t items = 7;
    cl_layout *layout = make_layout(&items), *other = make_layout(&items);
    cl_transition *tr = NULL;
    cl_batch_update update;
    cl_diff *diff = make_diff(4, &update);
    if (layout && other && diff && CHECK_OK(NULL, cl_transition_create(layout, other, &tr))) {
        expect_layout_refused((cl_layout *)(void *)tr, other);
        expect_layout_refused((cl_layout *)(void *)diff, other);
        expect_transition_refused((const cl_transition *)(void *)layout);
        expect_transition_refused((const cl_transition *)(void *)diff);
        /* Refused destroys leave every handle alive. */
        EXPECT_DESTROY_REFUSED(cl_layout_destroy((cl_layout *)(void *)tr), layout_destroy_refused);
        EXPECT_DESTROY_REFUSED(cl_layout_destroy((cl_layout *)(void *)diff), layout_destroy_refused);
        EXPECT_DESTROY_REFUSED(cl_transition_destroy((cl_transition *)(void *)layout), transition_destroy_refused);
        EXPECT_DESTROY_REFUSED(cl_transition_destroy((cl_transition *)(void *)diff), transition_destroy_refused);
        EXPECT_DESTROY_REFUSED(cl_diff_destroy((cl_diff *)(void *)layout), diff_destroy_refused);
        EXPECT_DESTROY_REFUSED(cl_diff_destroy((cl_diff *)(void *)tr), diff_destroy_refused);
        layout_works(layout, items);
        transition_works(tr);
        diff_works(&update, 4);
    }
    EXPECT_DESTROY_ACCEPTED(cl_transition_destroy(tr));
    EXPECT_DESTROY_ACCEPTED(cl_diff_destroy(diff));
    EXPECT_DESTROY_ACCEPTED(cl_layout_destroy(layout));
    cl_layout_destroy(other);
}

/* ---- Values that were never handles -------------------------------------------------------- */

static void garbage(void *context) {
    (void)context;
    int64_t items = 777;  /* no other test's layout has 777 items */
    cl_layout *layout = make_layout(&items);
    if (!layout) return;
    void *heap = malloc(64);
    int local = 0;
    void *values[] = {(void *)(uintptr_t)1, (void *)(uintptr_t)8, (void *)UINTPTR_MAX, (void *)&local, heap,
                      (void *)&items, (void *)(uintptr_t)SLOT(layout)};
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        expect_layout_refused((cl_layout *)values[i], layout);
        expect_transition_refused((const cl_transition *)values[i]);
        EXPECT_DESTROY_REFUSED(cl_layout_destroy((cl_layout *)values[i]), layout_destroy_refused);
        EXPECT_DESTROY_REFUSED(cl_transition_destroy((cl_transition *)values[i]), transition_destroy_refused);
        EXPECT_DESTROY_REFUSED(cl_diff_destroy((cl_diff *)values[i]), diff_destroy_refused);
    }
    /* A handle with one bit flipped never names this layout (it may name another live one of an
     * earlier test, which is fine); the layout survives destroys of all of them. */
    for (unsigned bit = 0; bit < 8 * sizeof(uintptr_t); bit++) {
        cl_layout *flipped = (cl_layout *)((uintptr_t)layout ^ ((uintptr_t)1 << bit));
        int64_t count = -1;
        if (cl_layout_item_count(flipped, 0, &count) == CL_OK) {
            CHECK(count != items, "the handle with bit %u flipped answers as the layout", bit);
        } else {
            EXPECT_DESTROY_REFUSED(cl_layout_destroy(flipped), layout_destroy_refused);
        }
    }
    layout_works(layout, items);
    free(heap);
    cl_layout_destroy(layout);
}

void handle_tests(void) {
    run_test("handles: a destroyed layout is refused after its slot is reused", stale_layouts, NULL);
    run_test("handles: a destroyed transition is refused after its slot is reused", stale_transitions, NULL);
    run_test("handles: a destroyed diff is refused after its slot is reused", stale_diffs, NULL);
    run_test("handles: a handle of one type passed as another is refused", wrong_types, NULL);
    run_test("handles: garbage values and corrupted handles are refused", garbage, NULL);
}
