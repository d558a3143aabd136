"""Rules of the Mistborn Adventure Game: dice, exact odds and the Conflict engine.

Pure code: nothing here prints, touches a database or a network.
"""

import importlib
from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:
    from conflict.engine import Conflict, apply, replay
    from conflict.events import (
        Act,
        AddParticipant,
        ApplyDamage,
        Change,
        DeclarationKind,
        Declare,
        Defeat,
        Defend,
        EndConflict,
        EndRound,
        Event,
        Hold,
        Nature,
        React,
        Reorder,
        RollDice,
        SetTest,
        Start,
        SwapResilience,
        TakeIt,
    )
    from conflict.state import EMPTY, Phase, State
    from conflict.whatnow import Expect, WhatNow, roll_event, what_now

__all__ = [
    "EMPTY",
    "Act",
    "AddParticipant",
    "ApplyDamage",
    "AttackResult",
    "BadValue",
    "Change",
    "Conflict",
    "ConflictError",
    "ContestResult",
    "DeclarationKind",
    "Declare",
    "Defeat",
    "Defend",
    "EndConflict",
    "EndRound",
    "Event",
    "Expect",
    "Hold",
    "Nature",
    "Phase",
    "React",
    "Reorder",
    "Roll",
    "RollDice",
    "RuleViolation",
    "SetTest",
    "Start",
    "State",
    "SwapResilience",
    "TakeIt",
    "WhatNow",
    "apply",
    "attack",
    "best_of",
    "compare",
    "dice_rolled",
    "replay",
    "result_of",
    "roll",
    "roll_event",
    "what_now",
]

# The Conflict engine is imported on first use, so that `mistborn roll --json` and other
# dice-only paths do not pay for it at start-up.
_LAZY: dict[str, str] = {
    "Conflict": "conflict.engine",
    "apply": "conflict.engine",
    "replay": "conflict.engine",
    "Act": "conflict.events",
    "AddParticipant": "conflict.events",
    "ApplyDamage": "conflict.events",
    "Change": "conflict.events",
    "DeclarationKind": "conflict.events",
    "Declare": "conflict.events",
    "Defeat": "conflict.events",
    "Defend": "conflict.events",
    "EndConflict": "conflict.events",
    "EndRound": "conflict.events",
    "Event": "conflict.events",
    "Hold": "conflict.events",
    "Nature": "conflict.events",
    "React": "conflict.events",
    "Reorder": "conflict.events",
    "RollDice": "conflict.events",
    "SetTest": "conflict.events",
    "Start": "conflict.events",
    "SwapResilience": "conflict.events",
    "TakeIt": "conflict.events",
    "EMPTY": "conflict.state",
    "Phase": "conflict.state",
    "State": "conflict.state",
    "Expect": "conflict.whatnow",
    "WhatNow": "conflict.whatnow",
    "roll_event": "conflict.whatnow",
    "what_now": "conflict.whatnow",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'conflict' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
