/*
 * scene.h — a scene (SPEC §12) as a layout definition and a data source: every style (flow,
 * orthogonal, grid, waterfall, custom with its `frames`), `columns`, per-section `decorations`,
 * `spans` and `packing` (§16).
 *
 * The scene owns the data the callbacks serve; tests may change it (sizes, metrics) and then
 * invalidate the layout, as a host would after its data changed.
 */
#ifndef CL_TESTS_SCENE_H
#define CL_TESTS_SCENE_H

#include <stdbool.h>
#include <stddef.h>

#include "collectionlayout.h"
#include "elements.h"
#include "json.h"

typedef struct scene_inline {
    char kind_name[KIND_NAME_SIZE];
    cl_inline_element element;       /* element.kind: CL_KIND_FIRST_USER + index in def.kinds */
} scene_inline;

/* A badge kind (SPEC §17.1) and the badges a section's cells carry (by the kind's index). */
typedef struct scene_badge_kind {
    char kind_name[KIND_NAME_SIZE];
    cl_badge_def def;
    int32_t kind;                    /* its id, set by scene_create_layout */
} scene_badge_kind;

typedef struct scene_item_badge { int64_t item; size_t kind_index; bool has_size; cl_size size; } scene_item_badge;

typedef struct scene_section {
    int64_t item_count;
    cl_size *sizes;                  /* item_count sizes */
    cl_rect *frames;                 /* custom sections: item_count body-relative frames (§5) */
    cl_section_metrics metrics;      /* decoration_kinds: see decoration_names */
    int32_t *spans;                  /* item_count spans (SPEC §16) or NULL: served by item_spans */
    cl_keyline *keylines;            /* the effect's (SPEC §19), metrics.effect_keylines points here */
    scene_item_badge *badges;        /* sorted by item as the scene lists them */
    size_t badge_count;
    scene_inline *inlines;
    size_t inline_count;
    double offset;                   /* orthogonal sections: set after create (SPEC §4) */
    /* The decoration kinds the section shows (§7): all unless decorations_listed, else the
     * decoration_name_count names of the scene's decorations, with their ids: the names are in
     * def.kinds (after the inline kinds), and the decorations added by those names keep them. */
    bool decorations_listed;
    int32_t decoration_name_count;
    char (*decoration_names)[KIND_NAME_SIZE];
    int32_t *decoration_ids;
} scene_section;

typedef struct scene_decoration {
    char kind_name[KIND_NAME_SIZE];
    cl_decoration_def def;
    int32_t kind;                    /* its id, set by scene_create_layout */
} scene_decoration;

typedef struct scene {
    cl_layout_def def;               /* element_limit from the layout's "element_limit" */
    scene_section *sections;
    int64_t section_count;           /* served to the layout; tests may lower it */
    int64_t sections_allocated;
    scene_decoration *decorations;
    size_t decoration_count;
    const char **kind_names;         /* def.kinds: inline kinds, then listed decorations */
    scene_badge_kind *badge_kinds;   /* layout.badges: added after the first pass, then invalidated */
    size_t badge_kind_count;
    bool collapse_shrink_given;      /* layout.collapse.shrink, set after create */
    double collapse_shrink;
} scene;

/* Reads a scene object; false with a message on a malformed scene. */
bool scene_load(scene *out, const json_value *json, char *error, size_t error_size);
/* scene_load from JSON text. */
bool scene_parse(scene *out, const char *text, char *error, size_t error_size);
void scene_free(scene *s);

/* The callbacks serving the scene's data; user_data is the scene. */
cl_data_source scene_data_source(scene *s);
/* Creates the layout of the scene: its definition, data, decorations and section offsets.
 * source NULL serves the scene's data with scene_data_source(); tests may pass a wrapper. If
 * adding a decoration or setting an offset fails, *out is still the layout (to read its last
 * error). */
cl_status scene_create_layout(scene *s, const cl_data_source *source, cl_layout **out);

/* A random scene (the same for the same seed), with a bit of everything: 1-4 sections in either
 * direction, flow, grid or waterfall (columns 1-4; with separators and dividers, unique per kind
 * and place), custom (random body-relative frames) or orthogonal (rows 1-3, an offset from -50
 * to 800, clamped by the layout); grid and waterfall sections half the time with random spans
 * and packing (§16); random item sizes (some of zero
 * area), insets, spacings, headers, footers, alignments; pinning; section decorations of every
 * coverage and an item decoration, with insets that may be negative. The viewport's origin is
 * 0: tests scroll it. */
void scene_random(scene *out, uint64_t seed);

/* Adds a decoration to the scene (scene_create_layout registers it). */
void scene_add_decoration(scene *s, const char *name, cl_decoration_def def);

/* Every element the scene should have, each fetched by identity with cl_layout_attributes
 * (not by a rect query): cells, headers and footers of nonzero extent, inline elements, and
 * the scene's decorations (an items-coverage one only in a section with items). One that the
 * layout does not have is a failed CHECK naming it, and its status is returned. */
cl_status scene_elements_by_identity(const scene *s, const cl_layout *layout, element_list *out);

/* A scene with a bit of everything: flow sections of varied item sizes, an empty section,
 * headers, footers, a separator, decorations and pinning at a scrolled viewport, and a last
 * section that scrolls sideways (2 rows, offset 60). */
extern const char sample_scene_json[];

/* The folder of the shared vectors: $COLLECTIONLAYOUT_VECTORS, else Tests/vectors. */
const char *vectors_dir(void);

/* The layout of the scene of vector changes/<name>.json, the vector parsed into *json (free it
 * with json_free) and its scene into *sc (scene_free); NULL, and a failed CHECK, if it cannot
 * be made. */
cl_layout *vector_layout(const char *name, json_value **json, scene *sc);

/* Reads expected elements in the dump format (SPEC §12) into a list. */
bool expected_elements_load(element_list *out, const json_value *json, char *error,
                            size_t error_size);

#endif
