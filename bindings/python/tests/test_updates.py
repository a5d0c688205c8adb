"""Batch updates through the Python API (SPEC §10.2): the shared vectors 11-13, the update block,
the answers and their lifetime, bad input, and the property that an update gives the layout a
fresh layout of the new data would have."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

import collectionlayout as cl
from collectionlayout import BatchUpdate, InvalidArgumentError, Layout, OutOfRangeError
from collectionlayout.tools import scene
from conftest import assert_same_elements, keyed, vectors_dir
from update_model import id_lists, layout_of_counts


def change_vector(name: str) -> dict:
    return json.loads((vectors_dir() / "changes" / f"{name}.json").read_text())


def vector_layout(vector: dict):
    """The vector's scene as a layout whose data source is then switched to the update's
    sections (the old scene object serves them), as the `update` command does."""
    old = scene.parse(vector["scene"])
    new = scene.parse_sections(vector["update"]["sections"], old)
    kinds = [kind for section in new for kind, _, _ in section.inline]
    layout = old.build(kinds=kinds, live=True)
    counts = [section.count for section in old.sections]
    old.sections[:] = new
    return layout, counts


def check_answer(layout, result, counts, expected) -> None:
    assert list(layout.content_size) == pytest.approx(expected["content_size"], abs=1e-6)
    assert list(result.viewport) == pytest.approx(expected["viewport"], abs=1e-6)
    assert result.section_map() == expected["sections"]
    for s, count in enumerate(counts):
        got = [result.new_item((s, i)) for i in range(count)]
        assert got == [None if p is None else tuple(p) for p in expected["items"][s]]
    records = {(r["category"], r["kind"], tuple(r["old"] or ()), tuple(r["new"] or ())): r
               for r in expected["elements"]}
    got = {(e.category, e.kind, tuple(e.old[2:]) if e.old else (), tuple(e.new[2:]) if e.new
            else ()): e for e in result.elements}
    assert sorted(got) == sorted(records)
    for key, want in records.items():
        record = got[key]
        assert record.change == want["change"], key
        assert_same_elements([record.from_], [want["from"]])
        assert_same_elements([record.to], [want["to"]])
        # the reverse mapping agrees with the records of cells
        if record.category == "cell" and record.new is not None:
            assert result.old_item(record.new[2:]) == (record.old[2:] if record.old else None)
    assert sorted(list(a.key) for a in result.inserted) == sorted(expected["inserted"])
    assert sorted(list(a.key) for a in result.deleted) == sorted(expected["deleted"])


@pytest.mark.parametrize("name", ["11-update-items", "12-update-sections"])
def test_update_vectors(name):
    vector = change_vector(name)
    layout, counts = vector_layout(vector)
    with layout:
        result = layout.perform_batch_update(BatchUpdate.from_dict(vector["update"]))
        check_answer(layout, result, counts, vector["expected"])
        # the records as numpy: the same changes and frames
        array = result.elements_array
        assert len(array) == len(result.elements)
        assert [cl.updates.CHANGES[c] for c in array["change"]] == \
            [e.change for e in result.elements]
        assert np.allclose(array["to"]["frame"]["y"], [e.to.frame[1] for e in result.elements])


def test_update_vector_by_keywords_and_block():
    vector = change_vector("11-update-items")
    operations = {k: v for k, v in vector["update"].items() if k != "sections"}
    layout, counts = vector_layout(vector)
    with layout:
        check_answer(layout, layout.perform_batch_update(**operations), counts,
                     vector["expected"])
    layout, counts = vector_layout(vector)
    with layout, layout.batch_update() as u:
        u.delete_items(operations["delete_items"])
        u.insert_items(operations["insert_items"])
        u.reload_items(operations["reload_items"])
        for old, new in operations["move_items"]:
            u.move_item(old, new)
    check_answer_closed = u.result
    assert check_answer_closed is not None and len(check_answer_closed.elements) == \
        len(vector["expected"]["elements"])


def test_refused_update_changes_nothing():
    vector = change_vector("13-update-invalid")
    layout, _ = vector_layout(vector)
    with layout:
        before = layout.all_elements()
        with pytest.raises(InvalidArgumentError, match="invalid number of items in section 0: "
                                                       "3 after the update, 4 before, 1 inserted"):
            layout.perform_batch_update(BatchUpdate.from_dict(vector["update"]))
        assert_same_elements(layout.all_elements(), before)


def _two_sections(counts):
    model = {"counts": list(counts)}
    layout = Layout(lambda s: model["counts"][s], section_count=lambda: len(model["counts"]),
                    item_size=(100, 50), viewport=(0, 0, 320, 400), header=20)
    return model, layout


def test_block_performs_on_exit_not_on_an_exception():
    model, layout = _two_sections([3, 2])
    with layout:
        model["counts"] = [4, 2]
        with pytest.raises(KeyError):
            with layout.batch_update() as u:
                u.insert_items([(0, 1)])
                raise KeyError("stop")
        assert u.result is None
        assert layout.item_count(0) == 3  # nothing performed
        with layout.batch_update() as u:
            u.insert_items([(0, 1)])
            assert u.update.insert_items == ((0, 1),)
        assert layout.item_count(0) == 4
        assert u.result.old_item((0, 1)) is None and u.result.new_item((0, 1)) == (0, 2)
        inserted = [e for e in u.result.elements if e.change == "inserted"]
        assert [e.new for e in inserted] == [("cell", "", 0, 1)]
        assert inserted[0].from_.alpha == 0 and inserted[0].to.alpha == 1


def test_answers_last_until_the_next_change():
    model, layout = _two_sections([3, 2])
    with layout:
        model["counts"] = [2, 2]
        first = layout.perform_batch_update(delete_items=[(0, 0)])
        assert first.new_item((0, 1)) == (0, 0)
        assert first.new_section(1) == 1 and first.old_section(0) == 0
        with pytest.raises(OutOfRangeError):
            first.new_item((0, 3))
        model["counts"] = [2, 3]
        second = layout.perform_batch_update(insert_items=[(1, 0)])
        with pytest.raises(InvalidArgumentError, match="another update"):
            first.new_item((0, 1))
        assert second.new_item((1, 0)) == (1, 1)
        layout.set_viewport((0, 10, 320, 400))
        with pytest.raises(InvalidArgumentError, match="changed since"):
            second.new_item((1, 0))
        assert second.elements  # the plain objects stay


def test_update_with_a_viewport_and_section_operations():
    model, layout = _two_sections([3, 2])
    with layout:
        model["counts"] = [2, 5, 3]
        result = layout.perform_batch_update(insert_sections=[1], move_sections=[(1, 0)],
                                             viewport=(0, 40, 320, 400))
        assert result.viewport == (0, 40, 320, 400)
        assert result.section_map() == [2, 0]
        assert [a.key for a in result.inserted] == [("supplementary", "header", 1, 0)]
        assert result.content_size_change > 0


@pytest.mark.parametrize("operations, message", [
    ({"delete_items": [(0, 0.5)]}, r"delete_items\[0\] must be \(section, item\)"),
    ({"delete_items": [0]}, r"delete_items\[0\] must be \(section, item\)"),
    ({"insert_sections": ["1"]}, r"insert_sections\[0\] must be a section number"),
    ({"move_sections": [(0, 1, 2)]}, r"move_sections\[0\] must be \(from, to\)"),
    ({"move_items": [((0, 0), 1)]}, r"move_items\[0\] must be"),
    ({"reload_items": 5}, "reload_items must be a list"),
    ({"delete_sections": [True]}, "must be a section number"),
    ({"delete_items": np.zeros((2, 3), np.int64)}, r"shape \(n, 2\)"),
])
def test_malformed_operations_raise_before_the_library(operations, message):
    _, layout = _two_sections([3, 2])
    with layout, pytest.raises(InvalidArgumentError, match=message):
        layout.perform_batch_update(**operations)


@pytest.mark.parametrize("operations, message", [
    ({"delete_items": [(0, 7)]}, "out of range|does not exist|item"),
    ({"delete_sections": [5]}, "section"),
    ({"delete_items": [(0, 0), (0, 0)]}, "twice|two|more than once|same"),
    ({"viewport": (0, 0, float("nan"), 10)}, "finite|NaN|nan"),
])
def test_refused_operations_name_the_problem(operations, message):
    model, layout = _two_sections([3, 2])
    with layout:
        before = layout.all_elements()
        with pytest.raises((InvalidArgumentError, OutOfRangeError), match=message):
            layout.perform_batch_update(**operations)
        assert_same_elements(layout.all_elements(), before)


def test_an_update_and_keywords_together_are_refused():
    _, layout = _two_sections([3, 2])
    with layout, pytest.raises(TypeError):
        layout.perform_batch_update(BatchUpdate(), delete_items=[(0, 0)])


def test_numpy_operation_arrays():
    model, layout = _two_sections([3, 2])
    with layout:
        model["counts"] = [1, 2]
        result = layout.perform_batch_update(delete_items=np.array([[0, 0], [0, 2]]))
        assert result.new_item((0, 1)) == (0, 0)


# ---- Property: an update lays out what a fresh layout of the new data lays out --------------

def _fresh_equal(model, layout, result) -> None:
    with layout_of_counts(model, viewport=result.viewport) as fresh:
        assert layout.content_size == pytest.approx(fresh.content_size, abs=1e-6)
        assert_same_elements(layout.all_elements(), fresh.all_elements())
        assert_same_elements(layout.elements_in_rect(result.viewport),
                             fresh.elements_in_rect(result.viewport))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(old=id_lists(), new=id_lists())
def test_random_updates_equal_a_fresh_layout(old, new):
    model = {"sections": old[0], "items": old[1]}
    with layout_of_counts(model, viewport=(0, 60, 320, 200)) as layout:
        old_keys = keyed(layout.all_elements())
        update = cl.diff(old[0], old[1], new[0], new[1])
        model["sections"], model["items"] = new
        result = layout.perform_batch_update(update)
        _fresh_equal(model, layout, result)
        # the identities the update inserted and deleted are those of the two layouts
        new_keys = keyed(layout.all_elements())
        for element in result.deleted:
            assert element.key in old_keys and element.category != "cell"
        for element in result.inserted:
            assert element.key in new_keys and element.category != "cell"
        # every carried cell's id is where the mapping puts it
        for s, items in enumerate(old[1]):
            for i, item in enumerate(items):
                target = result.new_item((s, i))
                if target is not None:
                    assert new[1][target[0]][target[1]] == item
