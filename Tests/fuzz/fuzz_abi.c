/*
 * fuzz_abi — libFuzzer target over the whole C ABI of libcollectionlayout.
 *
 * The input is a program: a sequence of operations, each an opcode byte followed by its
 * arguments (fuzz_common.h reads them; an input that runs out reads zeros and ends). Two layout
 * slots, each with its own data-source model, are driven by create, destroy, invalidations,
 * viewport and section-offset changes, target offsets, kinds and decorations, queries with random
 * rects, buffers, capacities and element sizes, attributes by identity, stale handles, and model
 * changes that make the callbacks answer differently: garbage numbers (NaN, infinite, negative,
 * 1e308), counts over the limit (2^28, 2^63-1, negative), failures, re-entrant calls, structs of
 * random sizes. The callbacks are pure functions of the model, so a program replays exactly.
 *
 * After each call the invariants of the header and SPEC §9/§11 are checked, and any violation
 * aborts (a libFuzzer finding):
 *   - a failed call leaves the layout answering exactly as before (content size, viewport, counts
 *     and every element of the content, compared bit for bit with a snapshot taken before it);
 *   - a rect query returns exactly the elements, enumerated one by one by identity, whose frames
 *     overlap the rect with positive area, with the same attributes;
 *   - no reported frame, size or offset is NaN or infinite; alpha is in [0, 1]; sizes >= 0;
 *   - counts over the element limit fail before any size or frame is asked;
 *   - a callback that calls into its own layout gets CL_ERROR_REENTRANT (cl_layout_destroy is
 *     ignored and the layout stays alive); buffers are written only as far as capacity and
 *     element size allow, and bytes past cl_attributes are zero-filled.
 *
 * Every buffer the library reads or writes is allocated at exactly the size the call gives, so
 * AddressSanitizer catches a read or write past it.
 *
 * Replay one input:  build/fuzz/fuzz_abi FILE   (or: make fuzz-repro TARGET=fuzz_abi INPUT=FILE)
 * Show the program:  FUZZ_TRACE=1 build/fuzz/fuzz_abi FILE
 */
#include <math.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collectionlayout.h"
#include "fuzz_common.h"

/* Every call into the library is counted (the figure issue 12 asks for): these macros wrap the
 * functions (a function-like macro does not expand inside itself, so each calls the real one). */
static uint64_t abi_calls, inputs_run;
#define COUNTED(call) (abi_calls++, call)
#define cl_layout_create(...) COUNTED(cl_layout_create(__VA_ARGS__))
#define cl_layout_destroy(...) COUNTED(cl_layout_destroy(__VA_ARGS__))
#define cl_layout_last_error(...) COUNTED(cl_layout_last_error(__VA_ARGS__))
#define cl_layout_register_kind(...) COUNTED(cl_layout_register_kind(__VA_ARGS__))
#define cl_layout_kind_name(...) COUNTED(cl_layout_kind_name(__VA_ARGS__))
#define cl_layout_add_decoration(...) COUNTED(cl_layout_add_decoration(__VA_ARGS__))
#define cl_layout_set_viewport(...) COUNTED(cl_layout_set_viewport(__VA_ARGS__))
#define cl_layout_viewport(...) COUNTED(cl_layout_viewport(__VA_ARGS__))
#define cl_layout_invalidate(...) COUNTED(cl_layout_invalidate(__VA_ARGS__))
#define cl_layout_invalidate_items(...) COUNTED(cl_layout_invalidate_items(__VA_ARGS__))
#define cl_layout_invalidate_sections(...) COUNTED(cl_layout_invalidate_sections(__VA_ARGS__))
#define cl_layout_content_size(...) COUNTED(cl_layout_content_size(__VA_ARGS__))
#define cl_layout_section_count(...) COUNTED(cl_layout_section_count(__VA_ARGS__))
#define cl_layout_item_count(...) COUNTED(cl_layout_item_count(__VA_ARGS__))
#define cl_layout_elements_in_rect(...) COUNTED(cl_layout_elements_in_rect(__VA_ARGS__))
#define cl_layout_attributes(...) COUNTED(cl_layout_attributes(__VA_ARGS__))
#define cl_layout_set_section_offset(...) COUNTED(cl_layout_set_section_offset(__VA_ARGS__))
#define cl_layout_section_scroll(...) COUNTED(cl_layout_section_scroll(__VA_ARGS__))
#define cl_layout_section_target_offset(...) COUNTED(cl_layout_section_target_offset(__VA_ARGS__))
#define cl_status_string(...) COUNTED(cl_status_string(__VA_ARGS__))
#define cl_version() COUNTED(cl_version())

/* Printed when the process ends (libFuzzer exits through exit() after -max_total_time/-runs). */
static void report_calls(void) {
    fprintf(stderr, "fuzz_abi: calls: %llu ABI calls in %llu inputs\n", (unsigned long long)abi_calls,
            (unsigned long long)inputs_run);
}

/* Layouts larger than this many elements (sections + items + inline elements) are legitimate
 * but not what a fuzzer should spend its memory and time on: calls that would build one are
 * skipped. Counts over the element limit are always made (they must fail at once). */
enum { ELEMENT_BUDGET = 4000 };
/* Full enumeration by identity only below this many candidate identities (it costs one call each). */
enum { CANDIDATE_BUDGET = 6000 };
enum { SLOTS = 2, MODEL_SECTIONS = 8, MAX_KINDS = 16 };

/* ---- The data-source model --------------------------------------------------------------- */

typedef struct section_model {
    int64_t items;
    double width, height;          /* base item size; items vary around it */
    int32_t style, columns, rows, alignment, cross_alignment;
    double header, footer, line_spacing, interitem_spacing;
    cl_insets insets;
    int32_t decoration_count;      /* -1: all; else that many ids from decoration_ids */
    int32_t decoration_ids[4];
    bool decoration_null;          /* decoration_kinds NULL with decoration_count > 0 */
    uint32_t metrics_size;         /* 0: leave struct_size as the engine set it */
    int64_t inline_count;
    int64_t inline_second_count;   /* what the second call reports (lying), -2: same */
    int32_t inline_kind_base;      /* kinds written: base + k % 3 */
    double inline_extent;
    uint8_t inline_before_mode;    /* 0: spread over 0...items, 1: all at 0, 2: past the end */
} section_model;

typedef struct model {
    int slot;
    int64_t sections;
    bool no_section_count;             /* the callback is NULL: the layout has 1 section */
    bool no_inline;                    /* the inline_elements callback is NULL: none */
    section_model s[MODEL_SECTIONS];   /* section k uses s[k % MODEL_SECTIONS] */
    uint64_t size_seed;
    uint32_t garbage_every;            /* 0: sane sizes/frames; else every n-th is garbage */
    double garbage_value;
    /* Failure and re-entrancy injection: the n-th callback (counted from arming) fails or calls
     * into a layout. */
    int64_t callbacks;
    int64_t fail_at;
    cl_status fail_status;
    int64_t reenter_at;
    uint8_t reenter_op;
    /* What the callbacks were asked during the current call. */
    int64_t sizes_asked, frames_asked;
} model;

typedef struct slot {
    cl_layout *layout;
    cl_layout *stale;                  /* the last destroyed handle, for stale-handle calls */
    model m;
} slot;

static slot slots[SLOTS];
static int callback_depth;             /* re-entrant calls happen at depth 1 only */
static int trace;

#define TRACE(...) do { if (trace) fprintf(stderr, __VA_ARGS__); } while (0)

static void fail(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "fuzz_abi: invariant violated: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    abort();
}

static uint64_t mix(uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

static const section_model *sec(const model *m, int64_t section) {
    uint64_t k = (uint64_t)section % MODEL_SECTIONS;
    return &m->s[k];
}

/* A value for item `item` of `section`, around base, or the garbage value every n-th time. */
static double vary(const model *m, int64_t section, int64_t item, int which, double base) {
    uint64_t h = mix(m->size_seed ^ mix((uint64_t)section * 0x100000001b3ull + (uint64_t)item * 4 + (uint64_t)which));
    if (m->garbage_every && h % m->garbage_every == 0) return m->garbage_value;
    return base * (double)(1 + h % 4) / 2.0;
}

static slot *slot_of(void *user_data) { return &slots[((model *)user_data)->slot]; }

/* Called at the start of every callback: counts it, and fails or re-enters when armed. */
static cl_status callback_hook(model *m);

static cl_status cb_section_count(void *u, int64_t *out) {
    model *m = u;
    cl_status s = callback_hook(m);
    if (s) return s;
    *out = m->sections;
    return CL_OK;
}

static cl_status cb_item_count(void *u, int64_t section, int64_t *out) {
    model *m = u;
    cl_status s = callback_hook(m);
    if (s) return s;
    if (section < 0 || section >= (m->no_section_count ? 1 : m->sections)) fail("item_count asked for section %lld of %lld", (long long)section, (long long)m->sections);
    *out = sec(m, section)->items;
    return CL_OK;
}

static cl_status cb_item_sizes(void *u, int64_t section, int64_t first, int64_t count, cl_size *out) {
    model *m = u;
    cl_status s = callback_hook(m);
    if (s) return s;
    /* The engine asks for the sections it knows: the model may have changed since (a host that
     * changes its data and then invalidates some items), so only the signs are checked. */
    if (section < 0 || first < 0 || count < 0)
        fail("item_sizes(section %lld, first %lld, count %lld)", (long long)section, (long long)first, (long long)count);
    m->sizes_asked += count;
    const section_model *sm = sec(m, section);
    for (int64_t i = 0; i < count; i++) {
        out[i].width = vary(m, section, first + i, 0, sm->width);
        out[i].height = vary(m, section, first + i, 1, sm->height);
    }
    return CL_OK;
}

static cl_status cb_custom_frames(void *u, int64_t section, int64_t first, int64_t count, double line_extent, cl_rect *out) {
    model *m = u;
    cl_status s = callback_hook(m);
    if (s) return s;
    if (section < 0 || first < 0 || count < 0 || !isfinite(line_extent))
        fail("custom_frames(section %lld, first %lld, count %lld, line extent %g)", (long long)section, (long long)first,
             (long long)count, line_extent);
    m->frames_asked += count;
    const section_model *sm = sec(m, section);
    for (int64_t i = 0; i < count; i++) {
        out[i].x = vary(m, section, first + i, 2, 10.0 * (double)(i % 7));
        out[i].y = vary(m, section, first + i, 3, 20.0 * (double)((first + i) / 3));
        out[i].width = vary(m, section, first + i, 0, sm->width);
        out[i].height = vary(m, section, first + i, 1, sm->height);
    }
    return CL_OK;
}

static cl_status cb_metrics(void *u, int64_t section, cl_section_metrics *inout) {
    model *m = u;
    cl_status s = callback_hook(m);
    if (s) return s;
    const section_model *sm = sec(m, section);
    if (inout->struct_size != sizeof *inout) fail("section_metrics got struct_size %u", inout->struct_size);
    inout->style = sm->style;
    inout->columns = sm->columns;
    inout->rows = sm->rows;
    inout->alignment = sm->alignment;
    inout->cross_alignment = sm->cross_alignment;
    inout->header = sm->header;
    inout->footer = sm->footer;
    inout->line_spacing = sm->line_spacing;
    inout->interitem_spacing = sm->interitem_spacing;
    inout->insets = sm->insets;
    inout->decoration_kind_count = sm->decoration_count;
    /* The list lives in the model; the engine must copy it before the callback's caller returns. */
    inout->decoration_kinds = sm->decoration_null ? NULL : sm->decoration_ids;
    if (sm->metrics_size) inout->struct_size = sm->metrics_size;
    return CL_OK;
}

static cl_status cb_inline(void *u, int64_t section, cl_inline_element *out, int64_t capacity, int64_t *out_count) {
    model *m = u;
    cl_status s = callback_hook(m);
    if (s) return s;
    const section_model *sm = sec(m, section);
    if (capacity < 0 || (capacity > 0 && !out)) fail("inline_elements got capacity %lld, buffer %p", (long long)capacity, (void *)out);
    int64_t count = sm->inline_count;
    if (capacity > 16 && sm->inline_second_count != -2) count = sm->inline_second_count;
    *out_count = count;
    for (int64_t i = 0; i < count && i < capacity; i++) {
        out[i].kind = sm->inline_kind_base + (int32_t)(i % 3);
        out[i].reserved = 0;
        int64_t items = sm->items;
        switch (sm->inline_before_mode) {
        case 0: out[i].before = items > 0 ? (i * 7) % (items + 1) : 0; break;
        case 1: out[i].before = 0; break;
        default: out[i].before = items + 1 + i; break;
        }
        out[i].extent = vary(m, section, i, 4, sm->inline_extent);
    }
    return CL_OK;
}

/* ---- Snapshots and checks ---------------------------------------------------------------- */

typedef struct snapshot {
    cl_status status;
    cl_size content;
    cl_rect viewport;
    int64_t sections;
    int64_t items[MODEL_SECTIONS];
    cl_attributes *elements;
    int64_t count;
} snapshot;

static bool finite_rect(cl_rect r) { return isfinite(r.x) && isfinite(r.y) && isfinite(r.width) && isfinite(r.height); }

static void check_attributes(const cl_attributes *a, const char *where) {
    if (!finite_rect(a->frame) || a->frame.width < 0 || a->frame.height < 0 || !(a->alpha >= 0 && a->alpha <= 1) ||
        a->category < 0 || a->category > 2 || (a->hidden != 0 && a->hidden != 1) || a->section < 0 || a->item < 0)
        fail("%s: element (%d, %d, %lld, %lld) frame (%g, %g, %g, %g) alpha %g hidden %d", where, a->category, a->kind,
             (long long)a->section, (long long)a->item, a->frame.x, a->frame.y, a->frame.width, a->frame.height, a->alpha,
             a->hidden);
}

/* Every element overlapping rect, into a fresh array (the library's own order). */
static cl_status query(cl_layout *layout, cl_rect rect, cl_attributes **out, int64_t *count) {
    *out = NULL;
    *count = 0;
    int64_t needed = 0;
    cl_status status = cl_layout_elements_in_rect(layout, rect, NULL, 0, sizeof(cl_attributes), &needed);
    if (status != CL_OK) return status;
    if (needed < 0 || needed > 10 * 1000 * 1000) fail("elements_in_rect counts %lld", (long long)needed);
    cl_attributes *buffer = malloc(sizeof(cl_attributes) * (size_t)(needed ? needed : 1));
    int64_t got = -1;
    status = cl_layout_elements_in_rect(layout, rect, buffer, needed, sizeof(cl_attributes), &got);
    if (status != CL_OK || got != needed)
        fail("elements_in_rect: counted %lld, then status %d with %lld", (long long)needed, status, (long long)got);
    for (int64_t i = 0; i < got; i++) check_attributes(&buffer[i], "elements_in_rect");
    *out = buffer;
    *count = got;
    return CL_OK;
}

static cl_rect whole(cl_size content) {
    /* The content and a margin, in which every positive-area element lies. */
    cl_rect r = {-1e6, -1e6, content.width + 2e6, content.height + 2e6};
    if (!isfinite(r.width)) r.width = 1.7e308;
    if (!isfinite(r.height)) r.height = 1.7e308;
    return r;
}

static void take_snapshot(cl_layout *layout, snapshot *s) {
    memset(s, 0, sizeof *s);
    s->status = cl_layout_content_size(layout, &s->content);
    if (s->status != CL_OK) return;
    if (!isfinite(s->content.width) || !isfinite(s->content.height) || s->content.width < 0 || s->content.height < 0)
        fail("content size %g x %g", s->content.width, s->content.height);
    if (cl_layout_viewport(layout, &s->viewport) != CL_OK || !finite_rect(s->viewport)) fail("viewport not finite");
    if (cl_layout_section_count(layout, &s->sections) != CL_OK || s->sections < 0) fail("section_count");
    for (int64_t k = 0; k < MODEL_SECTIONS && k < s->sections; k++)
        if (cl_layout_item_count(layout, k, &s->items[k]) != CL_OK || s->items[k] < 0) fail("item_count(%lld)", (long long)k);
    if (query(layout, whole(s->content), &s->elements, &s->count) != CL_OK) fail("query of the whole content failed: %s", cl_layout_last_error(layout));
}

static void free_snapshot(snapshot *s) { free(s->elements); s->elements = NULL; }

static void compare_snapshots(const snapshot *a, const snapshot *b, const char *what) {
    if (a->status != b->status) fail("%s: the layout answered %d, then %d", what, a->status, b->status);
    if (memcmp(&a->content, &b->content, sizeof a->content) || memcmp(&a->viewport, &b->viewport, sizeof a->viewport) ||
        a->sections != b->sections || memcmp(a->items, b->items, sizeof a->items))
        fail("%s failed but changed the layout: content %g x %g -> %g x %g, viewport (%g, %g, %g, %g) -> (%g, %g, %g, %g), "
             "sections %lld -> %lld", what, a->content.width, a->content.height, b->content.width, b->content.height,
             a->viewport.x, a->viewport.y, a->viewport.width, a->viewport.height, b->viewport.x, b->viewport.y,
             b->viewport.width, b->viewport.height, (long long)a->sections, (long long)b->sections);
    if (a->count != b->count) fail("%s failed but the content now has %lld elements, not %lld", what, (long long)b->count, (long long)a->count);
    for (int64_t i = 0; i < a->count; i++)
        if (memcmp(&a->elements[i], &b->elements[i], sizeof(cl_attributes)))
            fail("%s failed but element %lld changed: (%d, %d, %lld, %lld)", what, (long long)i, b->elements[i].category,
                 b->elements[i].kind, (long long)b->elements[i].section, (long long)b->elements[i].item);
}

static bool overlaps(cl_rect a, cl_rect r) {
    return fmax(a.x, r.x) < fmin(a.x + a.width, r.x + r.width) && fmax(a.y, r.y) < fmin(a.y + a.height, r.y + r.height);
}

static int compare_identity(const void *pa, const void *pb) {
    const cl_attributes *a = pa, *b = pb;
    if (a->category != b->category) return a->category < b->category ? -1 : 1;
    if (a->kind != b->kind) return a->kind < b->kind ? -1 : 1;
    if (a->section != b->section) return a->section < b->section ? -1 : 1;
    if (a->item != b->item) return a->item < b->item ? -1 : 1;
    return 0;
}

typedef struct element_set { cl_attributes *items; int64_t count, capacity; } element_set;

static void set_add(element_set *s, const cl_attributes *a) {
    if (s->count == s->capacity) {
        s->capacity = s->capacity ? 2 * s->capacity : 64;
        s->items = realloc(s->items, sizeof *s->items * (size_t)s->capacity);
    }
    s->items[s->count++] = *a;
}

/* Every element, one identity at a time: cells, headers, footers, and for every kind id that is
 * registered, supplementary and decoration elements at every (section, item) that could exist.
 * Returns false when there are too many candidates to be worth it. */
static bool enumerate_all(cl_layout *layout, element_set *all) {
    int64_t sections = 0;
    if (cl_layout_section_count(layout, &sections) != CL_OK) fail("section_count");
    int32_t kinds = 0;
    const char *name = NULL;
    while (kinds < 64 && cl_layout_kind_name(layout, CL_KIND_FIRST_USER + kinds, &name) == CL_OK) {
        if (!name || strlen(name) == 0 || strlen(name) > 63) fail("kind %d has the name \"%s\"", CL_KIND_FIRST_USER + kinds, name ? name : "(null)");
        kinds++;
    }
    int64_t candidates = 0;
    for (int64_t s = 0; s < sections; s++) {
        int64_t items = 0;
        if (cl_layout_item_count(layout, s, &items) != CL_OK || items < 0) fail("item_count(%lld)", (long long)s);
        candidates += 2 + (items + 1) * (1 + 2 * (int64_t)kinds);
        if (candidates > CANDIDATE_BUDGET) return false;
    }
    cl_attributes a;
    for (int64_t s = 0; s < sections; s++) {
        int64_t items = 0;
        cl_layout_item_count(layout, s, &items);
        for (int32_t kind = CL_KIND_HEADER; kind <= CL_KIND_FOOTER; kind++)
            if (cl_layout_attributes(layout, CL_CATEGORY_SUPPLEMENTARY, kind, s, 0, &a, sizeof a) == CL_OK) set_add(all, &a);
        for (int64_t i = 0; i <= items; i++) {
            cl_status st = cl_layout_attributes(layout, CL_CATEGORY_CELL, CL_KIND_CELL, s, i, &a, sizeof a);
            if (st == CL_OK) {
                if (i == items) fail("cell (%lld, %lld) exists in a section of %lld items", (long long)s, (long long)i, (long long)items);
                set_add(all, &a);
            } else if (i < items) {
                fail("cell (%lld, %lld) of %lld: status %d: %s", (long long)s, (long long)i, (long long)items, st, cl_layout_last_error(layout));
            }
            for (int32_t k = 0; k < kinds; k++)
                for (int32_t category = CL_CATEGORY_SUPPLEMENTARY; category <= CL_CATEGORY_DECORATION; category++)
                    if (cl_layout_attributes(layout, category, CL_KIND_FIRST_USER + k, s, i, &a, sizeof a) == CL_OK) set_add(all, &a);
        }
    }
    for (int64_t i = 0; i < all->count; i++) {
        check_attributes(&all->items[i], "cl_layout_attributes");
        const cl_attributes *e = &all->items[i];
        if (e->category == CL_CATEGORY_CELL && e->kind != CL_KIND_CELL) fail("a cell of kind %d", e->kind);
    }
    return true;
}

/* A rect query equals the filter of all elements (by identity), attributes included. */
static void check_rect(cl_layout *layout, const element_set *all, cl_rect rect) {
    cl_attributes *got = NULL;
    int64_t count = 0;
    if (query(layout, rect, &got, &count) != CL_OK) fail("rect query failed: %s", cl_layout_last_error(layout));
    element_set want = {0};
    for (int64_t i = 0; i < all->count; i++)
        if (overlaps(all->items[i].frame, rect)) set_add(&want, &all->items[i]);
    qsort(got, (size_t)count, sizeof *got, compare_identity);
    if (want.count) qsort(want.items, (size_t)want.count, sizeof *want.items, compare_identity);
    for (int64_t i = 0; i + 1 < count; i++)
        if (compare_identity(&got[i], &got[i + 1]) == 0)
            fail("the rect query returned (%d, %d, %lld, %lld) twice", got[i].category, got[i].kind, (long long)got[i].section,
                 (long long)got[i].item);
    int64_t i = 0, j = 0;
    while (i < want.count || j < count) {
        int c = i == want.count ? 1 : j == count ? -1 : compare_identity(&want.items[i], &got[j]);
        if (c < 0)
            fail("rect (%g, %g, %g, %g) misses (%d, %d, %lld, %lld) frame (%g, %g, %g, %g)", rect.x, rect.y, rect.width, rect.height,
                 want.items[i].category, want.items[i].kind, (long long)want.items[i].section, (long long)want.items[i].item,
                 want.items[i].frame.x, want.items[i].frame.y, want.items[i].frame.width, want.items[i].frame.height);
        if (c > 0)
            fail("rect (%g, %g, %g, %g) returns (%d, %d, %lld, %lld) frame (%g, %g, %g, %g), not among the elements by identity "
                 "or not overlapping", rect.x, rect.y, rect.width, rect.height, got[j].category, got[j].kind, (long long)got[j].section,
                 (long long)got[j].item, got[j].frame.x, got[j].frame.y, got[j].frame.width, got[j].frame.height);
        if (memcmp(&want.items[i], &got[j], sizeof(cl_attributes)))
            fail("(%d, %d, %lld, %lld): by identity (%g, %g, %g, %g) z %d alpha %g, by rect (%g, %g, %g, %g) z %d alpha %g",
                 got[j].category, got[j].kind, (long long)got[j].section, (long long)got[j].item, want.items[i].frame.x,
                 want.items[i].frame.y, want.items[i].frame.width, want.items[i].frame.height, want.items[i].z,
                 want.items[i].alpha, got[j].frame.x, got[j].frame.y, got[j].frame.width, got[j].frame.height, got[j].z, got[j].alpha);
        i++, j++;
    }
    free(want.items);
    free(got);
}

/* The full check: finite numbers everywhere, and rect queries (the viewport, the whole content,
 * and `extra`) equal to the filter of every element. */
static void full_check(cl_layout *layout, cl_rect extra) {
    snapshot s;
    take_snapshot(layout, &s);
    element_set all = {0};
    if (enumerate_all(layout, &all)) {
        /* Every positive-area element lies in the content rect and is found by the whole query. */
        check_rect(layout, &all, whole(s.content));
        if (s.viewport.width >= 0 && s.viewport.height >= 0) check_rect(layout, &all, s.viewport);
        if (finite_rect(extra) && extra.width >= 0 && extra.height >= 0) check_rect(layout, &all, extra);
    }
    free(all.items);
    free_snapshot(&s);
}

/* ---- Reading the program ----------------------------------------------------------------- */

static const int64_t count_table[] = {
    0, 1, 2, 3, 5, 8, 13, 40, 100, 250, 1000,
    -1, INT64_MIN, INT64_MAX, (int64_t)1 << 28, ((int64_t)1 << 28) + 1, ((int64_t)1 << 28) - 1,
    268435, (int64_t)1 << 32, (int64_t)1 << 62, 1000000000000ll, 3999, 4001,
};

static int64_t read_count(fuzz_input *in) {
    uint8_t b = fz_u8(in);
    if (b < 128) return b % 24;  /* small counts are the common case */
    return count_table[b % (sizeof count_table / sizeof count_table[0])];
}

static const int32_t int32_table[] = {1, 2, 3, 4, 5, 0, -1, INT32_MIN, INT32_MAX, 1 << 28, 100, 7};

static int32_t read_small_count(fuzz_input *in) {
    uint8_t b = fz_u8(in);
    if (b < 160) return 1 + b % 5;
    return int32_table[b % (sizeof int32_table / sizeof int32_table[0])];
}

static int32_t read_enum(fuzz_input *in, int32_t n) {
    uint8_t b = fz_u8(in);
    if (b < 240) return b % n;
    static const int32_t bad[] = {-1, 5, 99, INT32_MIN, INT32_MAX, 4, 3, -2};
    return bad[b % 8];
}

static const uint32_t layout_def_sizes[] = {0, 1, 4, 8, 159, 160, 161, 168, 176, 184, 4096, 4097, 200};
static const uint32_t source_def_sizes[] = {0, 4, 55, 56, 57, 63, 72, 4096, 4097, 100};
static const uint32_t decoration_def_sizes[] = {0, 4, 40, 47, 48, 56, 4096, 4097};
static const uint32_t metrics_sizes[] = {0, 88, 89, 8, 104, 200, 4096, 1u << 31};
static const size_t element_sizes[] = {0, 1, 64, 71, 72, 73, 80, 96, 4096, 4097, 1u << 20};

/* A struct the caller passes in: the library's own struct, then extra bytes up to struct_size
 * (zero, or with one nonzero byte), in a heap block of exactly struct_size bytes (at least the
 * 4 bytes of struct_size itself), so that a read past struct_size is an ASan report. */
static void *sized_copy(fuzz_input *in, const void *value, size_t own, const uint32_t *sizes, size_t nsizes,
                        uint32_t *out_size) {
    uint8_t b = fz_u8(in);
    uint32_t size = b < 200 ? (uint32_t)own : sizes[b % nsizes];
    if (out_size) *out_size = size;
    bool dirty_tail = size > own && (fz_u8(in) & 1);
    size_t block = size < 4 ? 4 : size;
    uint8_t *p = calloc(1, block);
    memcpy(p, value, own < block ? own : block);
    memcpy(p, &size, 4);
    if (dirty_tail) p[size - 1] = 1;
    return p;
}

static const char *const name_table[] = {
    "separator", "badge", "divider", "background", "shadow", "card", "", "header", "footer",
    "a-name-of-sixty-three-bytes-is-the-longest-name-a-kind-may-have",
    "a-name-of-sixty-four-bytes-is-one-byte-longer-than-a-kind-may-have",
    "\xff\xfe not utf-8", "sep\xc3\xa4rator", "x",
};

static const char *read_name(fuzz_input *in) {
    uint8_t b = fz_u8(in);
    if (b == 255) return NULL;
    return name_table[b % (sizeof name_table / sizeof name_table[0])];
}

static cl_rect read_rect(fuzz_input *in) {
    cl_rect r;
    r.x = fz_double(in);
    r.y = fz_double(in);
    r.width = fz_extent(in);
    r.height = fz_extent(in);
    return r;
}

static cl_insets read_insets(fuzz_input *in) {
    cl_insets i = {0, 0, 0, 0};
    if (fz_u8(in) & 1) {
        i.top = fz_extent(in);
        i.left = fz_extent(in);
        i.bottom = fz_extent(in);
        i.right = fz_extent(in);
    }
    return i;
}

static void read_section_model(fuzz_input *in, section_model *s) {
    s->items = read_count(in);
    s->width = fz_extent(in);
    s->height = fz_extent(in);
    s->style = read_enum(in, 5);
    s->columns = read_small_count(in);
    s->rows = read_small_count(in);
    s->alignment = read_enum(in, 4);
    s->cross_alignment = read_enum(in, 3);
    uint8_t chrome = fz_u8(in);
    s->header = chrome & 1 ? fz_extent(in) : 0;
    s->footer = chrome & 2 ? fz_extent(in) : 0;
    s->line_spacing = chrome & 4 ? fz_extent(in) : 10;
    s->interitem_spacing = chrome & 8 ? fz_extent(in) : 10;
    s->insets = chrome & 16 ? read_insets(in) : (cl_insets){0, 0, 0, 0};
    s->decoration_count = -1;
    s->decoration_null = false;
    if (chrome & 32) {
        uint8_t d = fz_u8(in);
        s->decoration_count = d < 250 ? d % 5 : (d == 250 ? -2 : d == 251 ? 70000 : d == 252 ? -1 : 2);
        if (s->decoration_count > 4) s->decoration_null = true;  /* a count with no list: must be refused */
        s->decoration_null = s->decoration_null || d == 253;
        for (int k = 0; k < 4; k++) {
            uint8_t id = fz_u8(in);
            s->decoration_ids[k] = id < 240 ? CL_KIND_FIRST_USER + id % 8 : (int32_t)id - 250;
        }
    }
    s->metrics_size = 0;
    if (chrome & 64) s->metrics_size = metrics_sizes[fz_u8(in) % (sizeof metrics_sizes / sizeof metrics_sizes[0])];
    s->inline_count = 0;
    s->inline_second_count = -2;
    if (chrome & 128) {
        s->inline_count = read_count(in);
        uint8_t mode = fz_u8(in);
        if (mode >= 240) s->inline_second_count = read_count(in);
        s->inline_before_mode = mode % 3 == 2 && mode < 200 ? 0 : mode % 3;
        s->inline_kind_base = CL_KIND_FIRST_USER + (fz_u8(in) % 6) - 1;
        s->inline_extent = fz_extent(in);
    }
}

/* ---- The guard: sizes worth building ------------------------------------------------------ */

/* What the model's counts add up to, as the engine counts them (sections, items, inline
 * elements), saturating; *negative if a count is negative (the engine refuses it at once). */
static double model_total(const model *m, bool *negative, double *without_inlines) {
    int64_t sections = m->no_section_count ? 1 : m->sections;
    *negative = sections < 0;
    if (sections < 0) return 0;
    double total = (double)sections, inlines = 0;
    for (int64_t k = 0; k < MODEL_SECTIONS && k < sections; k++) {
        double times = (double)((sections - 1 - k) / MODEL_SECTIONS + 1);
        const section_model *s = &m->s[k];
        if (s->items < 0 || (s->inline_count < 0 && !m->no_inline)) *negative = true;
        total += times * (double)s->items;
        if (!m->no_inline) inlines += times * (double)(s->inline_count > 0 ? s->inline_count : 0);
    }
    *without_inlines = total;
    return total + inlines;
}

/* False for a pass that would legitimately build a layout too large to be worth fuzzing. */
static bool worth_building(const model *m, int64_t limit) {
    bool negative;
    double without_inlines;
    double total = model_total(m, &negative, &without_inlines);
    if (negative) return true;
    if (total > (double)limit) return true;  /* over the limit: must fail at once, at no cost */
    return total <= ELEMENT_BUDGET;
}

/* ---- Callback hook: failures and re-entrant calls ----------------------------------------- */

static cl_status callback_hook(model *m) {
    m->callbacks++;
    if (m->fail_at && m->callbacks == m->fail_at) return m->fail_status;
    if (m->reenter_at && m->callbacks == m->reenter_at && callback_depth == 0) {
        slot *self = slot_of(m);
        slot *other = &slots[1 - m->slot];
        cl_layout *me = self->layout;  /* NULL during create: the calls then get INVALID_HANDLE */
        callback_depth++;
        cl_status st = CL_OK;
        cl_size size;
        int64_t n;
        cl_rect r = {0, 0, 100, 100};
        switch (m->reenter_op % 8) {
        case 0: st = cl_layout_invalidate(me); break;
        case 1: st = cl_layout_set_viewport(me, r); break;
        case 2: st = cl_layout_elements_in_rect(me, r, NULL, 0, sizeof(cl_attributes), &n); break;
        case 3: st = cl_layout_content_size(me, &size); break;
        case 4:
            cl_layout_destroy(me);  /* ignored from inside a callback */
            st = me ? CL_ERROR_REENTRANT : CL_ERROR_INVALID_HANDLE;
            break;
        case 5: {
            int32_t kind;
            st = cl_layout_register_kind(me, "late", &kind);
            break;
        }
        case 6:
            /* Another layout may be driven from inside a callback; it may even be destroyed. */
            if (other->layout) {
                if (m->reenter_op & 8) {
                    cl_layout_destroy(other->layout);
                    other->stale = other->layout;
                    other->layout = NULL;
                } else {
                    cl_status o = cl_layout_invalidate(other->layout);
                    if (o == CL_ERROR_REENTRANT) fail("invalidating another layout from a callback: REENTRANT");
                }
            }
            st = me ? CL_ERROR_REENTRANT : CL_ERROR_INVALID_HANDLE;
            break;
        default: {
            /* Allowed inside a callback: the name of a kind, the last error. */
            const char *name = NULL;
            if (me && cl_layout_kind_name(me, CL_KIND_HEADER, &name) != CL_OK) fail("cl_layout_kind_name inside a callback failed");
            if (me && strcmp(name, "header") != 0) fail("kind 1 is \"%s\"", name);
            (void)strlen(cl_layout_last_error(me));
            st = me ? CL_ERROR_REENTRANT : CL_ERROR_INVALID_HANDLE;
        }
        }
        callback_depth--;
        cl_status want = me ? CL_ERROR_REENTRANT : CL_ERROR_INVALID_HANDLE;
        if (st != want) fail("a call from inside a callback (op %d) returned %d, want %d", m->reenter_op % 8, st, want);
        if (me && strlen(cl_layout_last_error(me)) == 0 && m->reenter_op % 8 != 4 && m->reenter_op % 8 < 6)
            fail("a re-entrant call left no message");
        /* The callback then answers normally (or fails if also armed so). */
    }
    return CL_OK;
}

/* ---- Operations --------------------------------------------------------------------------- */

static int64_t effective_limit[SLOTS];

static void create_layout(fuzz_input *in, slot *sl) {
    static const char *kind_storage[MAX_KINDS];
    cl_layout_def def = cl_layout_def_default();
    def.direction = read_enum(in, 2);
    def.viewport = read_rect(in);
    if (fz_u8(in) & 1) def.viewport = (cl_rect){0, 0, 320, 480};
    def.item_size.width = fz_extent(in);
    def.item_size.height = fz_extent(in);
    def.insets = read_insets(in);
    uint8_t flags = fz_u8(in);
    if (flags & 1) def.line_spacing = fz_extent(in);
    if (flags & 2) def.interitem_spacing = fz_extent(in);
    if (flags & 4) def.header = fz_extent(in);
    if (flags & 8) def.footer = fz_extent(in);
    def.pin_headers = (flags >> 4) & 1;
    def.pin_footers = (flags >> 5) & 1;
    if (flags & 64) {
        def.alignment = read_enum(in, 4);
        def.cross_alignment = read_enum(in, 3);
        def.style = read_enum(in, 5);
        def.rows = read_small_count(in);
        def.columns = read_small_count(in);
    }
    if (flags & 128) {
        uint8_t r = fz_u8(in);
        if (r & 1) def.reserved = 1;
        if (r & 2) def.anchoring = 0;
    }
    int32_t kind_count = fz_u8(in) % 5;
    uint8_t kb = fz_u8(in);
    for (int32_t k = 0; k < kind_count; k++) kind_storage[k] = read_name(in);
    def.kinds = kind_count > 0 || (kb & 1) ? kind_storage : NULL;
    def.kind_count = kb >= 250 ? (kb == 250 ? -1 : kb == 251 ? 70000 : 3) : kind_count;
    if (def.kind_count > kind_count) def.kinds = NULL;  /* a count larger than the list: only with NULL */
    uint8_t lim = fz_u8(in);
    if (lim >= 128) {
        static const int64_t limits[] = {0, 1, 10, 100, 1000, 4000, (int64_t)1 << 28, ((int64_t)1 << 28) + 1, -1, INT64_MAX, 5};
        def.element_limit = limits[lim % (sizeof limits / sizeof limits[0])];
    }

    cl_data_source src = cl_data_source_default();
    src.user_data = &sl->m;
    uint8_t cbs = fz_u8(in);
    src.section_count = cbs & 1 ? NULL : cb_section_count;
    src.item_count = cbs == 0xff ? NULL : cb_item_count;
    src.item_sizes = cbs & 2 ? NULL : cb_item_sizes;
    src.section_metrics = cbs & 4 ? NULL : cb_metrics;
    src.inline_elements = cbs & 8 ? NULL : cb_inline;
    src.custom_frames = cbs & 16 ? NULL : cb_custom_frames;
    if (cbs == 0xfe) src.reserved = 7;

    uint32_t def_size = 0;
    void *def_block = sized_copy(in, &def, sizeof def, layout_def_sizes, sizeof layout_def_sizes / sizeof layout_def_sizes[0], &def_size);
    void *src_block = sized_copy(in, &src, sizeof src, source_def_sizes, sizeof source_def_sizes / sizeof source_def_sizes[0], NULL);
    /* An older caller's struct (0.3's, 160 bytes) has no element_limit: the default applies. */
    if (def_size < offsetof(cl_layout_def, element_limit) + sizeof def.element_limit) def.element_limit = CL_MAX_ITEMS;
    effective_limit[sl->m.slot] = def.element_limit;
    uint8_t nulls = fz_u8(in);
    bool null_def = nulls == 1, null_src = nulls == 2, null_out = nulls == 3;

    /* The model as it will answer: a section count of 1 when the callback is NULL. */
    sl->m.no_section_count = src.section_count == NULL;
    sl->m.no_inline = src.inline_elements == NULL;
    model probe = sl->m;
    if (!src.section_count) probe.sections = 1;
    int64_t limit = def.element_limit < 0 || def.element_limit > CL_MAX_ITEMS ? CL_MAX_ITEMS : def.element_limit;
    if (!worth_building(&probe, limit)) {
        TRACE("  create skipped: too large to be worth building\n");
        free(def_block);
        free(src_block);
        return;
    }
    bool negative;
    double without_inlines;
    model_total(&probe, &negative, &without_inlines);
    bool over_by_counts = !negative && without_inlines > (double)limit && !sl->m.fail_at && !sl->m.reenter_at;

    cl_layout_destroy(sl->layout);
    sl->layout = NULL;
    sl->m.sizes_asked = sl->m.frames_asked = 0;
    sl->m.callbacks = 0;
    cl_layout *layout = (cl_layout *)(uintptr_t)0x1;
    cl_status st = cl_layout_create(null_def ? NULL : def_block, null_src ? NULL : src_block, null_out ? NULL : &layout);
    TRACE("  create: %d %s\n", st, st ? cl_layout_last_error(NULL) : "");
    free(def_block);
    free(src_block);
    if (null_out) {
        if (st == CL_OK) fail("create with a NULL out_layout succeeded");
        return;
    }
    if (over_by_counts && (sl->m.sizes_asked || sl->m.frames_asked))
        fail("create with counts over the limit asked %lld sizes and %lld frames", (long long)sl->m.sizes_asked,
             (long long)sl->m.frames_asked);
    if (st != CL_OK) {
        if (layout != NULL) fail("a failed create left *out_layout %p", (void *)layout);
        const char *message = cl_layout_last_error(NULL);
        if (!message || !message[0]) fail("a failed create (%d) left no message", st);
        return;
    }
    if (!layout) fail("create succeeded with a NULL layout");
    if (over_by_counts) fail("create succeeded with counts over the limit %lld", (long long)limit);
    sl->layout = layout;
}

/* Runs one operation on a slot's layout, with the before/after comparison of a failed call. */
static void run_op(fuzz_input *in, uint8_t op) {
    slot *sl = &slots[fz_u8(in) % SLOTS];
    model *m = &sl->m;
    cl_layout *layout = sl->layout;
    cl_status st = CL_OK;
    const char *what = "?";
    bool changes = false;  /* may change the layout: snapshot around it */
    snapshot before = {0};
    cl_rect extra = {0, 0, -1, -1};
    bool over_by_counts = false;

    switch (op % 24) {
    case 0:
        create_layout(in, sl);
        if (sl->layout) full_check(sl->layout, extra);
        return;
    case 1:
        TRACE("  destroy\n");
        cl_layout_destroy(sl->layout);
        if (sl->layout) sl->stale = sl->layout;
        sl->layout = NULL;
        return;
    case 2: case 3: case 4: case 5: case 6: {
        /* A pass: the counts may have changed in the model. */
        if (!layout) return;
        int64_t limit = effective_limit[m->slot];
        if (limit < 0 || limit > CL_MAX_ITEMS) limit = CL_MAX_ITEMS;
        if (!worth_building(m, limit)) return;
        changes = true;
        take_snapshot(layout, &before);
        m->callbacks = 0;
        m->sizes_asked = m->frames_asked = 0;
        if (op % 24 == 2) {
            bool negative;
            double without_inlines;
            model_total(m, &negative, &without_inlines);
            over_by_counts = !negative && without_inlines > (double)limit && !m->fail_at && !m->reenter_at;
            what = "cl_layout_invalidate";
            st = cl_layout_invalidate(layout);
        } else if (op % 24 <= 4) {
            what = "cl_layout_invalidate_items";
            int64_t n = fz_u8(in) % 9;
            cl_index_path *paths = malloc(sizeof *paths * (size_t)(n ? n : 1));
            for (int64_t k = 0; k < n; k++) {
                paths[k].section = read_count(in) % 9 - (fz_u8(in) == 255);
                paths[k].item = read_count(in);
            }
            uint8_t b = fz_u8(in);
            st = cl_layout_invalidate_items(layout, b == 255 ? NULL : paths, b == 254 ? -1 : n);
            free(paths);
        } else if (op % 24 == 5) {
            what = "cl_layout_invalidate_sections";
            int64_t n = fz_u8(in) % 5;
            int64_t *list = malloc(sizeof *list * (size_t)(n ? n : 1));
            for (int64_t k = 0; k < n; k++) list[k] = read_count(in) % 10;
            uint8_t b = fz_u8(in);
            st = cl_layout_invalidate_sections(layout, b == 255 ? NULL : list, b == 254 ? -1 : n);
            free(list);
        } else {
            what = "cl_layout_set_viewport";
            cl_rect r = read_rect(in);
            if (fz_u8(in) & 1) {  /* origin-only, the common scroll */
                cl_rect v;
                cl_layout_viewport(layout, &v);
                r.width = v.width;
                r.height = v.height;
            }
            extra = r;
            st = cl_layout_set_viewport(layout, r);
        }
        break;
    }
    case 7: {
        if (!layout) return;
        changes = true;
        take_snapshot(layout, &before);
        what = "cl_layout_set_section_offset";
        st = cl_layout_set_section_offset(layout, read_count(in) % 9, fz_double(in));
        break;
    }
    case 8: {
        what = "cl_layout_section_scroll";
        size_t size = fz_u8(in) < 200 ? sizeof(cl_section_scroll) : (size_t[]){0, 16, 23, 24, 25, 32, 4096, 4097}[fz_u8(in) % 8];
        uint8_t *buf = malloc(size ? size : 1);
        memset(buf, 0xab, size ? size : 1);
        int64_t section = read_count(in) % 9;
        st = cl_layout_section_scroll(fz_u8(in) == 255 ? NULL : layout, section, fz_u8(in) == 255 ? NULL : (cl_section_scroll *)buf, size);
        if (st == CL_OK) {
            cl_section_scroll s;
            memcpy(&s, buf, sizeof s);
            if (!isfinite(s.offset) || !isfinite(s.content_extent) || !isfinite(s.max_offset) || s.offset < 0 ||
                s.offset > s.max_offset || s.max_offset < 0)
                fail("section_scroll: offset %g, content %g, max %g", s.offset, s.content_extent, s.max_offset);
            for (size_t k = sizeof s; k < size; k++)
                if (buf[k]) fail("section_scroll wrote %d past the struct at byte %zu", buf[k], k);
        }
        free(buf);
        return;
    }
    case 9: {
        what = "cl_layout_section_target_offset";
        int64_t section = read_count(in) % 9;
        double proposed = fz_double(in), velocity = fz_double(in);
        int32_t snap = read_enum(in, 5);
        static const double rates[] = {CL_DECELERATION_NORMAL, CL_DECELERATION_FAST, 0, 1, 0.5, -1, NAN, 1e-300, 0.9999999999};
        double rate = rates[fz_u8(in) % 9];
        double out = NAN;
        st = cl_layout_section_target_offset(layout, section, proposed, velocity, snap, rate, fz_u8(in) == 255 ? NULL : &out);
        if (st == CL_OK && !isfinite(out)) fail("target offset %g", out);
        if (st == CL_OK) {
            cl_section_scroll s;
            if (cl_layout_section_scroll(layout, section, &s, sizeof s) == CL_OK && (out < 0 || out > s.max_offset))
                fail("target offset %g outside [0, %g]", out, s.max_offset);
        }
        return;
    }
    case 10: {
        if (!layout) return;
        changes = true;
        take_snapshot(layout, &before);
        what = "cl_layout_register_kind";
        int32_t kind = -7;
        const char *name = read_name(in);
        st = cl_layout_register_kind(layout, name, fz_u8(in) == 255 ? NULL : &kind);
        if (st == CL_OK) {
            const char *back = NULL;
            if (kind < CL_KIND_FIRST_USER || cl_layout_kind_name(layout, kind, &back) != CL_OK || strcmp(back, name) != 0)
                fail("registered \"%s\" as %d, named \"%s\"", name, kind, back ? back : "(none)");
        }
        break;
    }
    case 11: {
        what = "cl_layout_kind_name";
        const char *name = NULL;
        int32_t kind = (int32_t)read_count(in) - 2;
        st = cl_layout_kind_name(layout, kind, fz_u8(in) == 255 ? NULL : &name);
        if (st == CL_OK && (!name || strlen(name) > 63)) fail("kind %d's name", kind);
        return;
    }
    case 12: {
        if (!layout) return;
        changes = true;
        take_snapshot(layout, &before);
        what = "cl_layout_add_decoration";
        cl_decoration_def d = cl_decoration_def_default();
        d.scope = read_enum(in, 2);
        d.coverage = read_enum(in, 3);
        d.z = (int32_t)(int8_t)fz_u8(in);
        if (fz_u8(in) & 1) {
            d.insets.top = fz_double(in);
            d.insets.left = fz_double(in);
            d.insets.bottom = fz_double(in);
            d.insets.right = fz_double(in);
        }
        const char *name = read_name(in);
        void *block = sized_copy(in, &d, sizeof d, decoration_def_sizes, sizeof decoration_def_sizes / sizeof decoration_def_sizes[0], NULL);
        int32_t kind = -7;
        uint8_t nulls = fz_u8(in);
        st = cl_layout_add_decoration(layout, name, nulls == 254 ? NULL : block, nulls == 255 ? NULL : &kind);
        free(block);
        break;
    }
    case 13: case 14: {
        /* A rect query into a caller buffer: random capacity and element size. */
        what = "cl_layout_elements_in_rect";
        cl_rect r = read_rect(in);
        uint8_t b = fz_u8(in);
        size_t esize = b < 180 ? sizeof(cl_attributes) : element_sizes[b % (sizeof element_sizes / sizeof element_sizes[0])];
        int64_t capacity = read_count(in);
        if (capacity > 4096) capacity = 4096;
        bool null_buffer = fz_u8(in) >= 200;
        if (esize > 4096 && capacity > 4) capacity = 4;
        size_t bytes = null_buffer || capacity <= 0 ? 0 : (size_t)capacity * esize;
        uint8_t *buf = bytes ? malloc(bytes) : NULL;
        if (buf) memset(buf, 0xab, bytes);
        int64_t count = -5;
        st = cl_layout_elements_in_rect(layout, r, (cl_attributes *)buf, capacity, esize, fz_u8(in) == 255 ? NULL : &count);
        if (layout && (st == CL_OK || st == CL_ERROR_BUFFER_TOO_SMALL)) {
            int64_t needed = -1;
            if (cl_layout_elements_in_rect(layout, r, NULL, 0, sizeof(cl_attributes), &needed) != CL_OK || needed != count)
                fail("elements_in_rect counted %lld, then %lld", (long long)count, (long long)needed);
            if (st == CL_OK && !(count <= capacity || (!buf && capacity == 0)))
                fail("elements_in_rect: %lld elements in a buffer of %lld, status OK", (long long)count, (long long)capacity);
            if (st == CL_ERROR_BUFFER_TOO_SMALL && count <= capacity) fail("BUFFER_TOO_SMALL with %lld <= %lld", (long long)count, (long long)capacity);
            for (int64_t k = 0; st == CL_OK && buf && k < count; k++) {
                cl_attributes a;
                memcpy(&a, buf + (size_t)k * esize, sizeof a);
                check_attributes(&a, "elements_in_rect into a caller buffer");
                for (size_t z = sizeof a; z < esize; z++)
                    if (buf[(size_t)k * esize + z]) fail("element %lld: byte %zu past cl_attributes is %d", (long long)k, z, buf[(size_t)k * esize + z]);
            }
            if (st == CL_OK && finite_rect(r)) {
                element_set all = {0};
                if (enumerate_all(layout, &all)) check_rect(layout, &all, r);
                free(all.items);
            }
        }
        free(buf);
        return;
    }
    case 15: {
        what = "cl_layout_attributes";
        uint8_t b = fz_u8(in);
        size_t esize = b < 200 ? sizeof(cl_attributes) : element_sizes[b % (sizeof element_sizes / sizeof element_sizes[0])];
        if (esize > 8192) esize = 8192;
        uint8_t *buf = malloc(esize ? esize : 1);
        int32_t category = read_enum(in, 3), kind = (int32_t)read_count(in) % 12 - 1;
        int64_t section = read_count(in) % 12, item = read_count(in);
        st = cl_layout_attributes(layout, category, kind, section, item, fz_u8(in) == 255 ? NULL : (cl_attributes *)buf, esize);
        if (st == CL_OK) {
            cl_attributes a;
            memcpy(&a, buf, sizeof a);
            check_attributes(&a, "cl_layout_attributes");
            if (a.category != category || a.kind != kind || a.section != section || a.item != item)
                fail("attributes of (%d, %d, %lld, %lld) name (%d, %d, %lld, %lld)", category, kind, (long long)section,
                     (long long)item, a.category, a.kind, (long long)a.section, (long long)a.item);
        }
        free(buf);
        return;
    }
    case 16: {
        what = "counts";
        int64_t n = -1;
        cl_size size;
        cl_rect v;
        uint8_t b = fz_u8(in);
        st = cl_layout_section_count(layout, b == 255 ? NULL : &n);
        cl_layout_item_count(layout, read_count(in), b == 254 ? NULL : &n);
        cl_layout_content_size(layout, b == 253 ? NULL : &size);
        cl_layout_viewport(layout, b == 252 ? NULL : &v);
        return;
    }
    case 17: {
        /* The model changes: the next invalidation (or create) sees it. */
        uint8_t b = fz_u8(in);
        if (b & 1) m->sections = read_count(in);
        if (b & 2) read_section_model(in, &m->s[fz_u8(in) % MODEL_SECTIONS]);
        if (b & 4) m->size_seed = fz_u64(in);
        if (b & 8) {
            m->garbage_every = fz_u8(in) % 8;
            m->garbage_value = fz_garbage(in);
        }
        TRACE("  model: %lld sections\n", (long long)m->sections);
        return;
    }
    case 18: case 19:
        read_section_model(in, &m->s[fz_u8(in) % MODEL_SECTIONS]);
        return;
    case 20: {
        /* Arm a failure or a re-entrant call at the n-th callback of the next calls. */
        uint8_t b = fz_u8(in);
        if (b & 1) {
            m->fail_at = fz_u8(in) % 16;
            static const cl_status statuses[] = {-1, 1, CL_ERROR_CALLBACK, INT32_MIN, INT32_MAX, -100, CL_ERROR_REENTRANT};
            m->fail_status = statuses[fz_u8(in) % 7];
        } else {
            m->reenter_at = fz_u8(in) % 16;
            m->reenter_op = fz_u8(in);
        }
        m->callbacks = 0;
        return;
    }
    case 21: {
        /* A destroyed handle: refused, unless its address is a live layout's again. */
        cl_layout *stale = sl->stale;
        if (!stale || stale == slots[0].layout || stale == slots[1].layout) return;
        cl_size size;
        st = cl_layout_content_size(stale, &size);
        if (st != CL_ERROR_INVALID_HANDLE) fail("a destroyed handle answered %d", st);
        if (!cl_layout_last_error(NULL)[0]) fail("no message for a destroyed handle");
        cl_layout_destroy(stale);  /* twice: ignored */
        st = cl_layout_invalidate(stale);
        if (st != CL_ERROR_INVALID_HANDLE) fail("invalidating a destroyed handle answered %d", st);
        return;
    }
    case 22: {
        int32_t code = (int32_t)fz_u32(in);
        if (fz_u8(in) & 1) code = -(int32_t)(code & 15);
        const char *text = cl_status_string(code);
        if (!text || !text[0]) fail("cl_status_string(%d) is empty", code);
        if (cl_version() != CL_VERSION_NUMBER) fail("cl_version %u", cl_version());
        (void)strlen(cl_layout_last_error(NULL));
        if (layout) (void)strlen(cl_layout_last_error(layout));
        return;
    }
    default:
        if (layout) full_check(layout, read_rect(in));
        return;
    }

    TRACE("  %s: %d %s\n", what, st, st && layout ? cl_layout_last_error(layout) : "");
    if (!layout) return;
    /* A re-entrant destroy of this layout from inside a callback is ignored; a callback may have
     * destroyed the *other* slot's layout, never this one. */
    if (st != CL_OK) {
        if (st > 0 || st < CL_ERROR_LIMIT) fail("%s returned %d", what, st);
        if (!cl_layout_last_error(layout)[0]) fail("%s failed (%d) with no message", what, st);
        if (changes) {
            snapshot after;
            take_snapshot(layout, &after);
            compare_snapshots(&before, &after, what);
            free_snapshot(&after);
        }
    } else if (changes) {
        full_check(layout, extra);
    }
    /* Counts over the limit: refused before any size or frame is asked (SPEC §11 Limits). */
    if (over_by_counts && (st == CL_OK || m->sizes_asked || m->frames_asked))
        fail("%s with counts over the limit: status %d, %lld sizes and %lld frames asked", what, st, (long long)m->sizes_asked,
             (long long)m->frames_asked);
    free_snapshot(&before);
}

/* ---- Entry point -------------------------------------------------------------------------- */

static void reset(void) {
    for (int i = 0; i < SLOTS; i++) {
        cl_layout_destroy(slots[i].layout);
        memset(&slots[i], 0, sizeof slots[i]);
        slots[i].m.slot = i;
        slots[i].m.sections = 1;
        for (int k = 0; k < MODEL_SECTIONS; k++) {
            section_model *s = &slots[i].m.s[k];
            s->items = 3 + k;
            s->width = 60;
            s->height = 40;
            s->columns = 2;
            s->rows = 1;
            s->line_spacing = s->interitem_spacing = 10;
            s->decoration_count = -1;
            s->inline_second_count = -2;
            s->inline_kind_base = CL_KIND_FIRST_USER;
            s->inline_extent = 1;
        }
        effective_limit[i] = CL_MAX_ITEMS;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static int initialized;
    if (!initialized) {
        trace = getenv("FUZZ_TRACE") != NULL;
        atexit(report_calls);
        initialized = 1;
    }
    inputs_run++;
    reset();
    fuzz_input in = {data, size};
    int steps = 0;
    while (in.size > 0 && steps++ < 200) {
        uint8_t op = fz_u8(&in);
        TRACE("op %d\n", op % 24);
        run_op(&in, op);
    }
    for (int i = 0; i < SLOTS; i++)
        if (slots[i].layout) full_check(slots[i].layout, (cl_rect){0, 0, -1, -1});
    for (int i = 0; i < SLOTS; i++) {
        cl_layout_destroy(slots[i].layout);
        slots[i].layout = NULL;
    }
    return 0;
}
