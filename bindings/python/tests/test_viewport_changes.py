"""The reuse helper (Layout.viewport_changes, cl_layout_viewport_changes): what comes into view
and what goes out of it between two viewports equals the difference of two rect queries, sorted,
for any two rects of any scene (pinned headers, sideways sections, decorations, pixel rounding)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from collectionlayout import InvalidArgumentError, Layout
from strategies import SETTINGS, build, rect, scenes

ORDER = {"cell": 0, "supplementary": 1, "decoration": 2}


def brute_force(layout, old, new):
    """The SPEC-like definition: the difference of two rect queries, by identity."""
    before = {e.key: e for e in layout.elements_in_rect(old)}
    after = {e.key: e for e in layout.elements_in_rect(new)}
    return [after[k] for k in after if k not in before], [before[k] for k in before if k not in after]


@SETTINGS
@given(scene=scenes(orthogonal=None), old=rect, new=rect, scale=st.sampled_from([0, 1, 2]),
       shift=st.sampled_from([None, 1, 44, 0.25, 800]))
def test_the_changes_are_the_difference_of_two_rect_queries(scene, old, new, scale, shift):
    with build(scene) as layout:
        layout.display_scale = scale
        if shift is not None:  # a scroll by `shift` along y, the common case
            new = (old[0], old[1] + shift, old[2], old[3])
        entered, left = layout.viewport_changes(old, new)
        want_entered, want_left = brute_force(layout, old, new)
        kinds = {name: number for number, name in enumerate(["", "header", "footer"])}

        def key(e):
            return (e.section, e.item, ORDER[e.category], kinds.get(e.kind, layout.kind_id(e.kind)))
        assert entered == sorted(want_entered, key=key)
        assert left == sorted(want_left, key=key)


def test_a_one_line_scroll_of_a_grid_enters_one_row_and_leaves_another():
    with Layout.from_sizes([[(100, 100)] * 3000], viewport=(0, 0, 300, 500), interitem_spacing=0,
                           line_spacing=0, insets=(0, 0, 0, 0)) as layout:
        entered, left = layout.viewport_changes((0, 0, 300, 500), (0, 100, 300, 500))
        assert [e.item for e in entered] == [15, 16, 17]
        assert [e.item for e in left] == [0, 1, 2]
        assert layout.viewport_changes((0, 0, 300, 500), (0, 0, 300, 500)) == ([], [])
        # a big jump: everything on screen changes, in order, beyond the first buffers' 64
        entered, left = layout.viewport_changes((0, 0, 300, 5000), (0, 20000, 300, 5000))
        assert [e.item for e in entered] == list(range(600, 750))
        assert [e.item for e in left] == list(range(150))


@pytest.mark.parametrize("bad", [(0, 0, -1, 10), (math.nan, 0, 1, 1), (0, math.inf, 1, 1)])
def test_bad_rects_are_refused(bad):
    with Layout.from_sizes([[(100, 100)] * 3]) as layout:
        with pytest.raises(InvalidArgumentError):
            layout.viewport_changes(bad, (0, 0, 10, 10))
        with pytest.raises(InvalidArgumentError):
            layout.viewport_changes((0, 0, 10, 10), bad)
