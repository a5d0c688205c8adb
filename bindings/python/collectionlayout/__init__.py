"""CollectionLayout: a collection-view layout engine (UIKit flow layout semantics, and grid,
waterfall, orthogonal and custom sections).

Python binding of libcollectionlayout over ctypes. Start with `Layout` (or `Layout.from_sizes`),
or load a scene file with `collectionlayout.tools.scene.load`. The library is found through the
COLLECTIONLAYOUT_LIBRARY environment variable, the copy bundled in this package, the repository
checkout's .build/release, or the system's library path, in that order.

"SPEC §N" in the docstrings is section N of docs/SPEC.md in the repository, a copy of the
layout contract (what frames the engine computes, the scene file, the command line).

Names follow the C header (include/collectionlayout.h) without its prefix:
cl_layout_scroll_to_element is Layout.scroll_to_element, cl_layout_def.element_limit the
`element_limit` option, CL_MAX_ITEMS is MAX_ITEMS. Option values are spelled as on the
command line and in SPEC §12 (`snapping="line-paging"`); their types are in
`collectionlayout.options`.
"""

import signal as _signal

# numpy's OpenBLAS starts worker threads when numpy is imported. A signal sent to the process
# (a Ctrl-C) goes to any thread that does not block it: in a worker, the main thread never
# wakes from a blocking read. So the workers start with the asynchronous signals blocked, and
# those reach the main thread. (Nothing changes if numpy was imported before.)
if hasattr(_signal, "pthread_sigmask"):
    _mask = _signal.pthread_sigmask(_signal.SIG_BLOCK, {
        getattr(_signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1",
                                            "SIGUSR2", "SIGALRM") if hasattr(_signal, name)})
    try:
        import numpy  # noqa: F401
    finally:
        _signal.pthread_sigmask(_signal.SIG_SETMASK, _mask)

from ._lib import (CL_DECELERATION_FAST as DECELERATION_FAST,
                   CL_DECELERATION_NORMAL as DECELERATION_NORMAL, CL_MAX_ITEMS as MAX_ITEMS,
                   LibraryNotFoundError, lib, version)
from ._version import VERSION as _VERSION
from .attributes import ATTRIBUTES_DTYPE, Attributes, SectionScroll
from .errors import (BadCallbackDataError, BufferTooSmallError, CallbackError,
                     CollectionLayoutError, InvalidArgumentError, InvalidHandleError,
                     LimitError, OutOfRangeError, ReentrantError, UnknownKindError)
from .layout import Decoration, Layout
from .badges import Badge
from .options import LayoutOptions
from .metrics import SectionMetricsTable
from .diff import diff
from .executor import Executor, ThreadExecutor
from .updates import BatchUpdate, ElementChange, UpdateBlock, UpdateResult
from .targets import SizeChange
from .physics import Fling
from .motion import Movement, Transition
from .queries import ViewportChanges
from .focus import FocusAnswer, PrefetchAnswer, PrefetchElement
from .collapse import CollapseRecord

__version__ = ".".join(map(str, _VERSION))  # the header's CL_VERSION_* (_version.py)

__all__ = [
    "Layout", "Decoration", "Badge", "SectionMetricsTable", "Attributes", "SectionScroll",
    "BatchUpdate", "UpdateResult", "ElementChange", "UpdateBlock", "diff", "SizeChange", "Fling",
    "Transition", "Movement", "LayoutOptions", "ViewportChanges",
    "FocusAnswer", "PrefetchAnswer", "PrefetchElement", "CollapseRecord", "Executor", "ThreadExecutor",
    "ATTRIBUTES_DTYPE", "MAX_ITEMS", "DECELERATION_NORMAL", "DECELERATION_FAST", "lib", "version",
    "CollectionLayoutError", "InvalidHandleError", "InvalidArgumentError", "OutOfRangeError",
    "CallbackError", "BadCallbackDataError", "ReentrantError", "BufferTooSmallError",
    "UnknownKindError", "LimitError", "LibraryNotFoundError",
]
