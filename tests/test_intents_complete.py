"""What may come next in a line being typed (conflict/intents/complete.py): each word of
a declaration in its place, names of several words as one, the dice's sources and
Traits, equipment; for the guided round and the players' shell alike."""

from __future__ import annotations

import pytest

from characters.samples import example_characters
from conflict import AddParticipant, Conflict, Nature, Start
from conflict.intents.complete import Completion, complete, complete_from, complete_words
from conflict.state import State

CAST = {character.name: character for character in example_characters()}


def state() -> State:
    c = Conflict([Start(Nature.PHYSICAL, stakes="the ledger"),
                  AddParticipant(CAST["Tamsin Vey"], "crew"),
                  AddParticipant(CAST["Brannoch"], "crew"),
                  AddParticipant(CAST["Hazekillers of House Orrell"], "opposition"),
                  AddParticipant(CAST["The Hollow Prelate"], "opposition")])
    return c.state


def offered(line: str, place: str = "declaration", actor: str = "Tamsin Vey"
            ) -> list[tuple[str, int]]:
    return [(c.text, c.replaces) for c in complete(state(), actor, line, place)]


def test_r_con_7_the_first_word_is_a_kind_of_declaration() -> None:
    assert offered("") == [("attack", 0), ("feint", 0), ("action", 0), ("defense", 0),
                           ("no-roll", 0)]
    assert offered("att") == [("attack", 3)]
    assert offered("the") == []  # a name is no kind: never offered first


def test_r_con_8_an_attack_s_target_completes_by_any_word_of_a_name_as_one() -> None:
    assert offered("attack pre") == [("The Hollow Prelate", 3)]
    assert offered("attack the hol") == [("The Hollow Prelate", 7)]
    assert offered("a haz") == [("Hazekillers of House Orrell", 3)]
    # Foes first; the ally only for a feint (R-CON-8a), never for an attack.
    targets = [t for t, _ in offered("attack ") if t[0].isupper()]
    assert targets == ["Hazekillers of House Orrell", "The Hollow Prelate"]
    assert "Brannoch" in [t for t, _ in offered("feint ")]


def test_r_con_8_kind_resilience_and_gear_after_the_target() -> None:
    assert offered("attack prelate soc") == [("social", 3)]
    assert offered("attack prelate social will") == [("willpower", 4)]
    assert ("reputation", 0) not in offered("attack prelate willpower ")
    assert offered("attack prelate with gla") == [("Glass dagger", 3)]
    assert offered("attack prelate with ") == [("Pouch of coins", 0), ("Glass dagger", 0),
                                               ("-", 0)]
    assert offered("attack prelate -- a coin in the eye ") == []
    assert offered("defense ") == [("--", 0)]


def test_r_dice_1_dice_complete_a_source_then_traits_tools_circumstances() -> None:
    assert offered("Steelpushing + roof", "dice") == [("Rooftop runner", 4)]
    assert offered("phy", "dice") == [("physique", 3)]
    assert offered("steel", "dice") == [("Steelpushing", 5)]
    assert offered("physique + Quick hands + ", "dice") == [
        ("Rooftop runner", 0), ("tool:", 0), ("circ:", 0)]
    assert offered("attack prelate using physique + qu") == [("Quick hands", 2)]


def test_equipment_and_names_complete_after_a_comma() -> None:
    assert offered("pou", "equipment") == [("Pouch of coins", 3)]
    names = ["Tamsin Vey", "Brannoch", "The Hollow Prelate"]
    assert [(c.text, c.replaces) for c in complete_from(names, "tamsin vey, the h")] == [
        ("The Hollow Prelate", 5)]
    assert complete_from(names, "x") == []
    with pytest.raises(ValueError, match="no place to complete named 'mood'"):
        complete(state(), "Tamsin Vey", "", "mood")
    assert Completion("a", 1).what == ""


def test_r_con_16_words_complete_wherever_they_stand() -> None:
    words = ["defend", "react", "take", "Push away incoming metal"]
    assert [(c.text, c.replaces) for c in complete_words(words, "react pu")] == [
        ("Push away incoming metal", 2)]
    assert [c.text for c in complete_words(words, "re")] == ["react"]
    assert len(complete_words(words, "react ")) == 4
