// A second translation unit that includes the header: linked with test_cpp.cpp, it shows the
// header defines nothing twice (everything in it is inline or a template).
#include "collectionlayout.hpp"

std::int64_t items_seen_by_second_unit() {
    collectionlayout::data_source source;
    source.item_count = [](std::int64_t) { return std::int64_t{3}; };
    collectionlayout::layout layout(collectionlayout::layout_def(), source);
    return layout.item_count(0);
}
