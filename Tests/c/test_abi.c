/* The ABI can grow (the header's Conventions): structs from older and newer callers, result
 * structs at the caller's element size, the out-pointer rule, and cl_layout_last_error(NULL)
 * per thread. The 0.3 struct layouts are copied here as an old program would have them. */
#define _DEFAULT_SOURCE /* pthread_barrier_t, MAP_ANONYMOUS */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "check.h"
#include "elements.h"
#include "tests.h"

/* ---- The 0.3 structs, as a program built against collectionlayout.h 0.3 has them --------- */

typedef struct flow_def_0_3 {          /* 0.3's cl_flow_def */
    uint32_t struct_size;
    int32_t direction;
    cl_rect viewport;
    cl_size item_size;
    cl_insets insets;
    double line_spacing, interitem_spacing, header, footer;
    int32_t alignment, cross_alignment, style, rows, pin_headers, pin_footers;
    const char *const *kinds;
    int32_t kind_count;
    int32_t reserved;
} flow_def_0_3;

typedef struct section_metrics_0_3 {   /* 0.3's cl_section_metrics */
    uint32_t struct_size;
    int32_t alignment;
    cl_insets insets;
    double line_spacing, interitem_spacing, header, footer;
    int32_t cross_alignment, style, rows, reserved;
} section_metrics_0_3;

/* What a 0.3 program filled in: UIKit's defaults from cl_flow_def_default(), its own values. */
static flow_def_0_3 old_def(void) {
    flow_def_0_3 d;
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    cl_rect viewport = {0, 0, 320, 400};
    cl_size item = {50, 50};
    cl_insets insets = {10, 10, 10, 10};
    d.viewport = viewport;
    d.item_size = item;
    d.insets = insets;
    d.line_spacing = d.interitem_spacing = 10;
    d.header = 24;
    d.rows = 1;
    d.pin_headers = 1;
    return d;
}

/* The same definition through the 0.4 header. */
static cl_layout_def new_def(void) {
    flow_def_0_3 old = old_def();
    cl_layout_def d = cl_layout_def_default();
    d.viewport = old.viewport;
    d.item_size = old.item_size;
    d.insets = old.insets;
    d.header = old.header;
    d.pin_headers = 1;
    return d;
}

/* ---- A small data source: 3 sections of varied items, metrics through either header ------- */

typedef struct abi_source {
    bool old_metrics;       /* section_metrics writes a section_metrics_0_3 */
    bool set_size;          /* section_metrics sets struct_size to metrics_size */
    uint32_t metrics_size;
} abi_source;

static cl_status abi_sections(void *user_data, int64_t *out) {
    (void)user_data;
    *out = 3;
    return CL_OK;
}

static cl_status abi_items(void *user_data, int64_t section, int64_t *out) {
    (void)user_data;
    *out = 5 + 4 * section;
    return CL_OK;
}

static cl_status abi_sizes(void *user_data, int64_t section, int64_t first, int64_t count,
                           cl_size *out) {
    (void)user_data;
    for (int64_t i = 0; i < count; i++) {
        cl_size s = {30 + (double)((section * 7 + first + i) % 5) * 20, 20 + (double)((first + i) % 3) * 15};
        out[i] = s;
    }
    return CL_OK;
}

static cl_status abi_metrics(void *user_data, int64_t section, cl_section_metrics *inout) {
    const abi_source *src = user_data;
    if (src->old_metrics) {
        section_metrics_0_3 m;
        memcpy(&m, inout, sizeof m);  /* an old callback knows only the 0.3 fields */
        m.struct_size = sizeof m;
        m.footer = 10 + (double)section;
        m.cross_alignment = CL_CROSS_ALIGNMENT_START;
        memcpy(inout, &m, sizeof m);
    } else {
        inout->footer = 10 + (double)section;
        inout->cross_alignment = CL_CROSS_ALIGNMENT_START;
    }
    if (src->set_size) inout->struct_size = src->metrics_size;
    return CL_OK;
}

static cl_data_source abi_data_source(abi_source *src) {
    cl_data_source source = cl_data_source_default();
    source.user_data = src;
    source.section_count = abi_sections;
    source.item_count = abi_items;
    source.item_sizes = abi_sizes;
    source.section_metrics = abi_metrics;
    return source;
}

/* Every element of a layout made from (def, source), or a status. */
static cl_status layout_elements(const void *def, const void *source, element_list *out) {
    cl_layout *layout = NULL;
    memset(out, 0, sizeof *out);
    cl_status status = cl_layout_create(def, source, &layout);
    if (status == CL_OK) status = elements_all(layout, out);
    cl_layout_destroy(layout);
    return status;
}

/* A copy of `size` bytes of `value` at the very end of a readable page followed by one that is
 * not: reading one byte past `size` ends the process. Free with guarded_free. */
static void *guarded_copy(const void *value, size_t size) {
    long page = sysconf(_SC_PAGESIZE);
    char *pages = mmap(NULL, 2 * (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (pages == MAP_FAILED || mprotect(pages + page, (size_t)page, PROT_NONE) != 0) {
        perror("guarded_copy");
        exit(1);
    }
    char *at = pages + page - size;
    memcpy(at, value, size);
    return at;
}

static void guarded_free(void *p) {
    long page = sysconf(_SC_PAGESIZE);
    munmap((void *)((uintptr_t)p & ~(uintptr_t)(page - 1)), 2 * (size_t)page);
}

/* ---- Older callers ----------------------------------------------------------------------- */

static void old_structs(void *context) {
    (void)context;
    CHECK(sizeof(flow_def_0_3) == 160 && sizeof(section_metrics_0_3) == 88,
          "the 0.3 structs are 160 and 88 bytes, not %zu and %zu", sizeof(flow_def_0_3),
          sizeof(section_metrics_0_3));
    CHECK(offsetof(cl_layout_def, columns) == sizeof(flow_def_0_3) &&
              offsetof(cl_section_metrics, columns) == sizeof(section_metrics_0_3),
          "0.4 appends its fields after the 0.3 ones");
    abi_source new_source = {false, false, 0}, old_source = {true, false, 0};
    cl_data_source source = abi_data_source(&new_source), old_callbacks = abi_data_source(&old_source);
    cl_layout_def def = new_def();
    flow_def_0_3 old = old_def();
    element_list want = {0}, got = {0};
    if (!CHECK_OK(NULL, layout_elements(&def, &source, &want))) return;
    CHECK(want.count > 30, "only %zu elements", want.count);

    /* A 0.3 definition, ending on a guard page: the library reads its 160 bytes and no more. */
    void *guarded = guarded_copy(&old, sizeof old);
    if (CHECK_OK(NULL, layout_elements(guarded, &source, &got)))
        elements_match(&want, &got, "0.3 cl_flow_def");
    element_list_free(&got);
    guarded_free(guarded);

    /* A 0.3 section_metrics callback: it writes 88 bytes and says so in struct_size. */
    if (CHECK_OK(NULL, layout_elements(&def, &old_callbacks, &got)))
        elements_match(&want, &got, "0.3 section_metrics callback");
    element_list_free(&got);

    /* A data source that ends before custom_frames (the 0.3 callbacks), on a guard page. */
    size_t short_size = offsetof(cl_data_source, custom_frames);
    cl_data_source shorter = source;
    shorter.struct_size = (uint32_t)short_size;
    guarded = guarded_copy(&shorter, short_size);
    if (CHECK_OK(NULL, layout_elements(&def, guarded, &got)))
        elements_match(&want, &got, "cl_data_source without custom_frames");
    element_list_free(&got);
    guarded_free(guarded);

    /* A decoration def on a guard page: exactly its own size is read. */
    cl_layout *layout = NULL;
    cl_decoration_def decoration = cl_decoration_def_default();
    int32_t kind = -1;
    guarded = guarded_copy(&decoration, sizeof decoration);
    if (CHECK_OK(layout, cl_layout_create(&def, &source, &layout)))
        CHECK_OK(layout, cl_layout_add_decoration(layout, "background", guarded, &kind));
    cl_layout_destroy(layout);
    guarded_free(guarded);
    element_list_free(&want);
}

/* A size between versions, or below the oldest, names the struct. */
#define EXPECT_REFUSED(call, want, name) expect_refused((call), (want), (name), #call, __LINE__)

static void expect_refused(cl_status got, cl_status want, const char *name, const char *what, int line) {
    const char *message = cl_layout_last_error(NULL);
    check_status(NULL, got, want, what, __FILE__, line);
    check_that(strstr(message, name) != NULL, __FILE__, line, "%s: the message \"%s\" does not name %s",
               what, message, name);
}

static void sizes_that_are_no_version(void *context) {
    (void)context;
    abi_source src = {false, false, 0};
    cl_data_source source = abi_data_source(&src);
    cl_layout *layout = NULL;
    static const uint32_t bad_def_sizes[] = {0, 4, 8, 159, 161, 168, 175, 1u << 20, UINT32_MAX};
    for (size_t i = 0; i < sizeof bad_def_sizes / sizeof bad_def_sizes[0]; i++) {
        cl_layout_def def = new_def();
        def.struct_size = bad_def_sizes[i];
        EXPECT_REFUSED(cl_layout_create(&def, &source, &layout), CL_ERROR_INVALID_ARGUMENT, "cl_layout_def");
        CHECK(layout == NULL, "a layout from struct_size %u", bad_def_sizes[i]);
    }
    cl_layout_def def = new_def();
    static const uint32_t bad_source_sizes[] = {0, 8, 48, 60, 1u << 16};
    for (size_t i = 0; i < sizeof bad_source_sizes / sizeof bad_source_sizes[0]; i++) {
        cl_data_source s = source;
        s.struct_size = bad_source_sizes[i];
        EXPECT_REFUSED(cl_layout_create(&def, &s, &layout), CL_ERROR_INVALID_ARGUMENT, "cl_data_source");
    }
    /* A section_metrics callback that claims a size no version had, or more than it was given. */
    static const uint32_t bad_metrics_sizes[] = {0, 40, 96, sizeof(cl_section_metrics) + 8};
    for (size_t i = 0; i < sizeof bad_metrics_sizes / sizeof bad_metrics_sizes[0]; i++) {
        src.set_size = true;
        src.metrics_size = bad_metrics_sizes[i];
        EXPECT_REFUSED(cl_layout_create(&def, &source, &layout), CL_ERROR_BAD_CALLBACK_DATA, "cl_section_metrics");
    }
    src.set_size = false;
    if (!CHECK_OK(layout, cl_layout_create(&def, &source, &layout))) return;
    cl_decoration_def decoration = cl_decoration_def_default();
    int32_t kind = -1;
    static const uint32_t bad_decoration_sizes[] = {0, 40, 47, 49, 1u << 20};
    for (size_t i = 0; i < sizeof bad_decoration_sizes / sizeof bad_decoration_sizes[0]; i++) {
        decoration.struct_size = bad_decoration_sizes[i];
        cl_status status = cl_layout_add_decoration(layout, "background", &decoration, &kind);
        const char *message = cl_layout_last_error(layout);
        CHECK(status == CL_ERROR_INVALID_ARGUMENT && strstr(message, "cl_decoration_def"),
              "cl_decoration_def.struct_size %u: status %d, message \"%s\"", bad_decoration_sizes[i],
              status, message);
    }
    cl_layout_destroy(layout);
}

/* ---- Newer callers ----------------------------------------------------------------------- */

/* A newer header's structs: the 0.4 ones followed by fields this library does not know. */
typedef struct newer_def { cl_layout_def def; int64_t newer[3]; } newer_def;
typedef struct newer_source { cl_data_source source; void (*newer_callback)(void); int64_t newer; } newer_source;
typedef struct newer_decoration { cl_decoration_def def; double newer[2]; } newer_decoration;

static void newer_structs(void *context) {
    (void)context;
    abi_source src = {false, false, 0};
    cl_data_source source = abi_data_source(&src);
    cl_layout_def def = new_def();
    element_list want = {0}, got = {0};
    if (!CHECK_OK(NULL, layout_elements(&def, &source, &want))) return;

    newer_def big_def;
    memset(&big_def, 0, sizeof big_def);
    big_def.def = def;
    big_def.def.struct_size = sizeof big_def;
    newer_source big_source;
    memset(&big_source, 0, sizeof big_source);
    big_source.source = source;
    big_source.source.struct_size = sizeof big_source;

    /* Zero tails: accepted, the same layout. */
    if (CHECK_OK(NULL, layout_elements(&big_def, &big_source, &got)))
        elements_match(&want, &got, "newer structs with zero tails");
    element_list_free(&got);

    /* A nonzero byte anywhere in a tail: refused, naming the struct. */
    cl_layout *layout = NULL;
    for (size_t byte = 0; byte < sizeof big_def.newer; byte += 7) {
        ((unsigned char *)big_def.newer)[byte] = 1;
        EXPECT_REFUSED(cl_layout_create(&big_def.def, &source, &layout), CL_ERROR_INVALID_ARGUMENT, "cl_layout_def");
        ((unsigned char *)big_def.newer)[byte] = 0;
    }
    big_source.newer = -1;
    EXPECT_REFUSED(cl_layout_create(&def, &big_source.source, &layout), CL_ERROR_INVALID_ARGUMENT, "cl_data_source");
    CHECK(layout == NULL, "a layout from a refused data source");

    if (CHECK_OK(layout, cl_layout_create(&def, &source, &layout))) {
        newer_decoration d;
        memset(&d, 0, sizeof d);
        d.def = cl_decoration_def_default();
        d.def.struct_size = sizeof d;
        d.newer[1] = 0.5;
        int32_t kind = -1;
        cl_status status = cl_layout_add_decoration(layout, "background", &d.def, &kind);
        CHECK(status == CL_ERROR_INVALID_ARGUMENT && strstr(cl_layout_last_error(layout), "cl_decoration_def"),
              "a newer cl_decoration_def with a nonzero tail: status %d, \"%s\"", status, cl_layout_last_error(layout));
        d.newer[1] = 0;
        CHECK_OK(layout, cl_layout_add_decoration(layout, "background", &d.def, &kind));
    }
    cl_layout_destroy(layout);
    element_list_free(&want);
}

/* ---- Result structs at the caller's element size ----------------------------------------- */

/* A newer header's cl_attributes and cl_section_scroll: more fields after the 0.4 ones. */
typedef struct newer_attributes { cl_attributes a; int64_t newer[2]; } newer_attributes;
typedef struct newer_scroll { cl_section_scroll s; double newer; } newer_scroll;

static const unsigned char canary = 0xAB;

static bool all_canary(const void *p, size_t size) {
    for (size_t i = 0; i < size; i++)
        if (((const unsigned char *)p)[i] != canary) return false;
    return true;
}

static cl_status strip_metrics(void *user_data, int64_t section, cl_section_metrics *inout) {
    (void)user_data;
    if (section == 1) inout->style = CL_STYLE_ORTHOGONAL;
    return CL_OK;
}

static void result_element_sizes(void *context) {
    (void)context;
    abi_source src = {false, false, 0};
    cl_data_source source = abi_data_source(&src);
    source.section_metrics = strip_metrics;  /* section 1 scrolls sideways */
    cl_layout_def def = new_def();
    cl_layout *layout = NULL;
    element_list want = {0};
    if (!CHECK_OK(layout, cl_layout_create(&def, &source, &layout)) ||
        !CHECK_OK(layout, elements_all(layout, &want))) {
        cl_layout_destroy(layout);
        return;
    }
    cl_rect all = content_rect(want.content_size, 10000);
    size_t n = want.count;

    /* Elements at a larger size: each the same as at the library's size, a zeroed tail, and
     * nothing written past the last one (a canary element after the capacity). */
    newer_attributes *big = test_calloc(n + 1, sizeof *big);
    cl_attributes *plain = test_calloc(n, sizeof *plain);
    memset(big, canary, (n + 1) * sizeof *big);
    int64_t count = -1, plain_count = -1;
    if (CHECK_OK(layout, cl_layout_elements_in_rect(layout, all, &big[0].a, (int64_t)n, sizeof *big, &count)) &&
        CHECK_OK(layout, cl_layout_elements_in_rect(layout, all, plain, (int64_t)n, sizeof *plain, &plain_count)) &&
        CHECK(count == (int64_t)n && plain_count == (int64_t)n, "%lld and %lld elements, want %zu",
              (long long)count, (long long)plain_count, n)) {
        for (size_t i = 0; i < n; i++) {
            if (!CHECK(memcmp(&big[i].a, &plain[i], sizeof plain[i]) == 0 && big[i].newer[0] == 0 &&
                           big[i].newer[1] == 0,
                       "element %zu at %zu bytes differs from the %zu-byte one or has a nonzero tail",
                       i, sizeof *big, sizeof *plain))
                break;
        }
        CHECK(all_canary(&big[n], sizeof big[n]), "the library wrote past the caller's capacity");
    }
    /* An older caller's struct, without scale: what fits, nothing past it. */
    const size_t older = offsetof(cl_attributes, scale);
    memset(big, canary, (n + 1) * sizeof *big);
    if (CHECK_OK(layout, cl_layout_elements_in_rect(layout, all, &big[0].a, (int64_t)n, older, &count)))
        CHECK(memcmp(&big[0].a, &plain[0], older) == 0 && all_canary((char *)&big[0].a + n * older, sizeof *big),
              "elements_in_rect at %zu bytes (a struct that ends at hidden)", older);
    /* Too small to hold the 0.4 struct: refused, nothing written. */
    static const size_t small_sizes[] = {0, 1, offsetof(cl_attributes, scale) - 8, offsetof(cl_attributes, scale) - 1};
    for (size_t i = 0; i < sizeof small_sizes / sizeof small_sizes[0]; i++) {
        memset(big, canary, (n + 1) * sizeof *big);
        cl_status status = cl_layout_elements_in_rect(layout, all, &big[0].a, (int64_t)n, small_sizes[i], &count);
        CHECK(status == CL_ERROR_INVALID_ARGUMENT && strstr(cl_layout_last_error(layout), "attributes_size") &&
                  all_canary(big, (n + 1) * sizeof *big),
              "elements_in_rect with attributes_size %zu: status %d (%s), or it wrote", small_sizes[i],
              status, cl_layout_last_error(layout));
    }
    /* Capacity times element size past what memory holds: refused before anything is written. */
    CHECK(cl_layout_elements_in_rect(layout, all, &big[0].a, INT64_MAX / 64, 4096, &count) == CL_ERROR_INVALID_ARGUMENT,
          "a capacity of INT64_MAX / 64 elements of 4096 bytes");

    /* One element by identity, at a larger size and too small. */
    newer_attributes one[2];
    memset(one, canary, sizeof one);
    const cl_attributes *first = &want.items[0].attributes;
    if (CHECK_OK(layout, cl_layout_attributes(layout, first->category, first->kind, first->section,
                                              first->item, &one[0].a, sizeof one[0])))
        CHECK(memcmp(&one[0].a, first, sizeof *first) == 0 && one[0].newer[0] == 0 && one[0].newer[1] == 0 &&
                  all_canary(&one[1], sizeof one[1]),
              "cl_layout_attributes at %zu bytes", sizeof one[0]);
    memset(one, canary, sizeof one);
    CHECK(cl_layout_attributes(layout, first->category, first->kind, first->section, first->item,
                               &one[0].a, offsetof(cl_attributes, scale) - 8) == CL_ERROR_INVALID_ARGUMENT &&
              all_canary(one, sizeof one),
          "cl_layout_attributes at %zu bytes is refused and writes nothing", offsetof(cl_attributes, scale) - 8);

    /* The sideways section's scroll state, at a larger size and too small. */
    newer_scroll scroll[2];
    cl_section_scroll plain_scroll;
    memset(scroll, canary, sizeof scroll);
    if (CHECK_OK(layout, cl_layout_set_section_offset(layout, 1, 25)) &&
        CHECK_OK(layout, cl_layout_section_scroll(layout, 1, &plain_scroll, sizeof plain_scroll)) &&
        CHECK_OK(layout, cl_layout_section_scroll(layout, 1, &scroll[0].s, sizeof scroll[0])))
        CHECK(memcmp(&scroll[0].s, &plain_scroll, sizeof plain_scroll) == 0 && scroll[0].newer == 0 &&
                  all_canary(&scroll[1], sizeof scroll[1]),
              "cl_layout_section_scroll at %zu bytes", sizeof scroll[0]);
    memset(scroll, canary, sizeof scroll);
    CHECK(cl_layout_section_scroll(layout, 1, &scroll[0].s, sizeof(cl_section_scroll) - 8) ==
                  CL_ERROR_INVALID_ARGUMENT && all_canary(scroll, sizeof scroll),
          "cl_layout_section_scroll at %zu bytes is refused and writes nothing", sizeof(cl_section_scroll) - 8);
    free(big);
    free(plain);
    element_list_free(&want);
    cl_layout_destroy(layout);
}

/* ---- Out-pointers are required ----------------------------------------------------------- */

static void out_pointers(void *context) {
    (void)context;
    abi_source src = {false, false, 0};
    cl_data_source source = abi_data_source(&src);
    cl_layout_def def = new_def();
    cl_layout *layout = NULL;
    if (!CHECK_OK(layout, cl_layout_create(&def, &source, &layout))) return;
    cl_decoration_def decoration = cl_decoration_def_default();
    int32_t kind = -1;
    CHECK(cl_layout_add_decoration(layout, "background", &decoration, NULL) == CL_ERROR_INVALID_ARGUMENT,
          "cl_layout_add_decoration with out_kind NULL is accepted");
    /* Refused before anything happened: the name is still free. */
    CHECK_OK(layout, cl_layout_add_decoration(layout, "background", &decoration, &kind));
    CHECK(cl_layout_register_kind(layout, "badge", NULL) == CL_ERROR_INVALID_ARGUMENT,
          "cl_layout_register_kind with out_kind NULL is accepted");
    cl_layout_destroy(layout);
}

/* ---- cl_layout_last_error(NULL) is per thread ------------------------------------------ */

enum { ROUNDS = 2000 };

typedef struct thread_case {
    pthread_barrier_t *barrier;
    int which;              /* 0: def NULL, 1: out_layout NULL */
    int wrong;              /* rounds in which this thread read another thread's message */
    char first[256];        /* the message of the first round */
    char after_other[256];  /* the message after the other thread failed in between */
} thread_case;

static cl_status fail_in_own_way(int which) {
    cl_data_source source = cl_data_source_default();
    cl_layout_def def = cl_layout_def_default();
    cl_layout *layout = NULL;
    return which == 0 ? cl_layout_create(NULL, &source, &layout) : cl_layout_create(&def, &source, NULL);
}

static void *thread_main(void *arg) {
    thread_case *c = arg;
    /* Lockstep: this thread fails, the other fails, then this one reads its own message. */
    fail_in_own_way(c->which);
    snprintf(c->first, sizeof c->first, "%s", cl_layout_last_error(NULL));
    pthread_barrier_wait(c->barrier);
    pthread_barrier_wait(c->barrier);
    snprintf(c->after_other, sizeof c->after_other, "%s", cl_layout_last_error(NULL));
    /* Then both fail and read as fast as they can: any crosstalk shows. */
    for (int r = 0; r < ROUNDS; r++) {
        fail_in_own_way(c->which);
        if (strcmp(cl_layout_last_error(NULL), c->first) != 0) c->wrong++;
    }
    return NULL;
}

static void last_error_per_thread(void *context) {
    (void)context;
    /* This thread's message, which the other threads must not change. */
    cl_size size;
    CHECK(cl_layout_content_size(NULL, &size) == CL_ERROR_INVALID_HANDLE, "a NULL handle");
    char mine[256];
    snprintf(mine, sizeof mine, "%s", cl_layout_last_error(NULL));

    pthread_barrier_t barrier;
    pthread_barrier_init(&barrier, NULL, 2);
    thread_case cases[2];
    memset(cases, 0, sizeof cases);
    pthread_t threads[2];
    for (int i = 0; i < 2; i++) {
        cases[i].barrier = &barrier;
        cases[i].which = i;
        if (pthread_create(&threads[i], NULL, thread_main, &cases[i]) != 0) {
            CHECK(false, "pthread_create failed");
            return;
        }
    }
    for (int i = 0; i < 2; i++) pthread_join(threads[i], NULL);
    pthread_barrier_destroy(&barrier);
    CHECK(strstr(cases[0].first, "def") && strstr(cases[1].first, "out_layout") &&
              strcmp(cases[0].first, cases[1].first) != 0,
          "the two failures read \"%s\" and \"%s\"", cases[0].first, cases[1].first);
    for (int i = 0; i < 2; i++) {
        CHECK(strcmp(cases[i].after_other, cases[i].first) == 0,
              "thread %d read \"%s\" after the other thread failed, want its own \"%s\"", i,
              cases[i].after_other, cases[i].first);
        CHECK(cases[i].wrong == 0, "thread %d read another thread's message in %d of %d rounds", i,
              cases[i].wrong, ROUNDS);
    }
    CHECK(strcmp(cl_layout_last_error(NULL), mine) == 0,
          "this thread's message changed to \"%s\" (was \"%s\")", cl_layout_last_error(NULL), mine);
    CHECK(mine[0] != '\0', "no message for a NULL handle");
}

void abi_tests(void) {
    run_test("ABI: 0.3 structs (cl_flow_def, section metrics, data source) read exactly", old_structs, NULL);
    run_test("ABI: struct sizes of no version are refused, naming the struct", sizes_that_are_no_version, NULL);
    run_test("ABI: newer structs: zero tails accepted, nonzero refused", newer_structs, NULL);
    run_test("ABI: results at the caller's element size", result_element_sizes, NULL);
    run_test("ABI: every out-pointer is required", out_pointers, NULL);
    run_test("ABI: cl_layout_last_error(NULL) per thread", last_error_per_thread, NULL);
}
