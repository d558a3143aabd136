"""Damage and healing on a sheet (characters/wounds.py): R-CON-19 for Extra groups,
R-CON-20 for Heroes and Villains, worked by hand from the rules."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import resilience_names, sheets

from characters.errors import CharacterError, SheetRuleViolation, SheetValueError
from characters.model import (
    Attributes,
    ExtraGroup,
    Kind,
    Resilience,
    Resiliences,
    Sheet,
    Standings,
)
from characters.wounds import damage_sheet, heal_sheet


def kell(health: int = 8, damage: int = 0) -> Sheet:
    return Sheet(
        name="Kell", kind=Kind.HERO, attributes=Attributes(3, 4, 5),
        standings=Standings(4, 4, 6),
        resiliences=Resiliences(Resilience(health, damage), Resilience(6), Resilience(7)),
    )


GUARDS = ExtraGroup(name="Canton guards", count=4, attributes=Attributes(3, 2, 3))


def test_r_con_20_damage_is_kept_apart_and_adds_up() -> None:
    once = damage_sheet(kell(), "health", 3)
    twice = damage_sheet(once, "Health", 2)
    assert twice.resiliences.health == Resilience(full=8, damage=5)
    assert twice.resiliences.health.current == 3
    assert twice.resiliences.reputation == Resilience(6)  # the others untouched
    assert (twice.name, twice.attributes) == ("Kell", kell().attributes)


def test_r_con_20_a_resilience_at_0_defeats_and_takes_no_more() -> None:
    beaten = damage_sheet(kell(damage=5), "health", 3)
    assert beaten.resiliences.health.defeated
    with pytest.raises(SheetRuleViolation) as caught:
        damage_sheet(kell(damage=5), "health", 4)
    assert str(caught.value) == (
        "R-CON-20: Health of 'Kell' has 3 of 8 left; 4 damage would take it past 0 (at most 3)"
    )
    assert caught.value.rule == "R-CON-20" and isinstance(caught.value, CharacterError)


def test_r_con_20_clamped_damage_stops_at_the_full_score() -> None:
    clamped = damage_sheet(kell(damage=5), "health", 9, clamp=True)
    assert clamped.resiliences.health == Resilience(full=8, damage=8)


def test_r_con_20_healing_takes_off_damage_but_never_more_than_was_taken() -> None:
    assert heal_sheet(kell(damage=5), "health", 2).resiliences.health == Resilience(8, 3)
    with pytest.raises(SheetRuleViolation) as caught:
        heal_sheet(kell(damage=2), "health", 5)
    assert str(caught.value) == (
        "R-CON-20: Health of 'Kell' has taken 2 damage; cannot heal 5 (at most 2)"
    )
    assert heal_sheet(kell(damage=2), "health", 5, clamp=True).resiliences.health == (
        Resilience(8, 0)
    )


@pytest.mark.parametrize("change", [damage_sheet, heal_sheet])
def test_r_con_19_extras_have_no_tracked_resiliences(change: object) -> None:
    assert callable(change)
    with pytest.raises(SheetRuleViolation) as caught:
        change(GUARDS, "health", 1)
    assert str(caught.value) == (
        "R-CON-19: 'Canton guards' is a group of Extras, which have no tracked Resiliences: "
        "each point of damage defeats one Extra"
    )


@pytest.mark.parametrize("change", [damage_sheet, heal_sheet])
def test_r_con_20_amounts_are_whole_numbers_0_to_100(change: object) -> None:
    assert callable(change)
    field = "damage" if change is damage_sheet else "heal"
    for bad in (-1, 101, 2.5, "3", True, 99999999999999999999):
        with pytest.raises(SheetValueError) as caught:
            change(kell(damage=4), "health", bad)
        assert str(caught.value) == (
            f"R-CHAR-1: {field} must be a whole number 0–100, got {bad!r}"
        )
    with pytest.raises(SheetValueError, match="resilience must be one of health"):
        change(kell(), "luck", 1)


@given(sheets(), resilience_names, st.integers(0, 100))
def test_r_con_20_healing_what_was_dealt_restores_the_sheet(
    sheet: Sheet, resilience: str, amount: int
) -> None:
    before = sheet.resiliences.get(resilience)
    if amount > before.current:
        with pytest.raises(SheetRuleViolation):
            damage_sheet(sheet, resilience, amount)
        return
    hurt = damage_sheet(sheet, resilience, amount)
    assert hurt.resiliences.get(resilience).damage == before.damage + amount
    assert heal_sheet(hurt, resilience, amount) == sheet
