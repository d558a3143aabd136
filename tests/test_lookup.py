"""Finding a character by what a Narrator types (characters.lookup)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import names

from characters.lookup import NameAmbiguous, NameNotFound, matches, resolve
from characters.names import check_name, name_key

ROSTER = ["Tamsin Vey", "Orrin Haskel", "Lady Veradine Casswell", "Brannoch",
          "The Hollow Prelate", "Hazekillers of House Orrell", "Canton guards"]


@pytest.mark.parametrize(("typed", "meant"), [
    ("Tamsin Vey", "Tamsin Vey"),
    ("tamsin", "Tamsin Vey"),
    ("  TAM ", "Tamsin Vey"),
    ("hazekillers", "Hazekillers of House Orrell"),
    ("veradine", "Lady Veradine Casswell"),
    ("prelate", "The Hollow Prelate"),
    ("house orrell", "Hazekillers of House Orrell"),
    ("bran", "Brannoch"),
])
def test_a_unique_beginning_or_word_finds_the_name(typed: str, meant: str) -> None:
    assert resolve(typed, ROSTER) == meant


def test_an_ambiguous_beginning_lists_the_candidates() -> None:
    with pytest.raises(NameAmbiguous) as caught:
        resolve("orr", ROSTER)  # Orrin, and Orrell
    assert caught.value.candidates == ("Orrin Haskel", "Hazekillers of House Orrell")
    assert str(caught.value) == ("'orr' could be 'Orrin Haskel', 'Hazekillers of House "
                                 "Orrell': type more of the character's name")


def test_the_whole_name_wins_over_longer_names_it_begins() -> None:
    assert resolve("vin", ["Vin", "Vincent"]) == "Vin"


def test_an_unknown_name_suggests_the_closest_spelling() -> None:
    with pytest.raises(NameNotFound, match="did you mean 'Brannoch'"):
        resolve("Branoch", ROSTER)
    with pytest.raises(NameNotFound, match="there are none yet"):
        resolve("Kell", [])
    with pytest.raises(NameNotFound, match="there are 'Brannoch'"):
        resolve("zzz", ROSTER)


def test_nothing_typed_matches_nothing() -> None:
    assert matches("   ", ROSTER) == []


# A roster's names as sheets store them (only the names matter here: no sheets drawn
# around them), which differ even ignoring case, as a table holds them.
@given(st.lists(names.map(check_name), max_size=6, unique_by=name_key))
def test_every_name_finds_itself_however_spaced_or_cased(roster: list[str]) -> None:
    for name in roster:
        assert resolve(name, roster) == name
        assert resolve(f"  {name.casefold()} ", roster) == name
