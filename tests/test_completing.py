"""Tab's words: the library's reading of a declaration's grammar for what may come
next (conflict/intents/completing.py), and the player shell's completions from the
Conflict running (cli/players/completing.py) — no network."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from player_support import make_table

from cli.players.shell import PlayerShell
from conflict.intents.completing import Choices, aim_next, beginning_with
from conflict.table import Table

CHOICES = Choices(names=["Tamsin Vey", "Hazekillers of House Orrell"],
                  equipment=["Glass dagger"], sources=["physique", "Steelpushing"],
                  traits=["Quick"])


def test_r_con_8_an_attack_takes_a_target_then_its_kind_and_resilience() -> None:
    after_kind = aim_next([], "attack", CHOICES)
    assert after_kind[:2] == ["Tamsin Vey", "Hazekillers of House Orrell"]
    assert {"physical", "social", "mental", "health", "willpower", "with",
            "using"} <= set(after_kind)
    assert aim_next([], "action", CHOICES)[2:] == ["with", "using", "harmless", "about"]


def test_r_con_7_with_using_and_plus_open_their_own_places() -> None:
    assert aim_next(["haze", "with"], "attack", CHOICES)[0] == "Glass dagger"
    assert aim_next(["haze", "using"], "attack", CHOICES)[:3] == ["physique", "Steelpushing",
                                                                "+"]
    assert aim_next(["haze", "using", "physique", "+"], "attack", CHOICES) == [
        "Quick", "tool:", "circ:"]
    assert aim_next(["haze", "about"], "attack", CHOICES) == []  # free text
    assert aim_next([], "defense", CHOICES) == ["using", "about"]  # aimed at no one


def test_a_word_completes_by_its_beginning_or_any_word_of_a_name() -> None:
    names = ["Hazekillers of House Orrell", "The Hollow Prelate", "health"]
    assert beginning_with("HA", names) == ["Hazekillers of House Orrell"]
    assert beginning_with("h", names) == names
    assert beginning_with("orr", names) == ["Hazekillers of House Orrell"]
    assert beginning_with("", ["a", "a"]) == ["a"]


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with make_table(tmp_path / "t.db") as made:
        yield made


def test_r_con_7_the_shell_completes_verbs_kinds_names_and_the_actors_own_gear(
        table: Table) -> None:
    ada = PlayerShell(table, "ada", rng=random.Random(1), color=False)
    assert ada.completions("de") == ["declare", "defend"]
    assert ada.completions("undo") == []  # a Narrator's verb: not a player's
    assert ada.completions("d ") == ["attack", "action", "defense", "noroll", "as"]
    assert ada.completions("d attack haz") == ["Hazekillers of House Orrell"]
    assert "Tamsin Vey" not in ada.completions("d attack ")  # not herself
    assert ada.completions("d attack haze with gl") == ["Glass dagger"]
    assert ada.completions("d attack haze using st") == ["Steelpushing"]
    assert ada.completions("re ") == ["Push away incoming metal"]
    assert ada.completions("d as ") == ["Tamsin"]  # one word: as takes one
    assert ada.completions("plain o") == ["on", "off"]


def test_the_narrator_completes_anyone_and_the_narrators_verbs(table: Table) -> None:
    gm = PlayerShell(table, "gm", rng=random.Random(1), color=False)
    assert gm.completions("rev") == ["reveal"]
    assert gm.completions("d as ") == ["Tamsin", "Brannoch", "Hazekillers", "Hollow"]
    assert gm.completions("reveal the") == ["The Hollow Prelate"]
