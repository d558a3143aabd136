"""The events of a Conflict: every change to a Conflict is one of these frozen values.

Events are facts, written the way a table would say them: "Vin declares an attack on
the Inquisitor with 6 Action Dice", "Vin acts with a pool of 5", "the Inquisitor
defends action 3 with 4 dice", "action 3 rolled ⚂⚂⚄⚅⚀ against ⚁⚃⚃⚀". A Conflict's
state is what applying its events in order gives (:func:`conflict.engine.apply`);
the dice faces live in :class:`RollDice`, so replaying events never rolls again.

Participants are named in events by their name (matched ignoring case); actions by
their number, 1, 2, 3… counted over the whole Conflict in the order they are declared.

Building an event checks only its shape and raises :class:`~conflict.errors.BadValue`
when it is malformed (a pool of 11, a face of 7, an empty name). Whether the rules
allow it *now* is checked when it is applied to a state, which raises
:class:`~conflict.errors.RuleViolation` naming the rule.

The events (``TYPE`` is the tag used in JSON, see :mod:`conflict.serial`):

=================  ===============  ==================================================
class              TYPE             meaning
=================  ===============  ==================================================
Start              start            set-up: nature, stakes, scope (R-CON-1)
AddParticipant     add              a sheet or Extra group joins a side (R-CON-2/5)
Reorder            reorder          Narrator orders participants tied on Wits (R-CON-4)
Declare            declare          a participant declares (R-CON-7/8)
SetTest            set_test         Challenge or Contest, and Difficulty (R-CON-9)
SwapResilience     swap_resilience  Narrator swaps an attack's Resilience (R-CON-8)
Act                act              act as declared with a pool (R-CON-11)
Change             change           declare a new action instead (R-CON-12)
Hold               hold             do nothing; Action Dice become Defense Dice (R-CON-13)
Defend             defend           the target spends dice to defend (R-CON-15)
React              react            the target uses a Reaction (R-CON-16)
TakeIt             take_it          the target does not defend (R-CON-15d)
RollDice           roll             faces rolled for the pending action (R-CON-14/17)
ApplyDamage        damage           damage of a successful attack (R-CON-18/19/20)
Defeat             defeat           Narrator takes a participant out (R-CON-21)
EndRound           end_round        the round ends (R-CON-21)
EndConflict        end              the Conflict ends with an outcome (R-CON-21)
=================  ===============  ==================================================
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from characters.model import RESILIENCES, ExtraGroup, Sheet
from conflict.dice import MAX_POOL, MIN_POOL
from conflict.errors import BadValue

if TYPE_CHECKING:
    from characters.pools import DicePool

MAX_DIFFICULTY = 5


class Nature(enum.Enum):
    """What a Conflict hurts: body, reputation or resolve (R-CON-1)."""

    PHYSICAL = "physical"
    SOCIAL = "social"
    MENTAL = "mental"

    @property
    def resilience(self) -> str:
        """The Resilience an attack targets by default (R-CON-1)."""
        return DEFAULT_RESILIENCE[self]


DEFAULT_RESILIENCE: dict[Nature, str] = {
    Nature.PHYSICAL: "health",
    Nature.SOCIAL: "reputation",
    Nature.MENTAL: "willpower",
}

DEFENSE_ATTRIBUTE: dict[str, str] = {
    # R-CON-7(c): a participant whose action needs no roll defends with this Attribute.
    "health": "physique",
    "reputation": "charm",
    "willpower": "wits",
}


class DeclarationKind(enum.Enum):
    """The three kinds of declaration (R-CON-7)."""

    ACTION = "action"  # (a) needs a roll: Action Dice
    DEFENSE = "defense"  # (b) full defence: Defense Dice
    NO_ROLL = "no_roll"  # (c) needs no roll: no dice until attacked


# --- field checks: each raises BadValue naming the field, what is allowed and what came


def _name(rule: str) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    def check(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, str) or not value.strip():
            raise BadValue(f"{attribute.name} must be a non-empty name, got {value!r}", rule=rule)

    return check


def _text(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, str):
        raise BadValue(f"{attribute.name} must be text, got {value!r}")


def _whole(low: int, high: int | None, rule: str) -> Callable[[Any, attrs.Attribute[Any], Any],
                                                                 None]:
    allowed = f"{low}–{high}" if high is not None else f"{low} or more"

    def check(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadValue(f"{attribute.name} must be a whole number {allowed}, got {value!r}",
                           rule=rule)
        if value < low or (high is not None and value > high):
            raise BadValue(f"{attribute.name} must be {allowed}, got {value}", rule=rule)

    return check


def _optional(check: Callable[[Any, attrs.Attribute[Any], Any], None]
              ) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    def inner(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value is not None:
            check(instance, attribute, value)

    return inner


def _resilience(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None and value not in RESILIENCES:
        raise BadValue(f"{attribute.name} must be one of {', '.join(RESILIENCES)}, "
                       f"got {value!r}", rule="R-CON-8")


def _lower(value: Any) -> Any:
    return value.strip().lower() if isinstance(value, str) else value


def _bool(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, bool):
        raise BadValue(f"{attribute.name} must be true or false, got {value!r}")


def _enum(cls: type[enum.Enum]) -> Callable[[Any], Any]:
    def convert(value: Any) -> Any:
        if isinstance(value, cls):
            return value
        try:
            return cls(value)
        except ValueError:
            allowed = ", ".join(str(m.value) for m in cls)
            raise BadValue(f"{cls.__name__} must be one of {allowed}, got {value!r}") from None

    return convert


def _to_nature(value: Any) -> Nature:
    converted: Nature = _enum(Nature)(value)
    return converted


def _to_kind(value: Any) -> DeclarationKind:
    converted: DeclarationKind = _enum(DeclarationKind)(value)
    return converted


def _faces(value: Any) -> tuple[tuple[int, ...], ...]:
    """Faces per roller: a list of lists of die faces 1–6 (R-DICE-1)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise BadValue(f"faces must be a list of lists of die faces, got {value!r}",
                       rule="R-DICE-1")
    out: list[tuple[int, ...]] = []
    for row in value:
        if isinstance(row, (str, bytes)) or not isinstance(row, Iterable):
            raise BadValue(f"each roller's faces must be a list of die faces, got {row!r}",
                           rule="R-DICE-1")
        faces = tuple(row)
        for face in faces:
            if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
                raise BadValue(f"a die face must be 1–6, got {face!r}", rule="R-DICE-1")
        out.append(faces)
    return tuple(out)


# --- the events --------------------------------------------------------------------


@attrs.frozen
class Start:
    """The Conflict begins: its nature, stakes and scope (R-CON-1). Always the first
    event; round 1's declarations follow once participants are added."""

    TYPE: ClassVar[str] = "start"

    nature: Nature = attrs.field(converter=_to_nature)
    stakes: str = attrs.field(default="", validator=_text)
    scope: str = attrs.field(default="", validator=_text)


@attrs.frozen
class AddParticipant:
    """A Hero's or Villain's sheet, or an Extra group, joins a side (R-CON-2).

    ``surprised`` participants declare before everyone else in round 1 (R-CON-5).
    Allowed while no one has declared yet in the current round (Ruling: reinforcements
    join at the start of a round).
    """

    TYPE: ClassVar[str] = "add"

    character: Sheet | ExtraGroup = attrs.field()
    side: str = attrs.field(validator=_name("R-CON-2"))
    surprised: bool = attrs.field(default=False, validator=_bool)

    @character.validator
    def _character_type(self, _attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, (Sheet, ExtraGroup)):
            raise BadValue(f"character must be a sheet or an Extra group, got {value!r}",
                           rule="R-CON-2")

    @property
    def name(self) -> str:
        """The participant's name, as events refer to it."""
        return self.character.name


def _as_tuple(value: Iterable[str]) -> tuple[str, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise BadValue(f"names must be a list of names, got {value!r}", rule="R-CON-4")
    return tuple(value)


@attrs.frozen
class Reorder:
    """The Narrator orders participants tied on Wits: they declare in the order given
    (the last declares last, as the favoured participant does) (R-CON-4)."""

    TYPE: ClassVar[str] = "reorder"

    names: tuple[str, ...] = attrs.field(converter=_as_tuple)

    @names.validator
    def _names(self, _attribute: attrs.Attribute[Any], value: tuple[Any, ...]) -> None:
        if len(value) < 2:
            raise BadValue(f"reorder needs 2 or more names, got {list(value)!r}", rule="R-CON-4")
        for name in value:
            _name("R-CON-4")(self, _attribute, name)
        if len({n.casefold() for n in value}) != len(value):
            raise BadValue(f"reorder names a participant twice: {list(value)!r}",
                           rule="R-CON-4")


def _check_action_fields(event: Declare | Change) -> None:
    if event.target is None and (event.resilience is not None or event.equipment is not None):
        raise BadValue("a Resilience or equipment needs a target to attack", rule="R-CON-8")


@attrs.frozen
class Declare:
    """A participant declares its action for the round (R-CON-7).

    * ``kind=ACTION``: an action that needs a roll; ``dice`` Action Dice (1 or more,
      any count: not yet a pool). With a ``target`` it is an attack (R-CON-8) on the
      ``resilience`` given, or the nature's default (R-CON-1); ``equipment`` names gear
      on the sheet whose damage bonus the attack adds (R-CON-18).
    * ``kind=DEFENSE``: full defence; ``dice`` Defense Dice (1 or more).
    * ``kind=NO_ROLL``: no dice now (``dice`` 0); Defense Dice come when attacked.

    ``source`` is free text saying where the dice came from (e.g. a
    :meth:`characters.pools.DicePool.describe` line), ``description`` what is done.
    """

    TYPE: ClassVar[str] = "declare"

    name: str = attrs.field(validator=_name("R-CON-7"))
    kind: DeclarationKind = attrs.field(converter=_to_kind)
    dice: int = attrs.field(default=0, validator=_whole(0, None, "R-CON-7"))
    source: str = attrs.field(default="", validator=_text)
    description: str = attrs.field(default="", validator=_text)
    target: str | None = attrs.field(default=None, validator=_optional(_name("R-CON-8")))
    resilience: str | None = attrs.field(default=None, converter=_lower,
                                         validator=_resilience)
    equipment: str | None = attrs.field(default=None, validator=_optional(_name("R-CON-18")))

    def __attrs_post_init__(self) -> None:
        if self.kind is DeclarationKind.NO_ROLL:
            if self.dice:
                raise BadValue(f"an action that needs no roll has no dice, got {self.dice}",
                               rule="R-CON-7")
            if self.target is not None:
                raise BadValue("an attack needs a roll: declare it as an action with dice",
                               rule="R-CON-7")
        elif self.dice < 1:
            what = "Action" if self.kind is DeclarationKind.ACTION else "Defense"
            raise BadValue(f"{self.kind.value} needs 1 or more {what} Dice, got {self.dice}",
                           rule="R-CON-7")
        if self.kind is DeclarationKind.DEFENSE and self.target is not None:
            raise BadValue("full defence attacks no one; declare an action to attack",
                           rule="R-CON-7")
        _check_action_fields(self)

    @classmethod
    def action(cls, name: str, pool: int | DicePool, *, target: str | None = None,
               resilience: str | None = None, equipment: str | None = None,
               description: str = "", source: str = "") -> Declare:
        """An action needing a roll, with Action Dice given as a count or a
        :class:`~characters.pools.DicePool` (whose breakdown becomes ``source``)."""
        dice, source = _dice_and_source(pool, source)
        return cls(name, DeclarationKind.ACTION, dice, source, description, target,
                   resilience, equipment)

    @classmethod
    def defense(cls, name: str, pool: int | DicePool, *, description: str = "",
                source: str = "") -> Declare:
        """Full defence with Defense Dice given as a count or a pool (R-CON-7b)."""
        dice, source = _dice_and_source(pool, source)
        return cls(name, DeclarationKind.DEFENSE, dice, source, description)

    @classmethod
    def no_roll(cls, name: str, *, description: str = "") -> Declare:
        """An action that needs no roll (R-CON-7c)."""
        return cls(name, DeclarationKind.NO_ROLL, 0, "", description)


def _dice_and_source(pool: int | DicePool, source: str) -> tuple[int, str]:
    if isinstance(pool, int):
        return pool, source
    return pool.count, source or pool.describe()


@attrs.frozen
class SetTest:
    """The Narrator sets whether an action is a Contest (opposed by its target) or a
    Challenge, and its Difficulty 0–5 (R-CON-9). Allowed until the action rolls, but
    not once its target has committed a defence."""

    TYPE: ClassVar[str] = "set_test"

    action: int = attrs.field(validator=_whole(1, None, "R-CON-9"))
    contest: bool = attrs.field(validator=_bool)
    difficulty: int = attrs.field(default=0, validator=_whole(0, MAX_DIFFICULTY, "R-CON-9"))


@attrs.frozen
class SwapResilience:
    """The Narrator swaps the Resilience an attack targets (R-CON-8). Allowed until the
    action rolls, but not once its target has committed a defence."""

    TYPE: ClassVar[str] = "swap_resilience"

    action: int = attrs.field(validator=_whole(1, None, "R-CON-8"))
    resilience: str = attrs.field(converter=_lower, validator=_resilience)


@attrs.frozen
class Act:
    """Act as declared with a pool of 2–10 of the participant's Action Dice; the Action
    Dice left over become Defense Dice (R-CON-11)."""

    TYPE: ClassVar[str] = "act"

    name: str = attrs.field(validator=_name("R-CON-11"))
    pool: int = attrs.field(validator=_whole(MIN_POOL, MAX_POOL, "R-CON-11"))


@attrs.frozen
class Change:
    """Declare a new action instead of the declared one (R-CON-12). ``dice`` are the new
    action's dice figured afresh, *before* halving (3 or more); the participant gets
    half of them, rounding up, and acts at the very end of the round."""

    TYPE: ClassVar[str] = "change"

    name: str = attrs.field(validator=_name("R-CON-12"))
    dice: int = attrs.field(validator=_whole(0, None, "R-CON-12"))
    source: str = attrs.field(default="", validator=_text)
    description: str = attrs.field(default="", validator=_text)
    target: str | None = attrs.field(default=None, validator=_optional(_name("R-CON-8")))
    resilience: str | None = attrs.field(default=None, converter=_lower,
                                         validator=_resilience)
    equipment: str | None = attrs.field(default=None, validator=_optional(_name("R-CON-18")))

    def __attrs_post_init__(self) -> None:
        _check_action_fields(self)


@attrs.frozen
class Hold:
    """Do nothing this round: all Action Dice become Defense Dice (R-CON-13)."""

    TYPE: ClassVar[str] = "hold"

    name: str = attrs.field(validator=_name("R-CON-13"))


def _granted() -> Any:
    return attrs.field(default=None, validator=_optional(_whole(0, None, "R-CON-7")))


@attrs.frozen
class Defend:
    """The target of the pending Contest spends 2–10 dice to defend (R-CON-15): Action
    Dice if it has not acted yet (a), Defense Dice otherwise (b).

    ``granted`` overrides, for a participant whose action needs no roll and who is
    attacked for the first time this round, the Defense Dice it gains (Physique, Charm
    or Wits by the targeted Resilience, R-CON-7c): the Narrator's adjustment.
    """

    TYPE: ClassVar[str] = "defend"

    name: str = attrs.field(validator=_name("R-CON-15"))
    action: int = attrs.field(validator=_whole(1, None, "R-CON-15"))
    dice: int = attrs.field(validator=_whole(MIN_POOL, MAX_POOL, "R-CON-15"))
    granted: int | None = _granted()


@attrs.frozen
class React:
    """The target of the pending Contest uses a Reaction instead of defending (R-CON-16):
    the Reaction's dice plus ``added`` Action Dice (not yet acted) or Defense Dice
    (already acted), a pool of 2–10. ``granted`` as for :class:`Defend`."""

    TYPE: ClassVar[str] = "react"

    name: str = attrs.field(validator=_name("R-CON-16"))
    action: int = attrs.field(validator=_whole(1, None, "R-CON-16"))
    reaction: str = attrs.field(validator=_name("R-CON-16"))
    added: int = attrs.field(default=0, validator=_whole(0, MAX_POOL, "R-CON-16"))
    granted: int | None = _granted()


@attrs.frozen
class TakeIt:
    """The target of the pending Contest does not defend (R-CON-15d). ``granted`` as for
    :class:`Defend` (the dice are gained all the same, for later attacks)."""

    TYPE: ClassVar[str] = "take_it"

    name: str = attrs.field(validator=_name("R-CON-15"))
    action: int = attrs.field(validator=_whole(1, None, "R-CON-15"))
    granted: int | None = _granted()


@attrs.frozen
class RollDice:
    """The faces rolled for the pending action (R-CON-14, R-CON-17).

    ``attacker`` holds one list of faces per roller: one for a Hero or Villain, one per
    remaining member for an Extra group (each rolls the whole pool and the group keeps
    the best, R-CON-2, R-DICE-8). ``defender`` likewise for the target's defence or
    Reaction, empty when there is none.
    """

    TYPE: ClassVar[str] = "roll"

    action: int = attrs.field(validator=_whole(1, None, "R-CON-14"))
    attacker: tuple[tuple[int, ...], ...] = attrs.field(converter=_faces)
    defender: tuple[tuple[int, ...], ...] = attrs.field(default=(), converter=_faces)


@attrs.frozen
class ApplyDamage:
    """Apply the damage of the pending successful attack: 1, plus ``nudges`` of the
    attacker's Nudges (default: all of them), plus the equipment bonus (R-CON-18)."""

    TYPE: ClassVar[str] = "damage"

    action: int = attrs.field(validator=_whole(1, None, "R-CON-18"))
    nudges: int | None = attrs.field(default=None,
                                     validator=_optional(_whole(0, None, "R-CON-18")))


@attrs.frozen
class Defeat:
    """The Narrator takes a participant out of the Conflict (yielded, fled, …) (R-CON-21)."""

    TYPE: ClassVar[str] = "defeat"

    name: str = attrs.field(validator=_name("R-CON-21"))
    reason: str = attrs.field(default="", validator=_text)


@attrs.frozen
class EndRound:
    """The round ends: unspent dice are lost and the next round's declarations start
    (R-CON-21)."""

    TYPE: ClassVar[str] = "end_round"


@attrs.frozen
class EndConflict:
    """The Conflict ends with its outcome recorded (R-CON-21). After it only undo works."""

    TYPE: ClassVar[str] = "end"

    outcome: str = attrs.field(default="", validator=_text)


Event = (Start | AddParticipant | Reorder | Declare | SetTest | SwapResilience | Act | Change
         | Hold | Defend | React | TakeIt | RollDice | ApplyDamage | Defeat | EndRound
         | EndConflict)
"""Any event of a Conflict."""

EVENT_TYPES: tuple[type[Event], ...] = (
    Start, AddParticipant, Reorder, Declare, SetTest, SwapResilience, Act, Change, Hold,
    Defend, React, TakeIt, RollDice, ApplyDamage, Defeat, EndRound, EndConflict,
)
"""Every event class, in the order of the table above."""

EVENT_BY_TYPE: dict[str, type[Event]] = {cls.TYPE: cls for cls in EVENT_TYPES}
"""Event class by its JSON tag."""
