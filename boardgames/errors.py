"""Errors raised by the board games' rules code.

Every error the `boardgames` package raises derives from :class:`GameError`, a
:class:`core.errors.RefusedError` (a :class:`ValueError`), split as in the rest of the project:

* :class:`BadValue` – the input itself is malformed (a die face that is no symbol, a
  negative number of coins);
* :class:`RuleViolation` – the input is well formed but the rules forbid it now
  (``R-STF-4: a hand holds at most 4 Advantage cards``).

Messages name the rule, the bad value and what is allowed, so the command line can
print them as they are, on one line.
"""

from __future__ import annotations

from core.errors import Malformed, NotAllowed, RuledError, shown

__all__ = ["BadValue", "GameError", "RuleViolation", "shown"]


class GameError(RuledError):
    """Base class of every error raised by the `boardgames` package (a
    :class:`core.errors.RefusedError`, like every game's)."""


class BadValue(GameError, Malformed):
    """A value is malformed or out of its allowed range."""


class RuleViolation(GameError, NotAllowed):
    """A well-formed request that the rules do not allow in the current state."""
