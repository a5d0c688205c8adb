"""The host's executor from Python (issue 34): ThreadExecutor and any object with
parallel_for give the serial frames and the serial diff; a parallel_for that raises, or skips a
task, fails the call and leaves the layout as it was; bad executors are refused."""

from __future__ import annotations

import random
import threading

import numpy as np
import pytest

import collectionlayout as cl
from collectionlayout import CallbackError, Layout, ThreadExecutor

SECTIONS, PER = 40, 1000  # 40,000 items: past the library's threshold of small work


def sizes() -> np.ndarray:
    rng = np.random.default_rng(34)
    return np.column_stack([rng.integers(160, 640, SECTIONS * PER) / 4,
                            rng.integers(120, 480, SECTIONS * PER) / 4]).astype(np.float64)


def make(**options) -> Layout:
    table = [{"style": ["flow", "grid", "waterfall", "flow"][s % 4], "columns": 3} for s in range(SECTIONS)]
    return Layout.from_sizes(sizes(), counts=[PER] * SECTIONS, viewport=(0, 0, 390, 844), header=30,
                             section_metrics=table, **options)


def frames(layout: Layout) -> np.ndarray:
    width, height = layout.content_size
    return layout.elements_in_rect_array((-100, -100, width + 200, height + 200)).copy()


class Shuffled:
    """One thread, tasks in a random order: any object with parallel_for is an executor."""

    concurrency = 4
    min_items = 1  # every pass through it, however small

    def __init__(self) -> None:
        self.calls = 0
        self.rng = random.Random(7)

    def parallel_for(self, count: int, task) -> None:
        self.calls += 1
        order = list(range(count))
        self.rng.shuffle(order)
        for i in order:
            task(i)


def test_the_frames_are_the_serial_ones():
    shuffled = Shuffled()
    with ThreadExecutor(2) as pool, make() as serial, make(executor=pool) as threads, make() as mixed:
        mixed.executor = shuffled
        assert threads.executor is pool and mixed.executor is shuffled
        for width in (390, 320, 500):
            for layout in (serial, threads, mixed):
                layout.viewport = (0, 0, width, 844)
            expected = frames(serial)
            assert serial.content_size == threads.content_size == mixed.content_size
            assert np.array_equal(frames(threads), expected)
            assert np.array_equal(frames(mixed), expected)
            threads.invalidate()
            assert np.array_equal(frames(threads), expected)
        assert shuffled.calls >= 2  # (the first width is the one it had)
        threads.executor = None
        assert threads.executor is None
        threads.invalidate()
        assert np.array_equal(frames(threads), frames(serial))


def test_the_tasks_run_on_several_threads():
    seen: set[int] = set()

    class Recording(ThreadExecutor):
        def parallel_for(self, count, task):
            def record(i):
                seen.add(threading.get_ident())
                task(i)
            super().parallel_for(count, record)

    with Recording(2) as pool, make(executor=pool) as layout:
        for _ in range(20):
            layout.invalidate()
            if len(seen) > 1:
                break
    assert len(seen) > 1


class Raising:
    concurrency = 2

    def parallel_for(self, count, task):
        task(0)
        raise RuntimeError("the host's job system is down")


class Skipping:
    concurrency = 2

    def parallel_for(self, count, task):
        for i in range(count - 1):
            task(i)


def test_a_failing_executor_fails_the_call_and_keeps_the_layout():
    with make() as serial, make() as layout:
        expected = frames(serial)
        layout.executor = Raising()
        with pytest.raises(RuntimeError, match="job system"):
            layout.invalidate()
        assert np.array_equal(frames(layout), expected)
        layout.executor = Skipping()
        with pytest.raises(CallbackError, match="executor: task"):
            layout.invalidate()
        with pytest.raises(CallbackError):
            layout.viewport = (0, 0, 300, 844)
        assert np.array_equal(frames(layout), expected)
        layout.executor = None
        layout.invalidate()
        assert np.array_equal(frames(layout), expected)


def test_bad_executors_are_refused():
    with make() as layout:
        with pytest.raises(TypeError, match="parallel_for"):
            layout.executor = object()
        class Zero:
            concurrency = 0
            def parallel_for(self, count, task): ...
        with pytest.raises(ValueError, match="concurrency"):
            layout.executor = Zero()
        assert layout.executor is None
    with pytest.raises(ValueError):
        ThreadExecutor(0)


def test_the_diff_with_an_executor_is_the_serial_one():
    n = 100_000
    old = np.arange(n, dtype=np.int64)
    new = old.copy()
    new[::50] += n  # deleted and inserted
    rng = np.random.default_rng(3)
    moved = np.arange(25, n, 50)
    targets = rng.integers(0, n, moved.size)
    for i, j in zip(moved, targets):
        new[i], new[j] = new[j], new[i]
    serial = cl.diff([0], [old], [0], [new])
    with ThreadExecutor(2) as pool:
        assert cl.diff([0], [old], [0], [new], executor=pool) == serial
    assert cl.diff([0], [old], [0], [new], executor=Shuffled()) == serial
    with pytest.raises(RuntimeError):
        cl.diff([0], [old], [0], [new], executor=Raising())
    with pytest.raises(CallbackError):
        cl.diff([0], [old], [0], [new], executor=Skipping())
