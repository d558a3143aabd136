"""The Conflict engine's handlers, one module per step of a round.

* :mod:`~conflict.steps.setup` — Start, AddParticipant, Reorder, Defeat, EndRound,
  EndConflict (R-CON-1/2/4/5/20/21);
* :mod:`~conflict.steps.declaring` — Declare, SetTest, SwapResilience (R-CON-7/8/8a/9);
* :mod:`~conflict.steps.acting` — Act, Change, Hold (R-CON-10 … 13);
* :mod:`~conflict.steps.defending` — Defend, React, TakeIt (R-CON-7c, 15, 16);
* :mod:`~conflict.steps.resolving` — RollDice, ApplyDamage (R-CON-14, 17 … 20).

Each handler is ``(state, event) -> state``: pure, validating, raising
:class:`~conflict.errors.RuleViolation` or :class:`~conflict.errors.BadValue` and
changing nothing when the event is not allowed. :mod:`conflict.engine` dispatches.
"""
