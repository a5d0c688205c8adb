/*
 * sdl_gallery.c — CollectionLayout in a C toolkit: an SDL2 window with a vertically scrolling
 * screen of sections, laid out by the engine and drawn from its rect query alone.
 *
 *   - grid sections (CL_STYLE_GRID, 3 columns) on a background decoration, with a banner
 *     across the whole line every 7 items (cl_data_source.item_spans, CL_SPAN_FULL);
 *   - shelves (CL_STYLE_ORTHOGONAL, 1 or 2 rows) that scroll sideways on their own and snap to a
 *     card's edge on release (cl_layout_section_target_offset);
 *   - waterfall sections (CL_STYLE_WATERFALL, 2 columns) of cards of varied heights;
 *   - unread-count badges on every 6th grid and waterfall card (cl_layout_add_badge and the
 *     item_badges callback, SPEC §17.1), half over its top-trailing corner;
 *   - headers pinned to the top while their section scrolls; a background behind every section
 *     and a shadow under the cards of shelves and waterfalls (decoration kinds chosen section by
 *     section in cl_section_metrics);
 *   - a translucent toolbar over the content (cl_layout_def.content_insets): the content starts
 *     below it, headers pin below it, and the content scrolls under it;
 *   - drawn at 2 pixels per point (--scale): the layout's display_scale puts every frame's edges
 *     on whole pixels;
 *   - right to left, live (R, cl_layout_set_layout_direction; --rtl to start so): the library
 *     mirrors every frame, so grid rows start at the right and shelves start at their right end
 *     (a shelf's offset stays logical: it grows as the cards move right). Drags, the wheel, the
 *     focus keys (physical directions) and hit tests work alike in both directions.
 *
 * The data source (sections, sizes, spans, metrics, decorations) is sdl_gallery_data.c.
 *
 * Each frame asks cl_layout_elements_in_rect for the viewport and draws what it returns, lowest z
 * first; nothing else is drawn. Labels use a 3x5 bitmap font built in (SDL2 has no text).
 *
 * Scrolling uses the library's physics (cl_layout_fling, cl_fling_sample, cl_layout_rubber_band):
 * a drag follows the finger and rubber-bands past the ends; a release or a wheel notch starts a
 * fling that decelerates to its target (a shelf's comes to rest on a card's edge) or springs back
 * from past an end. Controls: drag with the left button or turn the wheel; PageUp/PageDown
 * fling one page, Home/End to an end. Over a shelf: drag it sideways, shift+wheel or a
 * horizontal wheel. Arrow keys, Tab and a game controller's d-pad move a focus ring
 * (cl_layout_focus: a move back retraces the last one, shelves remember their card) and scroll
 * to show it. R switches between left to right and right to left. Resizing the window relays
 * out. Escape quits.
 *
 *   make examples && build/examples/sdl_gallery [--rtl]
 *   build/examples/sdl_gallery --headless --frames 660 --screenshot out.bmp [--switch-shots BASE] [--scale 1]
 *
 * --headless uses SDL's dummy video driver (unless SDL_VIDEODRIVER says otherwise), a clock of
 * 16 ms per frame and a script of flings, drags (the last one past the top) and wheel turns,
 * then a focus path with a game controller's d-pad and the arrow keys, then R (right to left),
 * the arrow keys again and a shelf dragged to the right (660 frames play all of it);
 * --screenshot writes the last frame as a BMP, --switch-shots the frames just before and after R
 * as BASE-before.bmp and BASE-after.bmp. Against an installed copy:
 *
 *   cc -std=c99 sdl_gallery.c sdl_gallery_data.c $(pkg-config --cflags --libs collectionlayout sdl2) -lm
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "collectionlayout.h"
#include "pthread_executor.h" /* big passes on two threads (cl_executor) */
#include "sdl_gallery_data.h"

/* ---- The app's data: sdl_gallery_data.c (sections, sizes, spans, decorations) --------------- */

enum { WIDTH = 420, HEIGHT = 600 }; /* the window, in points */
/* Pixels per point (--scale, 2 by default): the layout's display_scale, so that every frame's
 * edges fall on whole pixels (SPEC §20.2), and the renderer's scale. */
static double scale = 2;

/* ---- The rect query ------------------------------------------------------------------------ */

typedef struct elements {
    cl_attributes *items;
    int64_t count, capacity;
} elements;

/* Every element overlapping rect into a buffer that grows when the library says it is small
 * (the first call, with no buffer, only counts). */
static int query(cl_layout *layout, cl_rect rect, elements *out) {
    for (;;) {
        cl_status status = cl_layout_elements_in_rect(layout, rect, out->items, out->capacity,
                                                      sizeof(cl_attributes), &out->count);
        if (status == CL_OK && out->count <= out->capacity) return 1;
        if (status != CL_OK && status != CL_ERROR_BUFFER_TOO_SMALL) {
            fprintf(stderr, "cl_layout_elements_in_rect: %s\n", cl_layout_last_error(layout));
            return 0;
        }
        cl_attributes *grown = realloc(out->items, (size_t)out->count * sizeof(cl_attributes));
        if (grown == NULL) return 0;
        out->items = grown;
        out->capacity = out->count;
    }
}

/* ---- Scrolling ----------------------------------------------------------------------------- */

enum { WHEEL_VELOCITY = 900 }; /* points/s per wheel notch: a notch is a fling */
enum { DRAG_NONE, DRAG_SCREEN, DRAG_SHELF };

/* A fling the library computed (cl_layout_fling) and when it began; each frame samples it
 * (cl_fling_sample): it decelerates to its snapped target, or springs back from past an end. */
typedef struct motion {
    int running;
    cl_fling fling;
    double start_time; /* s */
} motion;

typedef struct app {
    cl_layout *layout;
    int32_t direction;                 /* CL_LAYOUT_DIRECTION_*: R switches it */
    cl_rect viewport;
    elements probe;                    /* scratch for hit tests */
    double pointer_x, pointer_y;       /* points */
    double now;                        /* s */
    int drag;                          /* DRAG_* */
    int64_t drag_shelf;
    double drag_raw;                   /* where the drag would put the origin (or offset) */
    double drag_velocity;              /* points/s along the drag */
    double drag_time;
    motion screen;                     /* the screen's fling */
    motion shelves[SECTIONS];          /* each shelf's own */
    /* Focus (arrow keys, a game controller's d-pad; cl_layout_focus): the focused cell, the moves
     * made as a stack (the top is the history a move may retrace), and per shelf the cell last
     * focused there (a row remembers its item, as tvOS does). */
    int has_focus;
    cl_element_id focus;
    int32_t moves[64];
    cl_element_id sources[64];
    int move_count;
    cl_index_path remembered[SECTIONS];
    int remembered_count;
    char path[512];                    /* the cells focused (R: a direction switch), for the report */
} app;

/* A shelf's offset is logical (SPEC §15): it grows toward the strip's end, which lies to the
 * right left to right and to the left right to left. The change of offset that moves the cards
 * by dx points on screen (dx > 0: to the right): -dx, or dx when mirrored. */
static double offset_change(const app *a, double dx) {
    return a->direction == CL_LAYOUT_DIRECTION_RTL ? dx : -dx;
}

static void note(app *a, const char *text) {
    size_t used = strlen(a->path);
    snprintf(a->path + used, sizeof a->path - used, "%s%s", used ? " " : "", text);
}

static double section_offset(const app *a, int64_t shelf) {
    cl_section_scroll scroll;
    if (cl_layout_section_scroll(a->layout, shelf, &scroll, sizeof scroll) != CL_OK) return 0;
    return scroll.offset;
}

/* Shows the screen at a scroll-axis origin, put on the pixel grid (then every frame, rounded
 * to it by the layout, lands on whole pixels). */
static void show_origin(app *a, double y) {
    a->viewport.y = round(y * scale) / scale;
    cl_layout_set_viewport(a->layout, a->viewport); /* origin only: moves the pinned headers */
}

/* The shelf under a point of the window (points), or -1: a shelf's background is there and no
 * header (a pinned one may cover the shelf) is, below the toolbar. */
static int64_t shelf_at(app *a, double x, double y) {
    if (y < TOOLBAR) return -1;
    cl_rect point = {a->viewport.x + x, a->viewport.y + y, 1, 1};
    if (!query(a->layout, point, &a->probe)) return -1;
    int64_t shelf = -1;
    for (int64_t i = 0; i < a->probe.count; i++) {
        const cl_attributes *e = &a->probe.items[i];
        if (e->kind == CL_KIND_HEADER) return -1;
        if (e->kind == BACKGROUND && is_shelf(e->section)) shelf = e->section;
    }
    return shelf;
}

/* A fling of the screen (shelf -1) or of a shelf, from where it is now with `velocity` plus
 * that of a fling still running (wheel notches add up), coming to rest as `snapping` says. */
static void fling(app *a, int64_t shelf, double velocity, int32_t snapping) {
    motion *m = shelf < 0 ? &a->screen : &a->shelves[shelf];
    double offset, speed;
    if (m->running && cl_fling_sample(&m->fling, a->now - m->start_time, &offset, &speed) == CL_OK)
        velocity += speed;
    cl_fling_def def = cl_fling_def_default();
    def.velocity = velocity;
    def.snapping = snapping;
    def.section = shelf;
    m->running = cl_layout_fling(a->layout, &def, &m->fling, sizeof m->fling) == CL_OK;
    m->start_time = a->now;
    if (!m->running) fprintf(stderr, "cl_layout_fling: %s\n", cl_layout_last_error(a->layout));
}

/* Per frame: every running fling at its time; one at rest is done. */
static void tick(app *a, double now) {
    a->now = now;
    for (int64_t s = -1; s < SECTIONS; s++) {
        motion *m = s < 0 ? &a->screen : &a->shelves[s];
        double offset, velocity;
        if (!m->running || cl_fling_sample(&m->fling, now - m->start_time, &offset, &velocity) != CL_OK) continue;
        if (s < 0) show_origin(a, offset);
        else cl_layout_set_section_offset(a->layout, s, offset);
        m->running = now - m->start_time < m->fling.rest_time;
    }
}

/* Moves focus in a direction (CL_FOCUS_*): the library's answer gives the target, the rule
 * that found it, and the viewport and shelf offset that show it, which the app applies. */
static void move_focus(app *a, int32_t direction) {
    cl_focus_request request = cl_focus_request_default();
    request.direction = direction;
    if (!a->has_focus) { /* the first move focuses the first cell on screen */
        cl_rect visible = {a->viewport.x, a->viewport.y + TOOLBAR, a->viewport.width, a->viewport.height - TOOLBAR};
        if (!query(a->layout, visible, &a->probe)) return;
        for (int64_t i = 0; i < a->probe.count && !a->has_focus; i++)
            if (a->probe.items[i].category == CL_CATEGORY_CELL) {
                const cl_attributes *e = &a->probe.items[i];
                a->focus = (cl_element_id){CL_CATEGORY_CELL, CL_KIND_CELL, e->section, e->item};
                a->has_focus = 1;
            }
        return;
    }
    request.source = a->focus;
    if (a->move_count > 0) {
        request.has_history = 1;
        request.history_direction = a->moves[a->move_count - 1];
        request.history_source = a->sources[a->move_count - 1];
    }
    request.remembered = a->remembered;
    request.remembered_count = a->remembered_count;
    cl_focus_answer answer;
    if (cl_layout_focus(a->layout, &request, &answer, sizeof answer) != CL_OK) {
        fprintf(stderr, "cl_layout_focus: %s\n", cl_layout_last_error(a->layout));
        return;
    }
    if (!answer.has_target) return;
    /* The history: a move that retraced the last one pops it; any other pushes itself. */
    if (answer.via == CL_FOCUS_VIA_HISTORY && a->move_count > 0) a->move_count--;
    else if (a->move_count < 64) {
        a->moves[a->move_count] = direction;
        a->sources[a->move_count++] = a->focus;
    }
    a->focus = answer.target;
    if (is_shelf(answer.target.section) && a->remembered_count < SECTIONS)
        a->remembered[a->remembered_count++] = (cl_index_path){answer.target.section, answer.target.item};
    a->screen.running = 0;
    show_origin(a, answer.viewport.y);
    if (answer.has_section_offset) {
        a->shelves[answer.section].running = 0;
        cl_layout_set_section_offset(a->layout, answer.section, answer.section_offset);
    }
    char text[48];
    snprintf(text, sizeof text, "%lld.%lld", (long long)answer.target.section, (long long)answer.target.item);
    note(a, text);
}

/* R: right to left or back, live. The library mirrors the same layout (nothing is laid out
 * again); the screen keeps its place (a vertical layout's scroll axis is y), and each shelf its
 * logical offset, so a shelf shows the same cards from the other side. Drags, wheels and the
 * focus keys read physical directions, so they need nothing else but offset_change. */
static void switch_direction(app *a) {
    int32_t next = a->direction == CL_LAYOUT_DIRECTION_RTL ? CL_LAYOUT_DIRECTION_LTR : CL_LAYOUT_DIRECTION_RTL;
    if (cl_layout_set_layout_direction(a->layout, next) != CL_OK) {
        fprintf(stderr, "cl_layout_set_layout_direction: %s\n", cl_layout_last_error(a->layout));
        return;
    }
    a->direction = next;
    note(a, "R");
}

static void resize(app *a, double width, double height) {
    a->viewport.width = width;
    a->viewport.height = height;
    cl_layout_set_viewport(a->layout, a->viewport); /* a new width relays out */
    double y;                                       /* clamped to the new scroll range */
    if (cl_layout_target_content_offset(a->layout, a->viewport.y, 0, CL_SNAP_NONE, CL_DECELERATION_NORMAL, &y) == CL_OK)
        show_origin(a, y);
}

/* Applies one input event (mouse positions in pixels, as SDL gives them); 0 to quit. */
static int handle(app *a, const SDL_Event *event) {
    switch (event->type) {
    case SDL_QUIT: return 0;
    case SDL_WINDOWEVENT:
        if (event->window.event == SDL_WINDOWEVENT_SIZE_CHANGED)
            resize(a, event->window.data1 / scale, event->window.data2 / scale); /* points */
        break;
    case SDL_MOUSEMOTION: {
        a->pointer_x = event->motion.x / scale;
        a->pointer_y = event->motion.y / scale;
        double dt = fmax(a->now - a->drag_time, 0.008);
        if (a->drag == DRAG_SHELF) { /* the offset follows the finger, clamped by the library */
            double dx = offset_change(a, event->motion.xrel / scale);
            cl_layout_set_section_offset(a->layout, a->drag_shelf, section_offset(a, a->drag_shelf) + dx);
            a->drag_velocity = dx / dt;
        } else if (a->drag == DRAG_SCREEN) { /* past the ends the screen rubber-bands */
            double dy = -event->motion.yrel / scale, shown = a->drag_raw += dy;
            cl_layout_rubber_band(a->layout, -1, a->drag_raw, &shown);
            show_origin(a, shown);
            a->drag_velocity = dy / dt;
        }
        a->drag_time = a->now;
        break;
    }
    case SDL_MOUSEBUTTONDOWN:
        if (event->button.button != SDL_BUTTON_LEFT) break;
        a->drag_shelf = shelf_at(a, event->button.x / scale, event->button.y / scale);
        a->drag = a->drag_shelf >= 0 ? DRAG_SHELF : DRAG_SCREEN;
        if (a->drag == DRAG_SHELF) a->shelves[a->drag_shelf].running = 0; /* a finger stops it */
        else a->screen.running = 0;
        a->drag_raw = a->viewport.y;
        a->drag_velocity = 0;
        a->drag_time = a->now;
        break;
    case SDL_MOUSEBUTTONUP:
        if (event->button.button != SDL_BUTTON_LEFT) break;
        if (a->drag == DRAG_SHELF) fling(a, a->drag_shelf, a->drag_velocity, CL_SNAP_ITEM);
        if (a->drag == DRAG_SCREEN) fling(a, -1, a->drag_velocity, CL_SNAP_NONE); /* or springs back */
        a->drag = DRAG_NONE;
        break;
    case SDL_MOUSEWHEEL: {
        int flip = event->wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -1 : 1;
        int x = event->wheel.x * flip, y = event->wheel.y * flip;
        int sideways = x ? x : (SDL_GetModState() & KMOD_SHIFT) ? -y : 0; /* > 0: the cards go left */
        int64_t shelf = sideways ? shelf_at(a, a->pointer_x, a->pointer_y) : -1;
        if (shelf >= 0) fling(a, shelf, offset_change(a, -sideways) * WHEEL_VELOCITY, CL_SNAP_ITEM);
        else if (y) fling(a, -1, -y * WHEEL_VELOCITY, CL_SNAP_NONE);
        break;
    }
    case SDL_KEYDOWN: { /* flings of one line or page (the paging snaps step once), or to an end */
        SDL_Keycode key = event->key.keysym.sym;
        switch (key) {
        case SDLK_ESCAPE: return 0;
        case SDLK_UP: move_focus(a, CL_FOCUS_UP); break;
        case SDLK_DOWN: move_focus(a, CL_FOCUS_DOWN); break;
        case SDLK_LEFT: move_focus(a, CL_FOCUS_LEFT); break;
        case SDLK_RIGHT: move_focus(a, CL_FOCUS_RIGHT); break;
        case SDLK_TAB: move_focus(a, SDL_GetModState() & KMOD_SHIFT ? CL_FOCUS_PREVIOUS : CL_FOCUS_NEXT); break;
        case SDLK_r: switch_direction(a); break;
        case SDLK_PAGEUP:
        case SDLK_PAGEDOWN:
            a->screen.running = 0;
            fling(a, -1, key == SDLK_PAGEDOWN ? 1500 : -1500, CL_SNAP_PAGE);
            break;
        case SDLK_HOME:
        case SDLK_END:
            a->screen.running = 0;
            fling(a, -1, key == SDLK_END ? 1e7 : -1e7, CL_SNAP_NONE);
            break;
        default: break;
        }
        break;
    }
    case SDL_CONTROLLERDEVICEADDED: /* a game controller: its d-pad moves focus */
        SDL_GameControllerOpen(event->cdevice.which);
        break;
    case SDL_CONTROLLERBUTTONDOWN: {
        static const int32_t moves[][2] = {{SDL_CONTROLLER_BUTTON_DPAD_UP, CL_FOCUS_UP},
                                           {SDL_CONTROLLER_BUTTON_DPAD_DOWN, CL_FOCUS_DOWN},
                                           {SDL_CONTROLLER_BUTTON_DPAD_LEFT, CL_FOCUS_LEFT},
                                           {SDL_CONTROLLER_BUTTON_DPAD_RIGHT, CL_FOCUS_RIGHT}};
        for (int i = 0; i < 4; i++)
            if (event->cbutton.button == moves[i][0]) move_focus(a, moves[i][1]);
        break;
    }
    default: break;
    }
    return 1;
}

/* ---- Drawing: only what the rect query returns --------------------------------------------- */

typedef struct rgb { Uint8 r, g, b; } rgb;

static const rgb FOCUS_RING = {255, 0, 140}, BANNER = {38, 70, 83}, BANNER_STRIPE = {233, 196, 106}, BADGE_FILL = {214, 40, 57};
static const rgb SCREEN = {246, 246, 248}, HEADER = {38, 50, 56}, SHADOW_FILL = {196, 198, 204},
                 WHITE = {255, 255, 255};
static const rgb SECTION_FILL[4] = {{227, 234, 242}, {240, 232, 222}, {230, 240, 228}, {240, 232, 222}};
static const rgb CARDS[8] = {{66, 133, 244}, {219, 68, 55},  {244, 180, 0},  {15, 157, 88},
                             {171, 71, 188}, {0, 172, 193},  {255, 112, 67}, {124, 179, 66}};
static const char *const SECTION_NAMES[4] = {"GRID", "SHELF", "WATERFALL", "SHELF (2 ROWS)"};

/* A 3x5 bitmap font: 5 rows of 3 columns per glyph, '#' set. */
static const char FONT_CHARS[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ.()-:/";
static const char *const FONT[] = {
    "#### ## ## ####", " # ##  #  # ###", "###  #####  ###", "###  # ##  ####", "# ## ####  #  #",
    "####  ###  ####", "####  #### ####", "###  #  #  #  #", "#### ##### ####", "#### ####  ####",
    " # # ##### ## #", "## # ### # ### ", " ###  #  #   ##", "## # ## ## ### ", "####  ## #  ###",
    "####  ## #  #  ", " ###  # ## # ##", "# ## ##### ## #", "### #  #  # ###", "  #  #  ## # # ",
    "# ## ### # ## #", "#  #  #  #  ###", "# ######## ## #", "## # ## ## ## #", " # # ## ## # # ",
    "## # ### #  #  ", " # # ## ###  ##", "## # ### # ## #", " ###   #   ### ", "### #  #  #  # ",
    "# ## ## ## ####", "# ## ## ## # # ", "# ## ######## #", "# ## # # # ## #", "# ## # #  #  # ",
    "###  # # #  ###", "             # ", " # #  #  #   # ", " #   #  #  # # ", "      ###      ",
    "    #     #    ", "  #  # # #  #  ",
};

/* Rects are in points, as float: the renderer's scale maps a frame's half-point edges (at scale
 * 2) onto whole pixels. */
static void fill(SDL_Renderer *renderer, SDL_FRect rect, rgb colour) {
    SDL_SetRenderDrawColor(renderer, colour.r, colour.g, colour.b, 255);
    SDL_RenderFillRectF(renderer, &rect);
}

/* A rectangle with rounded corners: one row of pixels at a time near the corners. */
static void fill_rounded(SDL_Renderer *renderer, SDL_FRect rect, float radius, rgb colour) {
    if (radius * 2 > rect.w) radius = rect.w / 2;
    if (radius * 2 > rect.h) radius = rect.h / 2;
    SDL_SetRenderDrawColor(renderer, colour.r, colour.g, colour.b, 255);
    SDL_FRect middle = {rect.x, rect.y + radius, rect.w, rect.h - 2 * radius};
    SDL_RenderFillRectF(renderer, &middle);
    const float pixel = (float)(1 / scale);
    for (float row = 0; row < radius; row += pixel) {
        float dy = radius - row - pixel / 2, inset = radius - sqrtf(radius * radius - dy * dy);
        inset = roundf(inset / pixel) * pixel;
        SDL_FRect top = {rect.x + inset, rect.y + row, rect.w - 2 * inset, pixel};
        SDL_FRect bottom = {rect.x + inset, rect.y + rect.h - pixel - row, rect.w - 2 * inset, pixel};
        SDL_RenderFillRectF(renderer, &top);
        SDL_RenderFillRectF(renderer, &bottom);
    }
}

static int text_width(const char *text, int scale) { return (int)strlen(text) * 4 * scale - scale; }

static void draw_text(SDL_Renderer *renderer, const char *text, int x, int y, int scale, rgb colour) {
    SDL_SetRenderDrawColor(renderer, colour.r, colour.g, colour.b, 255);
    for (; *text; text++, x += 4 * scale) {
        const char *found = strchr(FONT_CHARS, *text);
        if (*text == ' ' || found == NULL) continue;
        const char *glyph = FONT[found - FONT_CHARS];
        for (int cell = 0; cell < 15; cell++)
            if (glyph[cell] == '#') {
                SDL_Rect pixel = {x + cell % 3 * scale, y + cell / 3 * scale, scale, scale};
                SDL_RenderFillRect(renderer, &pixel);
            }
    }
}

/* Centred in rect if it fits; left out otherwise. */
static void label(SDL_Renderer *renderer, const char *text, SDL_FRect rect, rgb colour) {
    int size = 2, w = text_width(text, size), h = 5 * size;
    if (w + 8 > rect.w || h + 4 > rect.h) return;
    draw_text(renderer, text, (int)(rect.x + (rect.w - w) / 2), (int)(rect.y + (rect.h - h) / 2), size, colour);
}

static int category_order(int32_t category) {
    return category == CL_CATEGORY_DECORATION ? 0 : category == CL_CATEGORY_CELL ? 1 : 2;
}

static int by_z(const void *left, const void *right) {
    const cl_attributes *a = left, *b = right;
    if (a->z != b->z) return a->z < b->z ? -1 : 1;
    return category_order(a->category) - category_order(b->category);
}

/* What the last frame drew, for the report: counts, and the facts the check reads about right
 * to left and the banners (in points, from the frames drawn). */
typedef struct drawn {
    int headers, cells, backgrounds, shadows, banners;
    int grid_rows, rows_from_leading;   /* grid rows of 2+ cells; of those, item order from the leading edge */
    cl_rect banner;                     /* the first banner drawn */
    int64_t banner_section, banner_item;
} drawn;

/* The grid rows among the cells drawn: for each row (a grid section's cells at one y) of two
 * cells or more, whether its items go from the leading edge (the left, or the right when
 * mirrored) in item order. */
static void count_grid_rows(const app *a, const elements *visible, drawn *counts) {
    for (int64_t i = 0; i < visible->count; i++) {
        const cl_attributes *e = &visible->items[i];
        if (e->category != CL_CATEGORY_CELL || section_kind(e->section) != GRID || is_banner(e->section, e->item))
            continue;
        int first_of_row = 1, cells = 1, ordered = 1;
        for (int64_t j = 0; j < visible->count; j++) {
            const cl_attributes *o = &visible->items[j];
            if (j == i || o->category != CL_CATEGORY_CELL || o->section != e->section || o->frame.y != e->frame.y) continue;
            cells++;
            if (o->item < e->item) first_of_row = 0;
            /* a later item lies further from the leading edge */
            double later = a->direction == CL_LAYOUT_DIRECTION_RTL ? e->frame.x - o->frame.x : o->frame.x - e->frame.x;
            if ((o->item > e->item) != (later > 0)) ordered = 0;
        }
        if (!first_of_row || cells < 2) continue;
        counts->grid_rows++;
        counts->rows_from_leading += ordered;
    }
}

static drawn draw(SDL_Renderer *renderer, app *a, elements *visible) {
    drawn counts = {0};
    fill(renderer, (SDL_FRect){0, 0, (float)a->viewport.width, (float)a->viewport.height}, SCREEN);
    if (!query(a->layout, a->viewport, visible)) return counts;
    /* qsort is not stable: equal keys keep no order, and none is needed (they do not overlap). */
    qsort(visible->items, (size_t)visible->count, sizeof(cl_attributes), by_z);
    for (int64_t i = 0; i < visible->count; i++) {
        const cl_attributes *e = &visible->items[i];
        if (e->hidden) continue;
        SDL_FRect rect = {(float)(e->frame.x - a->viewport.x), (float)(e->frame.y - a->viewport.y),
                          (float)e->frame.width, (float)e->frame.height};
        char text[32];
        if (e->category == CL_CATEGORY_CELL && is_banner(e->section, e->item)) {
            if (counts.banners++ == 0) {
                counts.banner = e->frame;
                counts.banner_section = e->section;
                counts.banner_item = e->item;
            }
            fill_rounded(renderer, rect, 8, BANNER);
            /* a stripe at the leading edge: the left, or the right when mirrored */
            SDL_FRect stripe = {a->direction == CL_LAYOUT_DIRECTION_RTL ? rect.x + rect.w - 14 : rect.x + 8, rect.y + 8, 6, rect.h - 16};
            fill(renderer, stripe, BANNER_STRIPE);
            snprintf(text, sizeof text, "FEATURED %lld.%lld", (long long)e->section, (long long)e->item);
            label(renderer, text, rect, BANNER_STRIPE);
        } else if (e->category == CL_CATEGORY_CELL) {
            counts.cells++;
            fill_rounded(renderer, rect, 8, CARDS[(e->section * 3 + e->item) % 8]);
            snprintf(text, sizeof text, "%lld.%lld", (long long)e->section, (long long)e->item);
            label(renderer, text, rect, WHITE);
        } else if (e->kind == CL_KIND_HEADER) {
            counts.headers++;
            fill(renderer, rect, HEADER);
            snprintf(text, sizeof text, "SECTION %lld: %s", (long long)e->section,
                     SECTION_NAMES[section_kind(e->section)]);
            int x = a->direction == CL_LAYOUT_DIRECTION_RTL ? (int)(rect.x + rect.w) - 16 - text_width(text, 2) : (int)rect.x + 16;
            draw_text(renderer, text, x, (int)(rect.y + (rect.h - 10) / 2), 2, WHITE);
        } else if (e->kind == BACKGROUND) {
            counts.backgrounds++;
            fill_rounded(renderer, rect, 12, SECTION_FILL[section_kind(e->section)]);
        } else if (e->kind == SHADOW) {
            counts.shadows++;
            fill_rounded(renderer, rect, 8, SHADOW_FILL);
        } else if (e->kind == UNREAD) {  /* a badge: the count of unread items on its card */
            fill_rounded(renderer, rect, (int)(rect.h / 2), BADGE_FILL);
            snprintf(text, sizeof text, "%lld", (long long)(e->item % 9 + 1));
            label(renderer, text, rect, WHITE);
        }
    }
    /* The focus ring: 3 points around the focused element, over everything but the toolbar. */
    cl_attributes focused;
    if (a->has_focus && cl_layout_attributes(a->layout, a->focus.category, a->focus.kind, a->focus.section,
                                             a->focus.item, &focused, sizeof focused) == CL_OK) {
        const float x = (float)(focused.frame.x - a->viewport.x), y = (float)(focused.frame.y - a->viewport.y);
        const float w = (float)focused.frame.width, h = (float)focused.frame.height, t = 3;
        const SDL_FRect sides[4] = {{x - t, y - t, w + 2 * t, t}, {x - t, y + h, w + 2 * t, t},
                                    {x - t, y, t, h}, {x + w, y, t, h}};
        for (int i = 0; i < 4; i++) fill(renderer, sides[i], FOCUS_RING);
    }
    /* The bar over the content, translucent: what scrolls under it shows through. Pinned
     * headers stop below it, and the content starts there (content insets). */
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(renderer, 250, 250, 252, 200);
    SDL_RenderFillRectF(renderer, &(SDL_FRect){0, 0, (float)a->viewport.width, TOOLBAR});
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE);
    fill(renderer, (SDL_FRect){0, TOOLBAR - (float)(1 / scale), (float)a->viewport.width, (float)(1 / scale)}, SHADOW_FILL);
    const char *title = a->direction == CL_LAYOUT_DIRECTION_RTL ? "GALLERY (RTL)" : "GALLERY";
    int x = a->direction == CL_LAYOUT_DIRECTION_RTL ? (int)a->viewport.width - 16 - text_width(title, 3) : 16;
    draw_text(renderer, title, x, (TOOLBAR - 15) / 2, 3, HEADER); /* at the leading edge */
    count_grid_rows(a, visible, &counts);
    return counts;
}

/* ---- The headless script and the main loop ------------------------------------------------- */

/* A point on the nth shelf whose background's middle is on screen below the pinned header. */
static int shelf_point(app *a, int nth, int *x, int *y) {
    elements *e = &a->probe;
    if (!query(a->layout, a->viewport, e)) return 0;
    for (int64_t i = 0; i < e->count; i++) {
        cl_rect f = e->items[i].frame;
        double middle = f.y + f.height / 2 - a->viewport.y;
        if (e->items[i].kind != BACKGROUND || !is_shelf(e->items[i].section)) continue;
        if (middle < 40 || middle > a->viewport.height - 10) continue;
        if (nth-- == 0) {
            *x = (int)(f.x - a->viewport.x + f.width / 2);
            *y = (int)middle;
            return 1;
        }
    }
    return 0;
}

/* Events as SDL gives them: positions in pixels (points times the scale). */
static void push_motion(double x, double y, double xrel, double yrel) {
    SDL_Event e = {.motion = {.type = SDL_MOUSEMOTION, .x = (int)(x * scale), .y = (int)(y * scale),
                              .xrel = (int)(xrel * scale), .yrel = (int)(yrel * scale)}};
    SDL_PushEvent(&e);
}

static void push_button(Uint32 type, double x, double y) {
    SDL_Event e = {.button = {.type = type, .button = SDL_BUTTON_LEFT, .x = (int)(x * scale), .y = (int)(y * scale)}};
    SDL_PushEvent(&e);
}

static void push_wheel(int x, int y) {
    SDL_Event e = {.wheel = {.type = SDL_MOUSEWHEEL, .x = x, .y = y, .direction = SDL_MOUSEWHEEL_NORMAL}};
    SDL_PushEvent(&e);
}

static void push_key(SDL_Keycode key) {
    SDL_Event e = {.key = {.type = SDL_KEYDOWN, .state = SDL_PRESSED, .keysym = {.sym = key}}};
    SDL_PushEvent(&e);
}

enum { SWITCH_FRAME = 424, SCRIPT_FRAMES = 660 }; /* --headless: R at SWITCH_FRAME; all of it played by then */

/* --headless (points): a wheel fling down, a shelf dragged and released into a fling that rests
 * on a card's edge, a page down, the screen dragged and released into a fling, the wheel
 * sideways over a shelf, one card to the right with the arrow key; then, from the top, the
 * screen dragged 300 points past its start (rubber-banded) and released: it springs back. */
static void script(app *a, int frame) {
    static int x, y, dragging;
    if (frame == 2) push_wheel(0, -4);
    if (frame == 6 && shelf_point(a, 0, &x, &y)) {
        push_motion(x, y, 0, 0);
        push_button(SDL_MOUSEBUTTONDOWN, x, y);
        dragging = 1;
    }
    if (frame >= 7 && frame <= 12 && dragging) push_motion(x, y, -45, 0);
    if (frame == 13 && dragging) {
        push_button(SDL_MOUSEBUTTONUP, x, y);
        dragging = 0;
    }
    if (frame == 16) push_key(SDLK_PAGEDOWN);
    if (frame == 20) { /* drag the screen up by 60 points at its left edge */
        push_motion(4, 400, 0, 0);
        push_button(SDL_MOUSEBUTTONDOWN, 4, 400);
    }
    if (frame >= 21 && frame <= 23) push_motion(4, 400 - 20 * (frame - 20), 0, -20);
    if (frame == 24) push_button(SDL_MOUSEBUTTONUP, 4, 340);
    if (frame == 60 && shelf_point(a, 0, &x, &y)) {
        push_motion(x, y, 0, 0);
        push_wheel(1, 0);
        push_wheel(1, 0);
    }
    if (frame == 300) { /* from the top, a drag down past the start: the rubber band */
        a->screen.running = 0;
        show_origin(a, -TOOLBAR);
        push_motion(40, 300, 0, 0);
        push_button(SDL_MOUSEBUTTONDOWN, 40, 300);
    }
    if (frame > 300 && frame <= 310) push_motion(40, 300 + 30 * (frame - 300), 0, 30);
    if (frame == 311) push_button(SDL_MOUSEBUTTONUP, 40, 600);
    /* Then a focus path with the game controller's d-pad and the arrow keys: into a shelf, along
     * it, down out of it and back up (the history retraces the move: the same card again). */
    static const int32_t path[] = {SDL_CONTROLLER_BUTTON_DPAD_DOWN, SDL_CONTROLLER_BUTTON_DPAD_DOWN,
                                   SDL_CONTROLLER_BUTTON_DPAD_DOWN, SDL_CONTROLLER_BUTTON_DPAD_DOWN,
                                   SDL_CONTROLLER_BUTTON_DPAD_DOWN,
                                   SDL_CONTROLLER_BUTTON_DPAD_RIGHT, SDL_CONTROLLER_BUTTON_DPAD_RIGHT,
                                   SDL_CONTROLLER_BUTTON_DPAD_DOWN, SDL_CONTROLLER_BUTTON_DPAD_UP};
    const int step = (frame - 360) / 4;
    if (frame >= 360 && (frame - 360) % 4 == 0 && step < (int)(sizeof path / sizeof path[0])) {
        SDL_Event e = {.cbutton = {.type = SDL_CONTROLLERBUTTONDOWN, .button = (Uint8)path[step], .state = SDL_PRESSED}};
        SDL_PushEvent(&e);
    }
    if (frame == 396) push_key(SDLK_RIGHT); /* and the arrow keys do the same */
    /* Then right to left (R), with nothing moving: the next frame is this one mirrored. Focus
     * moves by physical directions: up into the grid, left along a row (the next item now);
     * a shelf dragged to the right shows more of it (its offset grows) and snaps on release. */
    if (frame == SWITCH_FRAME) push_key(SDLK_r);
    static const SDL_Keycode keys[] = {SDLK_UP, SDLK_UP, SDLK_LEFT, SDLK_RIGHT, SDLK_RIGHT, SDLK_UP};
    const int key = (frame - 430) / 4;
    if (frame >= 430 && (frame - 430) % 4 == 0 && key < (int)(sizeof keys / sizeof keys[0])) push_key(keys[key]);
    static int64_t shelf = -1;
    static cl_attributes card; /* the card under the finger, hit-tested at the press */
    static double card_x;      /* its x then */
    if (frame == 456 && shelf_point(a, 0, &x, &y)) { /* a shelf away from both ends */
        shelf = shelf_at(a, x, y);
        if (shelf >= 0) a->shelves[shelf].running = 0;
        if (shelf >= 0) cl_layout_set_section_offset(a->layout, shelf, 300);
    }
    int32_t found = 0;
    if (frame == 460 && shelf >= 0 &&
        cl_layout_element_at(a->layout, a->viewport.x + x, a->viewport.y + y, CL_HIT_CELLS, &found, &card,
                             sizeof card) == CL_OK && found) {
        card_x = card.frame.x;
        push_motion(x, y, 0, 0);
        push_button(SDL_MOUSEBUTTONDOWN, x, y);
        dragging = 1;
    }
    if (frame >= 461 && frame <= 465 && dragging) push_motion(x, y, frame < 465 ? 30 : 0, 0); /* then held */
    if (frame == 466 && dragging) {
        cl_attributes now;
        if (cl_layout_attributes(a->layout, CL_CATEGORY_CELL, CL_KIND_CELL, card.section, card.item, &now,
                                 sizeof now) == CL_OK)
            printf("right to left, shelf %lld: card %lld.%lld under the finger from x=%g to x=%g as the finger "
                   "moved 120 points right; offset 300 -> %g\n", (long long)shelf, (long long)card.section,
                   (long long)card.item, card_x, now.frame.x, section_offset(a, shelf));
        push_button(SDL_MOUSEBUTTONUP, x, y);
        dragging = 0;
    }
}

static int save_screenshot(SDL_Renderer *renderer, const char *path, int width, int height) {
    SDL_Surface *surface = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888);
    int ok = surface != NULL &&
             SDL_RenderReadPixels(renderer, NULL, SDL_PIXELFORMAT_ARGB8888, surface->pixels,
                                  surface->pitch) == 0 &&
             SDL_SaveBMP(surface, path) == 0;
    if (!ok) fprintf(stderr, "screenshot %s: %s\n", path, SDL_GetError());
    SDL_FreeSurface(surface);
    return ok;
}

int main(int argc, char *argv[]) {
    int headless = 0, frames = -1;
    const char *screenshot = NULL, *switch_shots = NULL;
    int32_t direction = CL_LAYOUT_DIRECTION_LTR;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--headless") == 0) headless = 1;
        else if (strcmp(argv[i], "--frames") == 0 && i + 1 < argc) frames = atoi(argv[++i]);
        else if (strcmp(argv[i], "--screenshot") == 0 && i + 1 < argc) screenshot = argv[++i];
        else if (strcmp(argv[i], "--switch-shots") == 0 && i + 1 < argc) switch_shots = argv[++i];
        else if (strcmp(argv[i], "--rtl") == 0) direction = CL_LAYOUT_DIRECTION_RTL;
        else if (strcmp(argv[i], "--scale") == 0 && i + 1 < argc && atof(argv[i + 1]) >= 1) scale = atof(argv[++i]);
        else {
            fprintf(stderr, "usage: %s [--headless] [--frames N] [--screenshot FILE.bmp] [--switch-shots BASE] "
                            "[--scale S>=1] [--rtl]\n", argv[0]);
            return 2;
        }
    }
    if (headless) SDL_setenv("SDL_VIDEODRIVER", "dummy", 0); /* unless one is chosen */
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) != 0) {
        fprintf(stderr, "SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    SDL_Window *window = SDL_CreateWindow("CollectionLayout: SDL2 gallery", SDL_WINDOWPOS_CENTERED,
                                          SDL_WINDOWPOS_CENTERED, (int)(WIDTH * scale), (int)(HEIGHT * scale),
                                          SDL_WINDOW_RESIZABLE);
    SDL_Renderer *renderer =
        window ? SDL_CreateRenderer(window, -1, headless ? SDL_RENDERER_SOFTWARE : SDL_RENDERER_PRESENTVSYNC)
               : NULL;
    if (renderer == NULL) {
        fprintf(stderr, "SDL: %s\n", SDL_GetError());
        SDL_Quit();
        return 1;
    }
    int pixels_wide, pixels_high;
    SDL_GetRendererOutputSize(renderer, &pixels_wide, &pixels_high);
    SDL_RenderSetScale(renderer, (float)scale, (float)scale); /* draw in points */
    double width = pixels_wide / scale, height = pixels_high / scale;

    app a = {.viewport = {0, -TOOLBAR, width, height}, .drag = DRAG_NONE, .direction = direction};
    a.layout = gallery_layout(width, height, scale, direction);
    if (a.layout == NULL) {
        SDL_Quit();
        return 1;
    }
    pthread_executor *pool = pthread_executor_create(2);
    const cl_executor executor = pthread_executor_get(pool);
    if (pool) cl_layout_set_executor(a.layout, &executor);
    elements visible = {NULL, 0, 0};
    drawn counts = {0};
    int frame = 0, running = 1;
    double furthest = a.viewport.y, pulled = 0; /* the furthest scroll, the furthest pull past the start */
    double sprang_back = NAN;                   /* the origin after the pull, before the focus path */
    while (running && (frames < 0 || frame < frames)) {
        frame++;
        uint32_t start = SDL_GetTicks(), now = headless ? (uint32_t)frame * 16 : start;
        if (headless) script(&a, frame);
        SDL_Event event;
        while (SDL_PollEvent(&event)) running = handle(&a, &event) && running;
        tick(&a, now / 1000.0);
        furthest = fmax(furthest, a.viewport.y);
        if (frame == 359) sprang_back = a.viewport.y;
        pulled = fmax(pulled, -TOOLBAR - a.viewport.y);
        counts = draw(renderer, &a, &visible);
        if (headless && switch_shots && (frame == SWITCH_FRAME - 1 || frame == SWITCH_FRAME)) {
            char path[1024]; /* the frames before and after R */
            snprintf(path, sizeof path, "%s-%s.bmp", switch_shots, frame < SWITCH_FRAME ? "before" : "after");
            running = save_screenshot(renderer, path, pixels_wide, pixels_high) && running;
        }
        if (screenshot && (frame == frames || !running))
            running = save_screenshot(renderer, screenshot, pixels_wide, pixels_high) && running;
        SDL_RenderPresent(renderer);
        uint32_t spent = SDL_GetTicks() - start;
        if (!headless && spent < 16) SDL_Delay(16 - spent); /* in case vsync is off */
    }

    cl_size content;
    cl_layout_content_size(a.layout, &content);
    printf("%d frames; scrolled to y=%g of %g (at most y=%g); last frame drew %d headers, %d cells, "
           "%d backgrounds, %d shadows\n",
           frame, a.viewport.y, content.height, furthest, counts.headers, counts.cells, counts.backgrounds,
           counts.shadows);
    int moving = a.screen.running;
    for (int s = 0; s < SECTIONS; s++) moving = moving || a.shelves[s].running;
    printf("pulled %g points past the start at most, then at y=%g; %s\n", pulled, sprang_back,
           moving ? "still moving" : "everything at rest");
    printf("focus path: %s\n", a.path[0] ? a.path : "(none)");
    printf("layout direction %s; last frame drew %d grid rows, %d of them in item order from the %s edge\n",
           a.direction == CL_LAYOUT_DIRECTION_RTL ? "rtl" : "ltr", counts.grid_rows, counts.rows_from_leading,
           a.direction == CL_LAYOUT_DIRECTION_RTL ? "right" : "left");
    if (counts.banners > 0)
        printf("banner %lld.%lld: x=%g width=%g of %g (%d banners drawn)\n", (long long)counts.banner_section,
               (long long)counts.banner_item, counts.banner.x, counts.banner.width, a.viewport.width, counts.banners);
    /* Shelves moved away from 0: where each rests, and whether that is a card's edge (a snap
     * from there with no velocity stays put). */
    for (int64_t s = 0; s < SECTIONS; s++) {
        double offset = section_offset(&a, s), rest = offset;
        if (!is_shelf(s) || offset == 0) continue;
        cl_layout_section_target_offset(a.layout, s, offset, 0, CL_SNAP_ITEM, CL_DECELERATION_NORMAL, &rest);
        printf("shelf %lld: offset %g, %s\n", (long long)s, offset,
               fabs(rest - offset) < 1e-9 ? "at rest on a card's edge" : "between cards");
    }
    free(visible.items);
    free(a.probe.items);
    cl_layout_destroy(a.layout);
    pthread_executor_destroy(pool);
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return 0;
}
