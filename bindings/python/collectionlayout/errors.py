"""Exceptions raised for the library's status codes (include/collectionlayout.h, CL_ERROR_*)."""

from __future__ import annotations

from . import _abi


class CollectionLayoutError(Exception):
    """A call failed. `status` is the cl_status code, the message is the library's detailed
    message (cl_layout_last_error) when it gave one."""

    status: int

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


class InvalidHandleError(CollectionLayoutError):
    """The layout is closed (or the handle was never valid)."""


class InvalidArgumentError(CollectionLayoutError, ValueError):
    """NaN, infinite or negative value, bad enum, or an argument of the wrong shape."""


class OutOfRangeError(CollectionLayoutError, IndexError):
    """An index path, section or element that does not exist."""


class CallbackError(CollectionLayoutError):
    """A data-source callback reported failure."""


class BadCallbackDataError(CollectionLayoutError, ValueError):
    """A data-source callback returned invalid values."""


class ReentrantError(CollectionLayoutError):
    """The layout was called from inside one of its own data-source callbacks."""


class BufferTooSmallError(CollectionLayoutError):
    """A query buffer was too small; `needed` is the count the library asked for."""

    needed: int = 0


class UnknownKindError(CollectionLayoutError, LookupError):
    """A kind id or name that is not registered on the layout."""


class LimitError(CollectionLayoutError):
    """Over the layout's element limit (sections, items and inline elements together: the
    `element_limit` option, at most and by default MAX_ITEMS, the header's CL_MAX_ITEMS) or the
    memory budget, or an extent that is not finite (SPEC §11)."""


ERRORS: dict[int, type[CollectionLayoutError]] = {
    _abi.CL_ERROR_INVALID_HANDLE: InvalidHandleError,
    _abi.CL_ERROR_INVALID_ARGUMENT: InvalidArgumentError,
    _abi.CL_ERROR_OUT_OF_RANGE: OutOfRangeError,
    _abi.CL_ERROR_CALLBACK: CallbackError,
    _abi.CL_ERROR_BAD_CALLBACK_DATA: BadCallbackDataError,
    _abi.CL_ERROR_REENTRANT: ReentrantError,
    _abi.CL_ERROR_BUFFER_TOO_SMALL: BufferTooSmallError,
    _abi.CL_ERROR_UNKNOWN_KIND: UnknownKindError,
    _abi.CL_ERROR_LIMIT: LimitError,
}


def error_for(status: int, message: str) -> CollectionLayoutError:
    """The exception for a nonzero status code."""
    return ERRORS.get(status, CollectionLayoutError)(message, status)
