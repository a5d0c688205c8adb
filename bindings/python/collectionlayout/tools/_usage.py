"""What the command line's parsers share: the usage error (exit 2) and the parsers of plain
option values (cli.py and the command modules that declare their own options)."""

from __future__ import annotations

from collections.abc import Callable


class UsageError(Exception):
    """Exit 2: an unknown command or option, a missing or unparsable argument."""


def _integer(name: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            return int(text)
        except ValueError:
            raise UsageError(f"{name} must be an integer, not {text!r}") from None
    return parse


def _choice(name: str, choices: tuple[str, ...]) -> Callable[[str], str]:
    def parse(text: str) -> str:
        if text not in choices:
            raise UsageError(f"{name} must be one of {'|'.join(choices)}, not {text!r}")
        return text
    return parse


def _number(option: str) -> Callable[[str], float]:
    def parse(text: str) -> float:
        try:
            return float(text)  # nan and out-of-range values are the library's to refuse (exit 1)
        except ValueError:
            raise UsageError(f"{option} must be a number, not {text!r}") from None
    return parse
