"""A co-op game of the Deckbuilding Game played through the command line from its hints
alone: the "Next:" line names the commands to run, with their syntax, and the refusals
the commands and the parameter to give (R-DBG-2), in English and in Polish (R-DBG-8)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from cli_support import ok, refused

# The values a player reads off the cards, for each placeholder a hint names.
CARDS = {"ROW…": "2", "RZĄD…": "2", "NAME SHIELD…": "Inquisitor 5 X",
         "NAZWA TARCZA…": "Inquisitor 5 X"}
SYNTAX = re.compile(r"\b(edict --rows (?:ROW|RZĄD)…|adversary (?:NAME SHIELD|NAZWA TARCZA)…"
                    r"|end-turn)")


def next_line(output: str) -> str:
    """The "Next:" (or "Dalej:") line, unwrapped."""
    text = " ".join(output.split())
    return re.split(r"\b(?:Next|Dalej): ", text)[-1]


def hinted(text: str) -> dict[str, list[str]]:
    """The commands ``text`` names, by their first word, with the cards' values in
    place of their placeholders."""
    commands = {}
    for syntax in SYNTAX.findall(text):
        for placeholder, value in CARDS.items():
            syntax = syntax.replace(placeholder, value)
        words = shlex.split(syntax)
        commands[words[0]] = words
    return commands


def test_r_dbg_2_a_co_op_game_is_finished_from_the_hints_alone(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    said = next_line(ok(db, "dbg", "new", "-p", "Vin", "Kelsier", "--coop"))
    hints = hinted(said)
    assert set(hints) == {"edict", "adversary", "end-turn"}, said
    # Ending the turn before drawing is refused, naming what to draw with.
    refusal = refused(db, "dbg", *hints["end-turn"])
    assert "an Edict (edict) or an Adversary (adversary)" in refusal, refusal
    # An Edict with no rows is refused, saying what a row is and how to give them.
    refusal = refused(db, "dbg", "edict")
    assert "Dominance track shows" in refusal and refusal.endswith("(--rows)"), refusal
    # The turn's damage is used before the card is drawn (R-DBG-11).
    ok(db, "dbg", "combat", "10")
    ok(db, "dbg", "lord", "attack", "10")
    said = next_line(ok(db, "dbg", *hints["edict"]))
    # Once the card is drawn, the turn is over: the hint is end-turn (R-DBG-11).
    assert said == "Vin has drawn the Lord Ruler card: end-turn ends turn 1"
    said = next_line(ok(db, "dbg", *hinted(said)["end-turn"]))
    assert said.startswith("Kelsier draws a Lord Ruler card"), said
    assert set(hinted(said)) == {"edict", "adversary", "end-turn"}, said
    # The Edict healed the Lord Ruler back to 48 (Missions not completed).
    ok(db, "dbg", "combat", "48")
    said = next_line(ok(db, "dbg", "lord", "attack", "48"))
    assert said == "the game is over: the players win: the Lord Ruler is at 0"


def test_r_dbg_8_the_hints_name_the_commands_in_polish_too(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    said = next_line(ok(db, "dbg", "new", "-p", "Vin", "Kelsier", "--coop", "--lang", "pl"))
    assert set(hinted(said)) == {"edict", "adversary", "end-turn"}, said
    refusal = refused(db, "dbg", "end-turn", "--lang", "pl")
    assert "edykt (edict) albo adwersarza (adversary)" in refusal, refusal
    refusal = refused(db, "dbg", "edict", "--lang", "pl")
    assert "toru dominacji" in refusal and refusal.endswith("(--rows)"), refusal
    said = next_line(ok(db, "dbg", *hinted(said)["edict"], "--lang", "pl"))
    assert said == "Vin ma już dobraną kartę Ostatniego Imperatora: end-turn kończy turę 1"
    assert set(hinted(said)) == {"end-turn"}, said
