"""The pools ``mistborn roll`` takes."""

from __future__ import annotations

from typing import Final

from conflict.errors import BadValue, shown

__all__ = ["MAX_ROLL", "check_roll_pool"]

MAX_ROLL: Final = 40
"""The largest pool ``mistborn roll`` takes: 10 dice and 30 free Nudges (R-DICE-2) is
already far past any sheet; a larger number is a typo."""


def check_roll_pool(value: object) -> int:
    """A pool ``mistborn roll`` may roll: 0–:data:`MAX_ROLL` dice (R-DICE-1/2); a
    whole number out of them is told both bounds, as a pool too large is."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise BadValue(f"a pool must be a whole number of dice 0–{MAX_ROLL}, got "
                       f"{shown(value)}", rule="R-DICE-1")
    if not 0 <= value <= MAX_ROLL:
        raise BadValue(f"a pool must be 0–{MAX_ROLL} dice, got {value}", rule="R-DICE-1")
    return value
