/* Reloaded sections through the C ABI (SPEC §10.2, §10.3): reload_sections in a batch update,
 * section_versions in the diff, and callers built against the structs before they were appended. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "elements.h"
#include "scene.h"
#include "tests.h"

static const char *old_sections =
    "{\"viewport\": [0, 0, 320, 2000], \"sections\": ["
    "{\"item_count\": 2, \"item_size\": [100, 30], \"header\": 20},"
    "{\"item_count\": 3, \"item_size\": [100, 30], \"header\": 20},"
    "{\"item_count\": 2, \"item_size\": [100, 30], \"header\": 20}]}";
/* Section 1 reloaded with 5 taller items (its count is not checked). */
static const char *new_sections =
    "{\"viewport\": [0, 0, 320, 2000], \"sections\": ["
    "{\"item_count\": 2, \"item_size\": [100, 30], \"header\": 20},"
    "{\"item_count\": 5, \"item_size\": [300, 50], \"header\": 20},"
    "{\"item_count\": 2, \"item_size\": [100, 30], \"header\": 20}]}";

/* A layout of old_sections whose data source then serves new_sections (scenes[0] is served). */
static cl_layout *reloading_layout(scene scenes[2]) {
    char error[256];
    cl_layout *layout = NULL;
    if (!CHECK(scene_parse(&scenes[0], old_sections, error, sizeof error), "%s", error)) return NULL;
    if (!CHECK(scene_parse(&scenes[1], new_sections, error, sizeof error), "%s", error)) return NULL;
    if (!CHECK_OK(NULL, scene_create_layout(&scenes[0], NULL, &layout))) return layout;
    scene_section *sections = scenes[0].sections;
    scenes[0].sections = scenes[1].sections;
    scenes[1].sections = sections;
    return layout;
}

static void reload_section(void *context) {
    (void)context;
    scene scenes[2];
    memset(scenes, 0, sizeof scenes);
    cl_layout *layout = reloading_layout(scenes);
    if (layout) {
        int64_t reloaded[1] = {1};
        cl_batch_update update = cl_batch_update_default();
        update.reload_sections = reloaded;
        update.reload_section_count = 1;
        cl_update_summary summary;
        CHECK_OK(layout, cl_layout_perform_batch_update(layout, &update, &summary, sizeof summary));
        int64_t to = -2;
        cl_index_path p;
        CHECK_OK(layout, cl_layout_update_new_section(layout, 1, &to));
        CHECK(to == 1, "section 1 stays: %lld", (long long)to);
        CHECK_OK(layout, cl_layout_update_new_item(layout, (cl_index_path){1, 0}, &p));
        CHECK(p.section == -1 && p.item == -1, "old item (1, 0) has no counterpart");
        CHECK_OK(layout, cl_layout_update_old_item(layout, (cl_index_path){1, 4}, &p));
        CHECK(p.section == -1 && p.item == -1, "new item (1, 4) has no counterpart");
        CHECK_OK(layout, cl_layout_update_new_item(layout, (cl_index_path){2, 1}, &p));
        CHECK(p.section == 2 && p.item == 1, "item (2, 1) stays");
        cl_element_change *records = test_calloc((size_t)summary.element_count + 1, sizeof *records);
        int64_t count = 0, header = 0, deleted = 0, inserted = 0;
        CHECK_OK(layout, cl_layout_update_elements(layout, records, summary.element_count, sizeof *records, &count));
        for (int64_t r = 0; r < count; r++) {
            const cl_element_change *c = &records[r];
            const cl_attributes *id = c->has_old ? &c->from : &c->to;
            if (id->section != 1) {
                CHECK(c->change == CL_CHANGE_KEPT, "section %lld is kept", (long long)id->section);
            } else if (id->category == CL_CATEGORY_SUPPLEMENTARY) {
                header++;
                CHECK(c->change == CL_CHANGE_RELOADED && c->has_old && c->has_new, "the header is reloaded");
            } else {
                deleted += c->change == CL_CHANGE_DELETED;
                inserted += c->change == CL_CHANGE_INSERTED;
            }
        }
        CHECK(header == 1 && deleted == 3 && inserted == 5, "header %lld, cells %lld deleted, %lld inserted",
              (long long)header, (long long)deleted, (long long)inserted);
        free(records);

        /* Refused: a reloaded section that moves; the layout stays as it was. */
        element_list before, after;
        elements_all(layout, &before);
        cl_section_move move = {1, 2};
        update.move_sections = &move;
        update.move_section_count = 1;
        CHECK(cl_layout_perform_batch_update(layout, &update, &summary, sizeof summary) == CL_ERROR_INVALID_ARGUMENT, "reload and move");
        CHECK(strstr(cl_layout_last_error(layout), "old section 1 is reloaded and deleted or moved") != NULL,
              "message: %s", cl_layout_last_error(layout));
        elements_all(layout, &after);
        CHECK(elements_match(&before, &after, "a refused reload"), "nothing changes");
        element_list_free(&before);
        element_list_free(&after);
        /* A negative section is refused, not trapped on. */
        int64_t minus = -1;
        update = cl_batch_update_default();
        update.reload_sections = &minus;
        update.reload_section_count = 1;
        CHECK(cl_layout_perform_batch_update(layout, &update, &summary, sizeof summary) != CL_OK, "negative section");
        update.reload_sections = NULL;
        CHECK(cl_layout_perform_batch_update(layout, &update, &summary, sizeof summary) == CL_ERROR_INVALID_ARGUMENT, "NULL array");
    }
    cl_layout_destroy(layout);
    scene_free(&scenes[0]);
    scene_free(&scenes[1]);
}

/* A caller built before reload_sections: its struct_size ends before it and what lies past is
 * never read. */
static void older_update_struct(void *context) {
    (void)context;
    scene scenes[2];
    memset(scenes, 0, sizeof scenes);
    cl_layout *layout = reloading_layout(scenes);
    if (layout) {
        /* The same counts again: an update that names nothing. */
        scene_section *sections = scenes[0].sections;
        scenes[0].sections = scenes[1].sections;
        scenes[1].sections = sections;
        cl_batch_update update = cl_batch_update_default();
        update.struct_size = (uint32_t)offsetof(cl_batch_update, reload_sections);
        update.reload_sections = (const int64_t *)(uintptr_t)8;  /* garbage past the caller's size */
        update.reload_section_count = 99;
        cl_update_summary summary;
        CHECK_OK(layout, cl_layout_perform_batch_update(layout, &update, &summary, sizeof summary));
        update.struct_size = (uint32_t)offsetof(cl_batch_update, reload_sections) - 8;
        CHECK(cl_layout_perform_batch_update(layout, &update, &summary, sizeof summary) == CL_ERROR_INVALID_ARGUMENT,
              "a size that no version had");
    }
    cl_layout_destroy(layout);
    scene_free(&scenes[0]);
    scene_free(&scenes[1]);
}

static void diff_section_versions(void *context) {
    (void)context;
    int64_t sections[2] = {1, 2}, counts[2] = {2, 2}, old_ids[4] = {10, 11, 20, 21}, new_ids[4] = {10, 12, 20, 21};
    int64_t old_versions[2] = {0, 0}, new_versions[2] = {1, 0};
    cl_diff_side old_side = cl_diff_side_default(), new_side;
    old_side.section_ids = sections;
    old_side.section_count = 2;
    old_side.item_counts = counts;
    old_side.item_ids = old_ids;
    old_side.section_versions = old_versions;
    new_side = old_side;
    new_side.item_ids = new_ids;
    new_side.section_versions = new_versions;
    cl_diff *diff = NULL;
    cl_batch_update update = cl_batch_update_default();
    if (CHECK_OK(NULL, cl_diff_create(&old_side, &new_side, &diff, &update))) {
        CHECK(update.reload_section_count == 1 && update.reload_sections[0] == 0, "section 0 is reloaded");
        CHECK(update.delete_item_count == 0 && update.insert_item_count == 0 && update.move_item_count == 0,
              "its items are not named");
    }
    cl_diff_destroy(diff);
    /* An update struct without room for reload_sections: refused when there are any. */
    update = cl_batch_update_default();
    update.struct_size = (uint32_t)offsetof(cl_batch_update, reload_sections);
    CHECK(cl_diff_create(&old_side, &new_side, &diff, &update) == CL_ERROR_INVALID_ARGUMENT && diff == NULL, "small update");
    CHECK(strstr(cl_layout_last_error(NULL), "too small for reload_sections") != NULL, "message: %s", cl_layout_last_error(NULL));
    /* A side built before section_versions: no section versions, so nothing to reload. */
    new_side.struct_size = (uint32_t)offsetof(cl_diff_side, section_versions);
    old_side.struct_size = new_side.struct_size;
    if (CHECK_OK(NULL, cl_diff_create(&old_side, &new_side, &diff, &update))) {
        CHECK(update.delete_item_count == 1 && update.insert_item_count == 1, "item 11 deleted, 12 inserted");
    }
    cl_diff_destroy(diff);
    /* section_versions of the wrong length cannot be told; a NULL one with sections is fine. */
    new_side = old_side;
    new_side.struct_size = sizeof new_side;
    new_side.section_versions = NULL;
    update = cl_batch_update_default();
    CHECK_OK(NULL, cl_diff_create(&old_side, &new_side, &diff, &update));
    CHECK(update.reload_section_count == 0, "no versions: no reload");
    cl_diff_destroy(diff);
}

void reload_tests(void) {
    run_test("updates: a reloaded section (records, map, refusal)", reload_section, NULL);
    run_test("updates: a cl_batch_update from before reload_sections", older_update_struct, NULL);
    run_test("diff: section_versions reload sections", diff_section_versions, NULL);
}
