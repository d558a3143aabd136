"""Numbers at the edges (zero, negative, huge): each has a meaning the screen says, by
rule, or is refused in one line (exit 2)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import ok, one_line_refusal, refused
from click.testing import CliRunner

from cli.main import main


def said(*args: str) -> str:
    """What ``mistborn ARGS`` printed, its lines joined (screens wrap at 40 columns)."""
    result = CliRunner().invoke(main, list(args), env={"COLUMNS": "40", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    return " ".join(result.stdout.split())


def test_r_dice_3_a_pool_of_0_says_it_rolls_2_dice_at_minus_2() -> None:
    assert "rolled 2; Outcome −1 for each missing die: −2 (R-DICE-3)" in said(
        "roll", "0", "--seed", "1")
    assert "missing die: −1 (R-DICE-3)" in said("roll", "1", "--seed", "1")


def test_r_dice_2_odds_say_the_pool_is_capped_and_the_extra_die_is_a_nudge() -> None:
    assert ("attacker capped at 10 dice: rolls 10, the 1 die beyond is a free Nudge "
            "(R-DICE-2)") in said("odds", "11", "vs", "4")
    assert ("defender capped at 10 dice: rolls 10, the 3 dice beyond are free Nudges "
            "(R-DICE-2)") in said("odds", "4", "vs", "13")
    assert "rolls 2 dice; Outcome −2 (R-DICE-3)" in said("odds", "0")


@pytest.mark.parametrize("seed", ["-1", "9" * 20])
@pytest.mark.parametrize("command", [["roll", "3"], ["demo", "--pace", "0"],
                                     ["conflict", "run"], ["conflict", "simulate"]])
def test_a_seed_below_0_or_past_63_bits_is_refused_in_one_line(
        command: list[str], seed: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(main, [*command, "--seed", seed],
                                env={"MISTBORN_DB": str(tmp_path / "table.db")})
    assert one_line_refusal(result) == (
        f"--seed must be a whole number 0 or more (at most 2^63−1), got {seed!r}")


@pytest.mark.parametrize("seed", ["0", str(2**63 - 1)])
def test_every_seed_from_0_to_2_63_minus_1_rolls(seed: str) -> None:
    assert f"seed {seed}" in said("roll", "3", "--seed", seed)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "table.db"
    ok(path, "char", "import", "--examples")
    ok(path, "conflict", "new", "Roof", "--physical")
    ok(path, "conflict", "add", "tamsin", "hazekillers")
    return path


@pytest.mark.parametrize(("args", "message"), [
    (["declare", "haze", "attack", "-1", "-t", "tamsin"], "R-CON-7: dice must be 0–40, got -1"),
    (["declare", "haze", "attack", "0", "-t", "tamsin"],
     "R-CON-7: action needs 1 or more Action Dice, got 0"),
    (["test", "-1"], "R-CON-9: action must be 1–1000000, got -1"),
    (["act", "haze", "-1"], "R-CON-11: pool must be 2–10, got -1"),
])
def test_r_con_a_negative_step_number_is_the_rules_to_refuse(
        db: Path, args: list[str], message: str) -> None:
    # Not click's "No such option: -1": the rule that the number breaks.
    assert refused(db, "conflict", *args) == message


def test_an_option_s_value_may_still_begin_with_a_dash(db: Path) -> None:
    assert "over -odd" in ok(db, "conflict", "new", "Odd", "--physical", "--stakes", "-odd")
    assert refused(db, "conflict", "show", "--lst", "1") == (
        "No such option: --lst (did you mean --last?)")
