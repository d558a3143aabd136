"""Damage and healing recorded on a sheet between or after Conflicts (R-CON-19, R-CON-20).

Pure arithmetic on frozen values, for whoever keeps the roster: the sheet comes in,
the changed sheet goes out, and a request the rules refuse raises
:class:`~characters.errors.SheetRuleViolation` naming the rule.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from characters.errors import SheetRuleViolation, SheetValueError, shown
from characters.model import Character, ExtraGroup, Resilience, Sheet

__all__ = ["damage_sheet", "heal_sheet"]


def _sheet(character: Character) -> Sheet:
    if isinstance(character, ExtraGroup):
        raise SheetRuleViolation(
            f"{shown(character.name)} is a group of Extras, which have no tracked "
            "Resiliences: each point of damage defeats one Extra",
            rule="R-CON-19",
        )
    return character


def _changed(character: Character, resilience: str, change: Callable[[Resilience], Resilience],
             refusal: Callable[[Sheet, str, Resilience], str]) -> Sheet:
    """``character`` with the Resilience called ``resilience`` changed by ``change``;
    R-CON-20's refusal of the Resilience itself retold by ``refusal``, naming the sheet."""
    sheet = _sheet(character)
    current = sheet.resiliences.get(resilience)
    try:
        changed = change(current)
    except SheetValueError as error:
        if error.rule != "R-CON-20":
            raise
        label = resilience.strip().capitalize()
        raise SheetRuleViolation(refusal(sheet, label, current), rule="R-CON-20") from None
    return attrs.evolve(sheet, resiliences=sheet.resiliences.replace(resilience, changed))


def damage_sheet(character: Character, resilience: str, amount: int, *,
                 clamp: bool = False) -> Sheet:
    """``character`` after ``amount`` (0–100) damage to the Resilience called
    ``resilience`` (R-CON-20: damage is kept apart from the full score and adds up).

    Raises :class:`SheetRuleViolation` for an Extra group (R-CON-19) or for damage
    past the full score (R-CON-20: a Resilience at 0 is defeated and takes no more),
    unless ``clamp``, which stops the damage at the full score;
    :class:`~characters.errors.SheetValueError` for an unknown Resilience or an
    amount that is not a whole number 0–100.
    """
    return _changed(
        character, resilience, lambda current: current.damaged(amount, clamp=clamp),
        lambda sheet, label, current: (
            f"{label} of {shown(sheet.name)} has {current.current} of {current.full} left; "
            f"{amount} damage would take it past 0 (at most {current.current})"))


def heal_sheet(character: Character, resilience: str, amount: int, *,
               clamp: bool = False) -> Sheet:
    """``character`` with ``amount`` (0–100) of the damage to the Resilience called
    ``resilience`` healed (R-CON-20).

    Raises :class:`SheetRuleViolation` for an Extra group (R-CON-19) or for healing
    more than the damage taken, unless ``clamp``, which heals all of it;
    :class:`~characters.errors.SheetValueError` for an unknown Resilience or an
    amount that is not a whole number 0–100.
    """
    return _changed(
        character, resilience, lambda current: current.healed(amount, clamp=clamp),
        lambda sheet, label, current: (
            f"{label} of {shown(sheet.name)} has taken {current.damage} damage; cannot heal "
            f"{amount} (at most {current.damage})"))
