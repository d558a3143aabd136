"""``mistborn roll`` through click's CliRunner: JSON, screens at 40 columns, errors.

Expected numbers come from the rules' worked examples (R-DICE-5) or from the library
rolling with the same seed; the screen is checked for width, glyphs and wording.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from profiles import scaled
from rich.cells import cell_len
from strategies import rolls

from cli.main import main
from conflict.dice import Roll
from conflict.dice import roll as roll_pool

GLYPHS = "⚀⚁⚂⚃⚄⚅"
JSON_KEYS = {
    "asked",
    "faces",
    "nudges",
    "free_nudges",
    "result",
    "penalty",
    "difficulty",
    "outcome",
    "success",
}


def run(*args: str, columns: int = 40, **env: str) -> Result:
    return CliRunner().invoke(
        main, ["roll", *args], env={"COLUMNS": str(columns), "NO_COLOR": "1", **env}
    )


def run_json(*args: str) -> dict[str, Any]:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


def flat(text: str) -> str:
    """Screen text with wrapping undone, for looking up phrases."""
    return " ".join(text.split())


def expected_json(judged: Roll) -> dict[str, object]:
    return {
        "asked": judged.asked,
        "faces": list(judged.faces),
        "nudges": judged.nudges,
        "free_nudges": judged.free_nudges,
        "result": judged.result,
        "penalty": judged.penalty,
        "difficulty": judged.difficulty,
        "outcome": judged.outcome,
        "success": judged.success,
    }


def check_screen(text: str, width: int = 40) -> None:
    """No line wider than ``width`` cells; every die glyph sits right before its digit."""
    assert text.strip(), "empty screen"
    for line in text.splitlines():
        assert cell_len(line) <= width, f"{cell_len(line)} cells: {line!r}"
        for found in re.finditer(f"[{GLYPHS}]", line):
            face = GLYPHS.index(found.group()) + 1
            assert line[found.end() : found.end() + 1] == str(face), line


# --- seeded rolls -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("asked", "seed", "difficulty"), [(4, 7, "2"), (12, 3, None), (1, 9, "3"), (10, 0, "0")]
)
def test_seeded_roll_matches_the_library(asked: int, seed: int, difficulty: str | None) -> None:
    extra = [] if difficulty is None else ["--difficulty", difficulty]
    data = run_json(str(asked), "--seed", str(seed), *extra)
    library = roll_pool(
        asked,
        difficulty=None if difficulty is None else int(difficulty),
        rng=random.Random(seed),
    )
    assert data == expected_json(library)


def test_seeded_roll_is_repeatable_on_screen_and_in_json() -> None:
    assert run("6", "--seed", "11").stdout == run("6", "--seed", "11").stdout
    assert run_json("6", "--seed", "11") == run_json("6", "--seed", "11")


def test_unseeded_rolls_vary() -> None:
    draws = {tuple(run_json("10")["faces"]) for _ in range(5)}
    assert len(draws) > 1  # five equal draws of 10 dice: odds 6**-40


# --- dice rolled by hand: R-DICE-5 worked examples ----------------------------------


@pytest.mark.parametrize(
    ("faces", "result", "nudges"),
    [("1,2,2,3,4,2,4,6,6", 4, 2), ("6,6,3,2,2", 2, 2), ("5,5,4,2", 5, 0)],
)
def test_faces_worked_examples(faces: str, result: int, nudges: int) -> None:
    data = run_json("--faces", faces)
    assert data["faces"] == [int(face) for face in faces.split(",")]
    assert data["asked"] == len(data["faces"])
    assert (data["result"], data["nudges"]) == (result, nudges)


def test_faces_5_5_4_2_beats_difficulty_5() -> None:
    data = run_json("--faces", "5,5,4,2", "--difficulty", "5")
    assert (data["difficulty"], data["outcome"], data["success"]) == (5, 0, True)
    screen = run("--faces", "5,5,4,2", "--difficulty", "5").stdout
    assert "success" in screen and "failure" not in screen


@pytest.mark.parametrize("faces", ["5,5,4,2", "5 5 4 2", "5, 5, 4, 2", " 5 ,5,  4,2 ", "5,5,4,2,"])
def test_faces_accept_commas_and_spaces(faces: str) -> None:
    assert run_json("--faces", faces)["faces"] == [5, 5, 4, 2]


@pytest.mark.parametrize("faces", ["5,,4", "5, ,4", "1,,2,3"])
def test_faces_with_a_gap_between_commas_are_refused(faces: str) -> None:
    result = run("--faces", faces)
    assert result.exit_code == 2
    assert "has a comma with no face beside it" in result.stderr


def test_faces_with_a_pool_beyond_ten() -> None:
    data = run_json("12", "--faces", "1,1,2,3,4,5,6,3,2,1")
    assert data["asked"] == 12
    assert data["free_nudges"] == 2  # R-DICE-2
    assert data["nudges"] == 3  # one six plus two free
    assert data["result"] == 3


def test_faces_with_a_pool_below_two() -> None:
    data = run_json("1", "--faces", "5,5", "--difficulty", "4")
    # R-DICE-3: Outcome = 5 − 4 − 1.
    assert (data["penalty"], data["outcome"], data["success"]) == (1, 0, True)


# --- JSON shape -------------------------------------------------------------------


def test_json_keys_and_nulls_without_difficulty() -> None:
    result = run("4", "--seed", "1", "--json")
    assert result.stdout.lstrip().startswith("{")
    data = json.loads(result.stdout)  # the whole of stdout is one JSON object
    assert set(data) == JSON_KEYS
    assert data["difficulty"] is None
    assert data["outcome"] is None
    assert data["success"] is None


def test_json_with_difficulty_has_every_value() -> None:
    data = run_json("--faces", "3,3,1", "--difficulty", "4")
    assert set(data) == JSON_KEYS
    assert (data["difficulty"], data["outcome"], data["success"]) == (4, -1, False)


# --- the screen -------------------------------------------------------------------


def test_screen_notes_for_pools_beyond_ten_and_below_two() -> None:
    big = run("12", "--seed", "3")
    assert big.exit_code == 0
    assert "rolled 10; 2 dice beyond 10 became free Nudges" in flat(big.stdout)
    one_more = run("11", "--seed", "3")
    assert "rolled 10; 1 die beyond 10 became a free Nudge" in flat(one_more.stdout)
    small = run("1", "--seed", "3")
    assert "rolled 2; Outcome −1 for each missing die" in flat(small.stdout)
    plain = flat(run("5", "--seed", "3").stdout)
    assert "beyond 10" not in plain and "missing die" not in plain


def test_screen_says_when_there_is_no_matching_set() -> None:
    screen = flat(run("--faces", "1,2,3,4,6", "--difficulty", "0").stdout)
    assert "Result 0 — no matching set" in screen
    assert "failure" in screen and "success" not in screen


def test_screen_names_the_face_of_the_set_and_the_nudges() -> None:
    screen = flat(run("--faces", "1,2,2,3,4,2,4,6,6").stdout)
    assert "Result 4 — a set of ⚃4 ×2" in screen
    assert "Nudges 2: ⚅6 ⚅6 set aside" in screen


@pytest.mark.parametrize("difficulty", [None, "0", "3", "5"])
@pytest.mark.parametrize("asked", [0, 1, 2, 5, 10, 11, 30])
@pytest.mark.parametrize("seed", [1, 2])
def test_screen_fits_40_columns(asked: int, seed: int, difficulty: str | None) -> None:
    extra = [] if difficulty is None else ["-d", difficulty]
    result = run(str(asked), "--seed", str(seed), *extra)
    assert result.exit_code == 0, result.stderr
    check_screen(result.stdout)


@settings(max_examples=scaled(60))
@given(rolls())
def test_screen_shows_every_die_and_the_verdict_in_words(judged: Roll) -> None:
    args = [str(judged.asked), "--faces", ",".join(map(str, judged.faces))]
    if judged.difficulty is not None:
        args += ["--difficulty", str(judged.difficulty)]
    result = run(*args)
    assert result.exit_code == 0, result.stderr
    check_screen(result.stdout)
    screen = result.stdout
    for face in range(1, 7):
        shown = screen.count(die_text(face))
        extra = 1 if face == judged.result else 0  # the Result row names its face once
        assert shown == judged.faces.count(face) + extra, (face, screen)
    words = flat(screen)
    assert f"Result {judged.result}" in words
    assert f"Nudges {judged.nudges}" in words
    if judged.success is None:
        assert "success" not in words and "failure" not in words
    else:
        assert ("success" if judged.success else "failure") in words
        assert ("failure" if judged.success else "success") not in words


def die_text(face: int) -> str:
    return f"{GLYPHS[face - 1]}{face}"


def test_colour_never_carries_the_verdict_alone() -> None:
    coloured = run("--faces", "5,5,4,2", "-d", "5", NO_COLOR="", FORCE_COLOR="1")
    assert "\x1b[" in coloured.stdout  # colour is really on here …
    assert "success" in coloured.stdout  # … and the word is still there
    plain = run("--faces", "5,5,4,2", "-d", "5", FORCE_COLOR="1")  # NO_COLOR=1
    assert not re.search(r"\x1b\[[0-9;]*3[0-7]m|\x1b\[[0-9;]*38;", plain.stdout)


def test_wide_terminal_still_renders() -> None:
    result = run("30", "--seed", "4", "-d", "2", columns=120)
    assert result.exit_code == 0
    check_screen(result.stdout, width=120)


# --- user mistakes ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["abc"], ["R-DICE-1", "'abc'"]),
        (["-3"], ["R-DICE-1", "-3"]),
        (["2.5"], ["R-DICE-1", "2.5"]),
        (["--faces", "7"], ["R-DICE-1", "7"]),
        (["--faces", "0,4"], ["R-DICE-1", "0"]),
        (["--faces", "1"], ["R-DICE-3", "1 faces"]),
        (["--faces", "x,y"], ["R-DICE-1", "'x'"]),
        (["--faces", ", ,"], ["--faces"]),
        (["--faces", "1,2,3,4,5,6,1,2,3,4,5"], ["R-DICE-2", "11 faces"]),
        (["12", "--faces", "5,5,4,2"], ["R-DICE-2", "10 dice", "4 faces"]),
        (["4", "--faces", "5,5,4"], ["R-DICE-1", "3 faces"]),
        (["4", "--difficulty", "9"], ["R-DICE-6", "9"]),
        (["4", "--difficulty", "-1"], ["R-DICE-6", "-1"]),
        (["4", "--difficulty", "hard"], ["R-DICE-6", "'hard'"]),
        (["--faces", "5,5", "--difficulty", "6"], ["R-DICE-6", "6"]),
        ([], ["--faces"]),
        (["--difficulty", "2"], ["--faces"]),
        (["4", "--faces", "5,5,4,2", "--seed", "1"], ["--seed", "--faces"]),
        (["4", "--seed", "x"], ["--seed"]),
        (["--bogus"], ["--bogus"]),
        (["4", "5"], ["5"]),
    ],
)
@pytest.mark.parametrize("as_json", [False, True])
def test_user_mistakes_are_one_line_and_exit_2(
    args: list[str], says: list[str], as_json: bool
) -> None:
    result = run(*args, *(["--json"] if as_json else []))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.endswith("\n")
    assert result.stderr.startswith("mistborn: ")
    assert "Traceback" not in result.stderr
    for part in says:
        assert part in result.stderr


# --- what the table and the terminal may say while rolling --------------------------------


def test_a_name_refused_while_recording_is_one_line_and_exit_2(tmp_path: Any) -> None:
    done = CliRunner().invoke(main, ["roll", "5", "--as", "V\u202ein", "--seed", "1"],
                              env={"MISTBORN_DB": str(tmp_path / "t.db")})
    assert done.exit_code == 2
    assert done.stdout == "" and len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith("mistborn: ")


def test_a_table_under_a_home_folder_not_found_is_one_line() -> None:
    """``$MISTBORN_DB=~nosuchuser/t.db``: no traceback from the ``~``."""
    done = CliRunner().invoke(main, ["roll", "5", "--as", "Vin", "--seed", "1"],
                              env={"MISTBORN_DB": "~no-such-user-of-this-machine/t.db"})
    assert (done.exit_code, done.stdout) == (2, "")
    assert done.stderr == ("mistborn: cannot open the table "
                           "'~no-such-user-of-this-machine/t.db': no such directory\n")


@pytest.mark.parametrize("name", ["COLUMNS", "LINES"])
def test_r_dice_a_size_of_digits_that_are_no_number_counts_as_unset(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``COLUMNS=²``: Python calls it digits, Rich stopped on it with a traceback."""
    words = ["odds", "5", "vs", "4"]
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)
    unset = CliRunner().invoke(main, words)
    odd = CliRunner().invoke(main, words, env={name: "²"})
    assert (odd.exit_code, unset.exit_code) == (0, 0)
    assert (odd.stdout, odd.stderr) == (unset.stdout, "")
