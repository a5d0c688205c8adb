/* Collapsing layout headers through the C ABI (SPEC §18): the record as the viewport moves, the
 * floating state stepped by the host's viewports and set from code, the record at a target,
 * settings changed on a live layout, and bad input. (The shared vectors 27 and 28 run in
 * test_vectors.c.) */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "check.h"
#include "elements.h"
#include "tests.h"

static cl_status thirty(void *user_data, int64_t section, int64_t *out_count) {
    (void)user_data, (void)section;
    *out_count = 30;
    return CL_OK;
}

/* SPEC §18.2's example: M = 200, m = 60 over thirty 320 x 50 rows in a 320 x 400 viewport. */
static cl_layout *feed(int32_t mode, int32_t flags, double min) {
    cl_layout_def def = cl_layout_def_default();
    def.viewport = (cl_rect){0, 0, 320, 400};
    def.item_size = (cl_size){320, 50};
    def.line_spacing = 0;
    def.global_header = 200;
    def.collapse_mode = mode;
    def.collapse_flags = flags;
    def.collapse_min = min;
    cl_data_source source = cl_data_source_default();
    source.item_count = thirty;
    cl_layout *layout = NULL;
    CHECK_OK(layout, cl_layout_create(&def, &source, &layout));
    return layout;
}

static cl_collapse record_at(cl_layout *layout, double origin) {
    cl_collapse r;
    memset(&r, 0xab, sizeof r);
    CHECK_OK(layout, cl_layout_set_viewport(layout, (cl_rect){0, origin, 320, 400}));
    CHECK_OK(layout, cl_layout_collapse(layout, &r, sizeof r));
    return r;
}

static void the_record_follows_the_viewport(void *context) {
    (void)context;
    cl_layout *layout = feed(CL_COLLAPSE_PINNED, CL_COLLAPSE_STRETCH, 60);
    if (!layout) return;
    cl_collapse r = record_at(layout, 70);
    CHECK(r.collapsing && r.extent == 130 && r.progress == 0.5 && r.shrink == 70 && r.stretch == 0, "at 70: %g %g", r.extent, r.progress);
    r = record_at(layout, -50);
    CHECK(r.extent == 250 && r.stretch == 50 && r.progress == 0, "stretched: %g", r.extent);
    cl_attributes a;
    CHECK_OK(layout, cl_layout_attributes(layout, CL_CATEGORY_SUPPLEMENTARY, CL_KIND_GLOBAL_HEADER, 0, 0, &a, sizeof a));
    CHECK(a.frame.y == -50 && a.frame.height == 250 && a.z == 20, "the header (%g, %g) z %d", a.frame.y, a.frame.height, a.z);
    cl_size size;
    CHECK_OK(layout, cl_layout_content_size(layout, &size));
    CHECK(size.height == 1700, "the content size stays: %g", size.height);
    /* Turned off: no record. */
    CHECK_OK(layout, cl_layout_set_collapse(layout, CL_COLLAPSE_NONE, 0, 0));
    r = record_at(layout, 70);
    CHECK(!r.collapsing && r.extent == 0, "no collapse");
    cl_layout_destroy(layout);
}

static void the_floating_state(void *context) {
    (void)context;
    cl_layout *layout = feed(CL_COLLAPSE_FLOATING, CL_COLLAPSE_SNAP, 100);
    if (!layout) return;
    CHECK(record_at(layout, 400).shrink == 200, "scrolled down: hidden");
    CHECK(record_at(layout, 380).shrink == 180, "back by 20: 20 of it shown");
    CHECK_OK(layout, cl_layout_set_collapse_shrink(layout, 0));
    cl_collapse r;
    CHECK_OK(layout, cl_layout_collapse(layout, &r, sizeof r));
    CHECK(r.shrink == 0 && r.extent == 200, "shown from code");
    /* At a target 330, stepped from 380: 0 + (330 - 380) -> 0; snapped to 0. */
    CHECK_OK(layout, cl_layout_target_collapse(layout, 330, &r, sizeof r));
    CHECK(r.shrink == 0, "target record: %g", r.shrink);
    CHECK(cl_layout_set_collapse_shrink(layout, NAN) == CL_ERROR_INVALID_ARGUMENT, "NaN shrink");
    cl_layout_destroy(layout);
    layout = feed(CL_COLLAPSE_PINNED, CL_COLLAPSE_SNAP, 60);
    if (!layout) return;
    CHECK(cl_layout_set_collapse_shrink(layout, 10) == CL_ERROR_INVALID_ARGUMENT, "no floating state in pinned mode");
    double target = -1;
    CHECK_OK(layout, cl_layout_target_content_offset(layout, 71, 0, CL_SNAP_NONE, CL_DECELERATION_NORMAL, &target));
    CHECK(target == 140, "snapped to collapsed: %g", target);
    cl_layout_destroy(layout);
}

static void bad_input_changes_nothing(void *context) {
    (void)context;
    cl_layout *layout = feed(CL_COLLAPSE_SCROLL, 0, 0);
    if (!layout) return;
    element_list before = {0}, after = {0};
    CHECK_OK(layout, elements_all(layout, &before));
    const struct { int32_t mode, flags; double min; } bad[] = {{9, 0, 0}, {-1, 0, 0}, {CL_COLLAPSE_SCROLL, 8, 0},
                                                           {CL_COLLAPSE_PINNED, 0, 250}, {CL_COLLAPSE_PINNED, 0, -1}, {CL_COLLAPSE_PINNED, 0, NAN}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(cl_layout_set_collapse(layout, bad[i].mode, bad[i].flags, bad[i].min) == CL_ERROR_INVALID_ARGUMENT &&
                  strstr(cl_layout_last_error(layout), "collapse") != NULL,
              "settings %zu refused: %s", i, cl_layout_last_error(layout));
    cl_collapse r;
    CHECK(cl_layout_collapse(layout, NULL, sizeof r) == CL_ERROR_INVALID_ARGUMENT, "a NULL out-pointer");
    CHECK(cl_layout_collapse(layout, &r, 4) == CL_ERROR_INVALID_ARGUMENT, "a size too small");
    CHECK_OK(layout, elements_all(layout, &after));
    elements_match(&before, &after, "after refused calls");
    element_list_free(&before);
    element_list_free(&after);
    cl_layout_def def = cl_layout_def_default();
    def.collapse_mode = CL_COLLAPSE_PINNED;  /* without a layout header */
    cl_layout *refused = NULL;
    CHECK(cl_layout_create(&def, NULL, &refused) == CL_ERROR_INVALID_ARGUMENT && refused == NULL, "a collapse without a header");
    def.global_header = 100;
    def.pin_global_header = 1;
    CHECK(cl_layout_create(&def, NULL, &refused) == CL_ERROR_INVALID_ARGUMENT && refused == NULL, "pin_global_header with collapse");
    cl_layout_destroy(layout);
}

void collapse_tests(void) {
    run_test("collapse: the record follows the viewport", the_record_follows_the_viewport, NULL);
    run_test("collapse: the floating state", the_floating_state, NULL);
    run_test("collapse: bad input changes nothing", bad_input_changes_nothing, NULL);
}
