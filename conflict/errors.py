"""Errors raised by the rules code.

Every error the `conflict` package raises derives from :class:`ConflictError`, a
:class:`core.errors.RefusedError` (a :class:`ValueError`). It splits in two, as a table tool needs:

* :class:`BadValue` – the input itself is malformed (a pool of -3, a face of 7);
* :class:`RuleViolation` – the input is well formed but the rules forbid it now
  (``R-CON-15: Vin already defended against action 3``).

Messages name the rule, the bad value and what is allowed, so the command line can
print them as they are, on one line.
"""

from __future__ import annotations

from core.errors import QUOTE, Malformed, NotAllowed, RuledError, shown

__all__ = ["QUOTE", "BadValue", "ConflictError", "RuleViolation", "possessive", "shown"]


class ConflictError(RuledError):
    """Base class of every error raised by the `conflict` package (a
    :class:`core.errors.RefusedError`, like every game's)."""


class BadValue(ConflictError, Malformed):
    """A value is malformed or out of its allowed range."""


class RuleViolation(ConflictError, NotAllowed):
    """A well-formed request that the rules do not allow in the current state."""


def possessive(name: str) -> str:
    """``Vin's``, but ``Canton guards'``: a name that ends in s takes the apostrophe
    alone."""
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"
