"""The library's policies and the dice choosing straight from a run's own state.

A run of the library's policies (:class:`~conflict.simulate.policies.Tactics`) asks
what-now for every step, and what-now builds every option of every participant it
names; the policy then reads one participant's. For the commonest steps, :func:`next_event`
makes the same event from the state itself: a declaration built before for the same
attack (the policies keep them), an actor's Act, Change or Hold, built from its own
options only (:func:`conflict.whatnow.acting_options`), a target's choice from its own
options and its allies' Reactions (:func:`~conflict.whatnow.target_options`,
:func:`~conflict.whatnow.reactions_for`), and the dice of an action with no Reaction
left to offer for its target, drawn in the order :meth:`Dice.roll` draws them. Every
other step goes through what-now (``None``).
tests/test_simulate_fast.py plays runs both ways and checks they end alike.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

import attrs

from conflict.dice import MAX_POOL, MIN_POOL
from conflict.events import DefenseRoll, Event, RollDice
from conflict.members import DECLARATION, FROM_DEFENSE, PENDING, RESOLUTION, TAKE_IT
from conflict.options import DefendOption, ReactOption, TakeItOption
from conflict.order import next_declarer
from conflict.simulate.policies import (
    Defending,
    Tactics,
    known_act,
    known_event,
    known_taken,
)
from conflict.simulate.reading import attack_dice, best_equipment, weakest_standing
from conflict.state import Action, Participant, State
from conflict.whatnow import (
    Expect,
    acting_options,
    reactions_for,
    target_options,
)

__all__ = ["Faces", "defense_roll", "next_event", "roll_dice"]

Faces = Callable[[int, int], tuple[tuple[int, ...], ...]]
"""A run's dice: the faces ``rollers`` roll with ``pool`` dice each (Dice.faces)."""

_ACT: Final = Expect.ACT
_DECLARE: Final = Expect.DECLARE
_DEFENSE: Final = Expect.DEFENSE
_FROM_DEFENSE: Final = FROM_DEFENSE
_NEVER_DEFEND: Final = Defending.NEVER
_ROLL: Final = Expect.ROLL


def next_event(state: State, policies: Mapping[str, Tactics], faces: Faces
               ) -> tuple[Event, Expect] | None:
    """The next event of a run in ``state`` and what-now's ``expect`` for it, when it
    is a declaration, an actor's choice, a target's or the dice; else ``None`` (ask
    what-now)."""
    phase = state.phase
    if phase is DECLARATION:
        who = next_declarer(state)
        if who is None:
            return None
        declared = _declared(state, state.participants[who], policies)
        return None if declared is None else (declared, _DECLARE)
    if phase is not RESOLUTION:
        return None
    number = state.pending
    if number is None:
        step = state.step
        if not step:
            return None
        me = state.participants[step[0]]
        tactics = policies[me.side]
        acted = _acted(state, me, tactics)
        if acted is None:
            act, change, hold = acting_options(state, me)
            acted = tactics.acted(state, me, act, change, hold)
        return acted, _ACT
    action = state.actions[number - state.first_action]
    if action.status is not PENDING or action.outcome is not None:
        return None  # the damage
    if action.contest and action.target_defense is None:
        defended = _defended(state, action, policies)
        return None if defended is None else (defended, _DEFENSE)
    if action.contest and state.reactors:
        assert action.target is not None
        side = state.participant(action.target).side
        if policies[side].react and reactions_for(state, action, side):
            return None  # its side may still react (Tactics.before_roll)
    return _rolled(action, faces), _ROLL


def _acted(state: State, me: Participant, tactics: Tactics) -> Event | None:
    """Tactics.act's Act for ``me``, when it acts as declared and that Act was built
    before (else ``None``: from its options, conflict.whatnow.acting_options)."""
    r = me.round
    held = r.action_dice
    if held < MIN_POOL or r.action is None:
        return None
    action = state.action(r.action)
    if action is None or (action.target is not None
                          and state.participant(action.target).defeated):
        return None
    return known_act(me.name, tactics.pool(state, me, MIN_POOL, min(MAX_POOL, held)))


def _declared(state: State, me: Participant, policies: Mapping[str, Tactics]
              ) -> Event | None:
    """Tactics.declare's attack for ``me``, when it was built before (else ``None``:
    what-now's option builds it, and a full defense or no foe at all)."""
    tactics = policies[me.side]
    nature = state.nature
    resilience = nature.resilience
    foe = weakest_standing(state, me, resilience)
    if foe is None:
        return None
    if tactics.full_defense_at > 0 and me.resiliences is not None:
        mine = me.resiliences.get(resilience)
        if mine.current <= tactics.full_defense_at * mine.full:
            return None  # R-CON-7b: a full defense
    return known_event(me.name, attack_dice(me, nature), foe.name, best_equipment(me))


def _defended(state: State, action: Action, policies: Mapping[str, Tactics]
              ) -> Event | None:
    """Tactics.defend's choice against ``action``: an ally's Reaction that costs no
    Action Dice first, then the target's own (``None``: a TakeIt not built before)."""
    assert action.target is not None
    me = state.participant(action.target)
    tactics = policies[me.side]
    if tactics.react and state.reactors:
        for option in reactions_for(state, action, me.side):
            if option.min_added == 0 or option.added_from is _FROM_DEFENSE:
                return option.event(option.min_added)
    if tactics.defending is _NEVER_DEFEND:
        return known_taken(me.name, action.number)
    options = target_options(me, action)
    if len(options) == 1:  # nothing to defend with: it takes it, as target_choice says
        return known_taken(me.name, action.number) or options[0].event()
    first, take_it = options[0], options[-1]
    assert isinstance(take_it, TakeItOption)  # R-CON-15d: always open, and last
    mine = tuple([o for o in options if isinstance(o, ReactOption)])
    return tactics.target_choice(state, me, first if isinstance(first, DefendOption)
                                 else None, mine, take_it)


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
