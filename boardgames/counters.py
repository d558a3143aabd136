"""Bounded numbers: the dials, tracks and token counts of the board games.

A :class:`Bounded` is a frozen whole number that knows its limits. Changing it never
silently leaves them: :meth:`Bounded.add` refuses (``RuleViolation`` naming the rule)
unless asked to ``clamp``, which is how a game caps healing at a maximum or stops a
track at its top.
"""

from __future__ import annotations

import attrs

from boardgames.errors import BadValue, RuleViolation
from core.bounds import check_whole, said_by

__all__ = ["Bounded", "whole"]


def whole(value: object, what: str, *, low: int | None = None, high: int | None = None,
          rule: str | None = None) -> int:
    """``value`` if it is a whole number within ``low``–``high``, else :class:`BadValue`
    naming ``what`` (the project's one check, :func:`core.bounds.check_whole`)."""
    return check_whole(value, what, low, high, rule=rule, refuse=_REFUSE)


_REFUSE = said_by(BadValue)


@attrs.frozen
class Bounded:
    """A whole number kept within ``low``–``high`` (``high`` ``None``: no maximum)."""

    value: int
    low: int = 0
    high: int | None = None
    rule: str | None = None  # the rule that sets the limits, for error messages

    def __attrs_post_init__(self) -> None:
        whole(self.value, "value", low=self.low, high=self.high, rule=self.rule)

    def add(self, amount: int, *, clamp: bool = False, what: str = "the value") -> Bounded:
        """This number plus ``amount`` (negative to take away). Past a limit: clamped to
        it when ``clamp``, else :class:`RuleViolation`."""
        whole(amount, "amount")
        new = self.value + amount
        if clamp:
            if self.high is not None:
                new = min(new, self.high)
            new = max(new, self.low)
        elif new < self.low or (self.high is not None and new > self.high):
            top = "" if self.high is None else f"–{self.high}"
            raise RuleViolation(f"{what} is {self.value}: changing it by {amount:+d} leaves "
                                f"{self.low}{top}", rule=self.rule)
        return attrs.evolve(self, value=new)

    def set(self, value: int) -> Bounded:
        """This number set to ``value`` (within the limits, else :class:`BadValue`)."""
        return attrs.evolve(self, value=value)

    @property
    def at_low(self) -> bool:
        """Whether it sits at its minimum."""
        return self.value == self.low

    @property
    def at_high(self) -> bool:
        """Whether it sits at its maximum (never, without one)."""
        return self.high is not None and self.value == self.high

    def __int__(self) -> int:
        return self.value
