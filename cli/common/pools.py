"""The pools ``mistborn roll`` takes."""

from __future__ import annotations

from typing import Final

from conflict.dice import check_count
from conflict.errors import BadValue, shown

__all__ = ["MAX_ROLL", "check_roll_pool"]

MAX_ROLL: Final = 40
"""The largest pool ``mistborn roll`` takes: 10 dice and 30 free Nudges (R-DICE-2) is
already far past any sheet; a larger number is a typo."""


def check_roll_pool(value: object) -> int:
    """A pool ``mistborn roll`` may roll: 0–:data:`MAX_ROLL` dice (R-DICE-1/2)."""
    count = check_count(value)
    if count > MAX_ROLL:
        raise BadValue(f"a pool must be 0–{MAX_ROLL} dice, got {shown(count)}",
                       rule="R-DICE-1")
    return count
