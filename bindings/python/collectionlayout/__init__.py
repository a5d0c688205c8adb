"""CollectionLayout: a collection-view layout engine (UIKit flow layout semantics, and grid,
waterfall, orthogonal and custom sections).

Python binding of libcollectionlayout over ctypes. Start with `Layout` (or `Layout.from_sizes`),
or load a scene file with `collectionlayout.scene.load`. The library is found through the
COLLECTIONLAYOUT_LIBRARY environment variable, the copy bundled in this package, the repository
checkout's .build/release, or the system's library path, in that order.
"""

from ._lib import LibraryNotFoundError, lib, version
from ._version import VERSION as _VERSION
from .attributes import ATTRIBUTES_DTYPE, Attributes, SectionScroll
from .errors import (BadCallbackDataError, BufferTooSmallError, CallbackError,
                     CollectionLayoutError, InvalidArgumentError, InvalidHandleError,
                     LimitError, OutOfRangeError, ReentrantError, UnknownKindError)
from .layout import Decoration, Layout
from .metrics import SectionMetricsTable
from .diff import diff
from .updates import BatchUpdate, ElementChange, UpdateBlock, UpdateResult
from .targets import SizeChange
from .motion import Movement, Transition

__version__ = ".".join(map(str, _VERSION))  # the header's CL_VERSION_* (_version.py)

__all__ = [
    "Layout", "Decoration", "SectionMetricsTable", "Attributes", "SectionScroll",
    "BatchUpdate", "UpdateResult", "ElementChange", "UpdateBlock", "diff", "SizeChange",
    "Transition", "Movement",
    "ATTRIBUTES_DTYPE", "lib", "version",
    "CollectionLayoutError", "InvalidHandleError", "InvalidArgumentError", "OutOfRangeError",
    "CallbackError", "BadCallbackDataError", "ReentrantError", "BufferTooSmallError",
    "UnknownKindError", "LimitError", "LibraryNotFoundError",
]
