/* The C tests of libcollectionlayout's ABI. Exit status 0 only if every test passed. */
#include <stdio.h>

#include "check.h"
#include "tests.h"

int main(void) {
    printf("libcollectionlayout %u, header %d\n", cl_version(), CL_VERSION_NUMBER);
    json_tests();
    vector_tests();
    basic_tests();
    bad_input_tests();
    invalidation_tests();
    property_tests();
    orthogonal_tests();
    abi_tests();
    style_tests();
    limit_tests();
    update_tests();
    reload_tests();
    array_source_tests();
    target_tests();
    motion_tests();
    handle_tests();
    hit_tests();
    scrollview_tests();
    rtl_tests();
    collapse_tests();
    executor_tests();
    physics_tests();
    span_tests();
    focus_tests();
    global_tests();
    badge_tests();
    return test_summary();
}
