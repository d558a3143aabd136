"""Character sheets and Extra groups (R-CHAR-1, R-CON-2, R-CON-6), as frozen values.

Every field is validated when a value is built; a bad value raises
:class:`~characters.errors.SheetValueError` naming the field, what is allowed and
what was given.
"""

from __future__ import annotations

import enum
import unicodedata
from collections.abc import Callable
from typing import Any, Final

import attrs

from characters.errors import SheetValueError

ATTRIBUTES: Final = ("physique", "charm", "wits")
STANDINGS: Final = ("resources", "influence", "spirit")
RESILIENCES: Final = ("health", "reputation", "willpower")
ATTRIBUTE_RANGE: Final = (2, 6)  # R-CHAR-1
STANDING_RANGE: Final = (2, 10)  # R-CHAR-1
POWER_RANGE: Final = (1, 10)
REACTION_RANGE: Final = (1, 10)


class Kind(enum.Enum):
    """What a character is (R-CHAR-1)."""

    HERO = "hero"
    VILLAIN = "villain"
    EXTRA = "extra"


def _whole(field: str, low: int, high: int | None = None) -> Callable[[Any, Any, Any], None]:
    allowed = f"a whole number {low}–{high}" if high is not None else f"a whole number ≥ {low}"

    def check(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        name = field or attribute.name
        if isinstance(value, bool) or not isinstance(value, int):
            raise SheetValueError(name, allowed, value)
        if value < low or (high is not None and value > high):
            raise SheetValueError(name, allowed, value)

    return check


def _text(
    field: str, *, empty: bool = False, one_line: bool = True
) -> Callable[[Any, Any, Any], None]:
    def check(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        name = field or attribute.name
        if not isinstance(value, str):
            raise SheetValueError(name, "text", value)
        if not empty and not value.strip():
            raise SheetValueError(name, "non-empty text", value)
        # Names show up inside one-line messages and table rows: no line breaks, tabs
        # or other control characters.
        if one_line and any(unicodedata.category(c) == "Cc" for c in value):
            raise SheetValueError(name, "text on one line, without control characters",
                                  value)

    return check


def _names(field: str) -> Callable[[Any, Any, Any], None]:
    def check(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        for item in value:
            if not isinstance(item, str) or not item.strip():
                raise SheetValueError(field or attribute.name, "a list of non-empty names", item)
            _text(field or attribute.name)(_instance, attribute, item)

    return check


def _of_type(field: str, cls: type) -> Callable[[Any, Any, Any], None]:
    def check(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        items = value if isinstance(value, tuple) else (value,)
        for item in items:
            if not isinstance(item, cls):
                raise SheetValueError(field or attribute.name, f"a {cls.__name__}", item)

    return check


def _kind(value: Any) -> Kind:
    """A Kind from itself or its name (any case); anything else names the field."""
    if isinstance(value, Kind):
        return value
    if isinstance(value, str):
        try:
            return Kind(value.strip().lower())
        except ValueError:
            pass
    raise SheetValueError("kind", "hero or villain", value)


def _tuple(value: Any) -> tuple[Any, ...]:
    if isinstance(value, (str, bytes)):
        return (value,)
    return tuple(value)


@attrs.frozen
class Attributes:
    """Physique, Charm and Wits, each 2–6 (R-CHAR-1)."""

    physique: int = attrs.field(validator=_whole("attributes.physique", *ATTRIBUTE_RANGE))
    charm: int = attrs.field(validator=_whole("attributes.charm", *ATTRIBUTE_RANGE))
    wits: int = attrs.field(validator=_whole("attributes.wits", *ATTRIBUTE_RANGE))


@attrs.frozen
class Standings:
    """Resources, Influence and Spirit, each 2–10 (R-CHAR-1)."""

    resources: int = attrs.field(validator=_whole("standings.resources", *STANDING_RANGE))
    influence: int = attrs.field(validator=_whole("standings.influence", *STANDING_RANGE))
    spirit: int = attrs.field(validator=_whole("standings.spirit", *STANDING_RANGE))


@attrs.frozen
class Power:
    """A Power and its rating: an Allomantic metal, Feruchemy, … (R-CHAR-1)."""

    name: str = attrs.field(validator=_text("powers.name"))
    rating: int = attrs.field(validator=_whole("powers.rating", *POWER_RANGE))


@attrs.frozen
class Resilience:
    """A Resilience's full score and the damage taken, kept apart (R-CHAR-1, R-CON-20)."""

    full: int = attrs.field(validator=_whole("", 1))
    damage: int = attrs.field(default=0, validator=_whole("", 0))

    @property
    def current(self) -> int:
        """Full score less damage, never below 0."""
        return max(0, self.full - self.damage)

    @property
    def defeated(self) -> bool:
        """A Resilience at 0 defeats the character (R-CON-20)."""
        return self.current == 0

    def damaged(self, amount: int) -> Resilience:
        """This Resilience after ``amount`` more damage."""
        _whole("damage", 0)(None, None, amount)
        return attrs.evolve(self, damage=self.damage + amount)

    def healed(self, amount: int) -> Resilience:
        """This Resilience after healing ``amount`` (damage never goes below 0)."""
        _whole("heal", 0)(None, None, amount)
        return attrs.evolve(self, damage=max(0, self.damage - amount))


@attrs.frozen
class Resiliences:
    """Health, Reputation and Willpower (R-CHAR-1)."""

    health: Resilience = attrs.field(validator=_of_type("resiliences.health", Resilience))
    reputation: Resilience = attrs.field(
        validator=_of_type("resiliences.reputation", Resilience)
    )
    willpower: Resilience = attrs.field(validator=_of_type("resiliences.willpower", Resilience))

    def get(self, name: str) -> Resilience:
        """The Resilience called ``name`` (health, reputation or willpower)."""
        key = name.lower()
        if key not in RESILIENCES:
            raise SheetValueError("resilience", "one of health, reputation, willpower", name)
        value: Resilience = getattr(self, key)
        return value

    def replace(self, name: str, value: Resilience) -> Resiliences:
        """A copy with the Resilience called ``name`` replaced."""
        self.get(name)
        return attrs.evolve(self, **{name.lower(): value})


@attrs.frozen
class Equipment:
    """A weapon or other gear and the damage it adds to a successful attack (R-CON-18)."""

    name: str = attrs.field(validator=_text("equipment.name"))
    damage: int = attrs.field(default=0, validator=_whole("equipment.damage", 0, 10))


@attrs.frozen
class Reaction:
    """A Reaction ability and the dice it grants when used (R-CON-16)."""

    name: str = attrs.field(validator=_text("reactions.name"))
    dice: int = attrs.field(validator=_whole("reactions.dice", *REACTION_RANGE))


@attrs.frozen
class Sheet:
    """A Hero's or Villain's sheet (R-CHAR-1). Heroes and Villains act alone (R-CON-2)."""

    name: str = attrs.field(validator=_text("name"))
    kind: Kind = attrs.field(converter=_kind)
    attributes: Attributes = attrs.field(validator=_of_type("attributes", Attributes))
    standings: Standings = attrs.field(validator=_of_type("standings", Standings))
    resiliences: Resiliences = attrs.field(validator=_of_type("resiliences", Resiliences))
    powers: tuple[Power, ...] = attrs.field(
        default=(), converter=_tuple, validator=_of_type("powers", Power)
    )
    traits: tuple[str, ...] = attrs.field(
        default=(), converter=_tuple, validator=_names("traits")
    )
    burdens: tuple[str, ...] = attrs.field(
        default=(), converter=_tuple, validator=_names("burdens")
    )
    equipment: tuple[Equipment, ...] = attrs.field(
        default=(), converter=_tuple, validator=_of_type("equipment", Equipment)
    )
    reactions: tuple[Reaction, ...] = attrs.field(
        default=(), converter=_tuple, validator=_of_type("reactions", Reaction)
    )
    notes: str = attrs.field(default="", validator=_text("notes", empty=True, one_line=False))
    player: str | None = attrs.field(default=None)

    @kind.validator
    def _kind_not_extra(self, _attribute: attrs.Attribute[Kind], value: Kind) -> None:
        if value is Kind.EXTRA:
            raise SheetValueError("kind", "hero or villain (Extras belong in an Extra group)",
                                  value.value, rule="R-CON-2")

    @player.validator
    def _player_text(self, _attribute: attrs.Attribute[str | None], value: str | None) -> None:
        if value is not None and (not isinstance(value, str) or not value.strip()):
            raise SheetValueError("player", "a non-empty name or absent", value)
        if value is not None:
            _text("player")(self, _attribute, value)

    @property
    def wits(self) -> int:
        """The Wits this character declares at (R-CON-4)."""
        return self.attributes.wits

    def power(self, name: str) -> Power | None:
        """The Power called ``name`` (any case), if the sheet has it."""
        for power in self.powers:
            if power.name.casefold() == name.casefold():
                return power
        return None


@attrs.frozen
class ExtraGroup:
    """A group of Extras sharing one set of statistics (R-CON-2, R-CON-6, R-CON-19).

    The group declares at the lowest Wits among its members: ``member_wits`` lists each
    member's Wits when they differ, otherwise every member has ``attributes.wits``.
    Extras have no tracked Resiliences: one point of damage defeats one Extra.
    """

    name: str = attrs.field(validator=_text("name"))
    count: int = attrs.field(validator=_whole("count", 1, 1000))
    attributes: Attributes = attrs.field(validator=_of_type("attributes", Attributes))
    standings: Standings | None = attrs.field(default=None)
    powers: tuple[Power, ...] = attrs.field(
        default=(), converter=_tuple, validator=_of_type("powers", Power)
    )
    traits: tuple[str, ...] = attrs.field(
        default=(), converter=_tuple, validator=_names("traits")
    )
    equipment: tuple[Equipment, ...] = attrs.field(
        default=(), converter=_tuple, validator=_of_type("equipment", Equipment)
    )
    reactions: tuple[Reaction, ...] = attrs.field(
        default=(), converter=_tuple, validator=_of_type("reactions", Reaction)
    )
    member_wits: tuple[int, ...] = attrs.field(default=(), converter=_tuple)
    notes: str = attrs.field(default="", validator=_text("notes", empty=True, one_line=False))

    @standings.validator
    def _standings_type(self, _attribute: attrs.Attribute[Any], value: Any) -> None:
        if value is not None:
            _of_type("standings", Standings)(self, _attribute, value)

    @member_wits.validator
    def _member_wits_fit(self, _attribute: attrs.Attribute[Any], value: tuple[int, ...]) -> None:
        check = _whole("member_wits", *ATTRIBUTE_RANGE)
        for wits in value:
            check(self, _attribute, wits)
        if value and len(value) != self.count:
            raise SheetValueError("member_wits", f"one Wits per member ({self.count})",
                                  len(value), rule="R-CON-6")

    @property
    def kind(self) -> Kind:
        """Always :attr:`Kind.EXTRA`."""
        return Kind.EXTRA

    @property
    def wits(self) -> int:
        """The Wits the group declares at: the lowest among its members (R-CON-6)."""
        return min(self.member_wits) if self.member_wits else self.attributes.wits

    def power(self, name: str) -> Power | None:
        """The Power called ``name`` (any case), if the group has it."""
        for power in self.powers:
            if power.name.casefold() == name.casefold():
                return power
        return None


Character = Sheet | ExtraGroup
"""Anything that can take part in a Conflict: a Hero or Villain sheet, or an Extra group."""
