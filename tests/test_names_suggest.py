"""One resolver for every name typed (core.names): a unique beginning or word finds the
name; else "did you mean" the closest by spelling, of the whole name or any word of it,
on every path: characters, participants, Conflicts, games, the table's players, board
games' players, Houses, Problems, Adversaries and cards."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import ok, refused

from core.names import closest, matches

CREW = ["Brannoch", "Canton guards", "Hazekillers of House Orrell", "Lady Veradine Casswell",
        "Orrin Haskel", "Tamsin Vey", "The Hollow Prelate"]


@pytest.mark.parametrize(("typed", "meant"), [
    ("hazekilers", "Hazekillers of House Orrell"),  # a typo in one word of a long name
    ("Tamsn Vey", "Tamsin Vey"), ("Tamsin Vee", "Tamsin Vey"),  # in the whole name
    ("brannok", "Brannoch"), ("hollw", "The Hollow Prelate"), ("canton gurds", "Canton guards"),
    ("orel", "Hazekillers of House Orrell"),
])
def test_a_near_miss_gets_the_name_meant(typed: str, meant: str) -> None:
    assert matches(typed, CREW) == []
    assert closest(typed, CREW) == meant


@pytest.mark.parametrize("typed", ["xyzzy", "a", "qq", "", "   "])
def test_nothing_alike_gets_no_suggestion(typed: str) -> None:
    assert closest(typed, CREW) is None


def test_equally_close_names_suggest_the_shortest() -> None:
    assert closest("kel", ["Kella", "Kell"]) == "Kell"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "table.db"
    ok(path, "char", "import", "--examples")
    ok(path, "conflict", "new", "Canal", "--physical")
    ok(path, "conflict", "add", "tamsin", "prelate")
    return path


@pytest.mark.parametrize(("args", "message"), [
    (["char", "show", "hazekilers"],
     "no character named 'hazekilers' — did you mean 'Hazekillers of House Orrell'?"),
    (["char", "damage", "Tamsn Vey", "health", "1"],
     "no character named 'Tamsn Vey' — did you mean 'Tamsin Vey'?"),
    (["conflict", "add", "brannok"], "no character named 'brannok' — did you mean 'Brannoch'?"),
    (["conflict", "declare", "prelat", "attack", "3", "-t", "tamsn"],
     "no participant named 'tamsn' — did you mean 'Tamsin Vey'?"),
    (["conflict", "show", "cnal"], "no Conflict named 'cnal' — did you mean 'Canal'?"),
    (["conflict", "use", "cnal"], "no Conflict named 'cnal' — did you mean 'Canal'?"),
])
def test_every_conflict_path_suggests_the_name_meant(
        db: Path, args: list[str], message: str) -> None:
    assert refused(db, *args) == message


def test_games_and_players_suggest_the_name_meant(db: Path) -> None:
    ok(db, "dbg", "new", "-g", "Vault", "--players", "Vin", "Kelsier", "Marsh")
    assert refused(db, "dbg", "show", "-g", "vualt") == (
        "no Deckbuilding Game named 'vualt' — did you mean 'Vault'?")
    assert refused(db, "dbg", "points", "3", "-p", "marh") == (
        "R-DBG-1: no player called 'marh' — did you mean Marsh?")
    assert refused(db, "dbg", "points", "3", "-p", "marh", "--lang", "pl") == (
        "R-DBG-1: nie ma gracza 'marh' — czy chodzi o Marsh?")
    ok(db, "player", "invite", "Dee", "--passphrase")
    assert refused(db, "player", "revoke", "dea") == (
        "no player named 'dea' — did you mean 'Dee'?")


def test_r_hw_5_houses_and_r_hw_2_problems_suggest_the_name_meant(db: Path) -> None:
    ok(db, "hw", "new", "--players", "3", "--length", "short", "--houses", "Venture", "Lekal",
       "Hasting")
    for house in ("venture", "lekal", "hasting"):
        ok(db, "hw", "sheet", house, "1f")
    for problem, urgency in [("Ashfall", "2"), ("Riot", "IV"), ("Famine", "1")]:
        ok(db, "hw", "add", problem, "--urgency", urgency, "--setup")
    ok(db, "hw", "collect")
    assert refused(db, "hw", "score", "ventrue", "--favor", "1") == (
        "R-HW-5: no House called 'ventrue' — did you mean Venture?")
    assert refused(db, "hw", "worsen", "famnie") == (
        "R-HW-2: 'famnie' is not on the Problem track — did you mean Famine?")


def test_r_stf_5_a_mercenary_s_holder_is_suggested(db: Path) -> None:
    ok(db, "stuffed", "new", "-p", "ann:charisma", "bo:resource", "--mission", "Heist",
       "--teammates", "2", "--mercenaries", "1", "--combo", "ch:2,i")
    ok(db, "stuffed", "roll", "--faces", "c", "c", "c", "ch", "ch", "i", "b", "r")
    assert refused(db, "stuffed", "steal", "Grunt", "--from", "boo") == (
        "R-STF-5: no other player is called 'boo' — did you mean bo?")
