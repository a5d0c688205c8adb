/* Right-to-left layouts through the C ABI (SPEC §15): frames mirrored, a horizontal layout's
 * scroll offsets counted from its right end, the direction switched on a live layout, older
 * callers and bad input. (The shared vector 24 runs in test_vectors.c.) */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "check.h"
#include "elements.h"
#include "tests.h"

static cl_status ten(void *user_data, int64_t section, int64_t *out_count) {
    (void)user_data, (void)section;
    *out_count = 10;
    return CL_OK;
}

/* Ten 100 x 200 cells side by side in a 300-point horizontal viewport: content 1000. */
static cl_layout *strip(double origin, int32_t direction) {
    cl_layout_def def = cl_layout_def_default();
    def.direction = CL_DIRECTION_HORIZONTAL;
    def.layout_direction = direction;
    def.viewport = (cl_rect){origin, 0, 300, 200};
    def.item_size = (cl_size){100, 200};
    def.line_spacing = def.interitem_spacing = 0;
    cl_data_source source = cl_data_source_default();
    source.item_count = ten;
    cl_layout *layout = NULL;
    CHECK_OK(layout, cl_layout_create(&def, &source, &layout));
    return layout;
}

static double cell_x(const cl_layout *layout, int64_t item) {
    cl_attributes a = {0};
    CHECK_OK(layout, cl_layout_attributes(layout, CL_CATEGORY_CELL, CL_KIND_CELL, 0, item, &a, sizeof a));
    return a.frame.x;
}

static void a_horizontal_layout_reads_from_its_right_end(void *context) {
    (void)context;
    cl_layout *layout = strip(700, CL_LAYOUT_DIRECTION_RTL);
    if (!layout) return;
    CHECK(cell_x(layout, 0) == 900 && cell_x(layout, 9) == 0, "item 0 at the right end: %g", cell_x(layout, 0));
    element_list shown = {0};
    CHECK_OK(layout, elements_in_rect(layout, (cl_rect){700, 0, 300, 200}, &shown));
    CHECK(shown.count == 3, "the start shows items 0-2: %zu", shown.count);
    for (size_t i = 0; i < shown.count; i++) CHECK(shown.items[i].attributes.item <= 2, "item %lld", (long long)shown.items[i].attributes.item);
    element_list_free(&shown);
    const double proposals[][2] = {{690, 700}, {450, 400}, {120, 100}, {-100, 0}};
    for (size_t i = 0; i < 4; i++) {
        double out = NAN;
        CHECK_OK(layout, cl_layout_target_content_offset(layout, proposals[i][0], 0, CL_SNAP_PAGE, CL_DECELERATION_NORMAL, &out));
        CHECK(out == proposals[i][1], "page of %g: %g", proposals[i][0], out);
    }
    /* Switched to left to right, the viewport keeps its distance from the start (0). */
    int32_t direction = -1;
    CHECK_OK(layout, cl_layout_layout_direction(layout, &direction));
    CHECK(direction == CL_LAYOUT_DIRECTION_RTL, "read back: %d", direction);
    CHECK_OK(layout, cl_layout_set_layout_direction(layout, CL_LAYOUT_DIRECTION_LTR));
    cl_rect viewport = {0};
    CHECK_OK(layout, cl_layout_viewport(layout, &viewport));
    CHECK(viewport.x == 0 && cell_x(layout, 0) == 0, "ltr: viewport %g, item 0 at %g", viewport.x, cell_x(layout, 0));
    cl_layout_destroy(layout);
}

static void an_older_caller_reads_left_to_right(void *context) {
    (void)context;
    cl_layout_def def = cl_layout_def_default();
    def.struct_size = (uint32_t)offsetof(cl_layout_def, layout_direction);  /* ended at display_scale */
    def.layout_direction = 7;  /* past its size: never read */
    def.reserved2 = 7;
    def.viewport = (cl_rect){0, 0, 300, 300};
    cl_data_source source = cl_data_source_default();
    source.item_count = ten;
    cl_layout *layout = NULL;
    if (!CHECK_OK(layout, cl_layout_create(&def, &source, &layout))) return;
    int32_t direction = -1;
    CHECK_OK(layout, cl_layout_layout_direction(layout, &direction));
    CHECK(direction == CL_LAYOUT_DIRECTION_LTR && cell_x(layout, 0) == 0, "ltr: %d", direction);
    cl_layout_destroy(layout);
}

static void bad_input_changes_nothing(void *context) {
    (void)context;
    cl_layout *layout = strip(400, CL_LAYOUT_DIRECTION_RTL);
    if (!layout) return;
    element_list before = {0}, after = {0};
    CHECK_OK(layout, elements_all(layout, &before));
    const int32_t bad[] = {-1, 2, 1000};
    for (size_t i = 0; i < 3; i++) {
        CHECK(cl_layout_set_layout_direction(layout, bad[i]) == CL_ERROR_INVALID_ARGUMENT, "direction %d refused", bad[i]);
        CHECK(strstr(cl_layout_last_error(layout), "layout_direction") != NULL, "named: %s", cl_layout_last_error(layout));
    }
    CHECK(cl_layout_layout_direction(layout, NULL) == CL_ERROR_INVALID_ARGUMENT, "a NULL out-pointer");
    CHECK_OK(layout, elements_all(layout, &after));
    elements_match(&before, &after, "after refused calls");
    element_list_free(&before);
    element_list_free(&after);
    cl_layout_def def = cl_layout_def_default();
    def.layout_direction = 2;
    cl_layout *refused = NULL;
    CHECK(cl_layout_create(&def, NULL, &refused) == CL_ERROR_INVALID_ARGUMENT && refused == NULL, "an unknown direction at create");
    def = cl_layout_def_default();
    def.reserved2 = 1;
    CHECK(cl_layout_create(&def, NULL, &refused) == CL_ERROR_INVALID_ARGUMENT && refused == NULL, "reserved2 not zero");
    cl_layout_destroy(layout);
}

void rtl_tests(void) {
    run_test("rtl: a horizontal layout reads from its right end", a_horizontal_layout_reads_from_its_right_end, NULL);
    run_test("rtl: an older caller reads left to right", an_older_caller_reads_left_to_right, NULL);
    run_test("rtl: bad input changes nothing", bad_input_changes_nothing, NULL);
}
