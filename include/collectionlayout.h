/*
 * collectionlayout.h — the C ABI of CollectionLayout, a collection-view layout engine.
 *
 * This header is the single source of truth for the ABI: the Swift export layer is checked
 * against it at compile time (`@c @implementation`).
 *
 * Conventions
 *   - Every function returns cl_status (CL_OK = 0, errors negative); results go through
 *     out-pointers. cl_status_string() is static text; cl_layout_last_error() is the detailed
 *     message of the last failure on a handle.
 *   - Opaque handles (cl_layout *, cl_diff *, cl_transition *): one create, one destroy;
 *     destroying NULL is a no-op. A handle is a token, not an address: never dereference it.
 *     NULL, a destroyed handle, a handle of another type (a cl_diff * passed as a cl_layout *) or
 *     any other value is refused with CL_ERROR_INVALID_HANDLE, and ignored by the destroy
 *     functions. A destroyed handle stays refused for the life of the process, also after newer
 *     handles of its type have taken its place: each carries a 32-bit generation of its slot,
 *     and a slot is retired after 2^32 - 1 reuses rather than wrap. At most 2^24 handles of one
 *     type are alive at once (a create beyond is CL_ERROR_LIMIT). Destroying a handle while
 *     another thread is inside a call on it breaks the threading rule below; the library only
 *     keeps the object alive until that call returns.
 *   - Out-pointers are required: NULL is CL_ERROR_INVALID_ARGUMENT. The one exception is a
 *     result buffer with capacity 0, which only counts (cl_layout_elements_in_rect).
 *   - The ABI grows by appending fields. Every struct the caller passes in carries its size
 *     (struct_size, set by its default initializer: `cl_layout_def def = cl_layout_def_default();`)
 *     and the library follows the Linux kernel's copy_struct_from_user rule: it reads exactly
 *     struct_size bytes; a smaller size is an older caller (it must be the size of an earlier
 *     version of the struct, e.g. 160 for 0.3's cl_flow_def; the missing fields take their
 *     defaults), a larger one a newer caller (at most 4096; accepted only if the bytes past the
 *     library's size are zero, else CL_ERROR_INVALID_ARGUMENT naming the struct).
 *   - Structs the caller passes in start from their default initializer: cl_layout_def,
 *     cl_data_source, cl_array_source, cl_decoration_def, cl_badge_def, cl_batch_update, cl_diff_side,
 *     cl_fling_def, cl_focus_request, cl_prefetch_request, cl_executor (cl_..._default()); the
 *     cl_section_metrics rows of a cl_array_source from cl_section_metrics_from_def(). A
 *     section_metrics callback leaves struct_size as the engine set it.
 *   - Structs the library writes take the caller's size, at least the struct's size in 0.4: the
 *     library writes the fields that fit and zero-fills bytes past its own size. The size is
 *     either an argument (pass sizeof): cl_attributes (attributes_size), cl_section_scroll
 *     (scroll_size), cl_update_summary (summary_size), cl_element_change (element_size),
 *     cl_size_change (change_size), cl_fling (fling_size), cl_focus_answer (answer_size),
 *     cl_prefetch_element (element_size); or the struct_size of the
 *     out-struct itself, which the caller sets by initialising it with its cl_..._default()
 *     BEFORE the call. In 0.4 that is one struct: the cl_batch_update that cl_diff_create
 *     writes (cl_batch_update_default()). The
 *     library reads that struct_size to learn how many bytes it may write: left uninitialised, it
 *     is refused (CL_ERROR_INVALID_ARGUMENT) or, if the garbage happens to look like a larger
 *     struct, memory past the caller's struct is overwritten.
 *   - Query results go into caller buffers; no memory allocated by the library crosses the
 *     boundary. Frames are in content coordinates (origin top-left, y down), in points; no
 *     frame, size or offset the library reports is ever NaN or infinite.
 *   - A failed call leaves the layout in its last good state; it stays queryable.
 *   - Threads: a handle is not thread-safe; use one handle from one thread at a time (it may
 *     move between threads, e.g. under the caller's lock). Different layouts may be used from
 *     different threads at once, and diffs likewise. cl_version, cl_status_string and
 *     cl_layout_last_error(NULL) (which is per thread) may be called from any thread. Callbacks
 *     run on the calling thread; they may use other layouts, not their own (CL_ERROR_REENTRANT).
 *     The library starts no thread of its own; a host that hands a layout its executor
 *     (cl_executor) has that layout's big passes run on its own threads. More:
 *     docs/reliability.md, "Threads".
 *
 * The layout contract (what frames are produced) is docs/SPEC.md in the source tree; "SPEC §N"
 * below means a section of that file.
 */
#ifndef COLLECTIONLAYOUT_H
#define COLLECTIONLAYOUT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Version ------------------------------------------------------------------------------- */

#define CL_VERSION_MAJOR 0
#define CL_VERSION_MINOR 4
#define CL_VERSION_PATCH 0
/* MAJOR * 10000 + MINOR * 100 + PATCH */
#define CL_VERSION_NUMBER (CL_VERSION_MAJOR * 10000 + CL_VERSION_MINOR * 100 + CL_VERSION_PATCH)

/* The library's CL_VERSION_NUMBER; compare it with the header's at load time. */
uint32_t cl_version(void);

/* ---- Status codes -------------------------------------------------------------------------- */

typedef int32_t cl_status;

#define CL_OK                       0
#define CL_ERROR_INVALID_HANDLE    (-1) /* NULL or destroyed handle */
#define CL_ERROR_INVALID_ARGUMENT  (-2) /* NaN, infinite or negative value; NULL pointer; bad enum */
#define CL_ERROR_OUT_OF_RANGE      (-3) /* index path, section or element that does not exist */
#define CL_ERROR_CALLBACK          (-4) /* a data-source callback reported failure */
#define CL_ERROR_BAD_CALLBACK_DATA (-5) /* a data-source callback returned invalid values */
#define CL_ERROR_REENTRANT         (-6) /* called from inside a data-source callback of this layout */
#define CL_ERROR_BUFFER_TOO_SMALL  (-7) /* the needed count was written to the out count */
#define CL_ERROR_UNKNOWN_KIND      (-8) /* a kind id or name that is not registered */
#define CL_ERROR_LIMIT            (-9) /* over the element limit or the memory budget, or an
                                          * extent that is not finite */

/* The element limit: sections, items and inline elements of a layout count against it together.
 * This is the default and the largest value of cl_layout_def.element_limit (SPEC §11). The
 * engine reads every count and checks the limit before it asks for any size or reserves memory
 * in proportion to a count. Counts within the limit whose layout would need more memory than
 * the process may use (three quarters of the machine's memory, RLIMIT_AS or RLIMIT_DATA,
 * whichever is least; about 1 KiB per section and 64 bytes per item) are CL_ERROR_LIMIT too:
 * an allocation that fails would end the process. */
#define CL_MAX_ITEMS (1 << 28)

/* Static text for a status code ("ok", "invalid handle", ...). Never NULL. */
const char *cl_status_string(cl_status status);

/* ---- Geometry ------------------------------------------------------------------------------ */

typedef struct cl_size { double width, height; } cl_size;
typedef struct cl_rect { double x, y, width, height; } cl_rect;
/* Screen insets. For a vertical layout top/bottom are the scroll-axis insets; for a horizontal
 * layout left/right are (SPEC §2). */
typedef struct cl_insets { double top, left, bottom, right; } cl_insets;
typedef struct cl_index_path { int64_t section, item; } cl_index_path;

/* ---- Enumerations (int32_t fields in the structs below) ------------------------------------ */

#define CL_DIRECTION_VERTICAL   0
#define CL_DIRECTION_HORIZONTAL 1

/* Collapsing layout headers (cl_layout_def.collapse_mode, SPEC §18). */
#define CL_COLLAPSE_NONE            0
#define CL_COLLAPSE_SCROLL          1 /* shrinks to min, then scrolls away with the content */
#define CL_COLLAPSE_PINNED          2 /* shrinks to min, then stays at the visible start */
#define CL_COLLAPSE_FLOATING        3 /* like scroll, back as soon as the viewport moves back */
#define CL_COLLAPSE_FLOATING_PINNED 4 /* like pinned, grows back as soon as the viewport moves back */
/* cl_layout_def.collapse_flags */
#define CL_COLLAPSE_SNAP    1 /* never at rest half open: a target rule (cl_layout_target_content_offset) */
#define CL_COLLAPSE_STRETCH 2 /* grows into an overscroll at the start */
#define CL_COLLAPSE_FILL    4 /* the content is long enough for the header to collapse fully */

/* Layout direction (SPEC §15), apart from the scroll direction. */
#define CL_LAYOUT_DIRECTION_LTR 0
#define CL_LAYOUT_DIRECTION_RTL 1 /* the left-to-right layout mirrored once along x */

/* Line alignment along the line axis (SPEC §3). */
#define CL_ALIGNMENT_JUSTIFIED 0 /* UIKit's flow layout */
#define CL_ALIGNMENT_LEADING   1
#define CL_ALIGNMENT_CENTER    2
#define CL_ALIGNMENT_TRAILING  3

/* Alignment of an item inside its line, along the scroll axis. */
#define CL_CROSS_ALIGNMENT_CENTER 0 /* UIKit's flow layout */
#define CL_CROSS_ALIGNMENT_START  1
#define CL_CROSS_ALIGNMENT_END    2

/* Section styles (SPEC §3-5); a layout may mix them section by section. */
#define CL_STYLE_FLOW       0 /* UICollectionViewFlowLayout: items broken into lines */
#define CL_STYLE_ORTHOGONAL 1 /* a strip of `rows` rows that scrolls along the line axis */
#define CL_STYLE_GRID       2 /* `columns` equal columns; rows as thick as their thickest item */
#define CL_STYLE_WATERFALL  3 /* masonry: each item to the shortest of `columns` columns */
#define CL_STYLE_CUSTOM     4 /* the custom_frames callback places the items (SPEC §5) */

/* How a grid places items that span columns (cl_section_metrics.packing, SPEC §16). A waterfall
 * checks the value but has no rows to pack. */
#define CL_PACKING_SPARSE 0 /* in item order; an item that does not fit starts a new row */
#define CL_PACKING_DENSE  1 /* each item in the first row of its run with room for it */

/* Curves of a scroll effect between two keylines (cl_section_metrics.effect_curve, SPEC §19). */
#define CL_CURVE_LINEAR      0
#define CL_CURVE_EASE_IN_OUT 1 /* smoothstep, t * t * (3 - 2t) */

/* Spans of grid and waterfall items (the item_spans callback, SPEC §16): a count k >= 1 (above
 * the section's columns counts as all of them) or one of these. 0 and other negatives are
 * CL_ERROR_BAD_CALLBACK_DATA. */
#define CL_SPAN_FULL      (-1) /* every column */
#define CL_SPAN_REMAINING (-2) /* a grid: the rest of the current row, or a new full row;
                                * a waterfall: every column */

/* Snapping of a section's sideways offset (cl_layout_section_target_offset, SPEC §10). */
#define CL_SNAP_NONE          0
#define CL_SNAP_ITEM          1 /* a column's leading edge at the leading inset */
#define CL_SNAP_PAGE          2 /* multiples of the viewport's line-axis extent */
#define CL_SNAP_ITEM_PAGING   3 /* like item, at most one column from the current offset */
#define CL_SNAP_ITEM_CENTERED 4 /* a column centred in the viewport */

/* Deceleration rates (UIScrollView): the projected offset is offset + v/1000 * r/(1-r). */
#define CL_DECELERATION_NORMAL 0.998
#define CL_DECELERATION_FAST   0.99

/* Element categories. */
#define CL_CATEGORY_CELL          0
#define CL_CATEGORY_SUPPLEMENTARY 1
#define CL_CATEGORY_DECORATION    2

/* Kind ids. Kinds are strings at registration and small integers after; these are built in. */
#define CL_KIND_CELL   0 /* the kind of every cell: "" */
#define CL_KIND_HEADER 1 /* "header", item 0 of its section */
#define CL_KIND_FOOTER 2 /* "footer", item 0 of its section */
#define CL_KIND_GLOBAL_HEADER 3 /* "global_header": the layout's own header, index path [0, 0] (SPEC §17.2) */
#define CL_KIND_GLOBAL_FOOTER 4 /* "global_footer": the layout's own footer, index path [0, 0] */
/* The id of the first kind in cl_layout_def.kinds, then 6, 7, ... (3 in 0.3: look kinds up by
 * name with cl_layout_register_kind, which gives a known name its id, rather than count on it). */
#define CL_KIND_FIRST_USER 5

/* Decoration scope and coverage (SPEC §7). */
#define CL_DECORATION_SCOPE_SECTION 0 /* one per section, index path (section, 0) */
#define CL_DECORATION_SCOPE_ITEM    1 /* one per cell, the cell's index path */

#define CL_COVERAGE_BODY    0 /* line axis [0, E]; scroll axis between header and footer */
#define CL_COVERAGE_SECTION 1 /* the whole section, header and footer included */
#define CL_COVERAGE_ITEMS   2 /* bounding box of the section's cells; none without cells */

/* ---- Definitions --------------------------------------------------------------------------- */

/* The layout-wide definition. The per-section values are the defaults that the section_metrics
 * callback may override section by section. Fields are only ever appended (see Conventions). */
typedef struct cl_layout_def {
    uint32_t struct_size;      /* sizeof(cl_layout_def); set by cl_layout_def_default() */
    int32_t direction;         /* CL_DIRECTION_*; default vertical */
    cl_rect viewport;          /* initial viewport (scroll offset and visible size); default 0 */
    cl_size item_size;         /* size of every item when there is no item_sizes callback; 50x50 */
    cl_insets insets;          /* section insets; default 0 */
    double line_spacing;       /* between lines of a section body; default 10 (UIKit) */
    double interitem_spacing;  /* minimum between items of a line; default 10 (UIKit) */
    double header;             /* header extent along the scroll axis; 0 = no header */
    double footer;             /* footer extent along the scroll axis; 0 = no footer */
    int32_t alignment;         /* CL_ALIGNMENT_*; default justified */
    int32_t cross_alignment;   /* CL_CROSS_ALIGNMENT_*; default center */
    int32_t style;             /* CL_STYLE_*; default flow */
    int32_t rows;              /* orthogonal sections: rows of the strip, >= 1; default 1 */
    int32_t pin_headers;       /* nonzero: headers stick to the viewport's leading edge (SPEC §8) */
    int32_t pin_footers;       /* nonzero: footers stick to the viewport's trailing edge */
    /* User supplementary kinds (e.g. "separator") the inline_elements callback refers to, known
     * before the first layout pass: kinds[i] gets id CL_KIND_FIRST_USER + i. Names are unique
     * and none is "", "header", "footer", "global_header" or "global_footer". Copied at create. */
    const char *const *kinds;
    int32_t kind_count;
    int32_t reserved;          /* zero */
    /* -- 0.4 -- */
    int32_t columns;           /* grid and waterfall sections: columns, >= 1; default 2 */
    int32_t anchoring;         /* nonzero (the default): changes keep the first visible cell in
                                * place on screen (SPEC §10.4); zero: the origin is only clamped */
    /* At most this many sections, items and inline elements together (SPEC §11); default and
     * largest value CL_MAX_ITEMS. */
    int64_t element_limit;
    /* The scroll view's content insets (UIScrollView's adjustedContentInset; SPEC §20.1): bars
     * over the content, finite, any sign; default 0. The line axis loses its insets; the scroll
     * range becomes [-lead, max(-lead, content - viewport + trail)]; pinning, anchoring, targets
     * and scrolling to an element keep clear of them. Rect queries and hit-tests ignore them. */
    cl_insets content_insets;
    /* Display pixels per point (SPEC §20.2): every reported frame has its edges rounded to that
     * pixel grid (half up, as Yoga does); finite, >= 0; 0 (the default) is off. The layout, the
     * content size and every scroll position stay exact. */
    double display_scale;
    /* (added during 0.4: a struct that ends at display_scale is accepted) */
    /* CL_LAYOUT_DIRECTION_*; default ltr (SPEC §15). Right to left, every frame the library
     * reports is the left-to-right one mirrored, x' = W - x - w, with W the line extent
     * (vertical) or max(content width, viewport width - left - right content insets)
     * (horizontal). Section, decoration and badge insets and alignments read left as leading
     * (the right); content insets, viewports, rects and points stay physical. In a horizontal
     * layout scroll offsets map as W - V - o and velocities change sign; section offsets (SPEC
     * §4) stay logical: 0 shows a strip's start, at its right. */
    int32_t layout_direction;
    int32_t reserved2;         /* zero */
    /* The layout's own header and footer (SPEC §17.2): extents along the scroll axis,
     * finite, >= 0; 0 (the default) is none. The header lies on [0, global_header) spanning the
     * line axis, the sections follow it, the footer follows them; both exist with no sections.
     * Elements (CL_CATEGORY_SUPPLEMENTARY, CL_KIND_GLOBAL_HEADER / CL_KIND_GLOBAL_FOOTER, 0, 0). */
    double global_header;
    double global_footer;
    /* nonzero: the layout's header stays at the viewport's leading edge (inside the content) and
     * section headers pin beneath it; the footer likewise at the trailing edge. z 20 when pinned. */
    int32_t pin_global_header;
    int32_t pin_global_footer;
    /* The layout's header collapses as the content scrolls (SPEC §18; needs global_header > 0 and
     * excludes pin_global_header): CL_COLLAPSE_NONE (the default) or a CL_COLLAPSE_* mode,
     * CL_COLLAPSE_SNAP / _STRETCH / _FILL flags, and its smallest extent, 0 <= min <= global_header. */
    int32_t collapse_mode;
    int32_t collapse_flags;
    double collapse_min;
} cl_layout_def;

cl_layout_def cl_layout_def_default(void);
/* The preset for a layout whose every section scrolls sideways on its own: cl_layout_def_default()
 * with style CL_STYLE_ORTHOGONAL. */
cl_layout_def cl_orthogonal_def_default(void);

/* Per-section metrics. The engine fills the struct with the layout's defaults before it calls
 * section_metrics, so a callback sets only what differs. */
typedef struct cl_section_metrics {
    uint32_t struct_size;      /* sizeof(cl_section_metrics), set by the engine */
    int32_t alignment;
    cl_insets insets;
    double line_spacing;
    double interitem_spacing;
    double header;
    double footer;
    int32_t cross_alignment;
    int32_t style;             /* CL_STYLE_*: a layout may mix styles section by section */
    int32_t rows;              /* orthogonal: rows of the strip, >= 1 */
    int32_t reserved;          /* zero */
    /* -- 0.4 -- */
    int32_t columns;           /* grid and waterfall: columns, >= 1 */
    /* The decoration kinds this section shows (SPEC §7): -1 (the default) shows every registered
     * decoration; otherwise decoration_kinds holds that many kind ids (0: none): decorations'
     * ids, or user kinds named in cl_layout_def.kinds or by cl_layout_register_kind, which a
     * decoration added later by that name keeps (so a list can name a decoration before the
     * first pass). Any other id is CL_ERROR_UNKNOWN_KIND. The engine copies the list before the
     * callback returns. */
    int32_t decoration_kind_count;
    const int32_t *decoration_kinds;
    /* (added during 0.4: a struct that ends at decoration_kinds is accepted) */
    /* Nonzero: every item of this section has estimated_item_size until it is measured
     * (cl_layout_set_item_sizes), and item_sizes is not asked for the section. The frames are
     * those of a layout in which every unmeasured item had that size. An invalidation of an item
     * (or of everything) forgets its measured size. Default 0: item_sizes is asked. */
    int32_t estimated;
    int32_t reserved2;         /* zero */
    cl_size estimated_item_size; /* finite, >= 0 */
    /* (added during 0.4: a struct that ends at estimated_item_size is accepted) */
    int32_t packing;           /* CL_PACKING_*; grid sections (SPEC §16); default sparse */
    int32_t reserved3;         /* zero */
    /* (added during 0.4: a struct that ends at reserved3 is accepted) */
    /* A scroll effect (SPEC §19): each cell's scale, alpha and z from where its centre lies in
     * the viewport, between keylines (along the line axis in an orthogonal section, else the
     * scroll axis). effect_keyline_count 0 (the default): none; otherwise that many keylines,
     * copied before the callback returns. Frames do not change. */
    const struct cl_keyline *effect_keylines;
    int32_t effect_keyline_count;
    int32_t effect_curve;      /* CL_CURVE_*; default linear */
} cl_section_metrics;

/* A keyline of a scroll effect (SPEC §19.1): at the position fraction * V + offset along the
 * effect's axis (V: the viewport's extent there, content insets not subtracted), a cell centred
 * there gets these values; between two keylines they are interpolated by the curve. */
typedef struct cl_keyline {
    double fraction;           /* finite; default 0 */
    double offset;             /* finite; default 0 */
    double scale;              /* finite, >= 0; 1 leaves the cell's size */
    double alpha;              /* 0...1: times the cell's alpha */
    int32_t z;                 /* added to the cell's z (rounded after interpolation); |z| <= 1000000 */
    int32_t reserved;          /* zero */
} cl_keyline;

/* A supplementary element placed between items (SPEC §6): a line of its own before item
 * `before` (0 <= before <= item count) with thickness `extent` along the scroll axis. Flow, grid
 * and waterfall sections: an orthogonal or custom section with inline elements is
 * CL_ERROR_BAD_CALLBACK_DATA. */
typedef struct cl_inline_element {
    int32_t kind;              /* a kind id from cl_layout_register_kind() */
    int32_t reserved;          /* zero */
    int64_t before;
    double extent;
} cl_inline_element;

/* A decoration kind registered on the layout (SPEC §7). */
typedef struct cl_decoration_def {
    uint32_t struct_size;      /* sizeof(cl_decoration_def); set by cl_decoration_def_default() */
    int32_t scope;             /* CL_DECORATION_SCOPE_*; default section */
    int32_t coverage;          /* CL_COVERAGE_* for scope section; default body */
    int32_t z;                 /* default -1 */
    cl_insets insets;          /* shrink the frame; negative values grow it; default 0 */
} cl_decoration_def;

cl_decoration_def cl_decoration_def_default(void);

/* Edges of a badge's anchors (cl_badge_def, SPEC §17.1), a bitmask: one edge is its midpoint,
 * two adjacent edges a corner, none (0) the centre. Two opposite edges and other bits are
 * CL_ERROR_INVALID_ARGUMENT. Edges are screen edges whatever the scroll direction. */
#define CL_EDGE_TOP      1
#define CL_EDGE_BOTTOM   2
#define CL_EDGE_LEADING  4
#define CL_EDGE_TRAILING 8
#define CL_EDGE_SAME_AS_ANCHOR (-1) /* cl_badge_def.badge_anchor: the anchor's edges */

/* A badge kind registered on the layout (SPEC §17.1): a supplementary element pinned to the
 * cells that carry one (the item_badges callback). Its frame, from the cell's presented frame
 * (x, y, w, h), the size (bw, bh), the anchor's unit point (ax, ay) and the badge anchor's
 * (bx, by): origin (x + ax*w - bx*bw + dx, y + ay*h - by*bh + dy), where the offset (dx, dy)
 * is in points or, with fractional, in fractions of the badge's size. z: the cell's + z.
 * Badges never change any other frame or the content size. */
typedef struct cl_badge_def {
    uint32_t struct_size;      /* sizeof(cl_badge_def); set by cl_badge_def_default() */
    int32_t anchor;            /* CL_EDGE_* bits; default CL_EDGE_TOP | CL_EDGE_TRAILING */
    int32_t badge_anchor;      /* CL_EDGE_* bits or CL_EDGE_SAME_AS_ANCHOR (the default) */
    int32_t fractional;        /* nonzero: the offset is in fractions of the badge's size; default 0 */
    int32_t z;                 /* added to the cell's z; default 1 */
    int32_t reserved;          /* zero */
    double dx;                 /* the offset, finite, any sign; default 0 */
    double dy;
    cl_size size;              /* the kind's size (an item may give its own), finite, >= 0; default 0 */
} cl_badge_def;

cl_badge_def cl_badge_def_default(void);

/* A badge a cell carries (the item_badges callback, SPEC §17.1). */
typedef struct cl_item_badge {
    int64_t item;              /* the cell's item, among the items asked */
    int32_t kind;              /* a kind registered by cl_layout_add_badge */
    int32_t has_size;          /* nonzero: size is the badge's own; 0: the kind's size */
    cl_size size;              /* finite, >= 0 when has_size */
} cl_item_badge;

/* ---- Data source --------------------------------------------------------------------------- */

/* Every section's counts, sizes and metrics in arrays the host owns, read without a callback
 * per section (a feed of many sections then costs about what one section of as many items
 * costs). Set cl_data_source.arrays to it. The library reads the struct and the arrays whenever
 * a pass asks the data source (create, invalidations, batch updates): change them between
 * calls, in place or by pointing elsewhere. They must stay valid until cl_layout_destroy. */
typedef struct cl_array_source {
    uint32_t struct_size;      /* sizeof(cl_array_source); set by cl_array_source_default() */
    int32_t reserved;          /* zero */
    int64_t section_count;
    const int64_t *item_counts;                /* section_count counts; required if any */
    /* Per section a pointer to its item_counts[s] sizes; a NULL entry takes the def's
     * item_size. NULL: the data source's item_sizes callback, as without arrays. */
    const cl_size *const *item_sizes;
    /* section_count complete metrics (start each from cl_section_metrics_from_def()), all with
     * the same struct_size, which is also the array's stride. NULL: the data source's
     * section_metrics callback, as without arrays. */
    const cl_section_metrics *section_metrics;
} cl_array_source;

cl_array_source cl_array_source_default(void);
/* The metrics every section has unless its data says otherwise: those of `def`, with
 * decoration_kind_count -1 (every decoration) and struct_size set. It writes the whole struct:
 * *out_metrics needs no initialisation. */
cl_status cl_section_metrics_from_def(const cl_layout_def *def, cl_section_metrics *out_metrics);

/* Callbacks the layout calls to learn the data. Each gets user_data first, returns CL_OK or any
 * nonzero value for failure, and writes results through its out-pointer. A failure aborts the
 * pass (CL_ERROR_CALLBACK) and the layout keeps its last good state. Callbacks must not call
 * into the same layout (they get CL_ERROR_REENTRANT). NULL callbacks take the defaults noted.
 * Like the definitions, the struct carries its size and only grows at its end. */
typedef struct cl_data_source {
    uint32_t struct_size;      /* sizeof(cl_data_source); set by cl_data_source_default() */
    int32_t reserved;          /* zero */
    void *user_data;
    /* Number of sections. NULL: 1. */
    cl_status (*section_count)(void *user_data, int64_t *out_count);
    /* Number of items in a section. Required. */
    cl_status (*item_count)(void *user_data, int64_t section, int64_t *out_count);
    /* Sizes of `count` items from `first_item` on: write count sizes to out_sizes. Sizes are
     * asked in batches (a whole section at once on a full load). NULL: the def's item_size. */
    cl_status (*item_sizes)(void *user_data, int64_t section, int64_t first_item, int64_t count,
                            cl_size *out_sizes);
    /* Metrics of a section; *inout is pre-filled with the def's values. NULL: the def's. */
    cl_status (*section_metrics)(void *user_data, int64_t section, cl_section_metrics *inout);
    /* Inline supplementary elements of a section: write up to `capacity` elements to out and
     * the total number to *out_count. When the total exceeds capacity the engine calls again
     * with a buffer large enough (after checking the total against the element limit). NULL:
     * none. */
    cl_status (*inline_elements)(void *user_data, int64_t section, cl_inline_element *out,
                                 int64_t capacity, int64_t *out_count);
    /* Custom sections (CL_STYLE_CUSTOM, SPEC §5): the frames of `count` items from `first_item`
     * on, for a body whose line axis is `line_extent` long (the viewport's width in a vertical
     * layout). Frames keep screen axes and are body-relative along the scroll axis (0 = the
     * start of the body, after the header and the leading inset) and in content coordinates
     * along the line axis. Finite, sizes >= 0, scroll-axis origin >= 0. Asked in batches, and
     * again only for the items an invalidation names. Required if a section is custom. */
    cl_status (*custom_frames)(void *user_data, int64_t section, int64_t first_item, int64_t count,
                               double line_extent, cl_rect *out_frames);
    /* Counts, sizes and metrics in arrays (cl_array_source, above), or NULL. When set, the
     * section count and the item counts come from it (section_count and item_count, then not
     * required, are not called), and so do the sizes and the metrics where it holds them. */
    const cl_array_source *arrays;
    /* (added during 0.4: a struct that ends at arrays is accepted) */
    /* Spans of `count` grid or waterfall items from `first_item` on (SPEC §16): write count
     * values to out_spans, each a count >= 1, CL_SPAN_FULL or CL_SPAN_REMAINING. Asked with the
     * sizes: on a full load, for inserted and reloaded items and every item of inserted and
     * reloaded sections (kept and moved items keep theirs), and for the items an invalidation
     * names. Never asked for other styles. Also asked when arrays are set. NULL: every item
     * spans 1. */
    cl_status (*item_spans)(void *user_data, int64_t section, int64_t first_item, int64_t count,
                            int32_t *out_spans);
    /* (added during 0.4: a struct that ends at item_spans is accepted) */
    /* Badges of `count` cells from `first_item` on (SPEC §17.1): write up to `capacity` badges
     * to out, in any order, and their total to *out_count; when the total exceeds capacity the
     * engine calls again with a buffer large enough. At most one badge of each kind per item,
     * every item among those asked, every kind a badge kind (cl_layout_add_badge); anything else
     * is CL_ERROR_BAD_CALLBACK_DATA. Asked only once a badge kind is registered, with the sizes:
     * on a full load (cl_layout_invalidate_all: register badge kinds, then invalidate), for
     * inserted and reloaded items and every item of inserted and reloaded sections (kept and
     * moved cells keep theirs), and for the items an invalidation names. Also asked when arrays
     * are set. NULL: no cell carries a badge. */
    cl_status (*item_badges)(void *user_data, int64_t section, int64_t first_item, int64_t count,
                             cl_item_badge *out, int64_t capacity, int64_t *out_count);
} cl_data_source;

cl_data_source cl_data_source_default(void);

/* ---- Attributes ---------------------------------------------------------------------------- */

/* Written by the library at the caller's element size (see Conventions). */
typedef struct cl_attributes {
    int32_t category;          /* CL_CATEGORY_* */
    int32_t kind;              /* kind id: CL_KIND_CELL for cells */
    int64_t section;
    int64_t item;
    cl_rect frame;             /* content coordinates */
    double alpha;              /* 0...1 */
    int32_t z;                 /* cells and supplementaries 0, pinned 10, decorations their z */
    int32_t hidden;            /* nonzero when hidden */
    /* (added during 0.4: an attributes_size that ends at hidden, 72, is accepted) */
    double scale;              /* a scroll effect's scale (SPEC §19), drawn about the frame's
                                * centre; 1 otherwise. The frame does not include it. */
} cl_attributes;

/* ---- The layout ---------------------------------------------------------------------------- */

typedef struct cl_layout cl_layout;

/* Creates a layout and performs its first layout pass (asking the data source). The data source
 * struct is copied; user_data must stay valid until cl_layout_destroy. On failure *out_layout is
 * set to NULL and cl_layout_last_error(NULL) says why. */
cl_status cl_layout_create(const cl_layout_def *def, const cl_data_source *data_source,
                           cl_layout **out_layout);
void cl_layout_destroy(cl_layout *layout);

/* The detailed message of the last failure on this layout ("" if none). With NULL: the last
 * failure on this thread that had no valid handle (a failed create, a NULL or destroyed handle).
 * The text is valid until the next failing call on the same handle (with NULL: on this thread). */
const char *cl_layout_last_error(const cl_layout *layout);

/* Registers a user kind name ("separator") and returns its id; registering a name again returns
 * the same id. Kind names are 1 to 63 bytes of UTF-8, and not "header", "footer", "global_header" or "global_footer". Kinds needed
 * by the first layout pass go in cl_layout_def.kinds; a kind registered later is used after the
 * next invalidation. */
cl_status cl_layout_register_kind(cl_layout *layout, const char *name, int32_t *out_kind);
/* The name of a kind id ("" for cells); valid as long as the layout. */
cl_status cl_layout_kind_name(const cl_layout *layout, int32_t kind, const char **out_name);

/* Registers a decoration kind with its scope, coverage, insets and z. Its frames are derived on
 * query: nothing is laid out again. Names follow cl_layout_register_kind's rules; a name that is
 * already a decoration's is CL_ERROR_INVALID_ARGUMENT, and a name registered as a user kind
 * (cl_layout_def.kinds, cl_layout_register_kind) keeps its id. */
cl_status cl_layout_add_decoration(cl_layout *layout, const char *name,
                                   const cl_decoration_def *def, int32_t *out_kind);

/* Registers a badge kind (SPEC §17.1) with its anchors, offset, size and z. Its frames are
 * derived on query: nothing is laid out again. Which cells carry its badges is asked with sizes
 * (the item_badges callback): at the next full invalidation, then as sizes are. Names follow
 * cl_layout_register_kind's rules; a name that is already a decoration's or a badge's is
 * CL_ERROR_INVALID_ARGUMENT, as are bad edges, a non-finite offset and a negative or non-finite
 * size. A badge is identified as (CL_CATEGORY_SUPPLEMENTARY, kind, section, item of its cell). */
cl_status cl_layout_add_badge(cl_layout *layout, const char *name, const cl_badge_def *def, int32_t *out_kind);

/* ---- Executor: layout on the host's threads --------------------------------------------- */

/* The host's job system, handed to a layout (cl_layout_set_executor) or a diff
 * (cl_diff_create_with_executor): a "parallel for". The library never starts a thread; with an
 * executor it cuts the big passes into tasks (a full layout's sections, split by cost: items,
 * not sections) and asks the host to run them:
 *
 *     parallel_for(context, count, task, task_context)
 *
 * must call task(task_context, i) exactly once for every i in [0, count), in any order, on any
 * threads (the calling thread included), and return only when every call has returned. The
 * answers are the serial ones, bit for bit. Small work stays on the calling thread (below
 * min_items, by default 32,768 items, a pass never reaches parallel_for), and so do the
 * queries, a one-item change, a transition's frames. A task never calls the data source unless flags has
 * CL_EXECUTOR_CONCURRENT_DATA_SOURCE (the host's callbacks may then be called from several
 * threads at once; this version reads the data source on the calling thread in every case).
 * While parallel_for runs, a call on the same layout is CL_ERROR_REENTRANT.
 *
 * A task that parallel_for never runs, runs twice or runs with an index outside [0, count) is a
 * host bug the library detects: the call fails with CL_ERROR_CALLBACK (the message says which
 * task) and the layout keeps its last good state. examples/c/pthread_executor.h is an executor
 * over POSIX threads; bindings/python has collectionlayout.ThreadExecutor. */
#define CL_EXECUTOR_CONCURRENT_DATA_SOURCE 1

typedef struct cl_executor {
    uint32_t struct_size;      /* sizeof(cl_executor); set by cl_executor_default() */
    int32_t concurrency;       /* how many tasks the host runs at once, >= 1 (default 1): a pass
                                * is cut into a few tasks per thread; 1 keeps it all serial */
    void *context;             /* passed back to parallel_for */
    void (*parallel_for)(void *context, int64_t count,
                         void (*task)(void *task_context, int64_t index), void *task_context);
    uint32_t flags;            /* CL_EXECUTOR_* bits; others are CL_ERROR_INVALID_ARGUMENT */
    int32_t reserved;          /* zero */
    int64_t min_items;         /* a pass of fewer items (sections and inline elements count too)
                                * stays on the calling thread; 0 (the default): the library's
                                * threshold, 32,768. A host whose hand-off is cheap, or a test,
                                * may lower it (1: every pass through parallel_for); >= 0 */
} cl_executor;

cl_executor cl_executor_default(void);

/* Sets the layout's executor (copied: context must stay valid while it is set), or with NULL
 * takes it off (every pass on the calling thread, the default). Every later pass uses it; it can
 * be replaced at any time. CL_ERROR_INVALID_ARGUMENT for a NULL parallel_for, a concurrency
 * below 1, unknown flags or a non-zero reserved. */
cl_status cl_layout_set_executor(cl_layout *layout, const cl_executor *executor);

/* ---- Viewport ------------------------------------------------------------------------------ */

/* A change of the line-axis extent (width for vertical) relays out from the cached sizes; an
 * origin-only change moves pinned elements and does no layout work. */
cl_status cl_layout_set_viewport(cl_layout *layout, cl_rect viewport);
cl_status cl_layout_viewport(const cl_layout *layout, cl_rect *out_viewport);

/* New content insets (a keyboard or a toolbar appears; cl_layout_def.content_insets): new
 * line-axis insets relay out from the cached sizes, as a new viewport width does. The viewport
 * stays as it is: clamp it with cl_layout_target_content_offset (CL_SNAP_NONE) if the host
 * wants it inside the new range. CL_ERROR_INVALID_ARGUMENT for an inset that is not finite. */
cl_status cl_layout_set_content_insets(cl_layout *layout, cl_insets insets);
cl_status cl_layout_content_insets(const cl_layout *layout, cl_insets *out_insets);
/* A new display scale (cl_layout_def.display_scale; 0: off): nothing is laid out again.
 * CL_ERROR_INVALID_ARGUMENT for a scale that is negative or not finite. */
cl_status cl_layout_set_display_scale(cl_layout *layout, double display_scale);
cl_status cl_layout_display_scale(const cl_layout *layout, double *out_display_scale);
/* A new layout direction (cl_layout_def.layout_direction): the same layout mirrored or not,
 * nothing laid out again. The viewport keeps its line-axis place and its distance from the start
 * of the scroll range, clamped. CL_ERROR_INVALID_ARGUMENT for a value not listed. */
cl_status cl_layout_set_layout_direction(cl_layout *layout, int32_t layout_direction);
/* A collapsing header's record (SPEC §18.2), written at the caller's size (pass sizeof). */
typedef struct cl_collapse {
    int32_t collapsing;        /* nonzero when the layout has a collapsing header; else all 0 */
    int32_t reserved;
    double extent;             /* the header's extent now, stretch included */
    double progress;           /* 0 fully open ... 1 collapsed to min */
    double stretch;            /* how far an overscroll at the start stretches it */
    double shrink;             /* how much has collapsed: the floating state in the floating modes */
} cl_collapse;
/* New collapse settings (cl_layout_def.collapse_mode, _flags, _min): a change of the whole layout
 * (the floating state starts again as if the header had scrolled with the content). */
cl_status cl_layout_set_collapse(cl_layout *layout, int32_t collapse_mode, int32_t collapse_flags, double collapse_min);
/* The record at the viewport. */
cl_status cl_layout_collapse(const cl_layout *layout, cl_collapse *out_collapse, size_t collapse_size);
/* Sets a floating header's state (its shrink; SPEC §18.3), clamped to [0, min(u, R)]: to show or
 * hide it from code. Viewports the host sets step it (cl_layout_set_viewport); those the engine
 * sets only clamp it. CL_ERROR_INVALID_ARGUMENT in the other modes or for a value not finite. */
cl_status cl_layout_set_collapse_shrink(cl_layout *layout, double shrink);
/* The record at a target offset (cl_layout_target_content_offset's answer; SPEC §18.5): the
 * floating state stepped there and, with CL_COLLAPSE_SNAP, fully shown or hidden: animate to it. */
cl_status cl_layout_target_collapse(const cl_layout *layout, double target_offset, cl_collapse *out_collapse,
                                    size_t collapse_size);
cl_status cl_layout_layout_direction(const cl_layout *layout, int32_t *out_layout_direction);
/* New extents and pinning of the layout's own header and footer (cl_layout_def.global_header,
 * global_footer, pin_global_header, pin_global_footer; SPEC §17.2). A new header extent moves every
 * section by the difference (nothing is laid out again); a new footer extent moves only the footer
 * and the content size. The viewport stays as it is. CL_ERROR_INVALID_ARGUMENT for an extent that
 * is negative or not finite; the last good layout stays. */
cl_status cl_layout_set_global_header_footer(cl_layout *layout, double global_header, double global_footer,
                                             int32_t pin_global_header, int32_t pin_global_footer);
/* The current values; any out-pointer may be NULL. */
cl_status cl_layout_global_header_footer(const cl_layout *layout, double *out_global_header, double *out_global_footer,
                                         int32_t *out_pin_global_header, int32_t *out_pin_global_footer);

/* ---- Invalidation (each runs at once; on failure the last good layout stays) --------------- */

/* Everything (counts too): asks the data source again for all counts, metrics, sizes, inline
 * elements and custom frames. */
cl_status cl_layout_invalidate(cl_layout *layout);
/* The sizes of these items changed (custom sections: their frames; grid and waterfall sections:
 * their sizes or spans, both asked again, SPEC §16): asks only them and re-flows
 * from the first affected line of each section; later sections move by offset. Never costs more
 * than laying out the sections involved again. */
cl_status cl_layout_invalidate_items(cl_layout *layout, const cl_index_path *items,
                                     int64_t count);
/* The metrics or inline elements of these sections changed: asks them again (not the sizes). */
cl_status cl_layout_invalidate_sections(cl_layout *layout, const int64_t *sections,
                                        int64_t count);

/* ---- Queries ------------------------------------------------------------------------------- */

cl_status cl_layout_content_size(const cl_layout *layout, cl_size *out_size);
cl_status cl_layout_section_count(const cl_layout *layout, int64_t *out_count);
cl_status cl_layout_item_count(const cl_layout *layout, int64_t section, int64_t *out_count);

/* Every element whose frame overlaps rect with positive area, in a deterministic order, written
 * to buffer, whose elements are attributes_size bytes (pass sizeof(cl_attributes)); *out_count
 * receives the number of elements. If capacity is too small, *out_count is the needed count,
 * the status is CL_ERROR_BUFFER_TOO_SMALL and the buffer's contents are unspecified. With
 * buffer NULL and capacity 0 it only counts: CL_OK and the count. */
cl_status cl_layout_elements_in_rect(const cl_layout *layout, cl_rect rect, cl_attributes *buffer,
                                     int64_t capacity, size_t attributes_size, int64_t *out_count);

/* Attributes of one element by identity (category, kind, section, item); CL_ERROR_OUT_OF_RANGE
 * for one that does not exist. For cells pass CL_KIND_CELL; headers and footers are item 0. */
cl_status cl_layout_attributes(const cl_layout *layout, int32_t category, int32_t kind,
                               int64_t section, int64_t item, cl_attributes *out_attributes,
                               size_t attributes_size);

/* Hit-testing (SPEC §21): which elements cl_layout_element_at looks at. */
#define CL_HIT_CELLS 0 /* cells only (UIKit's indexPathForItem(at:)): a pinned header does not hide one */
#define CL_HIT_ALL   1 /* every element: cells, supplementaries, decorations */

/* The topmost element whose frame, as presented at the layout's viewport (pinned, at its
 * section's offset, the live layout while a cell moves), contains the point (x, y) in content
 * coordinates: x <= px < x + w and y <= py < y + h. Topmost: the larger z; at equal z a
 * supplementary above a cell above a decoration; then the larger section, item, kind name.
 * *out_found is 1 and *out_attributes written (attributes_size bytes, as for a rect query), or
 * *out_found is 0 and *out_attributes untouched when nothing is there. A coordinate that is not
 * finite, or categories other than CL_HIT_*, is CL_ERROR_INVALID_ARGUMENT. O(log n + k). */
cl_status cl_layout_element_at(const cl_layout *layout, double x, double y, int32_t categories,
                               int32_t *out_found, cl_attributes *out_attributes,
                               size_t attributes_size);

/* ---- Orthogonal sections (SPEC §4) --------------------------------------------------------- */

/* Written by the library at the caller's size (see Conventions). */
typedef struct cl_section_scroll {
    double offset;             /* the section's sideways offset, in [0, max_offset] */
    double content_extent;     /* the strip's extent: insets + columns + spacing */
    double max_offset;         /* max(0, content_extent - the viewport's line-axis extent) */
} cl_section_scroll;

/* Sets an orthogonal section's offset, clamped to [0, max_offset]. It only shifts that section's
 * frames: no layout work. Offsets are clamped again whenever the data or the viewport changes.
 * CL_ERROR_OUT_OF_RANGE for a section that does not exist, CL_ERROR_INVALID_ARGUMENT for a
 * section that is not orthogonal or an offset that is not finite. */
cl_status cl_layout_set_section_offset(cl_layout *layout, int64_t section, double offset);
cl_status cl_layout_section_scroll(const cl_layout *layout, int64_t section,
                                   cl_section_scroll *out_scroll, size_t scroll_size);

/* Where an orthogonal section's offset comes to rest after a gesture that would end at
 * `proposed` with `velocity` (points/s along the line axis): projected by the deceleration
 * rate (0 < rate < 1, e.g. CL_DECELERATION_NORMAL), snapped (CL_SNAP_*) and clamped. */
cl_status cl_layout_section_target_offset(const cl_layout *layout, int64_t section,
                                          double proposed, double velocity, int32_t snapping,
                                          double deceleration_rate, double *out_offset);

/* ---- Batch updates (SPEC §10.2) ------------------------------------------------------------ */

typedef struct cl_section_move { int64_t from, to; } cl_section_move;
typedef struct cl_item_move { cl_index_path from, to; } cl_item_move;

/* A batch update (UIKit's performBatchUpdates). Deletes and reloads name old index paths, inserts
 * new ones, moves both; deletes and reloads apply first, on the old state, then inserts and moves
 * on the new one. Item operations may name a moved section: deletes, reloads and move sources by
 * its old index, inserts and move destinations by its new one. Arrays may be NULL with count 0.
 * cl_diff_create writes one too: there also, start from cl_batch_update_default(). */
typedef struct cl_batch_update {
    uint32_t struct_size;      /* sizeof(cl_batch_update); set by cl_batch_update_default() */
    int32_t use_viewport;      /* nonzero: lay the new state out at `viewport` as given; zero: keep
                                * the old viewport, anchored (SPEC §10.4) and clamped */
    cl_rect viewport;
    const int64_t *delete_sections;         int64_t delete_section_count;
    const int64_t *insert_sections;         int64_t insert_section_count;
    const cl_section_move *move_sections;   int64_t move_section_count;
    const cl_index_path *delete_items;      int64_t delete_item_count;
    const cl_index_path *insert_items;      int64_t insert_item_count;
    const cl_item_move *move_items;         int64_t move_item_count;
    const cl_index_path *reload_items;      int64_t reload_item_count;
    /* Appended in 0.4 (a caller's struct_size without it still works: no reloaded section).
     * Old sections that survive in place with new content (UIKit's reloadSections): each old
     * item is deleted, each new one inserted, the new item count is not checked; a reloaded
     * section may not move or be deleted, and no item operation may name it. */
    const int64_t *reload_sections;         int64_t reload_section_count;
} cl_batch_update;

cl_batch_update cl_batch_update_default(void);

/* What an update did. Written at the caller's size (see Conventions). */
typedef struct cl_update_summary {
    cl_rect viewport;          /* the viewport after the update */
    double adjustment;         /* how far its scroll-axis origin moved (contentOffsetAdjustment) */
    double content_size_change;/* the content's change along the scroll axis */
    int64_t element_count;     /* records: cl_layout_update_elements */
    int64_t inserted_count;    /* supplementary and decoration identities: cl_layout_update_identities */
    int64_t deleted_count;
} cl_update_summary;

/* Performs a batch update: asks the data source for the new counts and checks them as UIKit does
 * (CL_ERROR_INVALID_ARGUMENT naming the section and the numbers: "invalid number of items in
 * section 2: 5 after the update, 3 before, 1 inserted, 0 deleted, 0 moved in, 0 moved out"), then
 * only for the sizes (and spans, SPEC §16; kept and moved items keep theirs) of inserted and
 * reloaded items and of the items of inserted and reloaded sections, and for the metrics and inline elements of inserted and reloaded sections and of
 * sections whose items changed. A reloaded section's header, footer and section-scope decorations
 * are CL_CHANGE_RELOADED; its cells, inline elements and item-scope decorations deleted and
 * inserted. A failed update changes nothing. The answers below stay readable until the layout's
 * next change. */
cl_status cl_layout_perform_batch_update(cl_layout *layout, const cl_batch_update *update,
                                         cl_update_summary *out_summary, size_t summary_size);

/* Old <-> new index paths of the last update; -1 (section and item) for none (deleted, or
 * inserted; a reloaded section has its new index, its items none). CL_ERROR_OUT_OF_RANGE for a place that did not exist; CL_ERROR_INVALID_ARGUMENT if
 * the layout has changed since (or never had) an update. */
cl_status cl_layout_update_new_section(const cl_layout *layout, int64_t old_section, int64_t *out_section);
cl_status cl_layout_update_old_section(const cl_layout *layout, int64_t new_section, int64_t *out_section);
cl_status cl_layout_update_new_item(const cl_layout *layout, cl_index_path old_item, cl_index_path *out_item);
cl_status cl_layout_update_old_item(const cl_layout *layout, cl_index_path new_item, cl_index_path *out_item);

#define CL_CHANGE_KEPT     0
#define CL_CHANGE_MOVED    1
#define CL_CHANGE_INSERTED 2
#define CL_CHANGE_DELETED  3
#define CL_CHANGE_RELOADED 4

/* One element of the old layout overlapping the old viewport, or of the new layout overlapping
 * the new viewport: its identity before and after, its change, and UIKit's initial and final
 * attributes (inserted: the final ones with alpha 0 -> the final ones; deleted: the initial ones ->
 * the initial ones with alpha 0). Written at the caller's size (see Conventions). */
typedef struct cl_element_change {
    int32_t change;            /* CL_CHANGE_* */
    int32_t has_old;           /* nonzero: `from` is an element of the old layout */
    int32_t has_new;           /* nonzero: `to` is an element of the new layout */
    int32_t reserved;          /* zero */
    cl_attributes from;        /* identity and attributes before (the old identity) */
    cl_attributes to;          /* identity and attributes after (the new identity) */
} cl_element_change;

/* The records of the last update, into a caller buffer (as cl_layout_elements_in_rect). */
cl_status cl_layout_update_elements(const cl_layout *layout, cl_element_change *buffer,
                                    int64_t capacity, size_t element_size, int64_t *out_count);

/* The supplementary and decoration identities of the whole layout that the last update inserted
 * (`inserted` nonzero) or deleted, with their attributes in the new (or old) layout; zero-area
 * elements included (UIKit's indexPathsToInsertForSupplementaryViewOfKind and friends). */
cl_status cl_layout_update_identities(const cl_layout *layout, int32_t inserted, cl_attributes *buffer,
                                      int64_t capacity, size_t attributes_size, int64_t *out_count);

/* ---- Diff (SPEC §10.3) ------------------------------------------------------------------------- */

/* One side of a diff: section ids, and item ids of all sections one section after the other
 * (item_counts[s] of them for section s); versions, if not NULL, one per item: the same id with
 * another version is a reload (or a delete and an insert if the item also moves); section_versions
 * likewise per section (a reloaded section's items are never carried). Ids are unique among
 * sections and among all items. */
typedef struct cl_diff_side {
    uint32_t struct_size;      /* sizeof(cl_diff_side); set by cl_diff_side_default() */
    int32_t reserved;          /* zero */
    const int64_t *section_ids;
    int64_t section_count;
    const int64_t *item_counts;  /* section_count entries */
    const int64_t *item_ids;     /* the sum of item_counts entries */
    const int64_t *versions;     /* NULL, or as item_ids */
    /* Appended in 0.4 (a caller's struct_size without it still works: no section versions). */
    const int64_t *section_versions; /* NULL, or section_count entries */
} cl_diff_side;

cl_diff_side cl_diff_side_default(void);

typedef struct cl_diff cl_diff;

/* Computes the batch update with the fewest operations, then the fewest moves, that turns
 * `old_side` into `new_side`, in O(n log n): the items left in place in each carried section (and
 * the sections left in place) are a longest common subsequence, among those one with the most
 * unchanged versions. Changed section versions come as reload_sections, which *out_update holds
 * only if its struct_size does (else CL_ERROR_INVALID_ARGUMENT when there are any). A duplicate id is CL_ERROR_INVALID_ARGUMENT naming the id and
 * both places (cl_layout_last_error(NULL)). *out_update's arrays belong to the diff and stay valid
 * until cl_diff_destroy; pass it to cl_layout_perform_batch_update as it is.
 * Initialise *out_update with cl_batch_update_default() BEFORE the call: the library reads its
 * struct_size to learn how many bytes it may write (see Conventions):
 *     cl_batch_update update = cl_batch_update_default();
 *     cl_diff *diff;
 *     cl_status status = cl_diff_create(&old_side, &new_side, &diff, &update); */
cl_status cl_diff_create(const cl_diff_side *old_side, const cl_diff_side *new_side,
                         cl_diff **out_diff, cl_batch_update *out_update);
/* The same with an executor (see cl_executor; NULL: serial, as cl_diff_create): the two sides'
 * id tables are built as tasks, and the carried sections' items are diffed section by section
 * in tasks split by cost; the update is the serial one. */
cl_status cl_diff_create_with_executor(const cl_diff_side *old_side, const cl_diff_side *new_side,
                                       const cl_executor *executor, cl_diff **out_diff,
                                       cl_batch_update *out_update);
void cl_diff_destroy(cl_diff *diff);

/* ---- Self-sizing, target content offset, scrolling to an element (SPEC §10.4, §10.6) ------- */

/* A measured size for one cell (UIKit's preferred layout attributes). */
typedef struct cl_item_size {
    cl_index_path item;
    cl_size size;              /* finite, >= 0 */
} cl_item_size;

/* What a change of sizes did to the viewport. Written at the caller's size (see Conventions). */
typedef struct cl_size_change {
    cl_rect viewport;          /* the viewport after the change: anchored, clamped */
    double adjustment;         /* how far its scroll-axis origin moved (contentOffsetAdjustment):
                                * move the host's scroll position by it in the same frame */
    double content_size_change;/* the content's change along the scroll axis */
} cl_size_change;

/* Sets the measured sizes of `count` cells (a later entry for the same cell wins); each section
 * re-flows from its first affected line and later sections move by offset. With anchoring on
 * (cl_layout_def.anchoring) the viewport's scroll-axis origin moves with the first visible cell,
 * so what the user reads stays in place; then it is clamped to the content. A cell of a custom
 * section (its frames come from custom_frames) is CL_ERROR_INVALID_ARGUMENT; a size that is NaN,
 * infinite or negative CL_ERROR_INVALID_ARGUMENT; an index path that does not exist
 * CL_ERROR_OUT_OF_RANGE. A refused call changes nothing. */
cl_status cl_layout_set_item_sizes(cl_layout *layout, const cl_item_size *items, int64_t count,
                                   cl_size_change *out_change, size_t change_size);

/* Snapping along the scroll axis (cl_layout_target_content_offset): CL_SNAP_NONE, CL_SNAP_PAGE
 * (multiples of the viewport's scroll-axis extent) and these two. */
#define CL_SNAP_LINE        5 /* the nearest start of a header, a body line (flow line, inline
                               * element, grid row, orthogonal strip, waterfall or custom cell) or
                               * a footer; with pinned headers a body line lands below its header */
#define CL_SNAP_LINE_PAGING 6 /* like line, at most one line from the one nearest the origin */

/* Where a scroll along the scroll axis comes to rest (UIKit's targetContentOffset): the gesture
 * would end at `proposed` with `velocity` (points/s); projected by the deceleration rate
 * (0 < rate < 1, e.g. CL_DECELERATION_NORMAL), snapped, then clamped to the content. An answer
 * only: the viewport does not change. O(log n). */
cl_status cl_layout_target_content_offset(const cl_layout *layout, double proposed, double velocity,
                                          int32_t snapping, double deceleration_rate,
                                          double *out_offset);

/* Where cl_layout_scroll_to_element puts an element along the scroll axis. */
#define CL_SCROLL_POSITION_START   0 /* at the viewport's start (below a pinned header) */
#define CL_SCROLL_POSITION_CENTER  1
#define CL_SCROLL_POSITION_END     2
#define CL_SCROLL_POSITION_NEAREST 3 /* unmoved if inside the viewport, else start or end,
                                      * whichever moves less */

/* The viewport that shows an element (category, kind, section, item, as cl_layout_attributes)
 * at `position`, clamped; pinned headers and footers count at their unpinned places. An answer
 * only: set it with cl_layout_set_viewport (at once, or at the end of an animation).
 * CL_ERROR_OUT_OF_RANGE for an element that does not exist. */
cl_status cl_layout_scroll_to_element(const cl_layout *layout, int32_t category, int32_t kind,
                                      int64_t section, int64_t item, int32_t position,
                                      cl_rect *out_viewport);
/* The elements that come into view and go out of view when the viewport moves from `from` to
 * `to` (a host that recycles a pool of views asks this once per frame instead of diffing two
 * rect queries): `entered` gets those a rect query of `to` returns and one of `from` does not,
 * `left` the reverse, each sorted by section, item, category and kind. Counts and buffers as
 * cl_layout_elements_in_rect: both counts are always the needed ones, and if either buffer is
 * too small the status is CL_ERROR_BUFFER_TOO_SMALL (a NULL buffer of capacity 0 only counts).
 * Only the parts of each rect outside the other are searched: a one-line scroll is cheap. */
cl_status cl_layout_viewport_changes(const cl_layout *layout, cl_rect from, cl_rect to,
                                     cl_attributes *entered, int64_t entered_capacity, int64_t *out_entered_count,
                                     cl_attributes *left, int64_t left_capacity, int64_t *out_left_count,
                                     size_t attributes_size);

/* Two more snaps along the scroll axis (cl_layout_target_content_offset, cl_layout_fling): over
 * the lines of CL_SNAP_LINE, each with its scroll-axis range (a flow line or grid row: its
 * thickness; an inline element, a header, a footer, a waterfall or custom cell: its extent; an
 * orthogonal strip: from its start to the end of its last row). No pinned header reduces them. */
#define CL_SNAP_LINE_CENTER 7 /* the origin that centres the nearest line in the viewport */
#define CL_SNAP_LINE_END    8 /* the origin that puts the nearest line's end at the viewport's end */

/* ---- Scroll physics (SPEC §22) -------------------------------------------------------------- */

/* For a host without a scroll view: a fling that decelerates to the target of
 * cl_layout_target_content_offset, rubber-banding past the ends and the spring back. Answers
 * only: the layout does not change. */

/* What to fling. Start from cl_fling_def_default(). */
typedef struct cl_fling_def {
    uint32_t struct_size;      /* sizeof(cl_fling_def); set by cl_fling_def_default() */
    int32_t snapping;          /* CL_SNAP_NONE (default); along the scroll axis CL_SNAP_PAGE,
                                * CL_SNAP_LINE, CL_SNAP_LINE_PAGING, CL_SNAP_LINE_CENTER,
                                * CL_SNAP_LINE_END; for a section CL_SNAP_ITEM, CL_SNAP_PAGE,
                                * CL_SNAP_ITEM_PAGING, CL_SNAP_ITEM_CENTERED. The paging snaps step
                                * from the start. */
    double velocity;           /* points/s at the release, finite (default 0) */
    double deceleration_rate;  /* 0 < rate < 1 (default CL_DECELERATION_NORMAL) */
    int64_t section;           /* -1 (default): the scroll axis; else an orthogonal section, whose
                                * own offset flings in [0, max_offset] */
    int32_t has_start;         /* 0 (default): start from the viewport's scroll-axis origin (or the
                                * section's offset); nonzero: from `start` */
    int32_t reserved;          /* 0 */
    double start;              /* finite; read only with has_start */
} cl_fling_def;

cl_fling_def cl_fling_def_default(void);

/* The curves of a fling. */
#define CL_FLING_DECELERATE 0 /* from inside the range: p(t) = p0 + (T - p0)(1 - e^(-t/tau)) */
#define CL_FLING_SPRING     1 /* from outside (released while rubber-banding): critically damped,
                               * p(t) = T + (a + b t) e^(-omega t) */

/* A fling: everything a sample needs, computed once; cl_fling_sample is a pure function of it.
 * Written at the caller's size (fling_size, see Conventions); struct_size says how much of it
 * the library wrote. Hand it back unchanged. */
typedef struct cl_fling {
    uint32_t struct_size;      /* set by the library: sizeof(cl_fling) of the library's version */
    int32_t curve;             /* CL_FLING_DECELERATE or CL_FLING_SPRING */
    double start;              /* p0 */
    double velocity;           /* v0, as given */
    double target;             /* T: where it rests, snapped and clamped */
    double tau;                /* the deceleration's time constant r / (1000 (1 - r)), s */
    double omega;              /* the spring's angular frequency 2 pi / 0.4, 1/s */
    double a, b;               /* the spring's A = p0 - T and B = v0 + omega A; 0 for a deceleration */
    double rest_time;          /* s; from it on a sample is exactly the target with velocity 0 */
} cl_fling;

/* The fling of `def` (NULL: all defaults). CL_ERROR_INVALID_ARGUMENT for a velocity or start
 * that is not finite, a rate outside (0, 1), a snap the axis does not take, a section that is
 * not orthogonal; CL_ERROR_OUT_OF_RANGE for a section that does not exist; CL_ERROR_LIMIT when
 * finite numbers give a curve that is not finite. */
cl_status cl_layout_fling(const cl_layout *layout, const cl_fling_def *def, cl_fling *out_fling,
                          size_t fling_size);

/* The offset and velocity (points, points/s) of `fling` at time t (s, finite, >= 0): exactly the
 * target and 0 from rest_time on. Needs no layout; a failure's message is
 * cl_layout_last_error(NULL). CL_ERROR_INVALID_ARGUMENT for a bad t or a struct that is not a
 * fling (a struct_size the library does not know, an unknown curve, numbers that are not finite,
 * tau or omega not positive, a negative rest_time). O(1). */
cl_status cl_fling_sample(const cl_fling *fling, double t, double *out_offset, double *out_velocity);

/* Where a drag that would put the origin at `offset` (finite) shows it: inside the range as it
 * is, past an end rubber-banded, lo - f(lo - o) or hi + f(o - hi) with
 * f(x) = (1 - 1/(0.55 x / d + 1)) d, d the viewport's scroll-axis extent ([lo, hi] the scroll
 * range, content insets included). Section -1: the scroll
 * axis; else an orthogonal section's own offset, with d the viewport's line-axis extent. */
cl_status cl_layout_rubber_band(const cl_layout *layout, int64_t section, double offset, double *out_offset);

/* ---- Transitions (SPEC §10.5) ---------------------------------------------------------------- */

typedef struct cl_transition cl_transition;

/* A transition from one layout to another with the same section and item counts (UIKit's
 * transition layout): CL_ERROR_INVALID_ARGUMENT for different counts, naming the first difference
 * (cl_layout_last_error(NULL), as for every failure on a transition). It holds both layouts' states
 * as they are now (each at its own viewport, pinned elements included) without copying them:
 * querying a frame lays nothing out, and the layouts may change or be destroyed afterwards. */
cl_status cl_transition_create(const cl_layout *from, const cl_layout *to, cl_transition **out_transition);
void cl_transition_destroy(cl_transition *transition);

/* The elements either layout returns for rect at progress t in [0, 1] (CL_ERROR_INVALID_ARGUMENT
 * outside, or NaN), into a caller buffer as cl_layout_elements_in_rect: on both sides, frame and
 * alpha interpolated linearly, z and hidden from the nearer layout (t < 0.5: from); on one side
 * only, its frame there, alpha fading out (from only: alpha * (1 - t)) or in (to only: alpha * t).
 * Kind ids are the from-layout's; a kind only the to-layout registered gets an id after them
 * (cl_transition_kind_name). */
cl_status cl_transition_elements_in_rect(const cl_transition *transition, double t, cl_rect rect,
                                         cl_attributes *buffer, int64_t capacity,
                                         size_t attributes_size, int64_t *out_count);

/* Where the viewport goes (UIKit's targetContentOffset(forProposedContentOffset:)): the
 * to-layout's viewport with its scroll-axis origin following the anchor of SPEC §10.4, clamped. */
cl_status cl_transition_viewport(const cl_transition *transition, cl_rect *out_viewport);

/* The name of a kind id that the transition reports; valid as long as the transition. */
cl_status cl_transition_kind_name(const cl_transition *transition, int32_t kind, const char **out_name);

/* ---- Interactive movement (SPEC §10.7) ------------------------------------------------------- */

/* Begins moving a cell (UIKit's beginInteractiveMovementForItemAtIndexPath:). While it moves,
 * every query of the layout answers the live layout: as if the cell were moved to its target
 * (the other cells make room), the moving cell's frame centred on the last position with z 100,
 * its item-scope decorations around it. Every other change of the layout is
 * CL_ERROR_INVALID_ARGUMENT and leaves the movement as it is; so is a second begin.
 * CL_ERROR_OUT_OF_RANGE for a cell that does not exist. */
cl_status cl_layout_begin_movement(cl_layout *layout, cl_index_path item);

/* Reports a position (content coordinates, finite) and writes the target: the index path of the
 * first cell of the live layout, other than the moving one, whose frame holds the position
 * (x <= px < x + w, y <= py < y + h); otherwise the target stays. */
cl_status cl_layout_update_movement(cl_layout *layout, double x, double y, cl_index_path *out_target);

/* Whether a cell moves (*out_moving nonzero), its index path when it began and its target
 * (-1 -1 when none moves). */
cl_status cl_layout_movement(const cl_layout *layout, int32_t *out_moving, cl_index_path *out_origin,
                             cl_index_path *out_target);

/* Commits: a batch update with one move (origin -> target), answered as
 * cl_layout_perform_batch_update (the summary, then cl_layout_update_elements and friends) against
 * the layout before the movement began. It does not anchor: the viewport keeps its origin,
 * clamped to the committed content. It asks the data source nothing; for later changes the data
 * source must answer with the item moved (as UIKit calls moveItemAtIndexPath:toIndexPath:). */
cl_status cl_layout_commit_movement(cl_layout *layout, cl_update_summary *out_summary, size_t summary_size);

/* Cancels: the layout is again the one before the movement began. */
cl_status cl_layout_cancel_movement(cl_layout *layout);

/* ---- Focus navigation (SPEC §13) ------------------------------------------------------------ */

/* For keyboards, gamepads and TV remotes: from the focused element and a direction, the element
 * that takes focus and the viewport (and sideways section offset) that show it. A query: the
 * layout does not change. The host keeps the memory: its moves as a stack of (direction, source),
 * passing the top as the history (push after a move, pop instead when via is
 * CL_FOCUS_VIA_HISTORY, clear when focus changes otherwise), and per orthogonal section the cell
 * last focused there. */

/* The identity of an element (SPEC §1). */
typedef struct cl_element_id {
    int32_t category;          /* CL_CATEGORY_* */
    int32_t kind;              /* kind id: CL_KIND_CELL for cells, CL_KIND_HEADER, CL_KIND_FOOTER, ... */
    int64_t section;
    int64_t item;              /* headers and footers are item 0; inline elements their `before` */
} cl_element_id;

/* Directions of a move. up/down/left/right are physical; next/previous walk the focus order
 * (SPEC §13: per section its header, inline elements before their cell, cells, its footer). */
#define CL_FOCUS_UP       0
#define CL_FOCUS_DOWN     1
#define CL_FOCUS_LEFT     2
#define CL_FOCUS_RIGHT    3
#define CL_FOCUS_NEXT     4
#define CL_FOCUS_PREVIOUS 5

/* What a move does when its search finds nothing (next/previous: only CL_FOCUS_EDGE_WRAP acts,
 * going round to the first / last candidate). */
#define CL_FOCUS_EDGE_STOP       0 /* no target (default) */
#define CL_FOCUS_EDGE_WRAP       1 /* the in-beam candidate nearest the other end */
#define CL_FOCUS_EDGE_CONTINUOUS 2 /* the next candidate in focus order (right, down), the previous (left, up) */

/* The rule that gave the target. */
#define CL_FOCUS_VIA_NONE       0 /* no target */
#define CL_FOCUS_VIA_HISTORY    1 /* the move retraces the history's */
#define CL_FOCUS_VIA_SEARCH     2 /* the directional search */
#define CL_FOCUS_VIA_WRAP       3 /* the wrap search, or next/previous going round */
#define CL_FOCUS_VIA_CONTINUOUS 4 /* the edge CL_FOCUS_EDGE_CONTINUOUS */
#define CL_FOCUS_VIA_REMEMBERED 5 /* the item remembered for the target's orthogonal section */
#define CL_FOCUS_VIA_ORDER      6 /* next/previous */

/* A focus move. Start from cl_focus_request_default(). */
typedef struct cl_focus_request {
    uint32_t struct_size;      /* sizeof(cl_focus_request); set by cl_focus_request_default() */
    int32_t direction;         /* CL_FOCUS_* (default CL_FOCUS_DOWN) */
    cl_element_id source;      /* the focused element: any existing cell or supplementary, on
                                * screen or not (default: cell 0 of section 0) */
    int32_t edge;              /* CL_FOCUS_EDGE_* (default CL_FOCUS_EDGE_STOP) */
    int32_t has_history;       /* 0 (default): no history; nonzero: history_direction and
                                * history_source are the host's last move */
    int32_t history_direction; /* CL_FOCUS_UP ... CL_FOCUS_RIGHT; another value is ignored */
    int32_t reserved;          /* 0 */
    cl_element_id history_source; /* the last move's source; if it no longer exists or takes no
                                * focus, the history is ignored */
    const int32_t *supplementary_kinds; /* the supplementary kinds that take focus
                                * (CL_KIND_HEADER, CL_KIND_FOOTER, inline kinds); none by default.
                                * A kind that is no supplementary kind of the layout is
                                * CL_ERROR_UNKNOWN_KIND */
    int64_t supplementary_kind_count; /* >= 0; kinds may be NULL when 0 */
    const cl_index_path *remembered; /* per orthogonal section, the cell last focused there (the
                                * last entry for a section counts; entries for other sections or
                                * cells that do not exist are ignored); NULL when count is 0 */
    int64_t remembered_count;  /* >= 0 */
} cl_focus_request;

cl_focus_request cl_focus_request_default(void);

/* The answer. Written at the caller's size (answer_size, see Conventions). */
typedef struct cl_focus_answer {
    int32_t has_target;        /* nonzero when an element takes focus */
    int32_t via;               /* CL_FOCUS_VIA_*; CL_FOCUS_VIA_NONE without a target */
    cl_element_id target;      /* the element that takes focus; zeros without one */
    cl_rect viewport;          /* the viewport that shows it: unmoved if it is within the visible
                                * extent, else SPEC §10.6's nearest (content insets applied);
                                * the viewport as given without a target */
    int32_t has_section_offset;/* nonzero for a cell of an orthogonal section */
    int32_t reserved;          /* 0 */
    int64_t section;           /* that section; -1 without one */
    double section_offset;     /* that section's offset that shows the cell (nearest); 0 without */
} cl_focus_answer;

/* Where focus goes (SPEC §13): decided on the frames as the layout reports them at its viewport
 * (pinned, at section offsets, pixel-rounded); viewport and section offset from the exact layout.
 * `request` NULL: all defaults. CL_ERROR_OUT_OF_RANGE for a source that does not exist;
 * CL_ERROR_INVALID_ARGUMENT for a decoration as source, a direction or edge not listed, a negative
 * count or a NULL array with a positive count; CL_ERROR_UNKNOWN_KIND for a kind that is not a
 * supplementary kind of the layout. Rect queries of the region around the move: a move costs
 * O(log n + k), never a scan of the layout. */
cl_status cl_layout_focus(const cl_layout *layout, const cl_focus_request *request,
                          cl_focus_answer *out_answer, size_t answer_size);

/* ---- Prefetch (SPEC §14) ------------------------------------------------------------------- */

/* The sides of the viewport along the axis (the scroll axis, or a section's line axis). */
#define CL_PREFETCH_BEFORE 0 /* smaller offsets: [o - b, o] */
#define CL_PREFETCH_AFTER  1 /* larger offsets: [o + V, o + V + a] */

/* What to prefetch. Start from cl_prefetch_request_default(). */
typedef struct cl_prefetch_request {
    uint32_t struct_size;      /* sizeof(cl_prefetch_request); set by cl_prefetch_request_default() */
    int32_t reserved;          /* 0 */
    double velocity;           /* points/s, positive toward larger offsets (default 0: at rest) */
    double ahead;              /* >= 0 (default 250): the window on the side the velocity points
                                * to is max(ahead, |velocity| * horizon); at rest both are ahead */
    double behind;             /* >= 0 (default 0): the window on the other side */
    double horizon;            /* >= 0 seconds (default 0.25) */
    double fps;                /* > 0 (default 60): urgent within |velocity| / fps */
    int64_t section;           /* -1 (default): the scroll axis; else an orthogonal section: its own
                                * windows along the line axis (velocity: its offset's), its cells */
} cl_prefetch_request;

cl_prefetch_request cl_prefetch_request_default(void);

/* A window along the axis. */
typedef struct cl_span { double start, end; } cl_span;

/* An element to prepare. Written at the caller's size (element_size, see Conventions). */
typedef struct cl_prefetch_element {
    cl_element_id id;          /* a cell or supplementary (never a decoration) */
    cl_rect frame;             /* its reported frame */
    int32_t side;              /* CL_PREFETCH_BEFORE or CL_PREFETCH_AFTER */
    int32_t urgent;            /* nonzero: on a side the velocity points to and within
                                * |velocity| / fps (it can come into view within one frame) */
    double distance;           /* from the viewport's edge on its side to its near edge, >= 0 */
} cl_prefetch_element;

/* The elements a rect query of a window returns and one of the viewport (as given: content insets
 * do not apply) does not, ahead-side first, then behind-side, each by distance then focus order;
 * the windows into *out_before and *out_after. Counts and buffers as cl_layout_elements_in_rect.
 * `request` NULL: all defaults. CL_ERROR_INVALID_ARGUMENT for a number that is not finite, a
 * negative ahead, behind or horizon, fps <= 0, a section that is not orthogonal;
 * CL_ERROR_OUT_OF_RANGE for a section that does not exist; CL_ERROR_LIMIT for a window whose
 * extent is not finite. Two rect queries: O(log n + k). */
cl_status cl_layout_prefetch(const cl_layout *layout, const cl_prefetch_request *request,
                             cl_span *out_before, cl_span *out_after, cl_prefetch_element *buffer,
                             int64_t capacity, size_t element_size, int64_t *out_count);

#ifdef __cplusplus
}
#endif

#endif /* COLLECTIONLAYOUT_H */
