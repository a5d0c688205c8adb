// The C++ layer in a program built with -fno-exceptions, as many games are: the std::nothrow
// forms report every failure as a status. `make test-cpp` builds and runs it.
#include "collectionlayout.hpp"

#include <cstdio>

namespace cl = collectionlayout;

static int passed = 0, failed = 0;

#define CHECK(condition)                                                                                     \
    do {                                                                                                     \
        if (condition) {                                                                                     \
            passed++;                                                                                        \
        } else {                                                                                             \
            failed++;                                                                                        \
            std::printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #condition);                                 \
        }                                                                                                    \
    } while (0)

int main() {
    cl::layout_def def;
    def.viewport = {0, 0, 100, 100};
    cl::data_source source;
    source.item_count = [](std::int64_t) { return std::int64_t{5}; };
    cl::layout layout;
    CHECK(cl::layout::create(std::nothrow, def, source, layout) == CL_OK && layout);

    std::int64_t count = 0;
    CHECK(layout.item_count(std::nothrow, 0, count) == CL_OK && count == 5);
    CHECK(layout.item_count(std::nothrow, 3, count) == CL_ERROR_OUT_OF_RANGE);
    CHECK(layout.last_error()[0] != '\0');
    cl::view<const cl_attributes> elements;
    CHECK(layout.elements_in_rect(std::nothrow, {0, 0, 100, 1000}, elements) == CL_OK &&
          elements.size() == 5);

    cl::layout_def bad = def;
    bad.direction = 9;
    cl::layout refused;
    CHECK(cl::layout::create(std::nothrow, bad, source, refused) == CL_ERROR_INVALID_ARGUMENT && !refused);

    // A callback that fails without throwing: a count the library refuses.
    source.item_count = [](std::int64_t) { return std::int64_t{-1}; };
    CHECK(cl::layout::create(std::nothrow, def, source, refused) == CL_ERROR_BAD_CALLBACK_DATA);

    // Not the closing "N passed" line of make test: the suite counts test_cpp.cpp's.
    std::printf("with -fno-exceptions: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
