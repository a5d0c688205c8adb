"""CollectionLayout: a collection-view layout engine (UIKit flow layout semantics).

Python binding of libcollectionlayout over ctypes. Start with `Layout` (or `Layout.from_sizes`),
or load a scene file with `collectionlayout.scene.load`. The library is found through the
COLLECTIONLAYOUT_LIBRARY environment variable, the copy bundled in this package, the repository
checkout's .build/release, or the system's library path, in that order.
"""

from ._lib import LibraryNotFoundError, lib, version
from .errors import (BadCallbackDataError, BufferTooSmallError, CallbackError,
                     CollectionLayoutError, InvalidArgumentError, InvalidHandleError,
                     LimitError, OutOfRangeError, ReentrantError, UnknownKindError)
from .layout import ATTRIBUTES_DTYPE, Attributes, Layout, SectionScroll

__version__ = "0.2.0"

__all__ = [
    "Layout", "Attributes", "SectionScroll", "ATTRIBUTES_DTYPE", "lib", "version",
    "CollectionLayoutError", "InvalidHandleError", "InvalidArgumentError", "OutOfRangeError",
    "CallbackError", "BadCallbackDataError", "ReentrantError", "BufferTooSmallError",
    "UnknownKindError", "LimitError", "LibraryNotFoundError",
]
