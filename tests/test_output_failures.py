"""Where the output cannot go, every command says so in one line: standard output closed
(``mistborn roll 5 >&-``) stops before anything is done, and output sent to a full
disk (``/dev/full``) stops with exit status 1, never a traceback."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from cli.main import main

_WORDS = [["roll", "5", "--seed", "1"], ["odds", "4"], ["roll", "5", "--as", "Vin"]]


@pytest.fixture(autouse=True)
def _table(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MISTBORN_DB", str(tmp_path / "t.db"))
    for name in ("MISTBORN_WAIT", "FORCE_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize("words", _WORDS, ids=" ".join)
def test_a_closed_standard_output_is_one_line_and_nothing_done(
        words: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    with pytest.raises(SystemExit) as stop:
        main.main(args=words)
    assert stop.value.code == 1
    assert capsys.readouterr().err == "mistborn: standard output is closed; nothing was done\n"
    assert not (tmp_path / "t.db").exists()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("words", _WORDS[:2], ids=" ".join)
def test_output_to_a_full_disk_is_one_line_and_exit_status_1(
        words: list[str], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    with open("/dev/full", "w", encoding="utf-8") as full:
        monkeypatch.setattr(sys, "stdout", full)
        with pytest.raises(SystemExit) as stop:
            main.main(args=words)
        monkeypatch.undo()
    assert stop.value.code == 1
    assert capsys.readouterr().err == (
        "mistborn: cannot write the output: No space left on device\n")
