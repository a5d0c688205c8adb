/* Scroll physics through the C ABI (SPEC §22): the shared vector changes/32-fling, the
 * line-center and line-end snaps (§10.6), cl_fling as a plain struct (sizes, a pure sample), the
 * rubber band, and bad input (each refused call has a message and changes nothing). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "scene.h"
#include "tests.h"

static bool near(double a, double b) { return fabs(a - b) <= 1e-6; }

static int32_t scroll_snap(const char *name) {
    const char *names[] = {"none", "page", "line", "line-paging", "line-center", "line-end"};
    const int32_t values[] = {CL_SNAP_NONE, CL_SNAP_PAGE, CL_SNAP_LINE, CL_SNAP_LINE_PAGING, CL_SNAP_LINE_CENTER, CL_SNAP_LINE_END};
    for (int i = 0; i < 6; i++) if (strcmp(name, names[i]) == 0) return values[i];
    return -1;
}

static void fling_vector(void *unused) {
    (void)unused;
    char path[512], error[256] = "";
    snprintf(path, sizeof path, "%s/changes/32-fling.json", vectors_dir());
    json_value *json = json_parse_file(path, error, sizeof error);
    scene sc;
    memset(&sc, 0, sizeof sc);
    cl_layout *layout = NULL;
    if (CHECK(json != NULL, "%s: %s", path, error) &&
        CHECK(scene_load(&sc, json_get(json, "scene"), error, sizeof error), "%s: %s", path, error))
        CHECK_OK(layout, scene_create_layout(&sc, NULL, &layout));
    const json_value *cases = json_get(json, "cases");
    for (size_t k = 0; layout && k < json_length(cases); k++) {
        const json_value *args = json_get(json_at(cases, k), "args"), *want = json_get(json_at(cases, k), "expected");
        cl_fling_def def = cl_fling_def_default();
        def.velocity = json_number(json_get(args, "velocity"), NAN);
        def.snapping = scroll_snap(json_string(json_get(args, "snap"), "none"));
        def.deceleration_rate = json_number(json_get(args, "rate"), NAN);
        if (json_get(args, "from")) def.has_start = 1, def.start = json_number(json_get(args, "from"), NAN);
        cl_fling fling;
        if (!CHECK_OK(layout, cl_layout_fling(layout, &def, &fling, sizeof fling))) continue;
        const char *curve = fling.curve == CL_FLING_SPRING ? "spring" : "decelerate";
        CHECK(near(fling.target, json_number(json_get(want, "target"), NAN)), "case %zu: target %g", k, fling.target);
        CHECK(near(fling.rest_time, json_number(json_get(want, "rest_time"), NAN)), "case %zu: rest %g", k, fling.rest_time);
        CHECK(strcmp(curve, json_string(json_get(want, "curve"), "")) == 0, "case %zu: curve %s", k, curve);
        const json_value *samples = json_get(want, "samples");
        for (size_t i = 0; i < json_length(samples); i++) {
            const json_value *s = json_at(samples, i);
            double p = NAN, v = NAN;
            if (CHECK(cl_fling_sample(&fling, json_number(json_get(s, "t"), NAN), &p, &v) == CL_OK, "case %zu sample %zu", k, i))
                CHECK(near(p, json_number(json_get(s, "offset"), NAN)) && near(v, json_number(json_get(s, "velocity"), NAN)),
                      "case %zu sample %zu: %g %g", k, i, p, v);
        }
    }
    cl_layout_destroy(layout);
    scene_free(&sc);
    json_free(json);
}

/* 100 rows of 100 (no spacing), viewport 480 at 100; an orthogonal strip of 10 columns of 100 at
 * the end (offsets [0, 780] in a 320 wide viewport). */
static cl_layout *physics_layout(scene *sc) {
    char error[256] = "";
    const char *text = "{\"viewport\": [0, 100, 320, 480], \"sections\": [{\"item_count\": 100, \"item_size\": [320, 100]},"
                       "{\"style\": \"orthogonal\", \"item_count\": 10, \"item_size\": [110, 100]}]}";
    cl_layout *layout = NULL;
    if (CHECK(scene_parse(sc, text, error, sizeof error), "%s", error)) CHECK_OK(layout, scene_create_layout(sc, NULL, &layout));
    return layout;
}

static void snaps_and_samples(void *unused) {
    (void)unused;
    scene sc;
    cl_layout *layout = physics_layout(&sc);
    if (!layout) return;
    double offset = NAN;
    /* Row centres 50 + 100k: origins 100k - 190; row ends 100 (k + 1): origins 100k - 380. */
    if (CHECK_OK(layout, cl_layout_target_content_offset(layout, 300, 0, CL_SNAP_LINE_CENTER, 0.998, &offset)))
        CHECK(offset == 310, "line-center: %g", offset);
    if (CHECK_OK(layout, cl_layout_target_content_offset(layout, 300, 0, CL_SNAP_LINE_END, 0.998, &offset)))
        CHECK(offset == 320, "line-end: %g", offset);

    /* A NULL definition is the defaults: no velocity, from the viewport's origin. */
    cl_fling fling;
    double p = NAN, v = NAN;
    if (CHECK_OK(layout, cl_layout_fling(layout, NULL, &fling, sizeof fling)))
        CHECK(fling.struct_size == sizeof fling && fling.curve == CL_FLING_DECELERATE && fling.target == 100 && fling.rest_time == 0,
              "a fling at rest: target %g rest %g", fling.target, fling.rest_time);
    /* Written at a larger caller size: zeros past the library's struct; still a fling to sample. */
    unsigned char bigger[sizeof(cl_fling) + 16];
    memset(bigger, 0xAB, sizeof bigger);
    cl_fling_def def = cl_fling_def_default();
    def.velocity = 2000, def.snapping = CL_SNAP_LINE_END;
    if (CHECK_OK(layout, cl_layout_fling(layout, &def, (cl_fling *)(void *)bigger, sizeof bigger))) {
        bool zeros = true;
        for (size_t i = sizeof(cl_fling); i < sizeof bigger; i++) zeros = zeros && bigger[i] == 0;
        CHECK(zeros, "bytes past cl_fling are zero");
        memcpy(&fling, bigger, sizeof fling);
        CHECK(fling.target == 1120, "line-end fling: target %g", fling.target);  /* 1098 -> 1500 - 380 */
        CHECK(cl_fling_sample(&fling, fling.rest_time, &p, &v) == CL_OK && p == fling.target && v == 0, "at rest: %g %g", p, v);
        CHECK(cl_fling_sample(&fling, 0, &p, &v) == CL_OK && p == 100 && near(v, (1120 - 100) / fling.tau), "at 0: %g %g", p, v);
    }
    /* A section's own offset, from beyond its end: the spring back. */
    def = cl_fling_def_default();
    def.section = 1, def.has_start = 1, def.start = 900, def.snapping = CL_SNAP_ITEM;
    if (CHECK_OK(layout, cl_layout_fling(layout, &def, &fling, sizeof fling)))
        CHECK(fling.curve == CL_FLING_SPRING && fling.target == 780 && near(fling.a, 120), "section spring: %g", fling.target);
    /* Rubber band: inside as it is, past an end less than the viewport's extent. */
    if (CHECK_OK(layout, cl_layout_rubber_band(layout, -1, 200, &offset))) CHECK(offset == 200, "inside: %g", offset);
    if (CHECK_OK(layout, cl_layout_rubber_band(layout, -1, -1e9, &offset))) CHECK(offset < 0 && offset > -480, "below: %g", offset);
    if (CHECK_OK(layout, cl_layout_rubber_band(layout, 1, 780 + 320, &offset)))
        CHECK(near(offset, 780 + (1 - 1 / (0.55 + 1)) * 320), "section above: %g", offset);
    cl_layout_destroy(layout);
    scene_free(&sc);
}

#define REFUSED(layout, call, want) check_refused((layout), (call), (want), #call, __LINE__)
static void check_refused(const cl_layout *layout, cl_status got, cl_status want, const char *what, int line) {
    const char *message = cl_layout_last_error(layout);
    check_that(got == want, __FILE__, line, "%s: status %d, expected %d", what, got, want);
    check_that(message && message[0], __FILE__, line, "%s: no message", what);
}

static void bad_input(void *unused) {
    (void)unused;
    scene sc;
    cl_layout *layout = physics_layout(&sc);
    if (!layout) return;
    cl_fling fling, good;
    double p, v, offset;
    cl_fling_def def = cl_fling_def_default();
    def.velocity = 500;
    CHECK_OK(layout, cl_layout_fling(layout, &def, &good, sizeof good));
    struct { double velocity, rate, start; int32_t snapping; int64_t section; cl_status want; } cases[] = {
        {NAN, 0.998, 0, CL_SNAP_NONE, -1, CL_ERROR_INVALID_ARGUMENT}, {INFINITY, 0.998, 0, CL_SNAP_NONE, -1, CL_ERROR_INVALID_ARGUMENT},
        {1, 0, 0, CL_SNAP_NONE, -1, CL_ERROR_INVALID_ARGUMENT}, {1, 1, 0, CL_SNAP_NONE, -1, CL_ERROR_INVALID_ARGUMENT},
        {1, 0.998, NAN, CL_SNAP_NONE, -1, CL_ERROR_INVALID_ARGUMENT}, {1, 0.998, 0, CL_SNAP_ITEM, -1, CL_ERROR_INVALID_ARGUMENT},
        {1, 0.998, 0, CL_SNAP_LINE, 1, CL_ERROR_INVALID_ARGUMENT}, {1, 0.998, 0, CL_SNAP_NONE, 0, CL_ERROR_INVALID_ARGUMENT},
        {1, 0.998, 0, CL_SNAP_NONE, 2, CL_ERROR_OUT_OF_RANGE}, {1, 0.998, 0, CL_SNAP_NONE, -2, CL_ERROR_OUT_OF_RANGE},
        {0, 0.998, -1e308, CL_SNAP_NONE, -1, CL_ERROR_LIMIT}, {1, 0.998, 0, 99, -1, CL_ERROR_INVALID_ARGUMENT}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        def = cl_fling_def_default();
        def.velocity = cases[k].velocity, def.deceleration_rate = cases[k].rate, def.has_start = 1, def.start = cases[k].start;
        def.snapping = cases[k].snapping, def.section = cases[k].section;
        REFUSED(layout, cl_layout_fling(layout, &def, &fling, sizeof fling), cases[k].want);
    }
    def = cl_fling_def_default();
    def.struct_size = 8;
    REFUSED(layout, cl_layout_fling(layout, &def, &fling, sizeof fling), CL_ERROR_INVALID_ARGUMENT);
    REFUSED(layout, cl_layout_fling(layout, NULL, &fling, sizeof fling - 8), CL_ERROR_INVALID_ARGUMENT);
    REFUSED(layout, cl_layout_fling(layout, NULL, NULL, sizeof fling), CL_ERROR_INVALID_ARGUMENT);
    REFUSED(NULL, cl_layout_fling(NULL, NULL, &fling, sizeof fling), CL_ERROR_INVALID_HANDLE);
    /* Samples: bad times, and structs that are not flings. */
    const double times[] = {-1, -1e-300, NAN, INFINITY, -INFINITY};
    for (size_t k = 0; k < 5; k++) REFUSED(NULL, cl_fling_sample(&good, times[k], &p, &v), CL_ERROR_INVALID_ARGUMENT);
    REFUSED(NULL, cl_fling_sample(NULL, 0, &p, &v), CL_ERROR_INVALID_ARGUMENT);
    REFUSED(NULL, cl_fling_sample(&good, 0, NULL, &v), CL_ERROR_INVALID_ARGUMENT);
    cl_fling broken[7];
    for (int k = 0; k < 7; k++) broken[k] = good;
    broken[0].struct_size = 0, broken[1].curve = 7, broken[2].tau = 0, broken[3].target = NAN, broken[4].rest_time = -1,
    broken[5].omega = INFINITY;
    broken[6].tau = 1e-300, broken[6].target = 1e300;  /* finite parts whose starting velocity is not */
    for (int k = 0; k < 7; k++) REFUSED(NULL, cl_fling_sample(&broken[k], 0, &p, &v), CL_ERROR_INVALID_ARGUMENT);
    /* The rubber band. */
    REFUSED(layout, cl_layout_rubber_band(layout, -1, NAN, &offset), CL_ERROR_INVALID_ARGUMENT);
    REFUSED(layout, cl_layout_rubber_band(layout, 0, 1, &offset), CL_ERROR_INVALID_ARGUMENT);
    REFUSED(layout, cl_layout_rubber_band(layout, 5, 1, &offset), CL_ERROR_OUT_OF_RANGE);
    REFUSED(layout, cl_layout_rubber_band(layout, -1, 1, NULL), CL_ERROR_INVALID_ARGUMENT);
    REFUSED(layout, cl_layout_target_content_offset(layout, 0, 0, 9, 0.998, &offset), CL_ERROR_INVALID_ARGUMENT);
    cl_rect viewport;
    if (CHECK_OK(layout, cl_layout_viewport(layout, &viewport))) CHECK(viewport.y == 100, "the layout is unchanged: %g", viewport.y);
    cl_layout_destroy(layout);
    scene_free(&sc);
}

void physics_tests(void) {
    run_test("vector changes/32-fling", fling_vector, NULL);
    run_test("line-center, line-end, flings, samples and the rubber band", snaps_and_samples, NULL);
    run_test("scroll physics: bad input", bad_input, NULL);
}
