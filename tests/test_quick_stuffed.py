"""``stuffed odds`` and ``stuffed keep`` are answered before click loads
(:mod:`cli.quick_stuffed`, start-up time) in their plain forms: the same words print
the same bytes, with the same exit status, as through the click group, at any width
and colour setting (R-STF-8); any other words are left to the group, untouched."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cli.main import main
from cli.quick import answered

_ANSWERED = [
    ["odds", "3-kind"], ["odds", "ch:2,i,r", "-r", "2"], ["odds", "b", "--from", "c", "c", "e"],
    ["odds", "ch", "ch", "i", "r", "--rerolls", "0", "--dice", "5"],
    ["odds", "charisma:2,intelligence,resource", "--from", "c,c,e", "ch", "-r", "3"],
    ["odds", "4-kind", "--dice", "8", "-r", "8"], ["odds", "e:3", "--dice", "1"],
    ["keep", "ch:2,i,r", "--from", "c", "c", "e", "ch", "b", "i", "b", "r", "-r", "1"],
    ["keep", "3-kind", "--from", "c", "c", "c", "b", "b", "i", "i", "r", "-r", "0"],
    ["keep", "3-kind", "-r", "2", "--from", "c", "e", "b", "i", "ch", "r", "c", "e"],
    ["keep", "b:2", "--from", "b,b,c"], ["keep", "i:3", "--from", "c", "c", "e"],
    ["keep", "e:2", "--from", "c", "c", "e", "-r", "0"],
]

_LEFT = [
    ["odds"], ["odds", "-h"], ["odds", "3-kind", "--json"], ["odds", "zz"],
    ["odds", "3-kind", "-r", "9"], ["odds", "3-kind", "-r2"], ["odds", "3-kind", "--dice", "0"],
    ["odds", "3-kind", "-r", "1", "-r", "2"], ["odds", "3-kind", "--die", "c", "c", "c"],
    ["odds", "3-kind", "-r", "1", "e"], ["odds", "3-kind", "--from", "x"],
    ["odds", "3-kind", "--from"], ["odds", "3-kind", "--from", ","], ["odds", "-3"],
    ["keep", "3-kind"], ["keep", "3-kind", "-r", "1"], ["keep", "3-kind", "--from", "c",
                                                        "--pay", "ch"],
    ["keep", "3-kind", "--from", "c", "--json"], ["keep", "3-kind", "--from", "c", "--db", "t"],
    ["keep", "3-kind", "--from", "c", "-g", "Game 1"], ["Keep", "3-kind", "--from", "c"],
]

_TERMINALS = {"plain": {}, "colour": {"FORCE_COLOR": "1"},
              "no colour": {"FORCE_COLOR": "1", "NO_COLOR": "1"}}


@pytest.fixture(autouse=True)
def _plain(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "NO_COLOR", "MISTBORN_WAIT", "COLUMNS"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize("terminal", list(_TERMINALS))
@pytest.mark.parametrize("columns", [20, 24, 40, 72, 80, 120])
@pytest.mark.parametrize("words", _ANSWERED, ids=" ".join)
def test_r_stf_8_plain_odds_and_keep_print_what_the_click_command_prints(
        words: list[str], columns: int, terminal: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    env = {"COLUMNS": str(columns), **_TERMINALS[terminal]}
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert answered(["stuffed", *words])
    quick = capsys.readouterr()
    clicked = CliRunner().invoke(main, ["stuffed", *words], env=env)
    assert clicked.exit_code == 0, clicked.output
    assert (quick.out, quick.err) == (clicked.stdout, clicked.stderr)


@pytest.mark.parametrize("words", _LEFT, ids=repr)
def test_any_other_odds_or_keep_is_left_to_the_click_group(
        words: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert not answered(["stuffed", *words])
    assert capsys.readouterr() == ("", "")
