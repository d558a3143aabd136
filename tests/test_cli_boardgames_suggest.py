"""A mistyped command inside a board game's group says "did you mean", as ``mistborn
conflict`` and ``mistborn`` itself do, though the game's commands are imported only when
used (R-STF, R-DBG, R-HW: the games' command-line front doors)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cli_support import ROOT, run


@pytest.mark.parametrize(("args", "meant"), [
    (["stuffed", "shwo"], "'show'"),
    (["stuffed", "rol"], "one of: 'reroll', 'roll'"),
    (["dbg", "edcit"], "'edict'"),
    (["dbg", "end-trun"], "'end-turn'"),
    (["hw", "nwe"], "'new'"),
    (["hw", "colect"], "one of: 'collect', 'cost'"),
])
def test_r_stf_r_dbg_r_hw_a_mistyped_game_command_suggests_the_one_meant(
        tmp_path: Path, args: list[str], meant: str) -> None:
    result = run(tmp_path / "table.db", *args)
    assert result.exit_code == 2
    assert result.stdout == ""
    suggestion = f"Did you mean {meant}?" if meant.startswith("'") \
        else f"(Did you mean {meant}?)"
    assert result.stderr == f"mistborn: No such command {args[1]!r}. {suggestion}\n"


def test_r_stf_a_game_command_like_no_other_gets_no_suggestion(tmp_path: Path) -> None:
    result = run(tmp_path / "table.db", "stuffed", "xyzzy")
    assert result.exit_code == 2
    assert result.stderr == "mistborn: No such command 'xyzzy'.\n"


def test_r_hw_the_suggestion_imports_none_of_the_game_s_commands(tmp_path: Path) -> None:
    # A real process: only a fresh interpreter shows which modules a suggestion loads.
    code = ("import sys; from cli.main import main\n"
            "try:\n    main(['hw', 'colect'])\nexcept SystemExit as stop:\n"
            "    loaded = sorted(m for m in sys.modules if m.startswith("
            "'cli.boardgames.housewar_'))\n"
            "    print(stop.code, loaded, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          encoding="utf-8", timeout=60, check=False, cwd=ROOT,
                          env={"MISTBORN_DB": str(tmp_path / "table.db"), "NO_COLOR": "1",
                               "PATH": "", "HOME": str(tmp_path)})
    assert done.stderr.splitlines() == [
        "mistborn: No such command 'colect'. (Did you mean one of: 'collect', 'cost'?)",
        "2 []"]
