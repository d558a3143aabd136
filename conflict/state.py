"""The state of a Conflict: frozen values, a pure function of the events applied.

:class:`State` holds the set-up, the participants (each with its
:class:`RoundState`: dice and counters for the current round), the actions of the
current round and where the round stands. States compare with ``==``; applying the
same events to the same state always gives an equal state. Build them only through
:func:`conflict.engine.apply` (or :class:`conflict.engine.Conflict`).

Public values name participants by name: an :class:`Action`'s ``actor`` and
``target``, a :class:`Defense`'s ``by``. The order fields of :class:`State`
(``declare_order``, ``queue``, ``step``, ``changed_queue``) are the engine's
bookkeeping and hold positions in ``participants``; read them through
:attr:`State.declaration_order` and :attr:`State.acting_now`.

Dice conservation (checked by :meth:`RoundState.dice_balanced` after every event)::

    action_gained  == action_dice + action_rolled + action_defended
                      + action_to_defense + action_discarded
    defense_dice   == defense_gained - defense_spent
    every counter  >= 0

Action Dice are gained by declaring (R-CON-7a) or changing (R-CON-12, halved); they
leave by being rolled in the action's pool (R-CON-11), spent defending or added to a
Reaction (R-CON-15a, R-CON-16), turned into Defense Dice (R-CON-11 leftovers,
R-CON-13 hold) or dropped when the action is changed (R-CON-12). Defense Dice are
gained by full defense (R-CON-7b), by being attacked after an action needing no roll
(R-CON-7c) and from turned Action Dice; they leave by being spent defending or in a
Reaction. A Reaction's own dice are not counted: they are lost after the roll
(R-CON-16). Unspent dice are lost at the end of the round (R-CON-21): the next round
starts with a fresh :class:`RoundState`.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterator
from typing import Final, TypeVar

import attrs

from characters.model import ExtraGroup, Resilience, Resiliences, Sheet
from characters.names import name_key
from conflict.dice import Roll
from conflict.errors import RuleViolation, shown
from conflict.events import RULES, DeclarationKind, Nature
from conflict.values import copier, quick_init

__all__ = [
    "EMPTY",
    "Action",
    "ActionStatus",
    "Defense",
    "DefenseKind",
    "DiceFrom",
    "Outcome",
    "Participant",
    "Phase",
    "RoundState",
    "State",
    "Turn",
]

T = TypeVar("T")


@functools.lru_cache(maxsize=4096)
def key_of(name: str) -> str:
    """:func:`characters.names.name_key` of ``name``, remembered: the engine matches
    the same few names many times per event."""
    return name_key(name)


class Phase(enum.Enum):
    """Where a Conflict stands."""

    NOT_STARTED = "not_started"  # no Start event yet
    DECLARATION = "declaration"  # step 1 of a round (R-CON-3); participants may be added
    RESOLUTION = "resolution"  # step 2 (R-CON-3)
    ROUND_OVER = "round_over"  # everything resolved: waiting for EndRound (R-CON-21)
    ENDED = "ended"  # EndConflict applied: only undo is left


class Turn(enum.Enum):
    """A participant's part in this round's resolution."""

    WAITING = "waiting"  # not acted yet (or has nothing to act with)
    ACTED = "acted"  # rolled its action (R-CON-11)
    HELD = "held"  # chose not to act (R-CON-13)
    CHANGED = "changed"  # changed its action and acts at the very end (R-CON-12)


class DiceFrom(enum.Enum):
    """Which of a participant's dice pay for a defense or a Reaction (R-CON-15)."""

    ACTION = "action"  # (a) not yet acted
    DEFENSE = "defense"  # (b) already acted, or never had Action Dice


class DefenseKind(enum.Enum):
    """A choice against a Contest (R-CON-15, R-CON-16)."""

    DEFEND = "defend"
    REACT = "react"
    TAKE_IT = "take_it"


class Outcome(enum.Enum):
    """How an action ended (R-CON-14, R-CON-17)."""

    SUCCESS = "success"
    FAILURE = "failure"
    STALEMATE = "stalemate"  # Contest tied on Result and Nudges: nothing happens


class ActionStatus(enum.Enum):
    """Where an action stands."""

    DECLARED = "declared"  # waiting for its actor's turn
    PENDING = "pending"  # being resolved: defense, roll or damage to come
    DONE = "done"  # rolled (and damage applied, if any)
    ABANDONED = "abandoned"  # the actor held, changed it, or never got to act


# Members read for nearly every event, bound once as module globals: in Python 3.11 a
# member read through its class (``Turn.ACTED``) passes through the enum metaclass's
# ``__getattr__``, several times slower than a global. Other modules do the same.
_ACTED: Final = Turn.ACTED
_HELD: Final = Turn.HELD
_DECLARED_ACTION: Final = DeclarationKind.ACTION
_FROM_ACTION: Final = DiceFrom.ACTION
_FROM_DEFENSE: Final = DiceFrom.DEFENSE
_TAKE_IT: Final = DefenseKind.TAKE_IT
_PENDING: Final = ActionStatus.PENDING


@quick_init
@attrs.frozen
class RoundState:
    """One participant's dice and choices in the current round, with the counters of
    the dice conservation invariant (see the module docstring)."""

    declared: DeclarationKind | None = None
    action: int | None = None  # number of its current action this round
    turn: Turn = Turn.WAITING
    changed: bool = False  # R-CON-12: at most once per round
    granted: bool = False  # R-CON-7c: Defense Dice gained when first attacked
    action_dice: int = 0
    defense_dice: int = 0
    action_gained: int = 0
    action_rolled: int = 0
    action_defended: int = 0
    action_to_defense: int = 0
    action_discarded: int = 0
    defense_gained: int = 0
    defense_spent: int = 0

    def dice_balanced(self) -> bool:
        """Whether the dice conservation invariant holds (module docstring)."""
        counters = (self.action_dice, self.defense_dice, self.action_gained,
                    self.action_rolled, self.action_defended, self.action_to_defense,
                    self.action_discarded, self.defense_gained, self.defense_spent)
        return (
            min(counters) >= 0
            and self.action_gained == self.action_dice + self.action_rolled
            + self.action_defended + self.action_to_defense + self.action_discarded
            and self.defense_dice == self.defense_gained - self.defense_spent
        )

    @property
    def has_acted(self) -> bool:
        """Whether its chance to act this round is over (acted or held)."""
        return self.turn is _ACTED or self.turn is _HELD

    @property
    def defends_with(self) -> DiceFrom:
        """Which dice it defends or reacts with now (R-CON-15a/b)."""
        turn = self.turn
        if self.declared is _DECLARED_ACTION and turn is not _ACTED and turn is not _HELD:
            return _FROM_ACTION  # declared an action and not acted yet
        return _FROM_DEFENSE

    def dice_for_defense(self) -> int:
        """How many dice it could spend on a defense or Reaction now (R-CON-15)."""
        turn = self.turn  # as defends_with
        if self.declared is _DECLARED_ACTION and turn is not _ACTED and turn is not _HELD:
            return self.action_dice
        return self.defense_dice


EMPTY_ROUND = RoundState()


@quick_init
@attrs.frozen
class Participant:
    """A Hero, Villain or Extra group taking part, with a side and this round's state.

    ``members`` counts the Extras of a group still standing (1 for a sheet);
    ``resiliences`` are a sheet's Resiliences with damage kept apart from the full
    scores, accumulating from the sheet's own damage (R-CON-20); ``None`` for groups.
    """

    name: str
    character: Sheet | ExtraGroup
    side: str
    surprised: bool = False  # surprised as it joined: in the round it joined (R-CON-5)
    joined: int = 1  # the round it joined in
    tiebreak: int = 0  # stable order among participants tied on Wits (R-CON-4)
    members: int = 1
    resiliences: Resiliences | None = None
    defeated: bool = False
    defeat_reason: str = ""
    round: RoundState = EMPTY_ROUND

    @property
    def key(self) -> str:
        """The name as events match it (:func:`characters.names.name_key`)."""
        return name_key(self.name)

    @property
    def is_group(self) -> bool:
        """Whether this is an Extra group (R-CON-2)."""
        return isinstance(self.character, ExtraGroup)

    def surprised_in(self, round_number: int) -> bool:
        """Whether it is surprised in round ``round_number``. Ruling (R-CON-5): surprise
        lasts for the round in which the participant is surprised (round 1, or the
        round it joins)."""
        return self.surprised and round_number == self.joined

    def verb(self, singular: str, plural: str) -> str:
        """``declares`` for one, ``declare`` for a group: the verb agrees (R-CON-2)."""
        return plural if self.is_group else singular

    @property
    def wits(self) -> int:
        """The Wits it declares at; for a group, its lowest member's (R-CON-4, R-CON-6)."""
        return self.character.wits

    def resilience(self, name: str) -> Resilience | None:
        """A sheet's Resilience with damage taken; ``None`` for an Extra group."""
        if self.resiliences is None:
            return None
        return self.resiliences.get(name)

    def equipment_bonus(self, name: str | None) -> int | None:
        """The damage bonus of the equipment called ``name`` (0 for none); ``None`` when
        the character has no such equipment."""
        if name is None:
            return 0
        key = key_of(name)
        for item in self.character.equipment:
            if item.name == name or key_of(item.name) == key:
                return item.damage
        return None


@quick_init
@attrs.frozen
class Defense:
    """A participant's committed choice against a Contest (R-CON-15, R-CON-16).

    ``by`` is who chose it: the action's target, or another participant reacting for
    it (Ruling, R-CON-16). ``pool`` is the pool rolled (0 when taking it), ``spent``
    the participant's own dice paid from ``paid_from``, ``reaction`` the Reaction used,
    ``members`` how many roll (a group's remaining members, R-CON-2); ``roll`` is the
    best of its rolls once the dice are in (R-DICE-8)."""

    by: str
    kind: DefenseKind
    pool: int = 0
    spent: int = 0
    paid_from: DiceFrom | None = None
    reaction: str | None = None
    members: int = 1
    roll: Roll | None = None

    @property
    def rolls(self) -> bool:
        """Whether this defense rolls dice (taking it does not)."""
        return self.kind is not _TAKE_IT


@quick_init
@attrs.frozen
class Action:
    """An action declared this round (R-CON-7), numbered over the whole Conflict.

    ``actor`` and ``target`` are participants' names. With a ``target`` the action is
    aimed at someone: an attack (R-CON-8) when it does ``harm``, else an opposed action
    that only records success (R-CON-8a); ``attack_kind`` is physical, social or
    mental. Filled in as the action resolves: ``pool`` and ``members`` when its actor
    acts, ``defenses`` as the target (and anyone reacting for it) commit,
    ``outcome``, ``attacker_roll`` and the best opposing roll when the dice are in,
    ``damage`` (and Nudges applied or spent) when applied.
    """

    number: int
    actor: str
    dice: int  # Action Dice declared, or figured before halving for a change
    source: str = ""
    description: str = ""
    target: str | None = None
    harm: bool = True
    attack_kind: Nature | None = None
    resilience: str | None = None
    equipment: str | None = None
    bonus: int = 0  # equipment damage bonus (R-CON-18)
    contest: bool = False
    difficulty: int = 0
    changed: bool = False  # declared by a Change (R-CON-12)
    status: ActionStatus = ActionStatus.DECLARED
    pool: int | None = None
    members: int = 1
    defenses: tuple[Defense, ...] = ()
    outcome: Outcome | None = None
    attacker_roll: Roll | None = None
    opposing_roll: Roll | None = None  # the best roll against it (R-CON-16, R-DICE-8)
    opposed_by: str | None = None  # who rolled it
    damage: int | None = None
    nudges_applied: int | None = None
    nudges_spent: int = 0
    note: str = ""

    @property
    def is_attack(self) -> bool:
        """Whether the action is meant to harm its target (R-CON-8, R-CON-8a)."""
        return self.target is not None and self.harm

    @property
    def target_defense(self) -> Defense | None:
        """The target's own choice against this action, once made (R-CON-15)."""
        for defense in self.defenses:
            if defense.by == self.target:
                return defense
        return None

    def defense_by(self, name: str) -> Defense | None:
        """The defense or Reaction ``name`` committed against this action, if any."""
        if not self.defenses:
            return None
        key = key_of(name)
        for defense in self.defenses:
            if defense.by == name or key_of(defense.by) == key:
                return defense
        return None

    @property
    def awaiting(self) -> str | None:
        """What a pending action waits for: ``"defense"``, ``"roll"`` or ``"damage"``."""
        if self.status is not _PENDING:
            return None
        if self.outcome is None:
            if self.contest and self.target_defense is None:
                return "defense"
            return "roll"
        return "damage"


_last_defeated: tuple[tuple[tuple[str, int], ...], tuple[str, ...]] = ((), ())


def _sides_defeated(standing: tuple[tuple[str, int], ...]) -> tuple[str, ...]:
    """:meth:`State.sides_defeated`, the last answer remembered: what-now asks it for
    every event, and a state's copies share its count standing until someone falls."""
    global _last_defeated
    last = _last_defeated
    if last[0] is standing:
        return last[1]
    defeated = tuple([side for side, count in standing if count == 0])
    _last_defeated = (standing, defeated)
    return defeated


def count_side(standing: tuple[tuple[str, int], ...], side: str, delta: int
               ) -> tuple[tuple[str, int], ...]:
    """``standing`` with ``delta`` added to the undefeated count of ``side`` (a new side
    is appended)."""
    for at, (name, count) in enumerate(standing):
        if name == side:
            return replace_at(standing, at, (name, count + delta))
    return (*standing, (side, delta))


def replace_at(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with the item at ``index`` replaced."""
    changed = list(items)  # quicker than joining two slices around the new item
    changed[index] = value
    return tuple(changed)


@quick_init
@attrs.frozen
class State:
    """A Conflict at one moment (see the module docstring).

    ``declare_order`` lists participant positions in this round's declaration order and
    ``declare_pos`` where declaring has reached (R-CON-4/5). ``queue`` holds, as
    ``(-action_dice, position)`` pairs sorted, the participants still to act who are not
    in the current step, so the next step is its front (R-CON-10). ``step`` holds the
    participants of the current simultaneous step of resolution still to act, with
    ``step_members`` the members each group had when the step began (R-CON-10);
    ``changed_queue`` those who changed their action, in order, to act at the end
    (R-CON-12). ``actions`` are this round's actions, numbered from ``first_action``.
    ``index`` finds a participant's position by its name or its name's key; ``looks``
    files the names by how they look (:func:`characters.names.appearance`).
    """

    phase: Phase = Phase.NOT_STARTED
    nature: Nature = Nature.PHYSICAL
    stakes: str = ""
    scope: str = ""
    round: int = 0
    participants: tuple[Participant, ...] = ()
    index: dict[str, int] = attrs.field(factory=dict, eq=False, repr=False)
    declare_order: tuple[int, ...] = ()
    declare_pos: int = 0
    declared_count: int = 0  # participants who have declared this round
    actions: tuple[Action, ...] = ()
    first_action: int = 1
    next_action: int = 1
    queue: tuple[tuple[int, int], ...] = ()
    step: tuple[int, ...] = ()
    step_members: tuple[int, ...] = ()
    changed_queue: tuple[int, ...] = ()
    pending: int | None = None
    outcome: str | None = None
    standing: tuple[tuple[str, int], ...] = ()  # (side, undefeated participants), join order
    reactors: tuple[int, ...] = ()  # positions of participants with a Reaction (R-CON-16)
    looks: dict[tuple[int, str], str] = attrs.field(factory=dict, eq=False, repr=False)
    # The edition of the rules it began under (conflict.events.RULES); left out of the
    # repr, which the known runs of the simulations are checked by.
    rules: int = attrs.field(default=RULES, repr=False)

    def find(self, name: str) -> int | None:
        """The position of the participant called ``name`` (any spelling of its name,
        :func:`characters.names.name_key`), or ``None``."""
        found = self.index.get(name)
        if found is None and isinstance(name, str):
            found = self.index.get(key_of(name))
        return found

    def participant(self, name: str) -> Participant:
        """The participant called ``name``; :class:`RuleViolation` listing the names
        known if there is none (a well-formed name this Conflict does not hold: not
        allowed now, as a name that joins later would be)."""
        found = self.index.get(name)  # the name as spelt here; else any spelling
        if found is None and (found := self.find(name)) is None:
            known = ", ".join(p.name for p in self.participants[:8])
            more = ", …" if len(self.participants) > 8 else ""
            raise RuleViolation(f"no participant called {shown(name)} (known: "
                           f"{known or 'none yet'}{more})", rule="R-CON-2")
        return self.participants[found]

    def action(self, number: int) -> Action | None:
        """This round's action numbered ``number``, or ``None``."""
        offset = number - self.first_action
        if 0 <= offset < len(self.actions):
            return self.actions[offset]
        return None

    @property
    def pending_action(self) -> Action | None:
        """The action being resolved, if any."""
        pending = self.pending
        if pending is None:
            return None
        offset = pending - self.first_action  # self.action(pending)
        return self.actions[offset] if 0 <= offset < len(self.actions) else None

    @property
    def declaration_order(self) -> tuple[str, ...]:
        """Every participant's name in this round's declaration order (R-CON-4/5/6)."""
        return tuple(self.participants[i].name for i in self.declare_order)

    @property
    def acting_now(self) -> tuple[str, ...]:
        """The participants of the current simultaneous step still to act (R-CON-10)."""
        return tuple(self.participants[i].name for i in self.step)

    def sides(self) -> tuple[str, ...]:
        """The sides, in the order their first participant joined."""
        return tuple(side for side, _ in self.standing)

    def sides_defeated(self) -> tuple[str, ...]:
        """Sides with no undefeated participant left (R-CON-21)."""
        return _sides_defeated(self.standing)

    def dice_balanced(self) -> bool:
        """Whether every participant's dice conservation invariant holds."""
        return all(p.round.dice_balanced() for p in self.participants)

    def __iter__(self) -> Iterator[Participant]:
        return iter(self.participants)


EMPTY = State()
"""The state before the Start event."""

# The engine's copies of its busiest values, called straight (see
# conflict.values.copier): copy_state(state, round=2) is evolve(state, round=2).
copy_state: Final = copier(State)
copy_action: Final = copier(Action)
copy_participant: Final = copier(Participant)
copy_round: Final = copier(RoundState)
