/*
 * scene.h — a scene (SPEC §12) as a flow definition and a data source.
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

typedef struct scene_section {
    int64_t item_count;
    cl_size *sizes;                  /* item_count sizes */
    cl_section_metrics metrics;
    scene_inline *inlines;
    size_t inline_count;
    double offset;                   /* orthogonal sections: set after create (SPEC §4) */
} scene_section;

typedef struct scene_decoration {
    char kind_name[KIND_NAME_SIZE];
    cl_decoration_def def;
    int32_t kind;                    /* its id, set by scene_create_layout */
} scene_decoration;

typedef struct scene {
    cl_flow_def def;
    scene_section *sections;
    int64_t section_count;           /* served to the layout; tests may lower it */
    int64_t sections_allocated;
    scene_decoration *decorations;
    size_t decoration_count;
    const char **kind_names;         /* the inline kinds, in order of first use; def.kinds */
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

/* A scene with a bit of everything the flow style has: sections of varied item sizes, an empty
 * section, headers, footers, a separator, decorations and pinning at a scrolled viewport. */
extern const char sample_scene_json[];

/* Reads expected elements in the dump format (SPEC §12) into a list. */
bool expected_elements_load(element_list *out, const json_value *json, char *error,
                            size_t error_size);

#endif
