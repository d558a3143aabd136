"""Errors raised by the board games' rules code.

Every error the `boardgames` package raises derives from :class:`GameError`, a
:class:`ValueError`, split as in the rest of the project:

* :class:`BadValue` – the input itself is malformed (a die face that is no symbol, a
  negative number of coins);
* :class:`RuleViolation` – the input is well formed but the rules forbid it now
  (``R-STF-4: a hand holds at most 4 Advantage cards``).

Messages name the rule, the bad value and what is allowed, so the command line can
print them as they are, on one line.
"""

from __future__ import annotations


class GameError(ValueError):
    """Base class of every error raised by the `boardgames` package."""

    def __init__(self, message: str, *, rule: str | None = None) -> None:
        self.rule = rule
        super().__init__(f"{rule}: {message}" if rule else message)


class BadValue(GameError):
    """A value is malformed or out of its allowed range."""


class RuleViolation(GameError):
    """A well-formed request that the rules do not allow in the current state."""


def shown(value: object, limit: int = 60) -> str:
    """``value`` as an error message quotes it: its repr, on one line, at most
    ``limit`` characters (a huge value never makes a huge message)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
