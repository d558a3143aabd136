"""How the board games' commands draw a library board (:mod:`boardgames.screen`) on a
terminal: text broken between words to a width, each line's tag as a Rich style (the
words alone always carry the meaning), and an entry's time. Light at import: Rich is
loaded only when a line is drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cli.common.output import plain
from core.wrap import rows as broken

if TYPE_CHECKING:
    from boardgames.screen import Line, Title


def rows(text: str, width: int, *, indent: int = 2, collapse: bool = False) -> list[str]:
    """``text`` as lines at most ``width`` wide, broken between words, the lines after
    the first indented (:func:`core.wrap.rows`); each run of white space one space
    first when ``collapse``."""
    return broken(" ".join(text.split()) if collapse else text, width, indent)


def wrapped(text: str, width: int, *, indent: int = 2, style: str = "") -> list[Any]:
    """``text`` (already made safe with ``plain``) as Rich ``Text`` lines at most
    ``width`` wide, broken between words, later lines indented."""
    from rich.text import Text

    return [Text(line, style=style) for line in rows(text, width, indent=indent)]


STYLES = {"title": "bold", "head": "bold", "active": "bold", "result": "bold",
          "out": "dim", "note": "dim", "dim": "dim", "plain": ""}
"""How a terminal styles each tag of :mod:`boardgames.screen`; the words alone always
carry the meaning."""


def drawn(shown: Line | Title, name: str, width: int, *, collapse: bool = False
          ) -> list[Any]:
    """A line of a library board (:mod:`boardgames.screen`) as Rich ``Text`` lines at
    most ``width`` wide; a :class:`~boardgames.screen.Title` after the game's ``name``.
    Every text goes through ``plain``: stored names are never read as markup."""
    from rich.text import Text

    from boardgames.screen import Title

    if isinstance(shown, Title):
        text = plain(name) + plain(shown.text)
        if shown.wrap:
            return wrapped(text, width, style=STYLES["title"])
        return [Text(text, style=STYLES["title"])]
    style = STYLES.get(shown.tag, "")
    if shown.parts:
        first, *rest = shown.parts
        line = Text(plain(first.text), style=style)
        for part in rest:
            line.append(plain(part.text), style=STYLES.get(part.tag, ""))
        return [line]
    if not shown.wrap:
        return [Text(" " * shown.margin + plain(shown.text), style=style)]
    margin = " " * shown.margin
    return [Text(margin + row, style=style) for row in rows(
        plain(shown.text), width - shown.margin, indent=shown.indent, collapse=collapse)]


def entry_time(iso: str) -> str:
    """An entry's time as the local ``HH:MM``."""
    import datetime

    return datetime.datetime.fromisoformat(iso).astimezone().strftime("%H:%M")
