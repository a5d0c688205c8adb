/* Invalidation (SPEC §10): after the data changes, the incremental update must give the same
 * elements as a layout created fresh from the changed data. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "elements.h"
#include "scene.h"
#include "tests.h"

typedef struct fixture { scene scene; cl_layout *layout; } fixture;

/* The layout equals one created fresh from the scene at the layout's current viewport. */
static void check_same_as_fresh(fixture *fx, const char *context) {
    cl_layout *fresh = NULL;
    element_list want = {0}, got = {0};
    if (CHECK_OK(fx->layout, cl_layout_viewport(fx->layout, &fx->scene.def.viewport)) &&
        CHECK_OK(fresh, scene_create_layout(&fx->scene, NULL, &fresh)) &&
        CHECK_OK(fresh, elements_all(fresh, &want)) &&
        CHECK_OK(fx->layout, elements_all(fx->layout, &got)))
        elements_match(&want, &got, context);
    element_list_free(&want);
    element_list_free(&got);
    cl_layout_destroy(fresh);
}

typedef struct fixture_test { void (*body)(fixture *); } fixture_test;

static void with_sample_scene(void *test) {
    fixture fx = {0};
    char error[256];
    if (CHECK(scene_parse(&fx.scene, sample_scene_json, error, sizeof error), "%s", error) &&
        CHECK_OK(fx.layout, scene_create_layout(&fx.scene, NULL, &fx.layout)))
        ((fixture_test *)test)->body(&fx);
    cl_layout_destroy(fx.layout);
    scene_free(&fx.scene);
}

static void resize(fixture *fx, int64_t section, int64_t item, double width, double height) {
    fx->scene.sections[section].sizes[item].width = width;
    fx->scene.sections[section].sizes[item].height = height;
}

static void changed_sizes(fixture *fx) {
    /* One item in the middle of a line: grows taller, so later lines and sections move. */
    resize(fx, 0, 4, 80, 140);
    cl_index_path one = {0, 4};
    CHECK_OK(fx->layout, cl_layout_invalidate_items(fx->layout, &one, 1));
    check_same_as_fresh(fx, "after one item grew");

    /* Several at once, across sections: the first, a wider-than-the-line one, the last. */
    resize(fx, 0, 0, 30, 20);
    resize(fx, 0, 6, 1000, 10);
    resize(fx, 2, 11, 300, 5);
    resize(fx, 2, 0, 0, 0);
    cl_index_path several[] = {{2, 11}, {0, 0}, {0, 6}, {2, 0}, {0, 0}};  /* any order, repeats */
    CHECK_OK(fx->layout, cl_layout_invalidate_items(fx->layout, several, 5));
    check_same_as_fresh(fx, "after several items changed");

    CHECK_OK(fx->layout, cl_layout_invalidate_items(fx->layout, several, 0));
    check_same_as_fresh(fx, "after invalidating no items");
}

static void changed_sections(fixture *fx) {
    scene_section *first = &fx->scene.sections[0];
    first->metrics.line_spacing = 20;
    first->metrics.header = 0;
    first->metrics.alignment = CL_ALIGNMENT_TRAILING;
    first->inlines[0].element.before = 7;  /* the separator moves after the last item */
    fx->scene.sections[2].metrics.insets.left = 40;
    int64_t sections[] = {0, 2};
    CHECK_OK(fx->layout, cl_layout_invalidate_sections(fx->layout, sections, 2));
    check_same_as_fresh(fx, "after metrics and inline elements changed");
}

static void changed_counts(fixture *fx) {
    fx->scene.sections[2].item_count = 5;
    fx->scene.sections[0].item_count = 2;
    fx->scene.sections[0].inlines[0].element.before = 2;
    CHECK_OK(fx->layout, cl_layout_invalidate(fx->layout));
    check_same_as_fresh(fx, "after counts shrank");
    fx->scene.section_count = 1;
    CHECK_OK(fx->layout, cl_layout_invalidate(fx->layout));
    check_same_as_fresh(fx, "after sections went away");
}

/* Pinned elements (z 10) follow the viewport; the rest must not. */
static void drop_pinned(element_list *list) {
    size_t kept = 0;
    for (size_t i = 0; i < list->count; i++)
        if (list->items[i].attributes.z != 10) list->items[kept++] = list->items[i];
    list->count = kept;
}

static void viewport_changes(fixture *fx) {
    cl_rect viewport;
    element_list before = {0}, after = {0};
    if (!CHECK_OK(fx->layout, cl_layout_viewport(fx->layout, &viewport)) ||
        !CHECK_OK(fx->layout, elements_all(fx->layout, &before)))
        return;

    /* Scrolling: the origin moves, nothing but pinned elements may change. */
    viewport.y += 75;
    viewport.x += 3;
    CHECK_OK(fx->layout, cl_layout_set_viewport(fx->layout, viewport));
    cl_rect now;
    if (CHECK_OK(fx->layout, cl_layout_viewport(fx->layout, &now)))
        CHECK(memcmp(&now, &viewport, sizeof now) == 0, "the viewport reads back different");
    check_same_as_fresh(fx, "after scrolling");
    if (CHECK_OK(fx->layout, elements_all(fx->layout, &after))) {
        drop_pinned(&before);
        drop_pinned(&after);
        elements_match(&before, &after, "unpinned elements after scrolling");
    }

    /* A new width: the lines break again. */
    viewport.width = 250;
    CHECK_OK(fx->layout, cl_layout_set_viewport(fx->layout, viewport));
    check_same_as_fresh(fx, "after the width changed");
    cl_size size;
    if (CHECK_OK(fx->layout, cl_layout_content_size(fx->layout, &size)))
        CHECK(size.width == 250 && size.height > before.content_size.height,
              "content size (%g, %g) for a narrower viewport", size.width, size.height);
    element_list_free(&before);
    element_list_free(&after);
}

static const char *name_of(const cl_layout *layout, int32_t kind) {
    const char *name = NULL;
    return cl_layout_kind_name(layout, kind, &name) == CL_OK ? name : "(unknown)";
}

/* Built-in kinds, the def's kinds, and a kind registered later: used after an invalidation. */
static void kinds(fixture *fx) {
    CHECK(strcmp(name_of(fx->layout, CL_KIND_CELL), "") == 0 &&
              strcmp(name_of(fx->layout, CL_KIND_HEADER), "header") == 0 &&
              strcmp(name_of(fx->layout, CL_KIND_FOOTER), "footer") == 0 &&
              strcmp(name_of(fx->layout, CL_KIND_FIRST_USER), "separator") == 0,
          "kind names of ids 0...3");
    int32_t separator = -1, badge = -1;
    CHECK_OK(fx->layout, cl_layout_register_kind(fx->layout, "separator", &separator));
    CHECK_OK(fx->layout, cl_layout_register_kind(fx->layout, "badge", &badge));
    CHECK(separator == CL_KIND_FIRST_USER, "registering \"separator\" again gave id %d", separator);
    CHECK(badge > CL_KIND_FIRST_USER && strcmp(name_of(fx->layout, badge), "badge") == 0,
          "\"badge\" got id %d named %s", badge, name_of(fx->layout, badge));

    fx->scene.sections[0].inlines[0].element.kind = badge;
    int64_t section = 0;
    cl_attributes a;
    CHECK_OK(fx->layout, cl_layout_invalidate_sections(fx->layout, &section, 1));
    CHECK_OK(fx->layout, cl_layout_attributes(fx->layout, CL_CATEGORY_SUPPLEMENTARY, badge, 0, 3, &a, sizeof a));
    CHECK(cl_layout_attributes(fx->layout, CL_CATEGORY_SUPPLEMENTARY, separator, 0, 3, &a, sizeof a) ==
              CL_ERROR_OUT_OF_RANGE,
          "the separator is still there after it became a badge");
}

static void run_with_sample_scene(const char *name, void (*body)(fixture *)) {
    fixture_test test = {body};
    run_test(name, with_sample_scene, &test);
}

void invalidation_tests(void) {
    run_with_sample_scene("invalidation: item sizes", changed_sizes);
    run_with_sample_scene("invalidation: section metrics and inline elements", changed_sections);
    run_with_sample_scene("invalidation: counts", changed_counts);
    run_with_sample_scene("invalidation: viewport origin and width", viewport_changes);
    run_with_sample_scene("kinds: ids, names, one registered later", kinds);
}
