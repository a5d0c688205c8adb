"""The version, written in one place: the CL_VERSION_* macros of include/collectionlayout.h.

The package's version is the header's (the binding follows the ABI it was written against).
In a checkout this module reads the header; a built package (wheel, `pip install`) carries a
copy of it with the numbers filled in by setup.py, which read the same header at build time.
"""

from __future__ import annotations

import re
from pathlib import Path

HEADER = Path(__file__).resolve().parents[3] / "include" / "collectionlayout.h"


def read_header(path: Path) -> tuple[int, int, int]:
    """(major, minor, patch) from the header's CL_VERSION_MAJOR, _MINOR and _PATCH."""
    text = path.read_text(encoding="utf-8")
    parts = []
    for name in ("MAJOR", "MINOR", "PATCH"):
        found = re.search(rf"^#define CL_VERSION_{name} +(\d+)\b", text, re.M)
        if found is None:
            raise RuntimeError(f"{path} has no CL_VERSION_{name}")
        parts.append(int(found.group(1)))
    return parts[0], parts[1], parts[2]


VERSION: tuple[int, int, int] = read_header(HEADER)
