/* The shared test vectors (Tests/vectors, the repository's copy of the project's shared vectors,
 * or $COLLECTIONLAYOUT_VECTORS): each scene of the .json files in vectors/ and vectors/styles/,
 * laid out through the C ABI, must give exactly its expected elements. vectors/changes/ holds
 * commands: updates and the diff run in test_updates.c, self-sizing and targets in
 * test_targets.c, transitions and movement in test_motion.c. A vector named in
 * Tests/pending_vectors.txt waits for a feature the engine lacks yet: it is reported as skipped. */
#define _POSIX_C_SOURCE 200809L /* opendir */

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "elements.h"
#include "scene.h"
#include "tests.h"

/* Windows of the viewport's size slid over the content in steps of a third; stops at the
 * first wrong one so that a broken query reports once. */
static void check_rect_queries(const cl_layout *layout, const element_list *all, cl_rect viewport) {
    double w = viewport.width > 0 ? viewport.width : 100;
    double h = viewport.height > 0 ? viewport.height : 100;
    for (double y = -h / 2; y < all->content_size.height + h / 2; y += h / 3) {
        for (double x = -w / 2; x < all->content_size.width + w / 2; x += w / 3) {
            cl_rect rect = {x, y, w, h};
            if (!check_rect_query(layout, all, rect, "vector")) return;
        }
    }
}

/* Each element's attributes by identity equal those of the rect query. */
static void check_attributes_by_identity(const cl_layout *layout, const element_list *all) {
    for (size_t i = 0; i < all->count; i++) {
        const cl_attributes *a = &all->items[i].attributes;
        cl_attributes b;
        memset(&b, 0xff, sizeof b);
        if (CHECK_OK(layout, cl_layout_attributes(layout, a->category, a->kind, a->section,
                                                  a->item, &b, sizeof b)))
            CHECK(memcmp(a, &b, sizeof b) == 0, "attributes of %s '%s' (%lld, %lld) differ from "
                  "the rect query's", category_name(a->category), all->items[i].kind_name,
                  (long long)a->section, (long long)a->item);
    }
}

typedef struct vector { scene scene; element_list expected; } vector;

/* The expected elements of no area, which no rect query returns (SPEC §9) though they exist
 * (a hairline rounded to no pixel, §20.2): appended to `actual` as asked by identity. */
static void add_zero_area(cl_layout *layout, const element_list *expected, element_list *actual) {
    for (size_t i = 0; i < expected->count; i++) {
        const element *want = &expected->items[i];
        if (want->attributes.frame.width > 0 && want->attributes.frame.height > 0) continue;
        int32_t kind = 0;
        if (want->kind_name[0] && !CHECK_OK(layout, cl_layout_register_kind(layout, want->kind_name, &kind))) continue;
        element found = *want;
        if (!CHECK_OK(layout, cl_layout_attributes(layout, want->attributes.category, kind, want->attributes.section,
                                                   want->attributes.item, &found.attributes, sizeof found.attributes)))
            continue;
        actual->items = realloc(actual->items, (actual->count + 1) * sizeof *actual->items);
        if (!actual->items) abort();
        actual->items[actual->count++] = found;
    }
}

static void run_vector(void *context) {
    vector *v = context;
    cl_layout *layout = NULL;
    element_list actual = {0};
    if (CHECK_OK(layout, scene_create_layout(&v->scene, NULL, &layout)) &&
        CHECK_OK(layout, elements_all(layout, &actual))) {
        check_attributes_by_identity(layout, &actual);
        add_zero_area(layout, &v->expected, &actual);
        elements_match(&v->expected, &actual, "all elements");
        check_rect_queries(layout, &actual, v->scene.def.viewport);
    }
    element_list_free(&actual);
    cl_layout_destroy(layout);
}

static void report_load_error(void *error) {
    CHECK(false, "cannot load the vector: %s", (const char *)error);
}

static void load_and_run(const char *dir, const char *file) {
    char path[4096], name[700], error[256] = "";
    snprintf(path, sizeof path, "%s/%s", dir, file);
    snprintf(name, sizeof name, "vector %s", file);
    vector v;
    memset(&v, 0, sizeof v);
    json_value *json = json_parse_file(path, error, sizeof error);
    bool loaded = json && scene_load(&v.scene, json_get(json, "scene"), error, sizeof error) &&
                  expected_elements_load(&v.expected, json_get(json, "expected"), error,
                                         sizeof error);
    if (!loaded) run_test(name, report_load_error, error);
    else run_test(name, run_vector, &v);
    json_free(json);
    scene_free(&v.scene);
    element_list_free(&v.expected);
}

/* A `dump` command vector (SPEC §12; scroll effects, collapsing headers): per case, the scene laid
 * out, its viewport's scroll-axis origin set to each `scroll` value in turn, then every element
 * (or those overlapping `rect`) as expected. */
typedef struct dump_case { scene *scene; const json_value *args, *json_expected; element_list expected; } dump_case;

static void run_dump_case(void *context) {
    dump_case *c = context;
    cl_layout *layout = NULL;
    element_list actual = {0};
    if (!CHECK_OK(layout, scene_create_layout(c->scene, NULL, &layout))) return;
    const json_value *scroll = json_get(c->args, "scroll"), *rect = json_get(c->args, "rect");
    for (size_t k = 0; k < json_length(scroll); k++) {
        cl_rect v;
        CHECK_OK(layout, cl_layout_viewport(layout, &v));
        *(c->scene->def.direction == CL_DIRECTION_VERTICAL ? &v.y : &v.x) = json_number(json_at(scroll, k), 0);
        CHECK_OK(layout, cl_layout_set_viewport(layout, v));
    }
    cl_status st = rect ? elements_in_rect(layout, (cl_rect){json_number(json_at(rect, 0), 0), json_number(json_at(rect, 1), 0),
                                                             json_number(json_at(rect, 2), 0), json_number(json_at(rect, 3), 0)}, &actual)
                        : elements_all(layout, &actual);
    if (CHECK_OK(layout, st)) {
        if (!rect) add_zero_area(layout, &c->expected, &actual);
        elements_match(&c->expected, &actual, "dump");
    }
    const json_value *want = json_get(c->json_expected, "collapse");
    cl_collapse got;
    if (CHECK_OK(layout, cl_layout_collapse(layout, &got, sizeof got)))
        CHECK(want ? got.collapsing && got.extent == json_number(json_get(want, "extent"), -1) &&
                         got.progress == json_number(json_get(want, "progress"), -1) &&
                         got.stretch == json_number(json_get(want, "stretch"), -1) && got.shrink == json_number(json_get(want, "shrink"), -1)
                   : !got.collapsing,
              "collapse record: collapsing %d extent %g progress %g stretch %g shrink %g", got.collapsing, got.extent, got.progress,
              got.stretch, got.shrink);
    element_list_free(&actual);
    cl_layout_destroy(layout);
}

static void load_and_run_dump(const char *dir, const char *file) {
    char path[4096], name[700], error[256] = "";
    snprintf(path, sizeof path, "%s/%s", dir, file);
    scene s;
    memset(&s, 0, sizeof s);
    json_value *json = json_parse_file(path, error, sizeof error);
    snprintf(name, sizeof name, "vector %s", file);
    if (!json || !scene_load(&s, json_get(json, "scene"), error, sizeof error)) {
        run_test(name, report_load_error, error);
    } else {
        const json_value *cases = json_get(json, "cases");
        for (size_t k = 0; k < json_length(cases); k++) {
            dump_case c = {&s, json_get(json_at(cases, k), "args"), json_get(json_at(cases, k), "expected"), {0}};
            snprintf(name, sizeof name, "vector %s, case %zu", file, k);
            if (expected_elements_load(&c.expected, json_get(json_at(cases, k), "expected"), error, sizeof error))
                run_test(name, run_dump_case, &c);
            else
                run_test(name, report_load_error, error);
            element_list_free(&c.expected);
        }
    }
    json_free(json);
    scene_free(&s);
}

/* The reason a vector (its path under the vectors folder) is pending, copied into reason; false
 * if it is not listed in Tests/pending_vectors.txt. */
static bool pending_reason(const char *file, char *reason, size_t size) {
    FILE *list = fopen("Tests/pending_vectors.txt", "r");
    char line[512];
    bool found = false;
    while (list && !found && fgets(line, sizeof line, list)) {
        size_t n = strlen(file);
        if (line[0] != '#' && strncmp(line, file, n) == 0 && (line[n] == ' ' || line[n] == '\t')) {
            const char *feature = line + n + strspn(line + n, " \t");
            snprintf(reason, size, "waits for %.*s (Tests/pending_vectors.txt)",
                     (int)strcspn(feature, "\n"), feature);
            found = true;
        }
    }
    if (list) fclose(list);
    return found;
}

static int compare_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void report_missing_dir(void *dir) {
    CHECK(false, "no test vectors in %s (set COLLECTIONLAYOUT_VECTORS)", (const char *)dir);
}

/* Runs every *.json of dir/sub (sub "" for dir itself), in name order; false if there is none. */
static bool run_folder(const char *dir, const char *sub) {
    char folder[4096];
    snprintf(folder, sizeof folder, "%s%s%s", dir, *sub ? "/" : "", sub);
    char *names[256];
    size_t count = 0;
    DIR *listing = opendir(folder);
    for (struct dirent *entry; listing && (entry = readdir(listing)) && count < 256;) {
        size_t n = strlen(entry->d_name);
        char *name = n > 5 && strcmp(entry->d_name + n - 5, ".json") == 0 ? strdup(entry->d_name)
                                                                           : NULL;
        if (name) names[count++] = name;
    }
    if (listing) closedir(listing);
    qsort(names, count, sizeof names[0], compare_names);  /* the same order on every machine */
    for (size_t i = 0; i < count; i++) {
        char file[600];
        snprintf(file, sizeof file, "%s%s%s", sub, *sub ? "/" : "", names[i]);
        char reason[600], name[700];
        snprintf(name, sizeof name, "vector %s", file);
        if (pending_reason(file, reason, sizeof reason)) skip_test(name, reason);
        else load_and_run(dir, file);
        free(names[i]);
    }
    return count > 0;
}

/* The command vectors the C tests run (test_updates.c, test_targets.c, test_motion.c). */
static const char *const CHANGES_RUN[] = {
    "11-update-items.json", "12-update-sections.json", "13-update-invalid.json", "14-diff.json",
    "15-self-size.json", "16-target-offset.json", "17-scroll-to.json", "18-transition.json",
    "19-move.json", "31-insets-target-offset.json", "32-fling.json", "20-focus-grid.json", "21-focus-sideways.json",
    "22-focus-region.json", "23-prefetch.json", "27-collapse-pinned.json", "28-collapse-floating.json", "29-effects.json"};

/* The command vectors of `dump` this file runs. */
static const char *const DUMPS_RUN[] = {"27-collapse-pinned.json", "28-collapse-floating.json", "29-effects.json"};

/* Every vector of changes/ is run by a C test or pending: a new one is never silently left out. */
static void every_change_vector_is_run_or_pending(void *dir) {
    char folder[4096];
    snprintf(folder, sizeof folder, "%s/changes", (const char *)dir);
    DIR *listing = opendir(folder);
    CHECK(listing != NULL, "cannot list %s", folder);
    for (struct dirent *entry; listing && (entry = readdir(listing));) {
        size_t n = strlen(entry->d_name);
        if (n <= 5 || strcmp(entry->d_name + n - 5, ".json") != 0) continue;
        bool run = false;
        for (size_t i = 0; i < sizeof CHANGES_RUN / sizeof CHANGES_RUN[0]; i++)
            run = run || strcmp(CHANGES_RUN[i], entry->d_name) == 0;
        char file[600], reason[600];
        snprintf(file, sizeof file, "changes/%s", entry->d_name);
        CHECK(run || pending_reason(file, reason, sizeof reason),
              "%s is neither run by a C test nor listed in Tests/pending_vectors.txt", file);
    }
    if (listing) closedir(listing);
}

void vector_tests(void) {
    const char *dir = vectors_dir();
    bool found = run_folder(dir, "");
    found = run_folder(dir, "styles") && found;
    if (!found) run_test("vectors", report_missing_dir, (void *)dir);
    run_test("vectors: every command vector is run or pending", every_change_vector_is_run_or_pending,
             (void *)dir);
    for (size_t i = 0; i < sizeof DUMPS_RUN / sizeof DUMPS_RUN[0]; i++) {
        char file[600], reason[600];
        snprintf(file, sizeof file, "changes/%s", DUMPS_RUN[i]);
        if (pending_reason(file, reason, sizeof reason)) skip_test(file, reason);
        else load_and_run_dump(dir, file);
    }
    /* changes/11-14 (update, diff) run in test_updates.c, 15-17 (self-size, target-offset,
     * scroll-to) in test_targets.c, 18-19 (transition, move) in test_motion.c, 20-23 (focus,
     * prefetch) in test_focus.c */
}
