"""The events of a Conflict: every change to a Conflict is one of these frozen values.

Events are facts, written the way a table would say them: "Vin declares an attack on
the Inquisitor with 6 Action Dice", "Vin acts with a pool of 5", "the Inquisitor
defends action 3 with 4 dice", "action 3 rolled ⚂⚂⚄⚅⚀ against ⚁⚃⚃⚀". A Conflict's
state is what applying its events in order gives (:func:`conflict.engine.apply`);
the dice faces live in :class:`RollDice`, so replaying events never rolls again.

Participants are named by their name (the same name however it is spaced or
capitalised, see :func:`characters.names.name_key`); actions by their number, 1, 2,
3… counted over the whole Conflict in the order they are declared. Numbers that could
be mistaken for one another are keyword-only: ``Act("Vin", pool=5)``,
``TakeIt("Marsh", action=3)``, ``ApplyDamage(action=3)``.

Building an event checks only its shape and raises :class:`~conflict.errors.BadValue`
when it is malformed (a pool of 11, a face of 7, an empty name). Whether the rules
allow it *now* is checked when it is applied to a state, which raises
:class:`~conflict.errors.RuleViolation` naming the rule. Every event has a ``TYPE``,
its tag in JSON (:mod:`conflict.serial`):

=================  ===============  ==================================================
class              TYPE             meaning
=================  ===============  ==================================================
Start              start            set-up: nature, stakes, scope (R-CON-1)
AddParticipant     add              a sheet or Extra group joins a side (R-CON-2/5)
Reorder            reorder          Narrator orders participants tied on Wits (R-CON-4)
Declare            declare          a participant declares (R-CON-7/8/8a)
SetTest            set_test         Challenge or Contest, and Difficulty (R-CON-9)
SwapResilience     swap_resilience  Narrator swaps an attack's Resilience (R-CON-8)
Act                act              act as declared with a pool (R-CON-11)
Change             change           declare a new action instead (R-CON-12)
Hold               hold             do nothing; Action Dice become Defense Dice (R-CON-13)
Defend             defend           the target spends dice to defend (R-CON-15)
React              react            a Reaction, by the target or for it (R-CON-16)
TakeIt             take_it          the target does not defend (R-CON-15d)
RollDice           roll             faces rolled for the pending action (R-CON-14/17)
ApplyDamage        damage           damage of a successful attack (R-CON-18/19/20)
Defeat             defeat           Narrator takes a participant out (R-CON-21)
EndRound           end_round        the round ends (R-CON-21)
EndConflict        end              the Conflict ends with an outcome (R-CON-21)
=================  ===============  ==================================================

The words the events are written in live here too: the :class:`Nature` of a Conflict or
an attack, the :class:`DeclarationKind` of a declaration (R-CON-1/7/8), and the checks
of an action's aim that :class:`Declare` and :class:`Change` share (R-CON-8/8a).

Adding an event kind (``docs/adding-a-conflict-event.md``): write its class here and
add it to :data:`Event` (and ``__all__``); give it a handler in the engine's step
modules (:mod:`conflict.steps`), a sentence in :mod:`conflict.narrate` and its step in
:mod:`conflict.intents.step_table`; if a participant chooses it, an option in
:mod:`conflict.options`. ``EVENT_TYPES``, the JSON tags and the package's exports
follow from :data:`Event`; ``tests/test_layout.py`` checks the rest.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Final, get_args

import attrs

from characters.model import RESILIENCES, ExtraGroup, Sheet
from characters.names import name_key
from conflict import fields as f
from conflict.dice import MAX_DIFFICULTY, MAX_POOL, MIN_POOL
from conflict.errors import BadValue, RuleViolation, shown

if TYPE_CHECKING:
    from characters.pools import DicePool

__all__ = [
    "DEFAULT_RESILIENCE",
    "DEFENSE_ATTRIBUTE",
    "EVENT_BY_TYPE",
    "EVENT_TYPES",
    "Act",
    "AddParticipant",
    "ApplyDamage",
    "Change",
    "DeclarationKind",
    "Declare",
    "Defeat",
    "Defend",
    "DefenseRoll",
    "EndConflict",
    "EndRound",
    "Event",
    "Hold",
    "Nature",
    "React",
    "Reorder",
    "RollDice",
    "SetTest",
    "Start",
    "SwapResilience",
    "TakeIt",
    "check_action_dice",
]


# --- the words events are written in: Natures, declaration kinds, an action's aim ----


class Nature(enum.Enum):
    """What a Conflict, or an attack, hurts: body, reputation or resolve (R-CON-1,
    R-CON-8)."""

    PHYSICAL = "physical"
    SOCIAL = "social"
    MENTAL = "mental"

    @property
    def resilience(self) -> str:
        """The Resilience an attack of this kind targets by default (R-CON-1/8)."""
        return _BY_VALUE[self._value_][0]

    @property
    def defense_attribute(self) -> str:
        """The Attribute that gives Defense Dice against an attack of this kind to a
        participant whose action needs no roll (R-CON-7c)."""
        return _BY_VALUE[self._value_][1]


DEFAULT_RESILIENCE: Final[dict[Nature, str]] = {
    Nature.PHYSICAL: "health",
    Nature.SOCIAL: "reputation",
    Nature.MENTAL: "willpower",
}

DEFENSE_ATTRIBUTE: Final[dict[Nature, str]] = {
    # R-CON-7c: follows the attack's kind, not the Resilience it targets (R-CON-8).
    Nature.PHYSICAL: "physique",
    Nature.SOCIAL: "charm",
    Nature.MENTAL: "wits",
}

# The two tables by each nature's value, for the properties above: a dict keyed by an
# enum member hashes it in Python (Enum.__hash__), one keyed by text does not.
_BY_VALUE: Final[dict[str, tuple[str, str]]] = {
    nature.value: (DEFAULT_RESILIENCE[nature], DEFENSE_ATTRIBUTE[nature]) for nature in Nature}


class DeclarationKind(enum.Enum):
    """The three kinds of declaration (R-CON-7)."""

    ACTION = "action"  # (a) needs a roll: Action Dice
    DEFENSE = "defense"  # (b) full defense: Defense Dice
    NO_ROLL = "no_roll"  # (c) needs no roll: no dice until attacked


def check_resilience(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None and value not in RESILIENCES:
        raise BadValue(f"{attribute.name} must be one of {', '.join(RESILIENCES)}, "
                       f"got {shown(value)}", rule="R-CON-8")


_NATURE = f.to_enum(Nature, "nature", param="nature")
_KIND = f.to_enum(DeclarationKind, "kind")
_ATTACK_KIND = f.to_enum(Nature, "attack_kind")


def to_nature(value: Nature | str) -> Nature:
    return _NATURE(value)


def to_kind(value: DeclarationKind | str) -> DeclarationKind:
    return _KIND(value)


def to_attack_kind(value: Nature | str | None) -> Nature | None:
    return None if value is None else _ATTACK_KIND(value)


# The validators of an action's aim, shared by Declare and Change (R-CON-8/8a). The fields
# are written out in each class: the type checker reads attrs.field() only where it is
# called, so a field made by a helper would lose its keyword-only, required signature.
TARGET = f.optional(f.name("R-CON-8"))
EQUIPMENT = f.optional(f.name("R-CON-18"))


@attrs.frozen
class Aimed:
    """What a declaration and a change of action both say of the action (R-CON-8,
    R-CON-8a, R-CON-18): where its dice came from, what is done, at whom, whether it
    harms, its attack kind and Resilience, and the equipment whose bonus it adds."""

    source: str = attrs.field(default="", kw_only=True, validator=f.text)
    description: str = attrs.field(default="", kw_only=True, validator=f.text)
    target: str | None = attrs.field(default=None, kw_only=True, validator=TARGET)
    harm: bool = attrs.field(default=True, kw_only=True, validator=f.flag)
    attack_kind: Nature | None = attrs.field(default=None, kw_only=True,
                                             converter=to_attack_kind)
    resilience: str | None = attrs.field(default=None, kw_only=True, converter=f.lower_or_none,
                                         validator=check_resilience)
    equipment: str | None = attrs.field(default=None, kw_only=True, validator=EQUIPMENT)


def _own_first(_cls: type, fields: list[attrs.Attribute[Any]]) -> list[attrs.Attribute[Any]]:
    """An :class:`Aimed` event's own fields before the aim's, in the order its JSON
    and its repr have always given them."""
    aim = attrs.fields_dict(Aimed)
    return [a for a in fields if a.name not in aim] + [a for a in fields if a.name in aim]


def check_aim(event: Aimed) -> None:
    if event.target is None:
        if event.resilience is not None or event.equipment is not None:
            raise BadValue("a Resilience or equipment needs a target to attack",
                           rule="R-CON-8")
        if event.attack_kind is not None:
            raise BadValue("an attack kind needs a target", rule="R-CON-8")
        if not event.harm:
            raise BadValue("harm=false says an action aimed at someone does not harm "
                           "them: it needs a target", rule="R-CON-8a")
    elif not event.harm and (event.resilience is not None or event.equipment is not None):
        raise BadValue(f"an action against {event.target} that does no harm has no "
                       f"Resilience or equipment to name", rule="R-CON-8a")


# --- the events --------------------------------------------------------------------

RULES: Final = 2
"""The edition of the rules a Conflict begun now is played by, kept in its
:class:`Start`. Edition 2 refuses an action declared with 1 Action Die (R-CON-11's
ruling) and lets a participant joining a running Conflict surprised declare first in
the round it joins (R-CON-5's ruling). A Conflict begun before them is edition 1 (its
start event has no ``rules``) and replays as it was played: 1 die may be declared, and
surprise counts in round 1 only."""



@attrs.frozen
class Start:
    """The Conflict begins: its nature, stakes and scope (R-CON-1). Always the first
    event; round 1's declarations follow once participants are added. ``rules`` is the
    edition of the rules it is played by (:data:`RULES`; a start stored without it is
    edition 1)."""

    TYPE: ClassVar[str] = "start"

    nature: Nature = attrs.field(converter=to_nature)
    stakes: str = attrs.field(default="", validator=f.text)
    scope: str = attrs.field(default="", validator=f.text)
    rules: int = attrs.field(default=RULES, validator=f.whole(1, RULES, "R-CON-1"))


@attrs.frozen
class AddParticipant:
    """A Hero's or Villain's sheet, or an Extra group, joins a side (R-CON-2).

    ``surprised`` participants declare before everyone else in the round they join
    (R-CON-5: round 1, or a later round for one joining a running Conflict).
    Allowed while no one has declared yet in the current round (Ruling: reinforcements
    join at the start of a round).
    """

    TYPE: ClassVar[str] = "add"

    character: Sheet | ExtraGroup = attrs.field()
    side: str = attrs.field(validator=f.name("R-CON-2"))
    surprised: bool = attrs.field(default=False, kw_only=True, validator=f.flag)

    @character.validator
    def _character_type(self, _attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, (Sheet, ExtraGroup)):
            raise BadValue(f"character must be a sheet or an Extra group, got "
                           f"{shown(value)}", rule="R-CON-2")

    @property
    def name(self) -> str:
        """The participant's name, as events refer to it."""
        return self.character.name


@attrs.frozen
class Reorder:
    """The Narrator orders participants tied on Wits: they declare in the order given
    (the last declares last, as the favoured participant does) (R-CON-4)."""

    TYPE: ClassVar[str] = "reorder"

    names: tuple[str, ...] = attrs.field(converter=f.to_names)

    @names.validator
    def _names(self, attribute: attrs.Attribute[Any], value: tuple[Any, ...]) -> None:
        if len(value) < 2:
            raise BadValue(f"reorder needs 2 or more names, got {shown(list(value))}",
                           rule="R-CON-4")
        check = f.name("R-CON-4")
        for name in value:
            check(self, attribute, name)

        if len({name_key(n) for n in value}) != len(value):
            raise BadValue(f"reorder names a participant twice: {shown(list(value))}",
                           rule="R-CON-4")


@attrs.frozen(field_transformer=_own_first)
class Declare(Aimed):
    """A participant declares its action for the round (R-CON-7).

    * ``kind=ACTION``: an action that needs a roll, with ``dice`` Action Dice (any
      count, not yet a pool; the engine refuses fewer than 2,
      :func:`check_action_dice`). With a ``target`` it is aimed at someone: an
      attack (R-CON-8) unless ``harm=False`` (R-CON-8a: a feint, a distraction,
      grabbing a key — success is recorded, no damage follows). An attack has an
      ``attack_kind`` (physical, social, mental; default the Conflict's nature) and a
      ``resilience`` (default from the kind); ``equipment`` names gear on the sheet
      whose damage bonus it adds (R-CON-18).
    * ``kind=DEFENSE``: full defense; ``dice`` Defense Dice (1 or more).
    * ``kind=NO_ROLL``: no dice now (``dice`` 0); Defense Dice come when attacked.

    ``source`` is free text saying where the dice came from (e.g. a
    :meth:`characters.pools.DicePool.describe` line), ``description`` what is done.
    Build them with :meth:`action`, :meth:`defense` and :meth:`no_roll`, or from
    what-now's :class:`~conflict.options.DeclareOption`.
    """

    TYPE: ClassVar[str] = "declare"

    name: str = attrs.field(validator=f.name("R-CON-7"))
    kind: DeclarationKind = attrs.field(converter=to_kind)
    dice: int = attrs.field(default=0, kw_only=True, validator=f.whole(0, f.MAX_DICE, "R-CON-7"))

    def __attrs_post_init__(self) -> None:
        if self.kind is DeclarationKind.NO_ROLL:
            if self.dice:
                raise BadValue(f"an action that needs no roll has no dice, got {self.dice}",
                               rule="R-CON-7")
            if self.target is not None:
                raise BadValue("an action against someone needs a roll: declare it as an "
                               "action with dice", rule="R-CON-7")
        elif self.dice < 1:
            what = "Action" if self.kind is DeclarationKind.ACTION else "Defense"
            raise BadValue(f"{self.kind.value} needs 1 or more {what} Dice, got {self.dice}",
                           rule="R-CON-7")
        if self.kind is DeclarationKind.DEFENSE and self.target is not None:
            raise BadValue("full defense is aimed at no one; declare an action to attack",
                           rule="R-CON-7")
        check_aim(self)

    @classmethod
    def action(cls, name: str, pool: int | DicePool, *, target: str | None = None,
               harm: bool = True, attack_kind: Nature | str | None = None,
               resilience: str | None = None, equipment: str | None = None,
               description: str = "", source: str = "") -> Declare:
        """An action needing a roll, with Action Dice given as a count or a
        :class:`~characters.pools.DicePool` (whose breakdown becomes ``source``)."""
        dice, source = _dice_and_source(pool, source)
        return cls(name, DeclarationKind.ACTION, dice=dice, source=source,
                   description=description, target=target, harm=harm,
                   attack_kind=attack_kind, resilience=resilience,
                   equipment=equipment)

    @classmethod
    def defense(cls, name: str, pool: int | DicePool, *, description: str = "",
                source: str = "") -> Declare:
        """Full defense with Defense Dice given as a count or a pool (R-CON-7b)."""
        dice, source = _dice_and_source(pool, source)
        return cls(name, DeclarationKind.DEFENSE, dice=dice, source=source,
                   description=description)

    @classmethod
    def no_roll(cls, name: str, *, description: str = "") -> Declare:
        """An action that needs no roll (R-CON-7c)."""
        return cls(name, DeclarationKind.NO_ROLL, description=description)


def check_action_dice(dice: int) -> None:
    """Refuse an action that needs a roll declared with fewer than 2 Action Dice.

    Ruling (R-CON-11, R-CON-12): inside a Conflict a pool is 2–10 dice and 1 die "is
    not enough to form a pool"; the Conflict does not roll 2 with a lowered Outcome
    (R-DICE-3), so an action that could never be acted is refused when declared."""
    if dice < MIN_POOL:
        raise RuleViolation(f"an action that needs a roll takes 2 or more Action Dice: "
                            f"{dice} {'die is' if dice == 1 else 'dice are'} not enough "
                            f"to form a pool", rule="R-CON-11", param="dice", value=dice)


def _dice_and_source(pool: int | DicePool, source: str) -> tuple[int, str]:
    if isinstance(pool, int):
        return pool, source
    return pool.count, source or pool.describe()


@attrs.frozen(kw_only=True)
class SetTest:
    """The Narrator sets whether an action is a Contest (opposed by its target) or a
    Challenge, and its Difficulty 0–5 (R-CON-9). Allowed until the action rolls, but
    not once a defense against it is committed."""

    TYPE: ClassVar[str] = "set_test"

    action: int = attrs.field(validator=f.whole(1, f.MAX_ACTION_NUMBER, "R-CON-9"))
    contest: bool = attrs.field(validator=f.flag)
    difficulty: int = attrs.field(default=0, validator=f.whole(0, MAX_DIFFICULTY, "R-CON-9"))


@attrs.frozen(kw_only=True)
class SwapResilience:
    """The Narrator swaps the Resilience an attack targets (R-CON-8); the attack keeps
    its kind. Allowed until the action rolls, but not once a defense is committed."""

    TYPE: ClassVar[str] = "swap_resilience"

    action: int = attrs.field(validator=f.whole(1, f.MAX_ACTION_NUMBER, "R-CON-8"))
    resilience: str = attrs.field(converter=f.lower, validator=check_resilience)


@attrs.frozen
class Act:
    """Act as declared with a pool of 2–10 of the participant's Action Dice; the Action
    Dice left over become Defense Dice (R-CON-11)."""

    TYPE: ClassVar[str] = "act"

    name: str = attrs.field(validator=f.name("R-CON-11"))
    pool: int = attrs.field(kw_only=True, validator=f.whole(MIN_POOL, MAX_POOL, "R-CON-11"))


@attrs.frozen(field_transformer=_own_first)
class Change(Aimed):
    """Declare a new action instead of the declared one (R-CON-12). ``dice`` are the new
    action's dice figured afresh, *before* halving (3 or more); the participant gets
    half of them, rounding up — never more than the Action Dice it still holds — and
    acts at the very end of the round. The other fields are the aim, as for :class:`Declare`
    (:class:`Aimed`)."""

    TYPE: ClassVar[str] = "change"

    name: str = attrs.field(validator=f.name("R-CON-12"))
    dice: int = attrs.field(kw_only=True, validator=f.whole(0, f.MAX_DICE, "R-CON-12"))

    def __attrs_post_init__(self) -> None:
        check_aim(self)


@attrs.frozen
class Hold:
    """Do nothing this round: all Action Dice become Defense Dice (R-CON-13)."""

    TYPE: ClassVar[str] = "hold"

    name: str = attrs.field(validator=f.name("R-CON-13"))


_GRANTED = f.optional(f.whole(0, f.MAX_GRANTED, "R-CON-7"))


@attrs.frozen
class Defend:
    """The target of the pending Contest spends 2–10 dice to defend (R-CON-15): Action
    Dice if it has not acted yet (a), Defense Dice otherwise (b).

    ``granted`` overrides, for a target whose action needs no roll and who is attacked
    for the first time this round, the Defense Dice it gains (its Physique, Charm or
    Wits by the attack's kind, R-CON-7c): the Narrator's adjustment.
    """

    TYPE: ClassVar[str] = "defend"

    name: str = attrs.field(validator=f.name("R-CON-15"))
    action: int = attrs.field(kw_only=True, validator=f.whole(1, f.MAX_ACTION_NUMBER, "R-CON-15"))
    dice: int = attrs.field(kw_only=True, validator=f.whole(MIN_POOL, MAX_POOL, "R-CON-15"))
    granted: int | None = attrs.field(default=None, kw_only=True, validator=_GRANTED)


@attrs.frozen
class React:
    """A Reaction against the pending Contest (R-CON-16): by its target instead of
    defending, or by another participant for it (Ruling: reacting for others). The
    pool is the Reaction's dice plus ``added`` Action Dice (not yet acted) or Defense
    Dice (already acted), 2–10 in all. ``granted`` as for :class:`Defend` (the
    target's only)."""

    TYPE: ClassVar[str] = "react"

    name: str = attrs.field(validator=f.name("R-CON-16"))
    action: int = attrs.field(kw_only=True, validator=f.whole(1, f.MAX_ACTION_NUMBER, "R-CON-16"))
    reaction: str = attrs.field(kw_only=True, validator=f.name("R-CON-16"))
    added: int = attrs.field(default=0, kw_only=True, validator=f.whole(0, MAX_POOL, "R-CON-16"))
    granted: int | None = attrs.field(default=None, kw_only=True, validator=_GRANTED)


@attrs.frozen
class TakeIt:
    """The target of the pending Contest does not defend (R-CON-15d). ``granted`` as for
    :class:`Defend` (the dice are gained all the same, for later attacks)."""

    TYPE: ClassVar[str] = "take_it"

    name: str = attrs.field(validator=f.name("R-CON-15"))
    action: int = attrs.field(kw_only=True, validator=f.whole(1, f.MAX_ACTION_NUMBER, "R-CON-15"))
    granted: int | None = attrs.field(default=None, kw_only=True, validator=_GRANTED)


@attrs.frozen
class DefenseRoll:
    """The faces one defender rolled: its defense or its Reaction (R-CON-15/16).
    ``faces`` holds one list per roller (a group's remaining members, R-CON-2).
    ``name`` may be left out (``None``) when only one defender rolls."""

    faces: tuple[tuple[int, ...], ...] = attrs.field(converter=f.to_faces)
    name: str | None = attrs.field(default=None, validator=f.optional(f.name("R-CON-16")))


def _defense_rolls(value: Iterable[DefenseRoll]) -> tuple[DefenseRoll, ...]:
    if isinstance(value, (str, bytes, DefenseRoll)) or not isinstance(value, (list, tuple)):
        raise BadValue(f"defenders must be a list of defense rolls, got {shown(value)}",
                       rule="R-CON-15")
    for item in value:
        if not isinstance(item, DefenseRoll):
            raise BadValue(f"each defender's roll must be a DefenseRoll, got {shown(item)}",
                           rule="R-CON-15")
    return tuple(value)


@attrs.frozen(kw_only=True)
class RollDice:
    """The faces rolled for the pending action (R-CON-14, R-CON-17).

    ``attacker`` holds one list of faces per roller: one for a Hero or Villain, one per
    remaining member for an Extra group (each rolls the whole pool and the group keeps
    the best, R-CON-2, R-DICE-8). ``defenders`` holds a :class:`DefenseRoll` for each
    participant who defends or reacts against the action and rolls (R-CON-15/16);
    empty when no one does. Build it with :func:`conflict.whatnow.roll_event` or
    what-now's :class:`~conflict.options.RollOption`.
    """

    TYPE: ClassVar[str] = "roll"

    action: int = attrs.field(validator=f.whole(1, f.MAX_ACTION_NUMBER, "R-CON-14"))
    attacker: tuple[tuple[int, ...], ...] = attrs.field(converter=f.to_faces)
    defenders: tuple[DefenseRoll, ...] = attrs.field(default=(), converter=_defense_rolls)


@attrs.frozen(kw_only=True)
class ApplyDamage:
    """Apply the damage of the pending successful attack: 1, plus ``nudges`` of the
    attacker's Nudges (default: all it did not ``spend``), plus the equipment bonus
    (R-CON-18). Nudges ``spent`` on other effects the Narrator allows (a disarm, a
    better position) are recorded with a ``note``."""

    TYPE: ClassVar[str] = "damage"

    action: int = attrs.field(validator=f.whole(1, f.MAX_ACTION_NUMBER, "R-CON-18"))
    nudges: int | None = attrs.field(
        default=None, validator=f.optional(f.whole(0, f.MAX_NUDGES, "R-CON-18")))
    spent: int = attrs.field(default=0, validator=f.whole(0, f.MAX_NUDGES, "R-CON-18"))
    note: str = attrs.field(default="", validator=f.text)

    def __attrs_post_init__(self) -> None:
        if self.note and not self.spent:
            raise BadValue("a note says what spent Nudges did: spend 1 or more",
                           rule="R-CON-18")


@attrs.frozen
class Defeat:
    """The Narrator takes a participant out of the Conflict (yielded, fled, …) (R-CON-21)."""

    TYPE: ClassVar[str] = "defeat"

    name: str = attrs.field(validator=f.name("R-CON-21"))
    reason: str = attrs.field(default="", validator=f.text)


@attrs.frozen
class EndRound:
    """The round ends: unspent dice are lost and the next round's declarations start
    (R-CON-21)."""

    TYPE: ClassVar[str] = "end_round"


@attrs.frozen
class EndConflict:
    """The Conflict ends with its outcome recorded (R-CON-21). After it only undo works."""

    TYPE: ClassVar[str] = "end"

    outcome: str = attrs.field(default="", validator=f.text)


Event = (Start | AddParticipant | Reorder | Declare | SetTest | SwapResilience | Act | Change
         | Hold | Defend | React | TakeIt | RollDice | ApplyDamage | Defeat | EndRound
         | EndConflict)
"""Any event of a Conflict: the one list every registry follows."""

EVENT_TYPES: Final[tuple[type[Event], ...]] = get_args(Event)
"""Every event class, in the order of :data:`Event`."""

EVENT_BY_TYPE: Final[dict[str, type[Event]]] = {cls.TYPE: cls for cls in EVENT_TYPES}
"""Event class by its JSON tag."""
