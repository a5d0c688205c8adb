"""Batch updates and the diff (SPEC §10.2-10.3): a list of labelled items in two sections. The
model changes (an item deleted, one inserted, one moved to the other section, one resized and
reloaded), the data source answers with the new model, and the update tells what animates: each
record's change and its from -> to frame and alpha. Then a diff between two orderings of ids,
applied the same way, and a diff whose section versions reload a section.

    python3 examples/python/updates_demo.py
"""

import sys
from pathlib import Path

# Run from a checkout without installing: use bindings/python next to this file.
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))

import collectionlayout  # noqa: E402
from collectionlayout import Layout  # noqa: E402

# The model: section ids and, per section, item ids; an item's height comes from its id.
model = {"sections": [1, 2], "items": [[10, 11, 12, 13, 14], [20, 21, 22]], "tall": set()}


def height(item):
    return 80.0 if item in model["tall"] else 40.0 + item % 3 * 10


layout = Layout(lambda s: len(model["items"][s]), section_count=lambda: len(model["sections"]),
                item_sizes=lambda s, first, count: [(110.0, height(i)) for i in
                                                    model["items"][s][first:first + count]],
                viewport=(0, 0, 360, 260), header=24, insets=(4, 4, 4, 4), line_spacing=6,
                interitem_spacing=6)


def show(title, result):
    print(f"== {title}: viewport {result.viewport}, adjustment {result.adjustment:g}, content "
          f"size change {result.content_size_change:g}")
    for record in result.elements:
        name = f"{record.category} {record.kind}".strip()
        old = "-" if record.old is None else f"{record.old[2:]}"
        new = "-" if record.new is None else f"{record.new[2:]}"
        print(f"  {record.change:9} {name:20} {old:>8} -> {new:<8} "
              f"y {record.from_.frame[1]:6.1f} -> {record.to.frame[1]:6.1f}  "
              f"alpha {record.from_.alpha:g} -> {record.to.alpha:g}")
    for label, identities in (("inserted", result.inserted), ("deleted", result.deleted)):
        if identities:
            print(f"  {label} identities: {[element.key for element in identities]}")


# 1. An update block, as in UIKit: change the model first, then say what changed.
with layout.batch_update() as update:
    model["items"] = [[10, 12, 21, 13, 15, 14], [20, 22]]  # 11 gone, 21 moved up, 15 new
    model["tall"].add(13)                                  # 13 resized: a reload
    update.delete_items([(0, 1)])
    update.move_item((1, 1), (0, 2))
    update.insert_items([(0, 4)])
    update.reload_items([(0, 3)])
result = update.result
show("update block", result)
print(f"  old item (0, 4) is now at {result.new_item((0, 4))}; new (0, 4) came from "
      f"{result.old_item((0, 4))}")

# 2. A diff: the update with the fewest moves between two orderings, performed as it is.
old_sections, old_items = list(model["sections"]), [list(x) for x in model["items"]]
model["sections"] = [2, 1, 3]
model["items"] = [[22, 20], [14, 10, 12, 21, 13, 15], [30]]
changes = collectionlayout.diff(old_sections, old_items, model["sections"], model["items"])
print(f"== diff: {changes.to_dict()} ({changes.move_count} moves)")
show("diff applied", layout.perform_batch_update(changes))

# 3. Section versions: section 1's content is replaced as a whole (UIKit's reloadSections). Its
# version changes, so the diff reloads it: its header is "reloaded", its cells deleted and inserted.
old_items = [list(x) for x in model["items"]]
model["items"][1] = [40, 41, 42]
changes = collectionlayout.diff(model["sections"], old_items, model["sections"], model["items"],
                                old_section_versions=[0, 0, 0], new_section_versions=[0, 1, 0])
print(f"== section reload: reload_sections {list(changes.reload_sections)}")
show("section reload applied", layout.perform_batch_update(changes))
layout.close()
