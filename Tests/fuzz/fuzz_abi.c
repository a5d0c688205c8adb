/*
 * fuzz_abi — libFuzzer target over the whole C ABI of libcollectionlayout.
 *
 * The input is a program: a sequence of operations, each an opcode byte followed by its
 * arguments (fuzz_common.h reads them; an input that runs out reads zeros and ends). Two layout
 * slots, each with its own data-source model, are driven by create, destroy, invalidations,
 * viewport and section-offset changes, target offsets, kinds and decorations, queries with random
 * rects, buffers, capacities and element sizes, hit-tests at hostile points and element edges, flings, their samples and the
 * rubber band with hostile numbers, focus moves and prefetch with hostile requests, attributes by identity, stale handles, and model
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
#include <pthread.h>
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
/* Batch updates and diffs: accepted and refused updates, updates compared with a fresh layout,
 * diffs computed and refused. */
static uint64_t updates_accepted, updates_refused, updates_fresh, diffs_ok, diffs_refused;
/* Scroll physics (op 29): flings made and refused, springs among those made. */
static uint64_t flings_ok, flings_refused, flings_spring;
/* Focus and prefetch (op 30): answers (with a target) and refusals. */
static uint64_t focus_ok, focus_targets, focus_refused, prefetch_ok, prefetch_refused;
#define COUNTED(call) (abi_calls++, call)
#define cl_layout_create(...) COUNTED(cl_layout_create(__VA_ARGS__))
#define cl_layout_destroy(...) COUNTED(cl_layout_destroy(__VA_ARGS__))
#define cl_layout_last_error(...) COUNTED(cl_layout_last_error(__VA_ARGS__))
#define cl_layout_register_kind(...) COUNTED(cl_layout_register_kind(__VA_ARGS__))
#define cl_layout_kind_name(...) COUNTED(cl_layout_kind_name(__VA_ARGS__))
#define cl_layout_add_decoration(...) COUNTED(cl_layout_add_decoration(__VA_ARGS__))
#define cl_layout_set_viewport(...) COUNTED(cl_layout_set_viewport(__VA_ARGS__))
#define cl_layout_viewport(...) COUNTED(cl_layout_viewport(__VA_ARGS__))
#define cl_layout_set_content_insets(...) COUNTED(cl_layout_set_content_insets(__VA_ARGS__))
#define cl_layout_content_insets(...) COUNTED(cl_layout_content_insets(__VA_ARGS__))
#define cl_layout_set_display_scale(...) COUNTED(cl_layout_set_display_scale(__VA_ARGS__))
#define cl_layout_display_scale(...) COUNTED(cl_layout_display_scale(__VA_ARGS__))
#define cl_layout_set_layout_direction(...) COUNTED(cl_layout_set_layout_direction(__VA_ARGS__))
#define cl_layout_layout_direction(...) COUNTED(cl_layout_layout_direction(__VA_ARGS__))
#define cl_layout_set_global_header_footer(...) COUNTED(cl_layout_set_global_header_footer(__VA_ARGS__))
#define cl_layout_set_collapse(...) COUNTED(cl_layout_set_collapse(__VA_ARGS__))
#define cl_layout_collapse(...) COUNTED(cl_layout_collapse(__VA_ARGS__))
#define cl_layout_set_collapse_shrink(...) COUNTED(cl_layout_set_collapse_shrink(__VA_ARGS__))
#define cl_layout_target_collapse(...) COUNTED(cl_layout_target_collapse(__VA_ARGS__))
#define cl_layout_global_header_footer(...) COUNTED(cl_layout_global_header_footer(__VA_ARGS__))
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
#define cl_layout_perform_batch_update(...) COUNTED(cl_layout_perform_batch_update(__VA_ARGS__))
#define cl_layout_update_new_section(...) COUNTED(cl_layout_update_new_section(__VA_ARGS__))
#define cl_layout_update_old_section(...) COUNTED(cl_layout_update_old_section(__VA_ARGS__))
#define cl_layout_update_new_item(...) COUNTED(cl_layout_update_new_item(__VA_ARGS__))
#define cl_layout_update_old_item(...) COUNTED(cl_layout_update_old_item(__VA_ARGS__))
#define cl_layout_update_elements(...) COUNTED(cl_layout_update_elements(__VA_ARGS__))
#define cl_layout_update_identities(...) COUNTED(cl_layout_update_identities(__VA_ARGS__))
#define cl_diff_create(...) COUNTED(cl_diff_create(__VA_ARGS__))
#define cl_diff_destroy(...) COUNTED(cl_diff_destroy(__VA_ARGS__))
#define cl_layout_fling(...) COUNTED(cl_layout_fling(__VA_ARGS__))
#define cl_fling_sample(...) COUNTED(cl_fling_sample(__VA_ARGS__))
#define cl_layout_rubber_band(...) COUNTED(cl_layout_rubber_band(__VA_ARGS__))
#define cl_layout_focus(...) COUNTED(cl_layout_focus(__VA_ARGS__))
#define cl_layout_prefetch(...) COUNTED(cl_layout_prefetch(__VA_ARGS__))

/* Printed when the process ends (libFuzzer exits through exit() after -max_total_time/-runs). */
static void report_calls(void) {
    fprintf(stderr, "fuzz_abi: calls: %llu ABI calls in %llu inputs\n", (unsigned long long)abi_calls,
            (unsigned long long)inputs_run);
    fprintf(stderr, "fuzz_abi: updates: %llu accepted (%llu compared with a fresh layout of the new data), %llu refused; "
            "diffs: %llu computed, %llu refused\n", (unsigned long long)updates_accepted, (unsigned long long)updates_fresh,
            (unsigned long long)updates_refused, (unsigned long long)diffs_ok, (unsigned long long)diffs_refused);
    fprintf(stderr, "fuzz_abi: flings: %llu made (%llu springs), %llu refused\n", (unsigned long long)flings_ok,
            (unsigned long long)flings_spring, (unsigned long long)flings_refused);
    fprintf(stderr, "fuzz_abi: focus: %llu answered (%llu with a target), %llu refused; prefetch: %llu answered, %llu refused\n",
            (unsigned long long)focus_ok, (unsigned long long)focus_targets, (unsigned long long)focus_refused,
            (unsigned long long)prefetch_ok, (unsigned long long)prefetch_refused);
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
    uint8_t span_mode;             /* item_spans (SPEC §16): see item_span */
    int32_t packing;               /* CL_PACKING_*, or a hostile value now and then */
    int32_t keyline_count;         /* a scroll effect (SPEC §19): 0 none */
    int32_t curve;                 /* CL_CURVE_*, or a hostile value now and then */
    cl_keyline keylines[3];
} section_model;

/* The explicit data of batch updates and diffs: sections and items with ids, and the data source
 * answers by id (a section's metrics by its id, an item's size or frame by its id and version), so
 * that an update that carries an item carries its answers, and a fresh layout of the new data must
 * equal the updated one. */
enum { X_SECTIONS = 24, X_ITEMS = 600 };
typedef struct xdata {
    int64_t sections;
    int64_t section_id[X_SECTIONS];
    int64_t section_version[X_SECTIONS];     /* a new one: the section is reloaded */
    int64_t count[X_SECTIONS];
    int64_t total;
    int64_t id[X_ITEMS], version[X_ITEMS];   /* section after section */
} xdata;

typedef struct model {
    int slot;
    bool explicit_data;                /* the callbacks answer from x */
    bool synced;                       /* the layout was built from exactly what x answers */
    xdata x;
    int64_t next_id;
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
    /* Badges (SPEC §17.1, op 31): the badge kinds registered on the slot's layout and how
     * item_badges answers (see cb_item_badges). */
    int32_t badge_kinds[4];
    int badge_kind_count;
    uint8_t badge_mode;
} model;

typedef struct kind_call {
    bool decoration;                   /* cl_layout_add_decoration, else cl_layout_register_kind */
    const char *name;
    cl_decoration_def def;
    bool badge;                        /* cl_layout_add_badge with bdef */
    cl_badge_def bdef;
} kind_call;

enum { KIND_LOG = 24 };
enum answers_state { ANSWERS_NONE, ANSWERS_VALID };

typedef struct slot {
    cl_layout *layout;
    /* How the layout was made, to build a fresh one of the same data after an update: the def
     * and data source as passed (blocks of their struct sizes), then the kinds and decorations
     * registered since, in order. */
    void *def_block, *src_block;
    const char *kinds[MAX_KINDS];
    kind_call kind_log[KIND_LOG];
    int kind_log_count;                /* -1: too many to replay */
    enum answers_state answers;        /* the last update's answers are readable */
    int64_t answers_sections[2], answers_items[2][X_SECTIONS];  /* old and new counts */
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

static int64_t x_first(const xdata *x, int64_t section) {
    int64_t first = 0;
    for (int64_t k = 0; k < section && k < x->sections; k++) first += x->count[k];
    return first;
}

static const section_model *sec(const model *m, int64_t section) {
    if (m->explicit_data) {
        /* by id and version: a reloaded section answers other metrics */
        bool known = section >= 0 && section < m->x.sections;
        int64_t id = known ? m->x.section_id[section] + m->x.section_version[section] : section;
        return &m->s[(uint64_t)id % MODEL_SECTIONS];
    }
    uint64_t k = (uint64_t)section % MODEL_SECTIONS;
    return &m->s[k];
}

static int64_t sec_items(const model *m, int64_t section) {
    if (m->explicit_data) return section >= 0 && section < m->x.sections ? m->x.count[section] : 0;
    return sec(m, section)->items;
}

/* Explicit data: the id and version of an item (an item the data source does not have: its own
 * place, so that a host that invalidates stale index paths still gets answers). */
static void x_item(const model *m, int64_t section, int64_t item, int64_t *id, int64_t *version) {
    *id = -1 - section * 100000 - item;
    *version = 0;
    if (section < 0 || section >= m->x.sections || item < 0 || item >= m->x.count[section]) return;
    int64_t k = x_first(&m->x, section) + item;
    *id = m->x.id[k];
    *version = m->x.version[k];
}

/* A value for item `item` of `section`, around base, or the garbage value every n-th time. */
static double vary(const model *m, int64_t section, int64_t item, int which, double base) {
    uint64_t h = mix(m->size_seed ^ mix((uint64_t)section * 0x100000001b3ull + (uint64_t)item * 4 + (uint64_t)which));
    if (m->garbage_every && h % m->garbage_every == 0) return m->garbage_value;
    return base * (double)(1 + h % 4) / 2.0;
}

/* An item's size (or custom frame part `which`): by index path, or by id in explicit data. */
static double item_value(const model *m, int64_t section, int64_t item, int which, double index_base) {
    if (!m->explicit_data) {
        double base = which == 0 ? sec(m, section)->width : which == 1 ? sec(m, section)->height : index_base;
        return vary(m, section, item, which, base);
    }
    int64_t id, version;
    x_item(m, section, item, &id, &version);
    const section_model *t = &m->s[(uint64_t)id % MODEL_SECTIONS];
    double base = which == 0 ? t->width : which == 1 ? t->height : which == 2 ? 10.0 * (double)((uint64_t)id % 7)
                                                                               : 20.0 * (double)((uint64_t)id % 11);
    return vary(m, id, version, which, base);
}

/* An item's span (SPEC §16) by its section's span_mode: 0 every one 1; 1 counts, full and
 * remaining mixed; 2 counts far above any column count (clamped, never an error); 3 now and then
 * a hostile value (0, a negative, INT32_MIN: refused naming the item). With explicit data by the
 * item's id and version, so that an item an update carries keeps the span it was asked. */
static int32_t item_span(const model *m, int64_t section, int64_t item) {
    int64_t key = section * 100003 + item;
    const section_model *t = sec(m, section);
    if (m->explicit_data) {
        int64_t id, version;
        x_item(m, section, item, &id, &version);
        key = id * 31 + version;
        t = &m->s[(uint64_t)id % MODEL_SECTIONS];
    }
    uint64_t h = ((uint64_t)key * 0x9E3779B97F4A7C15u) >> 40;
    static const int32_t hostile[] = {0, -3, INT32_MIN, -2, -1, 1};
    switch (t->span_mode % 4) {
    case 1: return h % 5 == 0 ? CL_SPAN_FULL : h % 7 == 0 ? CL_SPAN_REMAINING : (int32_t)(1 + h % 4);
    case 2: return h % 3 == 0 ? INT32_MAX : (int32_t)(1 + h % 1000);
    case 3: return h % 13 == 0 ? hostile[h % 6] : (int32_t)(1 + h % 2);
    default: return 1;
    }
}

static slot *slot_of(void *user_data) { return &slots[((model *)user_data)->slot]; }

/* Called at the start of every callback: counts it, and fails or re-enters when armed. */
static cl_status callback_hook(model *m);

static cl_status cb_section_count(void *u, int64_t *out) {
    model *m = u;
    cl_status s = callback_hook(m);
    if (s) return s;
    *out = m->explicit_data ? m->x.sections : m->sections;
    return CL_OK;
}

static cl_status cb_item_count(void *u, int64_t section, int64_t *out) {
    model *m = u;
    cl_status s = callback_hook(m);
    if (s) return s;
    int64_t sections = m->no_section_count ? 1 : m->explicit_data ? m->x.sections : m->sections;
    if (section < 0 || section >= sections) fail("item_count asked for section %lld of %lld", (long long)section, (long long)sections);
    *out = sec_items(m, section);
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
    for (int64_t i = 0; i < count; i++) {
        out[i].width = item_value(m, section, first + i, 0, 0);
        out[i].height = item_value(m, section, first + i, 1, 0);
    }
    return CL_OK;
}

static cl_status cb_item_spans(void *u, int64_t section, int64_t first, int64_t count, int32_t *out) {
    model *m = u;
    cl_status s = callback_hook(m);
    if (s) return s;
    if (section < 0 || first < 0 || count < 0)
        fail("item_spans(section %lld, first %lld, count %lld)", (long long)section, (long long)first, (long long)count);
    for (int64_t i = 0; i < count; i++) out[i] = item_span(m, section, first + i);
    return CL_OK;
}

/* The badges of items (SPEC §17.1), from the item's key as item_span's (an item an update carries
 * keeps its badges): mode 1 some of the registered kinds, now and then with an own size; 2 the same
 * with a hostile answer now and then (two of a kind, an item not asked, an unregistered kind, a
 * negative or NaN size); 3 every kind on every item; 0 none. */
static cl_status cb_item_badges(void *u, int64_t section, int64_t first, int64_t count, cl_item_badge *out, int64_t capacity,
                                int64_t *out_count) {
    model *m = u;
    cl_status s = callback_hook(m);
    if (s) return s;
    if (section < 0 || first < 0 || count < 0 || capacity < 0 || !out_count)
        fail("item_badges(section %lld, first %lld, count %lld, capacity %lld)", (long long)section, (long long)first,
             (long long)count, (long long)capacity);
    int64_t n = 0;
    for (int64_t i = 0; i < count && m->badge_kind_count > 0 && m->badge_mode % 4; i++) {
        int64_t item = first + i, key = section * 100003 + item;
        if (m->explicit_data) {
            int64_t id, version;
            x_item(m, section, item, &id, &version);
            key = id * 31 + version;
        }
        uint64_t h = ((uint64_t)key * 0x9E3779B97F4A7C15u) >> 40;
        for (int k = 0; k < m->badge_kind_count; k++) {
            if (m->badge_mode % 4 != 3 && !((h >> k) & 1)) continue;
            cl_item_badge b = {.item = item, .kind = m->badge_kinds[k]};
            if ((h >> (4 + k)) % 5 == 0) b.has_size = 1, b.size = (cl_size){(double)((h >> 8) % 60), (double)((h >> 14) % 40)};
            if (m->badge_mode % 4 == 2 && (h >> (20 + k)) % 11 == 0) {
                switch ((h >> 30) % 5) {
                case 0: if (n < capacity) out[n] = b; n++; break;  /* the same kind twice */
                case 1: b.item = first + count + (int64_t)(h % 3); break;
                case 2: b.kind = (h & 1) ? CL_KIND_HEADER : 9999; break;
                case 3: b.has_size = 1, b.size.width = -1; break;
                default: b.has_size = 1, b.size.height = NAN; break;
                }
            }
            if (n < capacity) out[n] = b;
            n++;
        }
    }
    *out_count = n;
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
    for (int64_t i = 0; i < count; i++) {
        out[i].x = item_value(m, section, first + i, 2, 10.0 * (double)(i % 7));
        out[i].y = item_value(m, section, first + i, 3, 20.0 * (double)((first + i) / 3));
        out[i].width = item_value(m, section, first + i, 0, 0);
        out[i].height = item_value(m, section, first + i, 1, 0);
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
    inout->packing = sm->packing;
    inout->decoration_kind_count = sm->decoration_count;
    /* The list lives in the model; the engine must copy it before the callback's caller returns. */
    inout->decoration_kinds = sm->decoration_null ? NULL : sm->decoration_ids;
    inout->effect_keyline_count = sm->keyline_count;
    inout->effect_keylines = sm->keylines;  /* copied by the engine, like the decoration list */
    inout->effect_curve = sm->curve;
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
        int64_t items = sec_items(m, section);
        switch (sm->inline_before_mode) {
        case 0: out[i].before = items > 0 ? (i * 7) % (items + 1) : 0; break;
        case 1: out[i].before = 0; break;
        default: out[i].before = items + 1 + i; break;
        }
        int64_t which = m->explicit_data && section < m->x.sections ? m->x.section_id[section] : section;
        out[i].extent = vary(m, which, i, 4, sm->inline_extent);
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
        !(a->scale >= 0 && isfinite(a->scale)) ||
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
    /* The layout's own header and footer (SPEC §17.2), at [0, 0] even without sections. */
    for (int32_t kind = CL_KIND_GLOBAL_HEADER; kind <= CL_KIND_GLOBAL_FOOTER; kind++)
        if (cl_layout_attributes(layout, CL_CATEGORY_SUPPLEMENTARY, kind, 0, 0, &a, sizeof a) == CL_OK) set_add(all, &a);
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

static const uint32_t layout_def_sizes[] = {0, 1, 4, 8, 159, 160, 161, 168, 176, 184, 215, 216, 217, 224, 4096, 4097, 200};
static const uint32_t source_def_sizes[] = {0, 4, 55, 56, 57, 63, 72, 73, 4096, 4097, 100, 80, 81, 87};
static const uint32_t badge_def_sizes[] = {0, 4, 20, 56, 55, 57, 4096, 4097};
static const uint32_t decoration_def_sizes[] = {0, 4, 40, 47, 48, 56, 4096, 4097};
static const uint32_t metrics_sizes[] = {0, 88, 89, 8, 104, 112, 136, 137, 200, 4096, 1u << 31};
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

/* A display scale (SPEC §20.2): usual ones, odd ones and refused ones (negative, not finite,
 * subnormal). */
static double read_display_scale(fuzz_input *in) {
    static const double scales[] = {0, 1, 2, 3, 0.5, 1.0 / 3, 1.5, 1e-300, 1e300, -1, NAN, INFINITY, 4.9e-324};
    uint8_t k = fz_u8(in);
    return k < 200 ? scales[k % (sizeof scales / sizeof scales[0])] : fz_double(in);
}

/* An extent of the layout's own header or footer (SPEC §17.2): usual ones, huge ones and refused
 * ones (negative, not finite). */
static double read_layout_extent(fuzz_input *in) {
    static const double extents[] = {0, 50, 30, 0.5, 1e-300, 1e308, 1.7e308, -1, NAN, INFINITY, -0.0};
    uint8_t k = fz_u8(in);
    return k < 200 ? extents[k % (sizeof extents / sizeof extents[0])] : fz_extent(in);
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
    uint8_t spans = fz_u8(in);
    s->span_mode = spans % 4;
    s->packing = spans < 250 ? (spans >> 2) & 1 : spans == 250 ? -1 : 2;  /* rarely not a CL_PACKING_* */
    s->keyline_count = 0;
    if (spans < 250 && (spans & 8)) {  /* a scroll effect (SPEC §19): sometimes bad numbers or a bad curve */
        uint8_t e = fz_u8(in);
        s->keyline_count = e % 4;  /* 0: none */
        s->curve = e < 250 ? (e >> 2) & 1 : (int32_t)e;
        for (int32_t k = 0; k < s->keyline_count; k++) {
            uint8_t v = fz_u8(in);
            s->keylines[k] = (cl_keyline){v < 200 ? (double)(v % 5) / 4 : fz_double(in), v < 200 ? (double)(v % 7) * 40 - 120 : fz_double(in),
                                          v < 230 ? (double)(v % 9) / 4 : -1, v < 240 ? (double)(v % 5) / 4 : 1.5,
                                          v < 250 ? (int32_t)(v % 21) - 10 : 2000000, 0};
        }
    }
}

/* ---- The guard: sizes worth building ------------------------------------------------------ */

/* What the model's counts add up to, as the engine counts them (sections, items, inline
 * elements), saturating; *negative if a count is negative (the engine refuses it at once). */
static double model_total(const model *m, bool *negative, double *without_inlines) {
    if (m->explicit_data) {
        int64_t sections = m->no_section_count ? 1 : m->x.sections;
        double total = (double)sections, inlines = 0;
        *negative = false;
        for (int64_t k = 0; k < sections && k < m->x.sections; k++) {
            const section_model *s = sec(m, k);
            total += (double)m->x.count[k];
            if (s->inline_count < 0 && !m->no_inline) *negative = true;
            if (!m->no_inline) inlines += (double)(s->inline_count > 0 ? s->inline_count : 0);
        }
        *without_inlines = total;
        return total + inlines;
    }
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
                    if (o == CL_OK) {
                        other->answers = ANSWERS_NONE;
                        other->m.synced = true;
                    }
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
    const char **kind_storage = sl->kinds;
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
        if (r & 4) def.content_insets = read_insets(in);
        if (r & 8) def.display_scale = read_display_scale(in);
        if (r & 16) {  /* the layout's own header and footer, SPEC §17.2 */
            def.global_header = read_layout_extent(in);
            def.global_footer = read_layout_extent(in);
            uint8_t c = fz_u8(in);  /* a collapsing header (SPEC §18): now and then a bad mode, flag or min */
            if (c >= 128) {
                def.collapse_mode = c % 6;
                def.collapse_flags = (c >> 3) & 15;
                def.collapse_min = read_layout_extent(in);
            }
        }
        def.pin_global_header = (r >> 5) & 1;
        def.pin_global_footer = (r >> 6) & 1;
        if (r & 128) {  /* right to left, SPEC §15: now and then a bad value */
            uint8_t d = fz_u8(in);
            def.layout_direction = d < 240 ? CL_LAYOUT_DIRECTION_RTL : 2 + d % 3;
        }
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
    src.item_spans = cbs & 32 ? NULL : cb_item_spans;
    src.item_badges = cbs & 64 ? NULL : cb_item_badges;
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
    free(sl->def_block);
    free(sl->src_block);
    sl->def_block = def_block;
    sl->src_block = src_block;
    sl->kind_log_count = 0;
    sl->m.badge_kind_count = 0;
    sl->answers = ANSWERS_NONE;
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
    sl->m.synced = true;
}

/* ---- Batch updates and diffs (SPEC §10.2, §10.3) ------------------------------------------ */

static void x_remove_item(xdata *x, int64_t section, int64_t item, int64_t *id, int64_t *version) {
    int64_t k = x_first(x, section) + item;
    *id = x->id[k];
    *version = x->version[k];
    memmove(&x->id[k], &x->id[k + 1], sizeof x->id[0] * (size_t)(x->total - k - 1));
    memmove(&x->version[k], &x->version[k + 1], sizeof x->version[0] * (size_t)(x->total - k - 1));
    x->count[section]--;
    x->total--;
}

static void x_insert_item(xdata *x, int64_t section, int64_t item, int64_t id, int64_t version) {
    int64_t k = x_first(x, section) + item;
    memmove(&x->id[k + 1], &x->id[k], sizeof x->id[0] * (size_t)(x->total - k));
    memmove(&x->version[k + 1], &x->version[k], sizeof x->version[0] * (size_t)(x->total - k));
    x->id[k] = id;
    x->version[k] = version;
    x->count[section]++;
    x->total++;
}

/* Removes a section with its items into ids/versions (at most X_ITEMS). */
static int64_t x_remove_section(xdata *x, int64_t section, int64_t *id, int64_t *ids, int64_t *versions) {
    int64_t n = x->count[section], first = x_first(x, section);
    memcpy(ids, &x->id[first], sizeof *ids * (size_t)n);
    memcpy(versions, &x->version[first], sizeof *versions * (size_t)n);
    memmove(&x->id[first], &x->id[first + n], sizeof x->id[0] * (size_t)(x->total - first - n));
    memmove(&x->version[first], &x->version[first + n], sizeof x->version[0] * (size_t)(x->total - first - n));
    x->total -= n;
    *id = x->section_id[section];
    memmove(&x->section_id[section], &x->section_id[section + 1], sizeof x->section_id[0] * (size_t)(x->sections - section - 1));
    memmove(&x->section_version[section], &x->section_version[section + 1], sizeof x->section_version[0] * (size_t)(x->sections - section - 1));
    memmove(&x->count[section], &x->count[section + 1], sizeof x->count[0] * (size_t)(x->sections - section - 1));
    x->sections--;
    return n;
}

static void x_insert_section(xdata *x, int64_t section, int64_t id, const int64_t *ids, const int64_t *versions, int64_t n) {
    memmove(&x->section_id[section + 1], &x->section_id[section], sizeof x->section_id[0] * (size_t)(x->sections - section));
    memmove(&x->section_version[section + 1], &x->section_version[section], sizeof x->section_version[0] * (size_t)(x->sections - section));
    memmove(&x->count[section + 1], &x->count[section], sizeof x->count[0] * (size_t)(x->sections - section));
    x->section_id[section] = id;
    x->section_version[section] = 0;
    x->count[section] = 0;
    x->sections++;
    for (int64_t i = 0; i < n; i++) x_insert_item(x, section, i, ids[i], versions[i]);
}

/* A random edit of the explicit data, as a host changes its data. *reloads: a version (of an
 * item or a section) changed;
 * *dupes: an id now appears twice. */
static void x_edit(fuzz_input *in, model *m, xdata *x, bool *reloads, bool *dupes) {
    uint8_t kind = fz_u8(in) % 8;
    int64_t a = fz_u8(in), b = fz_u8(in);
    int64_t ids[X_ITEMS], versions[X_ITEMS], id, version;
    /* a nonempty section, from a */
    int64_t s = -1;
    for (int64_t k = 0; k < x->sections; k++)
        if (x->count[(a + k) % x->sections]) { s = (a + k) % x->sections; break; }
    switch (kind) {
    case 0:
        if (s >= 0) x_remove_item(x, s, b % x->count[s], &id, &version);
        break;
    case 1:
        if (x->sections && x->total < X_ITEMS) x_insert_item(x, a % x->sections, b % (x->count[a % x->sections] + 1), m->next_id++, 0);
        break;
    case 2:
        if (s >= 0) {
            x_remove_item(x, s, b % x->count[s], &id, &version);
            int64_t t = fz_u8(in) % x->sections;
            x_insert_item(x, t, fz_u8(in) % (x->count[t] + 1), id, version);
        }
        break;
    case 3:
        if ((b & 3) == 3 && x->sections) {  /* a section reloaded */
            x->section_version[a % x->sections]++;
            *reloads = true;
        } else if (s >= 0) {
            x->version[x_first(x, s) + b % x->count[s]]++;
            *reloads = true;
        }
        break;
    case 4:
        if (x->sections) x_remove_section(x, a % x->sections, &id, ids, versions);
        break;
    case 5:
        if (x->sections < X_SECTIONS) {
            int64_t n = b % 5;
            if (x->total + n > X_ITEMS) n = 0;
            for (int64_t i = 0; i < n; i++) ids[i] = m->next_id++, versions[i] = 0;
            x_insert_section(x, a % (x->sections + 1), m->next_id++, ids, versions, n);
        }
        break;
    case 6:
        if (x->sections) {
            version = x->section_version[a % x->sections];
            int64_t n = x_remove_section(x, a % x->sections, &id, ids, versions), to = b % (x->sections + 1);
            x_insert_section(x, to, id, ids, versions, n);
            x->section_version[to] = version;  /* a moved section keeps its version */
        }
        break;
    default:
        if ((b & 1) && x->sections >= 2 && a % x->sections != (a + 1) % x->sections) {
            x->section_id[a % x->sections] = x->section_id[(a + 1) % x->sections];
            *dupes = true;
        } else if (x->total >= 2) {
            x->id[a % x->total] = x->id[(a + 1 + b % (x->total - 1)) % x->total];
            *dupes = a % x->total != (a + 1 + b % (x->total - 1)) % x->total || *dupes;
        }
    }
}

/* A block of exactly `count` elements, the first `filled` of them copied from p. */
static int64_t *exact_copy_of(const void *p, int64_t count, int64_t filled, size_t element) {
    size_t bytes = (size_t)(count > 0 ? count : 0) * element;
    void *q = malloc(bytes ? bytes : 1);
    if (bytes && p && filled > 0) memcpy(q, p, (size_t)filled * element);
    return q;
}

static int64_t *exact_copy(const void *p, int64_t count, size_t element) { return exact_copy_of(p, count, count, element); }

typedef struct place { int64_t id, section, item, version; } place;

static int compare_place(const void *pa, const void *pb) {
    const place *a = pa, *b = pb;
    return a->id < b->id ? -1 : a->id > b->id;
}

/* Every item of x with its place, sorted by id. */
static place *x_places(const xdata *x) {
    place *p = malloc(sizeof *p * (size_t)(x->total ? x->total : 1));
    int64_t k = 0;
    for (int64_t s = 0; s < x->sections; s++)
        for (int64_t i = 0; i < x->count[s]; i++, k++) p[k] = (place){x->id[k], s, i, x->version[k]};
    qsort(p, (size_t)x->total, sizeof *p, compare_place);
    return p;
}

static const place *find_place(const place *p, int64_t n, int64_t id) {
    place key = {id, 0, 0, 0};
    return bsearch(&key, p, (size_t)n, sizeof *p, compare_place);
}

static int64_t x_section_index(const xdata *x, int64_t id) {
    for (int64_t s = 0; s < x->sections; s++)
        if (x->section_id[s] == id) return s;
    return -1;
}

static bool x_has_dupes(const xdata *x) {
    for (int64_t a = 0; a < x->sections; a++)
        for (int64_t b = a + 1; b < x->sections; b++)
            if (x->section_id[a] == x->section_id[b]) return true;
    place *p = x_places(x);
    bool dupes = false;
    for (int64_t k = 0; k + 1 < x->total; k++) dupes = dupes || p[k].id == p[k + 1].id;
    free(p);
    return dupes;
}

/* A fresh layout of the data source's data (the same def, kinds and decorations, viewport and
 * section offsets as `layout`) answers exactly as `layout` does. */
static void compare_fresh(slot *sl, cl_layout *layout, const char *what) {
    if (sl->kind_log_count < 0 || !sl->def_block || !sl->src_block) return;
    model *m = &sl->m;
    int64_t fail_at = m->fail_at, reenter_at = m->reenter_at, callbacks = m->callbacks;
    m->fail_at = m->reenter_at = 0;
    cl_layout *fresh = NULL;
    cl_status st = cl_layout_create(sl->def_block, sl->src_block, &fresh);
    if (st != CL_OK) fail("%s: a fresh layout of the new data fails: %d %s", what, st, cl_layout_last_error(NULL));
    bool badges = false;
    for (int k = 0; k < sl->kind_log_count; k++) {
        int32_t kind;
        const kind_call *c = &sl->kind_log[k];
        st = c->badge ? cl_layout_add_badge(fresh, c->name, &c->bdef, &kind)
            : c->decoration ? cl_layout_add_decoration(fresh, c->name, &c->def, &kind) : cl_layout_register_kind(fresh, c->name, &kind);
        if (st != CL_OK) fail("%s: replaying kind \"%s\" on a fresh layout: %d %s", what, c->name, st, cl_layout_last_error(fresh));
        badges = badges || c->badge;
    }
    /* Badge data is read at a full load after the kinds are registered (SPEC §17.1). */
    if (badges && (st = cl_layout_invalidate(fresh)) != CL_OK)
        fail("%s: a fresh layout with badges fails: %d %s", what, st, cl_layout_last_error(fresh));
    cl_rect v;
    cl_layout_viewport(layout, &v);
    if ((st = cl_layout_set_viewport(fresh, v)) != CL_OK) fail("%s: the fresh layout refuses the viewport: %s", what, cl_layout_last_error(fresh));
    cl_insets insets;
    double scale;
    if (cl_layout_content_insets(layout, &insets) != CL_OK || cl_layout_set_content_insets(fresh, insets) != CL_OK ||
        cl_layout_display_scale(layout, &scale) != CL_OK || cl_layout_set_display_scale(fresh, scale) != CL_OK)
        fail("%s: the fresh layout refuses the content insets or the display scale: %s", what, cl_layout_last_error(fresh));
    double gh, gf;
    int32_t pin_gh, pin_gf;
    if (cl_layout_global_header_footer(layout, &gh, &gf, &pin_gh, &pin_gf) != CL_OK ||
        cl_layout_set_global_header_footer(fresh, gh, gf, pin_gh, pin_gf) != CL_OK)
        fail("%s: the fresh layout refuses the layout's header and footer: %s", what, cl_layout_last_error(fresh));
    int32_t direction = -1;
    if (cl_layout_layout_direction(layout, &direction) != CL_OK || cl_layout_set_layout_direction(fresh, direction) != CL_OK)
        fail("%s: the fresh layout refuses the layout direction %d: %s", what, direction, cl_layout_last_error(fresh));
    /* (The direction moves a horizontal viewport: the layout's viewport again, physical.) */
    if ((st = cl_layout_set_viewport(fresh, v)) != CL_OK) fail("%s: the fresh layout refuses the viewport: %s", what, cl_layout_last_error(fresh));
    int64_t sections = 0;
    cl_layout_section_count(layout, &sections);
    for (int64_t s = 0; s < sections; s++) {
        cl_section_scroll sc;
        if (cl_layout_section_scroll(layout, s, &sc, sizeof sc) == CL_OK && cl_layout_set_section_offset(fresh, s, sc.offset) != CL_OK)
            fail("%s: section %lld's offset %g on the fresh layout: %s", what, (long long)s, sc.offset, cl_layout_last_error(fresh));
    }
    snapshot a, b;
    take_snapshot(layout, &a);
    take_snapshot(fresh, &b);
    fprintf(stderr, trace ? "  comparing with a fresh layout of the new data\n" : "");
    if (a.status != b.status || memcmp(&a.content, &b.content, sizeof a.content) || memcmp(&a.viewport, &b.viewport, sizeof a.viewport) ||
        a.sections != b.sections || memcmp(a.items, b.items, sizeof a.items) || a.count != b.count)
        fail("%s: the updated layout (content %g x %g, %lld sections, %lld elements) differs from a fresh layout of the new data "
             "(content %g x %g, %lld sections, %lld elements)", what, a.content.width, a.content.height, (long long)a.sections,
             (long long)a.count, b.content.width, b.content.height, (long long)b.sections, (long long)b.count);
    for (int64_t i = 0; i < a.count; i++)
        if (memcmp(&a.elements[i], &b.elements[i], sizeof(cl_attributes)))
            fail("%s: element %lld (%d, %d, %lld, %lld) is (%g, %g, %g, %g) z %d alpha %g hidden %d after the update, "
                 "(%d, %d, %lld, %lld) (%g, %g, %g, %g) z %d alpha %g hidden %d in a fresh layout", what, (long long)i,
                 a.elements[i].category, a.elements[i].kind, (long long)a.elements[i].section, (long long)a.elements[i].item,
                 a.elements[i].frame.x, a.elements[i].frame.y, a.elements[i].frame.width, a.elements[i].frame.height,
                 a.elements[i].z, a.elements[i].alpha, a.elements[i].hidden, b.elements[i].category, b.elements[i].kind,
                 (long long)b.elements[i].section, (long long)b.elements[i].item, b.elements[i].frame.x, b.elements[i].frame.y,
                 b.elements[i].frame.width, b.elements[i].frame.height, b.elements[i].z, b.elements[i].alpha, b.elements[i].hidden);
    free_snapshot(&a);
    free_snapshot(&b);
    cl_layout_destroy(fresh);
    m->fail_at = fail_at;
    m->reenter_at = reenter_at;
    m->callbacks = callbacks;
}

/* The map of an accepted update: old <-> new places are inverse, in range; places out of range
 * are refused. */
static void check_map(cl_layout *layout, const slot *sl) {
    int64_t olds = sl->answers_sections[0], news = sl->answers_sections[1], out = -7;
    cl_index_path p, q;
    for (int64_t o = 0; o < olds; o++) {
        if (cl_layout_update_new_section(layout, o, &out) != CL_OK || out < -1 || out >= news)
            fail("update_new_section(%lld) = %lld of %lld", (long long)o, (long long)out, (long long)news);
        int64_t back = -7;
        if (out >= 0 && (cl_layout_update_old_section(layout, out, &back) != CL_OK || back != o))
            fail("update_old_section(%lld) = %lld, not %lld", (long long)out, (long long)back, (long long)o);
        for (int64_t i = 0; o < X_SECTIONS && i < sl->answers_items[0][o]; i++) {
            if (cl_layout_update_new_item(layout, (cl_index_path){o, i}, &p) != CL_OK)
                fail("update_new_item(%lld, %lld): %s", (long long)o, (long long)i, cl_layout_last_error(layout));
            if (p.section == -1 ? p.item != -1 : (p.section < 0 || p.section >= news || p.item < 0 ||
                                                  (p.section < X_SECTIONS && p.item >= sl->answers_items[1][p.section])))
                fail("update_new_item(%lld, %lld) = (%lld, %lld)", (long long)o, (long long)i, (long long)p.section, (long long)p.item);
            if (p.section >= 0 && (cl_layout_update_old_item(layout, p, &q) != CL_OK || q.section != o || q.item != i))
                fail("update_old_item(%lld, %lld) = (%lld, %lld), not (%lld, %lld)", (long long)p.section, (long long)p.item,
                     (long long)q.section, (long long)q.item, (long long)o, (long long)i);
        }
    }
    if (cl_layout_update_new_section(layout, olds, &out) != CL_ERROR_OUT_OF_RANGE ||
        cl_layout_update_old_section(layout, news, &out) != CL_ERROR_OUT_OF_RANGE ||
        cl_layout_update_new_section(layout, -1, &out) != CL_ERROR_OUT_OF_RANGE)
        fail("update_new/old_section out of range: not OUT_OF_RANGE");
    if (olds > 0 && olds <= X_SECTIONS &&
        cl_layout_update_new_item(layout, (cl_index_path){0, sl->answers_items[0][0]}, &p) != CL_ERROR_OUT_OF_RANGE)
        fail("update_new_item past section 0's items: not OUT_OF_RANGE");
}

/* An accepted diff: every carried id is where it is in the new lists. */
static void check_diff_map(cl_layout *layout, const xdata *old_x, const xdata *new_x) {
    place *np = x_places(new_x);
    int64_t k = 0;
    for (int64_t os = 0; os < old_x->sections; os++) {
        int64_t ns = x_section_index(new_x, old_x->section_id[os]), got = -7;
        /* a section with a new version is reloaded in place, or deleted (and inserted) */
        bool changed = ns >= 0 && new_x->section_version[ns] != old_x->section_version[os];
        if (cl_layout_update_new_section(layout, os, &got) != CL_OK || !(got == ns || (changed && got == -1)))
            fail("diff: section id %lld: old section %lld went to %lld, the new lists have it at %lld", (long long)old_x->section_id[os],
                 (long long)os, (long long)got, (long long)ns);
        for (int64_t oi = 0; oi < old_x->count[os]; oi++, k++) {
            const place *p = find_place(np, new_x->total, old_x->id[k]);
            /* carried: both its sections are in both lists with their versions unchanged */
            int64_t from = p ? x_section_index(old_x, new_x->section_id[p->section]) : -1;
            bool carried = ns >= 0 && !changed && p && from >= 0 &&
                           old_x->section_version[from] == new_x->section_version[p->section];
            cl_index_path to;
            if (cl_layout_update_new_item(layout, (cl_index_path){os, oi}, &to) != CL_OK) fail("diff: update_new_item");
            bool at_place = carried && to.section == p->section && to.item == p->item;
            bool gone = to.section == -1 && to.item == -1;
            if (carried ? !(at_place || (gone && p->version != old_x->version[k])) : !gone)
                fail("diff: item id %lld at (%lld, %lld) went to (%lld, %lld); the new lists have it %s (%lld, %lld)",
                     (long long)old_x->id[k], (long long)os, (long long)oi, (long long)to.section, (long long)to.item,
                     carried ? "carried to" : "not carried, at", p ? (long long)p->section : -1LL, p ? (long long)p->item : -1LL);
        }
    }
    free(np);
}

/* 152 and 48: the sizes before reload_sections and section_versions were appended */
static const uint32_t update_sizes[] = {0, 4, 40, 100, 151, 152, 160, 167, 168, 169, 4096, 4097};
static const uint32_t diff_side_sizes[] = {0, 4, 40, 47, 48, 55, 56, 64, 4096, 4097};
static const size_t summary_sizes[] = {0, 8, 40, 63, 64, 65, 72, 4096};
static const size_t change_sizes[] = {0, 8, 72, 167, 168, 169, 176, 4096};

/* Performs `u` on the slot's layout with the data source switched to new_x. `exact`: new_x is
 * what the update makes of the old data (a diff's own update), so an accepted update must equal a
 * fresh layout of new_x. */
static void perform(fuzz_input *in, slot *sl, const cl_batch_update *u, const xdata *new_x, bool exact, const char *what) {
    model *m = &sl->m;
    cl_layout *layout = sl->layout;
    xdata old_x = m->x;
    bool was_synced = m->synced;
    snapshot before;
    take_snapshot(layout, &before);
    int64_t old_counts[X_SECTIONS] = {0};
    for (int64_t s = 0; s < X_SECTIONS && s < before.sections; s++) cl_layout_item_count(layout, s, &old_counts[s]);
    m->x = *new_x;
    int64_t limit = effective_limit[m->slot];
    if (limit < 0 || limit > CL_MAX_ITEMS) limit = CL_MAX_ITEMS;
    if (!worth_building(m, limit)) {
        m->x = old_x;
        free_snapshot(&before);
        return;
    }
    uint8_t b = fz_u8(in);
    size_t summary_size = b < 200 ? sizeof(cl_update_summary) : summary_sizes[b % 8];
    uint8_t *summary = b == 255 ? NULL : malloc(summary_size ? summary_size : 1);
    if (summary) memset(summary, 0xab, summary_size ? summary_size : 1);
    void *block = sized_copy(in, u, sizeof *u, update_sizes, sizeof update_sizes / sizeof update_sizes[0], NULL);
    m->callbacks = 0;
    m->sizes_asked = m->frames_asked = 0;
    cl_status st = cl_layout_perform_batch_update(layout, fz_u8(in) == 255 ? NULL : block, (cl_update_summary *)summary, summary_size);
    free(block);
    TRACE("  %s: %d %s\n", what, st, st ? cl_layout_last_error(layout) : "");
    if (st != CL_OK) {
        if (st > 0 || st < CL_ERROR_LIMIT || !cl_layout_last_error(layout)[0]) fail("%s returned %d with message \"%s\"", what, st, cl_layout_last_error(layout));
        snapshot after;
        take_snapshot(layout, &after);
        compare_snapshots(&before, &after, what);
        free_snapshot(&after);
        m->x = old_x;  /* the host keeps its data */
        updates_refused++;
        free(summary);
        free_snapshot(&before);
        return;
    }
    updates_accepted++;
    sl->answers = ANSWERS_VALID;
    sl->answers_sections[0] = before.sections;
    memcpy(sl->answers_items[0], old_counts, sizeof old_counts);
    cl_layout_section_count(layout, &sl->answers_sections[1]);
    for (int64_t s = 0; s < X_SECTIONS; s++) {
        sl->answers_items[1][s] = 0;
        if (s < sl->answers_sections[1]) cl_layout_item_count(layout, s, &sl->answers_items[1][s]);
    }
    if (summary && summary_size >= sizeof(cl_update_summary)) {
        cl_update_summary sum;
        memcpy(&sum, summary, sizeof sum);
        cl_rect v;
        int64_t n = -1;
        cl_layout_viewport(layout, &v);
        if (memcmp(&v, &sum.viewport, sizeof v) || !isfinite(sum.adjustment) || !isfinite(sum.content_size_change))
            fail("%s: summary viewport (%g, %g, %g, %g) adjustment %g change %g; the layout's viewport (%g, %g, %g, %g)", what,
                 sum.viewport.x, sum.viewport.y, sum.viewport.width, sum.viewport.height, sum.adjustment, sum.content_size_change,
                 v.x, v.y, v.width, v.height);
        if (cl_layout_update_elements(layout, NULL, 0, sizeof(cl_element_change), &n) != CL_OK || n != sum.element_count)
            fail("%s: summary says %lld records, update_elements %lld", what, (long long)sum.element_count, (long long)n);
        if (cl_layout_update_identities(layout, 1, NULL, 0, sizeof(cl_attributes), &n) != CL_OK || n != sum.inserted_count)
            fail("%s: summary says %lld inserted, update_identities %lld", what, (long long)sum.inserted_count, (long long)n);
        if (cl_layout_update_identities(layout, 0, NULL, 0, sizeof(cl_attributes), &n) != CL_OK || n != sum.deleted_count)
            fail("%s: summary says %lld deleted, update_identities %lld", what, (long long)sum.deleted_count, (long long)n);
        for (size_t z = sizeof sum; z < summary_size; z++)
            if (summary[z]) fail("%s: summary byte %zu past the struct is %d", what, z, summary[z]);
    }
    free(summary);
    free_snapshot(&before);
    check_map(layout, sl);
    m->synced = was_synced && exact;
    if (m->synced) {
        /* (With no section_count callback the layout reads one section whatever the data has.) */
        if (sl->answers_sections[0] == old_x.sections) check_diff_map(layout, &old_x, new_x);
        compare_fresh(sl, layout, what);
        updates_fresh++;
    }
    full_check(layout, (cl_rect){0, 0, -1, -1});
}

/* Op 24: the data source switches to explicit data (taken from the layout's counts, or new),
 * and the layout is invalidated to read it. */
static void op_explicit(fuzz_input *in, slot *sl) {
    model *m = &sl->m;
    cl_layout *layout = sl->layout;
    xdata *x = &m->x;
    memset(x, 0, sizeof *x);
    int64_t sections = -1;
    bool from_layout = layout && !(fz_u8(in) & 1) && cl_layout_section_count(layout, &sections) == CL_OK && sections <= X_SECTIONS;
    if (!from_layout) sections = fz_u8(in) % 7;
    x->sections = sections;
    for (int64_t s = 0; s < sections; s++) {
        int64_t n = 0;
        if (from_layout) cl_layout_item_count(layout, s, &n);
        else n = fz_u8(in) % 13;
        if (x->total + n > X_ITEMS) n = 0;
        x->section_id[s] = m->next_id++;
        x->count[s] = n;
        for (int64_t i = 0; i < n; i++) x->id[x->total + i] = m->next_id++;
        x->total += n;
    }
    m->explicit_data = true;
    m->synced = false;
    TRACE("  explicit data: %lld sections, %lld items\n", (long long)x->sections, (long long)x->total);
    if (!layout) return;
    int64_t limit = effective_limit[m->slot];
    if (limit < 0 || limit > CL_MAX_ITEMS) limit = CL_MAX_ITEMS;
    if (!worth_building(m, limit)) return;
    snapshot before;
    take_snapshot(layout, &before);
    m->callbacks = 0;
    cl_status st = cl_layout_invalidate(layout);
    TRACE("  cl_layout_invalidate: %d %s\n", st, st ? cl_layout_last_error(layout) : "");
    if (st == CL_OK) {
        m->synced = true;
        sl->answers = ANSWERS_NONE;
        full_check(layout, (cl_rect){0, 0, -1, -1});
    } else {
        snapshot after;
        take_snapshot(layout, &after);
        compare_snapshots(&before, &after, "cl_layout_invalidate (explicit data)");
        free_snapshot(&after);
    }
    free_snapshot(&before);
}

/* A hostile count for a diff side: negative, or over the element limit (refused before reading). */
static int64_t hostile_count(fuzz_input *in) {
    static const int64_t counts[] = {-1, INT64_MIN, (int64_t)CL_MAX_ITEMS + 1, (int64_t)1 << 62, INT64_MAX};
    return counts[fz_u8(in) % 5];
}

/* Op 25, diff: edits of the explicit data, cl_diff_create of the old and new lists (sometimes
 * with hostile sides), then the diff's update (sometimes perturbed) on the layout whose data source
 * has the new lists. */
static void op_diff(fuzz_input *in, slot *sl) {
    model *m = &sl->m;
    if (!m->explicit_data) return;
    xdata new_x = m->x;
    bool reloads = false, dupes = false;
    int edits = fz_u8(in) % 8;
    for (int e = 0; e < edits; e++) x_edit(in, m, &new_x, &reloads, &dupes);
    dupes = x_has_dupes(&m->x) || x_has_dupes(&new_x);
    uint8_t flags = fz_u8(in);
    bool versions = !(flags & 1) || !reloads;
    const xdata *xs[2] = {&m->x, &new_x};
    cl_diff_side sides[2];
    int64_t *arrays[2][5];
    for (int k = 0; k < 2; k++) {
        sides[k] = cl_diff_side_default();
        arrays[k][0] = exact_copy(xs[k]->section_id, xs[k]->sections, 8);
        arrays[k][1] = exact_copy(xs[k]->count, xs[k]->sections, 8);
        arrays[k][2] = exact_copy(xs[k]->id, xs[k]->total, 8);
        arrays[k][3] = exact_copy(xs[k]->version, xs[k]->total, 8);
        arrays[k][4] = exact_copy(xs[k]->section_version, xs[k]->sections, 8);
        sides[k].section_ids = arrays[k][0];
        sides[k].section_count = xs[k]->sections;
        sides[k].item_counts = arrays[k][1];
        sides[k].item_ids = arrays[k][2];
        sides[k].versions = versions ? arrays[k][3] : NULL;
        sides[k].section_versions = versions ? arrays[k][4] : NULL;
    }
    bool hostile = false;
    uint32_t side_size[2] = {sizeof(cl_diff_side), sizeof(cl_diff_side)};
    void *blocks[2];
    if (flags & 2) {
        cl_diff_side *side = &sides[(flags >> 2) & 1];
        hostile = true;
        switch (fz_u8(in) % 7) {
        case 0: if (side->section_count) side->section_ids = NULL; else hostile = false; break;
        case 1: if (side->section_count) side->item_counts = NULL; else hostile = false; break;
        case 2: if (xs[(flags >> 2) & 1]->total) side->item_ids = NULL; else hostile = false; break;
        case 3: side->section_count = hostile_count(in); break;
        case 4:
            if (side->section_count) arrays[(flags >> 2) & 1][1][fz_u8(in) % side->section_count] = hostile_count(in);
            else hostile = false;
            break;
        case 5: side->reserved = 1; break;
        default: break;
        }
    }
    for (int k = 0; k < 2; k++) {
        blocks[k] = sized_copy(in, &sides[k], sizeof sides[k], diff_side_sizes, sizeof diff_side_sizes / sizeof diff_side_sizes[0], &side_size[k]);
        if (side_size[k] != sizeof(cl_diff_side)) hostile = true;
    }
    uint8_t nulls = fz_u8(in);
    cl_diff *diff = (cl_diff *)(uintptr_t)1;
    cl_batch_update update = cl_batch_update_default();
    if (nulls == 248) {
        update.struct_size = 0xcdcdcdcd;  /* the caller's out struct must say its size */
        hostile = true;
    }
    cl_status st = cl_diff_create(nulls == 250 ? NULL : blocks[0], nulls == 251 ? NULL : blocks[1], nulls == 252 ? NULL : &diff,
                                  nulls == 253 ? NULL : &update);
    TRACE("  cl_diff_create (%lld -> %lld sections, %lld -> %lld items%s%s%s): %d %s\n", (long long)m->x.sections, (long long)new_x.sections,
          (long long)m->x.total, (long long)new_x.total, dupes ? ", duplicates" : "", hostile ? ", hostile" : "", versions ? "" : ", no versions",
          st, st ? cl_layout_last_error(NULL) : "");
    for (int k = 0; k < 2; k++) {
        free(blocks[k]);
        for (int j = 0; j < 5; j++) free(arrays[k][j]);
    }
    if (nulls >= 250 && nulls <= 253) {
        if (st == CL_OK) fail("cl_diff_create with a NULL argument (%d) succeeded", nulls - 250);
        return;
    }
    if (st != CL_OK) {
        diffs_refused++;
        if (!cl_layout_last_error(NULL)[0]) fail("cl_diff_create failed (%d) with no message", st);
        if (!dupes && !hostile) fail("cl_diff_create of unique ids failed: %d %s", st, cl_layout_last_error(NULL));
        if (diff != NULL) fail("a failed cl_diff_create left *out_diff %p", (void *)diff);
        return;
    }
    diffs_ok++;
    if (dupes) fail("cl_diff_create accepted duplicate ids");
    if (!diff) fail("cl_diff_create succeeded with a NULL diff");
    if (update.struct_size != sizeof update) fail("the diff's update has struct_size %u", update.struct_size);
    if (!hostile && update.delete_section_count + update.insert_section_count != 0 &&
        m->x.sections - update.delete_section_count + update.insert_section_count != new_x.sections)
        fail("the diff's update: %lld sections - %lld + %lld != %lld", (long long)m->x.sections, (long long)update.delete_section_count,
             (long long)update.insert_section_count, (long long)new_x.sections);
    /* a reloaded section stays, with another version (told, or not told: none reloaded) */
    for (int64_t k = 0; !hostile && k < update.reload_section_count; k++) {
        int64_t os = update.reload_sections[k], ns = os >= 0 && os < m->x.sections ? x_section_index(&new_x, m->x.section_id[os]) : -1;
        if (!versions || ns < 0 || new_x.section_version[ns] == m->x.section_version[os])
            fail("the diff reloads old section %lld, whose version did not change (or is not in the new lists)", (long long)os);
    }
    bool exact = !hostile && versions;
    cl_batch_update mine = update;
    void *copies[8] = {0};
    uint8_t perturb = fz_u8(in);
    if (perturb >= 192) {
        /* Perturbed: copies of the arrays at their exact sizes, one list changed. */
        exact = false;
        const void **ptrs[8] = {(const void **)&mine.delete_sections, (const void **)&mine.insert_sections, (const void **)&mine.move_sections,
                                (const void **)&mine.delete_items, (const void **)&mine.insert_items, (const void **)&mine.move_items,
                                (const void **)&mine.reload_items, (const void **)&mine.reload_sections};
        int64_t *counts[8] = {&mine.delete_section_count, &mine.insert_section_count, &mine.move_section_count, &mine.delete_item_count,
                              &mine.insert_item_count, &mine.move_item_count, &mine.reload_item_count, &mine.reload_section_count};
        static const size_t sizes[8] = {8, 8, 16, 16, 16, 32, 16, 8};
        int which = perturb % 8;
        for (int k = 0; k < 8; k++) {
            int64_t n = *counts[k] + (k == which);
            copies[k] = exact_copy_of(*ptrs[k], n, *counts[k], sizes[k]);
            *ptrs[k] = copies[k];
        }
        int64_t *words = copies[which];
        int64_t n = *counts[which];
        switch (fz_u8(in) % 4) {
        case 0: if (n) (*counts[which])--; break;               /* one fewer */
        case 1:                                                   /* one more: a copy of one, or a random one */
            for (size_t w = 0; w < sizes[which] / 8; w++) words[n * (int64_t)(sizes[which] / 8) + (int64_t)w] = n && (fz_u8(in) & 1) ? words[w] : fz_u8(in) % 6;
            (*counts[which])++;
            break;
        case 2: if (n) words[fz_u8(in) % (n * (int64_t)(sizes[which] / 8))] += (int8_t)fz_u8(in); break;
        default: mine.use_viewport = 1; mine.viewport = read_rect(in); break;
        }
    } else if (perturb & 1) {
        mine.use_viewport = 1;
        mine.viewport = read_rect(in);
    }
    if (sl->layout) perform(in, sl, &mine, &new_x, exact, "cl_layout_perform_batch_update (a diff's)");
    for (int k = 0; k < 8; k++) free(copies[k]);
    cl_diff_destroy(fz_u8(in) == 255 ? NULL : diff);
    if (nulls == 249) cl_diff_destroy(NULL);
}

/* Op 26, a random batch update (mostly invalid) while the data source's counts change at random. */
static void op_random_update(fuzz_input *in, slot *sl) {
    model *m = &sl->m;
    if (!m->explicit_data || !sl->layout) return;
    xdata new_x = m->x;
    bool reloads = false, dupes = false;
    int edits = fz_u8(in) % 5;
    for (int e = 0; e < edits; e++) x_edit(in, m, &new_x, &reloads, &dupes);
    cl_batch_update u = cl_batch_update_default();
    int64_t *lists[8];
    int64_t counts[8];
    static const size_t words[8] = {1, 1, 2, 2, 2, 4, 2, 1};
    uint8_t mask = fz_u8(in);
    for (int k = 0; k < 8; k++) {
        counts[k] = mask & (1 << k) ? fz_u8(in) % 4 : 0;
        lists[k] = exact_copy(NULL, counts[k], 8 * words[k]);
        for (int64_t e = 0; e < counts[k] * (int64_t)words[k]; e++) {
            uint8_t b = fz_u8(in);
            lists[k][e] = b < 240 ? b % 8 : (int64_t[]){-1, INT64_MAX, INT64_MIN, CL_MAX_ITEMS, 1000, -2, 7, 0}[b % 8];
        }
    }
    u.delete_sections = lists[0]; u.delete_section_count = counts[0];
    u.insert_sections = lists[1]; u.insert_section_count = counts[1];
    u.move_sections = (const cl_section_move *)lists[2]; u.move_section_count = counts[2];
    u.delete_items = (const cl_index_path *)lists[3]; u.delete_item_count = counts[3];
    u.insert_items = (const cl_index_path *)lists[4]; u.insert_item_count = counts[4];
    u.move_items = (const cl_item_move *)lists[5]; u.move_item_count = counts[5];
    u.reload_items = (const cl_index_path *)lists[6]; u.reload_item_count = counts[6];
    u.reload_sections = lists[7]; u.reload_section_count = counts[7];
    uint8_t b = fz_u8(in);
    if (b >= 224) {
        /* NULL with a count, or a negative count */
        int k = b % 8;
        int64_t *c[8] = {&u.delete_section_count, &u.insert_section_count, &u.move_section_count, &u.delete_item_count,
                         &u.insert_item_count, &u.move_item_count, &u.reload_item_count, &u.reload_section_count};
        const void **p[8] = {(const void **)&u.delete_sections, (const void **)&u.insert_sections, (const void **)&u.move_sections,
                             (const void **)&u.delete_items, (const void **)&u.insert_items, (const void **)&u.move_items,
                             (const void **)&u.reload_items, (const void **)&u.reload_sections};
        if (b & 8) *c[k] = -1 - (b & 1) * INT64_MAX / 2;
        else { *p[k] = NULL; if (!*c[k]) *c[k] = 1; }
    }
    if (fz_u8(in) & 1) {
        u.use_viewport = 1;
        u.viewport = read_rect(in);
    }
    perform(in, sl, &u, &new_x, false, "cl_layout_perform_batch_update (random)");
    for (int k = 0; k < 8; k++) free(lists[k]);
}

static void check_change(const cl_element_change *c, const slot *sl) {
    if (c->change < 0 || c->change > 4 || c->reserved != 0 || (c->has_old != 0 && c->has_old != 1) || (c->has_new != 0 && c->has_new != 1))
        fail("update record: change %d, has_old %d, has_new %d, reserved %d", c->change, c->has_old, c->has_new, c->reserved);
    if ((c->change == CL_CHANGE_INSERTED) != !c->has_old || (c->change == CL_CHANGE_DELETED) != !c->has_new)
        fail("update record: change %d with has_old %d, has_new %d", c->change, c->has_old, c->has_new);
    check_attributes(&c->from, "update record (from)");
    check_attributes(&c->to, "update record (to)");
    if ((c->has_old && c->from.section >= sl->answers_sections[0]) || (c->has_new && c->to.section >= sl->answers_sections[1]))
        fail("update record: section %lld -> %lld of %lld -> %lld", (long long)c->from.section, (long long)c->to.section,
             (long long)sl->answers_sections[0], (long long)sl->answers_sections[1]);
}

/* A count, or -1 now and then (INT64_MIN stays). */
static int64_t minus_one_sometimes(fuzz_input *in) {
    int64_t n = read_count(in);
    return fz_u8(in) == 255 && n > INT64_MIN ? n - 1 : n;
}

/* Op 27: the answers of the last update, with random buffers; refused when there are none. */
static void op_answers(fuzz_input *in, slot *sl) {
    cl_layout *layout = fz_u8(in) == 255 ? NULL : sl->layout;
    bool valid = layout && sl->answers == ANSWERS_VALID;
    uint8_t b = fz_u8(in);
    cl_status st;
    const char *what;
    switch (b % 4) {
    case 0: case 1: {
        bool records = b % 4 == 0;
        what = records ? "cl_layout_update_elements" : "cl_layout_update_identities";
        int32_t inserted = fz_u8(in) >= 240 ? (int32_t)fz_u32(in) : b & 4 ? 1 : 0;
        uint8_t e = fz_u8(in);
        size_t own = records ? sizeof(cl_element_change) : sizeof(cl_attributes);
        size_t esize = e < 180 ? own : records ? change_sizes[e % 8] : element_sizes[e % (sizeof element_sizes / sizeof element_sizes[0])];
        int64_t capacity = read_count(in);
        if (capacity > 1024) capacity = 1024;
        if (esize > 4096 && capacity > 4) capacity = 4;
        bool null_buffer = fz_u8(in) >= 220;
        size_t bytes = null_buffer || capacity <= 0 ? 0 : (size_t)capacity * esize;
        uint8_t *buf = bytes ? malloc(bytes) : NULL;
        if (buf) memset(buf, 0xab, bytes);
        int64_t count = -5, needed = -1;
        int64_t *out = fz_u8(in) == 255 ? NULL : &count;
        st = records ? cl_layout_update_elements(layout, (cl_element_change *)buf, capacity, esize, out)
                     : cl_layout_update_identities(layout, inserted, (cl_attributes *)buf, capacity, esize, out);
        if (valid && (st == CL_OK || st == CL_ERROR_BUFFER_TOO_SMALL)) {
            cl_status again = records ? cl_layout_update_elements(layout, NULL, 0, own, &needed)
                                      : cl_layout_update_identities(layout, inserted, NULL, 0, own, &needed);
            if (again != CL_OK || needed != count) fail("%s counted %lld, then %lld", what, (long long)count, (long long)needed);
            if (st == CL_OK && !(count <= capacity || (!buf && capacity == 0))) fail("%s: %lld in a buffer of %lld", what, (long long)count, (long long)capacity);
            if (st == CL_ERROR_BUFFER_TOO_SMALL && count <= capacity) fail("%s: BUFFER_TOO_SMALL with %lld <= %lld", what, (long long)count, (long long)capacity);
            for (int64_t k = 0; st == CL_OK && buf && k < count; k++) {
                if (records) {
                    cl_element_change c;
                    memcpy(&c, buf + (size_t)k * esize, sizeof c);
                    check_change(&c, sl);
                } else {
                    cl_attributes a = {.scale = 1};  /* (an older caller's struct ends before scale) */
                    memcpy(&a, buf + (size_t)k * esize, esize < sizeof a ? esize : sizeof a);
                    check_attributes(&a, what);
                    if (a.category == CL_CATEGORY_CELL) fail("%s lists a cell", what);
                }
                for (size_t z = own; z < esize; z++)
                    if (buf[(size_t)k * esize + z]) fail("%s: record %lld: byte %zu past the struct is %d", what, (long long)k, z, buf[(size_t)k * esize + z]);
            }
        }
        free(buf);
        break;
    }
    case 2: {
        what = b & 4 ? "cl_layout_update_new_section" : "cl_layout_update_old_section";
        int64_t s = minus_one_sometimes(in), out = -7;
        int64_t *o = fz_u8(in) == 255 ? NULL : &out;
        st = b & 4 ? cl_layout_update_new_section(layout, s, o) : cl_layout_update_old_section(layout, s, o);
        int64_t bound = sl->answers_sections[b & 4 ? 1 : 0];
        if (valid && st == CL_OK && (out < -1 || out >= bound + 1000000)) fail("%s(%lld) = %lld", what, (long long)s, (long long)out);
        if (valid && o && (st == CL_OK) != (s >= 0 && s < sl->answers_sections[b & 4 ? 0 : 1]))
            fail("%s(%lld) of %lld: %d", what, (long long)s, (long long)sl->answers_sections[b & 4 ? 0 : 1], st);
        break;
    }
    default: {
        what = b & 4 ? "cl_layout_update_new_item" : "cl_layout_update_old_item";
        cl_index_path p = {minus_one_sometimes(in), read_count(in)}, out;
        cl_index_path *o = fz_u8(in) == 255 ? NULL : &out;
        st = b & 4 ? cl_layout_update_new_item(layout, p, o) : cl_layout_update_old_item(layout, p, o);
        break;
    }
    }
    TRACE("  %s: %d %s\n", what, st, st && layout ? cl_layout_last_error(layout) : "");
    if (!layout && st != CL_ERROR_INVALID_HANDLE) fail("%s without a layout: %d", what, st);
    if (layout && !valid && st != CL_ERROR_INVALID_ARGUMENT) fail("%s with no update answers: %d, not INVALID_ARGUMENT", what, st);
    if (st != CL_OK && layout && !cl_layout_last_error(layout)[0]) fail("%s failed (%d) with no message", what, st);
}

/* Hit-testing (op 28, and inside op 23 while a cell moves). */
static void check_hit(cl_layout *layout, double x, double y, int32_t categories, size_t size, bool moving);
static void hit_point(fuzz_input *in, cl_layout *layout, double *x, double *y);
static int32_t hit_categories(fuzz_input *in);
static size_t hit_size(fuzz_input *in);

/* Transitions and interactive movement (SPEC §10.5, §10.7): a transition between the two slots'
 * layouts (refused for different counts) queried at hostile progress values and rects; a
 * movement begun on a random cell, moved through hostile positions, refusing other changes and
 * nested begins, then cancelled: the layout is as before. Ends with the full check. */
static void op_motion(fuzz_input *in, slot *sl) {
    static const double progress[] = {0, 0.5, 1, 0.25, -0.0, -1e-9, 1 + 1e-9, NAN, INFINITY, -INFINITY};
    cl_transition *t = NULL;
    cl_status st = cl_transition_create(slots[0].layout, slots[1].layout, fz_u8(in) == 255 ? NULL : &t);
    if (st != CL_OK && !cl_layout_last_error(NULL)[0]) fail("cl_transition_create failed (%d) with no message", st);
    if (st == CL_OK && !t) fail("cl_transition_create: OK without a transition");
    for (int k = 0; st == CL_OK && k < 3; k++) {
        double p = fz_u8(in) < 200 ? progress[fz_u8(in) % 10] : fz_double(in);
        cl_rect r = read_rect(in);
        int64_t count = -1;
        cl_status q = cl_transition_elements_in_rect(t, p, r, NULL, 0, sizeof(cl_attributes), &count);
        bool valid = p >= 0 && p <= 1 && finite_rect(r) && r.width >= 0 && r.height >= 0;
        if ((q == CL_OK) != valid) fail("transition at %g, rect (%g, %g, %g, %g): status %d", p, r.x, r.y, r.width, r.height, q);
        if (q != CL_OK || count > 100000) continue;
        cl_attributes *buf = malloc(sizeof *buf * (size_t)(count + 1));
        int64_t again = -1;
        q = cl_transition_elements_in_rect(t, p, r, buf, count, sizeof *buf, &again);
        if (q != CL_OK || again != count) fail("transition: %lld elements, then %lld (status %d)", (long long)count, (long long)again, q);
        for (int64_t e = 0; q == CL_OK && e < again; e++) {
            check_attributes(&buf[e], "cl_transition_elements_in_rect");
            const char *name = NULL;
            if (cl_transition_kind_name(t, buf[e].kind, &name) != CL_OK || !name) fail("transition kind %d has no name", buf[e].kind);
        }
        free(buf);
    }
    if (st == CL_OK) {
        cl_rect v;
        if (cl_transition_viewport(t, &v) != CL_OK || !finite_rect(v)) fail("transition viewport");
        cl_transition_destroy(t);
    }
    cl_layout *layout = sl->layout;
    if (!layout) return;
    snapshot before, after;
    take_snapshot(layout, &before);
    cl_index_path item = {read_count(in) % 9 - (fz_u8(in) == 255), read_count(in)};
    st = cl_layout_begin_movement(layout, item);
    TRACE("  begin_movement (%lld, %lld): %d\n", (long long)item.section, (long long)item.item, st);
    if (st == CL_OK) {
        sl->answers = ANSWERS_NONE;
        for (int k = fz_u8(in) % 6; k > 0; k--) {
            double x = fz_double(in), y = fz_double(in);
            cl_index_path target = {-7, -7};
            cl_status m = cl_layout_update_movement(layout, x, y, fz_u8(in) == 255 ? NULL : &target);
            if (m == CL_OK && (target.section < 0 || target.item < 0)) fail("movement target (%lld, %lld)", (long long)target.section, (long long)target.item);
            if (m == CL_OK) {
                int64_t items = -1;
                if (cl_layout_item_count(layout, target.section, &items) != CL_OK || target.item >= items)
                    fail("movement target (%lld, %lld) outside the live layout", (long long)target.section, (long long)target.item);
            }
        }
        cl_attributes *elements = NULL;
        int64_t count = 0;
        cl_rect v;
        cl_layout_viewport(layout, &v);
        if (query(layout, v, &elements, &count) == CL_OK)
            for (int64_t e = 0; e < count; e++) check_attributes(&elements[e], "a query while moving");
        free(elements);
        /* hit-testing the live layout (SPEC §21): the dragged cell is there at z 100 */
        for (int k = fz_u8(in) % 3; k > 0; k--) {
            double hx, hy;
            hit_point(in, layout, &hx, &hy);
            const int32_t categories = hit_categories(in);
            check_hit(layout, hx, hy, categories, hit_size(in), true);
        }
        if (cl_layout_invalidate(layout) != CL_ERROR_INVALID_ARGUMENT) fail("invalidate while moving was not refused");
        if (cl_layout_begin_movement(layout, item) != CL_ERROR_INVALID_ARGUMENT) fail("a nested begin was not refused");
        int32_t moving = 0;
        cl_index_path origin, target;
        if (cl_layout_movement(layout, &moving, &origin, &target) != CL_OK || !moving || origin.item != item.item)
            fail("the movement is not intact");
        if (cl_layout_cancel_movement(layout) != CL_OK) fail("cancel failed: %s", cl_layout_last_error(layout));
    } else if (!cl_layout_last_error(layout)[0]) {
        fail("begin_movement failed (%d) with no message", st);
    }
    take_snapshot(layout, &after);
    compare_snapshots(&before, &after, "a cancelled movement");
    free_snapshot(&before);
    free_snapshot(&after);
    full_check(layout, read_rect(in));
}

/* Whether a is painted above b (SPEC §21): z, then supplementary > cell > decoration, section,
 * item, kind name in byte order. */
static bool painted_above(cl_layout *layout, const cl_attributes *a, const cl_attributes *b) {
    static const int layer[3] = {1, 2, 0};
    if (a->z != b->z) return a->z > b->z;
    if (a->category != b->category) return layer[a->category % 3] > layer[b->category % 3];
    if (a->section != b->section) return a->section > b->section;
    if (a->item != b->item) return a->item > b->item;
    const char *na = "", *nb = "";
    cl_layout_kind_name(layout, a->kind, &na);
    cl_layout_kind_name(layout, b->kind, &nb);
    return strcmp(na ? na : "", nb ? nb : "") > 0;
}

static bool holds_point(const cl_rect f, double x, double y) {
    return f.x <= x && x < f.x + f.width && f.y <= y && y < f.y + f.height;
}

/* One cl_layout_element_at and its checks: a refusal is a status and a message (and only for
 * bad input when the layout is live); a hit holds the point, is a cell when only cells were asked,
 * and is the topmost of the elements a rect query around the point gives that hold it; a miss
 * means none of them holds it. Outside a movement a hit is also the element by its identity
 * (while a cell moves the dragged one is only in the live layout's queries). */
static void check_hit(cl_layout *layout, double x, double y, int32_t categories, size_t size, bool moving) {
    uint8_t *out = size ? malloc(size) : NULL;  /* exactly the size the call gives (ASan) */
    int32_t found = -7;
    TRACE("  element_at (%.17g, %.17g) categories %d size %zu%s\n", x, y, categories, size, moving ? " (moving)" : "");
    const cl_status st = cl_layout_element_at(layout, x, y, categories, &found, (cl_attributes *)out, size);
    cl_attributes a = {.scale = 1};  /* (an older caller's struct ends before scale) */
    if (st == CL_OK && found == 1) memcpy(&a, out, size < sizeof a ? size : sizeof a);
    if (st == CL_OK && found == 1 && size > sizeof a)
        for (size_t i = sizeof a; i < size; i++)
            if (out[i]) fail("cl_layout_element_at: byte %zu past cl_attributes is %u", i, out[i]);
    free(out);
    if (st != CL_OK) {
        if (st > 0 || st < CL_ERROR_LIMIT || !(layout ? cl_layout_last_error(layout) : cl_layout_last_error(NULL))[0])
            fail("cl_layout_element_at returned %d without a message", st);
        if (layout && st != CL_ERROR_INVALID_ARGUMENT) fail("cl_layout_element_at: status %d on a live layout", st);
        if (layout && isfinite(x) && isfinite(y) && (categories == CL_HIT_CELLS || categories == CL_HIT_ALL) &&
            size >= sizeof(cl_attributes) && size <= 4096)
            fail("cl_layout_element_at refused good input (%d): %s", st, cl_layout_last_error(layout));
        return;
    }
    if (!layout) fail("cl_layout_element_at took a NULL layout");
    if (!isfinite(x) || !isfinite(y) || (categories != CL_HIT_CELLS && categories != CL_HIT_ALL))
        fail("cl_layout_element_at took (%g, %g) categories %d", x, y, categories);
    if (found != 0 && found != 1) fail("cl_layout_element_at: found %d", found);
    if (found) {
        check_attributes(&a, "a hit");
        if (!holds_point(a.frame, x, y))
            fail("a hit at (%.17g, %.17g) has the frame (%.17g, %.17g, %g, %g)", x, y, a.frame.x, a.frame.y, a.frame.width,
                 a.frame.height);
        if (categories == CL_HIT_CELLS && a.category != CL_CATEGORY_CELL) fail("a cells-only hit is of category %d", a.category);
        if (!moving) {
            cl_attributes by_id;
            const cl_status s2 = cl_layout_attributes(layout, a.category, a.kind, a.section, a.item, &by_id, sizeof by_id);
            if (s2 != CL_OK || memcmp(&by_id, &a, sizeof a) != 0)
                fail("the hit (%d, kind %d, %lld, %lld) is not the element by its identity (status %d)", a.category, a.kind,
                     (long long)a.section, (long long)a.item, s2);
        }
    }
    /* The elements around the point (a rect query of the point grown by one on each side, when
     * that is finite): the topmost of those that hold it is the hit, none when nothing was hit. */
    const cl_rect around = {x - 1, y - 1, 2, 2};
    if (!(fabs(x) < 1e300 && fabs(y) < 1e300)) return;
    cl_attributes *elements = NULL;
    int64_t count = 0;
    if (query(layout, around, &elements, &count) == CL_OK) {
        const cl_attributes *top = NULL;
        for (int64_t i = 0; i < count; i++)
            if ((categories == CL_HIT_ALL || elements[i].category == CL_CATEGORY_CELL) && holds_point(elements[i].frame, x, y) &&
                (!top || painted_above(layout, &elements[i], top)))
                top = &elements[i];
        if (!found && top)
            fail("nothing hit at (%.17g, %.17g) categories %d, but (%d, kind %d, %lld, %lld) at (%.17g, %.17g, %.17g, %.17g) holds it",
                 x, y, categories, top->category, top->kind, (long long)top->section, (long long)top->item, top->frame.x,
                 top->frame.y, top->frame.width, top->frame.height);
        if (found && (!top || memcmp(top, &a, sizeof a) != 0))
            fail("the hit at (%.17g, %.17g) categories %d is (%d, kind %d, %lld, %lld), the topmost around it (%d, kind %d, %lld, %lld)",
                 x, y, categories, a.category, a.kind, (long long)a.section, (long long)a.item, top ? top->category : -1,
                 top ? top->kind : -1, top ? (long long)top->section : -1LL, top ? (long long)top->item : -1LL);
    }
    free(elements);
}

/* A point for a hit test: fuzzed (hostile values among them), or an edge or corner of an element
 * a rect query near it gives, or a neighbouring double of one. */
static void hit_point(fuzz_input *in, cl_layout *layout, double *x, double *y) {
    *x = fz_double(in);
    *y = fz_double(in);
    if (!layout || fz_u8(in) >= 128) return;
    cl_attributes on[16];
    int64_t count = 0;
    const cl_rect near = isfinite(*x) && isfinite(*y) ? (cl_rect){*x, *y, 400, 800} : (cl_rect){0, 0, 400, 800};
    if (cl_layout_elements_in_rect(layout, near, on, 16, sizeof on[0], &count) != CL_OK || count <= 0) return;
    const cl_rect f = on[fz_u8(in) % (count < 16 ? count : 16)].frame;
    const uint8_t edge = fz_u8(in);
    *x = edge & 1 ? f.x + f.width : f.x;
    *y = edge & 2 ? f.y + f.height : f.y;
    if (edge & 4) *x = nextafter(*x, edge & 8 ? INFINITY : -INFINITY);
    if (edge & 16) *y = nextafter(*y, edge & 32 ? INFINITY : -INFINITY);
    if (edge & 64) *x = f.x + f.width / 2;
}

static int32_t hit_categories(fuzz_input *in) {
    const uint8_t c = fz_u8(in);
    return c < 120 ? CL_HIT_CELLS : c < 240 ? CL_HIT_ALL : (int32_t)fz_u32(in);
}

static size_t hit_size(fuzz_input *in) {
    const uint8_t e = fz_u8(in);
    return e < 200 ? sizeof(cl_attributes) : element_sizes[e % (sizeof element_sizes / sizeof element_sizes[0])];
}

/* Op 28: hit-testing (SPEC §21) at a hostile point, or at an edge of an element a rect query
 * gave (and its neighbours), with valid and invalid categories and element sizes, on the slot's
 * layout or NULL; a refused call leaves the layout answering as before. */
static void op_hit(fuzz_input *in, slot *sl) {
    cl_layout *layout = fz_u8(in) == 255 ? NULL : sl->layout;
    double x, y;
    hit_point(in, layout, &x, &y);
    const int32_t categories = hit_categories(in);
    const size_t size = hit_size(in);
    int32_t moving = 0;
    cl_index_path origin, target;
    if (layout && cl_layout_movement(layout, &moving, &origin, &target) != CL_OK) fail("cl_layout_movement failed");
    snapshot before = {0}, after = {0};
    if (layout) take_snapshot(layout, &before);
    check_hit(layout, x, y, categories, size, moving != 0);
    if (layout) {
        take_snapshot(layout, &after);
        compare_snapshots(&before, &after, "a hit test");
        free_snapshot(&before);
        free_snapshot(&after);
    }
}

/* ---- Op 29: scroll physics (SPEC §22) ------------------------------------------------------ */

/* struct_size values of a cl_fling_def or a cl_fling handed back (48 and 80 bytes in 0.4). */
static const uint32_t fling_def_sizes[] = {0, 4, 8, 40, 47, 49, 56, 79, 81, 96, 4096, 4097};
static const size_t fling_sizes[] = {0, 1, 8, 72, 79, 81, 96, 4096, 4097};

/* A refusal is a status in range with a message (the handle's, or the thread's without one). */
static void check_refusal(const cl_layout *layout, cl_status st, const char *what) {
    if (st > 0 || st < CL_ERROR_LIMIT) fail("%s returned %d", what, st);
    if (!cl_layout_last_error(layout)[0]) fail("%s failed (%d) with no message", what, st);
}

/* Samples a fling at t: a refusal only for a t that is not finite or negative; a sample is finite,
 * and at or after rest_time exactly (target, 0). */
static void check_sample(const cl_fling *fling, double t) {
    double p = NAN, v = NAN;
    const cl_status st = cl_fling_sample(fling, t, &p, &v);
    TRACE("  fling_sample(%.17g): %d %.17g %.17g\n", t, st, p, v);
    if (st != CL_OK) {
        check_refusal(NULL, st, "cl_fling_sample");
        if (isfinite(t) && t >= 0) fail("cl_fling_sample refused t %.17g: %s", t, cl_layout_last_error(NULL));
        return;
    }
    if (!isfinite(t) || t < 0) fail("cl_fling_sample took t %g", t);
    if (!isfinite(p) || !isfinite(v)) fail("cl_fling_sample at %g: %g %g", t, p, v);
    if (t >= fling->rest_time && (p != fling->target || v != 0))
        fail("a sample at %.17g >= rest_time %.17g is %.17g, %g, not the target %.17g", t, fling->rest_time, p, v, fling->target);
}

/* cl_layout_fling with a hostile definition (velocity, start, rate, snap, section, struct sizes)
 * and output size, then samples at hostile times and at the rest time, and the sampler on a
 * damaged copy; cl_layout_rubber_band at a hostile offset and section. Neither changes the layout. */
static void op_physics(fuzz_input *in, slot *sl) {
    cl_layout *layout = fz_u8(in) == 255 ? NULL : sl->layout;
    cl_fling_def def = cl_fling_def_default();
    const uint8_t how = fz_u8(in);
    def.velocity = how & 1 ? fz_double(in) : (double)(int16_t)fz_u16(in) * 10;
    def.deceleration_rate = how & 2 ? fz_double(in) : how & 4 ? CL_DECELERATION_FAST : CL_DECELERATION_NORMAL;
    def.has_start = how & 8 ? 1 : 0;
    if (def.has_start) def.start = how & 16 ? fz_double(in) : (double)(int16_t)fz_u16(in);
    const uint8_t snap = fz_u8(in);
    def.snapping = snap < 240 ? snap % 10 : (int32_t)fz_u32(in);
    const uint8_t sec = fz_u8(in);
    def.section = sec < 128 ? -1 : sec < 240 ? (int64_t)(sec % 5) - 2 : (int64_t)fz_u64(in);
    uint32_t def_size = 0;
    cl_fling_def *block = fz_u8(in) == 7 ? NULL : sized_copy(in, &def, sizeof def, fling_def_sizes,
                                                             sizeof fling_def_sizes / sizeof fling_def_sizes[0], &def_size);
    const uint8_t o = fz_u8(in);
    const size_t size = o < 220 ? sizeof(cl_fling) : fling_sizes[o % (sizeof fling_sizes / sizeof fling_sizes[0])];
    uint8_t *out = malloc(size ? size : 1);  /* exactly the size the call gives (ASan) */
    memset(out, 0xA5, size ? size : 1);
    snapshot before = {0}, after = {0};
    if (layout) take_snapshot(layout, &before);
    TRACE("  fling v %.17g rate %.17g start %d %.17g snap %d section %lld def size %u out size %zu\n", def.velocity,
          def.deceleration_rate, def.has_start, def.start, def.snapping, (long long)def.section, block ? def_size : 0, size);
    const cl_status st = cl_layout_fling(layout, block, (cl_fling *)(void *)out, size);
    cl_fling fling;
    memcpy(&fling, out, sizeof fling < size ? sizeof fling : size);
    if (st != CL_OK) {
        flings_refused++;
        check_refusal(layout, st, "cl_layout_fling");
        const bool scroll_snap = def.snapping == CL_SNAP_NONE || def.snapping == CL_SNAP_PAGE || (def.snapping >= CL_SNAP_LINE &&
                                                                                                    def.snapping <= CL_SNAP_LINE_END);
        /* Pages of the visible extent (the viewport less the content insets) need one > 0 (SPEC §10.6). */
        bool pages = true;
        if (layout && def.snapping == CL_SNAP_PAGE) {
            cl_rect v;
            cl_insets i;
            cl_layout_viewport(layout, &v);
            cl_layout_content_insets(layout, &i);
            /* (the layout's def, as its successful create read it: a NULL def is vertical) */
            const cl_layout_def *d = sl->def_block;
            const int vertical = !d || d->direction != CL_DIRECTION_HORIZONTAL;
            pages = (vertical ? v.height - i.top - i.bottom : v.width - i.left - i.right) > 0;
        }
        const bool good = layout && (!block || def_size == sizeof def) && size >= sizeof(cl_fling) && size <= 4096 &&
                          isfinite(def.velocity) && (!def.has_start || isfinite(def.start)) && def.deceleration_rate > 0 &&
                          def.deceleration_rate < 1 && def.section == -1 && scroll_snap && pages;
        if (good && st != CL_ERROR_LIMIT) fail("cl_layout_fling refused good input (%d): %s", st, cl_layout_last_error(layout));
    } else {
        flings_ok++;
        flings_spring += fling.curve == CL_FLING_SPRING;
        if (!layout || size < sizeof(cl_fling) || size > 4096) fail("cl_layout_fling took a NULL layout or size %zu", size);
        for (size_t i = sizeof fling; i < size; i++)
            if (out[i]) fail("cl_layout_fling: byte %zu past cl_fling is %u", i, out[i]);
        const double parts[] = {fling.start, fling.velocity, fling.target, fling.tau, fling.omega, fling.a, fling.b, fling.rest_time};
        for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
            if (!isfinite(parts[i])) fail("cl_layout_fling: part %zu is %g", i, parts[i]);
        if (fling.struct_size != sizeof fling || (fling.curve != CL_FLING_DECELERATE && fling.curve != CL_FLING_SPRING) ||
            fling.rest_time < 0 || fling.tau <= 0)
            fail("cl_layout_fling wrote size %u curve %d rest %g tau %g", fling.struct_size, fling.curve, fling.rest_time, fling.tau);
        check_sample(&fling, fling.rest_time);
        check_sample(&fling, fling.rest_time * (1 + fz_u8(in) / 64.0));
        check_sample(&fling, 0);
        for (int k = fz_u8(in) % 4; k > 0; k--) check_sample(&fling, fz_double(in));
        /* A damaged copy, in a block of exactly its struct_size (another size sometimes, a byte
         * past the library's struct set sometimes), a bit of a field flipped: refused with a
         * message, or finite. */
        uint32_t copy_size = 0;
        uint8_t *damaged = sized_copy(in, &fling, sizeof fling, fling_def_sizes, sizeof fling_def_sizes / sizeof fling_def_sizes[0],
                                      &copy_size);
        const size_t at = 4 + fz_u8(in) % (sizeof fling - 4);
        if (at < copy_size) damaged[at] ^= (uint8_t)(1u << (fz_u8(in) % 8));
        double p = NAN, v = NAN;
        const cl_status ds = cl_fling_sample((const cl_fling *)(void *)damaged, fabs(fz_double(in)), &p, &v);
        TRACE("  damaged fling (size %u, byte %zu): %d %.17g %.17g\n", copy_size, at, ds, p, v);
        if (ds != CL_OK) check_refusal(NULL, ds, "cl_fling_sample of a damaged fling");
        else if (!isfinite(p) || !isfinite(v) || copy_size < sizeof fling) fail("a damaged fling (size %u) sampled to %g, %g", copy_size, p, v);
        free(damaged);
    }
    free(out);
    free(block);
    /* The rubber band. */
    const int64_t band_section = fz_u8(in) < 160 ? -1 : (int64_t)(fz_u8(in) % 5) - 2;
    const double offset = fz_u8(in) < 128 ? fz_double(in) : (double)(int16_t)fz_u16(in) * 3;
    double shown = NAN;
    const cl_status bs = cl_layout_rubber_band(layout, band_section, offset, &shown);
    TRACE("  rubber_band(%lld, %.17g): %d %.17g\n", (long long)band_section, offset, bs, shown);
    if (bs != CL_OK) {
        check_refusal(layout, bs, "cl_layout_rubber_band");
        if (layout && band_section == -1 && isfinite(offset)) fail("cl_layout_rubber_band refused %g: %s", offset, cl_layout_last_error(layout));
    } else if (!layout || !isfinite(offset) || !isfinite(shown)) {
        fail("cl_layout_rubber_band(%g) gave %g", offset, shown);
    }
    if (layout) {
        take_snapshot(layout, &after);
        compare_snapshots(&before, &after, "scroll physics");
        free_snapshot(&before);
        free_snapshot(&after);
    }
}

/* Focus (SPEC §13) and prefetch (§14) with hostile requests: directions, edges and categories out
 * of range, sources that do not exist, kinds lists and remembered items of any content, NULL
 * arrays with counts, hostile velocities, extents, fps and sections, small buffers and odd element
 * sizes. A refusal has a message; an answer is finite, a focus target an existing candidate (a
 * cell or a supplementary of a named kind, positive area, shown, not the source), a prefetched
 * element an existing cell or supplementary; the layout is unchanged. */
static void op_focus(fuzz_input *in, slot *sl) {
    cl_layout *layout = fz_u8(in) == 255 ? NULL : sl->layout;
    snapshot before = {0}, after = {0};
    if (layout) take_snapshot(layout, &before);
    cl_focus_request r = cl_focus_request_default();
    const uint8_t how = fz_u8(in);
    /* Mostly good requests (so that answers are checked), hostile ones now and then. */
    r.direction = how < 216 ? how % 6 : how < 240 ? how % 8 : (int32_t)fz_u32(in);
    const uint8_t edge = fz_u8(in);
    r.edge = edge < 240 ? edge % 3 : edge % 5;
    const uint8_t category = fz_u8(in);
    r.source.category = category < 160 ? CL_CATEGORY_CELL : category < 240 ? CL_CATEGORY_SUPPLEMENTARY : category % 5;
    r.source.kind = r.source.category == CL_CATEGORY_CELL && category < 150 ? CL_KIND_CELL : fz_u8(in) % 6;
    r.source.section = fz_u8(in) < 250 ? (int64_t)(fz_u8(in) % 4) - (category == 7) : (int64_t)fz_u64(in);
    r.source.item = fz_u8(in) < 250 ? (int64_t)(fz_u16(in) % 40) - (category == 9) : (int64_t)fz_u64(in);
    int32_t kinds[4];
    const uint8_t kind_count = fz_u8(in) % 5;
    for (int i = 0; i < 4; i++) {
        const uint8_t k = fz_u8(in);
        kinds[i] = k < 200 ? CL_KIND_HEADER + k % 2 : (int32_t)(k % 7) - 1;
    }
    r.supplementary_kinds = kind_count == 4 && fz_u8(in) < 32 ? NULL : kinds;
    r.supplementary_kind_count = kind_count == 4 ? (int64_t)(fz_u8(in) % 3) - 1 : kind_count;
    cl_index_path remembered[3];
    for (int i = 0; i < 3; i++) remembered[i] = (cl_index_path){(int64_t)(fz_u8(in) % 5) - 1, (int64_t)(fz_u16(in) % 40) - 1};
    r.remembered = remembered;
    r.remembered_count = fz_u8(in) % 4;
    r.has_history = fz_u8(in) % 2;
    r.history_direction = fz_u8(in) % 7;
    r.history_source = (cl_element_id){fz_u8(in) % 4, fz_u8(in) % 6, (int64_t)(fz_u8(in) % 5) - 1, (int64_t)(fz_u16(in) % 40) - 1};
    const uint8_t sizes = fz_u8(in);
    const size_t answer_size = sizes >= 240 ? (size_t)(fz_u8(in) % 96) : sizeof(cl_focus_answer) + (sizes % 3 == 1 ? 8 : 0);
    uint8_t *out = malloc(answer_size ? answer_size : 1);  /* exactly the size the call gives (ASan) */
    /* The request in a block of exactly its struct_size (another size now and then, a byte past
     * the library's struct set sometimes; an input that runs out reads zeros: the good size). */
    static const uint32_t focus_request_sizes[] = {0, 4, 8, 56, 103, 104, 105, 112, 4096, 4097};
    r.struct_size = (uint32_t)sizeof r;
    cl_focus_request *block = sized_copy(in, &r, sizeof r, focus_request_sizes,
                                         sizeof focus_request_sizes / sizeof focus_request_sizes[0], &r.struct_size);
    TRACE("  focus dir %d edge %d source (%d, %d, %lld, %lld) kinds %lld remembered %lld history %d size %u answer %zu\n", r.direction,
          r.edge, r.source.category, r.source.kind, (long long)r.source.section, (long long)r.source.item,
          (long long)r.supplementary_kind_count, (long long)r.remembered_count, r.has_history, r.struct_size, answer_size);
    const cl_status st = cl_layout_focus(layout, fz_u8(in) == 9 ? NULL : block, (cl_focus_answer *)(void *)out, answer_size);
    free(block);
    TRACE("  -> %d %s\n", st, st ? cl_layout_last_error(layout) : "");
    if (st != CL_OK) {
        focus_refused++;
        check_refusal(layout, st, "cl_layout_focus");
    } else {
        focus_ok++;
        cl_focus_answer a;
        memcpy(&a, out, sizeof a);
        for (size_t i = sizeof a; i < answer_size; i++)
            if (out[i]) fail("cl_layout_focus: byte %zu past cl_focus_answer is %u", i, out[i]);
        if (!layout || answer_size < sizeof a) fail("cl_layout_focus took a NULL layout or size %zu", answer_size);
        if (!finite_rect(a.viewport) || !isfinite(a.section_offset) || (a.has_target != 0 && a.has_target != 1) ||
            (a.has_target ? a.via < CL_FOCUS_VIA_HISTORY || a.via > CL_FOCUS_VIA_ORDER : a.via != CL_FOCUS_VIA_NONE))
            fail("cl_layout_focus answered target %d via %d viewport (%g, %g, %g, %g) offset %g", a.has_target, a.via, a.viewport.x,
                 a.viewport.y, a.viewport.width, a.viewport.height, a.section_offset);
        if (a.has_target) {
            focus_targets++;
            cl_attributes t;
            bool named = a.target.category == CL_CATEGORY_CELL;
            for (int64_t i = 0; a.target.category == CL_CATEGORY_SUPPLEMENTARY && i < r.supplementary_kind_count; i++)
                named = named || kinds[i] == a.target.kind;
            const bool same = a.target.category == r.source.category && a.target.kind == r.source.kind &&
                              a.target.section == r.source.section && a.target.item == r.source.item;
            if (cl_layout_attributes(layout, a.target.category, a.target.kind, a.target.section, a.target.item, &t, sizeof t) != CL_OK ||
                !named || same || !(t.frame.width > 0 && t.frame.height > 0) || t.hidden)
                fail("the focus target (%d, %d, %lld, %lld) is not a candidate", a.target.category, a.target.kind,
                     (long long)a.target.section, (long long)a.target.item);
        }
    }
    free(out);
    /* Prefetch. */
    cl_prefetch_request p = cl_prefetch_request_default();
    const uint8_t pick = fz_u8(in);
    const bool hostile = pick >= 200;
    p.velocity = hostile && pick & 1 ? fz_double(in) : (double)(int16_t)fz_u16(in) * 5;
    if (pick & 2) p.ahead = hostile ? fz_double(in) : fz_u16(in) % 1000;
    if (pick & 4) p.behind = hostile && pick & 8 ? fz_double(in) : fz_u8(in);
    if (pick & 16) p.horizon = hostile ? fz_double(in) : fz_u8(in) / 64.0;
    if (pick & 32) p.fps = hostile ? fz_double(in) : 1 + fz_u8(in);
    const uint8_t sec = fz_u8(in);
    p.section = sec < 160 ? -1 : sec < 250 ? (int64_t)(sec % 5) - 1 : (int64_t)fz_u64(in);
    const int64_t capacity = fz_u8(in) % 40;
    const uint8_t esize = fz_u8(in);
    const size_t element_size = esize < 230 ? sizeof(cl_prefetch_element) : (size_t)(esize % 80);
    uint8_t *buffer = capacity ? malloc((size_t)capacity * (element_size ? element_size : 1)) : NULL;
    cl_span b = {NAN, NAN}, f = {NAN, NAN};
    int64_t count = -1;
    TRACE("  prefetch v %.17g ahead %.17g behind %.17g horizon %.17g fps %.17g section %lld capacity %lld size %zu\n", p.velocity,
          p.ahead, p.behind, p.horizon, p.fps, (long long)p.section, (long long)capacity, element_size);
    const cl_status ps = cl_layout_prefetch(layout, &p, &b, &f, (cl_prefetch_element *)(void *)buffer, capacity, element_size, &count);
    if (ps != CL_OK && ps != CL_ERROR_BUFFER_TOO_SMALL) {
        prefetch_refused++;
        check_refusal(layout, ps, "cl_layout_prefetch");
        if (layout && isfinite(p.velocity) && p.ahead >= 0 && p.ahead < 1e6 && p.behind >= 0 && p.behind < 1e6 && p.horizon >= 0 &&
            p.horizon < 10 && fabs(p.velocity) < 1e6 && p.fps > 0 && isfinite(p.fps) && p.section == -1 && element_size == sizeof(cl_prefetch_element))
            fail("cl_layout_prefetch refused good input (%d): %s", ps, cl_layout_last_error(layout));
    } else {
        prefetch_ok++;
        if (!layout || !isfinite(b.start) || !isfinite(b.end) || !isfinite(f.start) || !isfinite(f.end) || b.start > b.end ||
            f.start > f.end || count < 0 || (ps == CL_OK) != (count <= capacity || capacity == 0))  /* NULL and 0 only count */
            fail("cl_layout_prefetch answered %d: [%g, %g] [%g, %g], %lld of %lld", ps, b.start, b.end, f.start, f.end, (long long)count,
                 (long long)capacity);
        for (int64_t i = 0; ps == CL_OK && i < count && i < capacity; i++) {
            cl_prefetch_element e;
            memcpy(&e, buffer + (size_t)i * element_size, sizeof e);
            cl_attributes a;
            if (!finite_rect(e.frame) || !(e.distance >= 0) || !isfinite(e.distance) || (e.side != CL_PREFETCH_BEFORE && e.side != CL_PREFETCH_AFTER) ||
                (e.urgent != 0 && e.urgent != 1) || e.id.category == CL_CATEGORY_DECORATION ||
                cl_layout_attributes(layout, e.id.category, e.id.kind, e.id.section, e.id.item, &a, sizeof a) != CL_OK)
                fail("prefetched element %lld (%d, %d, %lld, %lld) distance %g side %d", (long long)i, e.id.category, e.id.kind,
                     (long long)e.id.section, (long long)e.id.item, e.distance, e.side);
        }
    }
    free(buffer);
    if (layout) {
        take_snapshot(layout, &after);
        compare_snapshots(&before, &after, "focus and prefetch");
        free_snapshot(&before);
        free_snapshot(&after);
    }
}

/* ---- The host's executor (cl_executor, issue 34): op 34 -------------------------------------
 *
 * Each slot's executor runs a pass's tasks in an order shuffled from a seed the input gives, on
 * the calling thread alone or on two threads (a helper thread started per parallel_for takes
 * the second half of the order: threads inside libFuzzer are fine when each is joined before
 * parallel_for returns, and the answers may not depend on the interleaving). Its min_items is 1,
 * so every pass of these small scenes goes through it; the layout answers are then compared
 * with a fresh serial layout by the ops that do. Now and then it is a broken one (skips the last
 * task, or runs the first twice): every pass then fails with CL_ERROR_CALLBACK and the
 * snapshots around it check that the last good state stays. */
typedef struct fuzz_executor {
    uint64_t seed;
    int threads;   /* 1 or 2 */
    int mistake;   /* 0: none; 1: the last task skipped; 2: the first run twice */
} fuzz_executor;
static fuzz_executor executors[SLOTS];
static long executor_passes;

typedef struct helper_job {
    void (*task)(void *, int64_t);
    void *context;
    const int64_t *order;
    int64_t from, to;
} helper_job;

static void *helper(void *arg) {
    const helper_job *j = arg;
    for (int64_t k = j->from; k < j->to; k++) j->task(j->context, j->order[k]);
    return NULL;
}

static void fuzz_parallel_for(void *context, int64_t count, void (*task)(void *, int64_t), void *task_context) {
    fuzz_executor *e = context;
    executor_passes++;
    if (count <= 0) return;
    int64_t *order = malloc((size_t)count * sizeof *order);
    if (!order) fail("parallel_for of %lld tasks: out of memory", (long long)count);
    for (int64_t k = 0; k < count; k++) order[k] = k;
    uint64_t x = e->seed++;
    for (int64_t k = count - 1; k > 0; k--) {  /* Fisher-Yates with splitmix64 */
        uint64_t z = (x += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        const int64_t j = (int64_t)(z % (uint64_t)(k + 1)), t = order[k];
        order[k] = order[j];
        order[j] = t;
    }
    const int64_t n = e->mistake == 1 ? count - 1 : count;
    pthread_t thread;
    helper_job job = {task, task_context, order, n / 2, n};
    if (e->threads == 2 && n > 1 && pthread_create(&thread, NULL, helper, &job) == 0) {
        for (int64_t k = 0; k < n / 2; k++) task(task_context, order[k]);
        pthread_join(thread, NULL);
    } else {
        for (int64_t k = 0; k < n; k++) task(task_context, order[k]);
    }
    if (e->mistake == 2) task(task_context, order[0]);
    free(order);
}

/* Sets (or takes off, or offers a bad definition of) the slot's executor. */
static void op_executor(fuzz_input *in, slot *sl) {
    const uint8_t b = fz_u8(in);
    const uint32_t seed = fz_u32(in);
    if (!sl->layout) return;
    cl_status st;
    if (b % 4 == 0) {
        st = cl_layout_set_executor(sl->layout, NULL);
        TRACE("  executor: none: %d\n", st);
        if (st != CL_OK) fail("cl_layout_set_executor(NULL) failed: %s", cl_layout_last_error(sl->layout));
        return;
    }
    fuzz_executor *e = &executors[sl - slots];
    e->seed = seed;
    e->threads = b & 4 ? 2 : 1;
    e->mistake = (b >> 3) % 8 == 7 ? 1 : (b >> 3) % 8 == 6 ? 2 : 0;
    cl_executor x = cl_executor_default();
    x.context = e;
    x.parallel_for = fuzz_parallel_for;
    x.concurrency = b % 4 + 1;  /* 2..4 (1 is serial: tried below) */
    x.min_items = 1;
    const int bad = b >> 6 == 3 ? (int)(seed % 4) : -1;
    if (bad == 0) x.flags = 0x100;
    if (bad == 1) x.concurrency = 0;
    if (bad == 2) x.min_items = -1;
    if (bad == 3) x.concurrency = 1;  /* valid: serial */
    st = cl_layout_set_executor(sl->layout, &x);
    TRACE("  executor: %d thread(s), concurrency %d, mistake %d, bad %d: %d %s\n", e->threads, x.concurrency, e->mistake, bad, st,
          st ? cl_layout_last_error(sl->layout) : "");
    if (bad >= 0 && bad < 3) {
        if (st != CL_ERROR_INVALID_ARGUMENT) fail("a bad cl_executor (%d) was accepted: %d", bad, st);
    } else if (st != CL_OK) {
        fail("cl_layout_set_executor failed: %s", cl_layout_last_error(sl->layout));
    }
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

    switch (op >= 240 ? 24 + (op - 240) % 11 : op % 24) {
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
        uint8_t which = fz_u8(in);
        if (which < 200) {
            what = "cl_layout_set_section_offset";
            st = cl_layout_set_section_offset(layout, read_count(in) % 9, fz_double(in));
        } else if (which < 228) {
            what = "cl_layout_set_content_insets";  /* SPEC §20.1 */
            cl_insets insets = read_insets(in);
            if (which & 1) insets.top = -insets.top;
            st = cl_layout_set_content_insets(layout, insets);
        } else if (which < 244) {
            what = "cl_layout_set_display_scale";  /* SPEC §20.2 */
            st = cl_layout_set_display_scale(layout, read_display_scale(in));
        } else {
            what = "cl_layout_set_layout_direction";  /* SPEC §15: ltr, rtl or a bad value */
            uint8_t d = fz_u8(in);
            st = cl_layout_set_layout_direction(layout, d < 250 ? d % 2 : (int32_t[]){-1, 2, 7, 1 << 30, INT32_MIN, 3}[d - 250]);
        }
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
        /* Self-sizing, target offsets along the scroll axis, scrolling to an element (issue 10). */
        const uint8_t selector = fz_u8(in) % 8;
        if (selector == 5 || selector == 6) {
            what = selector == 5 ? "cl_layout_target_content_offset" : "cl_layout_scroll_to_element";
            cl_rect v = {0, 0, 0, 0};
            cl_size content = {0, 0};
            if (layout) {
                cl_layout_viewport(layout, &v);
                cl_layout_content_size(layout, &content);
            }
            const bool vertical = v.width == content.width;  /* the line axis spans the viewport */
            const double high = fmax(0, vertical ? content.height - v.height : content.width - v.width);
            double origin = NAN;
            cl_rect out = {NAN, NAN, NAN, NAN};
            if (selector == 5) {
                static const double rates[] = {CL_DECELERATION_NORMAL, CL_DECELERATION_FAST, 0, 1, 0.5, NAN, 1e-300, 0.9999999999};
                double proposed = fz_double(in), velocity = fz_double(in), rate = rates[fz_u8(in) % 8];
                int32_t snap = (int32_t)(fz_u8(in) % 8) - 1;
                st = cl_layout_target_content_offset(layout, proposed, velocity, snap, rate, fz_u8(in) == 255 ? NULL : &origin);
            } else {
                int32_t category = (int32_t)(fz_u8(in) % 4), kind = (int32_t)read_count(in) % 8 - 1;
                int64_t section = read_count(in) % 10 - 1, item = (int64_t)((uint64_t)read_count(in) - 1u);  /* wraps, no overflow */
                int32_t position = (int32_t)(fz_u8(in) % 5);
                st = cl_layout_scroll_to_element(layout, category, kind, section, item, position, fz_u8(in) == 255 ? NULL : &out);
                origin = vertical ? out.y : out.x;
            }
            if (st == CL_OK && !(isfinite(origin) && origin >= 0 && origin <= high))
                fail("%s: origin %g outside [0, %g]", what, origin, high);
            if (st == CL_OK && selector == 6 && !(out.width == v.width && out.height == v.height))
                fail("scroll_to_element changed the viewport's size");
            return;
        }
        if (selector == 7) {
            if (!layout) return;
            changes = true;
            take_snapshot(layout, &before);
            what = "cl_layout_set_item_sizes";
            int64_t n = fz_u8(in) % 9;
            cl_item_size *items = malloc(sizeof *items * (size_t)(n ? n : 1));
            for (int64_t k = 0; k < n; k++) {
                items[k].item.section = read_count(in) % 9 - (fz_u8(in) == 255);
                items[k].item.item = read_count(in);
                items[k].size = (cl_size){fz_double(in), fz_double(in)};
            }
            uint8_t b = fz_u8(in);
            cl_size_change change;
            size_t change_size = b == 253 ? 8 : sizeof change;
            st = cl_layout_set_item_sizes(layout, b == 255 ? NULL : items, b == 254 ? -1 : n, b == 252 ? NULL : &change, change_size);
            if (st == CL_OK) {
                m->synced = false;  /* the layout's sizes are no longer the data source's */
                if (!isfinite(change.adjustment) || !isfinite(change.content_size_change) || !isfinite(change.viewport.y))
                    fail("set_item_sizes: adjustment %g, content change %g", change.adjustment, change.content_size_change);
            }
            free(items);
            break;
        }
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
        if (st == CL_OK && sl->kind_log_count >= 0)
            sl->kind_log[sl->kind_log_count++] = (kind_call){.name = name, .def = cl_decoration_def_default()};
        if (sl->kind_log_count >= KIND_LOG) sl->kind_log_count = -1;
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
        int32_t kind = (int32_t)((uint32_t)read_count(in) - 2u);  /* wraps, no overflow */
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
        uint32_t block_size = 0;
        void *block = sized_copy(in, &d, sizeof d, decoration_def_sizes, sizeof decoration_def_sizes / sizeof decoration_def_sizes[0], &block_size);
        int32_t kind = -7;
        uint8_t nulls = fz_u8(in);
        st = cl_layout_add_decoration(layout, name, nulls == 254 ? NULL : block, nulls == 255 ? NULL : &kind);
        if (st == CL_OK && sl->kind_log_count >= 0)
            sl->kind_log[sl->kind_log_count++] = (kind_call){.decoration = true, .name = name, .def = d};
        if (st == CL_OK && (block_size != sizeof d || sl->kind_log_count >= KIND_LOG)) sl->kind_log_count = -1;
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
                cl_attributes a = {.scale = 1};  /* (an older caller's struct ends before scale) */
                memcpy(&a, buf + (size_t)k * esize, esize < sizeof a ? esize : sizeof a);
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
            cl_attributes a = {.scale = 1};  /* (an older caller's struct ends before scale) */
            memcpy(&a, buf, esize < sizeof a ? esize : sizeof a);
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
        m->synced = false;
        return;
    }
    case 18: case 19:
        read_section_model(in, &m->s[fz_u8(in) % MODEL_SECTIONS]);
        m->synced = false;
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
        /* A destroyed handle: refused, even when a live layout took its slot (a handle carries
         * its slot's generation). */
        cl_layout *stale = sl->stale;
        if (!stale) return;
        if (stale == slots[0].layout || stale == slots[1].layout) fail("a new layout has a destroyed one's handle");
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
    case 24: op_explicit(in, sl); return;
    case 25: op_diff(in, sl); return;
    case 26: op_random_update(in, sl); return;
    case 27: op_answers(in, sl); return;
    case 28: op_hit(in, sl); return;
    case 29: op_physics(in, sl); return;
    case 30: op_focus(in, sl); return;
    case 31: {
        /* A badge kind (SPEC §17.1), refused with bad edges, offsets, sizes and names; then how
         * item_badges answers (the badges come with the next full invalidation). */
        m->badge_mode = fz_u8(in);
        if (!layout) return;
        changes = true;
        take_snapshot(layout, &before);
        what = "cl_layout_add_badge";
        cl_badge_def d = cl_badge_def_default();
        uint8_t b = fz_u8(in);
        static const int32_t anchors[] = {CL_EDGE_TOP | CL_EDGE_TRAILING, CL_EDGE_BOTTOM | CL_EDGE_LEADING, 0, CL_EDGE_TOP,
                                          CL_EDGE_TRAILING, CL_EDGE_TOP | CL_EDGE_BOTTOM, 16, -1, -7};
        d.anchor = anchors[b % 9];
        d.badge_anchor = (b >> 4) < 8 ? CL_EDGE_SAME_AS_ANCHOR : anchors[(b >> 4) % 9];
        d.fractional = fz_u8(in) & 1;
        d.z = (int32_t)(int8_t)fz_u8(in);
        if (fz_u8(in) & 1) {
            d.dx = fz_double(in);
            d.dy = fz_double(in);
        }
        d.size = (cl_size){fz_extent(in), fz_extent(in)};
        static const char *const names[] = {"count", "dot", "new", "star"};
        uint8_t nb = fz_u8(in);
        const char *name = nb < 200 ? names[nb % 4] : read_name(in);
        uint32_t block_size = 0;
        void *block = sized_copy(in, &d, sizeof d, badge_def_sizes, sizeof badge_def_sizes / sizeof badge_def_sizes[0], &block_size);
        int32_t kind = -7;
        uint8_t nulls = fz_u8(in);
        st = cl_layout_add_badge(layout, name, nulls == 254 ? NULL : block, nulls == 255 ? NULL : &kind);
        if (st == CL_OK && m->badge_kind_count < 4) m->badge_kinds[m->badge_kind_count++] = kind;
        if (st == CL_OK && sl->kind_log_count >= 0) {
            kind_call c = {.name = name, .def = cl_decoration_def_default(), .badge = true, .bdef = d};
            sl->kind_log[sl->kind_log_count++] = c;
        }
        if (st == CL_OK && (block_size != sizeof d || sl->kind_log_count >= KIND_LOG)) sl->kind_log_count = -1;
        free(block);
        break;
    }
    case 32: {  /* the layout's own header and footer on a live layout (SPEC §17.2), and its collapse (§18) */
        if (!layout) return;
        changes = true;
        take_snapshot(layout, &before);
        uint8_t which = fz_u8(in);
        if (which < 160) {
            what = "cl_layout_set_global_header_footer";
            double gh = read_layout_extent(in), gf = read_layout_extent(in);
            uint8_t pins = fz_u8(in);
            st = cl_layout_set_global_header_footer(fz_u8(in) == 255 ? NULL : layout, gh, gf, pins & 1, (pins >> 1) & 1);
        } else if (which < 200) {
            what = "cl_layout_set_collapse";
            uint8_t c = fz_u8(in);
            st = cl_layout_set_collapse(layout, c % 6, (c >> 3) & 15, read_layout_extent(in));
        } else if (which < 230) {
            what = "cl_layout_set_collapse_shrink";
            st = cl_layout_set_collapse_shrink(layout, fz_double(in));
        } else {
            /* The records answer, never change the layout; every number finite, progress in [0, 1]. */
            what = "cl_layout_target_collapse";
            changes = false;
            cl_collapse c[2];
            memset(c, 0xab, sizeof c);
            st = which & 1 ? cl_layout_collapse(layout, &c[0], sizeof c[0]) : cl_layout_target_collapse(layout, fz_double(in), &c[0], sizeof c[0]);
            if (st == CL_OK && c[0].collapsing &&
                !(isfinite(c[0].extent) && c[0].extent >= 0 && c[0].progress >= 0 && c[0].progress <= 1 && isfinite(c[0].stretch) &&
                  c[0].stretch >= 0 && isfinite(c[0].shrink) && c[0].shrink >= 0))
                fail("collapse record: extent %g progress %g stretch %g shrink %g", c[0].extent, c[0].progress, c[0].stretch, c[0].shrink);
            if (((uint8_t *)&c[1])[0] != 0xab) fail("a collapse record written past its size");
        }
        break;
    }
    case 34: op_executor(in, sl); return;
    case 23: op_motion(in, sl); return;
    default:
        if (layout) full_check(layout, read_rect(in));
        return;
    }

    TRACE("  %s: %d %s\n", what, st, st && layout ? cl_layout_last_error(layout) : "");
    if (!layout) return;
    if (st == CL_OK && changes && strcmp(what, "cl_layout_register_kind") != 0) sl->answers = ANSWERS_NONE;
    if (st == CL_OK && strcmp(what, "cl_layout_invalidate") == 0) m->synced = true;
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
        free(slots[i].def_block);
        free(slots[i].src_block);
        memset(&slots[i], 0, sizeof slots[i]);
        memset(&executors[i], 0, sizeof executors[i]);
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
        slots[i].m.next_id = 1;
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
        TRACE("op %d\n", op >= 240 ? 24 + (op - 240) % 11 : op % 24);
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
