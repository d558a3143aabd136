"""Character sheets and Extra groups (R-CHAR-1, R-CON-2, R-CON-6), as frozen values.

Every field is validated when a value is built; a bad value raises
:class:`~characters.errors.SheetValueError` naming the field, what is allowed and
what was given. Names follow :mod:`characters.names` (stored trimmed, matched by
:func:`~characters.names.name_key`); every value has the ceiling
:mod:`characters.limits` states (and ``docs/limits.md`` lists).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from typing import Any, Final

import attrs

from characters.errors import SheetValueError
from characters.limits import (
    AMOUNT_RANGE,
    ATTRIBUTE_RANGE,
    EQUIPMENT_DAMAGE_RANGE,
    GROUP_COUNT_RANGE,
    LIST_MAX,
    POWER_RANGE,
    REACTION_RANGE,
    RESILIENCE_RANGE,
    STANDING_RANGE,
)
from characters.names import check_name, check_notes, name_key

__all__ = [
    "ATTRIBUTES",
    "ATTRIBUTE_RANGE",
    "POWER_RANGE",
    "REACTION_RANGE",
    "RESILIENCES",
    "STANDINGS",
    "STANDING_RANGE",
    "Attributes",
    "Character",
    "Equipment",
    "ExtraGroup",
    "Kind",
    "Power",
    "Reaction",
    "Resilience",
    "Resiliences",
    "Sheet",
    "Standings",
]

ATTRIBUTES: Final = ("physique", "charm", "wits")
STANDINGS: Final = ("resources", "influence", "spirit")
RESILIENCES: Final = ("health", "reputation", "willpower")


class Kind(enum.Enum):
    """What a character is (R-CHAR-1)."""

    HERO = "hero"
    VILLAIN = "villain"
    EXTRA = "extra"


def _range_text(low: int, high: int | None) -> str:
    return f"a whole number {low}–{high}" if high is not None else f"a whole number ≥ {low}"


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_whole(name: str, value: Any, low: int, high: int | None, *, rule: str = "R-CHAR-1"
                 ) -> int:
    if not _is_whole(value) or value < low or (high is not None and value > high):
        raise SheetValueError(name, _range_text(low, high), value, rule=rule)
    whole: int = value
    return whole


def _whole(field: str, low: int, high: int | None = None) -> Callable[[Any, Any, Any], None]:
    def check(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        _check_whole(field or attribute.name, value, low, high)

    return check


def _notes(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    check_notes(value, field=attribute.name)


def _as_tuple(field: str, value: Any, limit: int = LIST_MAX) -> tuple[Any, ...]:
    """A list as a tuple; one bare item (text or a value) as a list of one."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        return (value,)
    items = tuple(value)
    if len(items) > limit:
        raise SheetValueError(field, f"a list of at most {limit} items", len(items))
    return items


def _unique(field: str, names: Iterable[str]) -> None:
    """Two items of one list never share a name (ignoring case, as names are matched)."""
    seen: set[str] = set()
    for name in names:
        key = name_key(name)
        if key in seen:
            raise SheetValueError(field, "names that differ (ignoring case)", name)
        seen.add(key)


def _names(field: str, value: Any) -> tuple[str, ...]:
    """A list of names (Traits, Burdens): each one checked and trimmed, at most
    :data:`LIST_MAX` of them, no two the same."""
    items = _as_tuple(field, value)
    names = tuple(check_name(item, field=f"{field}[{at}]") for at, item in enumerate(items, 1))
    _unique(field, names)
    return names


# Converters, one per field (the attrs plugin of mypy reads named functions only).


def _sheet_name(value: str) -> str:
    return check_name(value, field="name")


def _power_name(value: str) -> str:
    return check_name(value, field="powers.name")


def _equipment_name(value: str) -> str:
    return check_name(value, field="equipment.name")


def _reaction_name(value: str) -> str:
    return check_name(value, field="reactions.name")


def _traits(value: Iterable[str]) -> tuple[str, ...]:
    return _names("traits", value)


def _burdens(value: Iterable[str]) -> tuple[str, ...]:
    return _names("burdens", value)


def _powers(value: Iterable[Power]) -> tuple[Power, ...]:
    return _as_tuple("powers", value)


def _equipment(value: Iterable[Equipment]) -> tuple[Equipment, ...]:
    return _as_tuple("equipment", value)


def _reactions(value: Iterable[Reaction]) -> tuple[Reaction, ...]:
    return _as_tuple("reactions", value)


def _member_wits(value: Iterable[int]) -> tuple[int, ...]:
    return _as_tuple("member_wits", value, GROUP_COUNT_RANGE[1])


def _of_type(field: str, cls: type, *, named: bool = False) -> Callable[[Any, Any, Any], None]:
    """Each item is a ``cls``; with ``named``, no two items share a name."""

    def check(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        items = value if isinstance(value, tuple) else (value,)
        for item in items:
            if not isinstance(item, cls):
                raise SheetValueError(field or attribute.name, f"a {cls.__name__}", item)
        if named:
            _unique(field, (item.name for item in items))

    return check


def _kind(value: Kind | str) -> Kind:
    """A Kind from itself or its value (any case); anything else names the field."""
    if isinstance(value, Kind):
        return value
    if isinstance(value, str):
        try:
            return Kind(value.strip().lower())
        except ValueError:
            pass
    raise SheetValueError("kind", "hero or villain", value)


def _player(value: str | None) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise SheetValueError("player", "a name or absent", value)
    return check_name(value, field="player")


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

    name: str = attrs.field(converter=_power_name)
    rating: int = attrs.field(validator=_whole("powers.rating", *POWER_RANGE))


@attrs.frozen
class Resilience:
    """A Resilience's full score (1–100) and the damage taken, kept apart (R-CHAR-1,
    R-CON-20). Damage runs from 0 to the full score: at the full score the Resilience
    is at 0 and the character is defeated, so it never takes more."""

    full: int = attrs.field(validator=_whole("", *RESILIENCE_RANGE))
    damage: int = attrs.field(default=0)

    @damage.validator
    def _damage_fits(self, _attribute: attrs.Attribute[int], value: Any) -> None:
        # Below 0 or not a number is malformed (R-CHAR-1); past the full score, the
        # Resilience would be below 0, where R-CON-20 stops it.
        rule = "R-CON-20" if _is_whole(value) and value > self.full else "R-CHAR-1"
        _check_whole("damage", value, 0, self.full, rule=rule)

    @property
    def current(self) -> int:
        """Full score less damage."""
        return self.full - self.damage

    @property
    def defeated(self) -> bool:
        """A Resilience at 0 defeats the character (R-CON-20)."""
        return self.current == 0

    def damaged(self, amount: int, *, clamp: bool = False) -> Resilience:
        """This Resilience after ``amount`` (0–100) more damage (R-CON-20).

        Damage past the full score is refused, unless ``clamp``: then the Resilience
        stops at 0 (a Conflict applies whatever a hit deals).
        """
        amount = _check_whole("damage", amount, *AMOUNT_RANGE)
        left = self.current
        if amount > left:
            if not clamp:
                raise SheetValueError(
                    "damage", f"a whole number 0–{left} ({left} left of {self.full}; a "
                    "Resilience stops at 0)", amount, rule="R-CON-20")
            amount = left
        return attrs.evolve(self, damage=self.damage + amount)

    def healed(self, amount: int, *, clamp: bool = False) -> Resilience:
        """This Resilience after healing ``amount`` (0–100) of the damage taken.

        Healing more than the damage taken is refused, unless ``clamp``: then all the
        damage is healed.
        """
        amount = _check_whole("heal", amount, *AMOUNT_RANGE)
        if amount > self.damage:
            if not clamp:
                raise SheetValueError(
                    "heal", f"a whole number 0–{self.damage} (the damage taken)", amount,
                    rule="R-CON-20")
            amount = self.damage
        return attrs.evolve(self, damage=self.damage - amount)


@attrs.frozen
class Resiliences:
    """Health, Reputation and Willpower (R-CHAR-1)."""

    health: Resilience = attrs.field(validator=_of_type("resiliences.health", Resilience))
    reputation: Resilience = attrs.field(
        validator=_of_type("resiliences.reputation", Resilience)
    )
    willpower: Resilience = attrs.field(validator=_of_type("resiliences.willpower", Resilience))

    def get(self, name: str) -> Resilience:
        """The Resilience called ``name`` (health, reputation or willpower, any case)."""
        if name.__class__ is str and name in RESILIENCES:  # the common case: as spelt here
            found: Resilience = getattr(self, name)
            return found
        key = name.strip().lower() if isinstance(name, str) else None
        if key not in RESILIENCES:
            raise SheetValueError("resilience", "one of health, reputation, willpower", name)
        value: Resilience = getattr(self, key)
        return value

    def replace(self, name: str, value: Resilience) -> Resiliences:
        """A copy with the Resilience called ``name`` replaced."""
        self.get(name)
        return attrs.evolve(self, **{name.strip().lower(): value})


@attrs.frozen
class Equipment:
    """A weapon or other gear and the damage it adds to a successful attack (R-CON-18)."""

    name: str = attrs.field(converter=_equipment_name)
    damage: int = attrs.field(default=0, validator=_whole("equipment.damage",
                                                          *EQUIPMENT_DAMAGE_RANGE))


@attrs.frozen
class Reaction:
    """A Reaction ability and the dice it grants when used (R-CON-16)."""

    name: str = attrs.field(converter=_reaction_name)
    dice: int = attrs.field(validator=_whole("reactions.dice", *REACTION_RANGE))


def _find(items: Iterable[Any], name: str) -> Any:
    key = name_key(name)
    return next((item for item in items if name_key(item.name) == key), None)


@attrs.frozen
class Sheet:
    """A Hero's or Villain's sheet (R-CHAR-1). Heroes and Villains act alone (R-CON-2).

    Names are stored trimmed (see :func:`~characters.names.check_name`); each list
    holds at most :data:`~characters.limits.LIST_MAX` items, no two with the same name.
    """

    name: str = attrs.field(converter=_sheet_name)
    kind: Kind = attrs.field(converter=_kind)
    attributes: Attributes = attrs.field(validator=_of_type("attributes", Attributes))
    standings: Standings = attrs.field(validator=_of_type("standings", Standings))
    resiliences: Resiliences = attrs.field(validator=_of_type("resiliences", Resiliences))
    powers: tuple[Power, ...] = attrs.field(
        default=(), converter=_powers, validator=_of_type("powers", Power, named=True)
    )
    traits: tuple[str, ...] = attrs.field(default=(), converter=_traits)
    burdens: tuple[str, ...] = attrs.field(default=(), converter=_burdens)
    equipment: tuple[Equipment, ...] = attrs.field(
        default=(), converter=_equipment,
        validator=_of_type("equipment", Equipment, named=True),
    )
    reactions: tuple[Reaction, ...] = attrs.field(
        default=(), converter=_reactions,
        validator=_of_type("reactions", Reaction, named=True),
    )
    notes: str = attrs.field(default="", validator=_notes)
    player: str | None = attrs.field(default=None, converter=_player)

    @kind.validator
    def _kind_not_extra(self, _attribute: attrs.Attribute[Kind], value: Kind) -> None:
        if value is Kind.EXTRA:
            raise SheetValueError("kind", "hero or villain (Extras belong in an Extra group)",
                                  value.value, rule="R-CON-2")

    @property
    def wits(self) -> int:
        """The Wits this character declares at (R-CON-4)."""
        return self.attributes.wits

    def power(self, name: str) -> Power | None:
        """The Power called ``name`` (matched by :func:`~characters.names.name_key`)."""
        found: Power | None = _find(self.powers, name)
        return found


@attrs.frozen
class ExtraGroup:
    """A group of Extras sharing one set of statistics (R-CON-2, R-CON-6, R-CON-19).

    The group declares at the lowest Wits among its members: ``member_wits`` lists each
    member's Wits when they differ, otherwise every member has ``attributes.wits``.
    Extras have no tracked Resiliences: one point of damage defeats one Extra.
    """

    name: str = attrs.field(converter=_sheet_name)
    count: int = attrs.field(validator=_whole("count", *GROUP_COUNT_RANGE))
    attributes: Attributes = attrs.field(validator=_of_type("attributes", Attributes))
    standings: Standings | None = attrs.field(default=None)
    powers: tuple[Power, ...] = attrs.field(
        default=(), converter=_powers, validator=_of_type("powers", Power, named=True)
    )
    traits: tuple[str, ...] = attrs.field(default=(), converter=_traits)
    equipment: tuple[Equipment, ...] = attrs.field(
        default=(), converter=_equipment,
        validator=_of_type("equipment", Equipment, named=True),
    )
    reactions: tuple[Reaction, ...] = attrs.field(
        default=(), converter=_reactions,
        validator=_of_type("reactions", Reaction, named=True),
    )
    member_wits: tuple[int, ...] = attrs.field(
        default=(), converter=_member_wits
    )
    notes: str = attrs.field(default="", validator=_notes)

    @standings.validator
    def _standings_type(self, _attribute: attrs.Attribute[Any], value: Any) -> None:
        if value is not None:
            _of_type("standings", Standings)(self, _attribute, value)

    @member_wits.validator
    def _member_wits_fit(self, _attribute: attrs.Attribute[Any], value: tuple[int, ...]) -> None:
        if value and len(value) != self.count:
            raise SheetValueError("member_wits", f"one Wits per member ({self.count})",
                                  len(value), rule="R-CON-6")
        check = _whole("member_wits", *ATTRIBUTE_RANGE)
        for wits in value:
            check(self, _attribute, wits)

    @property
    def kind(self) -> Kind:
        """Always :attr:`Kind.EXTRA`."""
        return Kind.EXTRA

    @property
    def wits(self) -> int:
        """The Wits the group declares at: the lowest among its members (R-CON-6)."""
        return min(self.member_wits) if self.member_wits else self.attributes.wits

    def power(self, name: str) -> Power | None:
        """The Power called ``name`` (matched by :func:`~characters.names.name_key`)."""
        found: Power | None = _find(self.powers, name)
        return found


Character = Sheet | ExtraGroup
"""Anything that can take part in a Conflict: a Hero or Villain sheet, or an Extra group."""
