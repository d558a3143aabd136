"""Finding a character by what a Narrator types (characters.lookup)."""

from __future__ import annotations

import pytest
from hypothesis import given
from strategies import rosters

from characters.lookup import NameAmbiguous, NameNotFound, matches, resolve
from characters.model import Character

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


@given(rosters())
def test_every_name_finds_itself_however_spaced_or_cased(roster: list[Character]) -> None:
    names = [c.name for c in roster]
    for name in names:
        assert resolve(name, names) == name
        assert resolve(f"  {name.casefold()} ", names) == name
