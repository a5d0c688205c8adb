/* The scroll view around a layout through the C ABI (SPEC §20): content insets (the scroll
 * range, pinning, targets, scroll-to, the line axis), pixel rounding of every reported frame,
 * older callers that do not know the fields, bad input that changes nothing; and what enters
 * and leaves the viewport as it scrolls (cl_layout_viewport_changes). */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "check.h"
#include "elements.h"
#include "tests.h"

static cl_status nine(void *user_data, int64_t section, int64_t *out_count) {
    (void)user_data, (void)section;
    *out_count = 9;
    return CL_OK;
}

/* §20.1's example: a 40-point pinned header over nine 320 x 96 rows, 4 apart, under a 64-point
 * top bar and a 34-point bottom bar; content 940. */
static cl_layout *feed(double origin, double display_scale) {
    cl_layout_def def = cl_layout_def_default();
    def.viewport = (cl_rect){0, origin, 320, 480};
    def.content_insets = (cl_insets){64, 0, 34, 0};
    def.display_scale = display_scale;
    def.item_size = (cl_size){320, 96};
    def.header = 40;
    def.pin_headers = 1;
    def.line_spacing = 4;
    def.insets = (cl_insets){0, 0, 4, 0};
    cl_data_source source = cl_data_source_default();
    source.item_count = nine;
    cl_layout *layout = NULL;
    CHECK_OK(layout, cl_layout_create(&def, &source, &layout));
    return layout;
}

static double target(const cl_layout *layout, double proposed, int32_t snap) {
    double out = NAN;
    CHECK_OK(layout, cl_layout_target_content_offset(layout, proposed, 0, snap, CL_DECELERATION_NORMAL, &out));
    return out;
}

static double scroll_to(const cl_layout *layout, int64_t item, int32_t position) {
    cl_rect out = {NAN, NAN, NAN, NAN};
    CHECK_OK(layout, cl_layout_scroll_to_element(layout, CL_CATEGORY_CELL, 0, 0, item, position, &out));
    return out.y;
}

static void content_insets_shape_the_scroll_range(void *context) {
    (void)context;
    cl_layout *layout = feed(-64, 0);
    if (!layout) return;
    CHECK(target(layout, -500, CL_SNAP_NONE) == -64, "the range starts at -64");
    CHECK(target(layout, 5000, CL_SNAP_NONE) == 940 - 480 + 34, "the range ends at 494");
    CHECK(target(layout, 300, CL_SNAP_PAGE) == -64 + 382, "pages of the visible extent from -64");
    CHECK(target(layout, 130, CL_SNAP_LINE) == 240 - 40 - 64, "a line below the header and the bar");
    CHECK(scroll_to(layout, 2, CL_SCROLL_POSITION_START) == 240 - 40 - 64, "scroll-to start");
    CHECK(scroll_to(layout, 5, CL_SCROLL_POSITION_END) == 636 - 480 + 34, "scroll-to end");
    CHECK(scroll_to(layout, 0, CL_SCROLL_POSITION_NEAREST) == -64, "nearest: visible between the bars");
    cl_attributes header;
    CHECK_OK(layout, cl_layout_set_viewport(layout, (cl_rect){0, 100, 320, 480}));
    CHECK_OK(layout, cl_layout_attributes(layout, CL_CATEGORY_SUPPLEMENTARY, CL_KIND_HEADER, 0, 0, &header, sizeof header));
    CHECK(header.frame.y == 164, "the header pins below the bar: %g", header.frame.y);
    cl_insets insets;
    CHECK_OK(layout, cl_layout_content_insets(layout, &insets));
    CHECK(insets.top == 64 && insets.bottom == 34 && insets.left == 0, "the insets as given");
    /* New line-axis insets lay out again in the narrower line axis. */
    CHECK_OK(layout, cl_layout_set_content_insets(layout, (cl_insets){0, 10, 0, 30}));
    cl_size size;
    CHECK_OK(layout, cl_layout_content_size(layout, &size));
    CHECK(size.width == 280, "the line axis less its insets: %g", size.width);
    cl_layout_destroy(layout);
}

static void reported_frames_are_on_the_pixel_grid(void *context) {
    (void)context;
    cl_layout_def def = cl_layout_def_default();
    def.viewport = (cl_rect){0, 0, 100, 100};
    def.item_size = (cl_size){100.0 / 3, 10};
    def.interitem_spacing = 0;
    def.display_scale = 1;
    cl_data_source source = cl_data_source_default();
    source.item_count = nine;
    cl_layout *layout = NULL;
    if (!CHECK_OK(layout, cl_layout_create(&def, &source, &layout))) return;
    const double x[3] = {0, 33, 67}, width[3] = {33, 34, 33};
    element_list got = {0};
    if (CHECK_OK(layout, elements_in_rect(layout, (cl_rect){0, 0, 100, 10}, &got))) {
        CHECK(got.count == 3, "one line: %zu", got.count);
        for (size_t i = 0; i < got.count; i++) {
            const cl_rect f = got.items[i].attributes.frame;
            int64_t k = got.items[i].attributes.item;
            CHECK(k < 3 && f.x == x[k] && f.width == width[k], "cell %lld at %g width %g", (long long)k, f.x, f.width);
        }
    }
    element_list_free(&got);
    double scale = -1;
    CHECK_OK(layout, cl_layout_display_scale(layout, &scale));
    CHECK(scale == 1, "the scale as given: %g", scale);
    /* Off again: the exact thirds. */
    CHECK_OK(layout, cl_layout_set_display_scale(layout, 0));
    cl_attributes a;
    CHECK_OK(layout, cl_layout_attributes(layout, CL_CATEGORY_CELL, 0, 0, 1, &a, sizeof a));
    CHECK(a.frame.x == 100.0 / 3, "exact: %g", a.frame.x);
    cl_layout_destroy(layout);
}

static void an_older_caller_gets_the_defaults(void *context) {
    (void)context;
    cl_layout_def def = cl_layout_def_default();
    def.struct_size = (uint32_t)offsetof(cl_layout_def, columns);  /* 0.3, the last release */
    def.content_insets = (cl_insets){NAN, NAN, NAN, NAN};  /* past its size: never read */
    def.display_scale = NAN;
    def.viewport = (cl_rect){0, 0, 100, 100};
    cl_data_source source = cl_data_source_default();
    source.item_count = nine;
    cl_layout *layout = NULL;
    if (!CHECK_OK(layout, cl_layout_create(&def, &source, &layout))) return;
    cl_insets insets = {1, 1, 1, 1};
    double scale = 1;
    CHECK_OK(layout, cl_layout_content_insets(layout, &insets));
    CHECK_OK(layout, cl_layout_display_scale(layout, &scale));
    CHECK(insets.top == 0 && insets.left == 0 && insets.bottom == 0 && insets.right == 0 && scale == 0, "defaults");
    cl_layout_destroy(layout);
}

static void bad_input_changes_nothing(void *context) {
    (void)context;
    cl_layout *layout = feed(-64, 2);
    if (!layout) return;
    element_list before = {0}, after = {0};
    CHECK_OK(layout, elements_all(layout, &before));
    const cl_insets bad_insets[] = {{NAN, 0, 0, 0}, {0, INFINITY, 0, 0}, {0, 0, -INFINITY, 0}, {0, 0, 0, NAN}};
    for (size_t i = 0; i < sizeof bad_insets / sizeof *bad_insets; i++) {
        CHECK(cl_layout_set_content_insets(layout, bad_insets[i]) == CL_ERROR_INVALID_ARGUMENT, "insets %zu refused", i);
        CHECK(strlen(cl_layout_last_error(layout)) > 0, "with a message");
    }
    const double bad_scales[] = {-1, NAN, INFINITY, -INFINITY, 4.9e-324};
    for (size_t i = 0; i < sizeof bad_scales / sizeof *bad_scales; i++)
        CHECK(cl_layout_set_display_scale(layout, bad_scales[i]) == CL_ERROR_INVALID_ARGUMENT, "scale %g refused", bad_scales[i]);
    CHECK(cl_layout_content_insets(layout, NULL) == CL_ERROR_INVALID_ARGUMENT, "a NULL out-pointer");
    CHECK(cl_layout_display_scale(layout, NULL) == CL_ERROR_INVALID_ARGUMENT, "a NULL out-pointer");
    CHECK_OK(layout, elements_all(layout, &after));
    elements_match(&before, &after, "after refused calls");
    element_list_free(&before);
    element_list_free(&after);
    cl_layout_def def = cl_layout_def_default();
    def.display_scale = -2;
    cl_layout *refused = NULL;
    CHECK(cl_layout_create(&def, NULL, &refused) == CL_ERROR_INVALID_ARGUMENT && refused == NULL, "a negative scale at create");
    def = cl_layout_def_default();
    def.content_insets.top = NAN;
    CHECK(cl_layout_create(&def, NULL, &refused) == CL_ERROR_INVALID_ARGUMENT && refused == NULL, "a NaN inset at create");
    cl_layout_destroy(layout);
}

/* A scroll by one line of 100 x 100 cells, three to a line: one line enters, one leaves; the
 * buffers' rules of cl_layout_elements_in_rect. */
static void viewport_changes(void *context) {
    (void)context;
    cl_layout_def def = cl_layout_def_default();
    def.viewport = (cl_rect){0, 0, 300, 500};
    def.item_size = (cl_size){100, 100};
    def.interitem_spacing = def.line_spacing = 0;
    cl_data_source source = cl_data_source_default();
    source.item_count = nine;
    cl_layout *layout = NULL;
    if (!CHECK_OK(layout, cl_layout_create(&def, &source, &layout))) return;
    cl_attributes entered[4], left[4];
    int64_t n_entered = -1, n_left = -1;
    const cl_rect from = {0, 0, 300, 150}, to = {0, 100, 300, 150};
    if (CHECK_OK(layout, cl_layout_viewport_changes(layout, from, to, entered, 4, &n_entered, left, 4, &n_left, sizeof(cl_attributes)))) {
        CHECK(n_entered == 3 && n_left == 3, "3 and 3, not %lld and %lld", (long long)n_entered, (long long)n_left);
        for (int k = 0; k < 3 && n_entered == 3 && n_left == 3; k++)
            CHECK(entered[k].item == 6 + k && left[k].item == k, "sorted: entered %lld, left %lld",
                  (long long)entered[k].item, (long long)left[k].item);
    }
    /* Counting only, then a buffer too small for one list: both counts are the needed ones. */
    CHECK_OK(layout, cl_layout_viewport_changes(layout, from, to, NULL, 0, &n_entered, NULL, 0, &n_left, sizeof(cl_attributes)));
    CHECK(n_entered == 3 && n_left == 3, "counted");
    CHECK(cl_layout_viewport_changes(layout, from, to, entered, 2, &n_entered, left, 4, &n_left, sizeof(cl_attributes)) ==
              CL_ERROR_BUFFER_TOO_SMALL && n_entered == 3 && n_left == 3, "too small: the needed counts");
    CHECK(cl_layout_viewport_changes(layout, from, (cl_rect){0, 0, -1, 1}, entered, 4, &n_entered, left, 4, &n_left,
                                     sizeof(cl_attributes)) == CL_ERROR_INVALID_ARGUMENT, "a rect of negative width");
    CHECK(cl_layout_viewport_changes(layout, from, to, entered, 4, NULL, left, 4, &n_left, sizeof(cl_attributes)) ==
              CL_ERROR_INVALID_ARGUMENT, "a NULL count");
    CHECK(cl_layout_viewport_changes(layout, from, to, entered, 4, &n_entered, left, 4, &n_left, 3) ==
              CL_ERROR_INVALID_ARGUMENT, "an element size too small");
    cl_layout_destroy(layout);
}

void scrollview_tests(void) {
    run_test("scroll view: what enters and leaves the viewport", viewport_changes, NULL);
    run_test("scroll view: content insets shape the scroll range, pinning, targets", content_insets_shape_the_scroll_range, NULL);
    run_test("scroll view: reported frames are on the pixel grid", reported_frames_are_on_the_pixel_grid, NULL);
    run_test("scroll view: an older caller gets the defaults", an_older_caller_gets_the_defaults, NULL);
    run_test("scroll view: bad input changes nothing", bad_input_changes_nothing, NULL);
}
