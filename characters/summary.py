"""A character summed up for a roster's listing: what ``mistborn char list`` shows of it,
as JSON-ready data (``char list --json`` prints it; the table keeps it beside each row,
:mod:`table.roster_listing`)."""

from __future__ import annotations

from typing import Any

from characters.model import RESILIENCES, Character, ExtraGroup, Sheet

__all__ = ["defeated", "summary"]


def defeated(sheet: Sheet) -> bool:
    """Whether any Resilience is at 0 (R-CON-20: that defeats the character)."""
    return any(sheet.resiliences.get(name).defeated for name in RESILIENCES)


def summary(character: Character) -> dict[str, Any]:
    """The name, kind and Wits; a group's count, or a sheet's player, each Resilience
    (full, damage, current) and whether it is defeated."""
    data: dict[str, Any] = {
        "name": character.name,
        "kind": character.kind.value,
        "wits": character.wits,
    }
    if isinstance(character, ExtraGroup):
        data["count"] = character.count
    else:
        data["player"] = character.player
        data["resiliences"] = {
            name: {"full": value.full, "damage": value.damage, "current": value.current}
            for name in RESILIENCES
            for value in [character.resiliences.get(name)]
        }
        data["defeated"] = defeated(character)
    return data
