"""Layout on the host's threads (header: cl_executor, issue 34).

An executor is any object with a ``parallel_for(count, task)`` method that calls ``task(i)``
exactly once for every i in ``range(count)``, in any order, on any threads, and returns when
all have returned; its ``concurrency`` attribute (default 2) says how many tasks it runs at
once, and an optional ``min_items`` (default 0: the library's 32,768) the least work a pass
hands to it. ``task(i)`` calls the library's task function through ctypes, which releases the GIL
for the call: the layout work itself runs in parallel, only the hand-off holds the GIL.
`ThreadExecutor` is one over a pool of Python threads. Give it to a layout
(``Layout(..., executor=pool)`` or ``layout.executor = pool``) or to `diff`; the answers are
the serial ones, bit for bit, and small work stays on the calling thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from ctypes import c_void_p
from typing import Any, Protocol, runtime_checkable

from . import _lib

__all__ = ["Executor", "ThreadExecutor"]


@runtime_checkable
class Executor(Protocol):
    """What a layout can take as its executor (see the module's docstring)."""

    def parallel_for(self, count: int, task: Callable[[int], None]) -> None: ...


class ThreadExecutor:
    """An executor over ``workers`` threads, the calling one included (``workers - 1`` pool
    threads, started once); ``min_items``: see the module's docstring. Close it (or use
    ``with``) when no layout uses it any more."""

    def __init__(self, workers: int = 2, min_items: int = 0) -> None:
        if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
            raise ValueError(f"workers must be an int >= 1, not {workers!r}")
        self.concurrency = workers
        self.min_items = min_items
        self._pool: ThreadPoolExecutor | None = (
            ThreadPoolExecutor(max_workers=workers - 1, thread_name_prefix="collectionlayout")
            if workers > 1 else None)

    def parallel_for(self, count: int, task: Callable[[int], None]) -> None:
        pool = self._pool
        if pool is None or count <= 1:
            for i in range(count):
                task(i)
            return
        indices = iter(range(count))
        lock = threading.Lock()

        def drain() -> None:
            while True:
                with lock:
                    i = next(indices, None)
                if i is None:
                    return
                task(i)

        futures = [pool.submit(drain) for _ in range(min(self.concurrency - 1, count - 1))]
        drain()
        for future in futures:
            future.result()

    def close(self) -> None:
        """Stops the pool's threads (after the tasks under way)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None

    def __enter__(self) -> ThreadExecutor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Binding:
    """An executor as the library takes it: the cl_executor struct and its trampoline, kept
    alive while the library holds them. An exception of the executor's parallel_for is stored
    (the library then finds tasks that never ran and fails the call with CL_ERROR_CALLBACK) and
    re-raised by the wrapper after the C call returns."""

    def __init__(self, executor: Any) -> None:
        method = getattr(executor, "parallel_for", None)
        if not callable(method):
            raise TypeError(f"an executor needs a parallel_for(count, task) method; {executor!r} has none")
        concurrency = getattr(executor, "concurrency", 2)
        if not isinstance(concurrency, int) or isinstance(concurrency, bool) or not 1 <= concurrency < 2**31:
            raise ValueError(f"executor.concurrency must be an int >= 1, not {concurrency!r}")
        min_items = getattr(executor, "min_items", 0)
        if not isinstance(min_items, int) or isinstance(min_items, bool) or not 0 <= min_items < 2**63:
            raise ValueError(f"executor.min_items must be an int >= 0, not {min_items!r}")
        self.executor = executor
        self.error: BaseException | None = None

        def parallel_for(_context: Any, count: int, task: Any, task_context: Any) -> None:
            try:
                method(count, lambda i: task(task_context, i))
            except BaseException as error:  # noqa: BLE001 - re-raised after the C call
                if self.error is None:
                    self.error = error

        self._trampoline = _lib.PARALLEL_FOR_FN(parallel_for)
        struct = _lib.lib().cl_executor_default()
        struct.concurrency = concurrency
        struct.context = c_void_p()
        struct.parallel_for = self._trampoline
        struct.min_items = min_items
        self.struct = struct

    def take_error(self) -> BaseException | None:
        error, self.error = self.error, None
        return error
