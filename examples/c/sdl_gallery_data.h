/*
 * sdl_gallery_data.h — the data of the SDL2 gallery (sdl_gallery.c): its sections, their
 * items, sizes, spans and metrics, and the layout made over them (sdl_gallery_data.c). Nothing
 * here needs SDL.
 */
#ifndef SDL_GALLERY_DATA_H
#define SDL_GALLERY_DATA_H

#include <stdint.h>

#include "collectionlayout.h"

enum { SECTIONS = 24 };
enum { TOOLBAR = 56 }; /* a translucent bar over the top of the content (content insets, SPEC §20.1) */
enum { GRID, SHELF, WATERFALL, TALL_SHELF }; /* section s is kind s % 4 */

/* The decoration kinds: ids CL_KIND_FIRST_USER + i of KINDS, registered before the first pass. */
enum { BACKGROUND = CL_KIND_FIRST_USER, SHADOW };
/* The badge kind (SPEC §17.1), added after the first pass: the next id. */
enum { UNREAD = SHADOW + 1 };

int section_kind(int64_t section);
int is_shelf(int64_t section);
/* In a grid, every 7th item from item 3 on is a banner across the whole line (CL_SPAN_FULL). */
int is_banner(int64_t section, int64_t item);

/* The gallery's layout for a viewport of width x height points (the content starts below the
 * toolbar), on a pixel grid of `display_scale`, in a layout direction (CL_LAYOUT_DIRECTION_*);
 * NULL after printing why. */
cl_layout *gallery_layout(double width, double height, double display_scale, int32_t layout_direction);

#endif
