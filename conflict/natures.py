"""The words a Conflict's events are written in: the :class:`Nature` of a Conflict or
an attack, the :class:`DeclarationKind` of a declaration (R-CON-1/7/8), and the checks
of an action's aim that :class:`~conflict.events.Declare` and
:class:`~conflict.events.Change` share (R-CON-8/8a). :mod:`conflict.events` exports
them all; this module keeps that one under the size a reader holds in mind."""

from __future__ import annotations

import enum
from typing import Any, Final, Protocol

import attrs

from characters.model import RESILIENCES
from conflict import fields as f
from conflict.errors import BadValue, shown

__all__ = ["DEFAULT_RESILIENCE", "DEFENSE_ATTRIBUTE", "DeclarationKind", "Nature"]


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


_NATURE = f.to_enum(Nature, "nature")
_KIND = f.to_enum(DeclarationKind, "kind")
_ATTACK_KIND = f.to_enum(Nature, "attack_kind")


def to_nature(value: Any) -> Nature:
    return _NATURE(value)


def to_kind(value: Any) -> DeclarationKind:
    return _KIND(value)


def to_attack_kind(value: Any) -> Nature | None:
    return None if value is None else _ATTACK_KIND(value)


# The validators of an action's aim, shared by Declare and Change (R-CON-8/8a). The fields
# are written out in each class: the type checker reads attrs.field() only where it is
# called, so a field made by a helper would lose its keyword-only, required signature.
TARGET = f.optional(f.name("R-CON-8"))
EQUIPMENT = f.optional(f.name("R-CON-18"))


class Aimed(Protocol):
    """What :func:`check_aim` reads of a declaration or a change of action."""

    @property
    def target(self) -> str | None: ...
    @property
    def resilience(self) -> str | None: ...
    @property
    def equipment(self) -> str | None: ...
    @property
    def attack_kind(self) -> Nature | None: ...
    @property
    def harm(self) -> bool: ...


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
