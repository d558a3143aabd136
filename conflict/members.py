"""The enum members the engine reads on its hot path, bound once as module globals.

A read through the class (``Turn.ACTED``) costs several times a global's in Python
3.11, so the engine's modules import these names (``from conflict.members import
ACTED``) and read them as their own globals. :mod:`conflict.state` keeps its own few,
since this module reads the enums from it.
"""

from __future__ import annotations

from typing import Final

from conflict.dice import ContestResult
from conflict.events import DeclarationKind
from conflict.state import ActionStatus, DefenseKind, DiceFrom, Outcome, Phase, Turn

__all__ = ["ABANDONED", "ACTED", "CHANGED", "DECLARATION", "DECLARED", "DECLARED_ACTION",
           "DECLARED_DEFENSE", "DECLARED_NO_ROLL", "DEFEND", "DONE", "ENDED", "FAIL", "FAILURE",
           "FROM_ACTION", "FROM_DEFENSE", "HELD", "NOT_STARTED", "PENDING", "REACT", "RESOLUTION",
           "ROUND_OVER", "STALEMATE", "SUCCESS", "TAKE_IT", "WAITING", "WIN"]

# the Conflict's phase
NOT_STARTED: Final = Phase.NOT_STARTED
DECLARATION: Final = Phase.DECLARATION
RESOLUTION: Final = Phase.RESOLUTION
ROUND_OVER: Final = Phase.ROUND_OVER
ENDED: Final = Phase.ENDED
# a participant's turn in the acting order
WAITING: Final = Turn.WAITING
ACTED: Final = Turn.ACTED
CHANGED: Final = Turn.CHANGED
HELD: Final = Turn.HELD
# an action's status
DECLARED: Final = ActionStatus.DECLARED
PENDING: Final = ActionStatus.PENDING
DONE: Final = ActionStatus.DONE
ABANDONED: Final = ActionStatus.ABANDONED
# what a declaration is
DECLARED_ACTION: Final = DeclarationKind.ACTION
DECLARED_DEFENSE: Final = DeclarationKind.DEFENSE
DECLARED_NO_ROLL: Final = DeclarationKind.NO_ROLL
# where a defense's dice come from, and what it is
FROM_ACTION: Final = DiceFrom.ACTION
FROM_DEFENSE: Final = DiceFrom.DEFENSE
DEFEND: Final = DefenseKind.DEFEND
REACT: Final = DefenseKind.REACT
TAKE_IT: Final = DefenseKind.TAKE_IT
# a Contest's outcome, and an attack's result
SUCCESS: Final = Outcome.SUCCESS
FAILURE: Final = Outcome.FAILURE
STALEMATE: Final = Outcome.STALEMATE
WIN: Final = ContestResult.WIN
FAIL: Final = ContestResult.FAIL
