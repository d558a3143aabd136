"""What may come next in a line being typed (conflict/intents/complete.py): each word of
a declaration in its place, names of several words as one, the dice's sources and
Traits, equipment; a player's line in the grammar of ``aim``; and the player shell's
completions from the Conflict running (cli/players/completing.py) — no network."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from player_support import make_table

from characters.samples import example_characters
from cli.players.shell import PlayerShell
from conflict import AddParticipant, Conflict, Nature, Start
from conflict.intents.complete import Completion, complete, complete_from, complete_words
from conflict.state import State
from table import Table

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


# --- a player's line: the kind, then aim's words ---------------------------------------


def texts(line: str) -> list[str]:
    return [text for text, _ in offered(line, "aim")]


def test_r_con_8_a_player_s_attack_takes_a_target_then_its_kind_and_resilience() -> None:
    assert texts("")[:4] == ["attack", "action", "defense", "noroll"]
    after_kind = texts("attack ")
    assert after_kind[:2] == ["Hazekillers of House Orrell", "The Hollow Prelate"]
    assert {"physical", "social", "mental", "health", "willpower", "with",
            "using"} <= set(after_kind)
    assert "Tamsin Vey" not in after_kind  # not herself
    # An action may be aimed at an ally too; it has no kind of attack nor Resilience.
    assert texts("action ") == ["Hazekillers of House Orrell", "The Hollow Prelate",
                                "Brannoch", "with", "using", "harmless", "about"]
    assert offered("a hollow pre", "aim") == [("The Hollow Prelate", 10)]


def test_r_con_7_with_using_and_plus_open_their_own_places() -> None:
    assert texts("attack haze with ")[:2] == ["Pouch of coins", "Glass dagger"]
    assert offered("attack haze with glass da", "aim") == [("Glass dagger", 8)]
    using = texts("attack haze using ")
    assert {"physique", "Steelpushing"} <= set(using) and "using" not in using
    assert using.index("+") > using.index("Steelpushing")
    assert texts("attack haze using physique + ") == ["Rooftop runner", "Quick hands",
                                                      "tool:", "circ:"]
    assert texts("attack haze about ") == [] and texts("attack haze -- the ") == []
    assert texts("defense ") == ["using", "about"]  # aimed at no one


def test_a_word_completes_by_its_beginning_or_any_word_of_a_name() -> None:
    names = ["Hazekillers of House Orrell", "The Hollow Prelate", "health"]
    assert [c.text for c in complete_from(names, "HA")] == ["Hazekillers of House Orrell"]
    assert [c.text for c in complete_from(names, "h")] == names
    assert [c.text for c in complete_from(names, "orr")] == ["Hazekillers of House Orrell"]
    assert [c.text for c in complete_from(["a", "a"], "")] == ["a"]


# --- the player shell's Tab ------------------------------------------------------------


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with make_table(tmp_path / "t.db") as made:
        yield made


def shell_offers(shell: PlayerShell, typed: str) -> list[str]:
    return [c.text for c in shell.completions(typed)]


def test_r_con_7_the_shell_completes_verbs_kinds_names_and_the_actors_own_gear(
        table: Table) -> None:
    ada = PlayerShell(table, "ada", rng=random.Random(1), color=False)
    assert shell_offers(ada, "de") == ["declare", "defend"]
    assert shell_offers(ada, "undo") == []  # a Narrator's verb: not a player's
    assert shell_offers(ada, "d ") == ["attack", "action", "defense", "noroll", "as"]
    assert shell_offers(ada, "d attack haz") == ["Hazekillers of House Orrell"]
    assert "Tamsin Vey" not in shell_offers(ada, "d attack ")  # not herself
    assert shell_offers(ada, "d attack haze with gl") == ["Glass dagger"]
    assert shell_offers(ada, "d attack haze using st") == ["Steelpushing"]
    assert shell_offers(ada, "re ") == ["Push away incoming metal"]
    assert shell_offers(ada, "d as ") == ["Tamsin"]  # one word: as takes one
    assert shell_offers(ada, "plain o") == ["on", "off"]
    # A name of several words is one completion, in place of all its words typed.
    assert [(c.text, c.replaces) for c in ada.completions("d attack hollow pre")] == [
        ("The Hollow Prelate", 10)]
    assert [(c.text, c.replaces) for c in ada.completions("react push aw")] == [
        ("Push away incoming metal", 7)]


def test_the_narrator_completes_anyone_and_the_narrators_verbs(table: Table) -> None:
    gm = PlayerShell(table, "gm", rng=random.Random(1), color=False)
    assert shell_offers(gm, "rev") == ["reveal"]
    assert shell_offers(gm, "d as ") == ["Tamsin", "Brannoch", "Hazekillers", "Hollow"]
    assert shell_offers(gm, "reveal the") == ["The Hollow Prelate"]
    assert [(c.text, c.replaces) for c in gm.completions("d as haze attack tamsin v")] == [
        ("Tamsin Vey", 8)]  # the Hazekillers' foes: the crew
    assert gm.completions("d attack ") == []  # whom for? the Narrator says, with as


def test_r_con_8_tab_completes_a_conflict_steps_words_as_its_table_declares_them(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The shell's Tab after a step of the Conflict offers what the step's parameters
    complete to in its table: "The Narrator may choose to swap which Resilience an attack
    hurts" (R-CON-8) takes the Resilience's words, and a step added to the table
    completes its own parameters with no word of the shell written for it."""
    from conflict.intents import step_table
    from core.steps import Kind, Param, Step, Who

    gm = PlayerShell(table, "gm", rng=random.Random(1), color=False)
    assert shell_offers(gm, "swap 1 he") == ["health"]
    assert shell_offers(gm, "swap 1 ") == ["health", "reputation", "willpower"]
    assert shell_offers(gm, "swap ") == []  # no "as": a Narrator's call acts for no one
    assert shell_offers(gm, "defeat tam") == ["Tamsin Vey"]
    noted = Step("note", "Note something of a participant.", lambda _s, _v: [], (
        Param("name", "The participant.", Kind.NAME, positional=True, required=True,
              complete=lambda state, _typed: [p.name for p in state.participants]),
        Param("text", "What is noted.", positional=True, many=True)),
        who=Who.HOST, usage="note NAME TEXT")
    monkeypatch.setattr(step_table, "STEPS", step_table.STEPS.adding(noted))
    assert shell_offers(gm, "no") == ["note"]
    assert [(c.text, c.replaces) for c in gm.completions("note hollow pr")] == [
        ("The Hollow Prelate", 9)]
    ada = PlayerShell(table, "ada", rng=random.Random(1), color=False)
    assert shell_offers(ada, "a ") == ["as"]  # a player's step: for whom, as before
