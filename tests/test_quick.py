"""The plainest rolls and odds are answered before click loads (:mod:`cli.quick`,
start-up time): the same words give the same bytes, the same exit status and the same
rows in the table as through the click group; any other words are left to the group,
untouched."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main
from cli.quick import answered

ROOT = Path(__file__).resolve().parent.parent

_ANSWERED = [
    ["roll", "5", "--seed", "3"], ["roll", "4", "-d", "2", "--seed", "12"],
    ["roll", "--seed", "7", "0"], ["roll", "1", "--difficulty", "5", "--seed", "1"],
    ["roll", "13", "--seed", "99", "-d", "0"], ["roll", "40", "--seed", "0"],
    ["roll", "007", "--seed", "9223372036854775807"],
    ["odds", "4"], ["odds", "0", "-d", "3"], ["odds", "20"], ["odds", "5", "vs", "4"],
    ["odds", "12", "V", "0", "-d", "5"], ["odds", "2", "vs.", "3", "--difficulty", "1"],
]

_LEFT = [
    [], ["roll"], ["roll", "-h"], ["roll", "5", "--json"], ["roll", "41"], ["roll", "-3"],
    ["roll", "5", "-d", "6"], ["roll", "5", "-d2"], ["roll", "5", "--difficulty=2"],
    ["roll", "5", "-d", "1", "-d", "2"], ["roll", "5", "--faces", "5,5,4,2"],
    ["roll", "5", "--for", "lock"], ["roll", "5", "--as"], ["roll", "5", "--as", "-x"],
    ["roll", "5", "--as", " "], ["roll", "5", "--db", "t.db", "--as", "Vin"],
    ["roll", "5", "--seed", "9223372036854775808"], ["roll", "٣"], ["roll", "5", "6"],
    ["roll", "5", "--"], ["odds", "21"], ["odds", "4", "5"], ["odds", "4", "vs"],
    ["odds", "--table"], ["odds", "4", "--seed", "3"], ["odds", "4", "--json"],
    ["char", "list"], ["rolls", "5"], ["ROLL", "5"], ["roll", "5\udcff"],
]


@pytest.fixture(autouse=True)
def _plain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    monkeypatch.delenv("MISTBORN_WAIT", raising=False)


@pytest.mark.parametrize("columns", ["40", "80", "24"])
@pytest.mark.parametrize("words", _ANSWERED, ids=" ".join)
def test_r_dice_plain_rolls_and_odds_print_what_the_click_command_prints(
        words: list[str], columns: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    env = {"COLUMNS": columns, "NO_COLOR": "", "FORCE_COLOR": "1" if columns == "24" else ""}
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    if not env["FORCE_COLOR"]:
        monkeypatch.delenv("FORCE_COLOR")
    assert answered(words)
    quick = capsys.readouterr()
    clicked = CliRunner().invoke(main, words, env={k: v or None for k, v in env.items()})
    assert clicked.exit_code == 0
    assert (quick.out, quick.err) == (clicked.stdout, clicked.stderr)


@pytest.mark.parametrize("words", _LEFT, ids=repr)
def test_any_other_words_are_left_to_the_click_group(
        words: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert not answered(words)
    assert capsys.readouterr() == ("", "")


def test_shell_completion_is_left_to_the_click_group(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("_MISTBORN_COMPLETE", "bash_complete")
    assert not answered(["roll", "5"])


def test_a_wait_set_is_left_to_the_click_group_to_check(monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    monkeypatch.setenv("MISTBORN_DB", str(tmp_path / "t.db"))
    monkeypatch.setenv("MISTBORN_WAIT", "soon")
    assert not answered(["roll", "5", "--as", "Vin"])
    assert answered(["roll", "5"])


def _logged(db: Path) -> list[dict[str, object]]:
    result = CliRunner().invoke(main, ["log", "--json", "--db", str(db)])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    rolls = rows["rolls"] if isinstance(rows, dict) else rows
    return [{k: v for k, v in row.items() if k not in ("when", "at", "id")} for row in rolls]


def test_r_dice_a_recorded_roll_is_written_as_the_click_command_writes_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    examples = [str(ROOT / "examples" / "crew.toml")]
    written = []
    for way in ("quick", "click"):
        db = tmp_path / f"{way}.db"
        imported = CliRunner().invoke(main, ["char", "import", *examples, "--db", str(db)])
        assert imported.exit_code == 0, imported.output
        monkeypatch.setenv("MISTBORN_DB", str(db))
        for words in (["roll", "5", "--as", "tamsin", "--for", "the lock", "--seed", "4"],
                      ["roll", "3", "--as", "Someone Else", "--seed", "5", "-d", "2"]):
            if way == "quick":
                assert answered(words)
                out = capsys.readouterr().out
            else:
                out = CliRunner().invoke(main, words).stdout
            written.append(out)
        assert _logged(db)
    half = len(written) // 2
    assert written[:half] == written[half:]
    assert _logged(tmp_path / "quick.db") == _logged(tmp_path / "click.db")


def test_a_name_refused_while_recording_is_one_line_as_the_group_says_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MISTBORN_DB", str(tmp_path / "t.db"))
    words = ["roll", "5", "--as", "V\u202ein", "--seed", "1"]
    with pytest.raises(SystemExit) as stop:
        answered(words)
    quick = capsys.readouterr()
    clicked = CliRunner().invoke(main, words)
    assert (stop.value.code, quick.out, quick.err) == (clicked.exit_code, clicked.stdout,
                                                       clicked.stderr)
    assert stop.value.code == 2


def test_a_table_under_a_home_folder_not_found_is_one_line_both_ways(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``$MISTBORN_DB=~nosuchuser/t.db``: no traceback from the ``~`` either way, one
    line and exit status 2, the same words."""
    monkeypatch.setenv("MISTBORN_DB", "~no-such-user-of-this-machine/t.db")
    words = ["roll", "5", "--as", "Vin", "--seed", "1"]
    with pytest.raises(SystemExit) as stop:
        answered(words)
    quick = capsys.readouterr()
    clicked = CliRunner().invoke(main, words)
    assert (stop.value.code, quick.out, quick.err) == (clicked.exit_code, clicked.stdout,
                                                       clicked.stderr)
    assert quick.err == ("mistborn: cannot open the table "
                         "'~no-such-user-of-this-machine/t.db': no such directory\n")


@pytest.mark.parametrize("name", ["COLUMNS", "LINES"])
def test_r_dice_a_size_of_digits_that_are_no_number_counts_as_unset_both_ways(
        name: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``COLUMNS=²``: Python calls it digits, Rich stopped on it with a traceback."""
    words = ["odds", "5", "vs", "4"]
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)
    unset = CliRunner().invoke(main, words)
    monkeypatch.setenv(name, "²")
    assert answered(words)
    quick = capsys.readouterr()
    monkeypatch.setenv(name, "²")
    clicked = CliRunner().invoke(main, words, env={name: "²"})
    assert (clicked.exit_code, unset.exit_code) == (0, 0)
    assert (quick.out, quick.err) == (clicked.stdout, clicked.stderr) == (unset.stdout, "")
