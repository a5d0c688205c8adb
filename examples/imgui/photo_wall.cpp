// photo_wall.cpp — CollectionLayout in Dear ImGui: a 100,000-item photo wall laid out by the
// engine through the C++ layer (include/collectionlayout.hpp) and drawn with ImGui's draw list
// from one rect query per frame; SDL2 and its SDL_Renderer under ImGui's backends.
//
//   - 2,000 sections of 50 photos, section s of kind s % 4: a flow of mixed widths, a sideways
//     shelf (an orthogonal section), a 6-column grid, a 5-column waterfall of mixed heights;
//   - headers pinned to the top; a separator (an inline element) every 20 photos in flows, grids
//     and waterfalls; a background behind every section (a decoration);
//   - arrow keys and a game controller's d-pad move a focus ring (layout::focus: a move back
//     retraces the last one, shelves remember their photo) and the view scrolls to show it (the
//     answer's viewport and section offset);
//   - the mouse wheel, PageUp/PageDown and the left stick fling (layout::fling, sampled each
//     frame with collectionlayout::sample) and snap: the wheel and the stick to a line, the page
//     keys to a page (target content offsets); a drag with the left button follows the pointer and
//     rubber-bands past the ends (layout::rubber_band), and its release flings or springs back;
//   - the elements to prepare next (layout::prefetch, with the fling's velocity) are outlined
//     faintly in the panel's map of the viewport;
//   - Insert, Delete and Shuffle buttons: batch updates whose records (from and to attributes)
//     animate the photos; a flow <-> grid switch animated by a transition between two layouts;
//     a photo dragged with the right button reorders (interactive movement).
//
// The panel shows the frame time and the library's own time per frame (every library call timed
// with std::chrono). Escape quits.
//
//   make examples && build/examples/imgui_photo_wall
//   build/examples/imgui_photo_wall --headless --screenshots build/imgui
//
// --headless: SDL's dummy video driver and the software renderer, a clock of 16 ms per frame and
// a fixed script (wheel flings, a drag and release, a drag past the top, a photo dragged to
// another place, a switch to grids and back, a focus path of d-pad and arrow moves, then Insert,
// Shuffle and Delete); writes three screenshots (BMP) into the directory, prints the focus path
// and the mean and largest library time per frame (the frames that change the layout apart), and
// exits 0. Tests/examples/check_imgui.py checks that run. Against an installed copy (Debian's
// libimgui-dev ships the SDL_Renderer backend as source only):
//
//   backends=/usr/share/doc/libimgui-dev/examples/backends
//   c++ -std=c++17 photo_wall.cpp $backends/imgui_impl_sdlrenderer.cpp -I/usr/include/imgui/backends
//       $(pkg-config --cflags --libs collectionlayout imgui sdl2)        (one line)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <SDL.h>
#include <imgui.h>
#include <backends/imgui_impl_sdl.h>
#include <backends/imgui_impl_sdlrenderer.h>

#include "collectionlayout.hpp"

namespace cl = collectionlayout;

// ---- The data ------------------------------------------------------------------------------

constexpr int SECTIONS = 2000, ITEMS = 50, SEPARATOR_EVERY = 20;
constexpr int WIDTH = 960, HEIGHT = 640, PANEL = 300; // the window; the panel on its right
enum { FLOW, SHELF, GRID, WATERFALL };                  // section s is kind s % 4
const char *const KIND_NAMES[] = {"flow", "shelf", "grid", "waterfall"};
const char *const USER_KINDS[] = {"background", "separator"}; // ids CL_KIND_FIRST_USER + i
constexpr std::int32_t BACKGROUND = CL_KIND_FIRST_USER, SEPARATOR = CL_KIND_FIRST_USER + 1;

int section_kind(std::int64_t section) { return static_cast<int>(section % 4); }
bool is_shelf(std::int64_t section) { return section_kind(section) == SHELF; }

// A photo's size (and colour) follow its id, not its place: a photo keeps them when it moves.
cl_size photo_size(std::int64_t section, std::int64_t item) {
    const double h = static_cast<double>((37 * item + 11 * section) % 60);
    switch (section_kind(section)) {
    case FLOW: return {50 + h, 56};
    case SHELF: return {70 + h, 84};
    case GRID: return {0, 50 + static_cast<double>((item % 3) * 14)};
    default: return {0, 40 + static_cast<double>((53 * item + 17 * section) % 70)};
    }
}

// The photos of each section, by id (ids 0..ITEMS-1 at first; inserted ones get new ids).
using photo_ids = std::vector<std::vector<std::int32_t>>;

// `grid`: every section that is no shelf a grid (the other look of the flow <-> grid switch).
cl::layout make_wall(double width, double height, const photo_ids &photos, bool grid) {
    cl::layout_def def;
    def.viewport = {0, 0, width, height};
    def.insets = {12, 14, 12, 14};
    def.line_spacing = 8;
    def.interitem_spacing = 8;
    def.header = 28;
    def.pin_headers = 1;
    def.kinds = USER_KINDS;
    def.kind_count = 2;
    cl::data_source source;
    source.section_count = [] { return std::int64_t{SECTIONS}; };
    source.item_count = [&photos](std::int64_t section) {
        return static_cast<std::int64_t>(photos[static_cast<std::size_t>(section)].size());
    };
    source.item_sizes = [&photos](std::int64_t section, std::int64_t first, cl::view<cl_size> out) {
        const auto &ids = photos[static_cast<std::size_t>(section)];
        for (std::size_t n = 0; n < out.size(); n++)
            out[n] = photo_size(section, ids[static_cast<std::size_t>(first) + n]);
    };
    source.section_metrics = [grid](std::int64_t section, cl_section_metrics &metrics) {
        switch (grid && !is_shelf(section) ? GRID : section_kind(section)) {
        case FLOW: metrics.style = CL_STYLE_FLOW; break;
        case SHELF: metrics.style = CL_STYLE_ORTHOGONAL; metrics.rows = 1; break;
        case GRID: metrics.style = CL_STYLE_GRID; metrics.columns = 6; break;
        default: metrics.style = CL_STYLE_WATERFALL; metrics.columns = 5; break;
        }
    };
    source.inline_elements = [&photos](std::int64_t section, std::vector<cl_inline_element> &out) {
        if (is_shelf(section)) return; // an orthogonal section has none
        const auto count = static_cast<std::int64_t>(photos[static_cast<std::size_t>(section)].size());
        for (std::int64_t before = SEPARATOR_EVERY; before < count; before += SEPARATOR_EVERY)
            out.push_back({SEPARATOR, 0, before, 14});
    };
    cl::layout wall(def, std::move(source));
    cl::decoration_def background;
    background.coverage = CL_COVERAGE_BODY;
    background.insets = {4, 6, 4, 6};
    background.z = -1;
    wall.add_decoration("background", background);
    return wall;
}

// ---- The library's time ----------------------------------------------------------------------

// Every library call of a frame runs through timed(): the sum is the layout's own time. Frames
// that change the layout (a batch update, a new layout for the flow <-> grid switch, a drag to
// reorder) are counted apart from those that only query and scroll.
struct library_clock {
    double frame = 0, total = 0, largest = 0; // seconds
    long frames = 0;
    bool changing = false; // this frame changes the layout
    double changing_largest = 0;
    long changing_frames = 0;
    template <class Call>
    auto operator()(Call &&call) {
        const auto start = std::chrono::steady_clock::now();
        struct add {
            library_clock *clock;
            std::chrono::steady_clock::time_point start;
            ~add() { clock->frame += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); }
        } adding{this, start};
        return call();
    }
    void end_frame() {
        if (changing) {
            changing_largest = std::max(changing_largest, frame);
            changing_frames++;
        } else {
            total += frame;
            largest = std::max(largest, frame);
            frames++;
        }
        changing = false;
    }
};

// ---- The app -------------------------------------------------------------------------------

constexpr double WHEEL_VELOCITY = 1200; // points/s per wheel notch

struct motion {
    bool running = false;
    cl_fling fling{};
    double start = 0;
};

constexpr double ANIMATION = 0.4; // s, of a batch update
constexpr double MORPH = 0.3;     // s, of the flow <-> grid transition

struct app {
    photo_ids photos;
    std::int32_t next_id = ITEMS;
    cl::layout wall;
    // The last batch update's records (from and to attributes) and when it began.
    std::vector<cl_element_change> changes;
    double changed_at = -1;
    // The flow <-> grid switch: a transition from the old layout to the new one, its start, and
    // the scroll origins it goes between.
    bool grid = false;
    cl::transition morph;
    double morph_at = -1, morph_from = 0, morph_to = 0;
    library_clock timed;
    cl_rect viewport{};
    double now = 0; // s
    motion screen;
    motion shelves[SECTIONS];
    bool dragging = false;
    bool reordering = false; // a photo dragged with the right button (interactive movement)
    double drag_raw = 0, drag_velocity = 0, drag_time = 0;
    // Focus: the focused cell, the moves made (the top is the history a move may retrace), and per
    // shelf the photo last focused there.
    bool has_focus = false;
    cl_element_id focus{};
    std::vector<std::pair<std::int32_t, cl_element_id>> moves;
    std::vector<cl_index_path> remembered;
    std::string path;
    cl::prefetch_answer prefetched;
    std::size_t drawn = 0;
    std::int64_t records[3] = {-1, -1, -1}; // the headless script's insert, shuffle and delete

    // (While a photo moves to another section the live layout has one more item there.)
    std::int32_t photo(std::int64_t section, std::int64_t item) const {
        const auto &ids = photos[static_cast<std::size_t>(section)];
        return static_cast<std::size_t>(item) < ids.size() ? ids[static_cast<std::size_t>(item)] : 0;
    }

    // A batch update of the first on-screen section that is no shelf: `insert` photos put at its
    // start, or its first `remove` deleted, or its first six reversed (moves). The records animate.
    std::int64_t update(int insert, int remove, bool shuffle) {
        if (reordering) return 0; // the layout changes only by the movement meanwhile
        std::int64_t section = -1;
        for (const cl_attributes &e : timed([&] { return wall.elements_in_rect(viewport); }))
            if (e.category == CL_CATEGORY_CELL && !is_shelf(e.section)) { section = e.section; break; }
        if (section < 0) return 0;
        auto &ids = photos[static_cast<std::size_t>(section)];
        std::vector<cl_index_path> paths;
        std::vector<cl_item_move> moves_made;
        cl::batch_update batch;
        if (insert > 0) {
            for (int n = 0; n < insert; n++) {
                ids.insert(ids.begin() + n, next_id++);
                paths.push_back({section, n});
            }
            batch.insert_items = paths.data();
            batch.insert_item_count = insert;
        } else if (remove > 0 && ids.size() > static_cast<std::size_t>(remove)) {
            ids.erase(ids.begin(), ids.begin() + remove);
            for (int n = 0; n < remove; n++) paths.push_back({section, n});
            batch.delete_items = paths.data();
            batch.delete_item_count = remove;
        } else if (shuffle && ids.size() >= 6) {
            std::reverse(ids.begin(), ids.begin() + 6);
            for (std::int64_t n = 0; n < 6; n++) moves_made.push_back({{section, n}, {section, 5 - n}});
            batch.move_items = moves_made.data();
            batch.move_item_count = 6;
        } else {
            return 0;
        }
        timed.changing = true;
        const cl_update_summary summary = timed([&] { return wall.perform_batch_update(batch); });
        const auto records = timed([&] { return wall.update_elements(); });
        changes.assign(records.begin(), records.end());
        changed_at = now;
        if (has_focus) focus_moved();
        show_origin(summary.viewport.y);
        return summary.element_count;
    }

    // Flow <-> grid: a new layout in the other look, shelves at their offsets; the transition
    // from the old one animates, the new one answers from now on.
    void switch_look() {
        if (reordering) return;
        timed.changing = true;
        cl::layout next = timed([&] { return make_wall(viewport.width, viewport.height, photos, !grid); });
        timed([&] {
            next.set_viewport(viewport);
            for (std::int64_t s = SHELF; s < SECTIONS; s += 4) {
                const double offset = wall.section_scroll(s).offset;
                if (offset != 0) next.set_section_offset(s, offset);
            }
            morph = cl::transition(wall, next);
        });
        const cl_rect target = timed([&] { return morph.viewport(); });
        wall = std::move(next);
        grid = !grid;
        screen.running = false;
        changed_at = -1; // an update's records name the old layout's frames
        morph_at = now;
        morph_from = viewport.y;
        morph_to = target.y;
        show_origin(target.y);
    }

    // Drag to reorder: the right button picks up the photo under the pointer; while it moves the
    // layout answers as if it were at its target; the release commits the move (and animates it).
    void pick_up(double x, double y) {
        const auto hit = timed([&] { return wall.element_at(viewport.x + x, viewport.y + y); });
        if (!hit || (morph_at >= 0 && now < morph_at + MORPH)) return;
        screen.running = false;
        timed.changing = true;
        timed([&] { wall.begin_movement({hit->section, hit->item}); });
        reordering = true;
    }
    void put_down() {
        reordering = false;
        const cl::movement_state moved = timed([&] { return wall.movement(); });
        timed.changing = true;
        timed([&] { wall.commit_movement(); });
        if (moved.target.section >= 0 && (moved.target.section != moved.origin.section || moved.target.item != moved.origin.item)) {
            auto &from = photos[static_cast<std::size_t>(moved.origin.section)];
            const std::int32_t id = from[static_cast<std::size_t>(moved.origin.item)];
            from.erase(from.begin() + moved.origin.item);
            auto &to = photos[static_cast<std::size_t>(moved.target.section)];
            to.insert(to.begin() + moved.target.item, id);
            reordered++;
        }
        const auto records = timed([&] { return wall.update_elements(); });
        changes.assign(records.begin(), records.end());
        changed_at = now;
        if (has_focus) focus_moved();
    }
    int reordered = 0;

    // After an update the focused photo may have another index path (or be gone).
    void focus_moved() {
        const cl_index_path moved = timed([&] { return wall.update_new_item({focus.section, focus.item}); });
        if (moved.section < 0 || moved.item < 0) {
            has_focus = false;
            moves.clear();
            return;
        }
        focus.section = moved.section;
        focus.item = moved.item;
        moves.clear(); // the history's sources named the old index paths
    }

    void show_origin(double y) {
        viewport.y = std::round(y);
        timed([&] { wall.set_viewport(viewport); });
    }

    double velocity_now(const motion &m) {
        if (!m.running) return 0;
        return timed([&] { return cl::sample(m.fling, now - m.start).velocity; });
    }

    // A fling of the screen (shelf -1) or of a shelf, adding a running fling's velocity.
    void fling(std::int64_t shelf, double velocity, std::int32_t snapping) {
        if (reordering) return;
        motion &m = shelf < 0 ? screen : shelves[shelf];
        velocity += velocity_now(m);
        cl::fling_def def;
        def.velocity = velocity;
        def.snapping = snapping;
        def.section = shelf;
        m.fling = timed([&] { return wall.fling(def); });
        m.start = now;
        m.running = true;
    }

    void tick(double time) {
        now = time;
        for (std::int64_t s = -1; s < SECTIONS; s++) {
            motion &m = s < 0 ? screen : shelves[s];
            if (!m.running) continue;
            const cl::fling_sample at = timed([&] { return cl::sample(m.fling, now - m.start); });
            if (s < 0) show_origin(at.offset);
            else timed([&] { wall.set_section_offset(s, at.offset); });
            m.running = now - m.start < m.fling.rest_time;
        }
    }

    void move_focus(std::int32_t direction) {
        if (reordering) return;
        if (!has_focus) { // the first move focuses the first photo on screen
            for (const cl_attributes &e : timed([&] { return wall.elements_in_rect(viewport); }))
                if (e.category == CL_CATEGORY_CELL && !has_focus) {
                    focus = {CL_CATEGORY_CELL, CL_KIND_CELL, e.section, e.item};
                    has_focus = true;
                }
            if (has_focus) note(focus);
            return;
        }
        cl::focus_request request;
        request.direction = direction;
        request.source = focus;
        if (!moves.empty()) {
            request.has_history = 1;
            request.history_direction = moves.back().first;
            request.history_source = moves.back().second;
        }
        request.remembered = remembered.data();
        request.remembered_count = static_cast<std::int64_t>(remembered.size());
        const cl_focus_answer answer = timed([&] { return wall.focus(request); });
        if (!answer.has_target) return;
        if (answer.via == CL_FOCUS_VIA_HISTORY && !moves.empty()) moves.pop_back();
        else moves.emplace_back(direction, focus);
        focus = answer.target;
        if (is_shelf(focus.section)) { // one entry per shelf: its last photo
            remembered.erase(std::remove_if(remembered.begin(), remembered.end(),
                                            [&](const cl_index_path &p) { return p.section == focus.section; }),
                             remembered.end());
            remembered.push_back({focus.section, focus.item});
        }
        screen.running = false;
        show_origin(answer.viewport.y);
        if (answer.has_section_offset) {
            shelves[answer.section].running = false;
            timed([&] { wall.set_section_offset(answer.section, answer.section_offset); });
        }
        note(focus, answer.via);
    }

    // The path as "section.item", marked (h) when the move retraced the history, (r) when a shelf
    // gave its remembered photo.
    void note(const cl_element_id &id, std::int32_t via = CL_FOCUS_VIA_SEARCH) {
        char text[48];
        std::snprintf(text, sizeof text, "%s%lld.%lld%s", path.empty() ? "" : " ", static_cast<long long>(id.section),
                      static_cast<long long>(id.item),
                      via == CL_FOCUS_VIA_HISTORY ? "(h)" : via == CL_FOCUS_VIA_REMEMBERED ? "(r)" : "");
        path += text;
    }

    // One input event, unless ImGui wants it; false to quit.
    bool handle(const SDL_Event &event) {
        const ImGuiIO &io = ImGui::GetIO();
        switch (event.type) {
        case SDL_QUIT: return false;
        case SDL_MOUSEBUTTONDOWN:
            if (event.button.button == SDL_BUTTON_RIGHT && !io.WantCaptureMouse && !reordering &&
                event.button.x < viewport.width)
                pick_up(event.button.x, event.button.y);
            if (event.button.button != SDL_BUTTON_LEFT || reordering || io.WantCaptureMouse || event.button.x >= viewport.width) break;
            dragging = true;
            screen.running = false;
            drag_raw = viewport.y;
            drag_velocity = 0;
            drag_time = now;
            break;
        case SDL_MOUSEMOTION:
            if (reordering) { // the live layout changes with the target
                timed.changing = true;
                timed([&] { wall.update_movement(viewport.x + event.motion.x, viewport.y + event.motion.y); });
            }
            else if (dragging) { // follows the pointer; past the ends it rubber-bands
                const double dy = -event.motion.yrel, dt = std::max(now - drag_time, 0.008);
                drag_raw += dy;
                show_origin(timed([&] { return wall.rubber_band(-1, drag_raw); }));
                drag_velocity = dy / dt;
                drag_time = now;
            }
            break;
        case SDL_MOUSEBUTTONUP:
            if (event.button.button == SDL_BUTTON_RIGHT && reordering) put_down();
            if (event.button.button == SDL_BUTTON_LEFT && dragging) {
                dragging = false;
                fling(-1, drag_velocity, CL_SNAP_NONE); // or springs back from past an end
            }
            break;
        case SDL_MOUSEWHEEL:
            if (!io.WantCaptureMouse && event.wheel.y) fling(-1, -event.wheel.y * WHEEL_VELOCITY, CL_SNAP_LINE);
            break;
        case SDL_KEYDOWN:
            if (io.WantCaptureKeyboard) break;
            switch (event.key.keysym.sym) {
            case SDLK_ESCAPE: return false;
            case SDLK_UP: move_focus(CL_FOCUS_UP); break;
            case SDLK_DOWN: move_focus(CL_FOCUS_DOWN); break;
            case SDLK_LEFT: move_focus(CL_FOCUS_LEFT); break;
            case SDLK_RIGHT: move_focus(CL_FOCUS_RIGHT); break;
            case SDLK_PAGEUP: fling(-1, -2000, CL_SNAP_PAGE); break;
            case SDLK_PAGEDOWN: fling(-1, 2000, CL_SNAP_PAGE); break;
            default: break;
            }
            break;
        case SDL_CONTROLLERDEVICEADDED: SDL_GameControllerOpen(event.cdevice.which); break;
        case SDL_CONTROLLERBUTTONDOWN:
            switch (event.cbutton.button) {
            case SDL_CONTROLLER_BUTTON_DPAD_UP: move_focus(CL_FOCUS_UP); break;
            case SDL_CONTROLLER_BUTTON_DPAD_DOWN: move_focus(CL_FOCUS_DOWN); break;
            case SDL_CONTROLLER_BUTTON_DPAD_LEFT: move_focus(CL_FOCUS_LEFT); break;
            case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: move_focus(CL_FOCUS_RIGHT); break;
            default: break;
            }
            break;
        case SDL_CONTROLLERAXISMOTION: // the left stick flings, in proportion to its tilt
            if (event.caxis.axis == SDL_CONTROLLER_AXIS_LEFTY && std::abs(event.caxis.value) > 8000)
                fling(-1, event.caxis.value / 32767.0 * 1500 - velocity_now(screen), CL_SNAP_LINE);
            break;
        default: break;
        }
        return true;
    }
};

// ---- Drawing: what the rect query returns, with ImGui's draw list -----------------------------

const ImU32 CARDS[8] = {IM_COL32(66, 133, 244, 255), IM_COL32(219, 68, 55, 255), IM_COL32(244, 180, 0, 255),
                        IM_COL32(15, 157, 88, 255),  IM_COL32(171, 71, 188, 255), IM_COL32(0, 172, 193, 255),
                        IM_COL32(255, 112, 67, 255), IM_COL32(124, 179, 66, 255)};
const ImU32 SCREEN = IM_COL32(246, 246, 248, 255), HEADER = IM_COL32(38, 50, 56, 255),
            WHITE = IM_COL32(255, 255, 255, 255), FOCUS_RING = IM_COL32(255, 0, 140, 255),
            LINE = IM_COL32(150, 156, 170, 255);
const ImU32 SECTION_FILL[4] = {IM_COL32(227, 234, 242, 255), IM_COL32(240, 232, 222, 255),
                               IM_COL32(230, 240, 228, 255), IM_COL32(238, 230, 244, 255)};

void draw_wall(app &a, ImDrawList *draw) {
    draw->AddRectFilled(ImVec2(0, 0), ImVec2(static_cast<float>(a.viewport.width), static_cast<float>(a.viewport.height)),
                        SCREEN);
    // During the flow <-> grid switch the transition gives the elements, at a scroll origin
    // between the two layouts'.
    const double m = a.morph_at < 0 ? 1 : std::min(1.0, (a.now - a.morph_at) / MORPH);
    cl_rect shown = a.viewport;
    if (m < 1) shown.y = a.morph_from + (a.morph_to - a.morph_from) * m * m * (3 - 2 * m);
    const cl::view<const cl_attributes> visible = a.timed([&] {
        return m < 1 ? a.morph.elements_in_rect(m, shown) : a.wall.elements_in_rect(a.viewport);
    });
    // While a batch update animates, its records give the cells: each from its old attributes to
    // its new ones (an inserted one fades in, a deleted one out).
    const double t = a.changed_at < 0 ? 1 : std::min(1.0, (a.now - a.changed_at) / ANIMATION);
    const bool animating = t < 1;
    auto draw_cell = [&](const cl_attributes &e, std::int32_t id, double alpha) {
        const ImVec2 p0(static_cast<float>(e.frame.x - shown.x), static_cast<float>(e.frame.y - shown.y));
        const ImVec2 p1(p0.x + static_cast<float>(e.frame.width), p0.y + static_cast<float>(e.frame.height));
        const ImU32 colour = (CARDS[(e.section * 3 + id) % 8] & ~IM_COL32_A_MASK) |
                             (static_cast<ImU32>(alpha * 255) << IM_COL32_A_SHIFT);
        draw->AddRectFilled(p0, p1, colour, 6);
        char text[48];
        std::snprintf(text, sizeof text, "%lld.%lld", static_cast<long long>(e.section), static_cast<long long>(e.item));
        if (e.frame.width > 48 && alpha > 0.5) draw->AddText(ImVec2(p0.x + 6, p0.y + 4), WHITE, text);
    };
    // lowest z first: decorations (-1), then cells and inline elements (0), then pinned headers (10)
    for (int z : {-1, 0, 10, 100}) { // 100: a photo being dragged
        for (const cl_attributes &e : visible) {
            if (e.hidden || e.z != z) continue;
            const ImVec2 p0(static_cast<float>(e.frame.x - shown.x), static_cast<float>(e.frame.y - shown.y));
            const ImVec2 p1(p0.x + static_cast<float>(e.frame.width), p0.y + static_cast<float>(e.frame.height));
            char text[48];
            if (e.category == CL_CATEGORY_CELL) {
                if (!animating) draw_cell(e, a.photo(e.section, e.item), e.alpha);
            } else if (e.kind == CL_KIND_HEADER) {
                draw->AddRectFilled(p0, p1, HEADER);
                std::snprintf(text, sizeof text, "SECTION %lld: %s", static_cast<long long>(e.section),
                              KIND_NAMES[a.grid && !is_shelf(e.section) ? GRID : section_kind(e.section)]);
                draw->AddText(ImVec2(p0.x + 14, p0.y + 7), WHITE, text);
            } else if (e.kind == SEPARATOR) {
                const float y = (p0.y + p1.y) / 2;
                draw->AddLine(ImVec2(p0.x + 14, y), ImVec2(p1.x - 14, y), LINE, 2);
            } else if (e.kind == BACKGROUND) {
                draw->AddRectFilled(p0, p1, SECTION_FILL[section_kind(e.section)], 10);
            }
        }
    }
    if (animating) {
        const double ease = t * t * (3 - 2 * t);
        for (const cl_element_change &c : a.changes) {
            if (c.to.category != CL_CATEGORY_CELL) continue;
            cl_attributes e = c.to;
            auto mix = [&](double from, double to) { return from + (to - from) * ease; };
            e.frame = {mix(c.from.frame.x, c.to.frame.x), mix(c.from.frame.y, c.to.frame.y),
                       mix(c.from.frame.width, c.to.frame.width), mix(c.from.frame.height, c.to.frame.height)};
            const std::int32_t id = c.has_new ? a.photo(c.to.section, c.to.item) : 0;
            draw_cell(e, id, mix(c.from.alpha, c.to.alpha));
        }
    }
    a.drawn = visible.size();
    if (a.has_focus && m >= 1) { // the ring, 3 points around the focused photo
        const cl_attributes f = a.timed([&] { return a.wall.cell({a.focus.section, a.focus.item}); });
        const ImVec2 p0(static_cast<float>(f.frame.x - a.viewport.x), static_cast<float>(f.frame.y - a.viewport.y));
        draw->AddRect(ImVec2(p0.x - 2, p0.y - 2),
                      ImVec2(p0.x + static_cast<float>(f.frame.width) + 2, p0.y + static_cast<float>(f.frame.height) + 2),
                      FOCUS_RING, 8, 0, 4);
    }
}

// The panel: timings, and a map of the viewport with the prefetch windows' elements outlined.
void draw_panel(app &a, double frame_ms, double width, double height) {
    ImGui::SetNextWindowPos(ImVec2(static_cast<float>(width - PANEL), 0));
    ImGui::SetNextWindowSize(ImVec2(PANEL, static_cast<float>(height)));
    ImGui::Begin("CollectionLayout", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
    const cl_size content = a.timed([&] { return a.wall.content_size(); });
    ImGui::Text("%d photos in %d sections", SECTIONS * ITEMS, SECTIONS);
    ImGui::Text("content %.0f x %.0f points", content.width, content.height);
    ImGui::Text("scrolled to y = %.0f", a.viewport.y);
    ImGui::Text("drawn: %zu elements (one rect query)", a.drawn);
    ImGui::Separator();
    ImGui::Text("frame        %.3f ms", frame_ms);
    ImGui::Text("library      %.3f ms", a.timed.frame * 1e3);
    if (a.timed.frames)
        ImGui::Text("library mean %.3f ms, max %.3f", a.timed.total / static_cast<double>(a.timed.frames) * 1e3,
                    a.timed.largest * 1e3);
    ImGui::Separator();
    if (a.has_focus) ImGui::Text("focus: photo %lld.%lld", static_cast<long long>(a.focus.section),
                                 static_cast<long long>(a.focus.item));
    else ImGui::TextUnformatted("focus: arrows or d-pad");
    ImGui::Text("prefetch: %zu elements", a.prefetched.elements.size());
    if (ImGui::Button("Insert 3")) a.update(3, 0, false);
    ImGui::SameLine();
    if (ImGui::Button("Delete 3")) a.update(0, 3, false);
    ImGui::SameLine();
    if (ImGui::Button("Shuffle 6")) a.update(0, 0, true);
    bool grid = a.grid;
    if (ImGui::Checkbox("Grids for all (an animated transition)", &grid) && a.morph_at + MORPH <= a.now) a.switch_look();
    // The map: the viewport and, faintly, what to prepare before and after it.
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float map_w = PANEL - 24, map_h = 300;
    const double span = a.viewport.height * 3, scale = map_h / span, top = a.viewport.y - a.viewport.height;
    ImDrawList *draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(origin, ImVec2(origin.x + map_w, origin.y + map_h), IM_COL32(30, 30, 36, 255));
    const float fx = static_cast<float>(map_w / a.viewport.width);
    auto map_rect = [&](const cl_rect &r, ImU32 colour, bool filled) {
        const ImVec2 p0(origin.x + static_cast<float>(r.x * fx), origin.y + static_cast<float>((r.y - top) * scale));
        const ImVec2 p1(p0.x + static_cast<float>(r.width * fx), p0.y + static_cast<float>(r.height * scale));
        if (filled) draw->AddRectFilled(p0, p1, colour);
        else draw->AddRect(p0, p1, colour);
    };
    draw->PushClipRect(origin, ImVec2(origin.x + map_w, origin.y + map_h), true);
    map_rect(a.viewport, IM_COL32(80, 90, 120, 255), true);
    for (const cl_prefetch_element &e : a.prefetched.elements)
        map_rect(e.frame, e.urgent ? IM_COL32(255, 200, 120, 160) : IM_COL32(200, 200, 220, 90), false);
    draw->PopClipRect();
    ImGui::Dummy(ImVec2(map_w, map_h));
    ImGui::TextWrapped("Wheel, drag or left stick: fling. Arrows or d-pad: focus. PageUp/PageDown: a page. "
                       "Right-drag a photo: reorder.");
    ImGui::End();
}

// ---- Headless script, screenshots, main loop ---------------------------------------------------

void push_wheel(int y) {
    SDL_Event e{};
    e.type = SDL_MOUSEWHEEL;
    e.wheel.y = y;
    e.wheel.direction = SDL_MOUSEWHEEL_NORMAL;
    SDL_PushEvent(&e);
}
void push_button(Uint32 type, int x, int y, Uint8 button = SDL_BUTTON_LEFT) {
    SDL_Event e{};
    e.type = type;
    e.button.button = button;
    e.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
    e.button.x = x;
    e.button.y = y;
    SDL_PushEvent(&e);
}
void push_motion(int x, int y, int yrel) {
    SDL_Event e{};
    e.type = SDL_MOUSEMOTION;
    e.motion.x = x;
    e.motion.y = y;
    e.motion.yrel = yrel;
    SDL_PushEvent(&e);
}
void push_dpad(Uint8 button) {
    SDL_Event e{};
    e.type = SDL_CONTROLLERBUTTONDOWN;
    e.cbutton.button = button;
    e.cbutton.state = SDL_PRESSED;
    SDL_PushEvent(&e);
}
void push_key(SDL_Keycode key) {
    SDL_Event e{};
    e.type = SDL_KEYDOWN;
    e.key.state = SDL_PRESSED;
    e.key.keysym.sym = key;
    SDL_PushEvent(&e);
}

constexpr int SCRIPT_FRAMES = 300;

// Wheel notches down (flings that add up), a drag up and release (a fling), then from the top a
// drag past the start (the rubber band) that springs back, then a focus path.
void script(app &a, int frame) {
    if (frame == 2 || frame == 4 || frame == 6) push_wheel(-3);
    if (frame == 80) push_button(SDL_MOUSEBUTTONDOWN, 200, 500);
    if (frame > 80 && frame <= 86) push_motion(200, 500 - 30 * (frame - 80), -30);
    if (frame == 87) push_button(SDL_MOUSEBUTTONUP, 200, 320);
    if (frame == 188) push_button(SDL_MOUSEBUTTONDOWN, 130, 65, SDL_BUTTON_RIGHT); // photo 0.1 ...
    if (frame > 188 && frame <= 194) push_motion(130 + 30 * (frame - 188), 65 + 12 * (frame - 188), 0);
    if (frame == 195) push_button(SDL_MOUSEBUTTONUP, 310, 137, SDL_BUTTON_RIGHT); // ... dragged along
    if (frame == 204 || frame == 222) a.switch_look(); // to grids and back (the second screenshot
                                                       // catches the transition)
    if (frame == 150) { // back to the top, then a pull of 300 points past it
        a.screen.running = false;
        a.show_origin(0);
        push_button(SDL_MOUSEBUTTONDOWN, 200, 100);
    }
    if (frame > 150 && frame <= 160) push_motion(200, 100 + 30 * (frame - 150), 30);
    if (frame == 161) push_button(SDL_MOUSEBUTTONUP, 200, 400);
    // The focus path: the d-pad down through the flow into the shelf below it, then the arrow
    // keys into the shelf, along it, down into the grid and back up (the history retraces the
    // move: the same photo again) and along the shelf.
    // Then down into the grid, left, and up: no history for that move, and the shelf gives back
    // the photo it remembers.
    if (frame >= 236 && frame < 260 && (frame - 236) % 3 == 0) push_dpad(SDL_CONTROLLER_BUTTON_DPAD_DOWN);
    static const SDL_Keycode keys[] = {SDLK_DOWN, SDLK_RIGHT, SDLK_DOWN, SDLK_UP, SDLK_RIGHT, SDLK_DOWN, SDLK_LEFT, SDLK_UP};
    if (frame >= 260 && frame < 284 && (frame - 260) % 3 == 0) push_key(keys[(frame - 260) / 3]);
    // Last, the Insert, Shuffle and Delete buttons' updates of the first section on screen: the
    // last screenshot catches the photos sliding and fading.
    if (frame == 290) a.records[0] = a.update(3, 0, false);
    if (frame == 293) a.records[1] = a.update(0, 0, true); // Shuffle 6
    if (frame == 296) a.records[2] = a.update(0, 3, false); // Delete 3
}

bool save_screenshot(SDL_Renderer *renderer, const std::string &path) {
    int w = 0, h = 0;
    SDL_GetRendererOutputSize(renderer, &w, &h);
    SDL_Surface *surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    const bool ok = surface && SDL_RenderReadPixels(renderer, nullptr, SDL_PIXELFORMAT_ARGB8888, surface->pixels,
                                                    surface->pitch) == 0 &&
                    SDL_SaveBMP(surface, path.c_str()) == 0;
    if (!ok) std::fprintf(stderr, "screenshot %s: %s\n", path.c_str(), SDL_GetError());
    SDL_FreeSurface(surface);
    return ok;
}

int main(int argc, char *argv[]) {
    bool headless = false;
    std::string shots = "build/imgui";
    for (int i = 1; i < argc; i++) {
        if (std::strcmp(argv[i], "--headless") == 0) headless = true;
        else if (std::strcmp(argv[i], "--screenshots") == 0 && i + 1 < argc) shots = argv[++i];
        else {
            std::fprintf(stderr, "usage: %s [--headless] [--screenshots DIR]\n", argv[0]);
            return 2;
        }
    }
    if (headless) SDL_setenv("SDL_VIDEODRIVER", "dummy", 0);
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER | SDL_INIT_TIMER) != 0) {
        std::fprintf(stderr, "SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    SDL_Window *window = SDL_CreateWindow("CollectionLayout: ImGui photo wall", SDL_WINDOWPOS_CENTERED,
                                          SDL_WINDOWPOS_CENTERED, WIDTH, HEIGHT, 0);
    SDL_Renderer *renderer =
        window ? SDL_CreateRenderer(window, -1, headless ? SDL_RENDERER_SOFTWARE : SDL_RENDERER_PRESENTVSYNC) : nullptr;
    if (!renderer) {
        std::fprintf(stderr, "SDL: %s\n", SDL_GetError());
        SDL_Quit();
        return 1;
    }
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;
    ImGui::StyleColorsDark();
    ImGui_ImplSDL2_InitForSDLRenderer(window);
    ImGui_ImplSDLRenderer_Init(renderer);

    int status = 0;
    try {
        const double wall_width = WIDTH - PANEL;
        app a;
        a.viewport = {0, 0, wall_width, HEIGHT};
        a.photos.assign(SECTIONS, std::vector<std::int32_t>(ITEMS));
        for (auto &ids : a.photos)
            for (std::int32_t i = 0; i < ITEMS; i++) ids[static_cast<std::size_t>(i)] = i;
        a.wall = a.timed([&] { return make_wall(wall_width, HEIGHT, a.photos, false); });
        std::printf("layout of %d photos in %d sections made in %.1f ms\n", SECTIONS * ITEMS, SECTIONS,
                    a.timed.frame * 1e3);
        a.timed.frame = 0;
        double frame_ms = 0, pulled = 0, furthest = 0;
        bool running = true;
        int written = 0;
        for (int frame = 1; running && (!headless || frame <= SCRIPT_FRAMES); frame++) {
            const auto start = std::chrono::steady_clock::now();
            a.timed.frame = 0;
            if (headless) script(a, frame);
            SDL_Event event;
            while (SDL_PollEvent(&event)) {
                ImGui_ImplSDL2_ProcessEvent(&event);
                running = a.handle(event) && running;
            }
            a.tick(headless ? frame * 0.016 : SDL_GetTicks() / 1000.0);
            pulled = std::max(pulled, -a.viewport.y);
            furthest = std::max(furthest, a.viewport.y);
            cl::prefetch_request request;
            request.velocity = a.velocity_now(a.screen);
            a.prefetched = a.timed([&] { return a.wall.prefetch(request); });

            ImGui_ImplSDLRenderer_NewFrame();
            ImGui_ImplSDL2_NewFrame();
            ImGui::NewFrame();
            draw_wall(a, ImGui::GetBackgroundDrawList());
            draw_panel(a, frame_ms, WIDTH, HEIGHT);
            ImGui::Render();
            a.timed.end_frame();
            SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255);
            SDL_RenderClear(renderer);
            ImGui_ImplSDLRenderer_RenderDrawData(ImGui::GetDrawData());
            frame_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
            if (headless && (frame == 60 || frame == 212 || frame == SCRIPT_FRAMES)) {
                const std::string file = shots + "/photo_wall_" + std::to_string(++written) + ".bmp";
                if (!save_screenshot(renderer, file)) status = 1;
            }
            SDL_RenderPresent(renderer);
        }
        std::printf("%ld frames; at y=%.0f (at most y=%.0f), pulled %.0f points past the start at most (rubber band)\n",
                    a.timed.frames + a.timed.changing_frames, a.viewport.y, furthest, pulled);
        std::printf("focus path: %s\n", a.path.empty() ? "(none)" : a.path.c_str());
        std::printf("reordered: %d photos dragged to another place\n", a.reordered);
        if (a.records[0] >= 0)
            std::printf("insert: %lld records to animate, shuffle: %lld, delete: %lld\n",
                        static_cast<long long>(a.records[0]), static_cast<long long>(a.records[1]),
                        static_cast<long long>(a.records[2]));
        std::printf("library time per frame: mean %.4f ms, max %.4f ms (%d photos; %ld frames of queries, "
                    "scrolling and focus)\n",
                    a.timed.total / static_cast<double>(std::max(a.timed.frames, 1L)) * 1e3, a.timed.largest * 1e3,
                    SECTIONS * ITEMS, a.timed.frames);
        if (a.timed.changing_frames)
            std::printf("frames that changed the layout (batch update, new layout, reorder): %ld, at most %.3f ms\n",
                        a.timed.changing_frames, a.timed.changing_largest * 1e3);
        if (headless) std::printf("screenshots: %d in %s\n", written, shots.c_str());
    } catch (const cl::error &e) { // a call the library refused: a bug of this program
        std::fprintf(stderr, "collectionlayout: %s\n", e.what());
        status = 1;
    }
    ImGui_ImplSDLRenderer_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return status;
}
