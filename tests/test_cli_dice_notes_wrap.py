"""The notes ``mistborn odds`` and ``mistborn roll`` print on a pool beyond 10 dice
(R-DICE-2) or below 2 (R-DICE-3) fit a phone's 40 columns: broken between words by the
one wrapper, no line ending in a space, the lines after the first indented."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cli_support import ok


def _fits(out: str) -> list[str]:
    lines = out.splitlines()
    assert [line for line in lines if line.endswith(" ")] == []
    assert [line for line in lines if len(line) > 40] == []
    return lines


@pytest.mark.parametrize(("args", "note"), [
    (["odds", "11", "vs", "4"], ["attacker capped at 10 dice: rolls 10,",
                                 "  the 1 die beyond is a free Nudge",
                                 "  (R-DICE-2)"]),
    (["odds", "0", "vs", "12"], ["attacker rolls 2 dice; Outcome \N{MINUS SIGN}2",
                                 "  (R-DICE-3)",
                                 "defender capped at 10 dice: rolls 10,",
                                 "  the 2 dice beyond are free Nudges",
                                 "  (R-DICE-2)"]),
    (["odds", "11"], ["capped at 10 dice: rolls 10, the 1 die",
                      "  beyond is a free Nudge (R-DICE-2)"]),
])
def test_r_dice_2_r_dice_3_odds_notes_wrap_with_a_hanging_indent_at_40_columns(
        tmp_path: Path, args: list[str], note: list[str]) -> None:
    lines = _fits(ok(tmp_path / "table.db", *args, columns=40))
    start = lines.index(note[0])
    assert lines[start:start + len(note)] == note


def test_r_dice_3_roll_0_s_note_wraps_beside_its_label_at_40_columns(tmp_path: Path) -> None:
    lines = _fits(ok(tmp_path / "table.db", "roll", "0", "--seed", "1", columns=40))
    assert lines[-2:] == ["Note   rolled 2; Outcome \N{MINUS SIGN}1 for each",
                          "       missing die: \N{MINUS SIGN}2 (R-DICE-3)"]


def test_r_dice_2_roll_12_s_note_wraps_beside_its_label_at_40_columns(tmp_path: Path) -> None:
    lines = _fits(ok(tmp_path / "table.db", "roll", "12", "--seed", "1", columns=40))
    assert lines[-2:] == ["Note   rolled 10; 2 dice beyond 10",
                          "       became free Nudges"]
