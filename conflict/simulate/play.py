"""Playing one Conflict on to its end: the simulator's Narrator.

:func:`play_out` asks what-now for every step, asks the side's policy for each
participant's choice, rolls the dice from the run's own random stream and applies every
event: with :func:`conflict.engine.apply`, so the rules are checked exactly as at the
table, or, when every side plays one of the library's policies (whose choices the
rules allow), with the run's own transitions (:mod:`conflict.simulate.fast`), which
change the state exactly as the pure engine does, checked against it by the tests, and
their commonest choices read from the state without what-now's answer
(:mod:`conflict.simulate.fast_choice`, the same events). The
Narrator's calls are made here: attacks stay as the engine sets them
(Contests, Difficulty 0: no SetTest), the round ends when everything is resolved, and
the Conflict ends when one side is left standing (or none), or when the rounds allowed
are played.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Final

import attrs

from conflict.engine import apply
from conflict.errors import BadValue, ConflictError, RuleViolation, shown
from conflict.events import (
    Act,
    ApplyDamage,
    Change,
    Declare,
    Defend,
    EndConflict,
    EndRound,
    Event,
    Hold,
    React,
    RollDice,
    TakeIt,
)
from conflict.options import RollOption
from conflict.order import evolve
from conflict.simulate.fast import apply_owned, own
from conflict.simulate.fast_choice import defense_roll, next_event, roll_dice
from conflict.simulate.policies import Policy, Tactics
from conflict.state import ActionStatus, Phase, State
from conflict.whatnow import Expect, WhatNow, what_now

__all__ = ["DRAW", "ROUNDS_PLAYED", "UNFINISHED", "Dice", "Ending", "choose", "decided",
           "opening", "play_out", "standing_sides"]

DRAW: Final = -1
"""The winner of a run in which every side fell (a defeated participant still acting in
its step can take the last foe with it, R-CON-10 ruling)."""

UNFINISHED: Final = -2
"""The winner of a run stopped by the rounds allowed."""

ROUNDS_PLAYED: Final = "the rounds allowed are played"
"""The outcome of a Conflict stopped by the rounds allowed."""

# Enum members bound once as module globals (see conflict.state: a read through the
# class costs several times a global's in Python 3.11).
_DECLARED: Final = ActionStatus.DECLARED
_ROLL: Final = Expect.ROLL
_END_ROUND: Final = Expect.END_ROUND
_ACT: Final = Expect.ACT
_DECLARE: Final = Expect.DECLARE
_DEFENSE: Final = Expect.DEFENSE
_DAMAGE: Final = Expect.DAMAGE
_floor: Final = math.floor  # a die's face from a draw (see Dice.faces)

PARTICIPANT_EVENTS: Final = (Declare, Act, Change, Hold, Defend, React, TakeIt, ApplyDamage)
"""The events a policy may choose: the participants' own (the Narrator's are ours)."""


class Dice:
    """A run's dice: the :class:`~conflict.dice.RandomSource` of one run, drawn from
    ``random.Random`` seeded by the simulation's seed and the run's number, so a run
    rolls the same faces in whichever process plays it."""

    __slots__ = ("_random",)

    def __init__(self, seed: int, run: int) -> None:
        self._random = random.Random(f"{seed}:{run}").random

    def randint(self, a: int, b: int) -> int:
        """A whole number ``a``–``b``, every one equally likely."""
        return a + int(self._random() * (b - a + 1))

    def faces(self, pool: int, rollers: int) -> tuple[tuple[int, ...], ...]:
        """The faces ``rollers`` characters roll with ``pool`` dice each (R-DICE-8):
        the same faces :meth:`randint` would draw one by one."""
        draw = self._random
        down = _floor  # int() of a number 0 or more, some 30% fewer instructions
        if rollers == 1:
            return (tuple([1 + down(draw() * 6) for _ in range(pool)]),)
        if pool > 0 and rollers > 1:
            drawn = [1 + down(draw() * 6) for _ in range(pool * rollers)]
            return tuple(zip(*[iter(drawn)] * pool, strict=True))  # ``pool`` faces a roller
        return tuple(tuple([1 + down(draw() * 6) for _ in range(pool)])
                     for _ in range(rollers))

    def roll(self, option: RollOption) -> RollDice:
        """The roll of ``option``: the actor's faces first, then each defender's, in
        the order they committed: the event :meth:`RollOption.event` makes of the same
        faces, made without checking again faces drawn here, one list per roller of
        the pool what-now asked for (the engine checks their counts as it applies)."""
        attacker = self.faces(option.actor_pool, option.actor_rollers)
        return roll_dice(option.action, attacker, tuple([
            defense_roll(self.faces(d.pool, d.rollers), d.name)
            for d in option.defenders]))


@attrs.frozen
class Ending:
    """How one run ended: ``winner`` (a position in the sides, :data:`DRAW` or
    :data:`UNFINISHED`), ``rounds`` played (the round it ended in, counting the
    starting round as 1) and the final ``state``."""

    winner: int
    rounds: int
    state: State


def standing_sides(state: State) -> tuple[str, ...]:
    """The sides with someone standing."""
    return tuple(side for side, count in state.standing if count > 0)


def _settled(state: State) -> bool:
    """With one side standing (or none), whether nothing left in the round can still
    hurt anyone: no action pending, and no one in the current step (where even the
    defeated still act, R-CON-10 ruling) holds an attack on someone standing."""
    if state.pending is not None:
        return False
    people = state.participants
    for index in state.step:
        number = people[index].round.action
        action = state.action(number) if number is not None else None
        if (action is not None and action.status is _DECLARED
                and action.target is not None
                and not state.participant(action.target).defeated):
            return False
    return True


def _side_of_choice(state: State, now: WhatNow) -> str:
    """Whose policy chooses now: the one named by ``who``, or at a roll, the target's
    side (its allies may react, R-CON-16)."""
    if now.expect is _ROLL:
        action = state.pending_action
        assert action is not None and action.target is not None
        return state.participant(action.target).side
    return state.participant(now.who[0]).side


_PARTICIPANT_EVENT_CLASSES: Final = frozenset(PARTICIPANT_EVENTS)
_END_THE_ROUND: Final = EndRound()  # a value: every round ends with an equal event


def _checked(event: Event | None, side: str) -> Event:
    if event.__class__ in _PARTICIPANT_EVENT_CLASSES:
        return event  # type: ignore[return-value]  # the common case, checked first
    if not isinstance(event, PARTICIPANT_EVENTS):
        raise BadValue(f"the policy of side {shown(side)} must return a participant's "
                       f"event (Declare, Act, Change, Hold, Defend, React, TakeIt, "
                       f"ApplyDamage), got {shown(event)}")
    return event


def play_out(state: State, policies: Mapping[str, Policy], dice: Dice, last_round: int,
             sides: tuple[str, ...], *, first_round: int | None = None) -> Ending:
    """Play the Conflict in ``state`` on until it is decided or round ``last_round``
    ends; ``policies`` chooses for each side, ``dice`` rolls; ``sides`` numbers the
    winner; rounds are counted from ``first_round`` (default: the state's)."""
    first = state.round if first_round is None else first_round
    limit = _limit(state, last_round - first + 1)
    standing = standing_sides(state)
    library = _library(policies)
    step = apply
    if library is not None:
        # The library's policies choose only what the rules allow and keep nothing of a
        # state: the run plays on its own copy, changed in place (conflict.simulate.fast).
        state, step = own(state), apply_owned
    faces = dice.faces
    for _ in range(limit):
        if len(standing) <= 1 and _settled(state):
            winner = sides.index(standing[0]) if standing else DRAW
            return Ending(winner, state.round - first + 1,
                          apply(state, EndConflict(_outcome(standing))))
        event: Event
        now: WhatNow | None = None
        chosen = None if library is None else next_event(state, library, faces)
        if chosen is not None:  # an actor's choice or the dice, from the state itself
            event, expect = chosen
        else:
            now = what_now(state)
            expect = now.expect
            if expect is _END_ROUND:
                if state.round >= last_round:
                    return Ending(UNFINISHED, state.round - first + 1,
                                  apply(state, EndConflict(ROUNDS_PLAYED)))
                event = _END_THE_ROUND
            elif expect is _ROLL:
                event = choose(state, now, policies, dice)
            else:
                event = _chosen(state, now, policies)  # as choose does
        try:
            state = step(state, event)
        except ConflictError as error:  # a policy's choice (the dice's always stand)
            raise _refused(state, now or what_now(state), event, error) from None
        if library is not None and expect is _ROLL and state.pending is not None:
            # A successful attack waits for its damage (R-CON-18): the library's
            # policies apply every Nudge, so its attacker's side is not asked.
            event = library[state.participant(_attacker(state)).side].apply_damage(
                state.pending)
            state = step(state, event)
        if event.__class__ is ApplyDamage:  # only damage defeats anyone here
            standing = standing_sides(state)
    raise _stuck(limit)


def _library(policies: Mapping[str, Policy]) -> Mapping[str, Tactics] | None:
    """``policies``, when every one is the library's (:class:`Tactics`), else ``None``."""
    for policy in policies.values():
        if policy.__class__ is not Tactics:
            return None
    return policies  # type: ignore[return-value]  # every value is a Tactics


def _attacker(state: State) -> str:
    action = state.pending_action
    assert action is not None
    return action.actor


def decided(state: State) -> str | None:
    """The outcome to end the Conflict with when it is decided (one side standing, or
    none, and nothing left in the round that can still hurt anyone), else ``None``."""
    standing = standing_sides(state)
    if len(standing) <= 1 and _settled(state):
        return _outcome(standing)
    return None


def choose(state: State, now: WhatNow, policies: Mapping[str, Policy], dice: Dice) -> Event:
    """The next event of a Conflict that is waiting on a participant or the dice
    (``now`` is ``what_now(state)``, not a round's end): the chooser's policy decides,
    and at a roll the dice fall unless the target's side reacts first."""
    if now.expect is _ROLL:
        if now.reactions:
            side = _side_of_choice(state, now)
            chosen = policies[side](state, now)
            if chosen is not None:
                return _checked(chosen, side)
        return dice.roll(now.roll)
    return _chosen(state, now, policies)


def _outcome(standing: tuple[str, ...]) -> str:
    return f"{standing[0]} wins" if standing else "every side fell"


def opening(state: State, policies: Mapping[str, Policy]) -> State:
    """``state`` played on as far as it goes before any die is rolled or the round
    ends: the same in every run (policies are pure: the same state and answer give
    the same event), so a simulation plays it once."""
    limit = _limit(state, 1)
    for _ in range(limit):
        if len(standing_sides(state)) <= 1:
            return state
        now = what_now(state)
        if now.expect is _ROLL or now.expect is _END_ROUND:
            return state
        event = _chosen(state, now, policies)
        try:
            state = apply(state, event)
        except ConflictError as error:
            raise _refused(state, now, event, error) from None
    raise _stuck(limit)


def _chosen(state: State, now: WhatNow, policies: Mapping[str, Policy]) -> Event:
    """The event a participant's policy chooses (not at a roll or a round's end)."""
    if now.expect is _ACT:  # (on now.expect: mypy narrows now by it)
        name = now.who[0]
        side = state.participant(name).side
        policy = policies[side]
        if len(now.who) > 1 and policy.__class__ is not Tactics:
            # narrowed to its options: now.options_for(name), whose options carry the
            # names of who as they are (the library's policy reads only who[0]'s)
            now = evolve(now, who=(name,),
                         options=tuple([o for o in now.options if o.name == name]))
        return _checked(policy(state, now), side)
    expect = now.expect
    if expect is _DECLARE or expect is _DEFENSE or expect is _DAMAGE:
        side = state.participant(now.who[0]).side  # as _side_of_choice, not at a roll
        return _checked(policies[side](state, now), side)
    raise RuleViolation(f"cannot play on a Conflict at {now.expect.value!r}: "
                        f"{_why(state)}", rule="R-CON-21")


def _refused(state: State, now: WhatNow, event: Event, error: ConflictError
             ) -> RuleViolation:
    """The rules refused what a side's policy chose: say whose policy, and what."""
    who = getattr(event, "name", None) or (now.who[0] if now.who else "")
    side = state.participant(who).side if who and state.find(who) is not None else "?"
    rule = getattr(error, "rule", None)
    reason = str(error).removeprefix(f"{rule}: ") if rule else str(error)
    return RuleViolation(f"the policy of side {shown(side)} chose {shown(event)}, which "
                         f"the rules refuse: {reason}", rule=rule)


def _limit(state: State, rounds: int) -> int:
    """The most events a run may take: far more than any round needs."""
    return 200 * (len(state.participants) + 1) * rounds


def _stuck(limit: int) -> RuleViolation:
    return RuleViolation(f"the Conflict did not move on after {limit} events: a policy "
                         f"must choose events that resolve the round", rule="R-CON-3")


def _why(state: State) -> str:
    if state.phase is Phase.NOT_STARTED:
        return "it has not started"
    if state.phase is Phase.ENDED:
        return "it has ended"
    return "no one is left to declare"
