"""House sheets in House War (R-HW-5): the rulebook's House list, which names the first
Active House, and the events that set and change what a House collects each turn.

Every House collects the resources and Personality cards on its sheet at set-up
(:class:`Sheet`); from then on its income is remembered: the sheet's icons, plus one
icon per Advisor in play (:class:`Advisor`), less one per Ruined token covering an icon
(:class:`Ruin`; a Lesser Noble dismisses one). Step 1 then needs no numbers.

=========  =======  ===========================================================
class      TYPE     meaning
=========  =======  ===========================================================
Sheet      sheet    set-up: a House collects its sheet's resources and cards
Ruin       ruin     a Ruined token covers an icon (or, dismissed, uncovers it)
Advisor    advisor  an Advisor adds an icon to the income (or, discarded, not)
=========  =======  ===========================================================
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

import attrs

from boardgames.errors import BadValue, shown
from boardgames.housewar.checks import a_name, clean, key, whole_number
from boardgames.housewar.pay import check_cost
from boardgames.housewar.resources import NOTHING, Resources

HOUSE_LIST: tuple[str, ...] = (
    "Steel Ministry", "Venture", "Hasting", "Elariel", "Tekiel", "Lekal", "Erikeller",
    "Erikell", "Haught", "Urbain", "Buvidas")
"""The rulebook's House list, highest first: the House highest on it takes the first
turn (R-HW-5). The extracted rulebook garbles the middle of the list; this is its order
as read, and the table may name another first House."""

MAX_CARDS = 9


def _rank(name: str) -> int:
    """Where ``name`` stands on :data:`HOUSE_LIST` (``House Venture`` as ``Venture``);
    after every listed House when it is not there."""
    wanted = key(name)
    if wanted.startswith("house "):
        wanted = wanted.removeprefix("house ")
    ranks = {key(listed): n for n, listed in enumerate(HOUSE_LIST)}
    return ranks.get(wanted, len(HOUSE_LIST))


def first_active(houses: Iterable[str]) -> str:
    """The House that takes the first turn: the one highest on the House list
    (R-HW-5); the first named when none is on it."""
    names = list(houses)
    if not names:
        raise BadValue("no Houses to choose the first Active House from", rule="R-HW-5")
    return min(names, key=_rank)  # min keeps the first of equal ranks


def _resources(value: Resources) -> Resources:
    if not isinstance(value, Resources):
        raise BadValue(f"expected resources, got {shown(value)}", rule="R-HW-5")
    return check_cost(value, "an income")


def _icons(value: Resources) -> Resources:
    icons = _resources(value)
    if not icons:
        raise BadValue("name at least 1 resource icon", rule="R-HW-5")
    return icons


def _flag(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, bool):
        raise BadValue(f"{attribute.name} must be true or false, got {shown(value)}",
                       rule="R-HW-5")


@attrs.frozen
class Sheet:
    """Set-up (R-HW-5): ``house`` collects the resources and the number of Personality
    cards shown on its sheet; they are its income from then on."""

    TYPE: ClassVar[str] = "sheet"

    house: str = attrs.field(converter=clean, validator=a_name("R-HW-5"))
    income: Resources = attrs.field(default=NOTHING, converter=_resources)
    cards: int = attrs.field(default=0, validator=whole_number(0, MAX_CARDS, "R-HW-5"))


@attrs.frozen
class Ruin:
    """Ruined tokens cover ``icons`` of ``house``'s sheet or Advisors: they are no
    longer collected (R-HW-5). ``dismissed``: a Lesser Noble removes them instead."""

    TYPE: ClassVar[str] = "ruin"

    house: str = attrs.field(converter=clean, validator=a_name("R-HW-5"))
    icons: Resources = attrs.field(converter=_icons)
    dismissed: bool = attrs.field(default=False, validator=_flag)


@attrs.frozen
class Advisor:
    """An Advisor played face up by ``house`` adds ``icons`` to what it collects
    (R-HW-5); ``discarded``: the Advisor leaves play and takes its icons (and any
    Ruined token on them) with it."""

    TYPE: ClassVar[str] = "advisor"

    house: str = attrs.field(converter=clean, validator=a_name("R-HW-5"))
    icons: Resources = attrs.field(converter=_icons)
    discarded: bool = attrs.field(default=False, validator=_flag)


__all__ = ["HOUSE_LIST", "Advisor", "Ruin", "Sheet", "first_active"]
