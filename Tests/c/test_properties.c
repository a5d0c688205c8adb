/* Properties over random scenes (scene_random): rect queries are exact (SPEC §9), separators
 * move what follows them (§6), decoration frames (§7) and pinned frames (§8) follow from the
 * frames of headers, footers and cells. Expected values are derived from other elements fetched
 * by identity, never from the engine's own arithmetic. Each test stops at its first failing
 * seed, which its messages name, so that one bug reports once. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "elements.h"
#include "scene.h"
#include "tests.h"

enum { SCENES = 300 };
static const double tolerance = 1e-6;

static bool near(double a, double b) { return fabs(a - b) <= tolerance; }

static bool same_rect(cl_rect a, cl_rect b) {
    return near(a.x, b.x) && near(a.y, b.y) && near(a.width, b.width) && near(a.height, b.height);
}

#define RECT_FMT "(%g, %g, %g, %g)"
#define RECT_ARGS(r) (r).x, (r).y, (r).width, (r).height

/* A rect shrunk by insets in screen terms (SPEC §7); an extent below zero becomes zero. */
static cl_rect shrink(cl_rect r, cl_insets in) {
    cl_rect out = {r.x + in.left, r.y + in.top, fmax(0, r.width - in.left - in.right),
                   fmax(0, r.height - in.top - in.bottom)};
    return out;
}

/* A rect from spans along the scroll axis and the line axis of a direction. */
static cl_rect axis_rect(axis_span scroll, axis_span line, int32_t direction) {
    cl_rect r = {line.start, scroll.start, line.extent, scroll.extent};
    if (direction == CL_DIRECTION_HORIZONTAL) {
        cl_rect h = {scroll.start, line.start, scroll.extent, line.extent};
        r = h;
    }
    return r;
}

static double scroll_extent_of(cl_size size, int32_t direction) {
    return direction == CL_DIRECTION_VERTICAL ? size.height : size.width;
}

static double line_extent_of(cl_size size, int32_t direction) {
    return direction == CL_DIRECTION_VERTICAL ? size.width : size.height;
}

/* A random viewport origin (both axes) from 50 points before the content to 50 after. */
static cl_rect scrolled(cl_rect viewport, cl_size content, rng *r) {
    viewport.x = rng_double(r, -50, content.width + 50);
    viewport.y = rng_double(r, -50, content.height + 50);
    return viewport;
}

/* ---- Rect queries ------------------------------------------------------------------------ */

/* Against a brute-force filter of every element fetched by identity, at several viewport
 * origins (an origin-only change moves pinned elements), for the viewport and random rects. */
static bool rect_queries_in_scene(uint64_t seed) {
    scene sc;
    scene_random(&sc, seed);
    cl_layout *layout = NULL;
    rng r = rng_seeded(seed ^ 0xABCDEF);
    char context[64];
    snprintf(context, sizeof context, "seed %llu", (unsigned long long)seed);
    bool ok = CHECK_OK(layout, scene_create_layout(&sc, NULL, &layout));
    for (int scroll = 0; ok && scroll < 3; scroll++) {
        element_list all = {0};
        cl_size size;
        ok = CHECK_OK(layout, cl_layout_content_size(layout, &size)) &&
             CHECK_OK(layout, cl_layout_set_viewport(layout, scrolled(sc.def.viewport, size, &r))) &&
             scene_elements_by_identity(&sc, layout, &all) == CL_OK &&
             check_rect_query(layout, &all, content_rect(size, 10000), context);
        cl_rect viewport = sc.def.viewport;
        if (ok) ok = CHECK_OK(layout, cl_layout_viewport(layout, &viewport)) &&
                     check_rect_query(layout, &all, viewport, context);
        for (int i = 0; ok && i < 8; i++) {
            cl_rect rect = {rng_double(&r, -20, size.width + 20), rng_double(&r, -20, size.height + 20),
                            rng_double(&r, 0, 300), rng_double(&r, 0, 300)};
            ok = check_rect_query(layout, &all, rect, context);
        }
        element_list_free(&all);
    }
    cl_layout_destroy(layout);
    scene_free(&sc);
    return ok;
}

static void rect_queries_are_exact(void *context) {
    (void)context;
    for (uint64_t seed = 0; seed < SCENES && rect_queries_in_scene(seed); seed++) {}
}

/* ---- Separators (SPEC §6) ---------------------------------------------------------------- */

/* Grows the first inline element of the first section that has one and invalidates that
 * section: cells at or after its `before` there, and every cell of later sections, move along
 * the scroll axis by exactly the growth; earlier cells do not move; nothing moves sideways. */
static bool separator_growth_in_scene(uint64_t seed, int *tried) {
    scene sc;
    scene_random(&sc, seed);
    int64_t s = 0;
    while (s < sc.section_count && sc.sections[s].inline_count == 0) s++;
    if (s == sc.section_count) {
        scene_free(&sc);
        return true;
    }
    ++*tried;
    const double growth = 7.5;
    int32_t direction = sc.def.direction;
    cl_layout *layout = NULL;
    element_list before = {0}, after = {0};
    cl_inline_element *grown = &sc.sections[s].inlines[0].element;
    bool ok = CHECK_OK(layout, scene_create_layout(&sc, NULL, &layout)) &&
              scene_elements_by_identity(&sc, layout, &before) == CL_OK;
    if (ok) {
        grown->extent += growth;
        ok = CHECK_OK(layout, cl_layout_invalidate_sections(layout, &s, 1)) &&
             scene_elements_by_identity(&sc, layout, &after) == CL_OK;
    }
    /* The same scene gives the same identities in the same order. */
    for (size_t i = 0; ok && i < before.count; i++) {
        const cl_attributes *a = &before.items[i].attributes, *b = &after.items[i].attributes;
        if (a->category != CL_CATEGORY_CELL) continue;
        bool moves = a->section > s || (a->section == s && a->item >= grown->before);
        double want = moves ? growth : 0;
        double shift = scroll_span(b->frame, direction).start - scroll_span(a->frame, direction).start;
        ok = CHECK(near(shift, want) && near(line_span(a->frame, direction).start,
                                             line_span(b->frame, direction).start),
                   "seed %llu: the inline element before item %lld of section %lld grew by %g; "
                   "cell (%lld, %lld) moved from " RECT_FMT " to " RECT_FMT ", want %g along "
                   "the scroll axis",
                   (unsigned long long)seed, (long long)grown->before, (long long)s, growth,
                   (long long)a->section, (long long)a->item, RECT_ARGS(a->frame),
                   RECT_ARGS(b->frame), want);
    }
    if (ok) {
        double total = scroll_extent_of(after.content_size, direction) -
                       scroll_extent_of(before.content_size, direction);
        ok = CHECK(near(total, growth), "seed %llu: the content grew by %g, want %g",
                   (unsigned long long)seed, total, growth);
    }
    element_list_free(&before);
    element_list_free(&after);
    cl_layout_destroy(layout);
    scene_free(&sc);
    return ok;
}

static void separators_move_what_follows(void *context) {
    (void)context;
    int tried = 0;
    for (uint64_t seed = 0; seed < SCENES && separator_growth_in_scene(seed, &tried); seed++) {}
    CHECK(tried > SCENES / 4, "only %d scenes had an inline element", tried);
}

/* ---- Decorations (SPEC §7) --------------------------------------------------------------- */

/* The section's span along the scroll axis comes from a section-coverage decoration of zero
 * insets; it is checked first (sections follow each other with no gap from 0 to the content's
 * end, header at its start, footer at its end, cells inside), then every other decoration is
 * derived from it and from the cells. Pinning is off: headers and footers at their place. */
enum { SPAN, BODY, WHOLE, ITEMS, SHADOW, TEST_DECORATIONS };

static cl_insets random_decoration_insets(rng *r) {
    /* Mostly small, some negative, now and then larger than the element (extent 0). */
    double hi = rng_int(r, 0, 4) == 0 ? 80 : 8;
    cl_insets in = {rng_double(r, -8, hi), rng_double(r, -8, hi), rng_double(r, -8, hi),
                    rng_double(r, -8, hi)};
    return in;
}

static bool get(const cl_layout *layout, int32_t category, int32_t kind, int64_t section,
                int64_t item, cl_attributes *out) {
    return CHECK_OK(layout, cl_layout_attributes(layout, category, kind, section, item, out, sizeof *out));
}

static bool decoration_in_section(const scene *sc, const cl_layout *layout, const scene_decoration *d,
                                  int64_t s, cl_rect want, uint64_t seed) {
    cl_attributes got;
    return get(layout, CL_CATEGORY_DECORATION, d->kind, s, 0, &got) &&
           CHECK(same_rect(got.frame, want) && got.z == d->def.z && got.alpha == 1 && !got.hidden,
                 "seed %llu (%s): decoration '%s' of section %lld: " RECT_FMT " z %d, want "
                 RECT_FMT " z %d",
                 (unsigned long long)seed,
                 sc->def.direction == CL_DIRECTION_VERTICAL ? "vertical" : "horizontal",
                 d->kind_name, (long long)s, RECT_ARGS(got.frame), got.z, RECT_ARGS(want), d->def.z);
}

static bool decorations_in_scene(uint64_t seed) {
    scene sc;
    scene_random(&sc, seed);
    rng r = rng_seeded(seed ^ 0xDEC0);
    sc.def.pin_headers = sc.def.pin_footers = 0;
    static const char *const names[] = {"span", "body", "whole", "items", "item-shadow"};
    size_t first = sc.decoration_count;
    for (int i = 0; i < TEST_DECORATIONS; i++) {
        cl_decoration_def def = cl_decoration_def_default();
        def.coverage = i == BODY ? CL_COVERAGE_BODY : i == ITEMS ? CL_COVERAGE_ITEMS
                                                                 : CL_COVERAGE_SECTION;
        def.scope = i == SHADOW ? CL_DECORATION_SCOPE_ITEM : CL_DECORATION_SCOPE_SECTION;
        def.z = (int32_t)rng_int(&r, -3, 3);
        if (i != SPAN) def.insets = random_decoration_insets(&r);
        scene_add_decoration(&sc, names[i], def);
    }
    const scene_decoration *d = &sc.decorations[first];
    int32_t direction = sc.def.direction;
    cl_layout *layout = NULL;
    element_list all = {0};
    bool ok = CHECK_OK(layout, scene_create_layout(&sc, NULL, &layout)) &&
              scene_elements_by_identity(&sc, layout, &all) == CL_OK;
    double e = line_extent_of(all.content_size, direction);
    double previous_end = 0;
    for (int64_t s = 0; ok && s < sc.section_count; s++) {
        const cl_section_metrics *m = &sc.sections[s].metrics;
        cl_attributes span, header, footer;
        ok = get(layout, CL_CATEGORY_DECORATION, d[SPAN].kind, s, 0, &span);
        axis_span section = scroll_span(span.frame, direction);
        axis_span across = line_span(span.frame, direction);
        ok = ok && CHECK(near(section.start, previous_end) && near(across.start, 0) &&
                             near(across.extent, e),
                         "seed %llu: section %lld spans " RECT_FMT "; want it to start at %g "
                         "and span the line axis [0, %g]",
                         (unsigned long long)seed, (long long)s, RECT_ARGS(span.frame),
                         previous_end, e);
        previous_end = section.start + section.extent;
        if (ok && m->header > 0)
            ok = get(layout, CL_CATEGORY_SUPPLEMENTARY, CL_KIND_HEADER, s, 0, &header) &&
                 CHECK(near(scroll_span(header.frame, direction).start, section.start) &&
                           near(scroll_span(header.frame, direction).extent, m->header),
                       "seed %llu: header %lld " RECT_FMT " does not start its section at %g",
                       (unsigned long long)seed, (long long)s, RECT_ARGS(header.frame), section.start);
        if (ok && m->footer > 0) {
            axis_span f = {0, 0};
            ok = get(layout, CL_CATEGORY_SUPPLEMENTARY, CL_KIND_FOOTER, s, 0, &footer);
            if (ok) f = scroll_span(footer.frame, direction);
            ok = ok && CHECK(near(f.start + f.extent, previous_end) && near(f.extent, m->footer),
                             "seed %llu: footer %lld " RECT_FMT " does not end its section at %g",
                             (unsigned long long)seed, (long long)s, RECT_ARGS(footer.frame),
                             previous_end);
        }
        /* body: between header and footer, the whole line axis. */
        axis_span body_scroll = {section.start + m->header, section.extent - m->header - m->footer};
        axis_span full_line = {0, e};
        cl_rect body = axis_rect(body_scroll, full_line, direction);
        ok = ok && decoration_in_section(&sc, layout, &d[BODY], s, shrink(body, d[BODY].def.insets), seed);
        ok = ok && decoration_in_section(&sc, layout, &d[WHOLE], s,
                                         shrink(span.frame, d[WHOLE].def.insets), seed);
        /* items: the bounding box of the cells; none without cells. A sideways section's
         * decorations do not move with its offset (SPEC §4): the box of its cells at offset 0. */
        int64_t n = sc.sections[s].item_count;
        cl_section_scroll strip = {0, 0, 0};
        if (m->style == CL_STYLE_ORTHOGONAL) ok = ok && CHECK_OK(layout, cl_layout_section_scroll(layout, s, &strip, sizeof strip));
        double dx = direction == CL_DIRECTION_VERTICAL ? strip.offset : 0;
        double dy = direction == CL_DIRECTION_VERTICAL ? 0 : strip.offset;
        double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
        for (int64_t i = 0; ok && i < n; i++) {
            cl_attributes cell, shadow;
            ok = get(layout, CL_CATEGORY_CELL, CL_KIND_CELL, s, i, &cell) &&
                 get(layout, CL_CATEGORY_DECORATION, d[SHADOW].kind, s, i, &shadow);
            cl_rect c = cell.frame, want = shrink(c, d[SHADOW].def.insets);
            x0 = fmin(x0, c.x + dx), y0 = fmin(y0, c.y + dy);
            x1 = fmax(x1, c.x + dx + c.width), y1 = fmax(y1, c.y + dy + c.height);
            ok = ok && CHECK(near(scroll_span(c, direction).start, body_scroll.start) ||
                                 scroll_span(c, direction).start > body_scroll.start,
                             "seed %llu: cell (%lld, %lld) " RECT_FMT " starts before its body",
                             (unsigned long long)seed, (long long)s, (long long)i, RECT_ARGS(c));
            ok = ok && CHECK(same_rect(shadow.frame, want) && shadow.z == d[SHADOW].def.z,
                             "seed %llu: item decoration (%lld, %lld) " RECT_FMT ", want " RECT_FMT,
                             (unsigned long long)seed, (long long)s, (long long)i,
                             RECT_ARGS(shadow.frame), RECT_ARGS(want));
        }
        if (ok && n > 0) {
            cl_rect box = {x0, y0, x1 - x0, y1 - y0};
            ok = decoration_in_section(&sc, layout, &d[ITEMS], s, shrink(box, d[ITEMS].def.insets), seed);
        } else if (ok) {
            cl_attributes none;
            ok = CHECK(cl_layout_attributes(layout, CL_CATEGORY_DECORATION, d[ITEMS].kind, s, 0,
                                            &none, sizeof none) == CL_ERROR_OUT_OF_RANGE,
                       "seed %llu: an items decoration in empty section %lld", (unsigned long long)seed,
                       (long long)s);
        }
    }
    ok = ok && CHECK(near(previous_end, scroll_extent_of(all.content_size, direction)),
                     "seed %llu: the sections end at %g, the content at %g", (unsigned long long)seed,
                     previous_end, scroll_extent_of(all.content_size, direction));
    /* Each decoration exists once, however often it is asked for. */
    for (int i = 0; ok && i < 2; i++) {
        char context[64];
        snprintf(context, sizeof context, "seed %llu: query %d of everything", (unsigned long long)seed, i);
        ok = check_rect_query(layout, &all, content_rect(all.content_size, 10000), context);
    }
    element_list_free(&all);
    cl_layout_destroy(layout);
    scene_free(&sc);
    return ok;
}

static void decoration_frames(void *context) {
    (void)context;
    for (uint64_t seed = 0; seed < SCENES && decorations_in_scene(seed); seed++) {}
}

/* ---- Pinning (SPEC §8) ------------------------------------------------------------------- */

static double clamp(double v, double lo, double hi) { return fmin(fmax(v, lo), hi); }

/* The same scene with and without pinning: at random origins along the scroll axis, pinned
 * headers and footers are where the clamp formulas put them (from the unpinned layout's
 * frames), with z 10, and every other element is exactly where the unpinned layout has it. */
static bool pinning_in_scene(uint64_t seed) {
    scene sc;
    scene_random(&sc, seed);
    rng r = rng_seeded(seed ^ 0x5EED);
    int32_t direction = sc.def.direction;
    bool pin_headers = sc.def.pin_headers, pin_footers = sc.def.pin_footers;
    cl_decoration_def span_def = cl_decoration_def_default();
    span_def.coverage = CL_COVERAGE_SECTION;  /* the section's span */
    scene_add_decoration(&sc, "span", span_def);
    int32_t span = 0;
    cl_layout *plain = NULL, *pinned = NULL;
    element_list natural = {0};
    sc.def.pin_headers = sc.def.pin_footers = 0;
    bool ok = CHECK_OK(plain, scene_create_layout(&sc, NULL, &plain)) &&
              scene_elements_by_identity(&sc, plain, &natural) == CL_OK;
    span = sc.decorations[sc.decoration_count - 1].kind;
    sc.def.pin_headers = pin_headers, sc.def.pin_footers = pin_footers;
    ok = ok && CHECK_OK(pinned, scene_create_layout(&sc, NULL, &pinned));
    double total = scroll_extent_of(natural.content_size, direction);
    for (int round = 0; ok && round < 10; round++) {
        cl_rect viewport = sc.def.viewport;
        double origin = rng_double(&r, -100, total + 100);
        if (direction == CL_DIRECTION_VERTICAL) viewport.y = origin;
        else viewport.x = origin;
        double extent = scroll_span(viewport, direction).extent;
        element_list now = {0};
        char context[96];
        snprintf(context, sizeof context, "seed %llu, pinned, origin %g", (unsigned long long)seed, origin);
        ok = CHECK_OK(pinned, cl_layout_set_viewport(pinned, viewport)) &&
             scene_elements_by_identity(&sc, pinned, &now) == CL_OK &&
             CHECK(now.count == natural.count, "%s: %zu elements, unpinned %zu", context,
                   now.count, natural.count);
        for (size_t i = 0; ok && i < natural.count; i++) {
            const cl_attributes *a = &natural.items[i].attributes, *b = &now.items[i].attributes;
            bool header = a->category == CL_CATEGORY_SUPPLEMENTARY && a->kind == CL_KIND_HEADER;
            bool footer = a->category == CL_CATEGORY_SUPPLEMENTARY && a->kind == CL_KIND_FOOTER;
            cl_attributes want = *a;
            if ((header && pin_headers) || (footer && pin_footers)) {
                cl_attributes section_span;
                ok = get(plain, CL_CATEGORY_DECORATION, span, a->section, 0, &section_span);
                axis_span sec = scroll_span(section_span.frame, direction);
                axis_span own = scroll_span(a->frame, direction);
                double header_extent = sc.sections[a->section].metrics.header;
                axis_span at = own;
                at.start = header ? clamp(origin, own.start, sec.start + sec.extent - own.extent)
                                  : clamp(origin + extent - own.extent, sec.start + header_extent,
                                          own.start);
                want.frame = axis_rect(at, line_span(a->frame, direction), direction);
                want.z = 10;
            }
            ok = ok && CHECK(same_rect(b->frame, want.frame) && b->z == want.z,
                             "%s: %s %s of section %lld " RECT_FMT " z %d, want " RECT_FMT " z %d",
                             context, category_name(a->category), natural.items[i].kind_name,
                             (long long)a->section, RECT_ARGS(b->frame), b->z,
                             RECT_ARGS(want.frame), want.z);
        }
        /* Rect queries find pinned elements where they are now. */
        ok = ok && check_rect_query(pinned, &now, viewport, context);
        element_list_free(&now);
    }
    element_list_free(&natural);
    cl_layout_destroy(plain);
    cl_layout_destroy(pinned);
    scene_free(&sc);
    return ok;
}

static void pinned_frames(void *context) {
    (void)context;
    for (uint64_t seed = 0; seed < SCENES && pinning_in_scene(seed); seed++) {}
}

void property_tests(void) {
    run_test("properties: rect queries are exact (300 random scenes)", rect_queries_are_exact, NULL);
    run_test("properties: a separator's growth moves exactly what follows it",
             separators_move_what_follows, NULL);
    run_test("properties: decoration frames from header, footer and cell frames",
             decoration_frames, NULL);
    run_test("properties: pinned header and footer frames", pinned_frames, NULL);
}
