/* The layout's own header and footer through the C ABI (SPEC §17.2): cl_layout_def's
 * global_header, global_footer and their pins, cl_layout_set_global_header_footer, the kinds
 * CL_KIND_GLOBAL_HEADER and CL_KIND_GLOBAL_FOOTER at index path [0, 0], and bad input. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "tests.h"

static cl_status two_sections(void *user_data, int64_t *out_count) {
    *out_count = *(int64_t *)user_data;
    return CL_OK;
}

static cl_status four_items(void *user_data, int64_t section, int64_t *out_count) {
    (void)user_data;
    (void)section;
    *out_count = 4;
    return CL_OK;
}

/* The numbers of Tests/vectors/styles/26-badges-layout-header.json without its badges. */
static cl_layout *vector_layout(int64_t *sections) {
    cl_layout_def def = cl_layout_def_default();
    def.viewport = (cl_rect){0, 250, 320, 300};
    def.global_header = 50;
    def.pin_global_header = 1;
    def.global_footer = 30;
    def.pin_headers = 1;
    def.header = 30;
    def.item_size = (cl_size){150, 100};
    def.interitem_spacing = 20;
    def.line_spacing = 10;
    cl_data_source source = cl_data_source_default();
    source.user_data = sections;
    source.section_count = two_sections;
    source.item_count = four_items;
    cl_layout *layout = NULL;
    CHECK_OK(layout, cl_layout_create(&def, &source, &layout));
    return layout;
}

static bool frame_is(const cl_layout *layout, int32_t kind, int64_t section, int64_t item, cl_rect want, int32_t z) {
    cl_attributes a;
    int32_t category = kind == CL_KIND_CELL ? CL_CATEGORY_CELL : CL_CATEGORY_SUPPLEMENTARY;
    if (!CHECK_OK(layout, cl_layout_attributes(layout, category, kind, section, item, &a, sizeof a))) return false;
    return CHECK(a.frame.x == want.x && a.frame.y == want.y && a.frame.width == want.width && a.frame.height == want.height && a.z == z,
                 "kind %d (%lld, %lld): (%g, %g, %g, %g) z %d, want (%g, %g, %g, %g) z %d", kind, (long long)section, (long long)item,
                 a.frame.x, a.frame.y, a.frame.width, a.frame.height, a.z, want.x, want.y, want.width, want.height, z);
}

static void the_vectors_numbers(void *context) {
    (void)context;
    int64_t sections = 2;
    cl_layout *layout = vector_layout(&sections);
    if (!layout) return;
    cl_size size;
    CHECK_OK(layout, cl_layout_content_size(layout, &size));
    CHECK(size.height == 560, "content height %g, want 560", size.height);
    frame_is(layout, CL_KIND_GLOBAL_HEADER, 0, 0, (cl_rect){0, 250, 320, 50}, 20);
    frame_is(layout, CL_KIND_HEADER, 0, 0, (cl_rect){0, 260, 320, 30}, 10);
    frame_is(layout, CL_KIND_HEADER, 1, 0, (cl_rect){0, 300, 320, 30}, 10);
    frame_is(layout, CL_KIND_CELL, 0, 0, (cl_rect){0, 80, 150, 100}, 0);
    frame_is(layout, CL_KIND_CELL, 0, 3, (cl_rect){170, 190, 150, 100}, 0);
    frame_is(layout, CL_KIND_CELL, 1, 0, (cl_rect){0, 320, 150, 100}, 0);
    frame_is(layout, CL_KIND_CELL, 1, 2, (cl_rect){0, 430, 150, 100}, 0);
    frame_is(layout, CL_KIND_GLOBAL_FOOTER, 0, 0, (cl_rect){0, 530, 320, 30}, 0);
    /* A rect query lists the layout's header first and its footer last. */
    cl_attributes all[32];
    int64_t count = 0;
    CHECK_OK(layout, cl_layout_elements_in_rect(layout, (cl_rect){0, 0, 320, 560}, all, 32, sizeof all[0], &count));
    CHECK(count == 12 && all[0].kind == CL_KIND_GLOBAL_HEADER && all[count - 1].kind == CL_KIND_GLOBAL_FOOTER,
          "%lld elements, first kind %d, last kind %d", (long long)count, all[0].kind, all[count > 0 ? count - 1 : 0].kind);
    /* Only at [0, 0]. */
    cl_attributes a;
    CHECK(cl_layout_attributes(layout, CL_CATEGORY_SUPPLEMENTARY, CL_KIND_GLOBAL_HEADER, 1, 0, &a, sizeof a) == CL_ERROR_OUT_OF_RANGE,
          "the layout header at section 1 was found");
    /* Scroll-to the header: its unpinned frame. */
    cl_rect v;
    CHECK_OK(layout, cl_layout_scroll_to_element(layout, CL_CATEGORY_SUPPLEMENTARY, CL_KIND_GLOBAL_HEADER, 0, 0,
                                                 CL_SCROLL_POSITION_START, &v));
    CHECK(v.y == 0, "scroll to the layout header: %g, want 0", v.y);
    /* Line targets below the pinned header: section 1's header 290 - 50. */
    double offset;
    CHECK_OK(layout, cl_layout_target_content_offset(layout, 238, 0, CL_SNAP_LINE, CL_DECELERATION_NORMAL, &offset));
    CHECK(offset == 240, "line target %g, want 240", offset);
    cl_layout_destroy(layout);
}

static void changes_and_no_sections(void *context) {
    (void)context;
    int64_t sections = 0;
    cl_layout *layout = vector_layout(&sections);
    if (!layout) return;
    cl_size size;
    CHECK_OK(layout, cl_layout_content_size(layout, &size));
    CHECK(size.height == 80, "content height %g without sections, want 80", size.height);
    frame_is(layout, CL_KIND_GLOBAL_FOOTER, 0, 0, (cl_rect){0, 50, 320, 30}, 0);
    sections = 2;
    CHECK_OK(layout, cl_layout_invalidate(layout));
    CHECK_OK(layout, cl_layout_set_global_header_footer(layout, 80, 10, 0, 1));
    CHECK_OK(layout, cl_layout_content_size(layout, &size));
    CHECK(size.height == 80 + 480 + 10, "content height %g, want 570", size.height);
    frame_is(layout, CL_KIND_CELL, 1, 2, (cl_rect){0, 460, 150, 100}, 0);
    frame_is(layout, CL_KIND_GLOBAL_HEADER, 0, 0, (cl_rect){0, 0, 320, 80}, 0);
    frame_is(layout, CL_KIND_GLOBAL_FOOTER, 0, 0, (cl_rect){0, 540, 320, 10}, 20);  /* pinned at 550 - 10 */
    double header = -1, footer = -1;
    int32_t pin_header = -1, pin_footer = -1;
    CHECK_OK(layout, cl_layout_global_header_footer(layout, &header, &footer, &pin_header, &pin_footer));
    CHECK(header == 80 && footer == 10 && pin_header == 0 && pin_footer == 1, "read back %g %g %d %d", header, footer, pin_header, pin_footer);
    CHECK_OK(layout, cl_layout_global_header_footer(layout, NULL, NULL, NULL, NULL));
    /* Bad input: a status, a message, the last good layout. */
    const double bad[] = {-1, NAN, INFINITY};
    for (int i = 0; i < 3; i++) {
        CHECK(cl_layout_set_global_header_footer(layout, bad[i], 10, 0, 0) == CL_ERROR_INVALID_ARGUMENT, "header %g accepted", bad[i]);
        CHECK(strstr(cl_layout_last_error(layout), "global_header") != NULL, "message: %s", cl_layout_last_error(layout));
        CHECK(cl_layout_set_global_header_footer(layout, 10, bad[i], 0, 0) == CL_ERROR_INVALID_ARGUMENT, "footer %g accepted", bad[i]);
        CHECK(strstr(cl_layout_last_error(layout), "global_footer") != NULL, "message: %s", cl_layout_last_error(layout));
        cl_layout_def def = cl_layout_def_default();
        def.global_header = bad[i];
        cl_data_source source = cl_data_source_default();
        cl_layout *refused = NULL;
        CHECK(cl_layout_create(&def, &source, &refused) == CL_ERROR_INVALID_ARGUMENT && refused == NULL, "def.global_header %g accepted", bad[i]);
    }
    CHECK_OK(layout, cl_layout_content_size(layout, &size));
    CHECK(size.height == 570, "content height %g after bad input, want 570", size.height);
    CHECK(cl_layout_set_global_header_footer(NULL, 1, 1, 0, 0) == CL_ERROR_INVALID_HANDLE, "a NULL handle was accepted");
    cl_layout_destroy(layout);
}

static void reserved_kinds(void *context) {
    (void)context;
    int64_t sections = 1;
    cl_layout *layout = vector_layout(&sections);
    if (!layout) return;
    const char *name = NULL;
    CHECK(cl_layout_kind_name(layout, CL_KIND_GLOBAL_HEADER, &name) == CL_OK && strcmp(name, "global_header") == 0, "kind 3");
    CHECK(cl_layout_kind_name(layout, CL_KIND_GLOBAL_FOOTER, &name) == CL_OK && strcmp(name, "global_footer") == 0, "kind 4");
    int32_t kind = -1;
    CHECK(cl_layout_register_kind(layout, "global_header", &kind) == CL_ERROR_INVALID_ARGUMENT, "a user kind global_header");
    CHECK(cl_layout_register_kind(layout, "global_footer", &kind) == CL_ERROR_INVALID_ARGUMENT, "a user kind global_footer");
    CHECK_OK(layout, cl_layout_register_kind(layout, "badge", &kind));
    CHECK(kind == CL_KIND_FIRST_USER && CL_KIND_FIRST_USER == 5, "the first user kind is %d", kind);
    cl_layout_destroy(layout);
}

void global_tests(void) {
    run_test("global: the badge vector's numbers without badges", the_vectors_numbers, NULL);
    run_test("global: changes, no sections, bad input", changes_and_no_sections, NULL);
    run_test("global: the kinds are reserved", reserved_kinds, NULL);
}
