"""The diff through the Python API (SPEC §10.3): vector 14, numpy arrays, versions, duplicate and
malformed ids, and the properties: applied to the old lists it gives the new ones, with the
fewest moves (against an O(n²) longest common subsequence)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import collectionlayout as cl
from collectionlayout import BatchUpdate, InvalidArgumentError, Layout, OutOfRangeError
from conftest import vectors_dir
from update_model import apply_update, fewest_moves, id_lists


def vector14() -> dict:
    return json.loads((vectors_dir() / "changes" / "14-diff.json").read_text())


def diff_of(ids: dict) -> BatchUpdate:
    return cl.diff(ids["old"]["sections"], ids["old"]["items"], ids["new"]["sections"],
                   ids["new"]["items"], ids["old"].get("versions"), ids["new"].get("versions"))


def check_applies(update, old_sections, old_items, new_sections, new_items) -> None:
    """The update turns the old lists into the new ones, by the rules (computed here) and by
    the library (a layout of the old counts performs it; the mapping carries each id)."""
    assert apply_update(update, old_sections, old_items, new_sections, new_items) == \
        (list(new_sections), [list(items) for items in new_items])
    model = {"items": [list(items) for items in old_items]}
    with Layout(lambda s: len(model["items"][s]), section_count=lambda: len(model["items"]),
                item_size=(10, 10), viewport=(0, 0, 100, 100)) as layout:
        model["items"] = [list(items) for items in new_items]
        result = layout.perform_batch_update(update)
        for s, items in enumerate(old_items):
            for i, item in enumerate(items):
                target = result.new_item((s, i))
                if target is not None:
                    assert new_items[target[0]][target[1]] == item


def test_vector_14():
    vector = vector14()
    update = diff_of(vector["ids"])
    assert update.move_count == vector["expected"]["min_moves"]
    old, new = vector["ids"]["old"], vector["ids"]["new"]
    check_applies(update, old["sections"], old["items"], new["sections"], new["items"])
    # a reload only of item 3, the one whose version changed (where it stays in place)
    assert all(old["items"][s][i] == 3 for s, i in update.reload_items)
    assert set(update.to_dict()) == {"delete_sections", "insert_sections", "move_sections",
                                     "delete_items", "insert_items", "move_items", "reload_items",
                                     "reload_sections"}


def test_numpy_arrays_and_uint64_ids():
    big = np.array([2**64 - 1, 2**63, 5], dtype=np.uint64)
    update = cl.diff(np.array([1], np.uint64), [big], [1], [[5, 2**64 - 1, 2**63]])
    assert update.move_count == 1
    same = cl.diff(np.array([1], np.int64), [big.view(np.int64)], [1], [[5, -1, -2**63]])
    assert same == update
    assert cl.diff([], [], [], []) == BatchUpdate()


def test_versions_reload_in_place_and_delete_insert_when_moving():
    # 2 stays with a new version: reloaded; 3 moves with a new version: deleted and inserted
    update = cl.diff([1], [[1, 2, 3]], [1], [[3, 1, 2]], [[0, 0, 0]], [[1, 1, 1]])
    assert update.move_count == 0
    assert set(update.reload_items) == {(0, 0), (0, 1)}
    assert update.delete_items == ((0, 2),) and update.insert_items == ((0, 0),)
    # versions on one side only: the other side's are 0
    assert cl.diff([1], [[1]], [1], [[1]], new_versions=[[3]]).reload_items == ((0, 0),)


@pytest.mark.parametrize("sections, items, message", [
    ([1, 1], [[], []], "section id 1 is at sections 0 and 1"),
    ([1, 2], [[7], [8, 7]], r"item id 7 is at \(0, 0\) and \(1, 1\)"),
])
def test_duplicates_name_both_places(sections, items, message):
    with pytest.raises(InvalidArgumentError, match=message):
        cl.diff(sections, items, [], [])
    with pytest.raises(InvalidArgumentError, match=message.replace("old", "new")):
        cl.diff([], [], sections, items)


@pytest.mark.parametrize("arguments, error, message", [
    (([1], [[1.5]]), InvalidArgumentError, r"old items\[0\]\[0\] must be an integer id"),
    (([1], [[float("nan")]]), InvalidArgumentError, "must be an integer id"),
    (([1], [[True]]), InvalidArgumentError, "must be an integer id"),
    ((["a"], [[]]), InvalidArgumentError, r"old sections\[0\] must be an integer id"),
    (([1], [[2**64]]), OutOfRangeError, "does not fit in 64 bits"),
    (([1], [[1], [2]]), InvalidArgumentError, "1 section ids but 2 item lists"),
    (([1], "ab"), InvalidArgumentError, "must be a list of id lists"),
    (([1], [np.zeros((2, 2), np.int64)]), InvalidArgumentError, "1-D integer array"),
    (([1], [np.array([1.0])]), InvalidArgumentError, "1-D integer array"),
])
def test_malformed_id_lists(arguments, error, message):
    with pytest.raises(error, match=message):
        cl.diff(*arguments, [], [])


def test_malformed_versions():
    with pytest.raises(InvalidArgumentError, match=r"old versions\[0\] has 1 numbers for 2 items"):
        cl.diff([1], [[1, 2]], [1], [[1, 2]], [[0]], [[0, 0]])


@settings(max_examples=300, deadline=None)
@given(old=id_lists(), new=id_lists())
def test_diff_applies_with_the_fewest_moves(old, new):
    update = cl.diff(old[0], old[1], new[0], new[1])
    check_applies(update, old[0], old[1], new[0], new[1])
    assert update.move_count == fewest_moves(old[0], old[1], new[0], new[1])
    assert not update.reload_items  # no versions: nothing to reload


@settings(max_examples=150, deadline=None)
@given(old=id_lists(), new=id_lists(), data=st.data())
def test_diff_with_versions_applies(old, new, data):
    versions = {i: data.draw(st.integers(0, 1)) for items in new[1] for i in items}
    update = cl.diff(old[0], old[1], new[0], new[1], [[0] * len(items) for items in old[1]],
                     [[versions[i] for i in items] for items in new[1]])
    check_applies(update, old[0], old[1], new[0], new[1])
    for s, i in update.reload_items:  # a reload only of an item whose version changed
        assert versions[old[1][s][i]] == 1
    assert update.move_count <= fewest_moves(old[0], old[1], new[0], new[1])
