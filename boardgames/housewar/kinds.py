"""The choices House War's events name: a game's length, where a Problem enters and why
it is added (R-HW-2, R-HW-5). :mod:`boardgames.housewar.events` exports them too."""

from __future__ import annotations

import enum

__all__ = ["Length", "Place", "Reason"]


class Length(enum.Enum):
    """Game length: how many of the three other piles go above the Vin pile (R-HW-5)."""

    SHORT = "short"
    MEDIUM = "medium"
    LONG = "long"

    @property
    def piles_above_vin(self) -> int:
        """1, 2 or 3 piles above the Vin pile."""
        return {"short": 1, "medium": 2, "long": 3}[self.value]


class Place(enum.Enum):
    """Where a Problem enters (R-HW-2): its starting Urgency's column, or the highest
    (rightmost) or lowest (leftmost) free space."""

    START = "start"
    HIGHEST = "highest"
    LOWEST = "lowest"


class Reason(enum.Enum):
    """Why a Problem is added: set-up (one per player), the turn's step 3 (one, and
    more while fewer than 2 are on the board), or an effect (an eruption, a card)."""

    SETUP = "setup"
    TURN = "turn"
    EFFECT = "effect"
