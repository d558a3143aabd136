"""The live board (``mistborn conflict watch``) on screens of every size a phone or a
laptop gives it, read as a real terminal shows it (tmux draws the screen; the test
reads it back): what comes next, the newest steps and the footer always show; older
lines give way."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from screen_support import Screen

from cli.main import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(str(p) for p in (ROOT / "examples").glob("*.toml"))

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")


def ok(db: Path, *args: str) -> str:
    env = {"MISTBORN_DB": str(db), "NO_COLOR": "1", "COLUMNS": "80", "MISTBORN_AS": "Ada"}
    result = CliRunner().invoke(main, list(args), env=env)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A round well under way: five participants declared, tested and swapped, so the
    board and its last steps are taller than a phone's screen."""
    path = tmp_path / "table.db"
    ok(path, "char", "import", *EXAMPLES)
    ok(path, "conflict", "new", "Rooftops", "--physical", "--stakes", "the atium cache")
    ok(path, "conflict", "add", "tamsin", "brannoch", "hazekillers", "canton", "prelate")
    ok(path, "conflict", "declare", "canton", "attack", "3", "-t", "tamsin")
    ok(path, "conflict", "declare", "haze", "attack", "5", "-t", "brannoch")
    ok(path, "conflict", "declare", "tamsin", "attack", "4", "-t", "canton")
    ok(path, "conflict", "declare", "brannoch", "defense", "3")
    return path


@pytest.mark.parametrize(("columns", "rows"), [(40, 20), (40, 30), (100, 40)])
def test_watch_keeps_the_newest_steps_and_the_footer_on_any_screen(
        db: Path, columns: int, rows: int) -> None:
    screen = Screen(db, columns, rows, "conflict", "watch", "--last", "8")
    try:
        screen.wait_for("q quits")
        ok(db, "conflict", "test", "1", "--challenge", "-d", "1")
        ok(db, "conflict", "declare", "prelate", "attack", "6", "-t", "brannoch",
           "--about", "the axe falls")
        shown = screen.wait_for("axe falls")
        text = "\n".join(shown)
        assert len(shown) <= rows
        assert shown[-1].startswith("Rooftops · q quits"), text  # the footer, last
        assert "Next: The Hollow Prelate acts (6 Action Dice)" in " ".join(text.split()), text
        assert all(len(line.rstrip()) <= columns for line in shown)
        # A wrapped line keeps an indent: only headings and new lines start at the edge.
        for line in shown:
            assert not line.startswith(("(", "Health", "Difficulty")), text
    finally:
        screen.close()


@pytest.mark.parametrize("columns", [40, 60, 100])
def test_the_fitted_board_keeps_next_the_newest_step_and_the_footer(
        db: Path, columns: int) -> None:
    import io

    from rich.console import Console

    from cli.conflict.group import recent_lines
    from cli.conflict.views import watch_view
    from conflict import saved as conflicts
    from table import Table

    ok(db, "conflict", "declare", "prelate", "attack", "6", "-t", "brannoch",
       "--about", "the axe falls")
    with Table(db, create=False) as table:
        _saved, loaded = conflicts.load(table, "Rooftops")
        last = recent_lines(table, loaded, 8)
    for rows in range(20, 41):
        console = Console(width=columns, height=rows, file=io.StringIO(), record=True,
                          no_color=True)
        console.print(watch_view(loaded.state, last, columns, rows, "Rooftops"))
        shown = console.export_text().rstrip("\n").split("\n")
        flat = " ".join(" ".join(shown).split())
        assert len(shown) <= rows, (rows, shown)
        assert shown[-1] == "Rooftops · q quits", (rows, shown)
        assert "Next: The Hollow Prelate acts" in flat and "the axe falls." in flat
