"""What now? The engine tells screens who moves next and which choices are legal.

:func:`what_now` reads a :class:`~conflict.state.State` and returns a frozen
:class:`WhatNow`: the phase, what kind of event is expected (:class:`Expect`), who is
to move (participants acting simultaneously together) and one option value per legal
choice, with the numbers allowed (pool sizes, dice to defend with, Nudges to apply…).
Screens and shells build events from these options and never re-implement the rules.

:func:`roll_event` draws the faces for the pending action from an injected random
source and returns the :class:`~conflict.events.RollDice` event to push.
"""

from __future__ import annotations

import enum
import random

import attrs

from conflict.dice import MAX_POOL, MIN_POOL, RandomSource
from conflict.engine import next_declarer
from conflict.errors import RuleViolation
from conflict.events import DEFENSE_ATTRIBUTE, DeclarationKind, RollDice
from conflict.state import (
    Action,
    DefenceKind,
    DiceFrom,
    Participant,
    Phase,
    State,
    Turn,
)


class Expect(enum.Enum):
    """The kind of event the Conflict waits for."""

    START = "start"  # a Start event
    PARTICIPANTS = "participants"  # AddParticipant: no one to declare yet
    DECLARE = "declare"  # Declare by ``who`` (participants may still be added first)
    ACT = "act"  # Act, Change or Hold by each of ``who`` (simultaneous)
    DEFENCE = "defence"  # Defend, React or TakeIt by the target
    ROLL = "roll"  # RollDice for the pending action
    DAMAGE = "damage"  # ApplyDamage for the pending action
    END_ROUND = "end_round"  # EndRound (or EndConflict)
    ENDED = "ended"  # nothing but undo


@attrs.frozen
class DeclareOption:
    """``name`` may declare any of ``kinds`` (R-CON-7); an attack may target any of
    ``targets`` (R-CON-8), on ``default_resilience`` unless another is named, with any of
    the ``equipment`` listed (R-CON-18)."""

    name: str
    kinds: tuple[DeclarationKind, ...]
    targets: tuple[str, ...]
    default_resilience: str
    equipment: tuple[str, ...]


@attrs.frozen
class ActOption:
    """``name`` may act as declared with a pool of ``min_pool``–``max_pool`` (R-CON-11)."""

    name: str
    action: int
    min_pool: int
    max_pool: int


@attrs.frozen
class ChangeOption:
    """``name`` may change its action; the new dice, before halving, must be at least
    ``min_dice`` (R-CON-12)."""

    name: str
    min_dice: int = 3


@attrs.frozen
class HoldOption:
    """``name`` may hold: all its Action Dice become Defense Dice (R-CON-13)."""

    name: str
    action_dice: int


@attrs.frozen
class DefendOption:
    """The target may defend with ``min_dice``–``max_dice`` of its Action or Defense Dice
    (R-CON-15a/b). ``granted`` Defense Dice come first (R-CON-7c; 0 when none)."""

    name: str
    action: int
    dice_from: DiceFrom
    min_dice: int
    max_dice: int
    granted: int = 0


@attrs.frozen
class ReactOption:
    """The target may use ``reaction`` (``reaction_dice`` dice) adding ``min_added``–
    ``max_added`` of its Action or Defense Dice (R-CON-16)."""

    name: str
    action: int
    reaction: str
    reaction_dice: int
    added_from: DiceFrom
    min_added: int
    max_added: int
    granted: int = 0


@attrs.frozen
class TakeItOption:
    """The target may not defend (R-CON-15d)."""

    name: str
    action: int
    granted: int = 0


@attrs.frozen
class RollOption:
    """The pending action rolls: ``actor_rollers`` roll ``actor_pool`` dice each (a
    group's remaining members, R-CON-2), and the defender likewise (0 rollers when
    it does not roll)."""

    action: int
    actor: str
    actor_pool: int
    actor_rollers: int
    defender: str | None
    defender_pool: int
    defender_rollers: int
    contest: bool
    difficulty: int


@attrs.frozen
class DamageOption:
    """The successful attack deals 1 + Nudges applied (0–``max_nudges``, default all) +
    ``bonus`` (R-CON-18) to ``target``'s ``resilience`` (or its Extras, R-CON-19)."""

    action: int
    target: str
    resilience: str | None
    max_nudges: int
    bonus: int

    @property
    def default_nudges(self) -> int:
        """The Nudges applied when none are given: all of them."""
        return self.max_nudges

    def damage(self, nudges: int | None = None) -> int:
        """The damage dealt applying ``nudges`` (default all)."""
        return 1 + (self.max_nudges if nudges is None else nudges) + self.bonus


@attrs.frozen
class EndRoundOption:
    """The round may end (R-CON-21)."""


Option = (DeclareOption | ActOption | ChangeOption | HoldOption | DefendOption | ReactOption
          | TakeItOption | RollOption | DamageOption | EndRoundOption)
"""Any legal choice."""


@attrs.frozen
class WhatNow:
    """Who moves next and what they may do.

    ``who`` are the participants expected to move (several when acting
    simultaneously), ``action`` the pending action's number, ``options`` every legal
    choice. ``ties`` lists the participants still to declare who are tied on Wits with
    the next to declare, in their current order: the Narrator may reorder them
    (R-CON-4); ``can_add`` whether participants may join now;
    ``sides_defeated`` the sides with no undefeated participant left (the Conflict may
    end, R-CON-21); ``can_end`` whether EndConflict is allowed.
    """

    phase: Phase
    expect: Expect
    round: int
    who: tuple[str, ...] = ()
    action: int | None = None
    options: tuple[Option, ...] = ()
    ties: tuple[str, ...] = ()
    can_add: bool = False
    sides_defeated: tuple[str, ...] = ()
    can_end: bool = True


def what_now(state: State) -> WhatNow:
    """What the Conflict in ``state`` waits for, and every legal choice."""
    if state.phase is Phase.NOT_STARTED:
        return WhatNow(state.phase, Expect.START, 0, can_end=False)
    if state.phase is Phase.ENDED:
        return WhatNow(state.phase, Expect.ENDED, state.round, can_end=False,
                       sides_defeated=state.sides_defeated())
    defeated_sides = state.sides_defeated()
    if state.phase is Phase.DECLARATION:
        return _declaration(state, defeated_sides)
    if state.phase is Phase.ROUND_OVER:
        return WhatNow(state.phase, Expect.END_ROUND, state.round, options=(EndRoundOption(),),
                       sides_defeated=defeated_sides)
    pending = state.pending_action
    if pending is None:
        return _acting(state, defeated_sides)
    return _pending(state, pending, defeated_sides)


def _declaration(state: State, defeated_sides: tuple[str, ...]) -> WhatNow:
    who = next_declarer(state)
    can_add = state.declared_count == 0
    if who is None:
        return WhatNow(state.phase, Expect.PARTICIPANTS, state.round, can_add=can_add,
                       sides_defeated=defeated_sides)
    person = state.participants[who]
    targets = tuple(p.name for i, p in enumerate(state.participants)
                    if i != who and not p.defeated)
    option = DeclareOption(
        name=person.name, kinds=tuple(DeclarationKind), targets=targets,
        default_resilience=state.nature.resilience,
        equipment=tuple(e.name for e in person.character.equipment))
    return WhatNow(state.phase, Expect.DECLARE, state.round, who=(person.name,),
                   options=(option,), ties=_ties(state, who), can_add=can_add,
                   sides_defeated=defeated_sides)


def _ties(state: State, first: int) -> tuple[str, ...]:
    """The participants still to declare who are tied with ``first`` (the next to
    declare), in their current order; empty when it is tied with no one."""
    people = state.participants
    first_round = state.round == 1

    def key(person: Participant) -> tuple[bool, int]:
        return (person.surprised and first_round, person.wits)

    wanted = key(people[first])
    names = []
    for i in state.declare_order[state.declare_pos:]:
        person = people[i]
        if person.defeated or person.round.declared is not None:
            continue
        if key(person) != wanted:
            break
        names.append(person.name)
    return tuple(names) if len(names) > 1 else ()


def _acting(state: State, defeated_sides: tuple[str, ...]) -> WhatNow:
    options: list[Option] = []
    people = state.participants
    for i in state.step:
        person = people[i]
        r = person.round
        action = state.action(r.action) if r.action is not None else None
        target_down = (action is not None and action.target is not None
                       and people[action.target].defeated)
        if r.action_dice >= MIN_POOL and action is not None and not target_down:
            options.append(ActOption(person.name, action.number, MIN_POOL,
                                     min(MAX_POOL, r.action_dice)))
        if r.turn is not Turn.CHANGED and not r.changed and not person.defeated:
            options.append(ChangeOption(person.name))
        options.append(HoldOption(person.name, r.action_dice))
    return WhatNow(state.phase, Expect.ACT, state.round,
                   who=tuple(people[i].name for i in state.step), options=tuple(options),
                   sides_defeated=defeated_sides)


def default_grant(person: Participant, action: Action) -> int:
    """Defense Dice ``person`` would gain when attacked by ``action`` (R-CON-7c): its
    Physique, Charm or Wits by the targeted Resilience, if its action needs no roll and
    it has not gained them yet this round; else 0."""
    r = person.round
    if r.declared is not DeclarationKind.NO_ROLL or r.granted:
        return 0
    value: int = getattr(person.character.attributes,
                         DEFENSE_ATTRIBUTE[action.resilience or "health"])
    return value


def _pending(state: State, action: Action, defeated_sides: tuple[str, ...]) -> WhatNow:
    people = state.participants
    actor = people[action.actor]
    target = people[action.target] if action.target is not None else None
    awaiting = action.awaiting
    if awaiting == "defence":
        assert target is not None
        return WhatNow(state.phase, Expect.DEFENCE, state.round, who=(target.name,),
                       action=action.number, options=_defence_options(target, action),
                       sides_defeated=defeated_sides)
    if awaiting == "roll":
        assert action.pool is not None
        defence = action.defence
        rolls = defence is not None and defence.kind is not DefenceKind.TAKE_IT
        roll = RollOption(
            action=action.number, actor=actor.name, actor_pool=action.pool,
            actor_rollers=action.members, defender=target.name if target else None,
            defender_pool=defence.pool if defence is not None and rolls else 0,
            defender_rollers=defence.members if defence is not None and rolls else 0,
            contest=action.contest, difficulty=action.difficulty)
        return WhatNow(state.phase, Expect.ROLL, state.round, who=(actor.name,),
                       action=action.number, options=(roll,), sides_defeated=defeated_sides)
    assert target is not None and action.attacker_roll is not None
    damage = DamageOption(action.number, target.name,
                          None if target.is_group else action.resilience,
                          action.attacker_roll.nudges, action.bonus)
    return WhatNow(state.phase, Expect.DAMAGE, state.round, who=(actor.name,),
                   action=action.number, options=(damage,), sides_defeated=defeated_sides)


def _defence_options(target: Participant, action: Action) -> tuple[Option, ...]:
    granted = default_grant(target, action)
    r = target.round
    source = r.defends_with
    have = r.dice_for_defence() + (0 if source is DiceFrom.ACTION else granted)
    options: list[Option] = []
    if have >= MIN_POOL:
        options.append(DefendOption(target.name, action.number, source, MIN_POOL,
                                    min(MAX_POOL, have), granted))
    for reaction in target.character.reactions:
        low = max(0, MIN_POOL - reaction.dice)
        high = min(have, MAX_POOL - reaction.dice)
        if low <= high:
            options.append(ReactOption(target.name, action.number, reaction.name,
                                       reaction.dice, source, low, high, granted))
    options.append(TakeItOption(target.name, action.number, granted))
    return tuple(options)


def roll_event(state: State, rng: RandomSource | None = None) -> RollDice:
    """The :class:`~conflict.events.RollDice` event for the pending action, faces drawn
    from ``rng`` (default: the operating system's secure source): the actor's pool for
    each of its rollers, and the defender's, if it defends or reacts."""
    action = state.pending_action
    if action is None or action.awaiting != "roll":
        raise RuleViolation("no action is waiting for its roll", rule="R-CON-14")
    source: RandomSource = rng if rng is not None else random.SystemRandom()
    assert action.pool is not None

    def faces(pool: int, rollers: int) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(source.randint(1, 6) for _ in range(pool)) for _ in range(rollers))

    attacker = faces(action.pool, action.members)  # the actor's dice first
    defence = action.defence
    defender: tuple[tuple[int, ...], ...] = ()
    if defence is not None and defence.kind is not DefenceKind.TAKE_IT:
        defender = faces(defence.pool, defence.members)
    return RollDice(action.number, attacker, defender)
