"""What now? The engine tells screens who moves next and which choices are legal.

:func:`what_now` reads a :class:`~conflict.state.State` and returns one frozen value
whose class, and whose ``expect`` field, say what the Conflict waits for:

==========================  ================  =============================================
class                       ``expect``        its options
==========================  ================  =============================================
:class:`AwaitingStart`      ``START``         none: push a Start event
:class:`AwaitingPeople`     ``PARTICIPANTS``  none: add participants (AddParticipant)
:class:`AwaitingDeclare`    ``DECLARE``       ``option``: a DeclareOption for ``who``
:class:`AwaitingActions`    ``ACT``           Act, Change and Hold options of each in ``who``
:class:`AwaitingDefense`    ``DEFENSE``       the target's Defend, React, TakeIt, and others'
                                              Reactions for it
:class:`AwaitingRoll`       ``ROLL``          ``roll``: a RollOption; ``reactions``: others'
:class:`AwaitingDamage`     ``DAMAGE``        ``damage``: a DamageOption
:class:`AwaitingEndRound`   ``END_ROUND``     EndRoundOption and EndConflictOption (first
                                              when a side is defeated)
:class:`AwaitingNothing`    ``ENDED``         none: only undo is left
==========================  ================  =============================================

:data:`WhatNow` is their union, so ``mypy --strict`` narrows it by ``expect``::

    now = what_now(state)
    if now.expect is Expect.DECLARE:
        event = now.option.action(5, target="Marsh")   # now is an AwaitingDeclare

Every answer but the first and the last also offers ending the Conflict, which the
Narrator may do at any time (``now.end``, an :class:`EndConflictOption`, R-CON-21).
Every option builds its event (``option.event(...)``, see :mod:`conflict.options`);
an action's or a defense's dice default to the declarer's Attribute for the Conflict's
nature (``now.option.pool``), so that a driver loop, once the Conflict is started
and its participants added, needs no rule of its own: push ``options[0].event()``
(the likely choice) or any other option's event, until ``expect`` is ``ENDED``.

screens and shells never re-implement the rules. :func:`roll_event` draws the faces
for the pending action from an injected random source.
"""

from __future__ import annotations

import enum
from typing import Final, Literal

import attrs

from characters.names import name_key
from conflict.dice import MAX_POOL, MIN_POOL, RandomSource
from conflict.errors import BadValue, RuleViolation, shown
from conflict.events import DeclarationKind, RollDice
from conflict.members import CHANGED, DECLARATION, ENDED, FROM_ACTION, NOT_STARTED, ROUND_OVER
from conflict.options import (
    ActOption,
    ChangeOption,
    DamageOption,
    DeclareOption,
    DefendOption,
    EndConflictOption,
    EndRoundOption,
    HoldOption,
    ReactOption,
    Roller,
    RollOption,
    TakeItOption,
)
from conflict.order import next_declarer, tied_with_next
from conflict.state import Action, DiceFrom, Participant, Phase, State, key_of
from conflict.steps.defending import default_grant
from conflict.values import builder, quick_init

__all__ = [
    "AwaitingActions",
    "AwaitingDamage",
    "AwaitingDeclare",
    "AwaitingDefense",
    "AwaitingEndRound",
    "AwaitingNothing",
    "AwaitingPeople",
    "AwaitingRoll",
    "AwaitingStart",
    "Expect",
    "WhatNow",
    "acting_options",
    "default_grant",
    "reactions_for",
    "roll_event",
    "target_options",
    "what_now",
]




class Expect(enum.Enum):
    """The kind of event the Conflict waits for."""

    START = "start"  # a Start event
    PARTICIPANTS = "participants"  # AddParticipant: no one to declare yet
    DECLARE = "declare"  # Declare by ``who`` (participants may still be added first)
    ACT = "act"  # Act, Change or Hold by each of ``who`` (simultaneous)
    DEFENSE = "defense"  # Defend, React or TakeIt by the target; others may react
    ROLL = "roll"  # RollDice for the pending action; others may still react
    DAMAGE = "damage"  # ApplyDamage for the pending action
    END_ROUND = "end_round"  # EndRound (or EndConflict)
    ENDED = "ended"  # nothing but undo


@quick_init
@attrs.frozen(kw_only=True)
class _Now:
    """What every answer says: the phase and round; ``who`` is expected to move
    (several when acting simultaneously); ``action`` the pending action's number;
    ``sides_defeated`` the sides with no one standing (the Narrator may end the
    Conflict, R-CON-21); ``can_end`` whether EndConflict is allowed; ``can_add``
    whether participants may join now."""

    phase: Phase
    round: int
    who: tuple[str, ...] = ()
    action: int | None = None
    sides_defeated: tuple[str, ...] = ()
    can_end: bool = True
    can_add: bool = False

    @property
    def end(self) -> EndConflictOption | None:
        """Ending the Conflict, offered whenever it is allowed (R-CON-21: the Narrator
        may end it at any time; a defeated side ends it), else ``None``."""
        return EndConflictOption(self.sides_defeated) if self.can_end else None


@quick_init
@attrs.frozen(kw_only=True)
class AwaitingStart(_Now):
    """No Start event yet."""

    expect: Literal[Expect.START] = Expect.START
    options: tuple[()] = ()


@quick_init
@attrs.frozen(kw_only=True)
class AwaitingPeople(_Now):
    """Started, with no one left to declare: add participants."""

    expect: Literal[Expect.PARTICIPANTS] = Expect.PARTICIPANTS
    options: tuple[()] = ()


@quick_init
@attrs.frozen(kw_only=True)
class AwaitingDeclare(_Now):
    """``option.name`` declares next (R-CON-4). ``ties`` lists those still to declare
    who are tied on Wits with it, in their order: the Narrator may reorder them."""

    expect: Literal[Expect.DECLARE] = Expect.DECLARE
    option: DeclareOption
    ties: tuple[str, ...] = ()

    @property
    def options(self) -> tuple[DeclareOption]:
        """The one option, as a tuple like every answer's."""
        return (self.option,)


@quick_init
@attrs.frozen(kw_only=True)
class AwaitingActions(_Now):
    """``who`` act now, simultaneously (R-CON-10): each may act, change or hold."""

    expect: Literal[Expect.ACT] = Expect.ACT
    options: tuple[ActOption | ChangeOption | HoldOption, ...]

    def options_for(self, name: str) -> tuple[ActOption | ChangeOption | HoldOption, ...]:
        """The options of the participant called ``name`` (any spelling of its name);
        :class:`~conflict.errors.BadValue` if it is not one of ``who``."""
        key = name_key(name)
        mine = tuple(o for o in self.options if key_of(o.name) == key)
        if not mine:
            raise BadValue(f"{shown(name)} is not acting now (acting: "
                           f"{', '.join(self.who)})", rule="R-CON-10")
        return mine

    @property
    def acts(self) -> tuple[ActOption, ...]:
        """Who may act as declared, and with what pools (R-CON-11). Empty for anyone
        left with fewer than 2 Action Dice (no pool to roll) or whose target has fallen:
        they may only change or hold (``changes``, ``holds``)."""
        return tuple(o for o in self.options if isinstance(o, ActOption))

    @property
    def changes(self) -> tuple[ChangeOption, ...]:
        """Who may change their action (R-CON-12)."""
        return tuple(o for o in self.options if isinstance(o, ChangeOption))

    @property
    def holds(self) -> tuple[HoldOption, ...]:
        """Everyone in ``who`` may hold (R-CON-13)."""
        return tuple(o for o in self.options if isinstance(o, HoldOption))


@quick_init
@attrs.frozen(kw_only=True)
class AwaitingDefense(_Now):
    """The target (``who``) chooses against action ``action`` (R-CON-15): its Defend,
    React and TakeIt options; other participants' Reactions for it come too (their
    ``on_behalf_of`` names the target)."""

    expect: Literal[Expect.DEFENSE] = Expect.DEFENSE
    options: tuple[DefendOption | ReactOption | TakeItOption, ...]

    @property
    def defend(self) -> DefendOption | None:
        """The target's defense with its dice, if it has 2 or more (R-CON-15a/b)."""
        return next((o for o in self.options if isinstance(o, DefendOption)), None)

    @property
    def reactions(self) -> tuple[ReactOption, ...]:
        """The target's Reactions, then its allies' for it (R-CON-16)."""
        return tuple(o for o in self.options if isinstance(o, ReactOption))

    @property
    def take_it(self) -> TakeItOption:
        """Not defending, always open to the target (R-CON-15d)."""
        return next(o for o in self.options if isinstance(o, TakeItOption))


@quick_init
@attrs.frozen(kw_only=True)
class AwaitingRoll(_Now):
    """Action ``action`` rolls (``roll``); until it does, others may still react for
    its target (``reactions``, R-CON-16)."""

    expect: Literal[Expect.ROLL] = Expect.ROLL
    roll: RollOption
    reactions: tuple[ReactOption, ...] = ()

    @property
    def options(self) -> tuple[RollOption | ReactOption, ...]:
        """The roll, then the Reactions still open."""
        return (self.roll, *self.reactions)


@quick_init
@attrs.frozen(kw_only=True)
class AwaitingDamage(_Now):
    """The successful attack ``action`` deals its damage (R-CON-18)."""

    expect: Literal[Expect.DAMAGE] = Expect.DAMAGE
    damage: DamageOption

    @property
    def options(self) -> tuple[DamageOption]:
        """The one option, as a tuple like every answer's."""
        return (self.damage,)


@quick_init
@attrs.frozen(kw_only=True)
class AwaitingEndRound(_Now):
    """Everything is resolved: end the round (or the Conflict)."""

    expect: Literal[Expect.END_ROUND] = Expect.END_ROUND

    @property
    def options(self) -> tuple[EndRoundOption | EndConflictOption, ...]:
        """End the round, or end the Conflict (R-CON-21). When a side is defeated,
        ending the Conflict comes first: it is the likely choice."""
        end = EndConflictOption(self.sides_defeated)
        return (end, _END_ROUND) if self.sides_defeated else (_END_ROUND, end)


_END_ROUND: Final = EndRoundOption()


@quick_init
@attrs.frozen(kw_only=True)
class AwaitingNothing(_Now):
    """The Conflict has ended: only undo is left."""

    expect: Literal[Expect.ENDED] = Expect.ENDED
    options: tuple[()] = ()


WhatNow = (AwaitingStart | AwaitingPeople | AwaitingDeclare | AwaitingActions
           | AwaitingDefense | AwaitingRoll | AwaitingDamage | AwaitingEndRound
           | AwaitingNothing)
"""What the Conflict waits for: narrow it by ``expect``."""


# What-now makes an answer and its options for every event: made by builders (see
# conflict.values.builder), which take the arguments the classes take, called straight.
_end_round_answer: Final = builder(AwaitingEndRound)
_declare_answer: Final = builder(AwaitingDeclare)
_actions_answer: Final = builder(AwaitingActions)
_defense_answer: Final = builder(AwaitingDefense)
_roll_answer: Final = builder(AwaitingRoll)
_damage_answer: Final = builder(AwaitingDamage)
_declare_option: Final = builder(DeclareOption)
_act_option: Final = builder(ActOption)
_change_option: Final = builder(ChangeOption)
_hold_option: Final = builder(HoldOption)
_roll_option: Final = builder(RollOption)
_roller: Final = builder(Roller)
_damage_option: Final = builder(DamageOption)
_react_option: Final = builder(ReactOption)
_defend_option: Final = builder(DefendOption)
_take_it_option: Final = builder(TakeItOption)


def what_now(state: State) -> WhatNow:
    """What the Conflict in ``state`` waits for, and every legal choice."""
    phase = state.phase
    if phase is NOT_STARTED:
        return AwaitingStart(phase=phase, round=0, can_end=False)
    if phase is ENDED:
        return AwaitingNothing(phase=phase, round=state.round, can_end=False,
                               sides_defeated=state.sides_defeated())
    defeated_sides = state.sides_defeated()
    if phase is DECLARATION:
        return _declaration(state, defeated_sides)
    if phase is ROUND_OVER:
        return _end_round_answer(phase=phase, round=state.round,
                                 sides_defeated=defeated_sides)
    pending = state.pending_action
    if pending is None:
        return _acting(state, defeated_sides)
    return _pending(state, pending, defeated_sides)


_KINDS = tuple(DeclarationKind)


def _declaration(state: State, defeated_sides: tuple[str, ...]
                 ) -> AwaitingPeople | AwaitingDeclare:
    who = next_declarer(state)
    can_add = state.declared_count == 0
    if who is None:
        return AwaitingPeople(phase=state.phase, round=state.round, can_add=can_add,
                              sides_defeated=defeated_sides)
    person = state.participants[who]
    side = person.side
    targets: list[str] = []
    foes: list[str] = []
    for i, p in enumerate(state.participants):
        if i != who and not p.defeated:
            targets.append(p.name)
            if p.side != side:
                foes.append(p.name)
    nature = state.nature
    option = _declare_option(
        name=person.name, kinds=_KINDS, targets=tuple(targets), foes=tuple(foes),
        default_attack_kind=nature, default_resilience=nature.resilience,
        equipment=tuple([e.name for e in person.character.equipment]),
        character=person.character, rules=state.rules)
    return _declare_answer(phase=state.phase, round=state.round, who=(person.name,),
                           option=option, ties=tied_with_next(state, who), can_add=can_add,
                           sides_defeated=defeated_sides)


def _acting(state: State, defeated_sides: tuple[str, ...]) -> AwaitingActions:
    options: list[ActOption | ChangeOption | HoldOption] = []
    people = state.participants
    for i in state.step:
        act, change, hold = acting_options(state, people[i])
        if act is not None:
            options.append(act)
        if change is not None:
            options.append(change)
        options.append(hold)
    return _actions_answer(phase=state.phase, round=state.round, who=state.acting_now,
                           options=tuple(options), sides_defeated=defeated_sides)


def acting_options(state: State, person: Participant
                   ) -> tuple[ActOption | None, ChangeOption | None, HoldOption]:
    """The Act, Change and Hold options of ``person``, in the current step (R-CON-10,
    R-CON-12, R-CON-13): ``None`` for one it does not have."""
    r = person.round
    action = state.action(r.action) if r.action is not None else None
    target_down = (action is not None and action.target is not None
                   and state.participant(action.target).defeated)
    act = change = None
    if r.action_dice >= MIN_POOL and action is not None and not target_down:
        act = _act_option(person.name, action.number, MIN_POOL,
                          min(MAX_POOL, r.action_dice))
    # R-CON-12: once a round; its ruling: never more dice than held, so holding
    # fewer than 2 leaves nothing to change to.
    if (r.turn is not CHANGED and not r.changed and not person.defeated
            and r.action_dice >= MIN_POOL):
        change = _change_option(person.name, max_dice=r.action_dice)
    return act, change, _hold_option(person.name, r.action_dice)


def _pending(state: State, action: Action, defeated_sides: tuple[str, ...]
             ) -> AwaitingDefense | AwaitingRoll | AwaitingDamage:
    awaiting = action.awaiting
    if awaiting == "defense":
        assert action.target is not None
        target = state.participant(action.target)
        options = target_options(target, action)
        if state.reactors:
            options += reactions_for(state, action, target.side)
        return _defense_answer(phase=state.phase, round=state.round, who=(target.name,),
                               action=action.number, options=options,
                               sides_defeated=defeated_sides)
    if awaiting == "roll":
        assert action.pool is not None
        roll = _roll_option(
            action=action.number, actor=action.actor, actor_pool=action.pool,
            actor_rollers=action.members,
            defenders=tuple([_roller(d.by, d.pool, d.members)
                             for d in action.defenses if d.rolls]),
            contest=action.contest, difficulty=action.difficulty)
        reactions = reactions_for(state, action) if action.contest and state.reactors else ()
        return _roll_answer(phase=state.phase, round=state.round, who=(action.actor,),
                            action=action.number, roll=roll, reactions=reactions,
                            sides_defeated=defeated_sides)
    assert action.target is not None and action.attacker_roll is not None
    target = state.participant(action.target)
    damage = _damage_option(action.number, target.name,
                            None if target.is_group else action.resilience,
                            action.attacker_roll.nudges, action.bonus)
    return _damage_answer(phase=state.phase, round=state.round, who=(action.actor,),
                          action=action.number, damage=damage, sides_defeated=defeated_sides)


def _react_options(person: Participant, action: Action, have: int, source: DiceFrom,
                   granted: int, on_behalf_of: str | None) -> list[ReactOption]:
    options = []
    for reaction in person.character.reactions:
        low = max(0, MIN_POOL - reaction.dice)
        high = min(have, MAX_POOL - reaction.dice)
        if low <= high:
            options.append(_react_option(person.name, action.number, reaction.name,
                                         reaction.dice, source, low, high, granted,
                                         on_behalf_of))
    return options


def target_options(target: Participant, action: Action
                    ) -> tuple[DefendOption | ReactOption | TakeItOption, ...]:
    granted = default_grant(target, action)
    r = target.round
    source = r.defends_with
    # What r.dice_for_defense() says, and the granted dice when defending with Defense Dice.
    have = r.action_dice if source is FROM_ACTION else r.defense_dice + granted
    options: list[DefendOption | ReactOption | TakeItOption] = []
    if have >= MIN_POOL:
        options.append(_defend_option(target.name, action.number, source, MIN_POOL,
                                      min(MAX_POOL, have), granted))
    options.extend(_react_options(target, action, have, source, granted, None))
    options.append(_take_it_option(target.name, action.number, granted))
    return tuple(options)


def reactions_for(state: State, action: Action, side: str | None = None
                   ) -> tuple[ReactOption, ...]:
    """Reactions the target's allies may use for it (R-CON-16 ruling); ``side`` is the
    target's, when known."""
    if not state.reactors:
        return ()
    options: list[ReactOption] = []
    assert action.target is not None
    if side is None:
        side = state.participant(action.target).side
    for index in state.reactors:
        person = state.participants[index]
        if (person.defeated or person.side != side
                or person.name in (action.actor, action.target)
                or action.defense_by(person.name) is not None):
            continue
        r = person.round
        options.extend(_react_options(person, action, r.dice_for_defense(), r.defends_with,
                                      0, action.target))
    return tuple(options)


def roll_event(state: State, rng: RandomSource | None = None) -> RollDice:
    """The :class:`~conflict.events.RollDice` event for the pending action, faces drawn
    from ``rng`` (default: the operating system's secure source): the actor's pool for
    each of its rollers first, then each defender's, in the order they committed."""
    now = what_now(state)
    if now.expect is not Expect.ROLL:
        raise RuleViolation("no action is waiting for its roll", rule="R-CON-14")
    return now.roll.event(rng)
