#!/usr/bin/env python3
"""Writes the seed inputs of the fuzz targets into Tests/fuzz/corpus/<target>/.

fuzz_abi's inputs are programs (Tests/fuzz/fuzz_abi.c reads them); this is their assembler, and
it must follow the order in which fuzz_abi.c reads its bytes. The seeds:

  - every scene of the shared test vectors (Tests/vectors/*.json, styles/*.json) as a program
    that builds it (counts, sizes, metrics, inline elements, decorations, viewport; item sizes
    are the model's, around each section's first size), then scrolls, queries and invalidates;
  - issue 15's first four rows, each a program whose create must fail with CL_ERROR_LIMIT at
    no cost: 2^28 sections (with a lowered element_limit, since 2^28 empty sections under the
    default limit are a legitimate layout of 2^28 sections), 2^28 sections of items under the
    default limit, inline_elements reporting 2^28 elements in a section of 10 items, 1,000
    sections of 268,435 items (just over CL_MAX_ITEMS), and a header and footer of 1e308.

Run from the repository root: python3 Tests/fuzz/seeds.py
"""
import json
import os
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(ROOT, "Tests", "fuzz", "corpus")

COUNT_TABLE = [0, 1, 2, 3, 5, 8, 13, 40, 100, 250, 1000, -1, -2**63, 2**63 - 1, 2**28, 2**28 + 1,
               2**28 - 1, 268435, 2**32, 2**62, 10**12, 3999, 4001]
EXTREME = [1e308, 1.7976931348623157e308, 1.7e308, 1e300, 1e15, 9007199254740993.0, 4.9e-324, 1e-300, 0.5, 1e6]
NAMES = ["separator", "badge", "divider", "background", "shadow", "card", "", "header", "footer"]
LIMITS = [0, 1, 10, 100, 1000, 4000, 2**28, 2**28 + 1, -1, 2**63 - 1, 5]
# fuzz_abi.c read_display_scale's table (the first ones)
DISPLAY_SCALES = [0, 1, 2, 3, 0.5]
STYLES = {"flow": 0, "orthogonal": 1, "grid": 2, "waterfall": 3, "custom": 4}
ALIGN = {"justified": 0, "leading": 1, "center": 2, "trailing": 3}
CROSS = {"center": 0, "start": 1, "end": 2}
SCOPE = {"section": 0, "item": 1}
COVERAGE = {"body": 0, "section": 1, "items": 2}
OP = {"create": 0, "destroy": 1, "invalidate": 2, "invalidate_items": 3, "invalidate_sections": 5,
      "set_viewport": 6, "set_section_offset": 7, "section_scroll": 8, "target_offset": 9,
      "register_kind": 10, "kind_name": 11, "add_decoration": 12, "rect": 13, "attributes": 15,
      "counts": 16, "model": 17, "section": 18, "arm": 20, "stale": 21, "status": 22, "motion": 23,
      # bytes 240...250: the ops past 23 (fuzz_abi.c reads a byte >= 240 as op 24 + (b - 240) % 11)
      "explicit": 240, "diff": 241, "random_update": 242, "answers": 243, "hit": 244, "physics": 245,
      "focus": 246, "badge": 247, "global": 248, "executor": 250}
# fuzz_abi.c read_layout_extent's table (the first ones): the layout's header and footer (SPEC §17.2)
LAYOUT_EXTENTS = [0, 50, 30, 0.5]
# Badge anchors as fuzz_abi.c's op 31 picks them (anchors[b % 9]); badge names (names[b % 4]).
BADGE_ANCHORS = {("top", "trailing"): 0, ("bottom", "leading"): 1, (): 2, ("top",): 3, ("trailing",): 4}
BADGE_NAMES = ["count", "dot", "new", "star"]


class Program:
    def __init__(self):
        self.b = bytearray()

    def u8(self, v):
        self.b.append(v & 0xFF)

    def op(self, name, slot=0):
        self.u8(OP[name])
        self.u8(slot)

    def count(self, n):
        if 0 <= n < 24:
            self.u8(n)
            return
        index = COUNT_TABLE.index(n)  # bytes >= 128 pick COUNT_TABLE[b % 23]
        self.u8(next(b for b in range(128, 256) if b % len(COUNT_TABLE) == index))

    def small_count(self, n):
        if 1 <= n <= 5:
            self.u8(n - 1)
        else:
            table = [1, 2, 3, 4, 5, 0, -1, -2**31, 2**31 - 1, 1 << 28, 100, 7]
            index = table.index(n)
            self.u8(next(b for b in range(160, 256) if b % len(table) == index))

    def enum(self, v):
        self.u8(v)

    def extent(self, v):
        if v in EXTREME:
            self.u8(220)
            self.u8(EXTREME.index(v))
        elif v == int(v) and 0 <= v < 256:
            self.u8(0)
            self.u8(int(v))
        elif v * 8 == int(v * 8) and 0 <= v * 8 < 65536:
            self.u8(180)
            self.b += struct.pack("<H", int(v * 8))
        else:
            raise ValueError("extent %r has no encoding" % v)

    def double(self, v):
        if v == int(v) and v % 8 == 0 and -1024 <= v <= 1016:
            self.u8(0)
            self.u8(int(v // 8) & 0xFF)
        elif v * 4 == int(v * 4) and -32768 <= v * 4 < 32768:
            self.u8(160)
            self.b += struct.pack("<h", int(v * 4))
        elif abs(v) in EXTREME:
            self.u8(221 if v < 0 else 220)
            self.u8(EXTREME.index(abs(v)))
        else:
            raise ValueError("coordinate %r has no encoding" % v)

    def rect(self, r):
        self.double(r[0])
        self.double(r[1])
        self.extent(r[2])
        self.extent(r[3])

    def insets(self, i):
        if not any(i):
            self.u8(0)
            return
        self.u8(1)
        for v in i:
            self.extent(v)

    def create(self, slot=0, viewport=(0, 0, 320, 480), direction=0, pin_headers=False, pin_footers=False,
               kinds=(), limit=None, item_size=(50, 50), content_insets=(0, 0, 0, 0), display_scale=0,
               global_header=0, global_footer=0, pin_global_header=False, pin_global_footer=False, rtl=False):
        self.op("create", slot)
        self.enum(direction)
        self.rect(viewport)
        self.u8(0)  # keep the viewport
        self.extent(item_size[0])
        self.extent(item_size[1])
        self.insets((0, 0, 0, 0))
        scroll_view = (4 if any(content_insets) else 0) | (8 if display_scale else 0)  # SPEC §20
        scroll_view |= ((16 if global_header or global_footer else 0) | (32 if pin_global_header else 0)
                        | (64 if pin_global_footer else 0) | (128 if rtl else 0))  # SPEC §17.2, §15
        self.u8((16 if pin_headers else 0) | (32 if pin_footers else 0) | (128 if scroll_view else 0))
        if scroll_view:
            self.u8(scroll_view)
            if scroll_view & 4:
                self.insets(content_insets)
            if scroll_view & 8:
                self.u8(DISPLAY_SCALES.index(display_scale) if display_scale in DISPLAY_SCALES else 1)
            if scroll_view & 16:
                self.layout_extent(global_header)
                self.layout_extent(global_footer)
                self.u8(0)  # no collapsing header
            if scroll_view & 128:
                self.u8(0)  # right to left
        self.u8(len(kinds))
        self.u8(0)
        for k in kinds:
            self.u8(NAMES.index(k))
        if limit is None:
            self.u8(0)
        else:
            self.u8(next(b for b in range(128, 256) if b % len(LIMITS) == LIMITS.index(limit)))
        self.u8(0)  # every callback
        self.u8(0)  # def: its own size
        self.u8(0)  # data source: its own size
        self.u8(0)  # no NULL arguments

    def layout_extent(self, v):
        """fuzz_abi.c read_layout_extent: a table entry, or 200 and an extent."""
        if v in LAYOUT_EXTENTS:
            self.u8(LAYOUT_EXTENTS.index(v))
        else:
            self.u8(200)
            self.extent(v)

    def global_header_footer(self, header, footer, pin_header=False, pin_footer=False, slot=0):
        """op 32: cl_layout_set_global_header_footer on a live layout."""
        self.op("global", slot)
        self.u8(0)  # the extents and pins, not the collapse
        self.layout_extent(header)
        self.layout_extent(footer)
        self.u8((1 if pin_header else 0) | (2 if pin_footer else 0))
        self.u8(0)  # the layout, not NULL

    def sections(self, n, slot=0):
        self.op("model", slot)
        self.u8(1)
        self.count(n)

    def section(self, index, items, size=(50, 50), style=0, columns=2, rows=1, alignment=0, cross=0, header=0,
                footer=0, line_spacing=10, interitem_spacing=10, insets=(0, 0, 0, 0), decorations=None,
                inline=None, spans=0, slot=0):
        self.op("section", slot)
        self.u8(index)
        self.count(items)
        self.extent(size[0])
        self.extent(size[1])
        self.enum(style)
        self.small_count(columns)
        self.small_count(rows)
        self.enum(alignment)
        self.enum(cross)
        chrome = (1 if header else 0) | (2 if footer else 0) | (4 if line_spacing != 10 else 0) | \
                 (8 if interitem_spacing != 10 else 0) | (16 if any(insets) else 0) | \
                 (32 if decorations is not None else 0) | (128 if inline else 0)
        self.u8(chrome)
        if header:
            self.extent(header)
        if footer:
            self.extent(footer)
        if line_spacing != 10:
            self.extent(line_spacing)
        if interitem_spacing != 10:
            self.extent(interitem_spacing)
        if any(insets):
            self.insets(insets)
        if decorations is not None:
            self.u8(len(decorations))
            for k in range(4):
                self.u8((decorations[k] - 3) if k < len(decorations) else 0)
        if inline:
            count, kind_base, extent = inline
            self.count(count)
            self.u8(0)  # mode 0: spread over the items (kinds cycle through three)
            self.u8(kind_base - 3 + 1)
            self.extent(extent)
        self.u8(spans)  # item_spans' mode (0: every item spans 1), packing dense in bit 2

    def decoration(self, name, scope=0, coverage=0, z=-1, insets=(0, 0, 0, 0), slot=0):
        self.op("add_decoration", slot)
        self.enum(scope)
        self.enum(coverage)
        self.u8(z & 0xFF)
        if any(insets):
            self.u8(1)
            for v in insets:
                self.double(v)
        else:
            self.u8(0)
        self.u8(NAMES.index(name))
        self.u8(0)
        self.u8(0)

    def badge(self, name, anchor=("top", "trailing"), badge_anchor=None, offset=(0, 0), fractional=False,
              size=(0, 0), z=1, mode=1, slot=0):
        """fuzz_abi.c's op 31: item_badges' mode (1: some kinds on some items), then a badge kind."""
        self.op("badge", slot)
        self.u8(mode)
        i = BADGE_ANCHORS[tuple(anchor)]  # anchors[b % 9]; badge anchor: (b >> 4) < 8 the same, else anchors[(b >> 4) % 9]
        j = None if badge_anchor is None else BADGE_ANCHORS[tuple(badge_anchor)]
        self.u8(next(b for b in range(256) if b % 9 == i and ((b >> 4) < 8 if j is None else (b >> 4) >= 8 and (b >> 4) % 9 == j)))
        self.u8(1 if fractional else 0)
        self.u8(z & 0xFF)
        if any(offset):
            self.u8(1)
            for v in offset:
                self.double(v)
        else:
            self.u8(0)
        self.extent(size[0])
        self.extent(size[1])
        self.u8(BADGE_NAMES.index(name))
        self.u8(0)  # the struct as it is
        self.u8(0)  # a def and an out kind

    def query(self, rect, slot=0):
        self.op("rect", slot)
        self.rect(rect)
        self.u8(0)          # element size: sizeof(cl_attributes)
        self.count(100)     # capacity
        self.u8(0)          # a buffer
        self.u8(0)          # an out count

    def viewport(self, rect, slot=0):
        self.op("set_viewport", slot)
        self.rect(rect)
        self.u8(0)

    def check(self, rect=(0, 0, 0, 0), slot=0):
        """Nothing: fuzz_abi checks the whole layout after every op that changes it, and has no op
        of its own for that any more (byte 23, which a check was, is interactive movement)."""


    # ---- batch updates and diffs (fuzz_abi.c: op_explicit, op_diff, op_random_update, op_answers)

    def explicit(self, counts=None, slot=0):
        """The data source switches to explicit data: the layout's counts (None) or `counts`."""
        self.op("explicit", slot)
        if counts is None:
            self.u8(0)
        else:
            self.u8(1)
            self.u8(len(counts))
            for n in counts:
                self.u8(n)

    # ("reload", a, b): b % 4 == 3 gives section a a new version (a section reload), else an item
    EDITS = {"delete_item": 0, "insert_item": 1, "move_item": 2, "reload": 3, "delete_section": 4,
             "insert_section": 5, "move_section": 6, "duplicate": 7}

    def diff(self, edits, versions=True, viewport=None, perturb=None, fails=False, slot=0):
        """Edits of the data [(name, a, b[, to_section, to_item])], the diff of the old and new
        lists, and its update performed on the layout with the new data."""
        self.op("diff", slot)
        self.u8(len(edits))
        for name, *args in edits:
            self.u8(self.EDITS[name])
            for v in args:
                self.u8(v)
        self.u8(0 if versions else 1)   # flags: no hostile side
        self.u8(0)
        self.u8(0)                      # both sides at their own size
        self.u8(0)                      # no NULL arguments
        if fails:                       # a refused diff reads no more
            return
        if perturb is not None:
            self.u8(192 + perturb[0])   # list perturb[0] % 8
            self.u8(perturb[1])         # 0: one fewer, 1: one more, 2: one changed
            for v in perturb[2:]:
                self.u8(v)
        elif viewport is not None:
            self.u8(1)
            self.rect(viewport)
        else:
            self.u8(0)
        self.u8(0)                      # summary at its size
        self.u8(0)                      # update at its size
        self.u8(0)                      # not NULL
        self.u8(0)                      # cl_diff_destroy(diff)

    def random_update(self, lists, edits=(), slot=0):
        """A batch update of `lists` {index: [entries...]} (0 delete_sections ... 6 reload_items,
        7 reload_sections, each entry's numbers flattened) with the data edited as `edits`."""
        self.op("random_update", slot)
        self.u8(len(edits))
        for name, *args in edits:
            self.u8(self.EDITS[name])
            for v in args:
                self.u8(v)
        mask = sum(1 << k for k in lists)
        self.u8(mask)
        for k in range(8):
            if k in lists:
                words = [1, 1, 2, 2, 2, 4, 2, 1][k]
                self.u8(len(lists[k]) // words)
                for v in lists[k]:
                    self.u8(v)
        self.u8(0)   # no NULL list
        self.u8(0)   # no viewport
        self.u8(0)   # summary
        self.u8(0)   # update size
        self.u8(0)   # not NULL

    def answers(self, which, slot=0):
        """The last update's answers: 0 records, 1 identities, 2 sections, 3 items."""
        self.op("answers", slot)
        self.u8(0)
        self.u8(which)
        for _ in range([5, 5, 3, 4][which % 4]):
            self.u8(0)


def update_programs():
    out = {}
    for stem, create, sections in (
            ("flow", {}, [(5, 0), (3, 0), (4, 0)]),
            ("pinned", {"pin_headers": True}, [(6, 0), (2, 0), (7, 0)]),
            ("grid-waterfall", {}, [(6, 2), (8, 3), (3, 1)]),
            ("horizontal", {"direction": 1}, [(4, 0), (5, 2), (2, 1)])):
        base = Program()
        base.sections(len(sections))
        for k, (n, style) in enumerate(sections):
            base.section(k, n, style=style, header=20, footer=10, columns=3)
        base.create(viewport=(0, 0, 320, 200), **create)
        base.decoration("background")
        # Badges (SPEC §17.1): kinds, then a full load that reads which cells carry them.
        base.badge("count", size=(20, 20), offset=(0.5, -0.5), fractional=True)
        base.badge("dot", ("bottom", "leading"), ("top", "trailing"), offset=(2, 0), size=(8, 8), z=2)
        base.op("invalidate")
        base.explicit()
        p = Program()
        p.b += base.b
        p.diff([("delete_item", 0, 1), ("insert_item", 1, 2), ("move_item", 2, 0, 0, 0), ("reload", 1, 1)])
        p.answers(0)
        p.answers(1)
        p.answers(2)
        p.answers(3)
        p.diff([("move_section", 0, 2), ("insert_section", 1, 3), ("delete_section", 2, 0)])
        p.viewport((0, 40, 320, 200))
        p.answers(0)   # refused: the viewport changed since
        out["update-diff-" + stem] = p.b
        p = Program()
        p.b += base.b
        p.diff([("duplicate", 0, 1)], fails=True)
        p.diff([("delete_item", 0, 0)], perturb=(3, 0))
        p.diff([("insert_item", 0, 0)], perturb=(4, 1, 0, 0, 0))
        p.diff([("reload", 0, 0), ("move_item", 0, 1, 1, 0)], versions=False)
        p.diff([("insert_item", 0, 9)], viewport=(0, 100, 320, 200))
        out["update-diff-invalid-" + stem] = p.b
        p = Program()
        p.b += base.b
        p.random_update({4: [0, 0]}, edits=[("insert_item", 0, 0)])            # the count matches
        p.random_update({4: [0, 0]})                                           # the count does not
        p.random_update({3: [0, 0, 0, 0]}, edits=[("delete_item", 0, 0)])       # the same item twice
        p.random_update({2: [0, 1]}, edits=[("move_section", 0, 1)])
        p.random_update({0: [5]})
        p.answers(0)
        out["update-random-" + stem] = p.b
        p = Program()
        p.b += base.b
        p.diff([("reload", 1, 3), ("insert_item", 0, 0)])                     # section 1 reloaded
        p.answers(0)
        p.answers(3)
        p.diff([("reload", 0, 3), ("move_section", 0, 2)])                    # reloaded and moved
        p.diff([("reload", 2, 3)], versions=False)                            # not told
        p.random_update({7: [1]}, edits=[("insert_item", 1, 0)])              # a count is free
        p.random_update({7: [1], 2: [1, 2]})                                  # reloaded and moved
        p.random_update({7: [0], 3: [0, 0]})                                  # an item of it named
        p.answers(1)
        out["update-reload-sections-" + stem] = p.b
    return out


def near(v, encodable):
    """The nearest value the program format can say (vector scenes use a few fractions)."""
    return min(encodable, key=lambda e: abs(e - v))


def extent_of(v):
    v = float(v)
    if v == int(v) and 0 <= v < 256:
        return v
    return round(v * 8) / 8 if 0 <= v < 8192 else 1e308


def scene_program(scene):
    p = Program()
    layout = scene.get("layout", {})
    sections = scene.get("sections", [])
    kinds = []
    for s in sections:
        for e in s.get("inline", []):
            if e["kind"] not in kinds and e["kind"] in NAMES:
                kinds.append(e["kind"])
    if kinds:  # inline elements cycle through three kinds from the first
        kinds += [k for k in ("separator", "badge", "divider") if k not in kinds][:3 - len(kinds)]
    p.sections(len(sections))
    for k, s in enumerate(sections[:8]):
        if "items" in s and s["items"]:
            n, size = len(s["items"]), s["items"][0]
        elif "frames" in s:
            n, size = len(s["frames"]), s["frames"][0][2:] if s["frames"] else [50, 50]
        else:
            n, size = s.get("item_count", 0), s.get("item_size", [50, 50])
        n = n if n in COUNT_TABLE or n < 24 else min(n, 23)
        inline = None
        if s.get("inline"):
            e = s["inline"][0]
            inline = (min(len(s["inline"]), 23), 3 + kinds.index(e["kind"]) if e["kind"] in kinds else 3,
                      extent_of(e.get("extent", 1)))
        p.section(k, n, size=(extent_of(size[0]), extent_of(size[1])), style=STYLES.get(s.get("style", "flow"), 0),
                  columns=s.get("columns", 2) if s.get("columns", 2) in (1, 2, 3, 4, 5, 7, 100) else 2,
                  rows=s.get("rows", 1) if s.get("rows", 1) in (1, 2, 3, 4, 5, 7, 100) else 1,
                  alignment=ALIGN.get(s.get("alignment", "justified"), 0),
                  cross=CROSS.get(s.get("cross_alignment", "center"), 0), header=extent_of(s.get("header", 0)),
                  footer=extent_of(s.get("footer", 0)), line_spacing=extent_of(s.get("line_spacing", 0)),
                  interitem_spacing=extent_of(s.get("interitem_spacing", 0)),
                  spans=(1 if s.get("spans") else 0) | (4 if s.get("packing") == "dense" else 0),
                  insets=tuple(extent_of(v) for v in s.get("insets", [0, 0, 0, 0])), inline=inline)
    viewport = scene.get("viewport", [0, 0, 0, 0])
    p.create(viewport=tuple([near(viewport[0], range(-1024, 1017, 8)), near(viewport[1], range(-1024, 1017, 8)),
                             extent_of(viewport[2]), extent_of(viewport[3])]),
             direction=1 if layout.get("direction") == "horizontal" else 0,
             pin_headers=bool(layout.get("pin_headers")), pin_footers=bool(layout.get("pin_footers")), kinds=kinds,
             content_insets=tuple(extent_of(v) for v in layout.get("content_insets", [0, 0, 0, 0])),
             display_scale=layout.get("display_scale", 0), rtl=layout.get("layout_direction") == "rtl",
             global_header=extent_of(layout.get("global_header", 0)), global_footer=extent_of(layout.get("global_footer", 0)),
             pin_global_header=bool(layout.get("pin_global_header")), pin_global_footer=bool(layout.get("pin_global_footer")))
    for d in layout.get("decorations", [])[:4]:
        name = d["kind"] if d["kind"] in NAMES else "background"
        p.decoration(name, SCOPE.get(d.get("scope", "section"), 0), COVERAGE.get(d.get("coverage", "body"), 0),
                     d.get("z", -1), tuple(near(v, range(-1024, 1017, 8)) for v in d.get("insets", [0, 0, 0, 0])))
    for b in layout.get("badges", [])[:4]:  # SPEC §17.1 (which cells carry them: fuzz_abi's own rule)
        name = b["kind"] if b["kind"] in BADGE_NAMES else BADGE_NAMES[0]
        anchor = tuple(b.get("anchor", ["top", "trailing"]))
        p.badge(name, anchor if anchor in BADGE_ANCHORS else ("top", "trailing"),
                tuple(b["badge_anchor"]) if tuple(b.get("badge_anchor", ["?"])) in BADGE_ANCHORS else None,
                tuple(near(v, range(-1024, 1017, 8)) for v in b.get("offset", [0, 0])), bool(b.get("fractional")),
                tuple(extent_of(v) for v in b.get("size", [0, 0])), b.get("z", 1))
    if layout.get("badges"):
        p.op("invalidate")
    p.check()
    p.viewport((0, 200, extent_of(viewport[2]), extent_of(viewport[3])))
    p.query((0, 100, 200, 300))
    if layout.get("global_header") or layout.get("global_footer"):  # SPEC §17.2 changed live
        p.global_header_footer(30, 0.5, pin_header=True, pin_footer=True)
        p.check()
    p.op("invalidate")
    p.check((0, 0, 100, 100))
    return p.b


def executor_programs():
    """Op 34 (issue 34): executors set on layouts of every style, passes run through them (a new
    width, invalidate) in shuffled orders on one and two threads, a broken one, taken off."""
    out = {}
    for name, b in (("one-thread", 1), ("two-threads", 5), ("skips-a-task", 7 << 3 | 1), ("runs-one-twice", 6 << 3 | 5)):
        p = Program()
        p.sections(4)
        for k, style in enumerate((0, 2, 3, 0)):
            p.section(k, 12 + 3 * k, size=(40 + 10 * k, 30), style=style, columns=3)
        p.create()
        p.op("executor")
        p.u8(b)
        p.b += struct.pack("<I", 34 + b)
        p.op("invalidate")
        p.viewport((0, 0, 300, 480))
        p.query((0, 100, 200, 300))
        p.op("executor")
        p.u8(0)
        p.b += struct.pack("<I", 0)
        p.op("invalidate")
        out["executor-" + name] = p.b
    return out


def issue15_programs():
    out = {}
    # Row 1: section_count returns 2^28. Under the default limit 2^28 empty sections are allowed
    # (a layout of 2^28 sections, legitimately large): the fuzzer meets the row with a lowered
    # limit (nothing may be reserved in proportion to the count before it is checked) and with
    # items (2^28 sections of 1 item: over the default limit).
    p = Program()
    p.sections(2**28)
    for k in range(8):
        p.section(k, 0)
    p.create(limit=1000)
    out["issue15-row1-2^28-sections-lowered-limit"] = p.b
    p = Program()
    p.sections(2**28)
    for k in range(8):
        p.section(k, 1)
    p.create()
    out["issue15-row1-2^28-sections-of-1-item"] = p.b
    # Row 2: inline_elements reports 2^28 elements for a section of 10 items.
    p = Program()
    p.sections(1)
    p.section(0, 10, inline=(2**28, 3, 1))
    p.create(kinds=("separator", "badge", "divider"))
    out["issue15-row2-2^28-inline-elements"] = p.b
    # Row 3: 1,000 sections whose item counts add up to just over CL_MAX_ITEMS.
    p = Program()
    p.sections(1000)
    for k in range(8):
        p.section(k, 268435)
    p.create()
    out["issue15-row3-1000-sections-just-over"] = p.b
    # Row 4: a header and a footer of 1e308 (finite; their sum is not): CL_ERROR_LIMIT.
    p = Program()
    p.sections(1)
    p.section(0, 3, header=1e308, footer=1e308)
    p.create(pin_headers=True, pin_footers=True)
    p.check()
    out["issue15-row4-header-footer-1e308"] = p.b
    # The same on an existing layout: invalidate after the model changed (last good state kept).
    p = Program()
    p.sections(2)
    p.section(0, 3)
    p.section(1, 3)
    p.create(pin_headers=True, pin_footers=True)
    p.section(1, 3, header=1e308, footer=1e308)
    p.op("invalidate")
    p.section(0, 268435)
    p.sections(1000)
    p.op("invalidate")
    p.check((0, 0, 320, 480))
    out["issue15-invalidate-over-the-limit"] = p.b
    return out


# fuzz_cli's inputs (Tests/fuzz/fuzz_cli.py): a byte that picks the arguments (an index into its
# ARGUMENTS), then the files separated by two NUL bytes.
CLI_DUMP, CLI_DUMP_RECT, CLI_UPDATE, CLI_DIFF, CLI_RENDER = 0, 1, 3, 4, 8
CLI_TRANSITION, CLI_MOVE = 224, 228  # fuzz_cli.MOTION_ARGUMENTS


def cli_seeds(vectors):
    """Every vector's files as fuzz_cli inputs: scenes for dump (and a few renders), the update
    vectors' scene and update, the diff vector's ids."""
    out = {}
    for stem, vector in vectors:
        files = lambda *values: b"\0\0".join(json.dumps(v, indent=1).encode() for v in values)
        for key in ("scene", "scene_a", "scene_b"):
            if key in vector:
                out["%s-dump-%s" % (stem, key)] = bytes([CLI_DUMP]) + files(vector[key])
        if "scene" in vector and vector.get("command") is None:
            out[stem + "-dump-rect"] = bytes([CLI_DUMP_RECT]) + files(vector["scene"])
            if stem in ("vector-01-uikit-grid", "vector-05-decorations-pinning", "vector-06-orthogonal"):
                out[stem + "-render"] = bytes([CLI_RENDER]) + files(vector["scene"])
        if vector.get("command") == "update":
            out[stem + "-update"] = bytes([CLI_UPDATE]) + files(vector["scene"], vector["update"])
        if vector.get("command") == "diff":
            out[stem + "-diff"] = bytes([CLI_DIFF]) + files(vector["ids"])
        if vector.get("command") == "transition":  # fuzz_cli's MOTION_ARGUMENTS: 224 transition
            out[stem + "-transition"] = bytes([CLI_TRANSITION]) + files(vector["scene_a"], vector["scene_b"])
        if vector.get("command") == "move":  # 228, 229: move, then with --commit
            out[stem + "-move"] = bytes([CLI_MOVE]) + files(vector["scene"])
            out[stem + "-move-commit"] = bytes([CLI_MOVE + 1]) + files(vector["scene"])
        if vector.get("command") == "self-size":
            out[stem + "-measured-as-update"] = bytes([CLI_UPDATE]) + files(vector["scene"], vector["measured"])
    # docs/cli.md's reload examples: reload_sections and section_versions
    examples = os.path.join(ROOT, "examples", "scenes")
    with open(os.path.join(examples, "photo-grid.json")) as f:
        grid = json.load(f)
    with open(os.path.join(examples, "inputs", "photo-grid-reload.json")) as f:
        out["example-photo-grid-reload-update"] = bytes([CLI_UPDATE]) + files(grid, json.load(f))
    with open(os.path.join(examples, "inputs", "photo-grid-reload-ids.json")) as f:
        out["example-photo-grid-reload-ids-diff"] = bytes([CLI_DIFF]) + files(json.load(f))
    return out


def main():
    abi = os.path.join(CORPUS, "fuzz_abi")
    os.makedirs(abi, exist_ok=True)
    written = 0
    vectors = os.path.join(ROOT, "Tests", "vectors")
    all_vectors = []
    for sub in ("", "styles", "changes"):
        folder = os.path.join(vectors, sub)
        for name in sorted(os.listdir(folder)):
            if name.endswith(".json"):
                with open(os.path.join(folder, name)) as f:
                    all_vectors.append(("vector-" + name[:-5], json.load(f)))
    cli = os.path.join(CORPUS, "fuzz_cli")
    os.makedirs(cli, exist_ok=True)
    for stem, data in cli_seeds(all_vectors).items():
        with open(os.path.join(cli, stem), "wb") as f:
            f.write(data)
        written += 1
    for sub in ("", "styles"):
        folder = os.path.join(vectors, sub)
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".json"):
                continue
            with open(os.path.join(folder, name)) as f:
                vector = json.load(f)
            if "scene" not in vector:
                continue
            stem = "vector-" + name[:-5]
            with open(os.path.join(abi, stem), "wb") as f:
                f.write(scene_program(vector["scene"]))
            written += 1
    for stem, program in list(issue15_programs().items()) + list(update_programs().items()) + list(executor_programs().items()):
        with open(os.path.join(abi, stem), "wb") as f:
            f.write(program)
        written += 1
    print("wrote %d seeds under %s" % (written, os.path.relpath(CORPUS, ROOT)))


if __name__ == "__main__":
    sys.exit(main())
