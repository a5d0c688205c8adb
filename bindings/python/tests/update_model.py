"""Helpers of the update and diff tests: a model of sections and items with ids, an independent
application of a batch update to id lists (SPEC §10.2's order of meaning), the fewest moves by
an O(n²) longest common subsequence, and hypothesis strategies for id lists."""

from __future__ import annotations

from hypothesis import strategies as st

from collectionlayout import Layout


def lcs_length(a: list, b: list) -> int:
    """The longest common subsequence's length, by the textbook O(n·m) table."""
    if not a or not b:
        return 0
    previous = [0] * (len(b) + 1)
    for x in a:
        current = [0]
        for j, y in enumerate(b):
            current.append(previous[j] + 1 if x == y else max(previous[j + 1], current[j]))
        previous = current
    return previous[-1]


def fewest_moves(old_sections, old_items, new_sections, new_items) -> int:
    """The fewest moves of SPEC §10.3 (no versions): sections in both lists and not in a longest
    common subsequence of them; per section in both, its items in both lists and not in a
    longest common subsequence; and every item that changes between two surviving sections."""
    common = set(old_sections) & set(new_sections)
    moves = len(common) - lcs_length([s for s in old_sections if s in common],
                                     [s for s in new_sections if s in common])
    old_home = {i: old_sections[s] for s, items in enumerate(old_items) for i in items}
    new_home = {i: new_sections[s] for s, items in enumerate(new_items) for i in items}
    for section in common:
        old = old_items[old_sections.index(section)]
        new = new_items[new_sections.index(section)]
        stay = set(old) & set(new)
        moves += len(stay) - lcs_length([i for i in old if i in stay], [i for i in new if i in stay])
    moves += sum(1 for i, home in old_home.items()
                 if i in new_home and new_home[i] != home and home in common
                 and new_home[i] in common)
    return moves


INSERTED = object()


def apply_update(update, old_sections: list, old_items: list[list], new_sections: list,
                 new_items: list[list]) -> tuple[list, list[list]]:
    """The lists after `update` (a BatchUpdate) by SPEC §10.2's rules, computed here without
    the library: inserted places take the new lists' ids there, every other place the old id
    the update carries to it. Raises AssertionError when the update does not fit the lists."""
    moved_sections = dict(update.move_sections)  # old -> new
    count = len(old_sections) - len(update.delete_sections) + len(update.insert_sections)
    assert count == len(new_sections), "section count"
    slots: list = [None] * count
    for s in update.insert_sections:
        assert slots[s] is None
        slots[s] = INSERTED
    for old, new in moved_sections.items():
        assert slots[new] is None
        slots[new] = old
    survivors = iter(s for s in range(len(old_sections))
                     if s not in update.delete_sections and s not in moved_sections)
    slots = [next(survivors) if slot is None else slot for slot in slots]
    assert next(survivors, None) is None
    sections = [new_sections[n] if slot is INSERTED else old_sections[slot]
                for n, slot in enumerate(slots)]
    deleted = set(update.delete_items)
    moved_out = {old for old, _ in update.move_items}
    reloaded = set(getattr(update, "reload_sections", ()))
    assert not reloaded & (set(update.delete_sections) | set(moved_sections)), "a reload moves"
    named_old = {p[0] for p in update.delete_items} | {s for (s, _), _ in update.move_items}
    named_new = {p[0] for p in update.insert_items} | {s for _, (s, _) in update.move_items}
    assert not named_old & reloaded, "an item operation names a reloaded section"
    items = []
    for n, slot in enumerate(slots):
        if slot is INSERTED or slot in reloaded:  # a reloaded section's items are all new
            assert slot is INSERTED or n not in named_new, "an item operation names a reload"
            items.append(list(new_items[n]))
            continue
        places: list = [None] * len(new_items[n])
        for s, i in update.insert_items:
            if s == n:
                assert places[i] is None
                places[i] = new_items[n][i]
        for (s, i), (ts, ti) in update.move_items:
            if ts == n:
                assert places[ti] is None
                places[ti] = old_items[s][i]
        rest = iter(old_items[slot][i] for i in range(len(old_items[slot]))
                    if (slot, i) not in deleted and (slot, i) not in moved_out)
        places = [next(rest) if p is None else p for p in places]
        assert next(rest, None) is None, f"section {n}: items left over"
        items.append(places)
    return sections, items


@st.composite
def id_lists(draw, max_sections: int = 4, max_items: int = 14):
    """(sections, items) of one side: section ids from 100 up, item ids from 0 up, unique."""
    sections = draw(st.lists(st.integers(100, 100 + 2 * max_sections), unique=True,
                             max_size=max_sections))
    pool = draw(st.permutations(range(max_items)))
    keep = draw(st.integers(0, max_items))
    pool = pool[:keep]
    cuts = sorted(draw(st.lists(st.integers(0, len(pool)), min_size=len(sections),
                                max_size=len(sections))))
    items, start = [], 0
    for k in range(len(sections)):
        end = cuts[k] if k + 1 < len(sections) else len(pool)
        items.append(list(pool[start:max(start, end)]))
        start = max(start, end)
    return sections, items


def layout_of_counts(model: dict, **options) -> Layout:
    """A layout over model["items"] (lists of ids), each item 100 x (20 + id % 7 * 5) (so an
    item keeps its size wherever it goes), a header per section and a separator before item 1
    of sections with an even id."""
    def sizes(section, first, count):
        ids = model["items"][section][first:first + count]
        return [(100.0, 20.0 + (i % 7) * 5 + model.get("versions", {}).get(i, 0)) for i in ids]

    def section_key(section):  # a new section version gives other metrics (a reload)
        section_id = model["sections"][section]
        return section_id + model.get("section_versions", {}).get(section_id, 0)

    def inline(section):
        items = model["items"][section]
        return [("separator", min(1, len(items)), 1.0)] if model["sections"][section] % 2 == 0 \
            else []
    return Layout(lambda s: len(model["items"][s]), section_count=lambda: len(model["sections"]),
                  item_sizes=sizes, inline_elements=inline, kinds=["separator"],
                  section_metrics=lambda s: {"header": 10.0 + section_key(s) % 3},
                  viewport=options.pop("viewport", (0, 0, 320, 300)), insets=(5, 5, 5, 5),
                  line_spacing=4, interitem_spacing=4, **options)
