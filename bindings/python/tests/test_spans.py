"""Spanning grid and waterfall items (SPEC §16) through the Python API and the command line:
`item_spans=` (words or numpy), `packing`, spans kept through updates and asked again for
invalidated items, and bad spans and packings refused with the last good layout kept."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

from collectionlayout import BadCallbackDataError, Layout, SectionMetricsTable, _lib
from conftest import REPO

# Three columns of 100 (no spacing), rows of 10.
GRID = dict(viewport=(0, 0, 300, 500), style="grid", columns=3, interitem_spacing=0,
            line_spacing=0, item_size=(0, 10))


def places(layout, section=0):
    """(row, column, columns spanned) of each item."""
    result = []
    for i in range(layout.item_count(section)):
        x, y, w, _ = layout.cell(section, i).frame
        result.append((int(y // 10), int(x // 100), int(w // 100)))
    return result


def test_sparse_and_dense_packing_of_the_worked_example():
    spans = [2, 2, 1, 3]

    def item_spans(section, first, count):
        return spans[first:first + count]

    with Layout(lambda s: 4, item_spans=item_spans, **GRID) as layout:
        assert places(layout) == [(0, 0, 2), (1, 0, 2), (1, 2, 1), (2, 0, 3)]
    with Layout(lambda s: 4, item_spans=item_spans, section_metrics=lambda s: {"packing": "dense"},
                **GRID) as layout:
        assert places(layout) == [(0, 0, 2), (1, 0, 2), (0, 2, 1), (2, 0, 3)]
    table = SectionMetricsTable(count=1, packing="dense")
    with Layout(lambda s: 4, item_spans=item_spans, section_metrics=table, **GRID) as layout:
        assert places(layout)[2] == (0, 2, 1)


def test_words_numpy_and_clamping():
    words = ["full", 1, "remaining", 7]
    with Layout(lambda s: 4, item_spans=lambda s, f, c: words[f:f + c], **GRID) as layout:
        assert places(layout) == [(0, 0, 3), (1, 0, 1), (1, 1, 2), (2, 0, 3)]
    array = np.array([_lib.CL_SPAN_FULL, 1, _lib.CL_SPAN_REMAINING, 7], dtype=np.int32)
    with Layout(lambda s: 4, item_spans=lambda s, f, c: array[f:f + c], **GRID) as layout:
        assert places(layout) == [(0, 0, 3), (1, 0, 1), (1, 1, 2), (2, 0, 3)]


def test_spans_are_kept_through_updates_and_asked_again_when_invalidated():
    spans, asked = [2, 1, "full"], []
    counts = [3]

    def item_spans(section, first, count):
        asked.append((first, count))
        return spans[first:first + count]

    with Layout(lambda s: counts[0], item_spans=item_spans, **GRID) as layout:
        counts[0] = 4
        spans[:] = [1, 3, 1, 1]  # only item 1 (inserted) is asked: the others keep theirs
        asked.clear()
        layout.perform_batch_update(insert_items=[(0, 1)])
        assert asked == [(1, 1)]
        assert places(layout) == [(0, 0, 2), (1, 0, 3), (2, 0, 1), (3, 0, 3)]
        layout.invalidate_items([(0, 0)])  # asked again: now 1
        assert places(layout)[0] == (0, 0, 1)


@pytest.mark.parametrize("bad", [0, -1, 2.5, "wide", None])
def test_bad_spans_are_refused_and_the_last_good_layout_kept(bad):
    spans = [1, 2]
    with Layout(lambda s: 2, item_spans=lambda s, f, c: spans[f:f + c], **GRID) as layout:
        before = places(layout)
        spans[1] = bad
        with pytest.raises(BadCallbackDataError):
            layout.invalidate()
        assert places(layout) == before


def test_a_numpy_zero_is_refused_by_the_library_naming_the_item():
    array = np.array([1, 0], dtype=np.int32)
    with pytest.raises(BadCallbackDataError, match=r"item \(0, 1\)"):
        Layout(lambda s: 2, item_spans=lambda s, f, c: array[f:f + c], **GRID)


def test_a_bad_packing_is_refused():
    with pytest.raises(Exception, match="packing"):
        Layout(lambda s: 2, section_metrics=lambda s: {"packing": "tight"}, **GRID)


def run(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(REPO / "bindings" / "python"))
    return subprocess.run([sys.executable, "-m", "collectionlayout", *args], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120)


def scene(tmp_path, **section):
    path = tmp_path / "scene.json"
    path.write_text(json.dumps({"viewport": [0, 0, 300, 500], "sections": [
        {"style": "grid", "columns": 3, "item_count": 3, "item_size": [0, 10], **section}]}))
    return str(path)


def test_the_command_line_reads_spans_and_packing(tmp_path):
    done = run("dump", scene(tmp_path, spans=[2, 2, 1], packing="dense"))
    assert done.returncode == 0, done.stderr
    frames = [e["frame"] for e in json.loads(done.stdout)["elements"]]
    assert frames == [[0, 0, 200, 10], [0, 10, 200, 10], [200, 0, 100, 10]]
    # Other styles ignore both keys; a waterfall checks packing.
    assert run("dump", scene(tmp_path, style="flow", spans=[0], packing="x")).returncode == 0


@pytest.mark.parametrize("section, message", [
    ({"spans": [1, 1, 1, 1]}, "4 entries for 3 items"),
    ({"spans": [1, 0]}, "spans[1]"),
    ({"spans": [1.5]}, "spans[0]"),
    ({"spans": ["wide"]}, "spans[0]"),
    ({"packing": "tight"}, "packing"),
    ({"style": "waterfall", "packing": "tight"}, "packing"),
])
def test_the_command_line_refuses_bad_spans_and_packings(tmp_path, section, message):
    done = run("dump", scene(tmp_path, **section))
    assert done.returncode == 1 and done.stderr.startswith("error: ") and message in done.stderr, done.stderr
