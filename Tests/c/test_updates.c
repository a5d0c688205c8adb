/* Batch updates and the diff through the C ABI (SPEC §10.2, §10.3): the shared vectors
 * changes/11-14, a refused update that changes nothing, and bad input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "elements.h"
#include "scene.h"
#include "tests.h"

static json_value *load_vector(const char *name) {
    char path[512], error[256];
    snprintf(path, sizeof path, "%s/changes/%s.json", vectors_dir(), name);
    json_value *v = json_parse_file(path, error, sizeof error);
    CHECK(v != NULL, "%s: %s", path, error);
    return v;
}

/* Index-path lists and moves of an UPDATE file (SPEC §12), kept while the update is used. */
typedef struct update_arrays {
    int64_t sections[3][16];
    cl_section_move section_moves[16];
    cl_index_path paths[4][16];
    cl_item_move item_moves[16];
} update_arrays;

static int64_t read_paths(const json_value *list, cl_index_path *out) {
    int64_t n = (int64_t)json_length(list);
    for (int64_t k = 0; k < n && k < 16; k++)
        out[k] = (cl_index_path){(int64_t)json_number(json_at(json_at(list, (size_t)k), 0), -1),
                                 (int64_t)json_number(json_at(json_at(list, (size_t)k), 1), -1)};
    return n;
}

static cl_batch_update read_update(const json_value *u, update_arrays *a) {
    cl_batch_update update = cl_batch_update_default();
    const char *section_keys[2] = {"delete_sections", "insert_sections"};
    for (int k = 0; k < 2; k++) {
        const json_value *list = json_get(u, section_keys[k]);
        for (size_t i = 0; i < json_length(list) && i < 16; i++) a->sections[k][i] = (int64_t)json_number(json_at(list, i), -1);
    }
    update.delete_sections = a->sections[0];
    update.delete_section_count = (int64_t)json_length(json_get(u, "delete_sections"));
    update.insert_sections = a->sections[1];
    update.insert_section_count = (int64_t)json_length(json_get(u, "insert_sections"));
    const json_value *moves = json_get(u, "move_sections");
    for (size_t i = 0; i < json_length(moves) && i < 16; i++)
        a->section_moves[i] = (cl_section_move){(int64_t)json_number(json_at(json_at(moves, i), 0), -1),
                                                (int64_t)json_number(json_at(json_at(moves, i), 1), -1)};
    update.move_sections = a->section_moves;
    update.move_section_count = (int64_t)json_length(moves);
    update.delete_items = a->paths[0];
    update.delete_item_count = read_paths(json_get(u, "delete_items"), a->paths[0]);
    update.insert_items = a->paths[1];
    update.insert_item_count = read_paths(json_get(u, "insert_items"), a->paths[1]);
    update.reload_items = a->paths[2];
    update.reload_item_count = read_paths(json_get(u, "reload_items"), a->paths[2]);
    const json_value *item_moves = json_get(u, "move_items");
    for (size_t i = 0; i < json_length(item_moves) && i < 16; i++) {
        cl_index_path pair[2];
        read_paths(json_at(item_moves, i), pair);
        a->item_moves[i] = (cl_item_move){pair[0], pair[1]};
    }
    update.move_items = a->item_moves;
    update.move_item_count = (int64_t)json_length(item_moves);
    const json_value *viewport = json_get(u, "viewport");
    if (viewport) {
        update.use_viewport = 1;
        update.viewport = (cl_rect){json_number(json_at(viewport, 0), 0), json_number(json_at(viewport, 1), 0),
                                    json_number(json_at(viewport, 2), 0), json_number(json_at(viewport, 3), 0)};
    }
    return update;
}

/* The scene's layout, with the data source then serving the update's sections. */
static bool prepare(const json_value *vector, scene *old_scene, scene *new_scene, cl_layout **layout) {
    char error[256];
    if (!CHECK(scene_load(old_scene, json_get(vector, "scene"), error, sizeof error), "scene: %s", error)) return false;
    if (!CHECK_OK(NULL, scene_create_layout(old_scene, NULL, layout))) return false;
    /* the update's sections (SPEC §12: UPDATE's "sections"), served by the same data source */
    const json_value *update = json_get(vector, "update");
    if (!CHECK(scene_load(new_scene, update, error, sizeof error), "update sections: %s", error)) return false;
    /* swap the sections: the layout's data source (user_data = old_scene) now serves the new ones */
    scene_section *sections = old_scene->sections;
    int64_t count = old_scene->section_count, allocated = old_scene->sections_allocated;
    old_scene->sections = new_scene->sections;
    old_scene->section_count = new_scene->section_count;
    old_scene->sections_allocated = new_scene->sections_allocated;
    new_scene->sections = sections;
    new_scene->section_count = count;
    new_scene->sections_allocated = allocated;
    return true;
}

static void kind_of(const cl_layout *layout, int32_t kind, char *out) {
    const char *name = "";
    cl_layout_kind_name(layout, kind, &name);
    snprintf(out, KIND_NAME_SIZE, "%s", name);
}

static void vector_update(void *context) {
    const char *name = context;
    json_value *vector = load_vector(name);
    if (!vector) return;
    scene old_scene, new_scene;
    cl_layout *layout = NULL;
    if (prepare(vector, &old_scene, &new_scene, &layout)) {
        update_arrays arrays;
        cl_batch_update update = read_update(json_get(vector, "update"), &arrays);
        cl_update_summary summary;
        CHECK_OK(layout, cl_layout_perform_batch_update(layout, &update, &summary, sizeof summary));
        const json_value *expected = json_get(vector, "expected");
        cl_size size;
        cl_layout_content_size(layout, &size);
        CHECK(size.width == json_number(json_at(json_get(expected, "content_size"), 0), -1) &&
              size.height == json_number(json_at(json_get(expected, "content_size"), 1), -1),
              "%s: content size %g x %g", name, size.width, size.height);
        CHECK(summary.viewport.y == json_number(json_at(json_get(expected, "viewport"), 1), -1) &&
              summary.viewport.x == json_number(json_at(json_get(expected, "viewport"), 0), -1),
              "%s: viewport origin %g, %g", name, summary.viewport.x, summary.viewport.y);
        /* the map, both ways */
        const json_value *sections = json_get(expected, "sections");
        for (size_t s = 0; s < json_length(sections); s++) {
            int64_t to = -2, back = -2;
            CHECK_OK(layout, cl_layout_update_new_section(layout, (int64_t)s, &to));
            CHECK(to == (int64_t)json_number(json_at(sections, s), -1), "%s: section %zu goes to %lld", name, s, (long long)to);
            if (to >= 0) {
                CHECK_OK(layout, cl_layout_update_old_section(layout, to, &back));
                CHECK(back == (int64_t)s, "%s: new section %lld comes from %lld", name, (long long)to, (long long)back);
            }
            const json_value *items = json_at(json_get(expected, "items"), s);
            for (size_t i = 0; i < json_length(items); i++) {
                cl_index_path p;
                CHECK_OK(layout, cl_layout_update_new_item(layout, (cl_index_path){(int64_t)s, (int64_t)i}, &p));
                const json_value *want = json_at(items, i);
                CHECK(p.section == (int64_t)json_number(json_at(want, 0), -1) && p.item == (int64_t)json_number(json_at(want, 1), -1),
                      "%s: item (%zu, %zu) goes to (%lld, %lld)", name, s, i, (long long)p.section, (long long)p.item);
            }
        }
        /* the records: each expected one found, with its change, frames and alphas */
        const json_value *list = json_get(expected, "elements");
        CHECK(summary.element_count == (int64_t)json_length(list), "%s: %lld records, %zu expected", name,
              (long long)summary.element_count, json_length(list));
        cl_element_change *records = test_calloc((size_t)summary.element_count + 1, sizeof *records);
        int64_t count = 0;
        CHECK_OK(layout, cl_layout_update_elements(layout, records, summary.element_count, sizeof *records, &count));
        const char *changes[] = {"kept", "moved", "inserted", "deleted", "reloaded"};
        for (size_t k = 0; k < json_length(list); k++) {
            const json_value *e = json_at(list, k);
            const json_value *old_path = json_get(e, "old"), *new_path = json_get(e, "new");
            bool found = false;
            for (int64_t r = 0; r < count && !found; r++) {
                const cl_element_change *c = &records[r];
                const cl_attributes *id = c->has_old ? &c->from : &c->to;
                char kind[KIND_NAME_SIZE];
                kind_of(layout, id->kind, kind);
                if (strcmp(category_name(id->category), json_string(json_get(e, "category"), "")) != 0) continue;
                if (strcmp(kind, json_string(json_get(e, "kind"), "?")) != 0) continue;
                if ((json_length(old_path) > 0) != (c->has_old != 0) || (json_length(new_path) > 0) != (c->has_new != 0)) continue;
                if (c->has_old && (c->from.section != (int64_t)json_number(json_at(old_path, 0), -1) ||
                                   c->from.item != (int64_t)json_number(json_at(old_path, 1), -1))) continue;
                if (c->has_new && (c->to.section != (int64_t)json_number(json_at(new_path, 0), -1) ||
                                   c->to.item != (int64_t)json_number(json_at(new_path, 1), -1))) continue;
                found = true;
                CHECK(strcmp(changes[c->change], json_string(json_get(e, "change"), "")) == 0, "%s: record %zu is %s",
                      name, k, changes[c->change]);
                const json_value *from = json_get(json_get(e, "from"), "frame"), *to = json_get(json_get(e, "to"), "frame");
                CHECK(c->from.frame.y == json_number(json_at(from, 1), -1) && c->to.frame.y == json_number(json_at(to, 1), -1) &&
                      c->from.frame.x == json_number(json_at(from, 0), -1) && c->to.frame.x == json_number(json_at(to, 0), -1),
                      "%s: record %zu frames", name, k);
                CHECK(c->from.alpha == json_number(json_get(json_get(e, "from"), "alpha"), -1) &&
                      c->to.alpha == json_number(json_get(json_get(e, "to"), "alpha"), -1), "%s: record %zu alphas", name, k);
            }
            CHECK(found, "%s: no record for expected element %zu", name, k);
        }
        free(records);
        /* inserted and deleted identities */
        const char *keys[2] = {"deleted", "inserted"};
        for (int inserted = 0; inserted < 2; inserted++) {
            const json_value *want = json_get(expected, keys[inserted]);
            cl_attributes ids[32];
            int64_t n = 0;
            CHECK_OK(layout, cl_layout_update_identities(layout, inserted, ids, 32, sizeof ids[0], &n));
            CHECK(n == (int64_t)json_length(want), "%s: %lld %s identities, %zu expected", name, (long long)n, keys[inserted], json_length(want));
            for (size_t k = 0; k < json_length(want); k++) {
                const json_value *w = json_at(want, k);
                bool found = false;
                for (int64_t r = 0; r < n; r++) {
                    char kind[KIND_NAME_SIZE];
                    kind_of(layout, ids[r].kind, kind);
                    found = found || (strcmp(category_name(ids[r].category), json_string(json_at(w, 0), "")) == 0 &&
                                      strcmp(kind, json_string(json_at(w, 1), "")) == 0 &&
                                      ids[r].section == (int64_t)json_number(json_at(w, 2), -1) &&
                                      ids[r].item == (int64_t)json_number(json_at(w, 3), -1));
                }
                CHECK(found, "%s: %s identity %zu missing", name, keys[inserted], k);
            }
        }
        /* the answers last until the next change */
        cl_layout_set_viewport(layout, summary.viewport);
        int64_t gone = 0;
        CHECK(cl_layout_update_new_section(layout, 0, &gone) == CL_ERROR_INVALID_ARGUMENT, "answers after a change");
    }
    cl_layout_destroy(layout);
    scene_free(&old_scene);
    scene_free(&new_scene);
    json_free(vector);
}

static void refused_update(void *context) {
    (void)context;
    json_value *vector = load_vector("13-update-invalid");
    if (!vector) return;
    scene old_scene, new_scene;
    cl_layout *layout = NULL;
    if (prepare(vector, &old_scene, &new_scene, &layout)) {
        element_list before, after;
        elements_all(layout, &before);
        update_arrays arrays;
        cl_batch_update update = read_update(json_get(vector, "update"), &arrays);
        cl_update_summary summary;
        CHECK(cl_layout_perform_batch_update(layout, &update, &summary, sizeof summary) == CL_ERROR_INVALID_ARGUMENT, "refused");
        CHECK(strstr(cl_layout_last_error(layout), "invalid number of items in section 0: 3 after the update, 4 before, 1 inserted") != NULL,
              "message: %s", cl_layout_last_error(layout));
        elements_all(layout, &after);
        CHECK(elements_match(&before, &after, "a refused update"), "nothing changes");
        element_list_free(&before);
        element_list_free(&after);
        /* bad input: NULL arrays with counts, negative indices, a NULL update or summary */
        cl_batch_update bad = cl_batch_update_default();
        bad.delete_item_count = 2;
        CHECK(cl_layout_perform_batch_update(layout, &bad, &summary, sizeof summary) == CL_ERROR_INVALID_ARGUMENT, "NULL array");
        int64_t minus = -1;
        bad = cl_batch_update_default();
        bad.delete_sections = &minus;
        bad.delete_section_count = 1;
        CHECK(cl_layout_perform_batch_update(layout, &bad, &summary, sizeof summary) != CL_OK, "negative section");
        CHECK(cl_layout_perform_batch_update(layout, NULL, &summary, sizeof summary) == CL_ERROR_INVALID_ARGUMENT, "NULL update");
        CHECK(cl_layout_perform_batch_update(layout, &update, NULL, sizeof summary) == CL_ERROR_INVALID_ARGUMENT, "NULL summary");
        CHECK(cl_layout_perform_batch_update(layout, &update, &summary, 8) == CL_ERROR_INVALID_ARGUMENT, "small summary");
    }
    cl_layout_destroy(layout);
    scene_free(&old_scene);
    scene_free(&new_scene);
    json_free(vector);
}

/* ---- Diff ------------------------------------------------------------------------------------ */

typedef struct count_source { const int64_t *counts; int64_t sections; } count_source;
static cl_status cs_sections(void *u, int64_t *out) { *out = ((count_source *)u)->sections; return CL_OK; }
static cl_status cs_items(void *u, int64_t s, int64_t *out) {
    const count_source *c = u;
    if (s < 0 || s >= c->sections) return 1;
    *out = c->counts[s];
    return CL_OK;
}

static cl_diff_side read_side(const json_value *side, int64_t *sections, int64_t *counts, int64_t *ids, int64_t *versions) {
    cl_diff_side d = cl_diff_side_default();
    const json_value *s = json_get(side, "sections"), *items = json_get(side, "items"), *v = json_get(side, "versions");
    int64_t at = 0;
    for (size_t k = 0; k < json_length(s); k++) {
        sections[k] = (int64_t)json_number(json_at(s, k), 0);
        counts[k] = (int64_t)json_length(json_at(items, k));
        for (size_t i = 0; i < json_length(json_at(items, k)); i++, at++) {
            ids[at] = (int64_t)json_number(json_at(json_at(items, k), i), 0);
            versions[at] = v ? (int64_t)json_number(json_at(json_at(v, k), i), 0) : 0;
        }
    }
    d.section_ids = sections;
    d.section_count = (int64_t)json_length(s);
    d.item_counts = counts;
    d.item_ids = ids;
    d.versions = v ? versions : NULL;
    return d;
}

static void vector_diff(void *context) {
    (void)context;
    json_value *vector = load_vector("14-diff");
    if (!vector) return;
    int64_t sections[2][16], counts[2][16], ids[2][64], versions[2][64];
    const json_value *id_lists = json_get(vector, "ids");
    cl_diff_side old_side = read_side(json_get(id_lists, "old"), sections[0], counts[0], ids[0], versions[0]);
    cl_diff_side new_side = read_side(json_get(id_lists, "new"), sections[1], counts[1], ids[1], versions[1]);
    cl_diff *diff = NULL;
    cl_batch_update update = cl_batch_update_default();
    if (CHECK_OK(NULL, cl_diff_create(&old_side, &new_side, &diff, &update))) {
        int64_t moves = update.move_section_count + update.move_item_count;
        CHECK(moves == (int64_t)json_number(json_get(json_get(vector, "expected"), "min_moves"), -1), "moves: %lld", (long long)moves);
        /* the update applies to a layout of the old counts whose data source then has the new ones */
        count_source source = {counts[0], old_side.section_count};
        cl_data_source ds = cl_data_source_default();
        ds.user_data = &source;
        ds.section_count = cs_sections;
        ds.item_count = cs_items;
        cl_layout_def def = cl_layout_def_default();
        def.viewport = (cl_rect){0, 0, 320, 480};
        cl_layout *layout = NULL;
        if (CHECK_OK(NULL, cl_layout_create(&def, &ds, &layout))) {
            source.counts = counts[1];
            source.sections = new_side.section_count;
            cl_update_summary summary;
            CHECK_OK(layout, cl_layout_perform_batch_update(layout, &update, &summary, sizeof summary));
            /* every carried item lands where its id is in the new lists */
            int64_t base[2][16] = {{0}};
            for (int side = 0; side < 2; side++)
                for (int64_t s = 1; s < (side ? new_side : old_side).section_count; s++) base[side][s] = base[side][s - 1] + counts[side][s - 1];
            for (int64_t s = 0; s < old_side.section_count; s++)
                for (int64_t i = 0; i < counts[0][s]; i++) {
                    cl_index_path p;
                    CHECK_OK(layout, cl_layout_update_new_item(layout, (cl_index_path){s, i}, &p));
                    if (p.section >= 0) CHECK(ids[1][base[1][p.section] + p.item] == ids[0][base[0][s] + i], "item (%lld, %lld)", (long long)s, (long long)i);
                }
        }
        cl_layout_destroy(layout);
    }
    cl_diff_destroy(diff);
    cl_diff_destroy(NULL);
    /* a duplicate id names both places */
    int64_t dup_sections[1] = {1}, dup_counts[1] = {2}, dup_ids[2] = {5, 5};
    cl_diff_side dup = cl_diff_side_default();
    dup.section_ids = dup_sections;
    dup.section_count = 1;
    dup.item_counts = dup_counts;
    dup.item_ids = dup_ids;
    CHECK(cl_diff_create(&dup, &new_side, &diff, &update) == CL_ERROR_INVALID_ARGUMENT && diff == NULL, "duplicate id");
    CHECK(strstr(cl_layout_last_error(NULL), "item id 5") != NULL, "message: %s", cl_layout_last_error(NULL));
    json_free(vector);
}

void update_tests(void) {
    run_test("updates: vector 11, items", vector_update, "11-update-items");
    run_test("updates: vector 12, sections (anchoring)", vector_update, "12-update-sections");
    run_test("updates: vector 13, refused and bad input", refused_update, NULL);
    run_test("diff: vector 14, fewest moves, applied to a layout", vector_diff, NULL);
}
