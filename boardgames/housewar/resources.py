"""Mistborn: House War's resource tokens: the six kinds, counts of them, and the supply.

A :class:`Resources` is a frozen count of each kind of token (Money, Food, Prestige,
Skaa, Warriors and the wild Atium), used for a House's holdings, the supply, a cost, a
payment or an income alike. Arithmetic never goes below zero: taking away more than
there is raises :class:`~boardgames.errors.RuleViolation`.

:func:`parse_resources` reads the short forms a player types at the table
(``"2 food, 1 atium"``, ``"2f 1a"``, ``"food=2 atium"``); :meth:`Resources.text`
writes them back in words.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import attrs

from boardgames.errors import BadValue, RuleViolation, shown

__all__ = ["ALIASES", "BASIC", "NOTHING", "PLAYER_COUNTS", "RESOURCES", "SUPPLY", "Resource",
           "Resources", "parse_resources", "resource", "starting_supply"]


class Resource(enum.Enum):
    """A kind of resource token (R-HW-5). Atium is wild: it pays as any other (R-HW-4)."""

    MONEY = "money"
    FOOD = "food"
    PRESTIGE = "prestige"
    SKAA = "skaa"
    WARRIORS = "warriors"
    ATIUM = "atium"

    @property
    def title(self) -> str:
        """The name as the rulebook writes it: ``Money``, ``Warriors``."""
        return self.value.capitalize()

    def counted(self, number: int) -> str:
        """``number`` tokens in words: ``2 Food``, ``1 Warrior``, ``3 Warriors``."""
        if number == 1 and self is Resource.WARRIORS:
            return "1 Warrior"
        return f"{number} {self.title}"


RESOURCES: tuple[Resource, ...] = tuple(Resource)
"""Every kind, in the order the tool lists them (Atium last)."""

BASIC: tuple[Resource, ...] = RESOURCES[:-1]
"""The five kinds that appear in costs and incomes; Atium is the wild sixth."""

ALIASES: dict[str, Resource] = {
    **{r.value: r for r in RESOURCES},
    "m": Resource.MONEY, "f": Resource.FOOD, "p": Resource.PRESTIGE,
    "s": Resource.SKAA, "w": Resource.WARRIORS, "a": Resource.ATIUM,
    "warrior": Resource.WARRIORS,
}
"""Every spelling :func:`parse_resources` and :func:`resource` accept (lower case)."""


def _count(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadValue(f"{attribute.name} must be a whole number, got {shown(value)}",
                       rule="R-HW-5")
    if value < 0:
        raise BadValue(f"{attribute.name} cannot be negative, got {value}", rule="R-HW-5")


def _field() -> Any:
    return attrs.field(default=0, validator=_count)


@attrs.frozen
class Resources:
    """How many tokens of each kind: never negative."""

    money: int = _field()
    food: int = _field()
    prestige: int = _field()
    skaa: int = _field()
    warriors: int = _field()
    atium: int = _field()

    @classmethod
    def of(cls, counts: Mapping[Resource, int] | Iterable[tuple[Resource, int]] = (),
           ) -> Resources:
        """Counts from a mapping (or pairs) of :class:`Resource` to a whole number;
        a kind named twice adds up."""
        items = counts.items() if isinstance(counts, Mapping) else counts
        total = dict.fromkeys(RESOURCES, 0)
        for kind, number in items:
            total[resource(kind)] += number
        return cls(**{kind.value: number for kind, number in total.items()})

    @classmethod
    def each(cls, number: int, atium: int = 0) -> Resources:
        """``number`` of each basic kind and ``atium`` Atium."""
        return cls(number, number, number, number, number, atium)

    def __getitem__(self, kind: Resource) -> int:
        value: int = getattr(self, kind.value)
        return value

    def __iter__(self) -> Iterator[tuple[Resource, int]]:
        """``(kind, count)`` for every kind with a count above zero."""
        for kind in RESOURCES:
            if self[kind]:
                yield kind, self[kind]

    def vector(self) -> tuple[int, ...]:
        """The six counts in :data:`RESOURCES` order."""
        return (self.money, self.food, self.prestige, self.skaa, self.warriors, self.atium)

    @property
    def total(self) -> int:
        """How many tokens in all (each Atium counts as one)."""
        return sum(self.vector())

    def __bool__(self) -> bool:
        return self.total > 0

    def __add__(self, other: Resources) -> Resources:
        return Resources(*(a + b for a, b in zip(self.vector(), other.vector(), strict=True)))

    def __sub__(self, other: Resources) -> Resources:
        """These counts less ``other``; :class:`RuleViolation` when a count would go
        below zero (no one spends tokens they do not have)."""
        short = [kind for kind in RESOURCES if other[kind] > self[kind]]
        if short:
            raise RuleViolation(f"cannot take {other.text()} from {self.text()}: "
                                f"not enough {', '.join(k.title for k in short)}",
                                rule="R-HW-5")
        return Resources(*(a - b for a, b in zip(self.vector(), other.vector(), strict=True)))

    def __mul__(self, factor: int) -> Resources:
        return Resources(*(a * factor for a in self.vector()))

    def covers(self, other: Resources) -> bool:
        """Whether there is at least ``other`` of every kind (no conversion)."""
        return all(a >= b for a, b in zip(self.vector(), other.vector(), strict=True))

    def cap(self, other: Resources) -> Resources:
        """Kind by kind, the smaller of the two counts."""
        return Resources(*(min(a, b) for a, b in zip(self.vector(), other.vector(),
                                                    strict=True)))

    def with_count(self, kind: Resource, number: int) -> Resources:
        """These counts with ``kind`` set to ``number``."""
        return attrs.evolve(self, **{kind.value: number})

    def text(self) -> str:
        """In words, e.g. ``2 Food, 1 Atium``; ``nothing`` when empty."""
        parts = [kind.counted(number) for kind, number in self]
        return ", ".join(parts) if parts else "nothing"


NOTHING = Resources()
"""No tokens at all."""


def resource(value: object) -> Resource:
    """The :class:`Resource` a name or letter means (``"food"``, ``"F"``)."""
    if isinstance(value, Resource):
        return value
    if isinstance(value, str):
        found = ALIASES.get(value.strip().lower())
        if found is not None:
            return found
    raise BadValue(f"unknown resource {shown(value)}: use "
                   f"{', '.join(r.value for r in RESOURCES)}", rule="R-HW-5")


_ITEM = re.compile(r"^(?:(\d+)\s*([a-z]+)|([a-z]+)\s*[=:]\s*(\d+)|([a-z]+))$")


def parse_resources(text: str) -> Resources:
    """Tokens written the way a player says them: ``"2 food, 1 atium"``, ``"2f 1a"``,
    ``"food=2 atium"`` (a bare name is one token), ``"none"`` or ``""`` for nothing.
    Kinds named twice add up."""
    if not isinstance(text, str):
        raise BadValue(f"resources must be text, got {shown(text)}", rule="R-HW-5")
    cleaned = text.strip().lower()
    if cleaned in ("", "none", "nothing", "0", "-"):
        return NOTHING
    # Split "2food1atium" and "2 food, 1 atium" alike into number+name items.
    items = re.findall(r"\d+\s*[a-z]+|[a-z]+\s*[=:]\s*\d+|[a-z]+|\S", cleaned)
    counts: list[tuple[Resource, int]] = []
    for item in items:
        if item in (",", ";", "+", "and"):
            continue
        match = _ITEM.match(item)
        if match is None:
            raise BadValue(f"cannot read {shown(item)} in {shown(text)}: write e.g. "
                           f"'2 food, 1 atium'", rule="R-HW-5")
        number_a, name_a, name_b, number_b, name_c = match.groups()
        name = name_a or name_b or name_c
        number = int(number_a or number_b or 1)
        if len(str(number)) > 6:
            raise BadValue(f"{shown(item)} is more tokens than the game holds", rule="R-HW-5")
        counts.append((resource(name), number))
    return Resources.of(counts)


# --- the supply by player count (R-HW-5) -------------------------------------------

SUPPLY: dict[int, Resources] = {
    3: Resources.each(8, atium=6),
    4: Resources.each(10, atium=7),
    5: Resources.each(12, atium=8),
}
"""The tokens put on the board's Available Resources space at set-up, by player count
(R-HW-5); the rest stay in the box."""

PLAYER_COUNTS: tuple[int, ...] = tuple(SUPPLY)


def starting_supply(players: int) -> Resources:
    """The supply for ``players`` players (R-HW-5); :class:`BadValue` for a count the
    game does not support."""
    if isinstance(players, bool) or not isinstance(players, int) or players not in SUPPLY:
        raise BadValue(f"House War is for 3–5 players, got {shown(players)}", rule="R-HW-5")
    return SUPPLY[players]
