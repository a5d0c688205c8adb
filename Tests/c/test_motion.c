/* Transitions and interactive movement through the C ABI (SPEC §10.5, §10.7): the shared vectors
 * changes/18 and 19, hand-checked frames, commit equal to the batch update with one move, cancel,
 * bad input (progress outside [0, 1] or NaN, different counts, a cell that does not exist, nested
 * begins, changes while moving), NULL and destroyed handles. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "elements.h"
#include "json.h"
#include "scene.h"
#include "tests.h"

static json_value *load_vector(const char *name) {
    char path[512], error[256];
    snprintf(path, sizeof path, "%s/changes/%s.json", vectors_dir(), name);
    json_value *v = json_parse_file(path, error, sizeof error);
    CHECK(v != NULL, "%s: %s", path, error);
    return v;
}

/* A transition's elements in rect at t, with the transition's kind names. */
static cl_status transition_elements(const cl_transition *tr, double t, cl_rect rect, element_list *out) {
    memset(out, 0, sizeof *out);
    int64_t count = 0;
    cl_status status = cl_transition_elements_in_rect(tr, t, rect, NULL, 0, sizeof(cl_attributes), &count);
    if (status != CL_OK) return status;
    out->items = test_calloc((size_t)count + 1, sizeof *out->items);
    cl_attributes *buffer = test_calloc((size_t)count + 1, sizeof *buffer);
    status = cl_transition_elements_in_rect(tr, t, rect, buffer, count, sizeof *buffer, &count);
    for (int64_t i = 0; status == CL_OK && i < count; i++) {
        const char *name = "?";
        status = cl_transition_kind_name(tr, buffer[i].kind, &name);
        out->items[i].attributes = buffer[i];
        snprintf(out->items[i].kind_name, KIND_NAME_SIZE, "%s", name);
        out->count++;
    }
    free(buffer);
    return status;
}

static bool load_layout(const json_value *json, scene *s, cl_layout **layout) {
    char error[256] = "";
    memset(s, 0, sizeof *s);
    if (!CHECK(scene_load(s, json, error, sizeof error), "scene: %s", error)) return false;
    return CHECK_OK(NULL, scene_create_layout(s, NULL, layout));
}

static void vector_transition(void *context) {
    (void)context;
    json_value *v = load_vector("18-transition");
    if (!v) return;
    scene a, b;
    cl_layout *from = NULL, *to = NULL;
    cl_transition *tr = NULL;
    element_list got = {0}, want = {0};
    char error[256] = "";
    if (load_layout(json_get(v, "scene_a"), &a, &from) && load_layout(json_get(v, "scene_b"), &b, &to) &&
        CHECK(cl_transition_create(from, to, &tr) == CL_OK, "create: %s", cl_layout_last_error(NULL)) &&
        CHECK(expected_elements_load(&want, json_get(v, "expected"), error, sizeof error), "%s", error) &&
        CHECK(transition_elements(tr, json_number(json_get(v, "progress"), -1), a.def.viewport, &got) == CL_OK,
              "elements: %s", cl_layout_last_error(NULL))) {
        got.content_size = want.content_size;
        elements_match(&want, &got, "transition");
        cl_rect vp, expected_vp;
        const json_value *e = json_get(json_get(v, "expected"), "viewport");
        expected_vp = (cl_rect){json_number(json_at(e, 0), -1), json_number(json_at(e, 1), -1),
                                json_number(json_at(e, 2), -1), json_number(json_at(e, 3), -1)};
        CHECK(cl_transition_viewport(tr, &vp) == CL_OK && memcmp(&vp, &expected_vp, sizeof vp) == 0,
              "viewport %g %g %g %g", vp.x, vp.y, vp.width, vp.height);
        /* the layouts may go; the transition answers the same */
        cl_layout_destroy(from);
        from = NULL;
        element_list again = {0};
        CHECK(transition_elements(tr, json_number(json_get(v, "progress"), -1), a.def.viewport, &again) == CL_OK, "after destroy");
        again.content_size = want.content_size;
        elements_match(&want, &again, "transition after the from-layout is destroyed");
        element_list_free(&again);
    }
    element_list_free(&got);
    element_list_free(&want);
    cl_transition_destroy(tr);
    cl_layout_destroy(from);
    cl_layout_destroy(to);
    scene_free(&a);
    scene_free(&b);
    json_free(v);
}

/* Runs the move vector; commit: the committed layout, else the live one. */
static void vector_move(void *context) {
    bool commit = context != NULL;
    json_value *v = load_vector("19-move");
    if (!v) return;
    scene s;
    cl_layout *layout = NULL;
    element_list got = {0}, want = {0};
    char error[256] = "";
    const json_value *expected = json_get(json_get(v, "expected"), commit ? "commit" : "moving");
    const json_value *item = json_get(v, "item"), *positions = json_get(v, "positions");
    if (load_layout(json_get(v, "scene"), &s, &layout) &&
        CHECK(expected_elements_load(&want, expected, error, sizeof error), "%s", error) &&
        CHECK_OK(layout, cl_layout_begin_movement(layout, (cl_index_path){(int64_t)json_number(json_at(item, 0), -1),
                                                                           (int64_t)json_number(json_at(item, 1), -1)}))) {
        for (size_t i = 0; i < json_length(positions); i++) {
            const json_value *p = json_at(positions, i), *t = json_at(json_get(expected, "targets"), i);
            cl_index_path target = {-1, -1};
            CHECK_OK(layout, cl_layout_update_movement(layout, json_number(json_at(p, 0), 0), json_number(json_at(p, 1), 0), &target));
            CHECK(target.section == (int64_t)json_number(json_at(t, 0), -2) && target.item == (int64_t)json_number(json_at(t, 1), -2),
                  "position %zu: target (%lld, %lld)", i, (long long)target.section, (long long)target.item);
        }
        cl_update_summary summary;
        if (commit) CHECK_OK(layout, cl_layout_commit_movement(layout, &summary, sizeof summary));
        cl_rect viewport;
        CHECK_OK(layout, cl_layout_viewport(layout, &viewport));
        if (CHECK_OK(layout, elements_in_rect(layout, viewport, &got))) {
            got.content_size = want.content_size;
            elements_match(&want, &got, commit ? "committed" : "moving");
        }
    }
    element_list_free(&got);
    element_list_free(&want);
    cl_layout_destroy(layout);
    scene_free(&s);
    json_free(v);
}

static const char grid_scene[] =
    "{\"viewport\": [0, 0, 320, 500], \"sections\": [{\"item_count\": 6, \"item_size\": [150, 100],"
    " \"interitem_spacing\": 10, \"line_spacing\": 10, \"header\": 30}, {\"item_count\": 3, \"item_size\": [100, 50]}]}";

static void commit_equals_update(void *context) {
    (void)context;
    scene s;
    cl_layout *moved = NULL, *updated = NULL;
    char error[256] = "";
    element_list a = {0}, b = {0};
    if (CHECK(scene_parse(&s, grid_scene, error, sizeof error), "%s", error) &&
        CHECK_OK(NULL, scene_create_layout(&s, NULL, &moved)) && CHECK_OK(NULL, scene_create_layout(&s, NULL, &updated))) {
        cl_index_path target;
        CHECK_OK(moved, cl_layout_begin_movement(moved, (cl_index_path){0, 0}));
        CHECK_OK(moved, cl_layout_update_movement(moved, 200, 280, &target));
        CHECK(target.section == 0 && target.item == 5, "target (%lld, %lld)", (long long)target.section, (long long)target.item);
        int32_t moving = 0;
        cl_index_path origin, now;
        CHECK_OK(moved, cl_layout_movement(moved, &moving, &origin, &now));
        CHECK(moving && origin.item == 0 && now.item == 5, "movement state");
        cl_update_summary s1, s2;
        CHECK_OK(moved, cl_layout_commit_movement(moved, &s1, sizeof s1));
        cl_item_move move = {{0, 0}, {0, 5}};
        cl_batch_update u = cl_batch_update_default();
        u.move_items = &move;
        u.move_item_count = 1;
        CHECK_OK(updated, cl_layout_perform_batch_update(updated, &u, &s2, sizeof s2));
        CHECK(memcmp(&s1, &s2, sizeof s1) == 0, "the summaries differ");
        CHECK_OK(moved, elements_all(moved, &a));
        CHECK_OK(updated, elements_all(updated, &b));
        elements_match(&b, &a, "commit vs batch update");
        cl_element_change r1[64], r2[64];
        int64_t n1 = 0, n2 = 0;
        CHECK_OK(moved, cl_layout_update_elements(moved, r1, 64, sizeof r1[0], &n1));
        CHECK_OK(updated, cl_layout_update_elements(updated, r2, 64, sizeof r2[0], &n2));
        CHECK(n1 == n2 && memcmp(r1, r2, (size_t)n1 * sizeof r1[0]) == 0, "the records differ");
        CHECK_OK(moved, cl_layout_movement(moved, &moving, &origin, &now));
        CHECK(!moving && origin.section == -1 && now.item == -1, "no movement after commit");
    }
    element_list_free(&a);
    element_list_free(&b);
    cl_layout_destroy(moved);
    cl_layout_destroy(updated);
    scene_free(&s);
}

static void cancel_and_bad_input(void *context) {
    (void)context;
    scene s;
    cl_layout *layout = NULL, *other = NULL;
    char error[256] = "";
    element_list before = {0}, after = {0};
    if (CHECK(scene_parse(&s, grid_scene, error, sizeof error), "%s", error) &&
        CHECK_OK(NULL, scene_create_layout(&s, NULL, &layout)) && CHECK_OK(layout, elements_all(layout, &before))) {
        cl_index_path target;
        CHECK(cl_layout_begin_movement(layout, (cl_index_path){0, 6}) == CL_ERROR_OUT_OF_RANGE, "a cell that does not exist");
        CHECK(cl_layout_begin_movement(layout, (cl_index_path){2, 0}) == CL_ERROR_OUT_OF_RANGE, "a section that does not exist");
        CHECK(cl_layout_update_movement(layout, 1, 1, &target) == CL_ERROR_INVALID_ARGUMENT, "update without a movement");
        CHECK(cl_layout_cancel_movement(layout) == CL_ERROR_INVALID_ARGUMENT, "cancel without a movement");
        CHECK_OK(layout, cl_layout_begin_movement(layout, (cl_index_path){0, 1}));
        CHECK_OK(layout, cl_layout_update_movement(layout, 10, 370, &target));
        CHECK(target.section == 1 && target.item == 0, "into section 1: (%lld, %lld)", (long long)target.section, (long long)target.item);
        CHECK(cl_layout_begin_movement(layout, (cl_index_path){0, 2}) == CL_ERROR_INVALID_ARGUMENT, "nested begin");
        CHECK(cl_layout_set_viewport(layout, (cl_rect){0, 10, 320, 500}) == CL_ERROR_INVALID_ARGUMENT, "viewport while moving");
        CHECK(cl_layout_invalidate(layout) == CL_ERROR_INVALID_ARGUMENT, "invalidate while moving");
        CHECK(strstr(cl_layout_last_error(layout), "moving") != NULL, "message: %s", cl_layout_last_error(layout));
        cl_batch_update u = cl_batch_update_default();
        cl_update_summary summary;
        CHECK(cl_layout_perform_batch_update(layout, &u, &summary, sizeof summary) == CL_ERROR_INVALID_ARGUMENT, "update while moving");
        CHECK(cl_layout_update_movement(layout, NAN, 1, &target) == CL_ERROR_INVALID_ARGUMENT, "NaN position");
        CHECK(cl_layout_update_movement(layout, 1, 1, NULL) == CL_ERROR_INVALID_ARGUMENT, "NULL out_target");
        int32_t moving;
        cl_index_path origin, now;
        CHECK_OK(layout, cl_layout_movement(layout, &moving, &origin, &now));
        CHECK(moving && now.section == 1 && now.item == 0, "the movement is intact");
        int64_t items = 0;
        CHECK_OK(layout, cl_layout_item_count(layout, 1, &items));
        CHECK(items == 4, "the live layout has 4 items in section 1, not %lld", (long long)items);
        CHECK_OK(layout, cl_layout_cancel_movement(layout));
        CHECK_OK(layout, elements_all(layout, &after));
        elements_match(&before, &after, "cancel restores every frame");
        CHECK(cl_layout_commit_movement(layout, &summary, sizeof summary) == CL_ERROR_INVALID_ARGUMENT, "commit after cancel");
        /* transitions */
        cl_transition *tr = NULL;
        s.sections[1].item_count = 2;
        CHECK_OK(NULL, scene_create_layout(&s, NULL, &other));
        CHECK(cl_transition_create(layout, other, &tr) == CL_ERROR_INVALID_ARGUMENT && tr == NULL, "different counts");
        CHECK(strstr(cl_layout_last_error(NULL), "section 1") != NULL, "message: %s", cl_layout_last_error(NULL));
        CHECK(cl_transition_create(layout, NULL, &tr) == CL_ERROR_INVALID_HANDLE, "NULL layout");
        CHECK(cl_transition_create(layout, layout, NULL) == CL_ERROR_INVALID_ARGUMENT, "NULL out");
        if (CHECK_OK(NULL, cl_transition_create(layout, layout, &tr))) {
            int64_t count;
            double bad[] = {-0.01, 1.01, NAN, INFINITY};
            for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
                CHECK(cl_transition_elements_in_rect(tr, bad[i], (cl_rect){0, 0, 100, 100}, NULL, 0, sizeof(cl_attributes), &count) ==
                          CL_ERROR_INVALID_ARGUMENT, "progress %g", bad[i]);
            CHECK(cl_transition_elements_in_rect(tr, 0.5, (cl_rect){0, 0, 100, 100}, NULL, 0, sizeof(cl_attributes), NULL) ==
                      CL_ERROR_INVALID_ARGUMENT, "NULL out_count");
            const char *name;
            CHECK(cl_transition_kind_name(tr, 99, &name) == CL_ERROR_UNKNOWN_KIND, "kind 99");
            cl_transition_destroy(tr);
            cl_rect vp;
            CHECK(cl_transition_viewport(tr, &vp) == CL_ERROR_INVALID_HANDLE, "a destroyed transition");
            cl_transition_destroy(tr);  /* ignored */
            cl_transition_destroy(NULL);
        }
    }
    element_list_free(&before);
    element_list_free(&after);
    cl_layout_destroy(layout);
    cl_layout_destroy(other);
    scene_free(&s);
}

/* t = 0 gives the from-layout, t = 1 the to-layout (same elements, same identities). */
static void transition_ends(void *context) {
    (void)context;
    scene s;
    cl_layout *a = NULL, *b = NULL;
    cl_transition *tr = NULL;
    char error[256] = "";
    element_list ea = {0}, eb = {0}, t0 = {0}, t1 = {0};
    if (CHECK(scene_parse(&s, grid_scene, error, sizeof error), "%s", error) && CHECK_OK(NULL, scene_create_layout(&s, NULL, &a))) {
        s.def.viewport.width = 200;
        cl_rect rect = {0, 0, 320, 2000};
        if (CHECK_OK(NULL, scene_create_layout(&s, NULL, &b)) && CHECK_OK(NULL, cl_transition_create(a, b, &tr)) &&
            CHECK_OK(a, elements_in_rect(a, rect, &ea)) && CHECK_OK(b, elements_in_rect(b, rect, &eb)) &&
            CHECK_OK(NULL, transition_elements(tr, 0, rect, &t0)) && CHECK_OK(NULL, transition_elements(tr, 1, rect, &t1))) {
            t0.content_size = ea.content_size;
            t1.content_size = eb.content_size;
            elements_match(&ea, &t0, "t = 0");
            elements_match(&eb, &t1, "t = 1");
        }
    }
    element_list_free(&ea);
    element_list_free(&eb);
    element_list_free(&t0);
    element_list_free(&t1);
    cl_transition_destroy(tr);
    cl_layout_destroy(a);
    cl_layout_destroy(b);
    scene_free(&s);
}

void motion_tests(void) {
    run_test("transition: vector 18", vector_transition, NULL);
    run_test("transition: t = 0 and 1 are the two layouts", transition_ends, NULL);
    run_test("movement: vector 19, moving", vector_move, NULL);
    run_test("movement: vector 19, commit", vector_move, "commit");
    run_test("movement: commit equals the batch update with one move", commit_equals_update, NULL);
    run_test("movement and transitions: cancel, bad input", cancel_and_bad_input, NULL);
}
