/* The basics: version, status strings, default definitions, and the exact frames of a
 * UIKit-like flow grid built straight from cl_layout_def (no section_metrics, no item_sizes). */
#include <string.h>

#include "check.h"
#include "elements.h"
#include "tests.h"

static void version_and_strings(void *context) {
    (void)context;
    CHECK(cl_version() == CL_VERSION_NUMBER, "library version %u, header %d", cl_version(),
          CL_VERSION_NUMBER);
    for (cl_status status = CL_ERROR_LIMIT - 1; status <= CL_OK + 1; status++) {
        const char *text = cl_status_string(status);
        CHECK(text && text[0], "cl_status_string(%d) is empty", status);
    }
    CHECK(strcmp(cl_status_string(CL_OK), cl_status_string(CL_ERROR_INVALID_HANDLE)) != 0,
          "ok and invalid handle read the same");
}

static void defaults(void *context) {
    (void)context;
    cl_layout_def def = cl_layout_def_default();
    CHECK(def.struct_size == sizeof def, "cl_layout_def.struct_size %u", def.struct_size);
    CHECK(def.style == CL_STYLE_FLOW && def.rows == 1 && def.columns == 2 &&
              def.element_limit == CL_MAX_ITEMS && def.reserved == 0 && def.anchoring == 1,
          "flow, rows 1, columns 2, element_limit CL_MAX_ITEMS, reserved fields zero");
    cl_layout_def orthogonal = cl_orthogonal_def_default();
    CHECK(orthogonal.style == CL_STYLE_ORTHOGONAL && orthogonal.struct_size == sizeof orthogonal &&
              orthogonal.columns == 2,
          "cl_orthogonal_def_default: orthogonal, otherwise the defaults");
    cl_data_source source = cl_data_source_default();
    CHECK(source.struct_size == sizeof source && source.reserved == 0 && !source.user_data &&
              !source.section_count && !source.item_count && !source.item_sizes &&
              !source.section_metrics && !source.inline_elements && !source.custom_frames &&
              !source.arrays,
          "cl_data_source_default: its size and no callbacks");
    CHECK(def.direction == CL_DIRECTION_VERTICAL && def.alignment == CL_ALIGNMENT_JUSTIFIED &&
              def.cross_alignment == CL_CROSS_ALIGNMENT_CENTER,
          "enums default to vertical, justified, center");
    CHECK(def.item_size.width == 50 && def.item_size.height == 50, "item_size 50x50");
    CHECK(def.line_spacing == 10 && def.interitem_spacing == 10, "UIKit spacings of 10");
    CHECK(def.header == 0 && def.footer == 0 && !def.pin_headers && !def.pin_footers &&
              def.insets.top == 0 && def.insets.left == 0 && def.viewport.width == 0 &&
              def.kinds == NULL && def.kind_count == 0,
          "no header, footer, pinning, insets, viewport or user kinds");
    cl_decoration_def decoration = cl_decoration_def_default();
    CHECK(decoration.struct_size == sizeof decoration && decoration.z == -1 &&
              decoration.scope == CL_DECORATION_SCOPE_SECTION &&
              decoration.coverage == CL_COVERAGE_BODY && decoration.insets.top == 0,
          "decoration default: section scope, body coverage, z -1");
}

static cl_status seven_items(void *user_data, int64_t section, int64_t *out_count) {
    (void)user_data;
    (void)section;
    *out_count = 7;
    return CL_OK;
}

/* Viewport 320 wide, insets 10, items 90x90, spacings 10, header 44: three columns. */
static void uikit_grid_frames(void *context) {
    (void)context;
    cl_layout_def def = cl_layout_def_default();
    cl_rect viewport = {0, 0, 320, 480};
    cl_size item = {90, 90};
    cl_insets insets = {10, 10, 10, 10};
    def.viewport = viewport;
    def.item_size = item;
    def.insets = insets;
    def.header = 44;
    cl_data_source source = cl_data_source_default();
    source.item_count = seven_items;
    cl_layout *layout = NULL;
    if (!CHECK_OK(layout, cl_layout_create(&def, &source, &layout))) return;
    CHECK(strcmp(cl_layout_last_error(layout), "") == 0, "no error yet, but \"%s\"",
          cl_layout_last_error(layout));

    cl_size size;
    if (CHECK_OK(layout, cl_layout_content_size(layout, &size)))
        CHECK(size.width == 320 && size.height == 354, "content size (%g, %g), want (320, 354)",
              size.width, size.height);
    cl_attributes a;
    if (CHECK_OK(layout, cl_layout_attributes(layout, CL_CATEGORY_SUPPLEMENTARY, CL_KIND_HEADER, 0,
                                              0, &a, sizeof a)))
        CHECK(a.frame.x == 0 && a.frame.y == 0 && a.frame.width == 320 && a.frame.height == 44,
              "header (%g, %g, %g, %g)", a.frame.x, a.frame.y, a.frame.width, a.frame.height);
    for (int64_t i = 0; i < 7; i++) {
        double x = 10 + 105 * (double)(i % 3), y = 54 + 100 * (double)(i / 3);
        if (CHECK_OK(layout, cl_layout_attributes(layout, CL_CATEGORY_CELL, CL_KIND_CELL, 0, i, &a, sizeof a)))
            CHECK(a.frame.x == x && a.frame.y == y && a.frame.width == 90 && a.frame.height == 90 &&
                      a.z == 0 && a.alpha == 1 && !a.hidden,
                  "item %lld (%g, %g, %g, %g), want (%g, %g, 90, 90)", (long long)i, a.frame.x,
                  a.frame.y, a.frame.width, a.frame.height, x, y);
    }
    /* The first screen holds all 8 elements; a rect below the content holds none. */
    element_list list;
    if (CHECK_OK(layout, elements_in_rect(layout, viewport, &list)))
        CHECK(list.count == 8, "%zu elements in the viewport, want 8", list.count);
    element_list_free(&list);
    cl_rect below = {0, 354, 320, 100};
    if (CHECK_OK(layout, elements_in_rect(layout, below, &list)))
        CHECK(list.count == 0, "%zu elements below the content, want 0", list.count);
    element_list_free(&list);
    int64_t sections = 0, items = 0;
    CHECK_OK(layout, cl_layout_section_count(layout, &sections));
    CHECK_OK(layout, cl_layout_item_count(layout, 0, &items));
    CHECK(sections == 1 && items == 7, "counts %lld sections, %lld items", (long long)sections,
          (long long)items);
    cl_layout_destroy(layout);
}

void basic_tests(void) {
    run_test("version and status strings", version_and_strings, NULL);
    run_test("default definitions", defaults, NULL);
    run_test("UIKit grid: exact frames", uikit_grid_frames, NULL);
}
