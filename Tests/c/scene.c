/* scene.c — see scene.h. */
#include "scene.h"

#include "check.h"

#include <stdarg.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- Reading ----------------------------------------------------------------------------- */

static bool bad(char *error, size_t error_size, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    vsnprintf(error, error_size, fmt, args);
    va_end(args);
    return false;
}

typedef struct enum_name { const char *name; int32_t value; } enum_name;

static const enum_name directions[] = {
    {"vertical", CL_DIRECTION_VERTICAL}, {"horizontal", CL_DIRECTION_HORIZONTAL}, {NULL, 0}};
static const enum_name layout_directions[] = {
    {"ltr", CL_LAYOUT_DIRECTION_LTR}, {"rtl", CL_LAYOUT_DIRECTION_RTL}, {NULL, 0}};
static const enum_name alignments[] = {
    {"justified", CL_ALIGNMENT_JUSTIFIED}, {"leading", CL_ALIGNMENT_LEADING},
    {"center", CL_ALIGNMENT_CENTER}, {"trailing", CL_ALIGNMENT_TRAILING}, {NULL, 0}};
static const enum_name cross_alignments[] = {
    {"center", CL_CROSS_ALIGNMENT_CENTER}, {"start", CL_CROSS_ALIGNMENT_START},
    {"end", CL_CROSS_ALIGNMENT_END}, {NULL, 0}};
static const enum_name styles[] = {
    {"flow", CL_STYLE_FLOW}, {"orthogonal", CL_STYLE_ORTHOGONAL}, {"grid", CL_STYLE_GRID},
    {"waterfall", CL_STYLE_WATERFALL}, {"custom", CL_STYLE_CUSTOM}, {NULL, 0}};
static const enum_name packings[] = {
    {"sparse", CL_PACKING_SPARSE}, {"dense", CL_PACKING_DENSE}, {NULL, 0}};
static const enum_name scopes[] = {
    {"section", CL_DECORATION_SCOPE_SECTION}, {"item", CL_DECORATION_SCOPE_ITEM}, {NULL, 0}};
static const enum_name coverages[] = {
    {"body", CL_COVERAGE_BODY}, {"section", CL_COVERAGE_SECTION}, {"items", CL_COVERAGE_ITEMS},
    {NULL, 0}};
static const enum_name categories[] = {
    {"cell", CL_CATEGORY_CELL}, {"supplementary", CL_CATEGORY_SUPPLEMENTARY},
    {"decoration", CL_CATEGORY_DECORATION}, {NULL, 0}};

/* A string member naming an enum value; a missing member keeps *out (its default). */
static bool read_enum(const json_value *object, const char *key, const enum_name *names,
                      int32_t *out, char *error, size_t error_size) {
    const json_value *value = json_get(object, key);
    if (!value) return true;
    const char *name = json_string(value, "");
    for (const enum_name *n = names; n->name; n++)
        if (strcmp(n->name, name) == 0) { *out = n->value; return true; }
    return bad(error, error_size, "bad %s \"%s\"", key, name);
}

/* A member that is an array of n numbers; a missing member keeps out (its default). */
static bool read_numbers(const json_value *object, const char *key, double *out, size_t n,
                         char *error, size_t error_size) {
    const json_value *value = json_get(object, key);
    if (!value) return true;
    if (json_length(value) != n) return bad(error, error_size, "%s: want %zu numbers", key, n);
    for (size_t i = 0; i < n; i++) {
        const json_value *number = json_at(value, i);
        if (!number || number->type != JSON_NUMBER)
            return bad(error, error_size, "%s: want %zu numbers", key, n);
        out[i] = number->number;
    }
    return true;
}

static bool read_kind_name(const json_value *object, char *out, char *error, size_t error_size) {
    const char *name = json_string(json_get(object, "kind"), NULL);
    if (!name || strlen(name) >= KIND_NAME_SIZE) return bad(error, error_size, "bad kind name");
    strcpy(out, name);
    return true;
}

/* Insets are [top, left, bottom, right], as cl_insets. */
static bool read_insets(const json_value *object, cl_insets *out, char *error, size_t size) {
    double v[4] = {out->top, out->left, out->bottom, out->right};
    if (!read_numbers(object, "insets", v, 4, error, size)) return false;
    cl_insets insets = {v[0], v[1], v[2], v[3]};
    *out = insets;
    return true;
}

static bool read_inlines(scene_section *section, const json_value *list, char *error,
                         size_t error_size) {
    section->inline_count = json_length(list);
    section->inlines = test_calloc(section->inline_count, sizeof *section->inlines);
    for (size_t i = 0; i < section->inline_count; i++) {
        const json_value *item = json_at(list, i);
        scene_inline *out = &section->inlines[i];
        if (!read_kind_name(item, out->kind_name, error, error_size)) return false;
        out->element.before = (int64_t)json_number(json_get(item, "before"), 0);
        out->element.extent = json_number(json_get(item, "extent"), 0);
    }
    return true;
}

/* The metrics a section has when it says nothing: the definition's (SPEC §12 defaults). */
static cl_section_metrics metrics_from_def(const cl_layout_def *def) {
    cl_section_metrics m;
    memset(&m, 0, sizeof m);
    m.struct_size = sizeof m;
    m.alignment = def->alignment;
    m.insets = def->insets;
    m.line_spacing = def->line_spacing;
    m.interitem_spacing = def->interitem_spacing;
    m.header = def->header;
    m.footer = def->footer;
    m.cross_alignment = def->cross_alignment;
    m.style = def->style;
    m.rows = def->rows;
    m.columns = def->columns;
    m.decoration_kind_count = -1;
    return m;
}

/* A section's "decorations": [kind...], names of the layout's decorations (checked at load). */
static bool read_section_decorations(scene_section *out, const json_value *list, char *error,
                                     size_t error_size) {
    if (!list) return true;
    if (list->type != JSON_ARRAY) return bad(error, error_size, "decorations: want a list of kinds");
    size_t n = json_length(list);
    out->decorations_listed = true;
    out->decoration_name_count = (int32_t)n;
    out->decoration_names = test_calloc(n, sizeof *out->decoration_names);
    out->decoration_ids = test_calloc(n, sizeof *out->decoration_ids);
    for (size_t i = 0; i < n; i++) {
        const char *name = json_string(json_at(list, i), NULL);
        if (!name || strlen(name) >= KIND_NAME_SIZE) return bad(error, error_size, "decorations[%zu]: bad kind", i);
        strcpy(out->decoration_names[i], name);
    }
    return true;
}

/* A custom section's "frames": [[x, y, w, h], ...], body-relative (SPEC §5); its items. */
static bool read_frames(scene_section *out, const json_value *list, char *error, size_t error_size) {
    out->item_count = (int64_t)json_length(list);
    out->frames = test_calloc((size_t)out->item_count, sizeof *out->frames);
    out->sizes = test_calloc((size_t)out->item_count, sizeof *out->sizes);
    for (int64_t i = 0; i < out->item_count; i++) {
        double v[4];
        const json_value *frame = json_at(list, (size_t)i);
        if (json_length(frame) != 4) return bad(error, error_size, "frames[%lld]: want [x, y, w, h]", (long long)i);
        for (size_t k = 0; k < 4; k++) {
            const json_value *number = json_at(frame, k);
            if (!number || number->type != JSON_NUMBER)
                return bad(error, error_size, "frames[%lld]: want [x, y, w, h]", (long long)i);
            v[k] = number->number;
        }
        cl_rect r = {v[0], v[1], v[2], v[3]};
        cl_size size = {v[2], v[3]};
        out->frames[i] = r;
        out->sizes[i] = size;  /* served too, in case the engine asks the sizes of custom items */
    }
    return true;
}

/* `spans` (SPEC §16): a count, "full" or "remaining" per item; items past the list span 1. */
static bool read_spans(scene_section *out, const json_value *list, char *error, size_t error_size) {
    if (!list) return true;
    if ((int64_t)json_length(list) > out->item_count)
        return bad(error, error_size, "spans: %zu entries for %lld items", json_length(list), (long long)out->item_count);
    out->spans = test_calloc((size_t)out->item_count + 1, sizeof *out->spans);
    for (int64_t i = 0; i < out->item_count; i++) {
        const json_value *v = json_at(list, (size_t)i);
        const char *word = v && v->type == JSON_STRING ? v->string : NULL;
        out->spans[i] = !v ? 1 : !word ? (int32_t)json_number(v, 0)
                      : strcmp(word, "full") == 0 ? CL_SPAN_FULL
                      : strcmp(word, "remaining") == 0 ? CL_SPAN_REMAINING : 0;
        if (out->spans[i] == 0) return bad(error, error_size, "spans[%lld] is not a span", (long long)i);
    }
    return true;
}

/* `effect` (SPEC §19): keylines (the engine checks their numbers) and a curve. */
static bool read_effect(scene_section *out, const json_value *effect, char *error, size_t error_size) {
    if (!effect) return true;
    static const enum_name curves[] = {{"linear", CL_CURVE_LINEAR}, {"ease-in-out", CL_CURVE_EASE_IN_OUT}, {NULL, 0}};
    const json_value *lines = json_get(effect, "keylines");
    size_t n = json_length(lines);
    if (n == 0) return bad(error, error_size, "effect: no keylines");
    out->keylines = test_calloc(n, sizeof *out->keylines);
    for (size_t k = 0; k < n; k++) {
        const json_value *line = json_at(lines, k);
        out->keylines[k] = (cl_keyline){json_number(json_get(line, "fraction"), 0), json_number(json_get(line, "offset"), 0),
                                        json_number(json_get(line, "scale"), 1), json_number(json_get(line, "alpha"), 1),
                                        (int32_t)json_number(json_get(line, "z"), 0), 0};
    }
    out->metrics.effect_keylines = out->keylines;
    out->metrics.effect_keyline_count = (int32_t)n;
    return read_enum(effect, "curve", curves, &out->metrics.effect_curve, error, error_size);
}

static bool read_section(scene_section *out, const json_value *json, const cl_layout_def *def,
                         char *error, size_t error_size) {
    cl_section_metrics *m = &out->metrics;
    *m = metrics_from_def(def);
    m->line_spacing = json_number(json_get(json, "line_spacing"), m->line_spacing);
    m->interitem_spacing = json_number(json_get(json, "interitem_spacing"), m->interitem_spacing);
    m->header = json_number(json_get(json, "header"), m->header);
    m->footer = json_number(json_get(json, "footer"), m->footer);
    m->rows = (int32_t)json_number(json_get(json, "rows"), m->rows);
    m->columns = (int32_t)json_number(json_get(json, "columns"), m->columns);
    const json_value *estimate = json_get(json, "estimated_item_size");
    if (estimate) {
        m->estimated = 1;
        m->estimated_item_size = (cl_size){json_number(json_at(estimate, 0), -1), json_number(json_at(estimate, 1), -1)};
    }
    out->offset = json_number(json_get(json, "offset"), 0);
    if (!read_insets(json, &m->insets, error, error_size) ||
        !read_enum(json, "style", styles, &m->style, error, error_size) ||
        !read_enum(json, "packing", packings, &m->packing, error, error_size) ||
        !read_enum(json, "alignment", alignments, &m->alignment, error, error_size) ||
        !read_enum(json, "cross_alignment", cross_alignments, &m->cross_alignment, error,
                   error_size) ||
        !read_inlines(out, json_get(json, "inline"), error, error_size) ||
        !read_section_decorations(out, json_get(json, "decorations"), error, error_size) ||
        !read_effect(out, json_get(json, "effect"), error, error_size))
        return false;
    if (m->style == CL_STYLE_CUSTOM) return read_frames(out, json_get(json, "frames"), error, error_size);

    /* Items: a list of [w, h], or item_count copies of item_size. */
    const json_value *items = json_get(json, "items");
    double item_size[2] = {0, 0};
    out->item_count = items ? (int64_t)json_length(items)
                            : (int64_t)json_number(json_get(json, "item_count"), 0);
    if (out->item_count < 0) return bad(error, error_size, "negative item_count");
    if (!read_numbers(json, "item_size", item_size, 2, error, error_size)) return false;
    out->sizes = test_calloc((size_t)out->item_count, sizeof *out->sizes);
    for (int64_t i = 0; i < out->item_count; i++) {
        const json_value *pair = json_at(items, (size_t)i);
        if (items && json_length(pair) != 2)
            return bad(error, error_size, "items[%lld]: want [w, h]", (long long)i);
        out->sizes[i].width = items ? json_number(json_at(pair, 0), 0) : item_size[0];
        out->sizes[i].height = items ? json_number(json_at(pair, 1), 0) : item_size[1];
    }
    return read_spans(out, json_get(json, "spans"), error, error_size);
}

static bool read_decorations(scene *s, const json_value *list, char *error, size_t error_size) {
    s->decoration_count = json_length(list);
    s->decorations = test_calloc(s->decoration_count, sizeof *s->decorations);
    for (size_t i = 0; i < s->decoration_count; i++) {
        const json_value *json = json_at(list, i);
        scene_decoration *out = &s->decorations[i];
        out->def = cl_decoration_def_default();
        out->def.z = (int32_t)json_number(json_get(json, "z"), out->def.z);
        if (!read_kind_name(json, out->kind_name, error, error_size) ||
            !read_enum(json, "scope", scopes, &out->def.scope, error, error_size) ||
            !read_enum(json, "coverage", coverages, &out->def.coverage, error, error_size) ||
            !read_insets(json, &out->def.insets, error, error_size))
            return false;
    }
    return true;
}

/* Edges by name (SPEC §17.1): a list of top, bottom, leading, trailing as CL_EDGE_* bits. */
static int32_t read_edges(const json_value *list, int32_t fallback) {
    if (!list) return fallback;
    static const char *const names[] = {"top", "bottom", "leading", "trailing"};
    static const int32_t bits[] = {CL_EDGE_TOP, CL_EDGE_BOTTOM, CL_EDGE_LEADING, CL_EDGE_TRAILING};
    int32_t edges = 0;
    for (size_t i = 0; i < json_length(list); i++) {
        const json_value *v = json_at(list, i);
        for (size_t k = 0; k < 4; k++)
            if (v && v->type == JSON_STRING && strcmp(v->string, names[k]) == 0) edges |= bits[k];
    }
    return edges;
}

/* layout.badges (SPEC §17.1, §12's defaults). */
static bool read_badge_kinds(scene *s, const json_value *list, char *error, size_t error_size) {
    s->badge_kind_count = json_length(list);
    s->badge_kinds = test_calloc(s->badge_kind_count + 1, sizeof *s->badge_kinds);
    for (size_t i = 0; i < s->badge_kind_count; i++) {
        const json_value *json = json_at(list, i);
        scene_badge_kind *out = &s->badge_kinds[i];
        out->def = cl_badge_def_default();
        out->def.anchor = read_edges(json_get(json, "anchor"), out->def.anchor);
        out->def.badge_anchor = read_edges(json_get(json, "badge_anchor"), CL_EDGE_SAME_AS_ANCHOR);
        out->def.fractional = json_bool(json_get(json, "fractional"), false);
        out->def.z = (int32_t)json_number(json_get(json, "z"), 1);
        const json_value *offset = json_get(json, "offset"), *size = json_get(json, "size");
        out->def.dx = json_number(json_at(offset, 0), 0);
        out->def.dy = json_number(json_at(offset, 1), 0);
        out->def.size = (cl_size){json_number(json_at(size, 0), 0), json_number(json_at(size, 1), 0)};
        if (!read_kind_name(json, out->kind_name, error, error_size)) return false;
    }
    return true;
}

/* A section's badges: [{"kind", "item", "size"}], the kind one of layout.badges. */
static bool read_section_badges(const scene *s, scene_section *out, const json_value *list, char *error, size_t error_size) {
    out->badge_count = json_length(list);
    out->badges = test_calloc(out->badge_count + 1, sizeof *out->badges);
    for (size_t i = 0; i < out->badge_count; i++) {
        const json_value *json = json_at(list, i), *kind = json_get(json, "kind"), *size = json_get(json, "size");
        scene_item_badge *b = &out->badges[i];
        b->item = (int64_t)json_number(json_get(json, "item"), 0);
        b->kind_index = s->badge_kind_count;
        for (size_t k = 0; kind && kind->type == JSON_STRING && k < s->badge_kind_count; k++)
            if (strcmp(s->badge_kinds[k].kind_name, kind->string) == 0) b->kind_index = k;
        if (b->kind_index == s->badge_kind_count) return bad(error, error_size, "badges[%zu]: not a kind of layout.badges", i);
        b->has_size = size != NULL;
        b->size = (cl_size){json_number(json_at(size, 0), 0), json_number(json_at(size, 1), 0)};
    }
    return true;
}

/* Gives every kind name the first pass refers to an id, in order of first use: the inline kinds,
 * then the decorations that sections list (a decoration added later by that name keeps its id,
 * so a section's list can name it before it exists). The names go to def.kinds. */
static int32_t kind_id(scene *s, int32_t *count, const char *name) {
    int32_t k = 0;
    while (k < *count && strcmp(s->kind_names[k], name) != 0) k++;
    if (k == *count) s->kind_names[(*count)++] = name;
    return CL_KIND_FIRST_USER + k;
}

static void name_kinds(scene *s) {
    size_t total = 0;
    for (int64_t i = 0; i < s->section_count; i++)
        total += s->sections[i].inline_count + (size_t)s->sections[i].decoration_name_count;
    s->kind_names = test_calloc(total, sizeof *s->kind_names);
    int32_t count = 0;
    for (int64_t i = 0; i < s->section_count; i++)
        for (size_t j = 0; j < s->sections[i].inline_count; j++)
            s->sections[i].inlines[j].element.kind = kind_id(s, &count, s->sections[i].inlines[j].kind_name);
    for (int64_t i = 0; i < s->section_count; i++)
        for (int32_t j = 0; j < s->sections[i].decoration_name_count; j++)
            s->sections[i].decoration_ids[j] = kind_id(s, &count, s->sections[i].decoration_names[j]);
    s->def.kinds = s->kind_names;
    s->def.kind_count = count;
}

bool scene_load(scene *out, const json_value *json, char *error, size_t error_size) {
    memset(out, 0, sizeof *out);
    if (!json || json->type != JSON_OBJECT) return bad(error, error_size, "a scene is an object");
    const json_value *layout = json_get(json, "layout");

    /* Scenes default every spacing and inset to 0 (SPEC §12), unlike cl_layout_def_default(). */
    cl_layout_def *def = &out->def;
    *def = cl_layout_def_default();
    def->line_spacing = def->interitem_spacing = 0;
    def->pin_headers = json_bool(json_get(layout, "pin_headers"), false);
    def->pin_footers = json_bool(json_get(layout, "pin_footers"), false);
    def->anchoring = json_bool(json_get(layout, "anchoring"), true);
    def->element_limit = (int64_t)json_number(json_get(layout, "element_limit"), (double)def->element_limit);
    def->display_scale = json_number(json_get(layout, "display_scale"), 0);
    def->global_header = json_number(json_get(layout, "global_header"), 0);
    def->global_footer = json_number(json_get(layout, "global_footer"), 0);
    def->pin_global_header = json_bool(json_get(layout, "pin_global_header"), false);
    def->pin_global_footer = json_bool(json_get(layout, "pin_global_footer"), false);
    const json_value *collapse = json_get(layout, "collapse");
    static const enum_name collapse_modes[] = {{"scroll", CL_COLLAPSE_SCROLL}, {"pinned", CL_COLLAPSE_PINNED},
        {"floating", CL_COLLAPSE_FLOATING}, {"floating-pinned", CL_COLLAPSE_FLOATING_PINNED}, {NULL, 0}};
    if (collapse) {
        def->collapse_mode = CL_COLLAPSE_SCROLL;
        if (!read_enum(collapse, "mode", collapse_modes, &def->collapse_mode, error, error_size)) return false;
        def->collapse_min = json_number(json_get(collapse, "min"), 0);
        def->collapse_flags = (json_bool(json_get(collapse, "snap"), false) ? CL_COLLAPSE_SNAP : 0) |
                              (json_bool(json_get(collapse, "stretch"), false) ? CL_COLLAPSE_STRETCH : 0) |
                              (json_bool(json_get(collapse, "fill"), false) ? CL_COLLAPSE_FILL : 0);
        out->collapse_shrink_given = json_get(collapse, "shrink") != NULL;
        out->collapse_shrink = json_number(json_get(collapse, "shrink"), 0);
    }
    double viewport[4] = {0, 0, 0, 0}, content_insets[4] = {0, 0, 0, 0};
    if (!read_numbers(json, "viewport", viewport, 4, error, error_size) ||
        !read_numbers(layout, "content_insets", content_insets, 4, error, error_size) ||
        !read_enum(layout, "direction", directions, &def->direction, error, error_size) ||
        !read_enum(layout, "layout_direction", layout_directions, &def->layout_direction, error, error_size) ||
        !read_decorations(out, json_get(layout, "decorations"), error, error_size) ||
        !read_badge_kinds(out, json_get(layout, "badges"), error, error_size))
        return false;
    cl_rect rect = {viewport[0], viewport[1], viewport[2], viewport[3]};
    def->viewport = rect;
    cl_insets insets = {content_insets[0], content_insets[1], content_insets[2], content_insets[3]};
    def->content_insets = insets;

    const json_value *sections = json_get(json, "sections");
    out->section_count = (int64_t)json_length(sections);
    out->sections = test_calloc((size_t)out->section_count, sizeof *out->sections);
    out->sections_allocated = out->section_count;
    for (int64_t i = 0; i < out->section_count; i++) {
        if (!read_section(&out->sections[i], json_at(sections, (size_t)i), def, error,
                          error_size) ||
            !read_section_badges(out, &out->sections[i], json_get(json_at(sections, (size_t)i), "badges"), error, error_size))
            return false;
        const scene_section *sec = &out->sections[i];
        for (int32_t k = 0; k < sec->decoration_name_count; k++) {
            size_t d = 0;
            while (d < out->decoration_count && strcmp(out->decorations[d].kind_name, sec->decoration_names[k]) != 0) d++;
            if (d == out->decoration_count)
                return bad(error, error_size, "section %lld shows decoration \"%s\", which the layout does not have",
                           (long long)i, sec->decoration_names[k]);
        }
    }
    name_kinds(out);
    return true;
}

bool scene_parse(scene *out, const char *text, char *error, size_t error_size) {
    json_value *json = json_parse(text, error, error_size);
    bool ok = json && scene_load(out, json, error, error_size);
    json_free(json);
    return ok;
}

void scene_free(scene *s) {
    for (int64_t i = 0; i < s->sections_allocated; i++) {
        free(s->sections[i].sizes);
        free(s->sections[i].frames);
        free(s->sections[i].spans);
        free(s->sections[i].keylines);
        free(s->sections[i].badges);
        free(s->sections[i].inlines);
        free(s->sections[i].decoration_names);
        free(s->sections[i].decoration_ids);
    }
    free(s->sections);
    free(s->decorations);
    free(s->badge_kinds);
    free(s->kind_names);
    memset(s, 0, sizeof *s);
}

/* ---- Serving the data -------------------------------------------------------------------- */

enum { CALLBACK_FAILED = 1 };  /* any nonzero status tells the engine the callback failed */

static const scene_section *section_at(const scene *s, int64_t section) {
    return section >= 0 && section < s->section_count ? &s->sections[section] : NULL;
}

static cl_status serve_section_count(void *user_data, int64_t *out_count) {
    *out_count = ((const scene *)user_data)->section_count;
    return CL_OK;
}

static cl_status serve_item_count(void *user_data, int64_t section, int64_t *out_count) {
    const scene_section *sec = section_at(user_data, section);
    if (!sec) return CALLBACK_FAILED;
    *out_count = sec->item_count;
    return CL_OK;
}

static cl_status serve_item_sizes(void *user_data, int64_t section, int64_t first_item,
                                  int64_t count, cl_size *out_sizes) {
    const scene_section *sec = section_at(user_data, section);
    if (!sec || first_item < 0 || count < 0 || count > sec->item_count - first_item)
        return CALLBACK_FAILED;
    memcpy(out_sizes, sec->sizes + first_item, (size_t)count * sizeof *out_sizes);
    return CL_OK;
}

static cl_status serve_item_spans(void *user_data, int64_t section, int64_t first_item,
                                  int64_t count, int32_t *out_spans) {
    const scene_section *sec = section_at(user_data, section);
    if (!sec || first_item < 0 || count < 0 || count > sec->item_count - first_item)
        return CALLBACK_FAILED;
    for (int64_t i = 0; i < count; i++) out_spans[i] = sec->spans ? sec->spans[first_item + i] : 1;
    return CL_OK;
}

static cl_status serve_section_metrics(void *user_data, int64_t section,
                                       cl_section_metrics *inout) {
    const scene *s = user_data;
    const scene_section *sec = section_at(s, section);
    if (!sec) return CALLBACK_FAILED;
    /* Write no more than the engine's struct holds (struct_size is how the ABI grows). */
    cl_section_metrics metrics = sec->metrics;
    if (sec->decorations_listed) {
        metrics.decoration_kind_count = sec->decoration_name_count;
        metrics.decoration_kinds = sec->decoration_ids;
    }
    size_t size = inout->struct_size < sizeof metrics ? inout->struct_size : sizeof metrics;
    metrics.struct_size = inout->struct_size;
    memcpy(inout, &metrics, size);
    return CL_OK;
}

static cl_status serve_inline_elements(void *user_data, int64_t section, cl_inline_element *out,
                                       int64_t capacity, int64_t *out_count) {
    const scene_section *sec = section_at(user_data, section);
    if (!sec) return CALLBACK_FAILED;
    for (size_t i = 0; i < sec->inline_count && (int64_t)i < capacity; i++)
        out[i] = sec->inlines[i].element;
    *out_count = (int64_t)sec->inline_count;
    return CL_OK;
}

static cl_status serve_custom_frames(void *user_data, int64_t section, int64_t first_item,
                                     int64_t count, double line_extent, cl_rect *out_frames) {
    (void)line_extent;  /* scene frames are fixed (SPEC §12) */
    const scene_section *sec = section_at(user_data, section);
    if (!sec || !sec->frames || first_item < 0 || count < 0 || count > sec->item_count - first_item)
        return CALLBACK_FAILED;
    memcpy(out_frames, sec->frames + first_item, (size_t)count * sizeof *out_frames);
    return CL_OK;
}

/* The badges of items [first, first + count) (SPEC §17.1), once their kinds are added. */
static cl_status serve_item_badges(void *user_data, int64_t section, int64_t first, int64_t count, cl_item_badge *out,
                                   int64_t capacity, int64_t *out_count) {
    const scene *s = user_data;
    const scene_section *sec = section_at(s, section);
    if (!sec) return CALLBACK_FAILED;
    int64_t n = 0;
    for (size_t i = 0; i < sec->badge_count; i++) {
        const scene_item_badge *b = &sec->badges[i];
        int32_t kind = s->badge_kinds[b->kind_index].kind;
        if (b->item < first || b->item >= first + count || kind < CL_KIND_FIRST_USER) continue;
        if (n < capacity) out[n] = (cl_item_badge){b->item, kind, b->has_size, b->size};
        n++;
    }
    *out_count = n;
    return CL_OK;
}

cl_data_source scene_data_source(scene *s) {
    cl_data_source source = cl_data_source_default();
    source.user_data = s;
    source.section_count = serve_section_count;
    source.item_count = serve_item_count;
    source.item_sizes = serve_item_sizes;
    source.section_metrics = serve_section_metrics;
    source.inline_elements = serve_inline_elements;
    source.custom_frames = serve_custom_frames;
    source.item_spans = serve_item_spans;
    source.item_badges = serve_item_badges;
    return source;
}

cl_status scene_create_layout(scene *s, const cl_data_source *source, cl_layout **out) {
    cl_data_source own = scene_data_source(s);
    cl_layout *layout = NULL;
    cl_status status = cl_layout_create(&s->def, source ? source : &own, &layout);
    if (status != CL_OK) {
        *out = NULL;
        return status;
    }
    for (size_t i = 0; status == CL_OK && i < s->decoration_count; i++)
        status = cl_layout_add_decoration(layout, s->decorations[i].kind_name,
                                          &s->decorations[i].def, &s->decorations[i].kind);
    /* Offsets are state of the layout, not data: set after the first pass. A flow section
     * with an offset is refused, so a scene that asks for one does not pass silently. */
    for (int64_t i = 0; status == CL_OK && i < s->section_count; i++)
        if (s->sections[i].metrics.style == CL_STYLE_ORTHOGONAL || s->sections[i].offset != 0)
            status = cl_layout_set_section_offset(layout, i, s->sections[i].offset);
    /* Badge kinds exist once added: then their badges are asked for (SPEC §17.1). */
    for (size_t i = 0; status == CL_OK && i < s->badge_kind_count; i++)
        status = cl_layout_add_badge(layout, s->badge_kinds[i].kind_name, &s->badge_kinds[i].def, &s->badge_kinds[i].kind);
    if (status == CL_OK && s->badge_kind_count > 0) status = cl_layout_invalidate(layout);
    if (status == CL_OK && s->collapse_shrink_given) status = cl_layout_set_collapse_shrink(layout, s->collapse_shrink);
    /* On failure the layout is still returned, so the caller can read its last error. */
    *out = layout;
    return status;
}

/* ---- Random scenes ---------------------------------------------------------------------- */

static void random_inlines(scene_section *sec, rng *r) {
    static const char *const kinds[] = {"separator", "divider"};
    sec->inlines = test_calloc(8, sizeof *sec->inlines);
    for (size_t k = 0; k < 2; k++) {
        if (!rng_bool(r)) continue;
        for (int64_t n = rng_int(r, 0, 3); n > 0; n--) {
            int64_t before = rng_int(r, 0, sec->item_count);
            bool taken = false;  /* one element per (kind, before): its identity */
            for (size_t i = 0; i < sec->inline_count; i++)
                taken |= sec->inlines[i].element.before == before &&
                         strcmp(sec->inlines[i].kind_name, kinds[k]) == 0;
            if (taken) continue;
            scene_inline *e = &sec->inlines[sec->inline_count++];
            strcpy(e->kind_name, kinds[k]);
            e->element.before = before;
            e->element.extent = (double)rng_int(r, 0, 8);
        }
    }
    /* Declaration order need not follow `before`. */
    for (size_t i = sec->inline_count; i > 1; i--) {
        size_t j = (size_t)rng_int(r, 0, (int64_t)i - 1);
        scene_inline t = sec->inlines[i - 1];
        sec->inlines[i - 1] = sec->inlines[j];
        sec->inlines[j] = t;
    }
}

static cl_insets random_insets(rng *r, double lo, double hi) {
    cl_insets insets = {rng_double(r, lo, hi), rng_double(r, lo, hi), rng_double(r, lo, hi),
                        rng_double(r, lo, hi)};
    return insets;
}

void scene_random(scene *out, uint64_t seed) {
    rng r = rng_seeded(seed);
    memset(out, 0, sizeof *out);
    cl_layout_def *def = &out->def;
    *def = cl_layout_def_default();
    def->direction = rng_bool(&r) ? CL_DIRECTION_VERTICAL : CL_DIRECTION_HORIZONTAL;
    def->viewport.width = rng_double(&r, 80, 400);
    def->viewport.height = rng_double(&r, 80, 400);
    def->pin_headers = rng_bool(&r);
    def->pin_footers = rng_bool(&r);

    out->section_count = out->sections_allocated = rng_int(&r, 1, 4);
    out->sections = test_calloc((size_t)out->section_count, sizeof *out->sections);
    for (int64_t i = 0; i < out->section_count; i++) {
        scene_section *sec = &out->sections[i];
        sec->item_count = rng_int(&r, 0, 40);
        sec->sizes = test_calloc((size_t)sec->item_count, sizeof *sec->sizes);
        for (int64_t j = 0; j < sec->item_count; j++) {
            sec->sizes[j].width = (double)rng_int(&r, 0, 120);
            sec->sizes[j].height = (double)rng_int(&r, 0, 90);
        }
        cl_section_metrics *m = &sec->metrics;
        *m = metrics_from_def(def);
        m->insets = random_insets(&r, 0, 20);
        m->line_spacing = (double)rng_int(&r, 0, 12);
        m->interitem_spacing = (double)rng_int(&r, 0, 12);
        m->header = rng_bool(&r) ? 0 : (double)rng_int(&r, 10, 44);
        m->footer = rng_bool(&r) ? 0 : 20;
        m->alignment = (int32_t)rng_int(&r, CL_ALIGNMENT_JUSTIFIED, CL_ALIGNMENT_TRAILING);
        m->cross_alignment = (int32_t)rng_int(&r, CL_CROSS_ALIGNMENT_CENTER, CL_CROSS_ALIGNMENT_END);
        /* Orthogonal 1 in 3; of the rest, flow 2 in 5, grid, waterfall and custom 1 in 5. */
        int64_t style = rng_int(&r, 0, 2) == 0 ? 0 : rng_int(&r, 1, 5);
        if (style == 0) {
            m->style = CL_STYLE_ORTHOGONAL;
            m->rows = (int32_t)rng_int(&r, 1, 3);
            sec->offset = rng_double(&r, -50, 800);
        } else if (style == 1) {
            /* Custom frames anywhere along the line axis (even outside the viewport), at or
             * after the body's start along the scroll axis. */
            m->style = CL_STYLE_CUSTOM;
            sec->frames = test_calloc((size_t)sec->item_count, sizeof *sec->frames);
            for (int64_t j = 0; j < sec->item_count; j++) {
                cl_rect f = {(double)rng_int(&r, -20, 400), (double)rng_int(&r, 0, 300),
                             sec->sizes[j].width, sec->sizes[j].height};
                if (def->direction == CL_DIRECTION_HORIZONTAL) {
                    double x = f.x;
                    f.x = f.y, f.y = x;
                }
                sec->frames[j] = f;
            }
        } else {
            if (style == 2 || style == 3) m->style = style == 2 ? CL_STYLE_GRID : CL_STYLE_WATERFALL;
            m->columns = (int32_t)rng_int(&r, 1, 4);
            random_inlines(sec, &r);  /* inline elements: not in orthogonal or custom sections */
            if (style <= 3 && rng_bool(&r)) {  /* spans (SPEC §16): counts up to 5, full, remaining */
                m->packing = rng_bool(&r) ? CL_PACKING_DENSE : CL_PACKING_SPARSE;
                sec->spans = test_calloc((size_t)sec->item_count + 1, sizeof *sec->spans);
                for (int64_t j = 0; j < sec->item_count; j++) {
                    int64_t k = rng_int(&r, -1, 5);
                    sec->spans[j] = k == 0 ? CL_SPAN_REMAINING : k < 0 ? CL_SPAN_FULL : (int32_t)k;
                }
            }
        }
    }
    name_kinds(out);

    static const char *const backgrounds[] = {"background-body", "background-section",
                                              "background-items"};
    out->decorations = test_calloc(4, sizeof *out->decorations);
    for (int32_t coverage = CL_COVERAGE_BODY; coverage <= CL_COVERAGE_ITEMS; coverage++) {
        if (!rng_bool(&r)) continue;
        scene_decoration *d = &out->decorations[out->decoration_count++];
        strcpy(d->kind_name, backgrounds[coverage]);
        d->def = cl_decoration_def_default();
        d->def.coverage = coverage;
        d->def.insets = random_insets(&r, -6, 6);
        d->def.z = -2;
    }
    if (rng_bool(&r)) {
        scene_decoration *d = &out->decorations[out->decoration_count++];
        strcpy(d->kind_name, "shadow");
        d->def = cl_decoration_def_default();
        d->def.scope = CL_DECORATION_SCOPE_ITEM;
        d->def.insets = random_insets(&r, -6, 6);
    }
}

void scene_add_decoration(scene *s, const char *name, cl_decoration_def def) {
    scene_decoration *grown = test_calloc(s->decoration_count + 1, sizeof *grown);
    if (s->decoration_count > 0) memcpy(grown, s->decorations, s->decoration_count * sizeof *grown);
    snprintf(grown[s->decoration_count].kind_name, KIND_NAME_SIZE, "%s", name);
    grown[s->decoration_count++].def = def;
    free(s->decorations);
    s->decorations = grown;
}

/* Appends the attributes of one identity; a status if the layout does not have it. */
static cl_status fetch(const cl_layout *layout, int32_t category, int32_t kind, int64_t section,
                       int64_t item, element_list *out) {
    element *e = &out->items[out->count];
    const char *name = "";
    cl_status status = cl_layout_attributes(layout, category, kind, section, item, &e->attributes, sizeof e->attributes);
    if (status == CL_OK) status = cl_layout_kind_name(layout, kind, &name);
    if (status != CL_OK) {  /* name the identity here: the caller cannot */
        check_that(false, __FILE__, __LINE__, "%s kind %d (%lld, %lld) by identity: %s",
                   category_name(category), kind, (long long)section, (long long)item,
                   cl_layout_last_error(layout));
        return status;
    }
    strncpy(e->kind_name, name, KIND_NAME_SIZE - 1);
    out->count++;
    return CL_OK;
}

/* Whether a section shows a decoration (SPEC §7): every one unless it lists what it shows. */
static bool section_shows(const scene_section *sec, const scene_decoration *dec) {
    if (!sec->decorations_listed) return true;
    for (int32_t k = 0; k < sec->decoration_name_count; k++)
        if (strcmp(sec->decoration_names[k], dec->kind_name) == 0) return true;
    return false;
}

cl_status scene_elements_by_identity(const scene *s, const cl_layout *layout, element_list *out) {
    memset(out, 0, sizeof *out);
    size_t capacity = 0;
    for (int64_t i = 0; i < s->section_count; i++)
        capacity += 2 + s->sections[i].inline_count +
                    (size_t)(s->sections[i].item_count + 1) * (1 + s->decoration_count);
    out->items = test_calloc(capacity, sizeof *out->items);
    cl_status status = cl_layout_content_size(layout, &out->content_size);
    for (int64_t i = 0; status == CL_OK && i < s->section_count; i++) {
        const scene_section *sec = &s->sections[i];
        if (sec->metrics.header > 0)
            status = fetch(layout, CL_CATEGORY_SUPPLEMENTARY, CL_KIND_HEADER, i, 0, out);
        if (status == CL_OK && sec->metrics.footer > 0)
            status = fetch(layout, CL_CATEGORY_SUPPLEMENTARY, CL_KIND_FOOTER, i, 0, out);
        for (int64_t j = 0; status == CL_OK && j < sec->item_count; j++)
            status = fetch(layout, CL_CATEGORY_CELL, CL_KIND_CELL, i, j, out);
        for (size_t j = 0; status == CL_OK && j < sec->inline_count; j++)
            status = fetch(layout, CL_CATEGORY_SUPPLEMENTARY, sec->inlines[j].element.kind, i,
                           sec->inlines[j].element.before, out);
        for (size_t d = 0; status == CL_OK && d < s->decoration_count; d++) {
            const scene_decoration *dec = &s->decorations[d];
            if (!section_shows(sec, dec)) continue;
            if (dec->def.scope == CL_DECORATION_SCOPE_ITEM) {
                for (int64_t j = 0; status == CL_OK && j < sec->item_count; j++)
                    status = fetch(layout, CL_CATEGORY_DECORATION, dec->kind, i, j, out);
            } else if (dec->def.coverage != CL_COVERAGE_ITEMS || sec->item_count > 0) {
                status = fetch(layout, CL_CATEGORY_DECORATION, dec->kind, i, 0, out);
            }
        }
    }
    return status;
}

/* ---- A sample scene ---------------------------------------------------------------------- */

const char sample_scene_json[] =
    "{\"viewport\": [0, 40, 320, 300],"
    " \"layout\": {\"pin_headers\": true, \"pin_footers\": true, \"decorations\": ["
    "   {\"kind\": \"background\", \"scope\": \"section\", \"coverage\": \"body\"},"
    "   {\"kind\": \"shadow\", \"scope\": \"item\", \"insets\": [1, 1, -2, 1], \"z\": -2}]},"
    " \"sections\": ["
    "  {\"items\": [[100, 40], [60, 60], [90, 30], [150, 50], [80, 80], [120, 45], [70, 70]],"
    "   \"insets\": [10, 10, 10, 10], \"line_spacing\": 5, \"interitem_spacing\": 10,"
    "   \"header\": 30, \"footer\": 20,"
    "   \"inline\": [{\"kind\": \"separator\", \"before\": 3, \"extent\": 1}]},"
    "  {\"item_count\": 0, \"insets\": [5, 5, 5, 5], \"header\": 24},"
    "  {\"item_count\": 12, \"item_size\": [70, 50], \"insets\": [0, 10, 10, 10],"
    "   \"line_spacing\": 8, \"interitem_spacing\": 8, \"alignment\": \"center\","
    "   \"cross_alignment\": \"start\", \"header\": 30},"
    "  {\"style\": \"orthogonal\", \"rows\": 2, \"item_count\": 9, \"item_size\": [90, 40],"
    "   \"insets\": [8, 12, 8, 12], \"line_spacing\": 6, \"interitem_spacing\": 8,"
    "   \"header\": 24, \"offset\": 60}]}";

/* ---- Expected output --------------------------------------------------------------------- */

bool expected_elements_load(element_list *out, const json_value *json, char *error,
                            size_t error_size) {
    memset(out, 0, sizeof *out);
    double size[2] = {0, 0};
    if (!read_numbers(json, "content_size", size, 2, error, error_size)) return false;
    out->content_size.width = size[0];
    out->content_size.height = size[1];
    const json_value *list = json_get(json, "elements");
    size_t count = json_length(list);
    out->items = test_calloc(count, sizeof *out->items);
    for (size_t i = 0; i < count; i++) {
        const json_value *json_element = json_at(list, i);
        element *e = &out->items[i];
        cl_attributes *a = &e->attributes;
        double frame[4] = {0, 0, 0, 0};
        if (!read_enum(json_element, "category", categories, &a->category, error, error_size) ||
            !read_kind_name(json_element, e->kind_name, error, error_size) ||
            !read_numbers(json_element, "frame", frame, 4, error, error_size))
            return false;
        a->section = (int64_t)json_number(json_get(json_element, "section"), 0);
        a->item = (int64_t)json_number(json_get(json_element, "item"), 0);
        a->frame.x = frame[0];
        a->frame.y = frame[1];
        a->frame.width = frame[2];
        a->frame.height = frame[3];
        a->z = (int32_t)json_number(json_get(json_element, "z"), 0);
        a->alpha = json_number(json_get(json_element, "alpha"), 1);
        a->scale = json_number(json_get(json_element, "scale"), 1);
        a->hidden = json_bool(json_get(json_element, "hidden"), false);
        out->count++;
    }
    return true;
}

const char *vectors_dir(void) {
    const char *dir = getenv("COLLECTIONLAYOUT_VECTORS");
    return dir && *dir ? dir : "Tests/vectors";
}

cl_layout *vector_layout(const char *name, json_value **json, scene *sc) {
    char path[512], error[256] = "";
    snprintf(path, sizeof path, "%s/changes/%s.json", vectors_dir(), name);
    *json = json_parse_file(path, error, sizeof error);
    memset(sc, 0, sizeof *sc);
    if (!CHECK(*json != NULL, "%s: %s", path, error)) return NULL;
    if (!CHECK(scene_load(sc, json_get(*json, "scene"), error, sizeof error), "%s: %s", path, error)) return NULL;
    cl_layout *layout = NULL;
    CHECK_OK(layout, scene_create_layout(sc, NULL, &layout));
    return layout;
}
