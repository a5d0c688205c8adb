// Built by `make test-install` against an installed copy, as hello.c is: the C++ header is
// installed beside the C one and works with the installed library.
#include <collectionlayout.hpp>

#include <cstdio>

int main() {
    namespace cl = collectionlayout;
    cl::layout_def def;
    def.viewport.width = 320;
    cl::data_source source;
    source.item_count = [](std::int64_t) { return std::int64_t{10}; };
    try {
        cl::layout layout(def, source);
        cl_size size = layout.content_size();
        std::printf("C++: 10 items of 50x50 in 320 points take %g x %g\n", size.width, size.height);
    } catch (const cl::error &e) {
        std::printf("failed: %s\n", e.what());
        return 1;
    }
    return 0;
}
