"""Errors raised by the rules code.

Every error the `conflict` package raises derives from :class:`ConflictError`, a
:class:`ValueError`. It splits in two, as a table tool needs:

* :class:`BadValue` – the input itself is malformed (a pool of -3, a face of 7);
* :class:`RuleViolation` – the input is well formed but the rules forbid it now
  (``R-CON-15: Vin already defended against action 3``).

Messages name the rule, the bad value and what is allowed, so the command line can
print them as they are, on one line.
"""

from __future__ import annotations


class ConflictError(ValueError):
    """Base class of every error raised by the `conflict` package."""

    def __init__(self, message: str, *, rule: str | None = None) -> None:
        self.rule = rule
        super().__init__(f"{rule}: {message}" if rule else message)


class BadValue(ConflictError):
    """A value is malformed or out of its allowed range."""


class RuleViolation(ConflictError):
    """A well-formed request that the rules do not allow in the current state."""


QUOTE = 60
"""The most characters of a bad value an error message quotes."""


def possessive(name: str) -> str:
    """``Vin's``, but ``Canton guards'``: a name that ends in s takes the apostrophe
    alone."""
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"


def shown(value: object, limit: int = QUOTE) -> str:
    """``value`` as an error message quotes it: its repr, on one line, at most ``limit``
    characters (a 10 MB name never makes a 10 MB message)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
