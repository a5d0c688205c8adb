/*
 * collectionlayout.hpp — a header-only C++17 layer over the C ABI of CollectionLayout
 * (collectionlayout.h, whose conventions hold here too). docs/cpp.md shows it in use.
 *
 *   - Owners: collectionlayout::layout, transition and diff destroy their handle in their
 *     destructor; they are move-only, with get() and release().
 *   - Definitions: layout_def, decoration_def, badge_def, batch_update, diff_side, fling_def, array_source,
 *     focus_request, prefetch_request are the C structs, constructed with the C defaults
 *     (cl_..._default()).
 *   - Callbacks: data_source holds std::function members, no void *. An exception thrown by a
 *     callback is caught at the C boundary, the callback reports failure, and the exception is
 *     rethrown from the call that made the library ask.
 *   - Errors: collectionlayout::error (a std::runtime_error) with the status and the library's
 *     message. Every call has a non-throwing overload taking std::nothrow first that returns the
 *     cl_status and writes its result through a reference; with -fno-exceptions only those are
 *     usable (a throwing one aborts on failure).
 *   - Results: view<T>, a pointer and a size over a buffer the owner keeps and reuses (valid until
 *     the owner's next query of the same kind), or over the caller's buffer.
 */
#ifndef COLLECTIONLAYOUT_HPP
#define COLLECTIONLAYOUT_HPP

#include "collectionlayout.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <functional>
#include <memory>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
#define COLLECTIONLAYOUT_EXCEPTIONS 1
#else
#define COLLECTIONLAYOUT_EXCEPTIONS 0
#endif

namespace collectionlayout {

// ---- Errors ------------------------------------------------------------------------------

// A refused call: what() is "status text: message".
class error : public std::runtime_error {
public:
    error(cl_status status, const char *message)
        : std::runtime_error(std::string(cl_status_string(status)) + ": " + (message ? message : "")),
          status_(status), message_(message ? message : "") {}
    cl_status status() const noexcept { return status_; }
    // The library's message (cl_layout_last_error at the time of the failure).
    const std::string &message() const noexcept { return message_; }

private:
    cl_status status_;
    std::string message_;
};

inline std::uint32_t version() noexcept {
    return cl_version();
}
inline const char *status_string(cl_status status) noexcept {
    return cl_status_string(status);
}

namespace detail {

// The one place that throws: without exceptions a failed throwing call ends the program.
[[noreturn]] inline void raise(cl_status status, const char *message) {
#if COLLECTIONLAYOUT_EXCEPTIONS
    throw error(status, message);
#else
    (void)status;
    (void)message;
    std::abort();
#endif
}

// For the calls whose failure message is per thread (creates, transitions, diffs, fling samples).
inline void check(cl_status status) {
    if (status != CL_OK) raise(status, cl_layout_last_error(nullptr));
}

} // namespace detail

// ---- Views -------------------------------------------------------------------------------

// A contiguous run of T that someone else owns (C++17 has no std::span).
template <class T>
class view {
public:
    constexpr view() noexcept = default;
    constexpr view(T *data, std::size_t size) noexcept : data_(data), size_(size) {}
    template <std::size_t N>
    constexpr view(T (&array)[N]) noexcept : data_(array), size_(N) {}
    // Any container with data() and size() (std::vector, std::array, std::string...).
    template <class Container, class = std::enable_if_t<
                                   std::is_convertible_v<decltype(std::declval<Container &>().data()), T *> &&
                                   !std::is_same_v<std::decay_t<Container>, view>>>
    constexpr view(Container &container) noexcept : data_(container.data()), size_(container.size()) {}
    // view<T> -> view<const T>
    template <class U, class = std::enable_if_t<std::is_same_v<const U, T>>>
    constexpr view(view<U> other) noexcept : data_(other.data()), size_(other.size()) {}

    constexpr T *data() const noexcept { return data_; }
    constexpr std::size_t size() const noexcept { return size_; }
    constexpr bool empty() const noexcept { return size_ == 0; }
    constexpr T *begin() const noexcept { return data_; }
    constexpr T *end() const noexcept { return data_ + size_; }
    constexpr T &operator[](std::size_t i) const noexcept { return data_[i]; }

private:
    T *data_ = nullptr;
    std::size_t size_ = 0;
};

// ---- Definitions: the C structs with their C defaults --------------------------------------

struct layout_def : cl_layout_def {
    layout_def() noexcept : cl_layout_def(cl_layout_def_default()) {}
    static layout_def orthogonal() noexcept {
        layout_def def;
        static_cast<cl_layout_def &>(def) = cl_orthogonal_def_default();
        return def;
    }
};
struct decoration_def : cl_decoration_def {
    decoration_def() noexcept : cl_decoration_def(cl_decoration_def_default()) {}
};
struct badge_def : cl_badge_def {
    badge_def() noexcept : cl_badge_def(cl_badge_def_default()) {}
};
struct batch_update : cl_batch_update {
    batch_update() noexcept : cl_batch_update(cl_batch_update_default()) {}
};
struct diff_side : cl_diff_side {
    diff_side() noexcept : cl_diff_side(cl_diff_side_default()) {}
};
struct fling_def : cl_fling_def {
    fling_def() noexcept : cl_fling_def(cl_fling_def_default()) {}
};
struct array_source : cl_array_source {
    array_source() noexcept : cl_array_source(cl_array_source_default()) {}
};
struct focus_request : cl_focus_request {
    focus_request() noexcept : cl_focus_request(cl_focus_request_default()) {}
};
struct prefetch_request : cl_prefetch_request {
    prefetch_request() noexcept : cl_prefetch_request(cl_prefetch_request_default()) {}
};
// The host's parallel for (see cl_executor): set context, parallel_for and concurrency.
struct executor : cl_executor {
    executor() noexcept : cl_executor(cl_executor_default()) {}
};

// The metrics every section has unless its data says otherwise (cl_section_metrics_from_def).
inline cl_status section_metrics_from_def(std::nothrow_t, const cl_layout_def &def,
                                          cl_section_metrics &out) noexcept {
    return cl_section_metrics_from_def(&def, &out);
}
inline cl_section_metrics section_metrics_from_def(const cl_layout_def &def) {
    cl_section_metrics metrics{};
    detail::check(section_metrics_from_def(std::nothrow, def, metrics));
    return metrics;
}

// ---- The data source ---------------------------------------------------------------------

// The callbacks of cl_data_source as callables; an empty one takes the C default (none is
// required when `arrays` is set, else item_count is). Each fails by throwing.
struct data_source {
    std::function<std::int64_t()> section_count; // empty: 1
    std::function<std::int64_t(std::int64_t section)> item_count;
    // out.size() sizes from first_item on; empty: the def's item_size
    std::function<void(std::int64_t section, std::int64_t first_item, view<cl_size> out)> item_sizes;
    // metrics arrives filled with the def's values: change what differs
    std::function<void(std::int64_t section, cl_section_metrics &metrics)> section_metrics;
    // append the section's inline elements to out (empty on entry; its capacity is reused)
    std::function<void(std::int64_t section, std::vector<cl_inline_element> &out)> inline_elements;
    std::function<void(std::int64_t section, std::int64_t first_item, double line_extent, view<cl_rect> out)>
        custom_frames;
    std::function<void(std::int64_t section, std::int64_t first_item, view<std::int32_t> out)> item_spans;
    // Counts, sizes and metrics in arrays the host owns (cl_array_source): copied into the layout,
    // which hands out the copy (layout::arrays()) for changes between calls.
    std::optional<array_source> arrays;
    // append the badges of count cells from first_item on to out (empty on entry), SPEC §17.1
    // (after arrays: members are only appended)
    std::function<void(std::int64_t section, std::int64_t first_item, std::int64_t count, std::vector<cl_item_badge> &out)>
        item_badges;
};

namespace detail {

// What the C callbacks' user_data points at: the callables and the exception one threw.
// It lives on the heap so that moving a layout does not move it.
struct source_state {
    data_source source;
    std::exception_ptr pending;
    std::vector<cl_inline_element> inline_buffer;
    std::vector<cl_item_badge> badge_buffer;

    static source_state &of(void *user_data) noexcept { return *static_cast<source_state *>(user_data); }

    // Runs a callback; an exception stops at the C boundary and is kept for the wrapper to rethrow.
    template <class Body>
    static cl_status guard(void *user_data, Body body) noexcept {
#if COLLECTIONLAYOUT_EXCEPTIONS
        try {
            body(of(user_data));
            return CL_OK;
        } catch (...) {
            of(user_data).pending = std::current_exception();
            return CL_ERROR_CALLBACK;
        }
#else
        body(of(user_data));
        return CL_OK;
#endif
    }

    static cl_status section_count(void *user_data, std::int64_t *out_count) {
        return guard(user_data, [&](source_state &s) { *out_count = s.source.section_count(); });
    }
    static cl_status item_count(void *user_data, std::int64_t section, std::int64_t *out_count) {
        return guard(user_data, [&](source_state &s) { *out_count = s.source.item_count(section); });
    }
    static cl_status item_sizes(void *user_data, std::int64_t section, std::int64_t first_item,
                                std::int64_t count, cl_size *out) {
        return guard(user_data, [&](source_state &s) {
            s.source.item_sizes(section, first_item, view<cl_size>(out, static_cast<std::size_t>(count)));
        });
    }
    static cl_status section_metrics(void *user_data, std::int64_t section, cl_section_metrics *inout) {
        return guard(user_data, [&](source_state &s) { s.source.section_metrics(section, *inout); });
    }
    // The engine asks again with a larger buffer when the first was too small: the callable runs
    // each time, so the answer is always the current one.
    static cl_status inline_elements(void *user_data, std::int64_t section, cl_inline_element *out,
                                     std::int64_t capacity, std::int64_t *out_count) {
        return guard(user_data, [&](source_state &s) {
            s.inline_buffer.clear();
            s.source.inline_elements(section, s.inline_buffer);
            std::int64_t total = static_cast<std::int64_t>(s.inline_buffer.size());
            for (std::int64_t i = 0; i < total && i < capacity; i++)
                out[i] = s.inline_buffer[static_cast<std::size_t>(i)];
            *out_count = total;
        });
    }
    static cl_status custom_frames(void *user_data, std::int64_t section, std::int64_t first_item,
                                   std::int64_t count, double line_extent, cl_rect *out) {
        return guard(user_data, [&](source_state &s) {
            s.source.custom_frames(section, first_item, line_extent,
                                   view<cl_rect>(out, static_cast<std::size_t>(count)));
        });
    }
    static cl_status item_spans(void *user_data, std::int64_t section, std::int64_t first_item,
                                std::int64_t count, std::int32_t *out) {
        return guard(user_data, [&](source_state &s) {
            s.source.item_spans(section, first_item,
                                view<std::int32_t>(out, static_cast<std::size_t>(count)));
        });
    }

    // Asked again with a larger buffer when the first was too small, like inline_elements.
    static cl_status item_badges(void *user_data, std::int64_t section, std::int64_t first_item,
                                 std::int64_t count, cl_item_badge *out, std::int64_t capacity,
                                 std::int64_t *out_count) {
        return guard(user_data, [&](source_state &s) {
            s.badge_buffer.clear();
            s.source.item_badges(section, first_item, count, s.badge_buffer);
            std::int64_t total = static_cast<std::int64_t>(s.badge_buffer.size());
            for (std::int64_t i = 0; i < total && i < capacity; i++)
                out[i] = s.badge_buffer[static_cast<std::size_t>(i)];
            *out_count = total;
        });
    }

    // The C struct: a trampoline for each callable that is set.
    cl_data_source c_source() noexcept {
        cl_data_source c = cl_data_source_default();
        c.user_data = this;
        if (source.section_count) c.section_count = &source_state::section_count;
        if (source.item_count) c.item_count = &source_state::item_count;
        if (source.item_sizes) c.item_sizes = &source_state::item_sizes;
        if (source.section_metrics) c.section_metrics = &source_state::section_metrics;
        if (source.inline_elements) c.inline_elements = &source_state::inline_elements;
        if (source.custom_frames) c.custom_frames = &source_state::custom_frames;
        if (source.item_spans) c.item_spans = &source_state::item_spans;
        if (source.item_badges) c.item_badges = &source_state::item_badges;
        if (source.arrays) c.arrays = &*source.arrays;
        return c;
    }

    // A callback's exception, if the failure was one, else the library's error.
    [[noreturn]] void raise(cl_status status, const char *message) {
#if COLLECTIONLAYOUT_EXCEPTIONS
        if (status == CL_ERROR_CALLBACK && pending) std::rethrow_exception(std::exchange(pending, nullptr));
#endif
        detail::raise(status, message);
    }
};

// Fills `buffer` through a C query of the form query(data, capacity, &count), growing it once
// when it is too small; `out` views the result. The buffer keeps its size for the next call.
template <class T, class Query>
cl_status fill(std::vector<T> &buffer, view<const T> &out, Query query) {
    std::int64_t count = 0;
    cl_status status = query(buffer.data(), static_cast<std::int64_t>(buffer.size()), &count);
    // An empty buffer only counts (CL_OK): that too asks again.
    if (status == CL_ERROR_BUFFER_TOO_SMALL ||
        (status == CL_OK && count > static_cast<std::int64_t>(buffer.size()))) {
        buffer.resize(static_cast<std::size_t>(count));
        status = query(buffer.data(), count, &count);
    }
    out = view<const T>(buffer.data(), status == CL_OK ? static_cast<std::size_t>(count) : 0);
    return status;
}

// A move-only owner of a C handle.
template <class Handle, void (*Destroy)(Handle *)>
class unique_handle {
public:
    unique_handle() noexcept = default;
    explicit unique_handle(Handle *handle) noexcept : handle_(handle) {}
    unique_handle(unique_handle &&other) noexcept : handle_(other.release()) {}
    unique_handle &operator=(unique_handle &&other) noexcept {
        if (this != &other) reset(other.release());
        return *this;
    }
    unique_handle(const unique_handle &) = delete;
    unique_handle &operator=(const unique_handle &) = delete;
    ~unique_handle() { reset(); }

    Handle *get() const noexcept { return handle_; }
    Handle *release() noexcept { return std::exchange(handle_, nullptr); }
    void reset(Handle *handle = nullptr) noexcept { Destroy(std::exchange(handle_, handle)); }

private:
    Handle *handle_ = nullptr;
};

} // namespace detail

// ---- Results of several values -----------------------------------------------------------

struct viewport_changes {
    view<const cl_attributes> entered, left;
};
struct movement_state {
    bool moving = false;
    cl_index_path origin{-1, -1}, target{-1, -1};
};
struct fling_sample {
    double offset = 0, velocity = 0;
};

// What to prepare (cl_layout_prefetch): the windows before and after the viewport, and the
// elements in them, in the layout's reused buffer (valid until its next prefetch).
struct prefetch_answer {
    cl_span before{0, 0}, after{0, 0};
    view<const cl_prefetch_element> elements;
};

// ---- The layout --------------------------------------------------------------------------

// A cl_layout and the callables it asks. Each call comes in two forms: f(std::nothrow, args...,
// out) returns the cl_status and writes out; f(args...) returns out or throws.
class layout {
public:
    layout() noexcept = default; // empty: owns nothing
    layout(layout &&) noexcept = default;
    // Destroys the layout it owned before the state its callbacks use (the member order does that
    // in the destructor; a defaulted assignment would free the state first).
    layout &operator=(layout &&other) noexcept {
        if (this != &other) {
            handle_.reset();
            state_ = std::move(other.state_);
            handle_ = std::move(other.handle_);
            elements_ = std::move(other.elements_);
            entered_ = std::move(other.entered_);
            left_ = std::move(other.left_);
            identities_ = std::move(other.identities_);
            changes_ = std::move(other.changes_);
            prefetched_ = std::move(other.prefetched_);
        }
        return *this;
    }
    layout(const cl_layout_def &def, data_source source) {
        cl_status status = open(def, std::move(source));
        if (status != CL_OK) state_->raise(status, cl_layout_last_error(nullptr));
    }
    // Non-throwing create: out owns the layout on CL_OK (a callback's exception is dropped).
    static cl_status create(std::nothrow_t, const cl_layout_def &def, data_source source,
                            layout &out) noexcept {
        layout made;
        cl_status status = made.open(def, std::move(source));
        if (status == CL_OK) out = std::move(made);
        return status;
    }

    cl_layout *get() const noexcept { return handle_.get(); }
    explicit operator bool() const noexcept { return get() != nullptr; }
    // Gives up the handle. Its callbacks' state must outlive it and the C API has no hook to free
    // it with the handle: it is leaked on purpose.
    cl_layout *release() noexcept {
        state_.release();
        return handle_.release();
    }
    // The detailed message of the last failure on this layout ("" if none).
    const char *last_error() const noexcept { return cl_layout_last_error(get()); }
    // The array source given at create (data_source::arrays), to change between calls.
    cl_array_source *arrays() noexcept {
        return state_ && state_->source.arrays ? &*state_->source.arrays : nullptr;
    }

    // -- Kinds and decorations
    cl_status register_kind(std::nothrow_t, const char *name, std::int32_t &kind) noexcept {
        return cl_layout_register_kind(get(), name, &kind);
    }
    std::int32_t register_kind(const char *name) {
        return value<std::int32_t>([&](auto &out) { return register_kind(std::nothrow, name, out); });
    }
    cl_status kind_name(std::nothrow_t, std::int32_t kind, const char *&name) const noexcept {
        return cl_layout_kind_name(get(), kind, &name);
    }
    const char *kind_name(std::int32_t kind) const {
        return value<const char *>([&](auto &out) { return kind_name(std::nothrow, kind, out); });
    }
    cl_status add_decoration(std::nothrow_t, const char *name, const cl_decoration_def &def,
                             std::int32_t &kind) noexcept {
        return cl_layout_add_decoration(get(), name, &def, &kind);
    }
    std::int32_t add_decoration(const char *name, const cl_decoration_def &def) {
        return value<std::int32_t>([&](auto &out) { return add_decoration(std::nothrow, name, def, out); });
    }
    cl_status add_badge(std::nothrow_t, const char *name, const cl_badge_def &def, std::int32_t &kind) noexcept {
        return cl_layout_add_badge(get(), name, &def, &kind);
    }
    std::int32_t add_badge(const char *name, const cl_badge_def &def) {
        return value<std::int32_t>([&](auto &out) { return add_badge(std::nothrow, name, def, out); });
    }

    // -- Executor: the host's threads for the big passes (nullptr: serial, the default)
    cl_status set_executor(std::nothrow_t, const cl_executor *executor) noexcept {
        return cl_layout_set_executor(get(), executor);
    }
    void set_executor(const cl_executor *executor) { check(set_executor(std::nothrow, executor)); }

    // -- Viewport, content insets, display scale
    cl_status set_viewport(std::nothrow_t, cl_rect viewport) noexcept {
        return cl_layout_set_viewport(get(), viewport);
    }
    void set_viewport(cl_rect viewport) { check(set_viewport(std::nothrow, viewport)); }
    cl_status viewport(std::nothrow_t, cl_rect &out) const noexcept {
        return cl_layout_viewport(get(), &out);
    }
    cl_rect viewport() const {
        return value<cl_rect>([&](auto &out) { return viewport(std::nothrow, out); });
    }
    cl_status set_content_insets(std::nothrow_t, cl_insets insets) noexcept {
        return cl_layout_set_content_insets(get(), insets);
    }
    void set_content_insets(cl_insets insets) { check(set_content_insets(std::nothrow, insets)); }
    cl_status content_insets(std::nothrow_t, cl_insets &out) const noexcept {
        return cl_layout_content_insets(get(), &out);
    }
    cl_insets content_insets() const {
        return value<cl_insets>([&](auto &out) { return content_insets(std::nothrow, out); });
    }
    cl_status set_display_scale(std::nothrow_t, double scale) noexcept {
        return cl_layout_set_display_scale(get(), scale);
    }
    void set_display_scale(double scale) { check(set_display_scale(std::nothrow, scale)); }
    cl_status display_scale(std::nothrow_t, double &out) const noexcept {
        return cl_layout_display_scale(get(), &out);
    }
    double display_scale() const {
        return value<double>([&](auto &out) { return display_scale(std::nothrow, out); });
    }
    cl_status set_layout_direction(std::nothrow_t, int32_t direction) noexcept {
        return cl_layout_set_layout_direction(get(), direction);
    }
    void set_layout_direction(int32_t direction) { check(set_layout_direction(std::nothrow, direction)); }
    cl_status layout_direction(std::nothrow_t, int32_t &out) const noexcept {
        return cl_layout_layout_direction(get(), &out);
    }
    int32_t layout_direction() const {
        return value<int32_t>([&](auto &out) { return layout_direction(std::nothrow, out); });
    }
    /* A collapsing layout header (SPEC §18; cl_layout_set_collapse and friends). */
    cl_status set_collapse(std::nothrow_t, std::int32_t mode, std::int32_t flags, double min) noexcept {
        return cl_layout_set_collapse(get(), mode, flags, min);
    }
    void set_collapse(std::int32_t mode, std::int32_t flags = 0, double min = 0) {
        check(set_collapse(std::nothrow, mode, flags, min));
    }
    cl_status collapse(std::nothrow_t, cl_collapse &out) const noexcept {
        return cl_layout_collapse(get(), &out, sizeof out);
    }
    cl_collapse collapse() const {
        return value<cl_collapse>([&](auto &out) { return collapse(std::nothrow, out); });
    }
    cl_status set_collapse_shrink(std::nothrow_t, double shrink) noexcept { return cl_layout_set_collapse_shrink(get(), shrink); }
    void set_collapse_shrink(double shrink) { check(set_collapse_shrink(std::nothrow, shrink)); }
    cl_status target_collapse(std::nothrow_t, double target_offset, cl_collapse &out) const noexcept {
        return cl_layout_target_collapse(get(), target_offset, &out, sizeof out);
    }
    cl_collapse target_collapse(double target_offset) const {
        return value<cl_collapse>([&](auto &out) { return target_collapse(std::nothrow, target_offset, out); });
    }
    /* The layout's own header and footer (SPEC §17.2; cl_layout_set_global_header_footer). */
    cl_status set_global_header_footer(std::nothrow_t, double header, double footer, bool pin_header,
                                       bool pin_footer) noexcept {
        return cl_layout_set_global_header_footer(get(), header, footer, pin_header ? 1 : 0, pin_footer ? 1 : 0);
    }
    void set_global_header_footer(double header, double footer, bool pin_header = false, bool pin_footer = false) {
        check(set_global_header_footer(std::nothrow, header, footer, pin_header, pin_footer));
    }
    cl_status global_header_footer(std::nothrow_t, double &header, double &footer, bool &pin_header,
                                   bool &pin_footer) const noexcept {
        int32_t ph = 0, pf = 0;
        cl_status status = cl_layout_global_header_footer(get(), &header, &footer, &ph, &pf);
        pin_header = ph != 0;
        pin_footer = pf != 0;
        return status;
    }

    // -- Invalidation
    cl_status invalidate(std::nothrow_t) noexcept { return cl_layout_invalidate(get()); }
    void invalidate() { check(invalidate(std::nothrow)); }
    cl_status invalidate_items(std::nothrow_t, view<const cl_index_path> items) noexcept {
        return cl_layout_invalidate_items(get(), items.data(), static_cast<std::int64_t>(items.size()));
    }
    void invalidate_items(view<const cl_index_path> items) { check(invalidate_items(std::nothrow, items)); }
    cl_status invalidate_sections(std::nothrow_t, view<const std::int64_t> sections) noexcept {
        return cl_layout_invalidate_sections(get(), sections.data(),
                                             static_cast<std::int64_t>(sections.size()));
    }
    void invalidate_sections(view<const std::int64_t> sections) {
        check(invalidate_sections(std::nothrow, sections));
    }

    // -- Queries
    cl_status content_size(std::nothrow_t, cl_size &out) const noexcept {
        return cl_layout_content_size(get(), &out);
    }
    cl_size content_size() const {
        return value<cl_size>([&](auto &out) { return content_size(std::nothrow, out); });
    }
    cl_status section_count(std::nothrow_t, std::int64_t &out) const noexcept {
        return cl_layout_section_count(get(), &out);
    }
    std::int64_t section_count() const {
        return value<std::int64_t>([&](auto &out) { return section_count(std::nothrow, out); });
    }
    cl_status item_count(std::nothrow_t, std::int64_t section, std::int64_t &out) const noexcept {
        return cl_layout_item_count(get(), section, &out);
    }
    std::int64_t item_count(std::int64_t section) const {
        return value<std::int64_t>([&](auto &out) { return item_count(std::nothrow, section, out); });
    }

    // Into the layout's reused buffer: the view is valid until the next elements_in_rect.
    cl_status elements_in_rect(std::nothrow_t, cl_rect rect, view<const cl_attributes> &out) const {
        return detail::fill(
            elements_, out, [&](cl_attributes *data, std::int64_t capacity, std::int64_t *count) {
                return cl_layout_elements_in_rect(get(), rect, data, capacity, sizeof(cl_attributes), count);
            });
    }
    view<const cl_attributes> elements_in_rect(cl_rect rect) const {
        return value<view<const cl_attributes>>(
            [&](auto &out) { return elements_in_rect(std::nothrow, rect, out); });
    }
    // Into the caller's buffer; `count` is the needed count when it is too small
    // (CL_ERROR_BUFFER_TOO_SMALL). An empty buffer only counts.
    cl_status elements_in_rect(std::nothrow_t, cl_rect rect, view<cl_attributes> buffer,
                               std::int64_t &count) const noexcept {
        return cl_layout_elements_in_rect(get(), rect, buffer.data(),
                                          static_cast<std::int64_t>(buffer.size()), sizeof(cl_attributes),
                                          &count);
    }
    view<cl_attributes> elements_in_rect(cl_rect rect, view<cl_attributes> buffer) const {
        std::int64_t count = 0;
        check(elements_in_rect(std::nothrow, rect, buffer, count));
        return view<cl_attributes>(buffer.data(), static_cast<std::size_t>(count));
    }

    cl_status attributes(std::nothrow_t, std::int32_t category, std::int32_t kind, std::int64_t section,
                         std::int64_t item, cl_attributes &out) const noexcept {
        return cl_layout_attributes(get(), category, kind, section, item, &out, sizeof out);
    }
    cl_attributes attributes(std::int32_t category, std::int32_t kind, std::int64_t section,
                             std::int64_t item) const {
        return value<cl_attributes>(
            [&](auto &out) { return attributes(std::nothrow, category, kind, section, item, out); });
    }
    cl_attributes cell(cl_index_path item) const {
        return attributes(CL_CATEGORY_CELL, CL_KIND_CELL, item.section, item.item);
    }

    // Hit-testing: the topmost element at (x, y), if any (categories: CL_HIT_CELLS or CL_HIT_ALL).
    cl_status element_at(std::nothrow_t, double x, double y, std::int32_t categories,
                         std::optional<cl_attributes> &out) const noexcept {
        std::int32_t found = 0;
        cl_attributes attributes{};
        cl_status status =
            cl_layout_element_at(get(), x, y, categories, &found, &attributes, sizeof attributes);
        out = status == CL_OK && found ? std::optional<cl_attributes>(attributes) : std::nullopt;
        return status;
    }
    std::optional<cl_attributes> element_at(double x, double y,
                                            std::int32_t categories = CL_HIT_CELLS) const {
        return value<std::optional<cl_attributes>>(
            [&](auto &out) { return element_at(std::nothrow, x, y, categories, out); });
    }

    // The elements that enter and leave the view from `from` to `to`, in two reused buffers
    // (valid until the next viewport_changes).
    cl_status viewport_changes(std::nothrow_t, cl_rect from, cl_rect to,
                               collectionlayout::viewport_changes &out) const {
        std::int64_t entered = 0, left = 0;
        auto ask = [&] {
            return cl_layout_viewport_changes(
                get(), from, to, entered_.data(), static_cast<std::int64_t>(entered_.size()), &entered,
                left_.data(), static_cast<std::int64_t>(left_.size()), &left, sizeof(cl_attributes));
        };
        cl_status status = ask();
        bool counted_only = status == CL_OK && (entered > static_cast<std::int64_t>(entered_.size()) ||
                                                left > static_cast<std::int64_t>(left_.size()));
        if (status == CL_ERROR_BUFFER_TOO_SMALL || counted_only) {
            entered_.resize(static_cast<std::size_t>(entered));
            left_.resize(static_cast<std::size_t>(left));
            status = ask();
        }
        bool ok = status == CL_OK;
        out.entered = view<const cl_attributes>(entered_.data(), ok ? static_cast<std::size_t>(entered) : 0);
        out.left = view<const cl_attributes>(left_.data(), ok ? static_cast<std::size_t>(left) : 0);
        return status;
    }
    collectionlayout::viewport_changes viewport_changes(cl_rect from, cl_rect to) const {
        return value<collectionlayout::viewport_changes>(
            [&](auto &out) { return viewport_changes(std::nothrow, from, to, out); });
    }

    // -- Orthogonal sections
    cl_status set_section_offset(std::nothrow_t, std::int64_t section, double offset) noexcept {
        return cl_layout_set_section_offset(get(), section, offset);
    }
    void set_section_offset(std::int64_t section, double offset) {
        check(set_section_offset(std::nothrow, section, offset));
    }
    cl_status section_scroll(std::nothrow_t, std::int64_t section, cl_section_scroll &out) const noexcept {
        return cl_layout_section_scroll(get(), section, &out, sizeof out);
    }
    cl_section_scroll section_scroll(std::int64_t section) const {
        return value<cl_section_scroll>(
            [&](auto &out) { return section_scroll(std::nothrow, section, out); });
    }
    cl_status section_target_offset(std::nothrow_t, std::int64_t section, double proposed, double velocity,
                                    std::int32_t snapping, double deceleration_rate,
                                    double &out) const noexcept {
        return cl_layout_section_target_offset(get(), section, proposed, velocity, snapping,
                                               deceleration_rate, &out);
    }
    double section_target_offset(std::int64_t section, double proposed, double velocity,
                                 std::int32_t snapping,
                                 double deceleration_rate = CL_DECELERATION_NORMAL) const {
        return value<double>([&](auto &out) {
            return section_target_offset(std::nothrow, section, proposed, velocity, snapping,
                                         deceleration_rate, out);
        });
    }

    // -- Self-sizing, target content offset, scrolling to an element
    cl_status set_item_sizes(std::nothrow_t, view<const cl_item_size> sizes, cl_size_change &out) noexcept {
        return cl_layout_set_item_sizes(get(), sizes.data(), static_cast<std::int64_t>(sizes.size()), &out,
                                        sizeof out);
    }
    cl_size_change set_item_sizes(view<const cl_item_size> sizes) {
        return value<cl_size_change>([&](auto &out) { return set_item_sizes(std::nothrow, sizes, out); });
    }
    cl_status target_content_offset(std::nothrow_t, double proposed, double velocity, std::int32_t snapping,
                                    double deceleration_rate, double &out) const noexcept {
        return cl_layout_target_content_offset(get(), proposed, velocity, snapping, deceleration_rate, &out);
    }
    double target_content_offset(double proposed, double velocity, std::int32_t snapping,
                                 double deceleration_rate = CL_DECELERATION_NORMAL) const {
        return value<double>([&](auto &out) {
            return target_content_offset(std::nothrow, proposed, velocity, snapping, deceleration_rate, out);
        });
    }
    cl_status scroll_to_element(std::nothrow_t, std::int32_t category, std::int32_t kind,
                                std::int64_t section, std::int64_t item, std::int32_t position,
                                cl_rect &out) const noexcept {
        return cl_layout_scroll_to_element(get(), category, kind, section, item, position, &out);
    }
    cl_rect scroll_to_element(std::int32_t category, std::int32_t kind, std::int64_t section,
                              std::int64_t item, std::int32_t position) const {
        return value<cl_rect>([&](auto &out) {
            return scroll_to_element(std::nothrow, category, kind, section, item, position, out);
        });
    }

    // -- Scroll physics
    cl_status fling(std::nothrow_t, const cl_fling_def &def, cl_fling &out) const noexcept {
        return cl_layout_fling(get(), &def, &out, sizeof out);
    }
    cl_fling fling(const cl_fling_def &def) const {
        return value<cl_fling>([&](auto &out) { return fling(std::nothrow, def, out); });
    }
    cl_status rubber_band(std::nothrow_t, std::int64_t section, double offset, double &out) const noexcept {
        return cl_layout_rubber_band(get(), section, offset, &out);
    }
    double rubber_band(std::int64_t section, double offset) const {
        return value<double>([&](auto &out) { return rubber_band(std::nothrow, section, offset, out); });
    }

    // -- Focus navigation and prefetch (SPEC §13, §14): answers, the layout does not change
    cl_status focus(std::nothrow_t, const cl_focus_request &request, cl_focus_answer &out) const noexcept {
        return cl_layout_focus(get(), &request, &out, sizeof out);
    }
    cl_focus_answer focus(const cl_focus_request &request) const {
        return value<cl_focus_answer>([&](auto &out) { return focus(std::nothrow, request, out); });
    }
    cl_status prefetch(std::nothrow_t, const cl_prefetch_request &request, prefetch_answer &out) const {
        return detail::fill(prefetched_, out.elements,
                            [&](cl_prefetch_element *data, std::int64_t capacity, std::int64_t *count) {
                                return cl_layout_prefetch(get(), &request, &out.before, &out.after, data, capacity,
                                                          sizeof(cl_prefetch_element), count);
                            });
    }
    prefetch_answer prefetch(const cl_prefetch_request &request) const {
        return value<prefetch_answer>([&](auto &out) { return prefetch(std::nothrow, request, out); });
    }

    // -- Batch updates and their answers (readable until the layout's next change)
    cl_status perform_batch_update(std::nothrow_t, const cl_batch_update &update,
                                   cl_update_summary &out) noexcept {
        return cl_layout_perform_batch_update(get(), &update, &out, sizeof out);
    }
    cl_update_summary perform_batch_update(const cl_batch_update &update) {
        return value<cl_update_summary>(
            [&](auto &out) { return perform_batch_update(std::nothrow, update, out); });
    }
    cl_status update_new_section(std::nothrow_t, std::int64_t old_section, std::int64_t &out) const noexcept {
        return cl_layout_update_new_section(get(), old_section, &out);
    }
    std::int64_t update_new_section(std::int64_t old_section) const {
        return value<std::int64_t>(
            [&](auto &out) { return update_new_section(std::nothrow, old_section, out); });
    }
    cl_status update_old_section(std::nothrow_t, std::int64_t new_section, std::int64_t &out) const noexcept {
        return cl_layout_update_old_section(get(), new_section, &out);
    }
    std::int64_t update_old_section(std::int64_t new_section) const {
        return value<std::int64_t>(
            [&](auto &out) { return update_old_section(std::nothrow, new_section, out); });
    }
    cl_status update_new_item(std::nothrow_t, cl_index_path old_item, cl_index_path &out) const noexcept {
        return cl_layout_update_new_item(get(), old_item, &out);
    }
    cl_index_path update_new_item(cl_index_path old_item) const {
        return value<cl_index_path>([&](auto &out) { return update_new_item(std::nothrow, old_item, out); });
    }
    cl_status update_old_item(std::nothrow_t, cl_index_path new_item, cl_index_path &out) const noexcept {
        return cl_layout_update_old_item(get(), new_item, &out);
    }
    cl_index_path update_old_item(cl_index_path new_item) const {
        return value<cl_index_path>([&](auto &out) { return update_old_item(std::nothrow, new_item, out); });
    }
    // The last update's records, in a reused buffer (valid until the next update_elements).
    cl_status update_elements(std::nothrow_t, view<const cl_element_change> &out) const {
        return detail::fill(
            changes_, out, [&](cl_element_change *data, std::int64_t capacity, std::int64_t *count) {
                return cl_layout_update_elements(get(), data, capacity, sizeof(cl_element_change), count);
            });
    }
    view<const cl_element_change> update_elements() const {
        return value<view<const cl_element_change>>(
            [&](auto &out) { return update_elements(std::nothrow, out); });
    }
    // The supplementary and decoration identities inserted (or deleted) by the last update, in a
    // reused buffer (valid until the next update_identities).
    cl_status update_identities(std::nothrow_t, bool inserted, view<const cl_attributes> &out) const {
        return detail::fill(identities_, out,
                            [&](cl_attributes *data, std::int64_t capacity, std::int64_t *count) {
                                return cl_layout_update_identities(get(), inserted ? 1 : 0, data, capacity,
                                                                   sizeof(cl_attributes), count);
                            });
    }
    view<const cl_attributes> update_identities(bool inserted) const {
        return value<view<const cl_attributes>>(
            [&](auto &out) { return update_identities(std::nothrow, inserted, out); });
    }

    // -- Interactive movement
    cl_status begin_movement(std::nothrow_t, cl_index_path item) noexcept {
        return cl_layout_begin_movement(get(), item);
    }
    void begin_movement(cl_index_path item) { check(begin_movement(std::nothrow, item)); }
    cl_status update_movement(std::nothrow_t, double x, double y, cl_index_path &target) noexcept {
        return cl_layout_update_movement(get(), x, y, &target);
    }
    cl_index_path update_movement(double x, double y) {
        return value<cl_index_path>([&](auto &out) { return update_movement(std::nothrow, x, y, out); });
    }
    cl_status movement(std::nothrow_t, movement_state &out) const noexcept {
        std::int32_t moving = 0;
        cl_status status = cl_layout_movement(get(), &moving, &out.origin, &out.target);
        out.moving = moving != 0;
        return status;
    }
    movement_state movement() const {
        return value<movement_state>([&](auto &out) { return movement(std::nothrow, out); });
    }
    cl_status commit_movement(std::nothrow_t, cl_update_summary &out) noexcept {
        return cl_layout_commit_movement(get(), &out, sizeof out);
    }
    cl_update_summary commit_movement() {
        return value<cl_update_summary>([&](auto &out) { return commit_movement(std::nothrow, out); });
    }
    cl_status cancel_movement(std::nothrow_t) noexcept { return cl_layout_cancel_movement(get()); }
    void cancel_movement() { check(cancel_movement(std::nothrow)); }

private:
    cl_status open(const cl_layout_def &def, data_source source) {
        state_ = std::make_unique<detail::source_state>();
        state_->source = std::move(source);
        cl_data_source c = state_->c_source();
        cl_layout *handle = nullptr;
        cl_status status = cl_layout_create(&def, &c, &handle);
        handle_.reset(handle);
        return status;
    }
    void check(cl_status status) const {
        if (status == CL_OK) return;
        if (state_) state_->raise(status, last_error());
        detail::raise(status, last_error());
    }
    // The throwing form: runs the non-throwing one as call(out) and returns out.
    template <class Out, class Call>
    Out value(Call &&call) const {
        Out out{};
        check(call(out));
        return out;
    }

    // Declared before the handle so that the handle is destroyed first: its callbacks' state
    // must outlive it.
    std::unique_ptr<detail::source_state> state_;
    detail::unique_handle<cl_layout, cl_layout_destroy> handle_;
    // Reused result buffers (queries are const: they change no layout state).
    mutable std::vector<cl_attributes> elements_, entered_, left_, identities_;
    mutable std::vector<cl_element_change> changes_;
    mutable std::vector<cl_prefetch_element> prefetched_;
};

// ---- Transitions -------------------------------------------------------------------------

class transition {
public:
    transition() noexcept = default;
    explicit transition(cl_transition *adopt) noexcept : handle_(adopt) {}
    transition(const layout &from, const layout &to) { detail::check(create(std::nothrow, from, to, *this)); }
    static cl_status create(std::nothrow_t, const layout &from, const layout &to, transition &out) noexcept {
        cl_transition *handle = nullptr;
        cl_status status = cl_transition_create(from.get(), to.get(), &handle);
        if (status == CL_OK) out = transition(handle);
        return status;
    }

    cl_transition *get() const noexcept { return handle_.get(); }
    cl_transition *release() noexcept { return handle_.release(); }
    explicit operator bool() const noexcept { return get() != nullptr; }

    // Into the transition's reused buffer (valid until the next elements_in_rect).
    cl_status elements_in_rect(std::nothrow_t, double t, cl_rect rect, view<const cl_attributes> &out) const {
        return detail::fill(elements_, out,
                            [&](cl_attributes *data, std::int64_t capacity, std::int64_t *count) {
                                return cl_transition_elements_in_rect(get(), t, rect, data, capacity,
                                                                      sizeof(cl_attributes), count);
                            });
    }
    view<const cl_attributes> elements_in_rect(double t, cl_rect rect) const {
        view<const cl_attributes> out;
        detail::check(elements_in_rect(std::nothrow, t, rect, out));
        return out;
    }
    cl_status viewport(std::nothrow_t, cl_rect &out) const noexcept {
        return cl_transition_viewport(get(), &out);
    }
    cl_rect viewport() const {
        cl_rect out{};
        detail::check(viewport(std::nothrow, out));
        return out;
    }
    cl_status kind_name(std::nothrow_t, std::int32_t kind, const char *&out) const noexcept {
        return cl_transition_kind_name(get(), kind, &out);
    }
    const char *kind_name(std::int32_t kind) const {
        const char *out = nullptr;
        detail::check(kind_name(std::nothrow, kind, out));
        return out;
    }

private:
    detail::unique_handle<cl_transition, cl_transition_destroy> handle_;
    mutable std::vector<cl_attributes> elements_;
};

// ---- Diffs -------------------------------------------------------------------------------

// The batch update that turns one side into the other; its arrays belong to the diff.
class diff {
public:
    diff() noexcept = default;
    diff(const cl_diff_side &old_side, const cl_diff_side &new_side) {
        detail::check(create(std::nothrow, old_side, new_side, *this));
    }
    // With the host's executor (nullptr: serial); the update is the same.
    diff(const cl_diff_side &old_side, const cl_diff_side &new_side, const cl_executor *executor) {
        detail::check(create(std::nothrow, old_side, new_side, executor, *this));
    }
    static cl_status create(std::nothrow_t, const cl_diff_side &old_side, const cl_diff_side &new_side,
                            diff &out) noexcept {
        diff made;
        cl_diff *handle = nullptr;
        cl_status status = cl_diff_create(&old_side, &new_side, &handle, &made.update_);
        if (status != CL_OK) return status;
        made.handle_.reset(handle);
        out = std::move(made);
        return CL_OK;
    }
    static cl_status create(std::nothrow_t, const cl_diff_side &old_side, const cl_diff_side &new_side,
                            const cl_executor *executor, diff &out) noexcept {
        diff made;
        cl_diff *handle = nullptr;
        cl_status status = cl_diff_create_with_executor(&old_side, &new_side, executor, &handle, &made.update_);
        if (status != CL_OK) return status;
        made.handle_.reset(handle);
        out = std::move(made);
        return CL_OK;
    }

    cl_diff *get() const noexcept { return handle_.get(); }
    cl_diff *release() noexcept { return handle_.release(); }
    explicit operator bool() const noexcept { return get() != nullptr; }
    // Pass it to layout::perform_batch_update as it is; valid while the diff is.
    const batch_update &update() const noexcept { return update_; }

private:
    detail::unique_handle<cl_diff, cl_diff_destroy> handle_;
    batch_update update_;
};

// ---- A fling's samples (no layout needed) ------------------------------------------------

inline cl_status sample(std::nothrow_t, const cl_fling &fling, double t, fling_sample &out) noexcept {
    return cl_fling_sample(&fling, t, &out.offset, &out.velocity);
}
inline fling_sample sample(const cl_fling &fling, double t) {
    fling_sample out;
    detail::check(sample(std::nothrow, fling, t, out));
    return out;
}

} // namespace collectionlayout

#endif // COLLECTIONLAYOUT_HPP
