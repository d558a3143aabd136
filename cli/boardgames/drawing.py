"""How the board games' commands draw a library board (:mod:`boardgames.screen`) on a
terminal: text broken between words to a width, each line's tag as a style (the
words alone always carry the meaning), and an entry's time. Light at import (neither
click nor Rich): the lines are :class:`cli.common.light.Line` values, which the
commands hand to Rich.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from cli.common.light import Line as Drawn
from core.wrap import rows as broken

if TYPE_CHECKING:
    from rich.console import RenderableType

    from boardgames.screen import Line, Title


def rows(text: str, width: int, *, indent: int = 2, collapse: bool = False) -> list[str]:
    """``text`` as lines at most ``width`` wide, broken between words, the lines after
    the first indented (:func:`core.wrap.rows`); each run of white space one space
    first when ``collapse``."""
    return broken(" ".join(text.split()) if collapse else text, width, indent)


def wrapped_lines(text: str, width: int, *, indent: int = 2, style: str = "",
                  collapse: bool = False) -> list[Drawn]:
    """``text`` (already made safe with ``plain``) as lines at most ``width`` wide,
    broken between words, later lines indented."""
    return [Drawn(line, style) for line in rows(text, width, indent=indent,
                                                 collapse=collapse)]


def wrapped(text: str, width: int, *, indent: int = 2, style: str = "") -> list[Any]:
    """:func:`wrapped_lines` as Rich ``Text``."""
    return [line.to_rich() for line in wrapped_lines(text, width, indent=indent, style=style)]


STYLES = {"title": "bold", "head": "bold", "active": "bold", "result": "bold",
          "out": "dim", "note": "dim", "dim": "dim", "plain": ""}
"""How a terminal styles each tag of :mod:`boardgames.screen`; the words alone always
carry the meaning."""


def drawn_lines(shown: Line | Title, name: str, width: int, *, collapse: bool = False
                ) -> list[Drawn]:
    """A line of a library board (:mod:`boardgames.screen`) as lines at most ``width``
    wide; a :class:`~boardgames.screen.Title` after the game's ``name``. Every text
    goes through ``plain``: stored names are never read as markup."""
    # Here, not above: dice rows (stuffed odds, keep) need neither (start-up time).
    from boardgames.screen import Title
    from core.text import printable as plain

    if isinstance(shown, Title):
        text = plain(name) + plain(shown.text)
        if shown.wrap:
            return wrapped_lines(text, width, style=STYLES["title"])
        return [Drawn(text, STYLES["title"])]
    style = STYLES.get(shown.tag, "")
    if shown.parts:
        first, *rest = shown.parts
        line = Drawn(plain(first.text), style)
        for part in rest:
            line.append(plain(part.text), STYLES.get(part.tag, ""))
        return [line]
    if not shown.wrap:
        return [Drawn(" " * shown.margin + plain(shown.text), style)]
    margin = " " * shown.margin
    return [Drawn(margin + row, style) for row in rows(
        plain(shown.text), width - shown.margin, indent=shown.indent, collapse=collapse)]


def drawn(shown: Line | Title, name: str, width: int, *, collapse: bool = False
          ) -> list[Any]:
    """:func:`drawn_lines` as Rich ``Text``."""
    return [line.to_rich() for line in drawn_lines(shown, name, width, collapse=collapse)]


def rendered(lines: Sequence[Line], width: int) -> RenderableType:
    """A library board's lines, laid out already, as one Rich renderable at most
    ``width`` wide (stored names through ``plain``)."""
    from rich.console import Group

    return Group(*(text for line in lines for text in drawn(line, "", width)))


class ShownDie(Protocol):
    """A die as a screen shows it: its position, its symbol's two letters, whether it
    is spent (:class:`~boardgames.screen.TrayDie`, or a die of a roll typed in)."""

    @property
    def position(self) -> int: ...
    @property
    def short(self) -> str: ...
    @property
    def spent(self) -> bool: ...


def dice_rows(dice: Sequence[ShownDie], width: int, label: str = "Dice") -> list[Drawn]:
    """The dice as ``1 Co  2 Co  3×Es`` rows under a label, as many per row as fit;
    ``×`` marks a spent die."""
    lead = len(label) + 1
    per_row = max(1, min(8, (width - lead + 1) // 6))
    rows: list[Drawn] = []
    for start in range(0, len(dice), per_row):
        line = Drawn((label if not rows else "").ljust(lead))
        for index, die in enumerate(dice[start:start + per_row]):
            if index:
                line.append("  ")
            line.append(f"{die.position}{'×' if die.spent else ' '}{die.short}",
                        "dim" if die.spent else "bold")
        rows.append(line)
    if not dice:
        rows.append(Drawn(label.ljust(lead) + "not rolled yet"))
    return rows


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
