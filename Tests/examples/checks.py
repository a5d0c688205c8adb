"""What the example checkers share: one line per check, a summary line, and the card palette
the C and C++ examples draw with (examples/c/sdl_gallery.c, examples/imgui/photo_wall.cpp)."""

from __future__ import annotations

CARDS = [(66, 133, 244), (219, 68, 55), (244, 180, 0), (15, 157, 88), (171, 71, 188),
         (0, 172, 193), (255, 112, 67), (124, 179, 66)]
FOCUS_RING = (255, 0, 140)

failures: list[str] = []
passed = 0


def check(ok: bool, what: str) -> None:
    global passed
    if ok:
        passed += 1
        print(f"ok    {what}")
    else:
        failures.append(what)
        print(f"FAIL  {what}")


def finish() -> int:
    """Prints the summary the suite runner reads; the exit status."""
    print(f"{passed} passed, {len(failures)} failed")
    return 1 if failures else 0
