"""House War resource tokens: counts, arithmetic, parsing and the supply (R-HW-5)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardgames.errors import BadValue, RuleViolation
from boardgames.housewar.resources import (
    NOTHING,
    RESOURCES,
    Resource,
    Resources,
    parse_resources,
    resource,
    starting_supply,
)

counts = st.builds(Resources, *(st.integers(0, 6) for _ in RESOURCES))


def test_r_hw_5_supply_by_player_count() -> None:
    assert starting_supply(3) == Resources(8, 8, 8, 8, 8, atium=6)
    assert starting_supply(4) == Resources(10, 10, 10, 10, 10, atium=7)
    assert starting_supply(5) == Resources(12, 12, 12, 12, 12, atium=8)
    assert starting_supply(3).total == 46


@pytest.mark.parametrize("players", [0, 1, 2, 6, 10, -3, True, "4", 4.0])
def test_r_hw_5_other_player_counts_are_refused(players: object) -> None:
    with pytest.raises(BadValue, match="R-HW-5: House War is for 3–5 players"):
        starting_supply(players)  # type: ignore[arg-type]


def test_r_hw_5_six_kinds_with_atium_last() -> None:
    assert [r.title for r in RESOURCES] == ["Money", "Food", "Prestige", "Skaa",
                                            "Warriors", "Atium"]


@pytest.mark.parametrize(("text", "expected"), [
    ("2 food, 1 atium", Resources(food=2, atium=1)),
    ("2f 1a", Resources(food=2, atium=1)),
    ("2F1A", Resources(food=2, atium=1)),
    ("food=2 atium", Resources(food=2, atium=1)),
    ("skaa skaa warriors", Resources(skaa=2, warriors=1)),
    ("1 money + 1 prestige", Resources(money=1, prestige=1)),
    ("3 warrior", Resources(warriors=3)),
    ("", NOTHING),
    ("none", NOTHING),
])
def test_parse_resources_reads_table_talk(text: str, expected: Resources) -> None:
    assert parse_resources(text) == expected


@pytest.mark.parametrize("text", ["2 gold", "food=-1", "2.5 food", "💰", "1234567 food"])
def test_parse_resources_refuses_what_it_cannot_read(text: str) -> None:
    with pytest.raises(BadValue, match="R-HW-5"):
        parse_resources(text)


@given(counts)
def test_text_parses_back(tokens: Resources) -> None:
    text = tokens.text()
    assert parse_resources("" if text == "nothing" else text) == tokens


def test_counts_are_never_negative() -> None:
    with pytest.raises(BadValue, match="cannot be negative"):
        Resources(food=-1)
    with pytest.raises(BadValue, match="whole number"):
        Resources(food=True)
    with pytest.raises(RuleViolation, match="not enough Food"):
        Resources(food=1) - Resources(food=2)


@given(counts, counts)
def test_add_then_take_back(a: Resources, b: Resources) -> None:
    assert (a + b) - b == a
    assert (a + b).total == a.total + b.total
    assert a.cap(b) == b.cap(a)
    assert a.covers(a.cap(b))


def test_resource_names_and_letters() -> None:
    assert resource("F") is Resource.FOOD
    assert resource(" warriors ") is Resource.WARRIORS
    assert resource(Resource.ATIUM) is Resource.ATIUM
    with pytest.raises(BadValue, match="unknown resource 'gold'"):
        resource("gold")


def test_text_in_words() -> None:
    assert Resources(money=4, food=2, prestige=2).text() == "4 Money, 2 Food, 2 Prestige"
    assert NOTHING.text() == "nothing"
    assert list(Resources(skaa=1, atium=2)) == [(Resource.SKAA, 1), (Resource.ATIUM, 2)]
