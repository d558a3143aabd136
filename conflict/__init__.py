"""Rules of the Mistborn Adventure Game: dice, exact odds and the Conflict engine.

Pure code: nothing here prints, touches a database or a network.
"""

from conflict.dice import (
    AttackResult,
    ContestResult,
    Roll,
    attack,
    best_of,
    compare,
    dice_rolled,
    result_of,
    roll,
)
from conflict.errors import BadValue, ConflictError, RuleViolation

__all__ = [
    "AttackResult",
    "BadValue",
    "ConflictError",
    "ContestResult",
    "Roll",
    "RuleViolation",
    "attack",
    "best_of",
    "compare",
    "dice_rolled",
    "result_of",
    "roll",
]
