"""py_bench.py — the Python side of bench/run, and the combined report.

    python3 bench/py_bench.py C_JSON

Reads the C figures (flow_bench's JSON: flow layouts, separators and decorations, pinned
headers, orthogonal sections), measures the Python numpy path of collectionlayout and the peer
engine Taffy through the PyPI package `stretchable`, and prints one table of figures and ratios
against targets, then the key figures for the README. Flow item sizes are the same as
flow_bench.c's (splitmix64 of the index, quantised to 1/4 pt).
"""

from __future__ import annotations

import json
import statistics
import sys
import time

import numpy as np

WIDTH, SPACING, INSET = 390.0, 10.0, 10.0


def sizes(n: int) -> np.ndarray:
    """(n, 2) float64 widths 40-160 and heights 30-120, identical to flow_bench.c."""
    with np.errstate(over="ignore"):
        z = (np.arange(n, dtype=np.uint64) + np.uint64(1)) * np.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z = z ^ (z >> np.uint64(31))
    w = 40 + (z % np.uint64(481)).astype(np.float64) / 4
    h = 30 + ((z >> np.uint64(32)) % np.uint64(361)).astype(np.float64) / 4
    return np.column_stack([w, h])


def timed(fn, runs: int = 1):
    """(median seconds, last result) of fn() over runs; earlier results are closed untimed."""
    times, result = [], None
    for _ in range(runs):
        if hasattr(result, "close"):
            result.close()
        t = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times), result


def alternated(fns, runs: int):
    """Median seconds of each of fns over runs, run in turn round by round (each result closed
    untimed right after it is made)."""
    times = [[] for _ in fns]
    for _ in range(runs):
        for k, fn in enumerate(fns):
            t = time.perf_counter()
            result = fn()
            times[k].append(time.perf_counter() - t)
            result.close()
    return [statistics.median(ts) for ts in times]


# ---- collectionlayout: the package's numpy path ----------------------------------------------

from collectionlayout import Layout  # noqa: E402  (PYTHONPATH=bindings/python)


def ours_layout(sz: np.ndarray, alignment: str = "justified", cross: str = "center") -> Layout:
    """One flow section over the (n, 2) float64 array: Layout.from_sizes, one memmove per batch."""
    return Layout.from_sizes(sz, viewport=(0, 0, WIDTH, 844), insets=(INSET,) * 4,
                             line_spacing=SPACING, interitem_spacing=SPACING,
                             alignment=alignment, cross_alignment=cross)


def ours_frames(layout: Layout, n: int) -> np.ndarray:
    """(n, 4) frames of every cell in item order, from one rect query over the whole content."""
    width, height = layout.content_size
    cells = layout.elements_in_rect_array((0, 0, width, height))
    cells = cells[cells["category"] == 0]
    frames = np.full((n, 4), np.nan)
    frames[cells["item"]] = np.column_stack([cells["frame"][f] for f in ("x", "y", "width", "height")])
    return frames


# ---- Taffy through stretchable ----------------------------------------------------------------

def taffy_flow(sz: np.ndarray):
    """Flex-wrap row of width 390, gap 10, padding 10, fixed-size children, flex-start on both
    axes. Builds through taffylib (the package's own binding: one node_create per child with a
    style dict) — far faster than the public Style/Node classes, see taffy_public_api_per_item.
    Returns (build s, layout s (median of 3), read s, frames (n, 4))."""
    from stretchable import Style
    from stretchable.style import props as P
    from stretchable.style.geometry.size import SizeAvailableSpace
    import stretchable.taffylib as tl

    ptr = tl.init()
    try:
        tl.disable_rounding(ptr)
        root_style = Style(
            display=P.Display.FLEX, flex_direction=P.FlexDirection.ROW, flex_wrap=P.FlexWrap.WRAP,
            gap=SPACING, padding=INSET, size=(WIDTH, None), align_items=P.AlignItems.FLEX_START,
            align_content=P.AlignContent.FLEX_START, justify_content=P.JustifyContent.FLEX_START,
        ).to_dict()
        child = Style(flex_shrink=0).to_dict()
        available = SizeAvailableSpace(WIDTH, None).to_dict()
        t0 = time.perf_counter()
        root, ids = tl.node_create(ptr, root_style), []
        for w, h in sz.tolist():
            style = dict(child)
            style["size"] = {"width": {"dim": 1, "value": w}, "height": {"dim": 1, "value": h}}
            node = tl.node_create(ptr, style)
            tl.node_add_child(ptr, root, node)
            ids.append(node)
        t1 = time.perf_counter()
        solve = []
        for _ in range(3):  # the first pass, then two more with every child marked dirty
            t = time.perf_counter()
            tl.node_compute_layout(ptr, root, available)
            solve.append(time.perf_counter() - t)
            if len(solve) < 3:
                for node in ids:
                    tl.node_mark_dirty(ptr, node)
        t2 = time.perf_counter()
        frames, box = np.empty((len(ids), 4)), tl.PyLayout()
        for i, node in enumerate(ids):
            tl.node_get_layout(ptr, node, box)
            frames[i] = (box.x, box.y, box.width, box.height)
        t3 = time.perf_counter()
        return t1 - t0, statistics.median(solve), t3 - t2, frames
    finally:
        tl.free(ptr)


def taffy_public_api_per_item(sz: np.ndarray) -> float:
    """Seconds per child to build the tree through stretchable's public Node/Style classes."""
    from stretchable import Node, Style
    from stretchable.style import props as P
    t = time.perf_counter()
    root = Node(display=P.Display.FLEX, flex_wrap=P.FlexWrap.WRAP, gap=SPACING, padding=INSET,
                size=(WIDTH, None))
    root.extend(Node(style=Style(size=(w, h), flex_shrink=0)) for w, h in sz.tolist())
    return (time.perf_counter() - t) / len(sz)


# ---- the Python binding's frame budget and many sections (issues 8 and 15) -------------------

def per_call(fn, args, repeat: int = 5) -> float:
    """Best of `repeat` mean seconds per call of fn over args (warmed up first)."""
    for a in args[:50]:
        fn(a)
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        for a in args:
            fn(a)
        best = min(best, (time.perf_counter() - t) / len(args))
    return best


def python_rows(c: dict, n: int, runs: int, row) -> None:
    """15: a screen query from Python into numpy and into objects; 16: many sections with
    per-section metrics from Python (sizes with counts, SectionMetricsTable) against one section; 17: custom
    sections from Python with numpy frames against the C-driven custom layout."""
    from collectionlayout import SectionMetricsTable

    sz = sizes(n)
    with ours_layout(sz) as layout:
        height = layout.content_size[1]
        rng = np.random.default_rng(15)
        rects = [(0.0, float(y), WIDTH, 844.0) for y in rng.uniform(0, height - 844, 2000)]
        count = np.mean([len(layout.elements_in_rect_array(r)) for r in rects[:200]])
        out = np.zeros(1024, dtype=layout.elements_in_rect_array(rects[0]).dtype)
        numpy_s = per_call(layout.elements_in_rect_array, rects)
        out_s = per_call(lambda r: layout.elements_in_rect_array(r, out=out), rects)
        objects_s = per_call(layout.elements_in_rect, rects)
    row(f"15. Python rect query 390x844 into numpy, {n:,} items", f"{numpy_s * 1e6:.2f} us",
        f"{numpy_s * 1e6 / 4:.2f}x target; {count:.0f} elements on average; "
        f"{numpy_s * 1e6 / c['query_random_us']:.1f}x C", "<= 4 us")
    row("   ... into a caller's array (out=)", f"{out_s * 1e6:.2f} us", "", "")
    row(f"   Python rect query 390x844 into Attributes objects", f"{objects_s * 1e6:.2f} us",
        f"{objects_s * 1e6 / 30:.2f}x target", "<= 30 us")

    per = 1000
    sections = [sz[i * per:(i + 1) * per] for i in range(n // per)]
    counts = np.full(len(sections), per)
    common = dict(viewport=(0, 0, WIDTH, 844), insets=(INSET,) * 4, line_spacing=SPACING,
                  interitem_spacing=SPACING)
    headers = 30.0 + np.arange(len(sections)) % 3  # per section, not all alike
    table = SectionMetricsTable(header=headers, footer=np.full(len(sections), 10.0))
    # (alternated, round by round, as the C side's many-sections row is: a drift of the machine's
    # speed weighs on each alike)
    one_t, many_t, listed_t, calls_t = alternated([
        lambda: Layout.from_sizes(sz, header=30.0, footer=10.0, **common),
        # the sections' sizes as one array and counts, their metrics as a table: no Python per section
        lambda: Layout.from_sizes(sz, counts=counts, section_metrics=table, **common),
        lambda: Layout.from_sizes(sections, section_metrics=table, **common),
        lambda: Layout.from_sizes(sections, section_metrics=lambda s: {"header": headers[s], "footer": 10.0}, **common),
    ], runs)
    label = f"{len(sections):,} x {per:,}"
    row(f"16. {label} from Python, sizes with counts, per-section metrics (SectionMetricsTable)",
        ms(many_t), f"{many_t / one_t:.2f}x 1 section of {n:,} from Python ({ms(one_t)})", "<= 1.2x")
    row(f"   {label}, sizes as a list of arrays, SectionMetricsTable", ms(listed_t),
        f"{listed_t / one_t:.2f}x 1 section", "")
    row(f"   {label}, per-section metrics by a Python callable", ms(calls_t),
        f"{calls_t / one_t:.2f}x 1 section", "")

    frames = np.column_stack([np.zeros(n), np.arange(n) * 10.0, np.full(n, 100.0), np.full(n, 8.0)])
    custom_t, lay = timed(lambda: Layout(
        lambda s: n, style="custom", viewport=(0, 0, WIDTH, 844),
        custom_frames=lambda s, first, count, extent: frames[first:first + count]), runs)
    lay.close()
    if "custom_create" in c:
        row(f"17. custom {n:,} items from Python, numpy frames, Layout()", ms(custom_t),
            f"{custom_t / c['custom_create']:.2f}x C-driven custom ({ms(c['custom_create'])})",
            "<= 3x")


# ---- issue 9: the diff workload and one-item updates -------------------------------------------

def diff_workload(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Issue 9's diff workload: ids 0..n-1 in one section; then n/100 deletions, n/100
    insertions (new ids n, n+1, ...) and n/100 moves (remove, then insert elsewhere), each
    position (s >> 8) % count with s = s*1664525 + 1013904223 mod 2**32 (seed 12345, s advanced
    before each draw), in that order. Kept in blocks of ~1,000 (a list of lists) so each step
    costs O(sqrt n), not a memmove of the whole list."""
    s = 12345
    block = 1000
    blocks = [list(range(i, min(i + block, n))) for i in range(0, n, block)]
    lengths = np.array([len(b) for b in blocks], dtype=np.int64)

    def draw(count: int) -> int:
        nonlocal s
        s = (s * 1664525 + 1013904223) & 0xFFFFFFFF
        return (s >> 8) % count

    def locate(position: int) -> tuple[int, int]:
        ends = np.cumsum(lengths)
        b = int(np.searchsorted(ends, position, side="right"))
        if b == len(blocks):  # at the very end: append to the last block
            b -= 1
        return b, position - int(ends[b] - lengths[b])

    def remove(position: int) -> int:
        b, k = locate(position)
        lengths[b] -= 1
        return blocks[b].pop(k)

    def insert(position: int, value: int) -> None:
        nonlocal lengths
        b, k = locate(position)
        blocks[b].insert(k, value)
        lengths[b] += 1
        if lengths[b] > 2 * block:  # split
            half = blocks[b][block:]
            del blocks[b][block:]
            blocks.insert(b + 1, half)
            lengths = np.array([len(x) for x in blocks], dtype=np.int64)

    total, k = n, n // 100
    for _ in range(k):
        remove(draw(total))
        total -= 1
    for j in range(k):
        insert(draw(total + 1), n + j)
        total += 1
    for _ in range(k):
        value = remove(draw(total))
        insert(draw(total), value)
    new = np.fromiter((v for b in blocks for v in b), dtype=np.int64, count=total)
    return np.arange(n, dtype=np.int64), new


def lcs_of_sorted(old_n: int, new: np.ndarray) -> int:
    """The longest common subsequence of 0..old_n-1 and `new`: the longest increasing
    subsequence of new's surviving ids, by patience sorting (O(n log n), bisect)."""
    from bisect import bisect_left
    tails: list[int] = []
    for value in new[new < old_n].tolist():
        k = bisect_left(tails, value)
        if k == len(tails):
            tails.append(value)
        else:
            tails[k] = value
    return len(tails)


def c_driven_diff(old: np.ndarray, new: np.ndarray) -> tuple[float, int]:
    """cl_diff_create (+ cl_diff_destroy) driven from ctypes over the numpy arrays as they
    are: the C path, without the binding's conversions. (seconds, moves)"""
    import ctypes
    from collectionlayout import _lib
    cdll = _lib.lib()
    sides, keep = [], []
    for ids in (old, new):
        side = cdll.cl_diff_side_default()
        sections, counts = np.zeros(1, np.int64), np.array([len(ids)], np.int64)
        keep += [sections, counts]
        p = lambda a: ctypes.cast(a.ctypes.data, ctypes.POINTER(ctypes.c_int64))
        side.section_ids, side.section_count = p(sections), 1
        side.item_counts, side.item_ids = p(counts), p(ids)
        sides.append(side)
    handle = ctypes.c_void_p()
    update = cdll.cl_batch_update_default()
    t = time.perf_counter()
    status = cdll.cl_diff_create(ctypes.byref(sides[0]), ctypes.byref(sides[1]),
                                 ctypes.byref(handle), ctypes.byref(update))
    cdll.cl_diff_destroy(handle)
    elapsed = time.perf_counter() - t
    assert status == 0, cdll.cl_layout_last_error(None)
    return elapsed, update.move_section_count + update.move_item_count


def update_rows(c: dict, n: int, runs: int, row) -> None:
    """18: issue 9's diff workload at 100,000 and n items, C-driven and from Python with numpy
    arrays, moves against the minimum. 19: one item inserted in the middle of an n-item section
    and of a 1,000 x 1,000 layout by perform_batch_update, against a full layout of the data."""
    import collectionlayout as cl

    for size in sorted({100_000, n}):
        old, new = diff_workload(size)
        lcs = lcs_of_sorted(size, new)
        common = int((new < size).sum())
        c_t = statistics.median(c_driven_diff(old, new)[0] for _ in range(max(3, runs // 3)))
        moves = c_driven_diff(old, new)[1]
        py_t, update = timed(lambda: cl.diff([0], [old], [0], [new]), max(3, runs // 3))
        row(f"18. diff, {size:,} ids, {size // 100:,} deletions/insertions/moves (C-driven)",
            ms(c_t), f"{moves:,} moves, minimum {common - lcs:,} (common ids {common:,} - LCS "
            f"{lcs:,}); N - LCS = {size - lcs:,}", "<= 300 ms at 1,000,000; moves = minimum")
        row(f"   diff from Python, numpy arrays, {size:,} ids", ms(py_t),
            f"{py_t / c_t:.2f}x C-driven; {update.move_count:,} moves", "<= 1.5x")

    sz = sizes(n)
    for label, sections in ((f"1 x {n:,}", [sz]),
                            ("1,000 x 1,000", [sz[i * 1000:(i + 1) * 1000] for i in range(n // 1000)])):
        model = {"sections": [np.ascontiguousarray(x) for x in sections]}
        s_mid = len(sections) // 2
        i_mid = len(model["sections"][s_mid]) // 2
        common = dict(viewport=(0, 0, WIDTH, 844), insets=(INSET,) * 4, line_spacing=SPACING,
                      interitem_spacing=SPACING)

        def make() -> Layout:
            data = model["sections"]
            return Layout.from_sizes(data, **common)

        full_t, _ = timed(lambda: make().close(), runs)
        times = []
        for _ in range(runs):
            # the numpy path: the layout reads the list it holds (layout.sizes), given the new
            # section before the update
            with make() as layout:
                layout.sizes[s_mid] = np.insert(layout.sizes[s_mid], i_mid, [[80.0, 60.0]], axis=0)
                t = time.perf_counter()
                layout.perform_batch_update(insert_items=[(s_mid, i_mid)])
                times.append(time.perf_counter() - t)
        one_t = statistics.median(times)
        row(f"19. one item inserted mid-collection, {label}, Layout.from_sizes, perform_batch_update",
            f"{one_t * 1e3:.2f} ms", f"{full_t / one_t:,.2f}x the speed of a full layout "
            f"from Python ({ms(full_t)})", ">= 100x")


# ---- issue 11: transitions and interactive movement (motion_bench.c) --------------------------

def motion_rows(m: dict, row) -> None:
    """20: one transition frame (flow -> 3-column grid, both m['items'] items, a 390x844 rect);
    21: one movement step in the middle of the section; 22: the commit against a full layout."""
    n = m["items"]
    row(f"20. one transition frame, {n:,} items on both sides (flow -> grid), 390x844 rect",
        f"{m['transition_frame_us']:.2f} us",
        f"{m['transition_frame_us'] / 8:.2f}x target; one rect query of each side "
        f"{m['transition_query_a_us']:.2f} / {m['transition_query_b_us']:.2f} us; "
        f"{m['transition_mean_count']:.1f} elements on average", "<= 8 us")
    row(f"21. one movement step (new target, then the screen's query), a {n:,}-item section",
        f"{m['step_changed_us']:,.1f} us",
        f"{m['step_changed_us'] / 20:,.1f}x target (the live layout is a one-move update's state, "
        f"laid out again only around the move); a step over no other cell {m['step_same_us']:.2f} us",
        "<= 20 us")
    row("22. movement commit (after begin and one position)", f"{m['commit_s'] * 1e6:,.1f} us",
        f"{m['full_s'] / m['commit_s']:,.0f}x the speed of a full layout ({ms(m['full_s'])}); "
        f"begin + position + commit {ms(m['gesture_s'])}", ">= 100x")


# ---- report -----------------------------------------------------------------------------------

def target_rows(c: dict, n: int, row) -> None:
    """20-21: self-sizing a screen and the target content offset (targets_bench.c)."""
    t, full = c["self_size_s"], c["self_size_full_s"]
    row(f"20. self-sizing {c['self_size_items']} items on screen mid-section, {n:,} items, set_item_sizes",
        f"{t * 1e6:,.1f} us", f"{full / t:,.0f}x faster than a full layout ({ms(full)}); "
        f"adjustment {c['self_size_adjustment']:g} pt", ">= 500x")
    row(f"21. target content offset, line snapping, {n:,} items", f"{c['target_line_us']:.3f} us",
        f"per call, {c['target_calls']:,} calls at random offsets and velocities", "<= 5 us")
    row("24. fling sample (cl_fling_sample), a deceleration and a spring back", f"{c['fling_sample_us']:.3f} us",
        f"per call, {c['fling_samples']:,} calls at random times before the rest", "<= 0.2 us")
    row(f"25. focus move (cl_layout_focus), {n:,} items, median / p99", f"{c['focus_move_us']:.2f} / {c['focus_move_p99_us']:.2f} us",
        f"{c['focus_moves']:,} moves from random on-screen cells in random directions "
        f"({c['focus_targets']:,} with a target)", "<= 5 us / <= 50 us")
    row(f"26. focus move across {c['focus_gap_viewports']} empty viewports", f"{c['focus_gap_us']:.1f} us",
        "down from a section's last cell over a header of 100 viewport heights", "<= 1 ms")
    row(f"27. prefetch (cl_layout_prefetch), {n:,} items", f"{c['prefetch_us']:.3f} us",
        f"per call, random screens and velocities, {c['prefetch_mean']:.1f} elements on average", "<= 3 us")
    row(f"28. the layout header changes no other row: {n:,} items, full layout (cl_layout_create) "
        "with a pinned layout header and a footer / without",
        f"{ms(c['global_create_s'])} / {ms(c['global_plain_create_s'])}",
        f"{c['global_create_s'] / c['global_plain_create_s']:.3f}x", "<= 1.05x")
    row(f"28. rect query 390x844 after set_viewport, with / without the layout header, {c['global_queries']:,} origins",
        f"{c['global_query_us']:.3f} / {c['global_plain_query_us']:.3f} us",
        f"{c['global_query_us'] / c['global_plain_query_us']:.3f}x; {c['global_mean']:.1f} / "
        f"{c['global_plain_mean']:.1f} elements on average", "<= 1.05x")
    row(f"29. rect query, {n:,} items, one badge per cell (SPEC §17.1)", f"{c['badges_query_us']:.2f} us",
        f"{c['badges_query_us'] / c['badges_plain_query_us']:.2f}x without badges ({c['badges_plain_query_us']:.2f} us), "
        f"{c['badges_per_query']:.0f} badges a screen; their full load {ms(c['badges_load'])}", "<= 1.3x")
    row(f"30. right to left, {n:,} items: full layout / rect query",
        f"{ms(c['rtl_invalidate'])} / {c['rtl_query_us']:.2f} us",
        f"{c['rtl_invalidate'] / c['ltr_invalidate']:.2f}x / {c['rtl_query_us'] / c['ltr_query_us']:.2f}x left to right "
        f"({ms(c['ltr_invalidate'])} / {c['ltr_query_us']:.2f} us)", "<= 1.05x / <= 1.05x")
    row(f"31. scroll effects: rect query of {c['carousel_cards']:,} cards in sideways carousels",
        f"{c['carousel_effect_query_us']:.2f} us",
        f"{c['carousel_effect_query_us'] / c['carousel_query_us']:.2f}x without the effect ({c['carousel_query_us']:.2f} us)",
        "<= 1.3x")
    row(f"32. collapsing layout header, {n:,} items: rect query / set_viewport that collapses it",
        f"{c['collapse_query_us']:.2f} / {c['collapse_set_viewport_us']:.3f} us",
        f"{c['collapse_query_us'] / c['collapse_plain_query_us']:.2f}x a plain layout header ({c['collapse_plain_query_us']:.2f} us)",
        "<= 1.1x / <= 1 us")
    for k, label in enumerate((f"1 x {n:,}", f"1,000 x {n // 1000:,}")):
        row(f"19. one item inserted mid-collection, {label}, C-driven over a cl_array_source",
            f"{c['insert_c_s'][k] * 1e3:.3f} ms", f"{c['insert_c_ratio'][k]:,.1f}x the speed of a full "
            "layout (cl_layout_invalidate) of the same data", ">= 150x (100x with margin)")
    row(f"19. section reload (1 of 1,000 sections of {c['reload_items']:,} items), C-driven over a "
        "cl_array_source", f"{c['reload_s'] * 1e3:.3f} ms",
        f"1/{c['reload_full_s'] / c['reload_s']:,.0f} of a full layout (cl_layout_invalidate, "
        f"{ms(c['reload_full_s'])}) of the same data", "<= 1/100")
    if c["scattered_s"]:
        row(f"19. 500 deletes + 500 inserts spread over 1 x {n:,}, one update, C-driven",
            f"{c['scattered_s'] * 1e3:.2f} ms", f"{c['scattered_ratio']:,.2f}x the speed of a full layout "
            "(cl_layout_invalidate) of the same data", ">= 10x")
    e = c["estimated_items"]
    row(f"23. {e:,} estimated items, one flow section: create + first screen query",
        f"{c['estimated_create_s'] * 1e6:,.1f} us", f"{c['estimated_screen']} elements on screen", "<= 1 ms")
    row("   jump to the middle, measure its 30 items (set_item_sizes), query the screen",
        f"{c['estimated_jump_s'] * 1e6:,.1f} us", "", "<= 100 us")
    row("   heap of the unmeasured layout / per measured item (10,000 measured)",
        f"{c['estimated_heap']:,.0f} B / {c['estimated_bytes_per_measured']:,.0f} B",
        "grows with the measured items, not the count", "")


def executor_rows(x: dict, row) -> None:
    """30: issue 34's figures (executor_bench.c): serial vs a 2-worker pthread executor, alternated
    run by run in one process. nproc beside them: on a machine whose other core is busy the
    figures say so."""
    n, cores = x["items"], x["nproc"]
    same = "identical frames" if x["identical"] else "FRAMES DIFFER"
    for key, label, goal in (("many", f"full layout 1,000 x {n // 1000:,} (flow)", ">= 1.8x"),
                             ("flow", f"full layout 1 x {n:,} (flow)", ">= 1.6x"),
                             ("grid", f"grid 1 x {n:,} (3 columns)", ">= 1.6x"),
                             ("diff", f"diff of {n:,} ids (1 section)", ">= 1.4x")):
        serial, parallel = x[f"{key}_serial"], x[f"{key}_parallel"]
        row(f"33. {label}, serial / 2 workers (nproc {cores})", f"{ms(serial)} / {ms(parallel)}",
            f"{serial / parallel:.2f}x faster; {same}", goal)
    for key, label in (("insert", "one-item insert, 1,000 sections"), ("query", "one-screen rect query"),
                       ("transition", "one transition frame, flow to grid")):
        serial, parallel = x[f"{key}_serial_us"], x[f"{key}_parallel_us"]
        row(f"33. {label}, serial / with the executor", f"{serial:.2f} / {parallel:.2f} us",
            f"{parallel / serial:.2f}x the serial time (stays on the calling thread)", "<= 1.0x (noise ~5%)")


def ms(s: float) -> str:
    return f"{s * 1e3:,.1f} ms" if s < 10 else f"{s:,.1f} s"


def main() -> None:
    c = json.load(open(sys.argv[1]))
    n = c["items"]
    runs = c["runs"]
    rows: list[tuple[str, str, str, str]] = []  # figure, measured, ratio, target

    def row(figure, measured, ratio="", target=""):
        rows.append((figure, measured, ratio, target))

    # 1. full layout vs the plain C loop
    for sec, label in ((1, f"1 x {n:,}"), (1000, f"1,000 x {n // 1000:,}")):
        base, alloc = c[f"baseline_{sec}"], c[f"baseline_alloc_{sec}"]
        for what in ("create", "invalidate"):
            t = c[f"{what}_{sec}"]
            row(f"1. full layout {label}, cl_layout_{what}", ms(t),
                f"{t / base:.1f}x C loop ({t / alloc:.1f}x C loop + fresh output)", "<= 2x")
        row(f"   plain C loop {label} (baseline_flow.c, -O2)", ms(base), "output arrays reused")
        row(f"   plain C loop {label}, fresh output", ms(alloc), "x, y in new pages each run (mmap)")
    # 2. rect query
    row("2. rect query 390x844, middle of content", f"{c['query_us']:.2f} us",
        f"{c['query_us'] / 5:.2f}x target; {c['query_count']} elements", "<= 5 us")
    row("   rect query 390x844, random places", f"{c['query_random_us']:.2f} us", "", "")
    row(f"2. hit-test at a random point, {n:,} items, cells / all (element_at)",
        f"{c['hit_cells_us']:.2f} / {c['hit_all_us']:.2f} us",
        f"{max(c['hit_cells_us'], c['hit_all_us']):.2f}x target; "
        f"{c['hit_found'] / c['hit_points']:.0%} of the points on an element", "<= 1 us")
    row(f"2. one-screen rect query with pixel rounding (display_scale 2) vs without, {n:,} items",
        f"{c['rounded_query_us']:.2f} / {c['unrounded_query_us']:.2f} us",
        f"{c['rounded_query_us'] / c['unrounded_query_us']:.2f}x", "<= 1.1x")
    row(f"2. reuse helper: what enters and leaves a 390x844 viewport scrolled 100 pt, {n:,} items",
        f"{c['viewport_changes_us']:.2f} us",
        f"{c['viewport_changes_us'] / 2:.2f}x target; {c['viewport_changes_mean']:.1f} elements on average",
        "<= 2 us")
    # 3. one item changed
    full = c["invalidate_1"]
    for key, label in (("item_height_s", "height only"), ("item_width_s", "width, moves line breaks")):
        t = c[key]
        moved = "" if key == "item_height_s" else (
            ", breaks moved" if c["width_change_moved_breaks"] else ", breaks did NOT move")
        row(f"3. invalidate_items, 1 item mid-section, {label}", f"{t * 1e6:,.1f} us",
            f"{full / t:,.0f}x faster than full{moved}", ">= 5,000x")
    # 4. memory
    row(f"4. resident memory per item ({n:,} items, 1 section)", f"{c['rss_per_item']:.1f} B",
        f"{c['rss_per_item'] / 64:.2f}x target", "<= 64 B")

    # 5. Python numpy path, same scene as C (justified, centre)
    sz = sizes(n)
    py_t, layout = timed(lambda: ours_layout(sz), runs)
    layout.close()
    row("5. full layout from Python, Layout.from_sizes(numpy)", ms(py_t),
        f"{py_t / c['create_1']:.2f}x C-driven", "<= 2x")

    # 6. Taffy (stretchable), flex-start both axes vs ours leading + start
    peer = []
    for k in [k for k in (10_000, 100_000) if k < n] + [n]:
        s = sizes(k)
        if k == n and peer:
            # a full build is linear in items: extrapolate from 100k, run it if it stays < 3 min
            guess = sum(peer[-1][1:4]) * k / peer[-1][0]
            if guess > 180:
                row(f"6. Taffy {k:,}: SKIPPED, too slow", f"~{guess:,.0f} s (extrapolated from 100k)")
                break
        ours_t, lay = timed(lambda: ours_layout(s, "leading", "start"), 3)
        read_t, ours_fr = timed(lambda: ours_frames(lay, k))
        lay.close()
        build, solve, read, fr = taffy_flow(s)
        diff = np.abs(fr - ours_fr).max(axis=1)
        bad = int((diff > 0.5).sum())
        first = int(np.argmax(diff > 0.5)) if bad else -1
        peer.append((k, build, solve, read))
        peer_ratio = (solve / ours_t, (build + solve + read) / (ours_t + read_t))
        row(f"6. Taffy {k:,} items, layout only (compute_layout)", ms(solve),
            f"{solve / ours_t:.1f}x ours ({ms(ours_t)})", "ratio")
        row(f"   Taffy {k:,} items, end to end from Python", ms(build + solve + read),
            f"{(build + solve + read) / (ours_t + read_t):.1f}x ours ({ms(ours_t + read_t)})", "ratio")
        # Taffy computes in float32: quarter points are exact only below 2^22 (ulp 0.5 above)
        low = int(((diff > 0.5) & (ours_fr[:, 1] < 2**22)).sum())
        first_y = f", first at item {first:,} (y {ours_fr[first, 1]:,.0f}); {low} below y 2^22" if bad else ""
        row(f"   frames differing > 0.5 pt at {k:,}", f"{bad:,}",
            f"max {diff.max():.3g} pt{first_y}", "0")
    per_item = taffy_public_api_per_item(sz[:2000])
    row("   stretchable public Node/Style API, build", f"{per_item * 1e6:,.0f} us/item",
        f"{n:,} items ~{per_item * n:,.0f} s (extrapolated from 2,000)", "")

    # 7. separators and section decorations against the same layout without them
    for sec, label in ((1, f"1 x {n:,}"), (1000, f"1,000 x {n // 1000:,}")):
        plain, deco = c[f"plain_invalidate_{sec}"], c[f"deco_invalidate_{sec}"]
        row(f"7. full layout {label} + {c[f'separators_{sec}']:,} separators + {sec:,} "
            f"background{'s' if sec > 1 else ''}, "
            "cl_layout_invalidate", ms(deco), f"{deco / plain:.2f}x without them ({ms(plain)})", "<= 1.5x")
        pc, sc = c[f"plain_create_{sec}"], c[f"sep_create_{sec}"]
        row(f"   first pass {label} + separators, cl_layout_create", ms(sc),
            f"{sc / pc:.2f}x without them ({ms(pc)})", "")
    # 8. pinned headers
    row(f"8. rect query 390x844, pinned headers (1,000 sections), {c['pin_origins']} origins",
        f"{c['pin_query_us']:.2f} us", f"{c['pin_query_us'] / 5:.2f}x target; {c['pin_count_last']} elements (last)",
        "<= 5 us")
    row("   cl_layout_set_viewport, origin only (before each query)", f"{c['pin_set_viewport_us']:.3f} us",
        f"one clock reading costs {c['clock_ns']:.0f} ns", "")
    # 9. orthogonal sections
    osec, oper = c["ortho_sections"], c["ortho_per"]
    olabel = f"{osec:,} x {oper:,} cards"
    row(f"9. orthogonal {olabel}, full layout, cl_layout_create", ms(c["ortho_create"]),
        f"{c['ortho_create'] / c['ortho_reference']:.1f}x C reference loop", "<= 2.5x")
    row(f"   orthogonal {olabel}, full layout, cl_layout_invalidate", ms(c["ortho_invalidate"]),
        f"{c['ortho_invalidate'] / c['ortho_reference']:.1f}x C reference loop", "<= 2.5x")
    row(f"   C reference loop {olabel} (baseline_flow.c, -O2)", ms(c["ortho_reference"]), "output arrays reused", "")
    row("   rect query 390x844, random section offsets, random places", f"{c['ortho_query_us']:.2f} us",
        f"{c['ortho_query_us'] / 5:.2f}x target; {c['ortho_query_mean_count']:.1f} elements on average", "<= 5 us")
    row("   cl_layout_set_section_offset, one section", f"{c['ortho_set_offset_us'] * 1e3:.0f} ns",
        f"{c['ortho_set_offset_us']:.2f}x target; batches of 100 calls, per call", "<= 1 us")

    # 10-11. grid, waterfall and custom styles (issue 8)
    row(f"10. grid {n:,} items, 3 columns, full layout, cl_layout_create", ms(c["grid_create"]),
        f"{c['grid_create'] / c['grid_reference']:.1f}x C loop", "<= 2x")
    row(f"   grid {n:,} items, 3 columns, full layout, cl_layout_invalidate", ms(c["grid_invalidate"]),
        f"{c['grid_invalidate'] / c['grid_reference']:.1f}x C loop", "<= 2x")
    row("   plain C loop, grid (baseline_flow.c, -O2)", ms(c["grid_reference"]), "output arrays reused", "")
    row(f"10. grid {n:,} items, 3 columns, a span of 2 every 10 items, cl_layout_invalidate",
        ms(c["grid_spans_invalidate"]),
        f"{c['grid_spans_invalidate'] / c['grid_plain_invalidate']:.2f}x the grid without spans "
        f"({ms(c['grid_plain_invalidate'])})", "<= 1.2x")
    for cols, t, ref in zip(c["waterfall_columns"], c["waterfall_invalidate"], c["waterfall_reference"]):
        row(f"   waterfall {n:,} items, {cols} columns, cl_layout_invalidate", ms(t),
            f"{t / ref:.1f}x C loop ({ms(ref)}, a scan of the columns); {t / n * 1e9:.0f} ns per item",
            "<= 2x (2 and 5 columns); per item O(log columns)")
    row(f"11. custom {n:,} items, batched C custom_frames, cl_layout_create", ms(c["custom_create"]),
        f"{c['custom_create'] / c['custom_flow_create']:.2f}x flow layout of the same items ({ms(c['custom_flow_create'])})",
        "<= 2x")
    for key, label in (("grid", "grid"), ("waterfall", "waterfall (5 columns)"), ("custom", "custom")):
        row(f"12. rect query 390x844, {label}, random places", f"{c[key + '_query_us']:.2f} us",
            f"{c[key + '_query_us'] / 5:.2f}x target", "<= 5 us")
    # 13-14. many sections, invalidating many items (issue 15)
    many, tenth = c["sections_many"], c["sections_tenth"]
    row(f"13. {many:,} sections of 1 item, cl_layout_create", ms(c["sections_many_create"]),
        f"{c['sections_many_create'] / c['sections_1_create']:.1f}x 1 section of {many:,} ({ms(c['sections_1_create'])})",
        "<= 3x")
    per_section = (c["heap_sections"] - c["heap_items"]) / many
    row(f"   heap per section beyond its items ({many:,} sections)", f"{per_section:,.0f} B",
        f"{c['heap_sections'] / 2**20:,.0f} MiB vs {c['heap_items'] / 2**20:,.0f} MiB for 1 section (malloc in use)",
        "<= 200 B")
    row(f"   {tenth:,} sections of 1 item, cl_layout_create", ms(c["sections_tenth_create"]),
        f"{many // tenth}x the sections take {c['sections_many_create'] / c['sections_tenth_create']:.1f}x the time",
        f"<= {1.1 * many / tenth:.0f}x")
    for key, full_key, label, target in (
            ("inv_items_10k_1k", "inv_full_10k", "1,000 of a 10,000-item section", "<= 1.1x"),
            ("inv_items_1m_100k", "inv_full_1m", f"{n // 10:,} of a {n:,}-item section", "<= 1.1x"),
            ("inv_items_1m_1k_scattered", "inv_full_1m_b", f"1,000 scattered of a {n:,}-item section", "<= 0.1x"),
            ("inv_items_10k_all", "inv_full_10k_b", "every item of a 10,000-item section", "<= 1.1x")):
        t, f = c[key], c[full_key]
        row(f"14. invalidate_items, {label}", ms(t), f"{t / f:.2f}x a full relayout of the section ({ms(f)})", target)

    python_rows(c, n, runs, row)
    update_rows(c, n, runs, row)
    target_rows(c, n, row)
    if len(sys.argv) > 2:  # bench/run passes motion_bench's figures
        motion_rows(json.load(open(sys.argv[2])), row)
    if len(sys.argv) > 3:  # and executor_bench's (issue 34)
        executor_rows(json.load(open(sys.argv[3])), row)

    # checks: every figure's layout against the C reference
    row("checks: frames differing from the C reference (> 1e-6)",
        f"{c['mismatch_1']} / {c['mismatch_1000']} / {c['mismatch_incremental']}",
        "1 section / 1,000 sections / after incremental (every 997th or 9973rd cell)", "0")
    row("   separators + backgrounds", f"{c['mismatch_deco_1']} / {c['mismatch_deco_1000']}",
        "1 / 1,000 sections: every 997th cell, every 7th section's background and first separator", "0")
    row("   pinned headers", f"{c['mismatch_pin']}",
        f"every element of the {c['pin_origins']} queries; pinned at the viewport top {c['pinned_at_top']} times", "0")
    row("   orthogonal", f"{c['mismatch_ortho']}",
        f"every element of the {c['ortho_queries']:,} queries (shifted by the offsets), max offsets", "0")
    row("   grid / waterfall / custom / after invalidate_items",
        f"{c['mismatch_grid']} / {c['mismatch_waterfall']} / {c['mismatch_custom']} / {c['mismatch_invalidate']}",
        "every 997th cell against the C loops (custom: the flow frames it was given)", "0")
    row("   after self-sizing (measured, then restored)", f"{c['mismatch_self_size']}",
        "every 997th cell against a fresh layout", "0")

    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    head = ("figure", "measured", "ratio", "target")
    print(" | ".join(h.ljust(w) for h, w in zip(head, widths)))
    print("-+-".join("-" * w for w in widths))
    for r in rows:
        print(" | ".join(v.ljust(w) for v, w in zip(r, widths)))

    print("\nKey figures (paste into docs/performance.md):\n")
    print(f"| benchmark ({n:,} items unless said, 390x844 viewport) | result | target |")
    print("|---|---|---|")
    print(f"| full layout, 1 section / 1,000 sections | {ms(c['create_1'])} / {ms(c['create_1000'])} "
          f"({c['create_1'] / c['baseline_1']:.1f}x / {c['create_1000'] / c['baseline_1000']:.1f}x a plain C loop) | <= 2x |")
    print(f"| one-screen rect query | {c['query_us']:.2f} us ({c['query_count']} elements) | <= 5 us |")
    print(f"| one item resized (height / width) | {c['item_height_s'] * 1e6:,.1f} / {c['item_width_s'] * 1e6:,.1f} us "
          f"({full / c['item_height_s']:,.0f}x / {full / c['item_width_s']:,.0f}x faster than full) | >= 100x |")
    print(f"| memory per item | {c['rss_per_item']:.1f} B | <= 64 B |")
    print(f"| full layout from Python (numpy) | {ms(py_t)} ({py_t / c['create_1']:.2f}x C) | <= 2x |")
    print(f"| full layout with a separator every 10 items and a background per section, 1 / 1,000 sections "
          f"| {c['deco_invalidate_1'] / c['plain_invalidate_1']:.2f}x / "
          f"{c['deco_invalidate_1000'] / c['plain_invalidate_1000']:.2f}x the time without them | <= 1.5x |")
    print(f"| one-screen rect query, pinned headers (1,000 sections) | {c['pin_query_us']:.2f} us "
          f"(origin-only set_viewport {c['pin_set_viewport_us']:.2f} us) | <= 5 us |")
    print(f"| orthogonal sections {olabel}: full layout | {ms(c['ortho_invalidate'])} "
          f"({c['ortho_invalidate'] / c['ortho_reference']:.1f}x a plain C loop) | |")
    print(f"| orthogonal sections: one-screen rect query, random offsets | {c['ortho_query_us']:.2f} us | <= 5 us |")
    print(f"| orthogonal sections: set one section's offset | {c['ortho_set_offset_us'] * 1e3:.0f} ns | <= 1 us |")
    print(f"| {c['estimated_items']:,} estimated items: create + first screen / jump, measure 30, query | "
          f"{c['estimated_create_s'] * 1e6:,.1f} / {c['estimated_jump_s'] * 1e6:,.1f} us "
          f"({c['estimated_heap']:,.0f} B unmeasured, {c['estimated_bytes_per_measured']:,.0f} B per measured item) "
          f"| <= 1 ms / <= 100 us |")
    print(f"| self-sizing 30 items on screen (set_item_sizes) | {c['self_size_s'] * 1e6:,.1f} us "
          f"({c['self_size_full_s'] / c['self_size_s']:,.0f}x faster than a full layout) | >= 500x |")
    print(f"| target content offset, line snapping | {c['target_line_us']:.2f} us | <= 5 us |")
    print(f"| fling sample | {c['fling_sample_us'] * 1e3:.0f} ns | <= 0.2 us |")
    print(f"| focus move, median / p99 | {c['focus_move_us']:.2f} / {c['focus_move_p99_us']:.2f} us | <= 5 us / <= 50 us |")
    print(f"| focus move across 100 empty viewports | {c['focus_gap_us']:.1f} us | <= 1 ms |")
    print(f"| prefetch | {c['prefetch_us']:.2f} us | <= 3 us |")
    print(f"| right to left: full layout / rect query, x left to right | {c['rtl_invalidate'] / c['ltr_invalidate']:.2f}x / "
          f"{c['rtl_query_us'] / c['ltr_query_us']:.2f}x | <= 1.05x / <= 1.05x |")
    print(f"| collapsing header: rect query x plain / set_viewport | {c['collapse_query_us'] / c['collapse_plain_query_us']:.2f}x / "
          f"{c['collapse_set_viewport_us']:.3f} us | <= 1.1x / <= 1 us |")
    print(f"| scroll effects: carousel rect query, x without | {c['carousel_effect_query_us'] / c['carousel_query_us']:.2f}x | <= 1.3x |")
    if len(sys.argv) > 2:
        m = json.load(open(sys.argv[2]))
        print(f"| one transition frame (both layouts {m['items']:,} items) | {m['transition_frame_us']:.2f} us | <= 8 us |")
        print(f"| one movement step, {m['items']:,}-item section (new target / none) | "
              f"{m['step_changed_us']:,.0f} / {m['step_same_us']:.1f} us | <= 20 us |")
        print(f"| movement commit | {m['commit_s'] * 1e6:,.0f} us ({m['full_s'] / m['commit_s']:,.0f}x faster than full) | >= 100x |")
    if len(sys.argv) > 3:
        x = json.load(open(sys.argv[3]))
        print(f"| executor, 2 workers (nproc {x['nproc']}): full layout 1,000 x 1,000 / 1 x 1,000,000 flow / grid / diff | "
              f"{x['many_serial'] / x['many_parallel']:.2f}x / {x['flow_serial'] / x['flow_parallel']:.2f}x / "
              f"{x['grid_serial'] / x['grid_parallel']:.2f}x / {x['diff_serial'] / x['diff_parallel']:.2f}x | "
              ">= 1.8x / 1.6x / 1.6x / 1.4x |")
    if peer:
        k, build, solve, read = peer[-1]
        print(f"| Taffy (stretchable) at {k:,} items, layout only / end to end | "
              f"{peer_ratio[0]:.1f}x / {peer_ratio[1]:.1f}x our time | ratio |")


if __name__ == "__main__":
    main()
