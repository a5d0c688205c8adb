"""The C ABI of libcollectionlayout as ctypes sees it: constants, structures, callback types and
the function table (name, argument types, result type).

Everything here mirrors include/collectionlayout.h one to one (tests/test_lib.py checks the
constants, struct fields and functions against the header). Loading is _lib.py's; higher-level
code lives in layout.py.
"""

from __future__ import annotations

import ctypes
from ctypes import (CFUNCTYPE, POINTER, Structure, c_char_p, c_double, c_int32, c_int64,
                    c_size_t, c_uint32, c_void_p)
from typing import Any

from ._version import VERSION

# ---- Version (the header this binding was written against: _version.py reads it) -----------

CL_VERSION_MAJOR, CL_VERSION_MINOR, CL_VERSION_PATCH = VERSION
CL_VERSION_NUMBER = CL_VERSION_MAJOR * 10000 + CL_VERSION_MINOR * 100 + CL_VERSION_PATCH

# ---- Status codes ---------------------------------------------------------------------------

CL_OK = 0
CL_ERROR_INVALID_HANDLE = -1
CL_ERROR_INVALID_ARGUMENT = -2
CL_ERROR_OUT_OF_RANGE = -3
CL_ERROR_CALLBACK = -4
CL_ERROR_BAD_CALLBACK_DATA = -5
CL_ERROR_REENTRANT = -6
CL_ERROR_BUFFER_TOO_SMALL = -7
CL_ERROR_UNKNOWN_KIND = -8
CL_ERROR_LIMIT = -9

CL_MAX_ITEMS = 1 << 28

# ---- Enumerations ---------------------------------------------------------------------------

CL_DIRECTION_VERTICAL = 0
CL_DIRECTION_HORIZONTAL = 1
CL_COLLAPSE_NONE = 0
CL_COLLAPSE_SCROLL = 1
CL_COLLAPSE_PINNED = 2
CL_COLLAPSE_FLOATING = 3
CL_COLLAPSE_FLOATING_PINNED = 4
CL_COLLAPSE_SNAP = 1
CL_COLLAPSE_STRETCH = 2
CL_COLLAPSE_FILL = 4
CL_LAYOUT_DIRECTION_LTR = 0
CL_LAYOUT_DIRECTION_RTL = 1

CL_ALIGNMENT_JUSTIFIED = 0
CL_ALIGNMENT_LEADING = 1
CL_ALIGNMENT_CENTER = 2
CL_ALIGNMENT_TRAILING = 3

CL_CROSS_ALIGNMENT_CENTER = 0
CL_CROSS_ALIGNMENT_START = 1
CL_CROSS_ALIGNMENT_END = 2

CL_STYLE_FLOW = 0
CL_STYLE_ORTHOGONAL = 1
CL_STYLE_GRID = 2
CL_STYLE_WATERFALL = 3
CL_STYLE_CUSTOM = 4

CL_PACKING_SPARSE = 0
CL_PACKING_DENSE = 1
CL_CURVE_LINEAR = 0
CL_CURVE_EASE_IN_OUT = 1

CL_SPAN_FULL = -1
CL_SPAN_REMAINING = -2

CL_SNAP_NONE = 0
CL_SNAP_ITEM = 1
CL_SNAP_PAGE = 2
CL_SNAP_ITEM_PAGING = 3
CL_SNAP_ITEM_CENTERED = 4

CL_DECELERATION_NORMAL = 0.998
CL_DECELERATION_FAST = 0.99

CL_CATEGORY_CELL = 0
CL_CATEGORY_SUPPLEMENTARY = 1
CL_CATEGORY_DECORATION = 2

CL_HIT_CELLS = 0
CL_HIT_ALL = 1

CL_KIND_CELL = 0
CL_KIND_HEADER = 1
CL_KIND_FOOTER = 2
CL_KIND_GLOBAL_HEADER = 3
CL_KIND_GLOBAL_FOOTER = 4
CL_KIND_FIRST_USER = 5

CL_DECORATION_SCOPE_SECTION = 0
CL_DECORATION_SCOPE_ITEM = 1

CL_COVERAGE_BODY = 0
CL_COVERAGE_SECTION = 1
CL_COVERAGE_ITEMS = 2

# ---- Structures -----------------------------------------------------------------------------

cl_status = c_int32


class cl_size(Structure):
    _fields_ = [("width", c_double), ("height", c_double)]


class cl_rect(Structure):
    _fields_ = [("x", c_double), ("y", c_double), ("width", c_double), ("height", c_double)]


class cl_insets(Structure):
    _fields_ = [("top", c_double), ("left", c_double), ("bottom", c_double), ("right", c_double)]


class cl_index_path(Structure):
    _fields_ = [("section", c_int64), ("item", c_int64)]


class cl_layout_def(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("direction", c_int32),
        ("viewport", cl_rect),
        ("item_size", cl_size),
        ("insets", cl_insets),
        ("line_spacing", c_double),
        ("interitem_spacing", c_double),
        ("header", c_double),
        ("footer", c_double),
        ("alignment", c_int32),
        ("cross_alignment", c_int32),
        ("style", c_int32),
        ("rows", c_int32),
        ("pin_headers", c_int32),
        ("pin_footers", c_int32),
        ("kinds", POINTER(c_char_p)),
        ("kind_count", c_int32),
        ("reserved", c_int32),
        # 0.4
        ("columns", c_int32),
        ("anchoring", c_int32),
        ("element_limit", c_int64),
        ("content_insets", cl_insets),
        ("display_scale", c_double),
        ("layout_direction", c_int32),
        ("reserved2", c_int32),
        ("global_header", c_double),
        ("global_footer", c_double),
        ("pin_global_header", c_int32),
        ("pin_global_footer", c_int32),
        ("collapse_mode", c_int32),
        ("collapse_flags", c_int32),
        ("collapse_min", c_double),
    ]


class cl_collapse(Structure):
    _fields_ = [("collapsing", c_int32), ("reserved", c_int32), ("extent", c_double), ("progress", c_double),
                ("stretch", c_double), ("shrink", c_double)]


class cl_keyline(Structure):
    _fields_ = [("fraction", c_double), ("offset", c_double), ("scale", c_double), ("alpha", c_double),
                ("z", c_int32), ("reserved", c_int32)]


class cl_section_metrics(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("alignment", c_int32),
        ("insets", cl_insets),
        ("line_spacing", c_double),
        ("interitem_spacing", c_double),
        ("header", c_double),
        ("footer", c_double),
        ("cross_alignment", c_int32),
        ("style", c_int32),
        ("rows", c_int32),
        ("reserved", c_int32),
        # 0.4
        ("columns", c_int32),
        ("decoration_kind_count", c_int32),
        ("decoration_kinds", POINTER(c_int32)),
        # added during 0.4
        ("estimated", c_int32),
        ("reserved2", c_int32),
        ("estimated_item_size", cl_size),
        ("packing", c_int32),
        ("reserved3", c_int32),
        ("effect_keylines", POINTER(cl_keyline)),
        ("effect_keyline_count", c_int32),
        ("effect_curve", c_int32),
    ]


class cl_inline_element(Structure):
    _fields_ = [("kind", c_int32), ("reserved", c_int32), ("before", c_int64), ("extent", c_double)]


class cl_decoration_def(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("scope", c_int32),
        ("coverage", c_int32),
        ("z", c_int32),
        ("insets", cl_insets),
    ]


class cl_section_scroll(Structure):
    _fields_ = [("offset", c_double), ("content_extent", c_double), ("max_offset", c_double)]


SECTION_COUNT_FN = CFUNCTYPE(cl_status, c_void_p, POINTER(c_int64))
ITEM_COUNT_FN = CFUNCTYPE(cl_status, c_void_p, c_int64, POINTER(c_int64))
ITEM_SIZES_FN = CFUNCTYPE(cl_status, c_void_p, c_int64, c_int64, c_int64, POINTER(cl_size))
SECTION_METRICS_FN = CFUNCTYPE(cl_status, c_void_p, c_int64, POINTER(cl_section_metrics))
INLINE_ELEMENTS_FN = CFUNCTYPE(cl_status, c_void_p, c_int64, POINTER(cl_inline_element), c_int64,
                               POINTER(c_int64))
CUSTOM_FRAMES_FN = CFUNCTYPE(cl_status, c_void_p, c_int64, c_int64, c_int64, c_double,
                             POINTER(cl_rect))
ITEM_SPANS_FN = CFUNCTYPE(cl_status, c_void_p, c_int64, c_int64, c_int64, POINTER(c_int32))


class cl_item_badge(Structure):
    _fields_ = [("item", c_int64), ("kind", c_int32), ("has_size", c_int32), ("size", cl_size)]


ITEM_BADGES_FN = CFUNCTYPE(cl_status, c_void_p, c_int64, c_int64, c_int64, POINTER(cl_item_badge),
                           c_int64, POINTER(c_int64))


class cl_array_source(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("reserved", c_int32),
        ("section_count", c_int64),
        ("item_counts", c_void_p),  # const int64_t *
        ("item_sizes", c_void_p),  # const cl_size *const *
        ("section_metrics", c_void_p),  # const cl_section_metrics *
    ]


class cl_data_source(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("reserved", c_int32),
        ("user_data", c_void_p),
        ("section_count", SECTION_COUNT_FN),
        ("item_count", ITEM_COUNT_FN),
        ("item_sizes", ITEM_SIZES_FN),
        ("section_metrics", SECTION_METRICS_FN),
        ("inline_elements", INLINE_ELEMENTS_FN),
        ("custom_frames", CUSTOM_FRAMES_FN),
        ("arrays", POINTER(cl_array_source)),
        ("item_spans", ITEM_SPANS_FN),
        ("item_badges", ITEM_BADGES_FN),
    ]


class cl_attributes(Structure):
    _fields_ = [
        ("category", c_int32),
        ("kind", c_int32),
        ("section", c_int64),
        ("item", c_int64),
        ("frame", cl_rect),
        ("alpha", c_double),
        ("z", c_int32),
        ("hidden", c_int32),
        ("scale", c_double),
    ]


# ---- Batch updates and the diff (SPEC §10.2-10.3; the low-level table only for now) ---------

CL_CHANGE_KEPT = 0
CL_CHANGE_MOVED = 1
CL_CHANGE_INSERTED = 2
CL_CHANGE_DELETED = 3
CL_CHANGE_RELOADED = 4


class cl_section_move(Structure):
    _fields_ = [("from", c_int64), ("to", c_int64)]


class cl_item_move(Structure):
    _fields_ = [("from", cl_index_path), ("to", cl_index_path)]


class cl_batch_update(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("use_viewport", c_int32),
        ("viewport", cl_rect),
        ("delete_sections", POINTER(c_int64)), ("delete_section_count", c_int64),
        ("insert_sections", POINTER(c_int64)), ("insert_section_count", c_int64),
        ("move_sections", POINTER(cl_section_move)), ("move_section_count", c_int64),
        ("delete_items", POINTER(cl_index_path)), ("delete_item_count", c_int64),
        ("insert_items", POINTER(cl_index_path)), ("insert_item_count", c_int64),
        ("move_items", POINTER(cl_item_move)), ("move_item_count", c_int64),
        ("reload_items", POINTER(cl_index_path)), ("reload_item_count", c_int64),
        ("reload_sections", POINTER(c_int64)), ("reload_section_count", c_int64),
    ]


class cl_update_summary(Structure):
    _fields_ = [
        ("viewport", cl_rect),
        ("adjustment", c_double),
        ("content_size_change", c_double),
        ("element_count", c_int64),
        ("inserted_count", c_int64),
        ("deleted_count", c_int64),
    ]


class cl_element_change(Structure):
    _fields_ = [
        ("change", c_int32),
        ("has_old", c_int32),
        ("has_new", c_int32),
        ("reserved", c_int32),
        ("from", cl_attributes),
        ("to", cl_attributes),
    ]


CL_EXECUTOR_CONCURRENT_DATA_SOURCE = 1
EXECUTOR_TASK_FN = CFUNCTYPE(None, c_void_p, c_int64)
PARALLEL_FOR_FN = CFUNCTYPE(None, c_void_p, c_int64, EXECUTOR_TASK_FN, c_void_p)


class cl_executor(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("concurrency", c_int32),
        ("context", c_void_p),
        ("parallel_for", PARALLEL_FOR_FN),
        ("flags", c_uint32),
        ("reserved", c_int32),
        ("min_items", c_int64),
    ]


class cl_diff_side(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("reserved", c_int32),
        ("section_ids", POINTER(c_int64)),
        ("section_count", c_int64),
        ("item_counts", POINTER(c_int64)),
        ("item_ids", POINTER(c_int64)),
        ("versions", POINTER(c_int64)),
        ("section_versions", POINTER(c_int64)),
    ]


cl_diff_p = c_void_p  # opaque cl_diff *

# ---- Self-sizing, target content offset, scrolling to an element (SPEC §10.4, §10.6) --------

CL_SNAP_LINE = 5
CL_SNAP_LINE_PAGING = 6

CL_SCROLL_POSITION_START = 0
CL_SCROLL_POSITION_CENTER = 1
CL_SCROLL_POSITION_END = 2
CL_SCROLL_POSITION_NEAREST = 3


class cl_item_size(Structure):
    _fields_ = [("item", cl_index_path), ("size", cl_size)]


class cl_size_change(Structure):
    _fields_ = [("viewport", cl_rect), ("adjustment", c_double), ("content_size_change", c_double)]


SIZE_CHANGE_SIZE = ctypes.sizeof(cl_size_change)

CL_SNAP_LINE_CENTER = 7
CL_SNAP_LINE_END = 8

# ---- Scroll physics (SPEC §22) ----------------------------------------------------------------

CL_FLING_DECELERATE = 0
CL_FLING_SPRING = 1


class cl_fling_def(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("snapping", c_int32),
        ("velocity", c_double),
        ("deceleration_rate", c_double),
        ("section", c_int64),
        ("has_start", c_int32),
        ("reserved", c_int32),
        ("start", c_double),
    ]


class cl_fling(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("curve", c_int32),
        ("start", c_double),
        ("velocity", c_double),
        ("target", c_double),
        ("tau", c_double),
        ("omega", c_double),
        ("a", c_double),
        ("b", c_double),
        ("rest_time", c_double),
    ]


FLING_SIZE = ctypes.sizeof(cl_fling)

# ---- Focus navigation and prefetch (SPEC §13, §14) ---------------------------------------------

CL_FOCUS_UP = 0
CL_FOCUS_DOWN = 1
CL_FOCUS_LEFT = 2
CL_FOCUS_RIGHT = 3
CL_FOCUS_NEXT = 4
CL_FOCUS_PREVIOUS = 5

CL_FOCUS_EDGE_STOP = 0
CL_FOCUS_EDGE_WRAP = 1
CL_FOCUS_EDGE_CONTINUOUS = 2

CL_FOCUS_VIA_NONE = 0
CL_FOCUS_VIA_HISTORY = 1
CL_FOCUS_VIA_SEARCH = 2
CL_FOCUS_VIA_WRAP = 3
CL_FOCUS_VIA_CONTINUOUS = 4
CL_FOCUS_VIA_REMEMBERED = 5
CL_FOCUS_VIA_ORDER = 6

CL_PREFETCH_BEFORE = 0
CL_PREFETCH_AFTER = 1


class cl_element_id(Structure):
    _fields_ = [("category", c_int32), ("kind", c_int32), ("section", c_int64), ("item", c_int64)]


class cl_focus_request(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("direction", c_int32),
        ("source", cl_element_id),
        ("edge", c_int32),
        ("has_history", c_int32),
        ("history_direction", c_int32),
        ("reserved", c_int32),
        ("history_source", cl_element_id),
        ("supplementary_kinds", POINTER(c_int32)),
        ("supplementary_kind_count", c_int64),
        ("remembered", POINTER(cl_index_path)),
        ("remembered_count", c_int64),
    ]


class cl_focus_answer(Structure):
    _fields_ = [
        ("has_target", c_int32),
        ("via", c_int32),
        ("target", cl_element_id),
        ("viewport", cl_rect),
        ("has_section_offset", c_int32),
        ("reserved", c_int32),
        ("section", c_int64),
        ("section_offset", c_double),
    ]


FOCUS_ANSWER_SIZE = ctypes.sizeof(cl_focus_answer)


class cl_prefetch_request(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("reserved", c_int32),
        ("velocity", c_double),
        ("ahead", c_double),
        ("behind", c_double),
        ("horizon", c_double),
        ("fps", c_double),
        ("section", c_int64),
    ]


class cl_span(Structure):
    _fields_ = [("start", c_double), ("end", c_double)]


class cl_prefetch_element(Structure):
    _fields_ = [
        ("id", cl_element_id),
        ("frame", cl_rect),
        ("side", c_int32),
        ("urgent", c_int32),
        ("distance", c_double),
    ]


# Badge anchors (cl_badge_def, SPEC §17.1): edge bits; badge_anchor may be SAME_AS_ANCHOR.
CL_EDGE_TOP = 1
CL_EDGE_BOTTOM = 2
CL_EDGE_LEADING = 4
CL_EDGE_TRAILING = 8
CL_EDGE_SAME_AS_ANCHOR = -1


class cl_badge_def(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("anchor", c_int32),
        ("badge_anchor", c_int32),
        ("fractional", c_int32),
        ("z", c_int32),
        ("reserved", c_int32),
        ("dx", c_double),
        ("dy", c_double),
        ("size", cl_size),
    ]


PREFETCH_ELEMENT_SIZE = ctypes.sizeof(cl_prefetch_element)

# The sizes the binding passes: struct_size fields and the element sizes of result arrays.
LAYOUT_DEF_SIZE = ctypes.sizeof(cl_layout_def)
SECTION_METRICS_SIZE = ctypes.sizeof(cl_section_metrics)
DECORATION_DEF_SIZE = ctypes.sizeof(cl_decoration_def)
BADGE_DEF_SIZE = ctypes.sizeof(cl_badge_def)
DATA_SOURCE_SIZE = ctypes.sizeof(cl_data_source)
ATTRIBUTES_SIZE = ctypes.sizeof(cl_attributes)
SECTION_SCROLL_SIZE = ctypes.sizeof(cl_section_scroll)

# ---- The function table (name, argtypes, restype), as in clang.cindex ------------------------

cl_layout_p = c_void_p  # opaque cl_layout *
cl_transition_p = c_void_p  # opaque cl_transition *

FUNCTIONS: list[tuple[str, list[Any], object]] = [
    ("cl_version", [], c_uint32),
    ("cl_status_string", [cl_status], c_char_p),
    ("cl_layout_def_default", [], cl_layout_def),
    ("cl_orthogonal_def_default", [], cl_layout_def),
    ("cl_data_source_default", [], cl_data_source),
    ("cl_array_source_default", [], cl_array_source),
    ("cl_section_metrics_from_def", [POINTER(cl_layout_def), POINTER(cl_section_metrics)], c_int32),
    ("cl_decoration_def_default", [], cl_decoration_def),
    ("cl_layout_create", [POINTER(cl_layout_def), POINTER(cl_data_source), POINTER(cl_layout_p)],
     cl_status),
    ("cl_layout_destroy", [cl_layout_p], None),
    ("cl_layout_last_error", [cl_layout_p], c_char_p),
    ("cl_layout_register_kind", [cl_layout_p, c_char_p, POINTER(c_int32)], cl_status),
    ("cl_layout_kind_name", [cl_layout_p, c_int32, POINTER(c_char_p)], cl_status),
    ("cl_layout_add_decoration", [cl_layout_p, c_char_p, POINTER(cl_decoration_def),
                                  POINTER(c_int32)], cl_status),
    ("cl_badge_def_default", [], cl_badge_def),
    ("cl_layout_add_badge", [cl_layout_p, c_char_p, POINTER(cl_badge_def), POINTER(c_int32)],
     cl_status),
    ("cl_layout_set_viewport", [cl_layout_p, cl_rect], cl_status),
    ("cl_layout_viewport", [cl_layout_p, POINTER(cl_rect)], cl_status),
    ("cl_layout_set_content_insets", [cl_layout_p, cl_insets], cl_status),
    ("cl_layout_content_insets", [cl_layout_p, POINTER(cl_insets)], cl_status),
    ("cl_layout_set_display_scale", [cl_layout_p, c_double], cl_status),
    ("cl_layout_display_scale", [cl_layout_p, POINTER(c_double)], cl_status),
    ("cl_layout_set_layout_direction", [cl_layout_p, c_int32], cl_status),
    ("cl_layout_layout_direction", [cl_layout_p, POINTER(c_int32)], cl_status),
    ("cl_layout_set_collapse", [cl_layout_p, c_int32, c_int32, c_double], cl_status),
    ("cl_layout_collapse", [cl_layout_p, POINTER(cl_collapse), c_size_t], cl_status),
    ("cl_layout_set_collapse_shrink", [cl_layout_p, c_double], cl_status),
    ("cl_layout_target_collapse", [cl_layout_p, c_double, POINTER(cl_collapse), c_size_t], cl_status),
    ("cl_layout_set_global_header_footer", [cl_layout_p, c_double, c_double, c_int32, c_int32], cl_status),
    ("cl_layout_global_header_footer", [cl_layout_p, POINTER(c_double), POINTER(c_double), POINTER(c_int32),
                                        POINTER(c_int32)], cl_status),
    ("cl_layout_invalidate", [cl_layout_p], cl_status),
    ("cl_layout_invalidate_items", [cl_layout_p, POINTER(cl_index_path), c_int64], cl_status),
    ("cl_layout_invalidate_sections", [cl_layout_p, POINTER(c_int64), c_int64], cl_status),
    ("cl_layout_content_size", [cl_layout_p, POINTER(cl_size)], cl_status),
    ("cl_layout_section_count", [cl_layout_p, POINTER(c_int64)], cl_status),
    ("cl_layout_item_count", [cl_layout_p, c_int64, POINTER(c_int64)], cl_status),
    ("cl_layout_elements_in_rect", [cl_layout_p, cl_rect, POINTER(cl_attributes), c_int64,
                                    c_size_t, POINTER(c_int64)], cl_status),
    ("cl_layout_attributes", [cl_layout_p, c_int32, c_int32, c_int64, c_int64,
                              POINTER(cl_attributes), c_size_t], cl_status),
    ("cl_layout_element_at", [cl_layout_p, c_double, c_double, c_int32, POINTER(c_int32),
                              POINTER(cl_attributes), c_size_t], cl_status),
    ("cl_layout_viewport_changes", [cl_layout_p, cl_rect, cl_rect, POINTER(cl_attributes), c_int64,
                                    POINTER(c_int64), POINTER(cl_attributes), c_int64,
                                    POINTER(c_int64), c_size_t], cl_status),
    ("cl_layout_set_section_offset", [cl_layout_p, c_int64, c_double], cl_status),
    ("cl_layout_section_scroll", [cl_layout_p, c_int64, POINTER(cl_section_scroll), c_size_t],
     cl_status),
    ("cl_layout_section_target_offset", [cl_layout_p, c_int64, c_double, c_double, c_int32,
                                         c_double, POINTER(c_double)], cl_status),
    ("cl_batch_update_default", [], cl_batch_update),
    ("cl_layout_perform_batch_update", [cl_layout_p, POINTER(cl_batch_update),
                                        POINTER(cl_update_summary), c_size_t], cl_status),
    ("cl_layout_update_new_section", [cl_layout_p, c_int64, POINTER(c_int64)], cl_status),
    ("cl_layout_update_old_section", [cl_layout_p, c_int64, POINTER(c_int64)], cl_status),
    ("cl_layout_update_new_item", [cl_layout_p, cl_index_path, POINTER(cl_index_path)], cl_status),
    ("cl_layout_update_old_item", [cl_layout_p, cl_index_path, POINTER(cl_index_path)], cl_status),
    ("cl_layout_update_elements", [cl_layout_p, POINTER(cl_element_change), c_int64, c_size_t,
                                   POINTER(c_int64)], cl_status),
    ("cl_layout_update_identities", [cl_layout_p, c_int32, POINTER(cl_attributes), c_int64,
                                     c_size_t, POINTER(c_int64)], cl_status),
    ("cl_diff_side_default", [], cl_diff_side),
    ("cl_diff_create", [POINTER(cl_diff_side), POINTER(cl_diff_side), POINTER(cl_diff_p),
                        POINTER(cl_batch_update)], cl_status),
    ("cl_diff_destroy", [cl_diff_p], None),
    ("cl_diff_create_with_executor", [POINTER(cl_diff_side), POINTER(cl_diff_side),
                                      POINTER(cl_executor), POINTER(cl_diff_p),
                                      POINTER(cl_batch_update)], cl_status),
    # the host's executor (issue 34)
    ("cl_executor_default", [], cl_executor),
    ("cl_layout_set_executor", [cl_layout_p, POINTER(cl_executor)], cl_status),
    # self-sizing, target content offset, scrolling to an element
    ("cl_layout_set_item_sizes", [cl_layout_p, POINTER(cl_item_size), c_int64,
                                  POINTER(cl_size_change), c_size_t], cl_status),
    ("cl_layout_target_content_offset", [cl_layout_p, c_double, c_double, c_int32, c_double,
                                         POINTER(c_double)], cl_status),
    ("cl_layout_scroll_to_element", [cl_layout_p, c_int32, c_int32, c_int64, c_int64, c_int32,
                                     POINTER(cl_rect)], cl_status),
    # scroll physics
    ("cl_fling_def_default", [], cl_fling_def),
    ("cl_layout_fling", [cl_layout_p, POINTER(cl_fling_def), POINTER(cl_fling), c_size_t],
     cl_status),
    ("cl_fling_sample", [POINTER(cl_fling), c_double, POINTER(c_double), POINTER(c_double)],
     cl_status),
    ("cl_layout_rubber_band", [cl_layout_p, c_int64, c_double, POINTER(c_double)], cl_status),
    # focus navigation and prefetch
    ("cl_focus_request_default", [], cl_focus_request),
    ("cl_layout_focus", [cl_layout_p, POINTER(cl_focus_request), POINTER(cl_focus_answer), c_size_t],
     cl_status),
    ("cl_prefetch_request_default", [], cl_prefetch_request),
    ("cl_layout_prefetch", [cl_layout_p, POINTER(cl_prefetch_request), POINTER(cl_span),
                            POINTER(cl_span), POINTER(cl_prefetch_element), c_int64, c_size_t,
                            POINTER(c_int64)], cl_status),
    # ---- Transitions and interactive movement (SPEC §10.5, §10.7) ----
    ("cl_transition_create", [cl_layout_p, cl_layout_p, POINTER(cl_transition_p)], cl_status),
    ("cl_transition_destroy", [cl_transition_p], None),
    ("cl_transition_elements_in_rect", [cl_transition_p, c_double, cl_rect, POINTER(cl_attributes),
                                        c_int64, c_size_t, POINTER(c_int64)], cl_status),
    ("cl_transition_viewport", [cl_transition_p, POINTER(cl_rect)], cl_status),
    ("cl_transition_kind_name", [cl_transition_p, c_int32, POINTER(c_char_p)], cl_status),
    ("cl_layout_begin_movement", [cl_layout_p, cl_index_path], cl_status),
    ("cl_layout_update_movement", [cl_layout_p, c_double, c_double, POINTER(cl_index_path)],
     cl_status),
    ("cl_layout_movement", [cl_layout_p, POINTER(c_int32), POINTER(cl_index_path),
                            POINTER(cl_index_path)], cl_status),
    ("cl_layout_commit_movement", [cl_layout_p, POINTER(cl_update_summary), c_size_t], cl_status),
    ("cl_layout_cancel_movement", [cl_layout_p], cl_status),
]
