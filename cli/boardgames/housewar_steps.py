"""House War's steps as the command line and the player shell take them: the game's
table (:mod:`boardgames.housewar.step_table`) and its negotiation timer, whose time is
the table's clock (:mod:`table.clock`), read when the timer is written."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from boardgames.housewar.step_table import STEPS as RULES
from boardgames.housewar.step_table import timer

if TYPE_CHECKING:
    from boardgames.housewar.state import State
    from core.steps import Steps

__all__ = ["STEPS"]


def _now() -> str:
    from table import clock

    return clock.now()


STEPS: Final[Steps[State]] = RULES.adding(timer(_now))
"""Every step of a game of House War, in the order ``housewar --help`` lists them."""
