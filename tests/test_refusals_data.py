"""Refusals about one value carry it as data (core/errors.py, core/bounds.py): the
value given (``error.value``) and, where a step's parameter gave it, that parameter by
its table name (``error.param``), which each front door words its own way; the
sentence is unchanged (R-DICE-1, R-DICE-6, R-HW-1, R-HW-2, R-HW-3, R-DBG-1, R-DBG-3)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from cli_support import ok, refused

from boardgames import deckbuilding as dbg
from boardgames import housewar as hw
from boardgames.housewar import AddUnrest, Reveal
from conflict import Conflict, Start, roll
from core.errors import RefusedError


def _refusal(make: Any) -> RefusedError:
    with pytest.raises(RefusedError) as caught:
        make()
    return caught.value


@pytest.mark.parametrize(("make", "said", "param", "value"), [
    (lambda: roll(-1), "R-DICE-1: dice asked must be 0 or more, got -1", "asked", -1),
    (lambda: roll("x"),  # type: ignore[arg-type]
     "R-DICE-1: dice asked must be a whole number of 0 or more, got 'x'",
     "asked", "x"),
    (lambda: roll(3, difficulty=9), "R-DICE-6: Difficulty must be 0–5, got 9",
     "difficulty", 9),
    (lambda: Conflict([Start("astral")]),
     "nature must be one of physical, social, mental, got 'astral'", "nature", "astral"),
    (lambda: Reveal("Venture", "Ally", favor=-1), "R-HW-3: favor must be 0–99, got -1",
     "favor", -1),
    (lambda: AddUnrest(0), "R-HW-1: Unrest moves by at least 1 space, got 0", "amount", 0),
])
def test_r_dice_1_r_hw_3_a_refusal_of_a_value_carries_it_and_its_parameter(
        make: Any, said: str, param: str, value: object) -> None:
    """R-DICE-1 "a pool of dice", R-DICE-6 "Difficulty 0–5", a Conflict's nature, R-HW-3
    Favor, R-HW-1 Unrest: each refusal names the value it refuses and where it came
    from."""
    error = _refusal(make)
    assert (str(error), error.param, error.value) == (said, param, value)


def test_r_dbg_1_r_hw_2_a_steps_refusal_names_the_parameter_that_gave_the_value() -> None:
    """R-DBG-1 "the amount", R-DBG-3 Mission points (the step's ``amount``, said as the
    points), R-HW-2 "give the starting Urgency" of a new Problem: the parameter is the
    step's, by its table name."""
    game = dbg.replay([dbg.NewGame(("Vin", "Kelsier"), dbg.Mode.COMPETITIVE)])
    options = {o.name: o for o in dbg.options(game.state)}
    error = _refusal(lambda: options["damage"].events(name="Vin", amount=0))
    assert (str(error), error.param, error.value) == (
        "R-DBG-1: the amount must be a whole number 1–999, got 0", "amount", 0)
    error = _refusal(lambda: options["points"].events(amount="x"))
    assert (str(error), error.param, error.value) == (
        "R-DBG-3: the points must be a whole number 1–999, got 'x'", "amount", "x")
    house_war = hw.new_game(3, "short", ("Venture", "Lekal", "Hasting"))
    for option in hw.options(house_war.state):
        house_war.push(*option.events(what="1 food"))
    (add,) = hw.options(house_war.state)
    events = add.events(name="Riot")
    error = _refusal(lambda: house_war.push(*events))
    assert (error.rule, error.param) == ("R-HW-2", "urgency")


def test_r_hw_1_the_command_line_says_the_parameter_its_own_way(tmp_path: Path) -> None:
    """Each door words the parameter a refusal names: the command line's argument or
    option of the step (``N``, ``--urgency``, ``--favor``); a refusal of a value no step
    gave (a pool of dice asked) says nothing more."""
    db = tmp_path / "t.db"
    ok(db, "hw", "new", "--players", "3", "--length", "short", "--houses", "Venture",
       "Lekal", "Hasting")
    for house in ("Venture", "Lekal", "Hasting"):
        ok(db, "hw", "sheet", house, "2", "money", "--cards", "1")
    assert refused(db, "hw", "add", "Riot", "--setup") == (
        "R-HW-2: give Riot's starting Urgency (I–IV, top left of the card) (--urgency)")
    assert refused(db, "hw", "add", "Riot", "-u", "3", "--setup", "--favor", "-1") == (
        "R-HW-3: favor must be 0–99, got -1 (--favor)")
    for name, urgency in (("Riot", "3"), ("Ashfall", "2"), ("Spook", "1")):
        ok(db, "hw", "add", name, "-u", urgency, "--setup")
    ok(db, "hw", "collect")
    assert refused(db, "hw", "unrest", "0") == (
        "R-HW-1: Unrest moves by at least 1 space, got 0 (N)")
    assert refused(db, "roll", "--", "-1") == "R-DICE-1: a pool must be 0–40 dice, got -1"
    assert refused(db, "roll", "3", "-d", "9") == "R-DICE-6: Difficulty must be 0–5, got 9"
