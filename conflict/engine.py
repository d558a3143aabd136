"""The Conflict engine: applies events to states by the rules R-CON-1 … R-CON-21.

API overview
------------
* :func:`apply` ``(state, event) -> state`` — pure: validates ``event`` against
  ``state`` and returns the new state, or raises
  :class:`~conflict.errors.RuleViolation` (not allowed now, e.g.
  ``R-CON-15: Vin already defended against action 3``) or
  :class:`~conflict.errors.BadValue` (malformed, e.g. an unknown name). The state
  given is never changed (states are frozen).
* :func:`replay` ``(events) -> state`` — apply events from :data:`~conflict.state.EMPTY`.
* :class:`Conflict` — a mutable wrapper in the manner of a chess board:
  ``push(event)`` validates and applies, ``pop()`` undoes the last event by restoring
  the previous state (a snapshot: no reverse logic), ``events``, ``state``,
  ``next()`` (what now? see :mod:`conflict.whatnow`), ``roll(rng)`` (draw faces for
  the pending action and push them) and :meth:`Conflict.replay`.

A round, as events::

    Start(nature)                     set-up (R-CON-1)
    AddParticipant(sheet, side) …     participants (R-CON-2, R-CON-5)
    Declare(name, kind, dice=…) …     step 1, lowest Wits first (R-CON-4 … R-CON-9)
    SetTest / SwapResilience …        the Narrator's calls, before the action rolls
    Act(name, pool=…) | Change | Hold step 2, most Action Dice first (R-CON-10 … 13)
      Defend | React | TakeIt         choices against a Contest (R-CON-15/16)
      RollDice(action=…, faces…)      the roll (R-CON-14, R-CON-17)
      ApplyDamage(action=…)           after a successful attack (R-CON-18 … 20)
    EndRound                          unspent dice are lost (R-CON-21)
    … EndConflict(outcome)

The handlers live in :mod:`conflict.steps`, one module per step; the declaration and
acting orders in :mod:`conflict.order`.

Rulings (where the rules leave a choice, the engine does this; each is marked
"Ruling:" where it is implemented):

* Surprise lasts for the round in which the participant is surprised: round 1, or the
  round it joins (R-CON-5).
* Participants may be added only while no one has declared in the current round.
* A Narrator's reorder of tied participants stays for later rounds (R-CON-4).
* An action with a target is aimed at it: an attack, unless it does no harm
  (R-CON-8a), when its success is recorded and no damage follows. A Contest needs a
  target to oppose it (R-CON-9); an action cannot be aimed at its own actor.
* An attack's kind defaults to the Conflict's nature, its Resilience to the kind's;
  the Defense Dice of R-CON-7c follow the kind (R-CON-8).
* Every member of a simultaneous step still acts even if another member's action
  defeats it in that step; a group then rolls with the members it had when the step
  began (R-CON-10, R-CON-2). It acts as declared or holds; it cannot change its
  action, which would come after the step (R-CON-20). A participant the Narrator
  defeats leaves at once.
* A participant in a step who spends Action Dice on a defense leaves the step and
  takes its new place by its remaining dice (R-CON-15a).
* An action that needs a roll is declared with 2 or more Action Dice: 1 die forms no
  pool inside a Conflict (R-CON-11, R-CON-12's "not enough to form a pool"), so it is
  refused when declared rather than rolled as 2 with a lowered Outcome (R-DICE-3).
* Changed actions act one by one at the end, in the order changed (R-CON-12); a
  changed action's dice, after halving, never exceed the Action Dice still held, and
  fewer than 2 refuse the change.
* An attack whose target is already defeated cannot be taken as declared: change the
  action or hold (R-CON-20).
* A Reaction adds Action Dice if its user has not acted yet, Defense Dice otherwise,
  and its pool must be 2–10 (R-CON-16). An ally on the target's side may react for it
  (R-CON-16 ruling) before the dice are rolled; the action is then opposed by the best
  roll among the target's defense and every Reaction (R-DICE-8; the first committed
  wins ties). Each participant defends or reacts at most once per action.
* Neither side rolling a set fails the action; there is no stalemate without a set
  (R-CON-17).
* Defense Dice of R-CON-7(c) are gained when first attacked in a Contest, whatever
  the defense chosen; the Narrator may give another number (``granted``).
* SetTest and SwapResilience are refused once a defense is committed.
* Extras have no Resiliences: each point of damage defeats one, whatever Resilience
  the attack named (R-CON-19). A Resilience stops at 0: damage past it is dealt but
  not recorded beyond the full score (R-CON-20).
* Nudges not applied to damage may be recorded as spent, with a note (R-CON-18).
* The Narrator cannot defeat someone while an action is pending.
* The engine never ends a Conflict by itself: what-now flags the sides with no one
  standing, and the Narrator ends it with an outcome (R-CON-21).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from conflict.errors import ConflictError, RuleViolation
from conflict.events import EVENT_TYPES, Event, RollDice, Start
from conflict.members import ENDED, NOT_STARTED
from conflict.state import EMPTY, State

# The step modules register their handlers as they load (conflict.steps.registry).
from conflict.steps import acting, declaring, defending, resolving, setup  # noqa: F401
from conflict.steps.registry import HANDLERS, Handlers
from core.history import History

if TYPE_CHECKING:
    from conflict.dice import RandomSource
    from conflict.whatnow import WhatNow

__all__ = ["HANDLERS", "Conflict", "Handlers", "apply", "replay"]


assert all(cls in HANDLERS for cls in EVENT_TYPES), "every event needs a handler"
_HANDLER_OF: Final = HANDLERS._table  # read by apply, which is called for every event


def apply(state: State, event: Event) -> State:
    """The state after ``event``; raises RuleViolation/BadValue and changes nothing when
    the event is not allowed (see the module docstring)."""
    phase = state.phase
    if phase is NOT_STARTED and not isinstance(event, Start):
        tag = getattr(type(event), "TYPE", type(event).__name__)
        raise RuleViolation(f"a Conflict begins with a Start event, got {tag}",
                            rule="R-CON-1")
    if phase is ENDED:
        raise RuleViolation(f"the Conflict has ended ({state.outcome or 'no outcome given'}):"
                            f" only undo is left", rule="R-CON-21")
    handler = _HANDLER_OF.get(type(event))  # HANDLERS(state, event), one call fewer
    if handler is None:
        return HANDLERS(state, event)  # raises BadValue: not a Conflict event
    return handler(state, event)


def replay(events: Iterable[Event], state: State = EMPTY) -> State:
    """The state after applying ``events`` in order to ``state`` (default: before Start)."""
    for event in events:
        state = apply(state, event)
    return state


class Conflict(History[State, Event]):
    """A Conflict being played: a mutable wrapper around the pure engine, played as
    every game is (:class:`core.history.History`); ``push`` returns the new state.

    >>> from conflict.events import Start, Nature
    >>> c = Conflict()
    >>> c.push(Start(Nature.PHYSICAL, stakes="the stash")).round
    1
    >>> c.pop() == Start(Nature.PHYSICAL, stakes="the stash")
    True
    """

    refused = ConflictError
    violation = RuleViolation

    def __init__(self, events: Iterable[Event] = ()) -> None:
        super().__init__(apply, EMPTY, events)

    @classmethod
    def replay(cls, events: Iterable[Event]) -> Conflict:
        """A Conflict rebuilt from its events (faces come from the events: no rolling)."""
        return cls(events)

    def next(self) -> WhatNow:
        """What now? See :func:`conflict.whatnow.what_now`."""
        from conflict.whatnow import what_now

        return what_now(self.state)

    def roll(self, rng: RandomSource | None = None) -> RollDice:
        """Roll the dice of the pending action (faces from ``rng``, default the
        operating system's secure source), push the event and return it."""
        from conflict.whatnow import roll_event

        event = roll_event(self.state, rng)
        self.push(event)
        return event
