/* Bad input (SPEC §11): every failure has its status code and a message, and the layout keeps
 * its last good state (same frames afterwards). */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "elements.h"
#include "scene.h"
#include "tests.h"

/* ---- A data source that misbehaves on demand ------------------------------------------- */

typedef enum callback_id {
    NO_CALLBACK, SECTION_COUNT, ITEM_COUNT, ITEM_SIZES, SECTION_METRICS, INLINE_ELEMENTS
} callback_id;

typedef enum fault_kind {
    NO_FAULT,
    FAIL,         /* `callback` returns failure */
    BAD_COUNT,    /* section 0 reports `count` items */
    BAD_SECTIONS, /* section_count reports `count` */
    BAD_SIZE,     /* the first item of every batch reports `size` */
    BAD_METRIC,   /* section 0 reports `value` for the double at `offset` in its metrics */
    BAD_INLINE,   /* the first inline element of section 0 is `inline_element` */
    REENTER,      /* item_count calls into the layout */
} fault_kind;

typedef struct faulty_source {
    cl_data_source inner;  /* the scene's callbacks, which do the real work */
    fault_kind fault;
    callback_id callback;
    int64_t count;
    cl_size size;
    size_t offset;
    double value;
    cl_inline_element inline_element;
    cl_layout *layout;                  /* for REENTER */
    cl_status reentrant_status[3];      /* what the calls from inside the callback returned */
} faulty_source;

enum { CALLBACK_FAILED = 1 };

static bool failing(const faulty_source *f, callback_id id) {
    return f->fault == FAIL && f->callback == id;
}

static cl_status faulty_section_count(void *user_data, int64_t *out_count) {
    faulty_source *f = user_data;
    if (failing(f, SECTION_COUNT)) return CALLBACK_FAILED;
    cl_status status = f->inner.section_count(f->inner.user_data, out_count);
    if (f->fault == BAD_SECTIONS) *out_count = f->count;
    return status;
}

static cl_status faulty_item_count(void *user_data, int64_t section, int64_t *out_count) {
    faulty_source *f = user_data;
    if (failing(f, ITEM_COUNT)) return CALLBACK_FAILED;
    if (f->fault == REENTER) {
        /* A read, a relayout and a change from inside the pass: each must be refused. */
        cl_size size;
        cl_rect viewport = {0, 0, 100, 100};
        f->reentrant_status[0] = cl_layout_content_size(f->layout, &size);
        f->reentrant_status[1] = cl_layout_invalidate(f->layout);
        f->reentrant_status[2] = cl_layout_set_viewport(f->layout, viewport);
        return f->reentrant_status[0];
    }
    cl_status status = f->inner.item_count(f->inner.user_data, section, out_count);
    if (f->fault == BAD_COUNT && section == 0) *out_count = f->count;
    return status;
}

static cl_status faulty_item_sizes(void *user_data, int64_t section, int64_t first_item,
                                   int64_t count, cl_size *out_sizes) {
    faulty_source *f = user_data;
    if (failing(f, ITEM_SIZES)) return CALLBACK_FAILED;
    cl_status status = f->inner.item_sizes(f->inner.user_data, section, first_item, count, out_sizes);
    if (f->fault == BAD_SIZE && count > 0) out_sizes[0] = f->size;
    return status;
}

static cl_status faulty_section_metrics(void *user_data, int64_t section, cl_section_metrics *inout) {
    faulty_source *f = user_data;
    if (failing(f, SECTION_METRICS)) return CALLBACK_FAILED;
    cl_status status = f->inner.section_metrics(f->inner.user_data, section, inout);
    if (f->fault == BAD_METRIC && section == 0) memcpy((char *)inout + f->offset, &f->value, sizeof f->value);
    return status;
}

static cl_status faulty_inline_elements(void *user_data, int64_t section, cl_inline_element *out,
                                        int64_t capacity, int64_t *out_count) {
    faulty_source *f = user_data;
    if (failing(f, INLINE_ELEMENTS)) return CALLBACK_FAILED;
    cl_status status = f->inner.inline_elements(f->inner.user_data, section, out, capacity, out_count);
    if (f->fault == BAD_INLINE && section == 0 && capacity > 0 && *out_count > 0)
        out[0] = f->inline_element;
    return status;
}

/* ---- The fixture: the sample scene, laid out, and its good state --------------------------- */

typedef struct fixture {
    scene scene;
    faulty_source source;
    cl_layout *layout;
    element_list good;  /* every element of the last good layout */
} fixture;

static cl_data_source faulty_data_source(faulty_source *f) {
    cl_data_source source = cl_data_source_default();
    source.user_data = f;
    source.section_count = faulty_section_count;
    source.item_count = faulty_item_count;
    source.item_sizes = faulty_item_sizes;
    source.section_metrics = faulty_section_metrics;
    source.inline_elements = faulty_inline_elements;
    return source;
}

static bool fixture_open(fixture *fx) {
    char error[256];
    memset(fx, 0, sizeof *fx);
    if (!CHECK(scene_parse(&fx->scene, sample_scene_json, error, sizeof error), "%s", error))
        return false;
    fx->source.inner = scene_data_source(&fx->scene);
    cl_data_source source = faulty_data_source(&fx->source);
    return CHECK_OK(fx->layout, scene_create_layout(&fx->scene, &source, &fx->layout)) &&
           CHECK_OK(fx->layout, elements_all(fx->layout, &fx->good)) &&
           CHECK(fx->good.count > 20, "the sample scene has only %zu elements", fx->good.count);
}

static void fixture_close(fixture *fx) {
    cl_layout_destroy(fx->layout);
    scene_free(&fx->scene);
    element_list_free(&fx->good);
}

/* Runs a test body between fixture_open and fixture_close. */
typedef struct fixture_test { void (*body)(fixture *); } fixture_test;

static void with_fixture(void *test) {
    fixture fx;
    if (fixture_open(&fx)) ((fixture_test *)test)->body(&fx);
    fixture_close(&fx);
}

static void run_with_fixture(const char *name, void (*body)(fixture *)) {
    fixture_test test = {body};
    run_test(name, with_fixture, &test);
}

/* A call on the fixture's layout that must fail with `want`, set a message, and leave the
 * layout as it was. The fault is cleared afterwards. */
#define EXPECT_FAILURE(fx, call, want) expect_failure((fx), (call), (want), #call, __FILE__, __LINE__)

static void expect_failure(fixture *fx, cl_status got, cl_status want, const char *what,
                           const char *file, int line) {
    fx->source.fault = NO_FAULT;
    check_status(fx->layout, got, want, what, file, line);
    const char *message = cl_layout_last_error(fx->layout);
    check_that(message && message[0], file, line, "%s: no message from cl_layout_last_error", what);
    element_list now = {0};
    if (check_status(fx->layout, elements_all(fx->layout, &now), CL_OK, what, file, line)) {
        char context[256];
        snprintf(context, sizeof context, "%s:%d: after %s", file, line, what);
        elements_match(&fx->good, &now, context);
    }
    element_list_free(&now);
}

/* A call without a usable handle: its status, and a message from cl_layout_last_error(NULL). */
#define EXPECT_NO_HANDLE(call, want) expect_no_handle((call), (want), #call, __FILE__, __LINE__)

static void expect_no_handle(cl_status got, cl_status want, const char *what, const char *file,
                             int line) {
    check_status(NULL, got, want, what, file, line);
    const char *message = cl_layout_last_error(NULL);
    check_that(message && message[0], file, line, "%s: no message from cl_layout_last_error(NULL)",
               what);
}

/* ---- Handles ----------------------------------------------------------------------------- */

/* Every function that takes a handle, with valid other arguments. */
static void expect_every_call_rejects(cl_layout *handle) {
    cl_decoration_def decoration = cl_decoration_def_default();
    cl_rect rect = {0, 0, 100, 100}, viewport;
    cl_index_path path = {0, 0};
    int64_t section = 0, count;
    int32_t kind;
    const char *name;
    cl_size size;
    cl_attributes attributes[4];
    EXPECT_NO_HANDLE(cl_layout_register_kind(handle, "separator", &kind), CL_ERROR_INVALID_HANDLE);
    EXPECT_NO_HANDLE(cl_layout_kind_name(handle, CL_KIND_HEADER, &name), CL_ERROR_INVALID_HANDLE);
    EXPECT_NO_HANDLE(cl_layout_add_decoration(handle, "background", &decoration, &kind),
                     CL_ERROR_INVALID_HANDLE);
    EXPECT_NO_HANDLE(cl_layout_set_viewport(handle, rect), CL_ERROR_INVALID_HANDLE);
    EXPECT_NO_HANDLE(cl_layout_viewport(handle, &viewport), CL_ERROR_INVALID_HANDLE);
    EXPECT_NO_HANDLE(cl_layout_invalidate(handle), CL_ERROR_INVALID_HANDLE);
    EXPECT_NO_HANDLE(cl_layout_invalidate_items(handle, &path, 1), CL_ERROR_INVALID_HANDLE);
    EXPECT_NO_HANDLE(cl_layout_invalidate_sections(handle, &section, 1), CL_ERROR_INVALID_HANDLE);
    EXPECT_NO_HANDLE(cl_layout_content_size(handle, &size), CL_ERROR_INVALID_HANDLE);
    EXPECT_NO_HANDLE(cl_layout_section_count(handle, &count), CL_ERROR_INVALID_HANDLE);
    EXPECT_NO_HANDLE(cl_layout_item_count(handle, 0, &count), CL_ERROR_INVALID_HANDLE);
    EXPECT_NO_HANDLE(cl_layout_elements_in_rect(handle, rect, attributes, 4, sizeof(cl_attributes), &count),
                     CL_ERROR_INVALID_HANDLE);
    EXPECT_NO_HANDLE(cl_layout_attributes(handle, CL_CATEGORY_CELL, CL_KIND_CELL, 0, 0, attributes, sizeof *attributes),
                     CL_ERROR_INVALID_HANDLE);
    cl_section_scroll scroll;
    double target;
    EXPECT_NO_HANDLE(cl_layout_set_section_offset(handle, 3, 10), CL_ERROR_INVALID_HANDLE);
    EXPECT_NO_HANDLE(cl_layout_section_scroll(handle, 3, &scroll, sizeof scroll), CL_ERROR_INVALID_HANDLE);
    EXPECT_NO_HANDLE(cl_layout_section_target_offset(handle, 3, 10, 0, CL_SNAP_NONE,
                                                     CL_DECELERATION_NORMAL, &target),
                     CL_ERROR_INVALID_HANDLE);
}

static void null_and_destroyed_handles(void *context) {
    (void)context;
    cl_layout_destroy(NULL);  /* a no-op */
    expect_every_call_rejects(NULL);

    fixture fx;
    if (fixture_open(&fx)) {
        cl_layout *destroyed = fx.layout;
        fx.layout = NULL;
        cl_layout_destroy(destroyed);
        expect_every_call_rejects(destroyed);
    }
    fixture_close(&fx);
}

/* ---- Bad definitions and arguments ------------------------------------------------------- */

/* The doubles of the definition: each must be finite and, unless said, not negative. Most of
 * them are also section metrics, which the section_metrics callback can get wrong. */
typedef struct number_field {
    const char *name;
    size_t in_def;
    bool in_metrics;
    size_t in_section_metrics;
    bool may_be_negative;  /* the viewport's origin is a scroll offset */
} number_field;

#define METRIC(field) {#field, offsetof(cl_layout_def, field), true, offsetof(cl_section_metrics, field), false}
#define DEF_ONLY(field, may_be_negative) {#field, offsetof(cl_layout_def, field), false, 0, may_be_negative}

static const number_field number_fields[] = {
    METRIC(line_spacing), METRIC(interitem_spacing), METRIC(header), METRIC(footer),
    METRIC(insets.top), METRIC(insets.left), METRIC(insets.bottom), METRIC(insets.right),
    DEF_ONLY(item_size.width, false), DEF_ONLY(item_size.height, false),
    DEF_ONLY(viewport.x, true), DEF_ONLY(viewport.y, true),
    DEF_ONLY(viewport.width, false), DEF_ONLY(viewport.height, false),
};
enum { NUMBER_FIELDS = sizeof number_fields / sizeof number_fields[0] };

static const double bad_numbers[] = {NAN, INFINITY, -INFINITY, -1};
enum { BAD_NUMBERS = sizeof bad_numbers / sizeof bad_numbers[0] };

static bool is_bad(const number_field *field, double value) {
    return !isfinite(value) || (value < 0 && !field->may_be_negative);
}

/* cl_layout_create must refuse def with a status, a message and no layout. */
#define EXPECT_CREATE_FAILS(def, source, want, ...) \
    expect_create_fails((def), (source), (want), __FILE__, __LINE__, __VA_ARGS__)

static void expect_create_fails(const cl_layout_def *def, const cl_data_source *source,
                                cl_status want, const char *file, int line, const char *what) {
    cl_layout *layout = NULL;
    expect_no_handle(cl_layout_create(def, source, &layout), want, what, file, line);
    check_that(layout == NULL, file, line, "%s: a failed create returned a layout", what);
    cl_layout_destroy(layout);
}

static void bad_definitions(fixture *fx) {
    const cl_layout_def good = fx->scene.def;
    cl_data_source source = faulty_data_source(&fx->source);
    char what[128];
    for (size_t i = 0; i < NUMBER_FIELDS; i++) {
        for (size_t j = 0; j < BAD_NUMBERS; j++) {
            if (!is_bad(&number_fields[i], bad_numbers[j])) continue;
            cl_layout_def def = good;
            memcpy((char *)&def + number_fields[i].in_def, &bad_numbers[j], sizeof(double));
            snprintf(what, sizeof what, "create with %s = %g", number_fields[i].name, bad_numbers[j]);
            EXPECT_CREATE_FAILS(&def, &source, CL_ERROR_INVALID_ARGUMENT, what);
        }
    }
    static const struct { const char *name; size_t offset; int32_t value; } bad_enums[] = {
        {"direction", offsetof(cl_layout_def, direction), 2},
        {"alignment", offsetof(cl_layout_def, alignment), 4},
        {"alignment", offsetof(cl_layout_def, alignment), -1},
        {"cross_alignment", offsetof(cl_layout_def, cross_alignment), 3},
        {"kind_count", offsetof(cl_layout_def, kind_count), -1},
        {"style", offsetof(cl_layout_def, style), CL_STYLE_CUSTOM + 1},
        {"style", offsetof(cl_layout_def, style), -1},
        {"rows", offsetof(cl_layout_def, rows), 0},
        {"rows", offsetof(cl_layout_def, rows), -3},
    };
    for (size_t i = 0; i < sizeof bad_enums / sizeof bad_enums[0]; i++) {
        cl_layout_def def = good;
        memcpy((char *)&def + bad_enums[i].offset, &bad_enums[i].value, sizeof(int32_t));
        snprintf(what, sizeof what, "create with %s = %d", bad_enums[i].name, bad_enums[i].value);
        EXPECT_CREATE_FAILS(&def, &source, CL_ERROR_INVALID_ARGUMENT, what);
    }
    /* Kind names are 1 to 63 bytes. */
    char too_long[KIND_NAME_SIZE + 1];
    memset(too_long, 'k', KIND_NAME_SIZE);
    too_long[KIND_NAME_SIZE] = '\0';
    const char *const bad_names[] = {"", NULL, too_long};
    for (size_t i = 0; i < sizeof bad_names / sizeof bad_names[0]; i++) {
        cl_layout_def def = good;
        def.kinds = &bad_names[i];
        def.kind_count = 1;
        snprintf(what, sizeof what, "create with kind name %s", bad_names[i] ? bad_names[i] : "NULL");
        EXPECT_CREATE_FAILS(&def, &source, CL_ERROR_INVALID_ARGUMENT, what);
    }
    cl_layout_def no_kinds = good;
    no_kinds.kinds = NULL;
    no_kinds.kind_count = 1;
    EXPECT_CREATE_FAILS(&no_kinds, &source, CL_ERROR_INVALID_ARGUMENT, "kinds NULL, kind_count 1");

    cl_data_source no_item_count = source;
    no_item_count.item_count = NULL;
    EXPECT_CREATE_FAILS(NULL, &source, CL_ERROR_INVALID_ARGUMENT, "create with def NULL");
    EXPECT_CREATE_FAILS(&good, NULL, CL_ERROR_INVALID_ARGUMENT, "create with data source NULL");
    EXPECT_CREATE_FAILS(&good, &no_item_count, CL_ERROR_INVALID_ARGUMENT, "no item_count callback");
    EXPECT_NO_HANDLE(cl_layout_create(&good, &source, NULL), CL_ERROR_INVALID_ARGUMENT);

    /* Bad data at create: the same refusal as on invalidate, but there is no layout to keep. */
    fx->source.fault = BAD_COUNT;
    fx->source.count = -1;
    EXPECT_CREATE_FAILS(&good, &source, CL_ERROR_BAD_CALLBACK_DATA, "item_count -1 at create");
    fx->source.fault = FAIL;
    fx->source.callback = ITEM_SIZES;
    EXPECT_CREATE_FAILS(&good, &source, CL_ERROR_CALLBACK, "item_sizes fails at create");
    fx->source.fault = NO_FAULT;
}

static void bad_arguments(fixture *fx) {
    cl_layout *layout = fx->layout;
    cl_rect nan_rect = {0, NAN, 100, 100}, wide = {0, 0, INFINITY, 100}, negative = {0, 0, -5, 100};
    cl_attributes buffer[4];
    int64_t count;
    int32_t kind;
    cl_decoration_def decoration = cl_decoration_def_default();
    EXPECT_FAILURE(fx, cl_layout_set_viewport(layout, nan_rect), CL_ERROR_INVALID_ARGUMENT);
    EXPECT_FAILURE(fx, cl_layout_set_viewport(layout, wide), CL_ERROR_INVALID_ARGUMENT);
    EXPECT_FAILURE(fx, cl_layout_set_viewport(layout, negative), CL_ERROR_INVALID_ARGUMENT);
    EXPECT_FAILURE(fx, cl_layout_elements_in_rect(layout, nan_rect, buffer, 4, sizeof(cl_attributes), &count),
                   CL_ERROR_INVALID_ARGUMENT);
    EXPECT_FAILURE(fx, cl_layout_viewport(layout, NULL), CL_ERROR_INVALID_ARGUMENT);
    EXPECT_FAILURE(fx, cl_layout_content_size(layout, NULL), CL_ERROR_INVALID_ARGUMENT);
    EXPECT_FAILURE(fx, cl_layout_section_count(layout, NULL), CL_ERROR_INVALID_ARGUMENT);
    EXPECT_FAILURE(fx, cl_layout_item_count(layout, 0, NULL), CL_ERROR_INVALID_ARGUMENT);
    EXPECT_FAILURE(fx, cl_layout_attributes(layout, CL_CATEGORY_CELL, CL_KIND_CELL, 0, 0, NULL, sizeof(cl_attributes)),
                   CL_ERROR_INVALID_ARGUMENT);
    EXPECT_FAILURE(fx, cl_layout_attributes(layout, 7, CL_KIND_CELL, 0, 0, buffer, sizeof *buffer),
                   CL_ERROR_INVALID_ARGUMENT);
    EXPECT_FAILURE(fx, cl_layout_elements_in_rect(layout, fx->scene.def.viewport, buffer, 4, sizeof(cl_attributes), NULL),
                   CL_ERROR_INVALID_ARGUMENT);
    EXPECT_FAILURE(fx, cl_layout_elements_in_rect(layout, fx->scene.def.viewport, NULL, 4, sizeof(cl_attributes), &count),
                   CL_ERROR_INVALID_ARGUMENT);
    EXPECT_FAILURE(fx, cl_layout_elements_in_rect(layout, fx->scene.def.viewport, buffer, -1, sizeof(cl_attributes), &count),
                   CL_ERROR_INVALID_ARGUMENT);
    EXPECT_FAILURE(fx, cl_layout_invalidate_items(layout, NULL, 1), CL_ERROR_INVALID_ARGUMENT);
    EXPECT_FAILURE(fx, cl_layout_invalidate_sections(layout, NULL, 1), CL_ERROR_INVALID_ARGUMENT);
    EXPECT_FAILURE(fx, cl_layout_register_kind(layout, NULL, &kind), CL_ERROR_INVALID_ARGUMENT);
    EXPECT_FAILURE(fx, cl_layout_register_kind(layout, "", &kind), CL_ERROR_INVALID_ARGUMENT);
    EXPECT_FAILURE(fx, cl_layout_register_kind(layout, "badge", NULL), CL_ERROR_INVALID_ARGUMENT);
    EXPECT_FAILURE(fx, cl_layout_add_decoration(layout, "badge", NULL, &kind), CL_ERROR_INVALID_ARGUMENT);
    decoration.scope = 5;
    EXPECT_FAILURE(fx, cl_layout_add_decoration(layout, "badge", &decoration, &kind),
                   CL_ERROR_INVALID_ARGUMENT);
    decoration = cl_decoration_def_default();
    decoration.coverage = 3;
    EXPECT_FAILURE(fx, cl_layout_add_decoration(layout, "badge", &decoration, &kind),
                   CL_ERROR_INVALID_ARGUMENT);
    /* Insets may be negative (they grow the frame) but not NaN or infinite, on any side. */
    static const double bad_insets[] = {NAN, INFINITY, -INFINITY};
    for (size_t side = 0; side < 4; side++) {
        for (size_t i = 0; i < sizeof bad_insets / sizeof bad_insets[0]; i++) {
            decoration = cl_decoration_def_default();
            ((double *)&decoration.insets)[side] = bad_insets[i];
            char what[96];
            snprintf(what, sizeof what, "add_decoration with insets side %zu = %g", side, bad_insets[i]);
            expect_failure(fx, cl_layout_add_decoration(layout, "badge", &decoration, &kind),
                           CL_ERROR_INVALID_ARGUMENT, what, __FILE__, __LINE__);
        }
    }
}

/* ---- Bad data from the callbacks (on invalidation) --------------------------------------- */

static void bad_counts_and_sizes(fixture *fx) {
    faulty_source *f = &fx->source;
    cl_layout *layout = fx->layout;
    cl_index_path first = {0, 0};
    f->fault = BAD_COUNT, f->count = -1;
    EXPECT_FAILURE(fx, cl_layout_invalidate(layout), CL_ERROR_BAD_CALLBACK_DATA);
    f->fault = BAD_COUNT, f->count = (int64_t)CL_MAX_ITEMS + 1;
    EXPECT_FAILURE(fx, cl_layout_invalidate(layout), CL_ERROR_LIMIT);
    f->fault = BAD_COUNT, f->count = INT64_MAX;
    EXPECT_FAILURE(fx, cl_layout_invalidate(layout), CL_ERROR_LIMIT);
    f->fault = BAD_SECTIONS, f->count = -3;
    EXPECT_FAILURE(fx, cl_layout_invalidate(layout), CL_ERROR_BAD_CALLBACK_DATA);

    static const cl_size bad_sizes[] = {{NAN, 10}, {10, NAN}, {-1, 10}, {10, -0.5}, {INFINITY, 10}};
    for (size_t i = 0; i < sizeof bad_sizes / sizeof bad_sizes[0]; i++) {
        f->fault = BAD_SIZE, f->size = bad_sizes[i];
        EXPECT_FAILURE(fx, cl_layout_invalidate(layout), CL_ERROR_BAD_CALLBACK_DATA);
        f->fault = BAD_SIZE, f->size = bad_sizes[i];
        EXPECT_FAILURE(fx, cl_layout_invalidate_items(layout, &first, 1), CL_ERROR_BAD_CALLBACK_DATA);
    }
}

static void bad_metrics(fixture *fx) {
    int64_t section = 0;
    for (size_t i = 0; i < NUMBER_FIELDS; i++) {
        for (size_t j = 0; j < BAD_NUMBERS && number_fields[i].in_metrics; j++) {
            if (!is_bad(&number_fields[i], bad_numbers[j])) continue;
            fx->source.fault = BAD_METRIC;
            fx->source.offset = number_fields[i].in_section_metrics;
            fx->source.value = bad_numbers[j];
            cl_status status = cl_layout_invalidate_sections(fx->layout, &section, 1);
            char what[128];
            snprintf(what, sizeof what, "section_metrics %s = %g", number_fields[i].name,
                     bad_numbers[j]);
            expect_failure(fx, status, CL_ERROR_BAD_CALLBACK_DATA, what, __FILE__, __LINE__);
        }
    }
    static const struct { size_t offset; int32_t value; } bad_enums[] = {
        {offsetof(cl_section_metrics, alignment), 9},
        {offsetof(cl_section_metrics, cross_alignment), -1},
        {offsetof(cl_section_metrics, style), CL_STYLE_CUSTOM + 1},
        {offsetof(cl_section_metrics, style), -1},
        {offsetof(cl_section_metrics, rows), 0},
        {offsetof(cl_section_metrics, rows), -1},
    };
    for (size_t i = 0; i < sizeof bad_enums / sizeof bad_enums[0]; i++) {
        /* BAD_METRIC writes a double; these are int32 fields, so write through the scene. */
        cl_section_metrics saved = fx->scene.sections[0].metrics;
        memcpy((char *)&fx->scene.sections[0].metrics + bad_enums[i].offset, &bad_enums[i].value,
               sizeof(int32_t));
        cl_status status = cl_layout_invalidate_sections(fx->layout, &section, 1);
        fx->scene.sections[0].metrics = saved;
        EXPECT_FAILURE(fx, status, CL_ERROR_BAD_CALLBACK_DATA);
    }
}

static void bad_inline_elements(fixture *fx) {
    int64_t section = 0, items = fx->scene.sections[0].item_count;
    const cl_inline_element good = fx->scene.sections[0].inlines[0].element;
    cl_inline_element bad[] = {good, good, good, good, good};
    bad[0].before = items + 1;
    bad[1].before = -1;
    bad[2].extent = NAN;
    bad[3].extent = -2;
    bad[4].extent = INFINITY;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        fx->source.fault = BAD_INLINE;
        fx->source.inline_element = bad[i];
        EXPECT_FAILURE(fx, cl_layout_invalidate_sections(fx->layout, &section, 1),
                       CL_ERROR_BAD_CALLBACK_DATA);
    }
    /* A kind id that was never registered. */
    fx->source.fault = BAD_INLINE;
    fx->source.inline_element = good;
    fx->source.inline_element.kind = 99;
    EXPECT_FAILURE(fx, cl_layout_invalidate_sections(fx->layout, &section, 1), CL_ERROR_UNKNOWN_KIND);

    /* Two of one kind before the same item would share an identity (section, before). */
    scene_inline twins[2] = {fx->scene.sections[0].inlines[0], fx->scene.sections[0].inlines[0]};
    scene_inline *own = fx->scene.sections[0].inlines;
    fx->scene.sections[0].inlines = twins;
    fx->scene.sections[0].inline_count = 2;
    cl_status twin_status = cl_layout_invalidate_sections(fx->layout, &section, 1);
    fx->scene.sections[0].inlines = own;
    fx->scene.sections[0].inline_count = 1;
    EXPECT_FAILURE(fx, twin_status, CL_ERROR_BAD_CALLBACK_DATA);

    /* Inline elements are for flow sections: the sample's last section scrolls sideways. */
    int64_t strip = fx->scene.section_count - 1;
    scene_section *sideways = &fx->scene.sections[strip];
    scene_inline separator = fx->scene.sections[0].inlines[0], *saved = sideways->inlines;
    separator.element.before = 0;
    sideways->inlines = &separator;
    sideways->inline_count = 1;
    cl_status status = cl_layout_invalidate_sections(fx->layout, &strip, 1);
    sideways->inlines = saved;
    sideways->inline_count = 0;
    EXPECT_FAILURE(fx, status, CL_ERROR_BAD_CALLBACK_DATA);
}

/* ---- Out of range and unknown kinds ------------------------------------------------------ */

static void out_of_range(fixture *fx) {
    cl_layout *layout = fx->layout;
    cl_attributes a;
    int64_t count, sections = fx->scene.section_count, items = fx->scene.sections[0].item_count;
    const int64_t bad_sections[] = {-1, sections, INT64_MAX};
    for (size_t i = 0; i < sizeof bad_sections / sizeof bad_sections[0]; i++) {
        int64_t section = bad_sections[i];
        cl_index_path path = {section, 0};
        EXPECT_FAILURE(fx, cl_layout_attributes(layout, CL_CATEGORY_CELL, CL_KIND_CELL, section, 0, &a, sizeof a),
                       CL_ERROR_OUT_OF_RANGE);
        EXPECT_FAILURE(fx, cl_layout_item_count(layout, section, &count), CL_ERROR_OUT_OF_RANGE);
        EXPECT_FAILURE(fx, cl_layout_invalidate_items(layout, &path, 1), CL_ERROR_OUT_OF_RANGE);
        EXPECT_FAILURE(fx, cl_layout_invalidate_sections(layout, &section, 1), CL_ERROR_OUT_OF_RANGE);
    }
    cl_index_path paths[] = {{0, 0}, {0, items}};  /* one good path does not save a bad one */
    EXPECT_FAILURE(fx, cl_layout_invalidate_items(layout, paths, 2), CL_ERROR_OUT_OF_RANGE);
    paths[1].item = -1;
    EXPECT_FAILURE(fx, cl_layout_invalidate_items(layout, paths, 2), CL_ERROR_OUT_OF_RANGE);
    EXPECT_FAILURE(fx, cl_layout_invalidate_items(layout, paths, -1), CL_ERROR_INVALID_ARGUMENT);
    EXPECT_FAILURE(fx, cl_layout_attributes(layout, CL_CATEGORY_CELL, CL_KIND_CELL, 0, items, &a, sizeof a),
                   CL_ERROR_OUT_OF_RANGE);
    EXPECT_FAILURE(fx, cl_layout_attributes(layout, CL_CATEGORY_CELL, CL_KIND_CELL, 1, 0, &a, sizeof a),
                   CL_ERROR_OUT_OF_RANGE);  /* section 1 is empty */
    EXPECT_FAILURE(fx, cl_layout_attributes(layout, CL_CATEGORY_SUPPLEMENTARY, CL_KIND_HEADER, 0, 1, &a, sizeof a),
                   CL_ERROR_OUT_OF_RANGE);  /* headers are item 0 */
    EXPECT_FAILURE(fx, cl_layout_attributes(layout, CL_CATEGORY_SUPPLEMENTARY, CL_KIND_FOOTER, 1, 0, &a, sizeof a),
                   CL_ERROR_OUT_OF_RANGE);  /* section 1 has no footer */
    EXPECT_FAILURE(fx, cl_layout_attributes(layout, CL_CATEGORY_SUPPLEMENTARY, CL_KIND_HEADER, sections, 0, &a, sizeof a),
                   CL_ERROR_OUT_OF_RANGE);
    EXPECT_FAILURE(fx, cl_layout_attributes(layout, CL_CATEGORY_SUPPLEMENTARY, CL_KIND_FIRST_USER, 0, 0, &a, sizeof a),
                   CL_ERROR_OUT_OF_RANGE);  /* the separator is before item 3 */
}

static void unknown_kinds(fixture *fx) {
    cl_layout *layout = fx->layout;
    cl_attributes a;
    const char *name;
    static const int32_t unknown[] = {-1, 99, INT32_MAX};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        EXPECT_FAILURE(fx, cl_layout_kind_name(layout, unknown[i], &name), CL_ERROR_UNKNOWN_KIND);
        EXPECT_FAILURE(fx, cl_layout_attributes(layout, CL_CATEGORY_SUPPLEMENTARY, unknown[i], 0, 0, &a, sizeof a),
                       CL_ERROR_UNKNOWN_KIND);
        EXPECT_FAILURE(fx, cl_layout_attributes(layout, CL_CATEGORY_DECORATION, unknown[i], 0, 0, &a, sizeof a),
                       CL_ERROR_UNKNOWN_KIND);
    }
    EXPECT_FAILURE(fx, cl_layout_kind_name(layout, CL_KIND_HEADER, NULL), CL_ERROR_INVALID_ARGUMENT);
}

/* ---- Failing and re-entering callbacks --------------------------------------------------- */

static void failing_callbacks(fixture *fx) {
    static const callback_id callbacks[] = {SECTION_COUNT, ITEM_COUNT, ITEM_SIZES, SECTION_METRICS,
                                            INLINE_ELEMENTS};
    cl_index_path first = {0, 0};
    int64_t section = 0;
    for (size_t i = 0; i < sizeof callbacks / sizeof callbacks[0]; i++) {
        fx->source.fault = FAIL, fx->source.callback = callbacks[i];
        EXPECT_FAILURE(fx, cl_layout_invalidate(fx->layout), CL_ERROR_CALLBACK);
    }
    fx->source.fault = FAIL, fx->source.callback = ITEM_SIZES;
    EXPECT_FAILURE(fx, cl_layout_invalidate_items(fx->layout, &first, 1), CL_ERROR_CALLBACK);
    fx->source.fault = FAIL, fx->source.callback = SECTION_METRICS;
    EXPECT_FAILURE(fx, cl_layout_invalidate_sections(fx->layout, &section, 1), CL_ERROR_CALLBACK);
    fx->source.fault = FAIL, fx->source.callback = INLINE_ELEMENTS;
    EXPECT_FAILURE(fx, cl_layout_invalidate_sections(fx->layout, &section, 1), CL_ERROR_CALLBACK);
    /* And a good pass still works afterwards. */
    CHECK_OK(fx->layout, cl_layout_invalidate(fx->layout));
}

static void reentrant_callback(fixture *fx) {
    fx->source.fault = REENTER;
    fx->source.layout = fx->layout;
    EXPECT_FAILURE(fx, cl_layout_invalidate(fx->layout), CL_ERROR_CALLBACK);
    static const char *const inner[] = {"cl_layout_content_size", "cl_layout_invalidate",
                                        "cl_layout_set_viewport"};
    for (size_t i = 0; i < 3; i++)
        CHECK(fx->source.reentrant_status[i] == CL_ERROR_REENTRANT,
              "%s from inside item_count: status %d (%s), want CL_ERROR_REENTRANT", inner[i],
              fx->source.reentrant_status[i], cl_status_string(fx->source.reentrant_status[i]));
    CHECK_OK(fx->layout, cl_layout_invalidate(fx->layout));
}

/* ---- Sideways sections (SPEC §4, §10) --------------------------------------------------- */

/* Every call about a section's sideways offset fails on `section` with `status`. */
static void sideways_calls_fail(fixture *fx, int64_t section, cl_status status) {
    cl_section_scroll scroll;
    double target;
    EXPECT_FAILURE(fx, cl_layout_set_section_offset(fx->layout, section, 10), status);
    EXPECT_FAILURE(fx, cl_layout_section_scroll(fx->layout, section, &scroll, sizeof scroll), status);
    EXPECT_FAILURE(fx, cl_layout_section_target_offset(fx->layout, section, 10, 0, CL_SNAP_NONE,
                                                       CL_DECELERATION_NORMAL, &target),
                   status);
}

static void section_offsets(fixture *fx) {
    cl_layout *layout = fx->layout;
    int64_t strip = fx->scene.section_count - 1, flow = 0, empty_flow = 1;
    const int64_t missing[] = {-1, fx->scene.section_count, INT64_MAX};
    cl_section_scroll scroll;
    double target;
    if (!CHECK(fx->scene.sections[strip].metrics.style == CL_STYLE_ORTHOGONAL,
               "the sample's last section scrolls sideways"))
        return;
    static const double not_finite[] = {NAN, INFINITY, -INFINITY};
    for (size_t i = 0; i < 3; i++) {
        double v = not_finite[i];
        EXPECT_FAILURE(fx, cl_layout_set_section_offset(layout, strip, v), CL_ERROR_INVALID_ARGUMENT);
        EXPECT_FAILURE(fx, cl_layout_section_target_offset(layout, strip, v, 0, CL_SNAP_ITEM,
                                                           CL_DECELERATION_NORMAL, &target),
                       CL_ERROR_INVALID_ARGUMENT);
        EXPECT_FAILURE(fx, cl_layout_section_target_offset(layout, strip, 10, v, CL_SNAP_ITEM,
                                                           CL_DECELERATION_NORMAL, &target),
                       CL_ERROR_INVALID_ARGUMENT);
    }
    /* The deceleration rate is in (0, 1). */
    static const double bad_rates[] = {0, 1, -0.5, 1.5, NAN, INFINITY};
    for (size_t i = 0; i < sizeof bad_rates / sizeof bad_rates[0]; i++)
        EXPECT_FAILURE(fx, cl_layout_section_target_offset(layout, strip, 10, 100, CL_SNAP_NONE,
                                                           bad_rates[i], &target),
                       CL_ERROR_INVALID_ARGUMENT);
    static const int32_t bad_snapping[] = {-1, CL_SNAP_ITEM_CENTERED + 1, INT32_MAX};
    for (size_t i = 0; i < sizeof bad_snapping / sizeof bad_snapping[0]; i++)
        EXPECT_FAILURE(fx, cl_layout_section_target_offset(layout, strip, 10, 100, bad_snapping[i],
                                                           CL_DECELERATION_NORMAL, &target),
                       CL_ERROR_INVALID_ARGUMENT);
    /* A flow section has no sideways offset; a missing section has none either. */
    const int64_t flows[] = {flow, empty_flow};
    for (size_t i = 0; i < 2; i++) sideways_calls_fail(fx, flows[i], CL_ERROR_INVALID_ARGUMENT);
    for (size_t i = 0; i < 3; i++) sideways_calls_fail(fx, missing[i], CL_ERROR_OUT_OF_RANGE);
    EXPECT_FAILURE(fx, cl_layout_section_scroll(layout, strip, NULL, sizeof(cl_section_scroll)), CL_ERROR_INVALID_ARGUMENT);
    EXPECT_FAILURE(fx, cl_layout_section_target_offset(layout, strip, 10, 0, CL_SNAP_NONE,
                                                       CL_DECELERATION_NORMAL, NULL),
                   CL_ERROR_INVALID_ARGUMENT);
    /* The offset the scene asked for is still there. */
    if (CHECK_OK(layout, cl_layout_section_scroll(layout, strip, &scroll, sizeof scroll)))
        CHECK(scroll.offset == fx->scene.sections[strip].offset && scroll.offset > 0,
              "offset %g after the failures, want %g", scroll.offset, fx->scene.sections[strip].offset);
}

/* ---- Buffers ----------------------------------------------------------------------------- */

static void buffers(fixture *fx) {
    cl_layout *layout = fx->layout;
    cl_rect all = content_rect(fx->good.content_size, 10000);
    cl_attributes one[1];
    int64_t needed = -1;
    EXPECT_FAILURE(fx, cl_layout_elements_in_rect(layout, all, one, 1, sizeof(cl_attributes), &needed),
                   CL_ERROR_BUFFER_TOO_SMALL);
    CHECK(needed == (int64_t)fx->good.count, "needed count %lld, want %zu", (long long)needed,
          fx->good.count);
    needed = -1;
    /* NULL with capacity 0 only counts. */
    CHECK_OK(layout, cl_layout_elements_in_rect(layout, all, NULL, 0, sizeof(cl_attributes), &needed));
    CHECK(needed == (int64_t)fx->good.count, "needed count %lld, want %zu", (long long)needed,
          fx->good.count);
    /* Nothing there: no buffer needed. */
    cl_rect far = {0, fx->good.content_size.height + 20000, 100, 100};
    needed = -1;
    CHECK_OK(layout, cl_layout_elements_in_rect(layout, far, NULL, 0, sizeof(cl_attributes), &needed));
    CHECK(needed == 0, "%lld elements far below the content", (long long)needed);
}

void bad_input_tests(void) {
    run_test("bad input: NULL and destroyed handles", null_and_destroyed_handles, NULL);
    run_with_fixture("bad input: definitions at create", bad_definitions);
    run_with_fixture("bad input: arguments", bad_arguments);
    run_with_fixture("bad input: counts and sizes from callbacks", bad_counts_and_sizes);
    run_with_fixture("bad input: metrics from section_metrics", bad_metrics);
    run_with_fixture("bad input: inline elements from callbacks", bad_inline_elements);
    run_with_fixture("bad input: out-of-range index paths", out_of_range);
    run_with_fixture("bad input: unknown kinds", unknown_kinds);
    run_with_fixture("bad input: failing callbacks", failing_callbacks);
    run_with_fixture("bad input: re-entrant callback", reentrant_callback);
    run_with_fixture("bad input: buffers", buffers);
    run_with_fixture("bad input: sideways section offsets and target offsets", section_offsets);
}
