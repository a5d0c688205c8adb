/* tests.h — the groups of tests that main() runs, one per file. */
#ifndef CL_TESTS_TESTS_H
#define CL_TESTS_TESTS_H

void json_tests(void);          /* test_json.c: the JSON reader the vector tests rely on */
void vector_tests(void);        /* test_vectors.c: the shared test vectors (SPEC §12) */
void basic_tests(void);         /* test_basics.c: version, defaults, exact frames of a grid */
void bad_input_tests(void);     /* test_bad_input.c: status codes, messages, last good state */
void invalidation_tests(void);  /* test_invalidation.c: incremental equals fresh */
void property_tests(void);      /* test_properties.c: random scenes, SPEC §6-9 */
void orthogonal_tests(void);    /* test_orthogonal.c: sideways sections, SPEC §4 and §10 */
void abi_tests(void);           /* test_abi.c: older and newer structs, element sizes, threads */
void style_tests(void);         /* test_styles.c: grid, waterfall, custom (§5), decoration kinds (§7) */
void limit_tests(void);         /* test_limits.c: the element limit, finite sums, kind names (§11) */

void update_tests(void);       /* test_updates.c: batch updates and the diff, SPEC §10.2-10.3 */
void reload_tests(void);       /* test_reloads.c: reloaded sections and section versions, SPEC §10.2-10.3 */
void array_source_tests(void); /* test_arrays.c: data in arrays (cl_array_source) */
void target_tests(void);       /* test_targets.c: self-sizing, target offsets, scroll to (§10.4, §10.6) */
void motion_tests(void);       /* test_motion.c: transitions and interactive movement, SPEC §10.5, §10.7 */
void handle_tests(void);       /* test_handles.c: stale, wrong-type and garbage handles (generations) */
void hit_tests(void);          /* test_hit.c: the element at a point, SPEC §21 */
void span_tests(void);         /* test_spans.c: spanning grid and waterfall items, SPEC §16 */
void scrollview_tests(void);   /* test_scrollview.c: content insets and pixel rounding, SPEC §20 */
void rtl_tests(void);          /* test_rtl.c: right-to-left layouts, SPEC §15 */
void collapse_tests(void);     /* test_collapse.c: collapsing layout headers, SPEC §18 */
void physics_tests(void);      /* test_physics.c: flings, the rubber band, line-center/line-end (§22, §10.6) */
void executor_tests(void);      /* test_executor.c: the host's executor (cl_executor), issue 34 */
void focus_tests(void);         /* test_focus.c: focus navigation and prefetch, SPEC §13, §14 */
void global_tests(void);        /* test_global.c: the layout's own header and footer, SPEC §17.2 */
void badge_tests(void);         /* test_badges.c: badges, SPEC §17.1 */

#endif
