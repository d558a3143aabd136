"""The library's policies and the dice choosing straight from a run's own state.

A run of the library's policies (:class:`~conflict.simulate.policies.Tactics`) asks
what-now for every step, and what-now builds every option of every participant it
names; the policy then reads one participant's. For the commonest steps, :func:`next_event`
makes the same event from the state itself: an actor's Act, Change or Hold, built from
its own options only (:func:`conflict.whatnow.acting_options`), and the dice of an
action with no Reaction left to offer for its target, drawn in the order
:meth:`Dice.roll` draws them. Every other step goes through what-now (``None``).
tests/test_simulate_fast.py plays runs both ways and checks they end alike.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

import attrs

from conflict.events import DefenseRoll, Event, RollDice
from conflict.members import PENDING, RESOLUTION, TAKE_IT
from conflict.simulate.policies import Tactics
from conflict.state import Action, State
from conflict.whatnow import Expect, acting_options, reactions_for

__all__ = ["Faces", "defense_roll", "next_event", "roll_dice"]

Faces = Callable[[int, int], tuple[tuple[int, ...], ...]]
"""A run's dice: the faces ``rollers`` roll with ``pool`` dice each (Dice.faces)."""

_ACT: Final = Expect.ACT
_ROLL: Final = Expect.ROLL


def next_event(state: State, policies: Mapping[str, Tactics], faces: Faces
               ) -> tuple[Event, Expect] | None:
    """The next event of a run in ``state``, in resolution, and what-now's ``expect``
    for it, when it is an actor's choice or the dice; else ``None`` (ask what-now)."""
    if state.phase is not RESOLUTION:
        return None
    number = state.pending
    if number is None:
        step = state.step
        if not step:
            return None
        me = state.participants[step[0]]
        act, change, hold = acting_options(state, me)
        return policies[me.side].acted(state, me, act, change, hold), _ACT
    action = state.actions[number - state.first_action]
    if (action.status is not PENDING or action.outcome is not None
            or (action.contest and action.target_defense is None)):
        return None  # a defense or damage to choose
    if action.contest and state.reactors:
        assert action.target is not None
        side = state.participant(action.target).side
        if policies[side].react and reactions_for(state, action, side):
            return None  # its side may still react (Tactics.before_roll)
    return _rolled(action, faces), _ROLL


def _rolled(action: Action, faces: Faces) -> RollDice:
    """What :meth:`Dice.roll` makes of what-now's RollOption for ``action``: the
    actor's faces first, then each rolling defender's, in the order they committed."""
    assert action.pool is not None
    attacker = faces(action.pool, action.members)
    return roll_dice(action.number, attacker, tuple([
        defense_roll(faces(d.pool, d.members), d.by)
        for d in action.defenses if d.kind is not TAKE_IT]))


_new: Final = object.__new__
_set_action: Final = RollDice.__dict__["action"].__set__
_set_attacker: Final = RollDice.__dict__["attacker"].__set__
_set_defenders: Final = RollDice.__dict__["defenders"].__set__
_set_faces: Final = DefenseRoll.__dict__["faces"].__set__
_set_name: Final = DefenseRoll.__dict__["name"].__set__
assert {a.name for a in attrs.fields(RollDice)} == {"action", "attacker", "defenders"}
assert {a.name for a in attrs.fields(DefenseRoll)} == {"faces", "name"}


def roll_dice(action: int, attacker: tuple[tuple[int, ...], ...],
              defenders: tuple[DefenseRoll, ...]) -> RollDice:
    """``RollDice(action, attacker, defenders)`` of values already in the form its
    converters give (every field set: the same value, equal and equally hashed)."""
    event: RollDice = _new(RollDice)
    _set_action(event, action)
    _set_attacker(event, attacker)
    _set_defenders(event, defenders)
    return event


def defense_roll(faces: tuple[tuple[int, ...], ...], name: str) -> DefenseRoll:
    """``DefenseRoll(faces, name=name)`` of faces drawn here, as :func:`roll_dice`."""
    roll: DefenseRoll = _new(DefenseRoll)
    _set_faces(roll, faces)
    _set_name(roll, name)
    return roll
