"""How the board games' commands hand the library's drawing (:mod:`boardgames.drawing`:
text broken between words to a width, each line's tag as a style, dice rows) to Rich,
and an entry's time. Light at import (neither click nor Rich): the lines are
:class:`core.lines.Line` values, which become Rich ``Text`` when drawn.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from boardgames.drawing import STYLES as STYLES
from boardgames.drawing import ShownDie as ShownDie
from boardgames.drawing import dice_rows as dice_rows
from boardgames.drawing import drawn_lines as drawn_lines
from boardgames.drawing import rows as rows
from boardgames.drawing import wrapped_lines as wrapped_lines

if TYPE_CHECKING:
    from boardgames.screen import Line, Title


def wrapped(text: str, width: int, *, indent: int = 2, style: str = "") -> list[Any]:
    """:func:`~boardgames.drawing.wrapped_lines` as Rich ``Text``."""
    return [line.to_rich() for line in wrapped_lines(text, width, indent=indent, style=style)]


def drawn(shown: Line | Title, name: str, width: int, *, collapse: bool = False
          ) -> list[Any]:
    """:func:`~boardgames.drawing.drawn_lines` as Rich ``Text``."""
    return [line.to_rich() for line in drawn_lines(shown, name, width, collapse=collapse)]


def entry_time(iso: str) -> str:
    """An entry's time as the local ``HH:MM``."""
    import datetime

    return datetime.datetime.fromisoformat(iso).astimezone().strftime("%H:%M")


def locale_language() -> str:
    """``pl`` when the locale is Polish (the first of ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG`` that is set starts with ``pl``), else ``en``."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if value:
            return "pl" if value.lower().startswith("pl") else "en"
    return "en"
