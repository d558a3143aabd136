"""The character model (characters/model.py) and the dice a sheet brings
(characters/pools.py): every validator names the field, the allowed values and the
value given."""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import attribute_scores, extra_groups, resilience_values, sheets

from characters.errors import CharacterError, SheetValueError
from characters.model import (
    Attributes,
    Equipment,
    ExtraGroup,
    Kind,
    Power,
    Reaction,
    Resilience,
    Resiliences,
    Sheet,
    Standings,
)
from characters.pools import dice_for


def resiliences(health: int = 8, reputation: int = 6, willpower: int = 7) -> Resiliences:
    return Resiliences(Resilience(health), Resilience(reputation), Resilience(willpower))


def sheet(**changes: Any) -> Sheet:
    fields: dict[str, Any] = {
        "name": "Kell",
        "kind": Kind.HERO,
        "attributes": Attributes(physique=4, charm=3, wits=5),
        "standings": Standings(resources=4, influence=6, spirit=5),
        "resiliences": resiliences(),
        "powers": (Power("Steelpushing", 5),),
        "traits": ("Quick", "Brawler"),
    }
    fields.update(changes)
    return Sheet(**fields)


def group(**changes: Any) -> ExtraGroup:
    fields: dict[str, Any] = {
        "name": "Hazekillers",
        "count": 8,
        "attributes": Attributes(physique=4, charm=2, wits=3),
    }
    fields.update(changes)
    return ExtraGroup(**fields)


def refused(build: Any, field: str, allowed: str, value: object, rule: str = "R-CHAR-1") -> None:
    """``build()`` raises a SheetValueError for ``field`` naming the range and the value."""
    with pytest.raises(SheetValueError) as caught:
        build()
    error = caught.value
    assert isinstance(error, CharacterError) and isinstance(error, ValueError)
    assert (error.field, error.value, error.rule) == (field, value, rule)
    assert allowed in error.allowed
    assert str(error) == f"{rule}: {field} must be {error.allowed}, got {value!r}"


# --- R-CHAR-1: Attributes 2–6, Standings 2–10 -------------------------------------------


@pytest.mark.parametrize("field", ["physique", "charm", "wits"])
@pytest.mark.parametrize("value", [1, 7, 0, -3, 4.0, "4", True, None])
def test_r_char_1_attributes_are_whole_numbers_2_to_6(field: str, value: object) -> None:
    scores: dict[str, Any] = {"physique": 3, "charm": 3, "wits": 3, field: value}
    refused(lambda: Attributes(**scores), f"attributes.{field}", "2–6", value)


@pytest.mark.parametrize("field", ["resources", "influence", "spirit"])
@pytest.mark.parametrize("value", [1, 11, 2.5, "6", False])
def test_r_char_1_standings_are_whole_numbers_2_to_10(field: str, value: object) -> None:
    scores: dict[str, Any] = {"resources": 5, "influence": 5, "spirit": 5, field: value}
    refused(lambda: Standings(**scores), f"standings.{field}", "2–10", value)


@given(attribute_scores, attribute_scores, attribute_scores)
def test_r_char_1_every_attribute_in_range_is_accepted(p: int, c: int, w: int) -> None:
    assert attrs.astuple(Attributes(p, c, w)) == (p, c, w)


@given(st.integers(2, 10), st.integers(2, 10), st.integers(2, 10))
def test_r_char_1_every_standing_in_range_is_accepted(r: int, i: int, s: int) -> None:
    assert attrs.astuple(Standings(r, i, s)) == (r, i, s)


# --- R-CHAR-1: Powers, equipment, Reactions ------------------------------------------------


def test_r_char_1_power_has_a_name_and_a_rating() -> None:
    refused(lambda: Power("", 3), "powers.name", "non-empty text", "")
    refused(lambda: Power("   ", 3), "powers.name", "non-empty text", "   ")
    refused(lambda: Power(5, 3), "powers.name", "text", 5)  # type: ignore[arg-type]
    refused(lambda: Power("Pewter", 0), "powers.rating", "1–10", 0)
    refused(lambda: Power("Pewter", 11), "powers.rating", "1–10", 11)


def test_r_con_18_equipment_damage_bonus_0_to_10() -> None:
    assert Equipment("Staff").damage == 0
    refused(lambda: Equipment("Axe", -1), "equipment.damage", "0–10", -1)
    refused(lambda: Equipment("Axe", 11), "equipment.damage", "0–10", 11)
    refused(lambda: Equipment("", 1), "equipment.name", "non-empty text", "")


def test_r_con_16_reaction_grants_1_to_10_dice() -> None:
    refused(lambda: Reaction("Push", 0), "reactions.dice", "1–10", 0)
    refused(lambda: Reaction("Push", 11), "reactions.dice", "1–10", 11)
    refused(lambda: Reaction("", 2), "reactions.name", "non-empty text", "")


# --- R-CHAR-1 / R-CON-20: Resiliences, damage kept apart ------------------------------------


def test_r_char_1_resilience_full_score_1_to_100_and_damage_0_to_full() -> None:
    refused(lambda: Resilience(0), "full", "1–100", 0)
    refused(lambda: Resilience(101), "full", "1–100", 101)
    refused(lambda: Resilience(5.5), "full", "1–100", 5.5)  # type: ignore[arg-type]
    refused(lambda: Resilience(5, -1), "damage", "0–5", -1)
    refused(lambda: Resilience(5, True), "damage", "0–5", True)
    assert Resilience(100, 100).current == 0


def test_r_con_20_damage_never_exceeds_the_full_score() -> None:
    # A Resilience at 0 is defeated: it takes no further damage, so 9 on 8 is no sheet.
    refused(lambda: Resilience(full=8, damage=9), "damage", "0–8", 9, rule="R-CON-20")
    assert Resilience(full=8, damage=8).defeated


@given(resilience_values())
def test_r_con_20_current_is_full_less_damage(resilience: Resilience) -> None:
    assert resilience.current == resilience.full - resilience.damage >= 0
    assert resilience.defeated == (resilience.damage == resilience.full)


@given(resilience_values(), st.integers(0, 100))
def test_r_con_20_damage_past_the_full_score_is_refused_unless_clamped(
    resilience: Resilience, amount: int
) -> None:
    if amount <= resilience.current:
        after = resilience.damaged(amount)
        assert after.full == resilience.full  # the full score is never touched
        assert after.damage == resilience.damage + amount
    else:
        with pytest.raises(SheetValueError) as caught:
            resilience.damaged(amount)
        assert caught.value.rule == "R-CON-20"
        assert f"0–{resilience.current}" in caught.value.allowed
    clamped = resilience.damaged(amount, clamp=True)
    assert clamped.damage == min(resilience.full, resilience.damage + amount)


@given(resilience_values(), st.integers(0, 100))
def test_r_con_20_healing_more_than_the_damage_is_refused_unless_clamped(
    resilience: Resilience, amount: int
) -> None:
    if amount <= resilience.damage:
        assert resilience.healed(amount).damage == resilience.damage - amount
    else:
        with pytest.raises(SheetValueError) as caught:
            resilience.healed(amount)
        assert caught.value.rule == "R-CON-20"
    assert resilience.healed(amount, clamp=True).damage == max(0, resilience.damage - amount)


def test_r_con_20_amounts_are_whole_numbers_0_to_100() -> None:
    refused(lambda: Resilience(5).damaged(-1), "damage", "0–100", -1)
    refused(lambda: Resilience(5).healed(-2), "heal", "0–100", -2)
    refused(lambda: Resilience(5).damaged(2.0), "damage", "0–100", 2.0)  # type: ignore[arg-type]
    refused(lambda: Resilience(5).damaged(101, clamp=True), "damage", "0–100", 101)
    huge = 99999999999999999999
    with pytest.raises(SheetValueError) as caught:
        Resilience(5).damaged(huge)
    assert str(caught.value) == f"R-CHAR-1: damage must be a whole number 0–100, got {huge}"


def test_r_char_1_resiliences_by_name() -> None:
    res = resiliences(health=8, reputation=6, willpower=7)
    assert res.get("Health").full == 8 and res.get("willpower").full == 7
    assert res.replace("REPUTATION", Resilience(9)).reputation.full == 9
    refused(lambda: res.get("luck"), "resilience", "health, reputation, willpower", "luck")
    refused(
        lambda: Resiliences(Resilience(3), 4, Resilience(3)),  # type: ignore[arg-type]
        "resiliences.reputation", "Resilience", 4,
    )


# --- R-CHAR-1 / R-CON-2: the sheet ---------------------------------------------------------


def test_r_char_1_sheet_fields_are_checked() -> None:
    refused(lambda: sheet(name=""), "name", "non-empty text", "")
    refused(lambda: sheet(name=None), "name", "text", None)
    refused(lambda: sheet(kind="wizard"), "kind", "hero or villain", "wizard")
    refused(lambda: sheet(attributes="3 3 3"), "attributes", "Attributes", "3 3 3")
    refused(lambda: sheet(standings=None), "standings", "Standings", None)
    refused(lambda: sheet(resiliences=8), "resiliences", "Resiliences", 8)
    refused(lambda: sheet(powers=["Steel"]), "powers", "Power", "Steel")
    refused(lambda: sheet(traits=["Quick", ""]), "traits[2]", "non-empty text", "")
    refused(lambda: sheet(burdens=[7]), "burdens[1]", "text", 7)
    refused(lambda: sheet(equipment=[Power("x", 1)]), "equipment", "Equipment", Power("x", 1))
    refused(lambda: sheet(reactions=["Push"]), "reactions", "Reaction", "Push")
    refused(lambda: sheet(notes=None), "notes", "text", None)
    refused(lambda: sheet(player=""), "player", "non-empty text", "")
    refused(lambda: sheet(player=3), "player", "a name or absent", 3)


def test_r_con_2_extras_never_have_a_sheet_of_their_own() -> None:
    refused(lambda: sheet(kind=Kind.EXTRA), "kind", "Extra group", "extra", rule="R-CON-2")
    refused(lambda: sheet(kind="extra"), "kind", "Extra group", "extra", rule="R-CON-2")


def test_r_char_1_kind_by_name_in_any_case() -> None:
    assert sheet(kind="Villain").kind is Kind.VILLAIN
    assert sheet(kind=" hero ").kind is Kind.HERO


def test_sheets_are_frozen() -> None:
    kell = sheet()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        kell.name = "Other"  # type: ignore[misc]


@given(sheets())
def test_r_con_4_a_sheet_declares_at_its_wits(character: Sheet) -> None:
    assert character.wits == character.attributes.wits
    assert character.kind in (Kind.HERO, Kind.VILLAIN)


def test_power_lookup_ignores_case() -> None:
    assert sheet().power("STEELPUSHING") == Power("Steelpushing", 5)
    assert sheet().power("Pewter") is None


# --- R-CON-2 / R-CON-6 / R-CON-19: Extra groups --------------------------------------------


def test_r_con_2_group_count_and_fields() -> None:
    refused(lambda: group(count=0), "count", "1–1000", 0)
    refused(lambda: group(count=1001), "count", "1–1000", 1001)
    refused(lambda: group(name=" "), "name", "non-empty text", " ")
    refused(lambda: group(standings=5), "standings", "Standings", 5)
    refused(lambda: group(attributes=None), "attributes", "Attributes", None)
    assert group().kind is Kind.EXTRA


def test_r_con_6_member_wits_one_per_member_each_2_to_6() -> None:
    refused(lambda: group(count=3, member_wits=(2, 3)), "member_wits", "one Wits per member",
            2, rule="R-CON-6")
    refused(lambda: group(count=2, member_wits=(2, 7)), "member_wits", "2–6", 7)


def test_r_con_6_group_declares_at_the_lowest_wits() -> None:
    assert group(count=4, member_wits=(3, 2, 3, 4)).wits == 2
    assert group().wits == 3


@given(extra_groups())
def test_r_con_6_group_wits_is_the_lowest_member(extras: ExtraGroup) -> None:
    every_member = extras.member_wits or (extras.attributes.wits,) * extras.count
    assert extras.wits == min(every_member)


# --- R-DICE-1: the dice a sheet brings ---------------------------------------------------


def test_r_dice_1_attribute_plus_one_die_per_trait_tool_and_circumstance() -> None:
    pool = dice_for(sheet(), "physique", traits=["brawler"], tools=["Cane"],
                    circumstances=["High ground"])
    assert pool.count == 4 + 1 + 1 + 1
    assert [(s.kind, s.name, s.dice) for s in pool.breakdown] == [
        ("attribute", "physique", 4),
        ("trait", "Brawler", 1),
        ("tool", "Cane", 1),
        ("circumstance", "High ground", 1),
    ]
    assert pool.describe() == "Physique 4 + Brawler 1 + Cane 1 + High ground 1 = 7"


def test_r_dice_1_standing_or_power_rating_is_the_base() -> None:
    assert dice_for(sheet(), "Influence").count == 6
    assert dice_for(sheet(), "steelpushing").count == 5
    assert dice_for(sheet(), "steelpushing").breakdown[0].kind == "power"


def test_r_dice_1_unknown_source_or_trait_is_refused() -> None:
    with pytest.raises(SheetValueError, match="R-DICE-1: source must be one of physique"):
        dice_for(sheet(), "luck")
    with pytest.raises(SheetValueError, match="R-DICE-1: traits must be a Trait on Kell"):
        dice_for(sheet(), "wits", traits=["Sneaky"])


def test_r_dice_1_group_without_standings_has_none_to_roll() -> None:
    with pytest.raises(SheetValueError, match="R-DICE-1: source must be a Standing"):
        dice_for(group(), "resources")
    assert dice_for(group(), "physique").count == 4


@given(sheets(), st.sampled_from(["physique", "charm", "wits", "resources", "influence",
                                  "spirit"]), st.integers(0, 3))
def test_r_dice_1_count_is_base_plus_one_per_extra(
    character: Sheet, source: str, tools: int
) -> None:
    base = getattr(character.attributes, source, None) or getattr(character.standings, source)
    traits = list(character.traits)
    pool = dice_for(character, source, traits=traits, tools=["t"] * tools)
    assert pool.count == base + len(traits) + tools


@pytest.mark.parametrize("bad", ["Vin\nValette", "Kell\t", "Sazed\x00", "Marsh\r"])
@pytest.mark.parametrize("where", ["name", "traits", "player", "powers.name"])
def test_r_char_1_names_are_one_line_without_control_characters(bad: str, where: str) -> None:
    # Names appear inside one-line error messages and screen rows; a line break there
    # would split a message in two.
    fields: dict[str, object] = {
        "name": "Vin", "kind": "hero",
        "attributes": Attributes(3, 4, 5), "standings": Standings(3, 3, 3),
        "resiliences": Resiliences(Resilience(5), Resilience(5), Resilience(5)),
    }
    if where == "powers.name":
        with pytest.raises(SheetValueError, match=r"powers\.name"):
            Power(bad, 3)
        return
    fields[where] = [bad] if where == "traits" else bad
    with pytest.raises(SheetValueError, match=re.escape(where)):
        Sheet(**fields)  # type: ignore[arg-type]


def test_r_char_1_notes_may_span_lines() -> None:
    sheet = Sheet(
        name="Vin", kind="hero", attributes=Attributes(3, 4, 5),
        standings=Standings(3, 3, 3),
        resiliences=Resiliences(Resilience(5), Resilience(5), Resilience(5)),
        notes="Street urchin.\nTrusts no one.",
    )
    assert sheet.notes.count("\n") == 1
