"""``mistborn odds``: the three forms, their JSON, 40-column screens and one-line errors.

Numbers in the JSON are parsed back into fractions and compared with the library
(itself checked by brute force in test_odds.py); screens are checked for what a reader
needs (every Difficulty, percentages as digits, a marked row) and for width.
"""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import scaled
from rich.cells import cell_len

from cli.main import main
from conflict.odds import challenge_odds, contest_odds, pool_odds

NARROW = {"COLUMNS": "40", "NO_COLOR": "1"}


def run(*args: str, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(main, ["odds", *args], env=env or NARROW)


def run_json(*args: str) -> Any:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def assert_narrow(text: str) -> None:
    lines = text.splitlines()
    assert lines
    for line in lines:
        assert cell_len(line) <= 40, f"{cell_len(line)} cells: {line!r}"


# --- one pool -----------------------------------------------------------------------


@pytest.mark.parametrize("asked", [0, 1, 2, 4, 10, 12, 20])
def test_r_dice_5_pool_json_is_the_exact_distribution(asked: int) -> None:
    data = run_json(str(asked))
    assert set(data) == {"pool", "distribution", "success"}
    assert data["pool"] == asked
    rows = data["distribution"]
    keys = [(row["result"], row["nudges"]) for row in rows]
    assert keys == sorted(keys)
    parsed = {(row["result"], row["nudges"]): Fraction(row["p"]) for row in rows}
    assert all(p > 0 for p in parsed.values())
    assert sum(parsed.values()) == 1
    assert parsed == dict(pool_odds(asked).distribution)
    # Fractions print as str(Fraction): a whole number has no "/1".
    assert all(row["p"] == str(Fraction(row["p"])) for row in rows)


@pytest.mark.parametrize("asked", [0, 2, 5, 10, 15])
def test_r_dice_6_pool_json_success_per_difficulty(asked: int) -> None:
    success = run_json(str(asked))["success"]
    assert list(success) == ["0", "1", "2", "3", "4", "5"]
    for d, text in success.items():
        assert Fraction(text) == challenge_odds(asked).at(int(d))


def test_r_dice_6_two_dice_json_by_hand() -> None:
    # Two dice: 5 pairs of 1–5 at Difficulty 0, one pair (two 5s) at Difficulty 5.
    success = run_json("2")["success"]
    assert success["0"] == "5/36"
    assert success["5"] == "1/36"


def test_r_dice_3_impossible_success_prints_zero() -> None:
    # One die asked: roll 2 with Outcome −1, so Difficulty 5 cannot be met.
    assert run_json("1")["success"]["5"] == "0"


def test_pool_screen_shows_every_difficulty_with_digits_and_fits_40_columns() -> None:
    result = run("4")
    assert result.exit_code == 0, result.output
    assert_narrow(result.stdout)
    text = result.stdout
    for d in range(6):
        assert f"D{d} " in text
    assert "█" in text
    odds = challenge_odds(4)
    assert f"{float(odds.at(2)) * 100:.1f}%" in text
    assert "⚄5" in text  # die glyphs sit beside digits
    assert "Nudges" in text
    assert "▶" not in text


def test_r_dice_6_chosen_difficulty_is_marked_without_colour() -> None:
    result = run("4", "--difficulty", "3")
    assert result.exit_code == 0, result.output
    marked = [line for line in result.stdout.splitlines() if "▶" in line]
    assert len(marked) == 1
    assert "D3" in marked[0]
    assert_narrow(result.stdout)


@pytest.mark.parametrize("asked", ["0", "1", "11", "20"])
def test_r_dice_2_3_pool_screens_explain_the_adjustment(asked: str) -> None:
    result = run(asked)
    assert result.exit_code == 0, result.output
    assert_narrow(result.stdout)
    rule = "R-DICE-2" if int(asked) > 10 else "R-DICE-3"
    assert rule in result.stdout


# --- Contests -----------------------------------------------------------------------


@given(
    st.integers(min_value=0, max_value=20),
    st.integers(min_value=0, max_value=20),
    st.none() | st.integers(min_value=0, max_value=5),
)
@settings(max_examples=scaled(25))
def test_r_dice_7_contest_json_matches_the_library(
    attacker: int, defender: int, difficulty: int | None
) -> None:
    args = [str(attacker), "vs", str(defender)]
    if difficulty is not None:
        args += ["--difficulty", str(difficulty)]
    data = run_json(*args)
    assert set(data) == {
        "attacker", "defender", "difficulty", "win", "stalemate", "fail", "expected_damage"
    }
    expected = contest_odds(attacker, defender, difficulty or 0)
    assert data["attacker"] == attacker
    assert data["defender"] == defender
    assert data["difficulty"] == (difficulty or 0)
    win, stalemate, fail = (Fraction(data[k]) for k in ("win", "stalemate", "fail"))
    assert win + stalemate + fail == 1
    assert (win, stalemate, fail) == (expected.win, expected.stalemate, expected.fail)
    assert Fraction(data["expected_damage"]) == expected.expected_damage


def test_r_dice_7_two_against_two_json_by_hand() -> None:
    # Pair r (1/36 each, no Nudges) beats Result 0 (31/36) and the 4 − (5 − r) lower
    # pairs; an equal pair is a stalemate.
    data = run_json("2", "vs", "2")
    assert Fraction(data["win"]) == Fraction(sum(31 + r - 1 for r in range(1, 6)), 36 * 36)
    assert Fraction(data["stalemate"]) == Fraction(5, 36 * 36)


def test_r_con_18_contest_screen_fits_40_columns() -> None:
    result = run("5", "vs", "4")
    assert result.exit_code == 0, result.output
    assert_narrow(result.stdout)
    odds = contest_odds(5, 4)
    for label, p in (("Win", odds.win), ("Stalemate", odds.stalemate), ("Fail", odds.fail)):
        line = next(line for line in result.stdout.splitlines() if line.startswith(label))
        assert f"{float(p) * 100:.1f}%" in line
    assert f"{float(odds.expected_damage):.2f}" in result.stdout
    assert "R-CON-18" in result.stdout


# --- the reference sheet -----------------------------------------------------------


def test_table_json_has_every_pool_and_every_pair() -> None:
    data = run_json("--table")
    assert set(data) == {"challenge", "contest"}
    assert [row["pool"] for row in data["challenge"]] == list(range(2, 11))
    for row in data["challenge"]:
        assert {int(d): Fraction(p) for d, p in row["success"].items()} == dict(
            enumerate(challenge_odds(row["pool"]).success)
        )
    pairs = [(row["attacker"], row["defender"]) for row in data["contest"]]
    assert pairs == [(a, d) for a in range(2, 11) for d in range(2, 11)]
    for row in data["contest"]:
        assert set(row) == {
            "attacker", "defender", "win", "stalemate", "fail", "expected_damage"
        }
        expected = contest_odds(row["attacker"], row["defender"], 0)
        assert Fraction(row["win"]) == expected.win
        assert Fraction(row["stalemate"]) == expected.stalemate
        assert Fraction(row["fail"]) == expected.fail
        assert Fraction(row["expected_damage"]) == expected.expected_damage


def test_table_screen_fits_40_columns_and_wider_screens_get_more_digits() -> None:
    narrow = run("--table")
    assert narrow.exit_code == 0, narrow.output
    assert_narrow(narrow.stdout)
    for title in ("Challenge", "Win %", "Stalemate %", "Fail %", "Damage per attack"):
        assert title in narrow.stdout
    wide = run("--table", env={"COLUMNS": "100", "NO_COLOR": "1"})
    assert wide.exit_code == 0, wide.output
    win_5_vs_4 = contest_odds(5, 4).win
    assert f"{float(win_5_vs_4) * 100:.1f}" in wide.stdout
    assert max(cell_len(line) for line in wide.stdout.splitlines()) <= 100


def test_table_json_does_not_load_rich_cattrs_or_sqlite() -> None:
    script = (
        "import sys\n"
        "from cli.main import main\n"
        "sys.argv = ['mistborn', 'odds', '--table', '--json']\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as stop:\n"
        "    code = stop.code\n"
        "loaded = [m for m in ('rich', 'cattrs', 'sqlite3') if m in sys.modules]\n"
        "print('LOADED', loaded, code, file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert "LOADED [] 0" in done.stderr
    assert len(json.loads(done.stdout)["contest"]) == 81


# --- mistakes -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["abc"], "R-DICE-1"),
        (["-3"], "R-DICE-1"),
        (["21"], "R-DICE-2"),
        (["2.5"], "R-DICE-1"),
        (["4", "vs"], "4 vs 3"),
        (["4", "x", "3"], "4 vs 3"),
        (["4", "vs", "3", "2"], "4 vs 3"),
        ([], "--table"),
        (["4", "--difficulty", "9"], "R-DICE-6"),
        (["4", "--difficulty", "-1"], "R-DICE-6"),
        (["4", "--difficulty", "hard"], "R-DICE-6"),
        (["4", "vs", "30"], "R-DICE-2"),
        (["--table", "4"], "--table"),
        (["--table", "--difficulty", "2"], "--table"),
        (["4", "--bogus"], "--bogus"),
        (["4", "vs", "3", "--bogus"], "--bogus"),
    ],
)
def test_mistakes_give_one_line_and_status_2(args: list[str], needle: str) -> None:
    for extra in ([], ["--json"]):
        result = run(*args, *extra)
        assert result.exit_code == 2, result.output
        assert result.stdout == ""
        lines = result.stderr.splitlines()
        assert len(lines) == 1, result.stderr
        assert lines[0].startswith("mistborn: ")
        assert needle in lines[0]
        assert "Traceback" not in result.stderr


def test_negative_pool_is_named_not_taken_for_an_option() -> None:
    result = run("-3")
    assert "no such option" not in result.stderr
    assert "-3" in result.stderr
    assert "0–20" in result.stderr


def test_help_shows_the_three_forms() -> None:
    result = run("--help")
    assert result.exit_code == 0
    assert "vs" in result.stdout
    assert "--table" in result.stdout
