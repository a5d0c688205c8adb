"""Badges (SPEC §17.1) through the Python API and the command line: `badges=` and `add_badge`,
`item_badges=` (tuples and dicts), the vector 26 badge frames, badges following their cells
through an update and asked again for invalidated items, bad kinds and answers refused with the
last good layout kept, and the scene keys `layout.badges` and a section's `badges`."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from collectionlayout import Badge, BadCallbackDataError, CollectionLayoutError, Layout
from conftest import REPO

COUNT = Badge("count", size=(20, 20), offset=(0.5, -0.5), fractional=True)
DOT = {"kind": "dot", "anchor": ["bottom", "leading"], "badge_anchor": ["top", "trailing"],
       "size": [8, 8], "offset": [2, 0], "z": 2}
# Two sections of 2 columns of 150x100 in 320, rows 10 apart, headers of 30.
OPTIONS = dict(section_count=lambda: 2, viewport=(0, 0, 320, 600), item_size=(150, 100),
               interitem_spacing=20, line_spacing=10, header=30)


def make(carried, counts=None, asked=None, unasked=False):
    """A layout whose item_badges answers from `carried` (section -> list of entries): the
    items asked (all of them with `unasked`), noting each call in `asked`."""
    counts = counts if counts is not None else {0: 4, 1: 4}

    def item_badges(section, first, count):
        if asked is not None:
            asked.append((section, first, count))
        return [b for b in carried.get(section, [])
                if unasked or first <= (b["item"] if isinstance(b, dict) else b[0]) < first + count]
    return Layout(lambda s: counts[s], badges=[COUNT, DOT], item_badges=item_badges, **OPTIONS)


def vector_badges():
    return {0: [(1, "count"), {"item": 2, "kind": "dot"}], 1: [(0, "count", (30, 20))]}


def frame(layout, kind, section, item):
    return layout.attributes("supplementary", kind, section, item).frame


def test_the_vectors_badge_frames_and_z():
    with make(vector_badges()) as layout:
        assert frame(layout, "count", 0, 1) == (310, 20, 20, 20)
        dot = layout.attributes("supplementary", "dot", 0, 2)
        assert dot.frame == (-6, 240, 8, 8) and dot.z == 2
        assert frame(layout, "count", 1, 0) == (135, 260, 30, 20)
        assert layout.content_size == (320, 480)
        found = {(a.kind, a.section, a.item) for a in layout.elements_in_rect((-10, 235, 20, 20))}
        assert ("dot", 0, 2) in found  # outside its cell and the content
        with pytest.raises(CollectionLayoutError):
            layout.attributes("supplementary", "dot", 0, 1)


def test_badges_follow_their_cell_and_are_asked_again_when_invalidated():
    carried, counts, asked = vector_badges(), {0: 4, 1: 4}, []
    with make(carried, counts, asked) as layout:
        # An item inserted at 0 of section 0, carrying a dot: only it is asked.
        counts[0] = 5
        carried[0] = [(2, "count"), (3, "dot"), (0, "dot")]
        asked.clear()
        result = layout.perform_batch_update(insert_items=[(0, 0)])
        assert asked == [(0, 0, 1)]
        assert frame(layout, "count", 0, 2) == (140, 130, 20, 20)
        assert any(a.kind == "dot" and (a.section, a.item) == (0, 0) for a in result.inserted)
        # Invalidating an item asks its badges again: the count becomes a dot.
        carried[0] = [(2, "dot"), (3, "dot"), (0, "dot")]
        asked.clear()
        layout.invalidate_items([(0, 2)])
        assert asked == [(0, 2, 1)]
        assert frame(layout, "dot", 0, 2) == (-6, 240, 8, 8)
        with pytest.raises(CollectionLayoutError):
            layout.attributes("supplementary", "count", 0, 2)


@pytest.mark.parametrize("answer", [
    [(1, "count"), (1, "count")],  # two of a kind on one item
    [(1, "header")],  # not a badge kind
    [(1, "nope")],  # not a kind at all
    [(1, "count", (-1, 2))],  # a negative size
    [(9, "count")],  # an item not asked
    ["count"],  # not an entry
])
def test_bad_answers_are_refused_and_the_last_good_layout_kept(answer):
    carried = vector_badges()
    with make(carried, unasked=True) as layout:
        carried[0] = answer
        with pytest.raises(BadCallbackDataError):
            layout.invalidate()
        assert frame(layout, "count", 0, 1) == (310, 20, 20, 20)


@pytest.mark.parametrize("badge", [
    Badge("b", anchor=("top", "bottom")), Badge("b", anchor=("top", "top")), Badge("b", anchor=("up",)),
    Badge("b", badge_anchor=("leading", "trailing")), Badge("b", size=(-1, 1)),
    Badge("b", offset=(float("nan"), 0)), Badge("b", z=1.5), Badge("count"), Badge("header"),
])
def test_bad_badge_kinds_are_refused(badge):
    with make({}) as layout:
        with pytest.raises(CollectionLayoutError):
            layout.add_badge(*badge)


def run(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(REPO / "bindings" / "python"))
    return subprocess.run([sys.executable, "-m", "collectionlayout", *args], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120)


def scene(tmp_path, kinds, badges):
    path = tmp_path / "scene.json"
    section = {"header": 30, "item_count": 4, "item_size": [150, 100], "interitem_spacing": 20,
               "line_spacing": 10}
    path.write_text(json.dumps({"viewport": [0, 0, 320, 600], "layout": {"badges": kinds},
                                "sections": [{**section, "badges": badges}, section]}))
    return str(path)


def test_the_command_line_reads_badges_with_the_specs_defaults(tmp_path):
    kinds = [{"kind": "count", "size": [20, 20], "offset": [0.5, -0.5], "fractional": True}, DOT,
             {"kind": "plain"}]
    done = run("dump", scene(tmp_path, kinds, [{"kind": "count", "item": 1}, {"kind": "dot", "item": 2},
                                                {"kind": "plain", "item": 0, "size": [4, 6]}]))
    assert done.returncode == 0, done.stderr
    badges = {e["kind"]: e for e in json.loads(done.stdout)["elements"] if e["kind"] in ("count", "dot", "plain")}
    assert badges["count"]["frame"] == [310, 20, 20, 20] and badges["count"]["z"] == 1
    assert badges["dot"]["frame"] == [-6, 240, 8, 8] and badges["dot"]["z"] == 2
    # Defaults: [top, trailing] inside the corner, offset 0, z 1.
    assert badges["plain"]["frame"] == [146, 30, 4, 6] and badges["plain"]["z"] == 1


@pytest.mark.parametrize("kinds, badges, message", [
    ([{"kind": "b", "anchor": ["top", "bottom"]}], [], "opposite"),
    ([{"kind": "b", "anchor": ["top", "top"]}], [], "twice"),
    ([{"kind": "b", "anchor": ["up"]}], [], "not an edge"),
    ([{"kind": "b", "z": 1.5}], [], "z"),
    ([{"kind": "b", "size": [-1, 1]}], [], "size"),
    ([{"kind": "b"}, {"kind": "b"}], [], "twice"),
    ([{"kind": "header"}], [], "built-in"),
    ([{"kind": "b"}], [{"kind": "c", "item": 0}], "not a kind of layout.badges"),
    ([{"kind": "b"}], [{"kind": "b", "item": 4}], "does not exist"),
    ([{"kind": "b"}], [{"kind": "b", "item": 1}, {"kind": "b", "item": 1}], "two badges"),
])
def test_the_command_line_refuses_bad_badges(tmp_path, kinds, badges, message):
    done = run("dump", scene(tmp_path, kinds, badges))
    assert done.returncode == 1 and done.stderr.startswith("error: ") and message in done.stderr, done.stderr
