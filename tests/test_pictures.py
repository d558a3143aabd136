"""The documentation's pictures (``docs/pictures/*.svg``) are what the commands draw:
``docs/pictures/make.py`` draws them again, on a fresh table, and each must be the same
SVG as the one kept. When a screen changes on purpose, draw them again with
``python docs/pictures/make.py`` and keep the new ones."""

from __future__ import annotations

import difflib
import html
import importlib.util
import re
import shutil
from pathlib import Path
from types import ModuleType

import pytest
from rich.cells import cell_len

ROOT = Path(__file__).resolve().parent.parent
PICTURES = ROOT / "docs" / "pictures"

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None,
                                reason="the live board and the phones are drawn in tmux")

_TEXT = re.compile(r'<text class="[^"]*" x="([0-9.]+)" y="([0-9.]+)"[^>]*>([^<]*)</text>')


def _make() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pictures_make", PICTURES / "make.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CELL = 12.2
"""A column's width in Rich's SVG (0.61 of its 20-pixel font)."""


def rows(svg: str) -> list[str]:
    """A picture's text as its rows read, each piece in its column."""
    found: dict[float, list[tuple[float, str]]] = {}
    for x, y, text in _TEXT.findall(svg):
        found.setdefault(float(y), []).append((float(x), html.unescape(text)))
    shown = []
    for _y, pieces in sorted(found.items()):
        row = ""
        for x, text in sorted(pieces):
            row += " " * max(0, round(x / CELL) - cell_len(row)) + text.replace("\xa0", " ")
        shown.append(row.rstrip())
    return shown


MAKE = _make()


def test_every_picture_kept_is_drawn_by_one_set() -> None:
    kept = sorted(path.name for path in PICTURES.glob("*.svg"))
    drawn = [name for names in MAKE.DRAWN.values() for name in names]
    assert sorted(drawn) == kept
    assert set(MAKE.DRAWN) == set(MAKE.PICTURES)
    assert {"board.svg", "live-board.svg", "phone-conflict.svg", "phone-housewar.svg",
            "odds-table.svg"} <= set(kept)


@pytest.mark.parametrize("only", list(MAKE.PICTURES))
def test_the_pictures_are_what_the_commands_draw(tmp_path: Path, only: str) -> None:
    # Each set is drawn on its own table (the sets run side by side); a changed screen
    # changes its text, colours or layout, and its picture no longer matches.
    made = MAKE.make(tmp_path, only)
    assert sorted(path.name for path in tmp_path.glob("*.svg")) == sorted(MAKE.DRAWN[only])
    stale = []
    for path in made:
        was = (PICTURES / path.name).read_text(encoding="utf-8")
        now = path.read_text(encoding="utf-8")
        if now != was:
            changed = "\n".join(difflib.unified_diff(rows(was), rows(now), "kept", "drawn",
                                                     lineterm=""))
            stale.append(f"docs/pictures/{path.name}:\n"
                         f"{changed or 'the same text, in other colours or places'}")
    assert not stale, ("pictures that are not what the commands draw now (python "
                       "docs/pictures/make.py draws them again):\n" + "\n".join(stale))
    # Screens are drawn for a phone: no row of any picture is wider than 40 columns, and
    # the live board is a 40 × 20 terminal.
    for path in made:
        shown = rows(path.read_text(encoding="utf-8"))
        assert shown and max(cell_len(row) for row in shown) <= 40, path.name
    if "live-board.svg" in MAKE.DRAWN[only]:
        assert len(rows((tmp_path / "live-board.svg").read_text(encoding="utf-8"))) == 20
