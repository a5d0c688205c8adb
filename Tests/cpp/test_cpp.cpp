// The C++ layer (include/collectionlayout.hpp): each wrapper once, through the real library.
// `make test-cpp` builds it with -Wall -Wextra -Werror -pedantic under ASan and UBSan.
#include "collectionlayout.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

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

// Runs body and checks that it throws cl::error with this status (and a message).
template <class Body>
static void expect_error(cl_status status, Body body, int line) {
    try {
        body();
        failed++;
        std::printf("FAIL line %d: no exception, expected status %d\n", line, status);
    } catch (const cl::error &e) {
        bool ok = e.status() == status && std::strlen(e.what()) > std::strlen(cl::status_string(status)) + 2;
        (ok ? passed : failed)++;
        if (!ok)
            std::printf("FAIL line %d: status %d (%s), expected %d\n", line, e.status(), e.what(), status);
    }
}
#define EXPECT_ERROR(status, ...) expect_error(status, [&] { __VA_ARGS__; }, __LINE__)

static bool same(const cl_index_path &a, const cl_index_path &b) {
    return a.section == b.section && a.item == b.item;
}

// What the callbacks read: sections of items of 40x30 points.
struct feed {
    std::vector<std::int64_t> counts{6, 4};
    bool fail_sizes = false;

    cl::data_source source() {
        cl::data_source s;
        s.section_count = [this] { return static_cast<std::int64_t>(counts.size()); };
        s.item_count = [this](std::int64_t section) { return counts.at(static_cast<std::size_t>(section)); };
        s.item_sizes = [this](std::int64_t, std::int64_t, cl::view<cl_size> out) {
            if (fail_sizes) throw std::runtime_error("no sizes today");
            for (cl_size &size : out) size = {40, 30};
        };
        return s;
    }
};

static cl::layout_def small_def() {
    cl::layout_def def;
    def.viewport = {0, 0, 100, 100};
    def.item_size = {40, 30};
    return def;
}

static void test_from_lambdas() {
    const char *kinds[] = {"separator"};
    cl::layout_def def = small_def();
    def.kinds = kinds;
    def.kind_count = 1;
    cl::data_source source;
    source.section_count = [] { return std::int64_t{3}; };
    source.item_count = [](std::int64_t section) { return section == 0 ? std::int64_t{4} : std::int64_t{3}; };
    source.item_sizes = [](std::int64_t, std::int64_t, cl::view<cl_size> out) {
        for (cl_size &size : out) size = {40, 20};
    };
    source.section_metrics = [](std::int64_t section, cl_section_metrics &metrics) {
        metrics.header = 15;
        if (section == 1) {
            metrics.style = CL_STYLE_GRID;
            metrics.columns = 2;
        }
        if (section == 2) metrics.style = CL_STYLE_CUSTOM;
    };
    source.inline_elements = [](std::int64_t section, std::vector<cl_inline_element> &out) {
        if (section == 0) out.push_back({CL_KIND_FIRST_USER, 0, 2, 5});
    };
    source.item_spans = [](std::int64_t, std::int64_t first, cl::view<std::int32_t> out) {
        for (std::size_t i = 0; i < out.size(); i++)
            out[i] = first + static_cast<std::int64_t>(i) == 0 ? CL_SPAN_FULL : 1;
    };
    source.custom_frames = [](std::int64_t, std::int64_t first, double, cl::view<cl_rect> out) {
        for (std::size_t i = 0; i < out.size(); i++)
            out[i] = {0, static_cast<double>(first + static_cast<std::int64_t>(i)) * 10, 10, 10};
    };
    cl::layout layout(def, std::move(source));
    CHECK(layout.section_count() == 3);
    CHECK(layout.item_count(0) == 4);
    CHECK(std::string(layout.kind_name(CL_KIND_FIRST_USER)) == "separator");
    CHECK(layout.register_kind("separator") == CL_KIND_FIRST_USER);
    cl_attributes separator = layout.attributes(CL_CATEGORY_SUPPLEMENTARY, CL_KIND_FIRST_USER, 0, 2);
    CHECK(separator.frame.height == 5);
    CHECK(layout.attributes(CL_CATEGORY_SUPPLEMENTARY, CL_KIND_HEADER, 1, 0).frame.height == 15);
    CHECK(layout.cell({1, 0}).frame.width == 100); // spans both grid columns
    CHECK(layout.cell({2, 1}).frame.height == 10); // a custom frame
    CHECK(layout.content_size().height > 0);
}

static void test_reused_and_caller_buffers() {
    feed data;
    cl::layout layout(small_def(), data.source());
    cl_rect all = {0, 0, 100, 1000};
    cl::view<const cl_attributes> first = layout.elements_in_rect(all);
    CHECK(first.size() == 10);
    const cl_attributes *where = first.data();
    cl::view<const cl_attributes> again = layout.elements_in_rect({0, 0, 100, 40});
    CHECK(again.data() == where); // the same buffer, no new allocation
    CHECK(again.size() == 2);

    cl_attributes mine[4];
    cl::view<cl_attributes> some = layout.elements_in_rect({0, 0, 100, 30}, mine);
    CHECK(some.data() == mine && some.size() == 2);
    std::int64_t needed = 0;
    CHECK(layout.elements_in_rect(std::nothrow, all, mine, needed) == CL_ERROR_BUFFER_TOO_SMALL);
    CHECK(needed == 10);
    CHECK(layout.elements_in_rect(std::nothrow, all, cl::view<cl_attributes>(), needed) == CL_OK &&
          needed == 10);
    EXPECT_ERROR(CL_ERROR_BUFFER_TOO_SMALL, layout.elements_in_rect(all, mine));
}

static void test_callback_exception() {
    feed data;
    cl::layout layout(small_def(), data.source());
    cl_size before = layout.content_size();
    data.fail_sizes = true;
    data.counts = {20, 4};
    try {
        layout.invalidate();
        CHECK(false);
    } catch (const cl::error &) {
        CHECK(false); // the callback's own exception comes out, not a library error
    } catch (const std::runtime_error &e) {
        CHECK(std::string(e.what()) == "no sizes today");
    }
    CHECK(layout.item_count(0) == 6); // the last good state
    CHECK(layout.content_size().height == before.height);
    CHECK(layout.invalidate(std::nothrow) == CL_ERROR_CALLBACK);
    data.fail_sizes = false;
    layout.invalidate();
    CHECK(layout.item_count(0) == 20);

    // At create: the constructor throws the callback's exception.
    data.fail_sizes = true;
    try {
        cl::layout broken(small_def(), data.source());
        CHECK(false);
    } catch (const std::runtime_error &e) {
        CHECK(std::string(e.what()) == "no sizes today");
    }
    cl::layout out;
    CHECK(cl::layout::create(std::nothrow, small_def(), data.source(), out) == CL_ERROR_CALLBACK);
    CHECK(!out);

    // A callback that calls into its own layout: the library's refusal comes out as an error.
    cl::layout *self = nullptr;
    cl::data_source reentrant;
    reentrant.item_count = [&](std::int64_t) { return self ? self->item_count(0) : std::int64_t{2}; };
    cl::layout layout_asking_itself(small_def(), reentrant);
    self = &layout_asking_itself;
    EXPECT_ERROR(CL_ERROR_REENTRANT, layout_asking_itself.invalidate());
    CHECK(layout_asking_itself.item_count(0) == 2);
}

static void test_errors_and_nothrow() {
    feed data;
    cl::layout layout(small_def(), data.source());
    EXPECT_ERROR(CL_ERROR_OUT_OF_RANGE, layout.item_count(9));
    EXPECT_ERROR(CL_ERROR_INVALID_ARGUMENT, layout.set_viewport({0, 0, NAN, 100}));
    try {
        layout.item_count(9);
    } catch (const cl::error &e) {
        CHECK(e.message() == layout.last_error() && !e.message().empty());
        CHECK(std::string(e.what()) ==
              std::string(cl::status_string(CL_ERROR_OUT_OF_RANGE)) + ": " + layout.last_error());
    }
    std::int64_t count = -1;
    CHECK(layout.item_count(std::nothrow, 9, count) == CL_ERROR_OUT_OF_RANGE);
    CHECK(layout.item_count(std::nothrow, 1, count) == CL_OK && count == 4);
    CHECK(layout.set_display_scale(std::nothrow, -1) == CL_ERROR_INVALID_ARGUMENT);
    cl::layout_def bad = small_def();
    bad.direction = 7;
    EXPECT_ERROR(CL_ERROR_INVALID_ARGUMENT, cl::layout(bad, data.source()));
    cl::layout empty;
    CHECK(empty.section_count(std::nothrow, count) == CL_ERROR_INVALID_HANDLE);
    CHECK(cl::version() == CL_VERSION_NUMBER);
}

std::int64_t items_seen_by_second_unit(); // second_unit.cpp

static void test_second_unit() { CHECK(items_seen_by_second_unit() == 3); }

static void test_moves() {
    feed data;
    cl::layout a(small_def(), data.source());
    cl_layout *raw = a.get();
    cl::layout b(std::move(a));
    CHECK(!a && a.get() == nullptr && b.get() == raw);
    CHECK(b.item_count(0) == 6);
    cl::layout c(small_def(), data.source());
    cl_layout *replaced = c.get();
    c = std::move(b); // destroys c's own layout
    CHECK(c.get() == raw && !b);
    std::int64_t count = 0;
    CHECK(cl_layout_item_count(replaced, 0, &count) == CL_ERROR_INVALID_HANDLE);
    c.invalidate(); // the callbacks moved with it
    CHECK(c.item_count(1) == 4);
}

// release() hands the handle over; its callbacks' state is leaked by design (Tests/cpp/lsan.supp).
static void test_release() {
    std::int64_t count = 0;
    cl::layout owned(
        small_def(),
        cl::data_source{{}, [](std::int64_t) { return std::int64_t{3}; }, {}, {}, {}, {}, {}, {}, {}});
    cl_layout *released = owned.release();
    CHECK(!owned && cl_layout_item_count(released, 0, &count) == CL_OK && count == 3);
    cl_layout_destroy(released);
}

static void test_batch_update() {
    feed data;
    cl::layout layout(small_def(), data.source());
    data.counts[0] = 8;
    const cl_index_path inserted[] = {{0, 0}, {0, 1}};
    cl::batch_update update;
    update.insert_items = inserted;
    update.insert_item_count = 2;
    cl_update_summary summary = layout.perform_batch_update(update);
    CHECK(layout.item_count(0) == 8);
    cl::view<const cl_element_change> changes = layout.update_elements();
    CHECK(static_cast<std::int64_t>(changes.size()) == summary.element_count && !changes.empty());
    bool saw_insert = false;
    for (const cl_element_change &change : changes) saw_insert |= change.change == CL_CHANGE_INSERTED;
    CHECK(saw_insert);
    CHECK(same(layout.update_new_item({0, 0}), {0, 2}));
    CHECK(same(layout.update_old_item({0, 0}), {-1, -1}));
    CHECK(layout.update_new_section(1) == 1 && layout.update_old_section(0) == 0);
    CHECK(static_cast<std::int64_t>(layout.update_identities(true).size()) == summary.inserted_count);
    CHECK(static_cast<std::int64_t>(layout.update_identities(false).size()) == summary.deleted_count);

    // A section reloaded, and a refused update (the counts do not add up).
    data.counts[1] = 2;
    const std::int64_t reloaded[] = {1};
    cl::batch_update reload;
    reload.reload_sections = reloaded;
    reload.reload_section_count = 1;
    layout.perform_batch_update(reload);
    CHECK(layout.item_count(1) == 2);
    data.counts[1] = 5;
    EXPECT_ERROR(CL_ERROR_INVALID_ARGUMENT, layout.perform_batch_update(cl::batch_update()));
    CHECK(layout.item_count(1) == 2);
}

static void test_diff() {
    const std::int64_t old_sections[] = {10}, new_sections[] = {10};
    const std::int64_t old_counts[] = {3}, new_counts[] = {4};
    const std::int64_t old_items[] = {1, 2, 3}, new_items[] = {3, 1, 2, 4};
    cl::diff_side from, to;
    from.section_ids = old_sections;
    from.section_count = 1;
    from.item_counts = old_counts;
    from.item_ids = old_items;
    to.section_ids = new_sections;
    to.section_count = 1;
    to.item_counts = new_counts;
    to.item_ids = new_items;
    cl::diff diff(from, to);
    CHECK(diff.update().insert_item_count == 1 && diff.update().move_item_count == 1);

    feed data;
    data.counts = {3};
    cl::layout layout(small_def(), data.source());
    data.counts = {4};
    layout.perform_batch_update(diff.update());
    CHECK(layout.item_count(0) == 4);

    cl::diff moved = std::move(diff);
    CHECK(!diff && moved && moved.update().insert_item_count == 1);

    // Section versions: the same section with another version is reloaded.
    const std::int64_t v1[] = {1}, v2[] = {2};
    from.section_versions = v1;
    to.section_versions = v2;
    cl::diff reload(from, to);
    CHECK(reload.update().reload_section_count == 1);

    const std::int64_t twice[] = {1, 1, 3};
    from.item_ids = twice;
    EXPECT_ERROR(CL_ERROR_INVALID_ARGUMENT, cl::diff(from, to));
    cl::diff none;
    CHECK(cl::diff::create(std::nothrow, from, to, none) == CL_ERROR_INVALID_ARGUMENT && !none);
}

static void test_transition() {
    feed data;
    cl::layout list(small_def(), data.source());
    cl::layout_def grid_def = small_def();
    grid_def.style = CL_STYLE_GRID;
    grid_def.columns = 1;
    cl::layout grid(grid_def, data.source());
    cl::transition transition(list, grid);
    cl::view<const cl_attributes> halfway = transition.elements_in_rect(0.5, {0, 0, 100, 1000});
    CHECK(halfway.size() == 10);
    CHECK(transition.viewport().width == 100);
    CHECK(std::string(transition.kind_name(CL_KIND_HEADER)) == "header");
    EXPECT_ERROR(CL_ERROR_INVALID_ARGUMENT, transition.elements_in_rect(2, {0, 0, 100, 100}));
    cl::transition moved(std::move(transition));
    CHECK(!transition && moved.elements_in_rect(0, {0, 0, 100, 1000}).size() == 10);

    data.counts = {1};
    cl::layout other(small_def(), data.source());
    EXPECT_ERROR(CL_ERROR_INVALID_ARGUMENT, cl::transition(list, other));
}

static void test_movement() {
    feed data;
    cl::layout layout(small_def(), data.source());
    cl_attributes target_cell = layout.cell({0, 3});
    layout.begin_movement({0, 0});
    EXPECT_ERROR(CL_ERROR_INVALID_ARGUMENT, layout.begin_movement({0, 1}));
    cl_index_path target = layout.update_movement(target_cell.frame.x + 5, target_cell.frame.y + 5);
    CHECK(same(target, {0, 3}));
    cl::movement_state state = layout.movement();
    CHECK(state.moving && same(state.origin, {0, 0}) && same(state.target, {0, 3}));
    layout.cancel_movement();
    CHECK(!layout.movement().moving);
    layout.begin_movement({0, 0});
    layout.update_movement(target_cell.frame.x + 5, target_cell.frame.y + 5);
    cl_update_summary summary = layout.commit_movement();
    CHECK(summary.element_count > 0);
    CHECK(same(layout.update_new_item({0, 0}), {0, 3}));
}

static void test_hit_test_and_viewport_changes() {
    feed data;
    data.counts = {40};
    cl::layout layout(small_def(), data.source());
    cl_attributes second = layout.cell({0, 1});
    std::optional<cl_attributes> hit = layout.element_at(second.frame.x + 1, second.frame.y + 1);
    CHECK(hit && hit->item == 1);
    CHECK(!layout.element_at(-50, -50, CL_HIT_ALL));
    std::optional<cl_attributes> nothing;
    CHECK(layout.element_at(std::nothrow, NAN, 0, CL_HIT_ALL, nothing) == CL_ERROR_INVALID_ARGUMENT);

    cl::viewport_changes changes = layout.viewport_changes({0, 0, 100, 100}, {0, 100, 100, 100});
    CHECK(!changes.entered.empty() && !changes.left.empty());
    for (const cl_attributes &a : changes.entered) CHECK(a.frame.y + a.frame.height > 100);
    for (const cl_attributes &a : changes.left) CHECK(a.frame.y < 100);
    const cl_attributes *where = changes.entered.data();
    CHECK(layout.viewport_changes({0, 0, 100, 100}, {0, 90, 100, 100}).entered.data() == where);
}

static void test_focus_and_prefetch() {
    feed data;
    data.counts = {100};
    cl::layout layout(small_def(), data.source());  // 40 x 30 items, two to a line in 100
    cl::focus_request request;
    request.direction = CL_FOCUS_DOWN;
    request.source = {CL_CATEGORY_CELL, CL_KIND_CELL, 0, 0};
    cl_focus_answer answer = layout.focus(request);
    CHECK(answer.has_target && answer.via == CL_FOCUS_VIA_SEARCH);
    CHECK(answer.target.category == CL_CATEGORY_CELL && answer.target.section == 0 && answer.target.item == 2);
    request.direction = 99;
    cl_focus_answer refused;
    CHECK(layout.focus(std::nothrow, request, refused) == CL_ERROR_INVALID_ARGUMENT);
    EXPECT_ERROR(CL_ERROR_INVALID_ARGUMENT, layout.focus(request));

    cl::prefetch_request ahead;
    ahead.velocity = 1000;
    cl::prefetch_answer prepared = layout.prefetch(ahead);
    CHECK(!prepared.elements.empty() && prepared.after.start == 100 && prepared.after.end > prepared.after.start);
    for (const cl_prefetch_element &e : prepared.elements) CHECK(e.side == CL_PREFETCH_AFTER && e.distance >= 0);
    const cl_prefetch_element *where = prepared.elements.data();
    CHECK(layout.prefetch(ahead).elements.data() == where);  // the buffer is reused
    ahead.fps = 0;
    EXPECT_ERROR(CL_ERROR_INVALID_ARGUMENT, layout.prefetch(ahead));
}

static void test_scrolling() {
    feed data;
    data.counts = {100};
    cl::layout layout(small_def(), data.source());
    cl::fling_def def;
    def.velocity = 2000;
    cl_fling fling = layout.fling(def);
    CHECK(fling.target > 0 && fling.curve == CL_FLING_DECELERATE);
    cl::fling_sample start = cl::sample(fling, 0);
    cl::fling_sample rest = cl::sample(fling, fling.rest_time);
    CHECK(start.offset == 0 && start.velocity == 2000);
    CHECK(rest.offset == fling.target && rest.velocity == 0);
    EXPECT_ERROR(CL_ERROR_INVALID_ARGUMENT, cl::sample(fling, -1));
    CHECK(layout.rubber_band(-1, -100) > -100 && layout.rubber_band(-1, -100) < 0);
    CHECK(layout.target_content_offset(0, 2000, CL_SNAP_PAGE) ==
          std::round(layout.target_content_offset(0, 2000, CL_SNAP_PAGE) / 100) * 100);
    cl_rect shown = layout.scroll_to_element(CL_CATEGORY_CELL, CL_KIND_CELL, 0, 50, CL_SCROLL_POSITION_START);
    CHECK(shown.y == layout.cell({0, 50}).frame.y);
    layout.set_viewport(shown);
    CHECK(layout.viewport().y == shown.y);

    layout.set_content_insets({20, 0, 0, 0});
    CHECK(layout.content_insets().top == 20);
    layout.set_display_scale(2);
    CHECK(layout.display_scale() == 2);
    layout.set_display_scale(0);
    {
        cl_size before = layout.content_size();
        layout.set_global_header_footer(40, 20, true);
        double header = 0, footer = 0;
        bool pin_header = false, pin_footer = true;
        CHECK(layout.global_header_footer(std::nothrow, header, footer, pin_header, pin_footer) == CL_OK);
        CHECK(header == 40 && footer == 20 && pin_header && !pin_footer);
        CHECK(layout.content_size().height == before.height + 60);
        CHECK(layout.attributes(CL_CATEGORY_SUPPLEMENTARY, CL_KIND_GLOBAL_HEADER, 0, 0).z == 20);
        CHECK(layout.set_global_header_footer(std::nothrow, -1, 0, false, false) == CL_ERROR_INVALID_ARGUMENT);
        layout.set_global_header_footer(0, 0);
    }
    layout.set_display_scale(2);

    const cl_item_size measured[] = {{{0, 0}, {40, 80}}};
    cl_size_change change = layout.set_item_sizes(measured);
    CHECK(change.content_size_change > 0);
    const cl_index_path items[] = {{0, 0}};
    layout.invalidate_items(items);
    const std::int64_t sections[] = {0};
    layout.invalidate_sections(sections);
    CHECK(layout.cell({0, 0}).frame.height == 30); // the data source's size again
}

static void test_orthogonal_and_decorations() {
    feed data;
    data.counts = {20};
    cl::layout_def def = cl::layout_def::orthogonal();
    def.viewport = {0, 0, 100, 100};
    cl::layout layout(def, data.source());
    cl_section_scroll scroll = layout.section_scroll(0);
    CHECK(scroll.max_offset > 0);
    layout.set_section_offset(0, 45);
    CHECK(layout.section_scroll(0).offset == 45);
    CHECK(layout.section_target_offset(0, 45, 0, CL_SNAP_ITEM) == 50);

    cl::decoration_def background;
    background.coverage = CL_COVERAGE_SECTION;
    std::int32_t kind = layout.add_decoration("background", background);
    CHECK(kind >= CL_KIND_FIRST_USER);
    CHECK(layout.attributes(CL_CATEGORY_DECORATION, kind, 0, 0).z == -1);
    EXPECT_ERROR(CL_ERROR_INVALID_ARGUMENT, layout.add_decoration("background", background));
}

// Badges (SPEC §17.1): a kind from badge_def, the cells that carry it from item_badges (asked by
// the full invalidation after the kind is registered), and a callback's exception carried.
static void test_badges() {
    feed data;
    cl::data_source source = data.source();
    std::int32_t kind = -1;
    bool fail = false;
    source.item_badges = [&](std::int64_t section, std::int64_t first, std::int64_t count, std::vector<cl_item_badge> &out) {
        if (fail) throw std::runtime_error("no badges today");
        for (std::int64_t i = first; i < first + count; i++)
            if (section == 0 && i == 1) out.push_back(cl_item_badge{i, kind, 0, {0, 0}});
    };
    cl::layout layout(small_def(), std::move(source));
    cl::badge_def count;
    count.size = {10, 10};
    kind = layout.add_badge("count", count);
    layout.invalidate();
    cl_attributes cell = layout.attributes(CL_CATEGORY_CELL, CL_KIND_CELL, 0, 1);
    cl_attributes badge = layout.attributes(CL_CATEGORY_SUPPLEMENTARY, kind, 0, 1);
    CHECK(badge.frame.x == cell.frame.x + cell.frame.width - 10 && badge.frame.y == cell.frame.y && badge.z == 1);
    EXPECT_ERROR(CL_ERROR_INVALID_ARGUMENT, layout.add_badge("count", count));
#if COLLECTIONLAYOUT_EXCEPTIONS
    fail = true;
    bool thrown = false;
    try {
        layout.invalidate();
    } catch (const std::runtime_error &) {
        thrown = true;
    }
    CHECK(thrown);
    CHECK(layout.attributes(CL_CATEGORY_SUPPLEMENTARY, kind, 0, 1).frame.x == badge.frame.x);
#endif
}

static void test_array_source() {
    cl::layout_def def = small_def();
    std::vector<std::int64_t> counts{5, 7}, more{5, 9};
    std::vector<cl_section_metrics> metrics(2, cl::section_metrics_from_def(def));
    metrics[1].header = 12;
    cl::data_source source;
    source.arrays.emplace();
    source.arrays->section_count = 2;
    source.arrays->item_counts = counts.data();
    source.arrays->section_metrics = metrics.data();
    cl::layout layout(def, std::move(source));
    CHECK(layout.item_count(1) == 7);
    CHECK(layout.attributes(CL_CATEGORY_SUPPLEMENTARY, CL_KIND_HEADER, 1, 0).frame.height == 12);
    layout.arrays()->item_counts = more.data(); // pointing elsewhere, then asking again
    layout.invalidate();
    CHECK(layout.item_count(1) == 9);
}

// The host's executor (cl::executor): tasks in reverse order on this thread, every pass through it.
static int executor_calls = 0;
static void reversed(void *, std::int64_t count, void (*task)(void *, std::int64_t), void *task_context) {
    executor_calls++;
    for (std::int64_t i = count - 1; i >= 0; i--) task(task_context, i);
}

static void test_executor() {
    feed data;
    data.counts = {30, 40, 50};
    cl::layout serial(small_def(), data.source()), parallel(small_def(), data.source());
    cl::executor executor;
    CHECK(executor.struct_size == sizeof(cl_executor) && executor.concurrency == 1 && executor.min_items == 0);
    EXPECT_ERROR(CL_ERROR_INVALID_ARGUMENT, parallel.set_executor(&executor));  // no parallel_for
    executor.parallel_for = reversed;
    executor.concurrency = 2;
    executor.min_items = 1;
    parallel.set_executor(&executor);
    parallel.invalidate();
    CHECK(executor_calls > 0);
    CHECK(parallel.content_size().height == serial.content_size().height);
    for (std::int64_t s = 0; s < 3; s++)
        for (std::int64_t i = 0; i < 30; i++) {
            const cl_rect a = parallel.cell({s, i}).frame, b = serial.cell({s, i}).frame;
            CHECK(std::memcmp(&a, &b, sizeof a) == 0);
        }
    CHECK(parallel.set_executor(std::nothrow, nullptr) == CL_OK);

    const std::int64_t sections[] = {10}, counts[] = {3}, old_items[] = {1, 2, 3}, new_items[] = {3, 1, 2};
    cl::diff_side from, to;
    from.section_ids = to.section_ids = sections;
    from.section_count = to.section_count = 1;
    from.item_counts = to.item_counts = counts;
    from.item_ids = old_items;
    to.item_ids = new_items;
    cl::diff with(from, to, &executor), without(from, to, nullptr);
    CHECK(with.update().move_item_count == 1 && without.update().move_item_count == 1);
}

int main() {
    test_from_lambdas();
    test_executor();
    test_reused_and_caller_buffers();
    test_callback_exception();
    test_errors_and_nothrow();
    test_second_unit();
    test_moves();
    test_release();
    test_batch_update();
    test_diff();
    test_transition();
    test_movement();
    test_hit_test_and_viewport_changes();
    test_scrolling();
    test_focus_and_prefetch();
    test_orthogonal_and_decorations();
    test_badges();
    test_array_source();
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
