"""How a board game's board is drawn: its values (:mod:`boardgames.screen`) as lines of
styled text at a width (:class:`core.lines.Line`), and each game's board as a value
that draws itself (:class:`core.lines.Drawing`).

This is the one drawing of the boards: the ``mistborn`` commands and the players' shell
draw these same values, so a script's board reads as the command line's does::

    from boardgames import housewar as hw
    board = hw.drawn(game.state, name="Saturday's game")
    print(board.text(40), end="")           # plain text, 40 columns
    rich.console.Console().print(board)     # by Rich, at the console's width

Text is broken between words to the width, each value's tag drawn as a style
(:data:`STYLES`: the words alone always carry the meaning); every text goes through
:func:`core.text.printable`, so stored names are never read as markup or escape
sequences. The boards:

* :class:`StuffedBoard` and :class:`HouseWarBoard`: the board's values, the game's
  name (its title starts with it), the last events and what comes next;
* :class:`LaidOutBoard`: a Deckbuilding Game's board, laid out already by its game to
  a width (:func:`boardgames.deckbuilding.screen.board`), with the summary once the
  game is over, the last events and what comes next.

Light at import: neither Rich nor any game is loaded before a board is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import attrs

from core.lines import Drawing
from core.lines import Line as Drawn
from core.wrap import rows as broken

if TYPE_CHECKING:
    from boardgames.screen import Grid, Houses, Line, Shown, Title

__all__ = ["DECKBUILDING_WIDTH", "STYLES", "Board", "HouseWarBoard", "LaidOutBoard",
           "ShownDie", "StuffedBoard", "board_lines", "dice_rows", "drawn_lines", "grid",
           "houses", "rows", "wrapped_lines"]

STYLES = {"title": "bold", "head": "bold", "active": "bold", "result": "bold",
          "out": "dim", "note": "dim", "dim": "dim", "plain": ""}
"""How a screen styles each tag of :mod:`boardgames.screen` (Rich's style names); the
words alone always carry the meaning."""

DECKBUILDING_WIDTH = 72
"""The widest a Deckbuilding Game's board is laid out."""


def rows(text: str, width: int, *, indent: int = 2, collapse: bool = False) -> list[str]:
    """``text`` as lines at most ``width`` wide, broken between words, the lines after
    the first indented (:func:`core.wrap.rows`); each run of white space one space
    first when ``collapse``."""
    return broken(" ".join(text.split()) if collapse else text, width, indent)


def wrapped_lines(text: str, width: int, *, indent: int = 2, style: str = "",
                  collapse: bool = False) -> list[Drawn]:
    """``text`` (already made safe with :func:`core.text.printable`) as lines at most
    ``width`` wide, broken between words, later lines indented."""
    return [Drawn(line, style) for line in rows(text, width, indent=indent,
                                                 collapse=collapse)]


def drawn_lines(shown: Line | Title, name: str, width: int, *, collapse: bool = False
                ) -> list[Drawn]:
    """A line of a board (:mod:`boardgames.screen`) as lines at most ``width`` wide; a
    :class:`~boardgames.screen.Title` after the game's ``name``. Every text goes
    through :func:`core.text.printable`: stored names are never read as markup."""
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
    lines: list[Drawn] = []
    for start in range(0, len(dice), per_row):
        line = Drawn((label if not lines else "").ljust(lead))
        for index, die in enumerate(dice[start:start + per_row]):
            if index:
                line.append("  ")
            line.append(f"{die.position}{'×' if die.spent else ' '}{die.short}",
                        "dim" if die.spent else "bold")
        lines.append(line)
    if not dice:
        lines.append(Drawn(label.ljust(lead) + "not rolled yet"))
    return lines


def board_lines(shown: Sequence[object], name: str, width: int, *, collapse: bool = False
                ) -> list[Drawn]:
    """The board ``shown`` (:mod:`boardgames.screen` values: lines and titles, a tray of
    dice, House War's grid and Houses), drawn ``width`` wide, the title after the
    game's ``name``; ``collapse`` folds the white space of a line's text."""
    from boardgames.screen import Grid, Houses, Line, Title, Tray

    lines: list[Drawn] = []
    for item in shown:
        if isinstance(item, Tray):
            lines += dice_rows(item.dice, width, item.label)
        elif isinstance(item, Grid):
            lines += grid(item, width)
        elif isinstance(item, Houses):
            lines += houses(item, width)
        elif isinstance(item, Line | Title):
            lines += drawn_lines(item, name, width, collapse=collapse)
        else:
            raise TypeError(f"not a line of a board: {item!r}")
    return lines


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(1, width - 1)] + "…"


def grid(shown: Grid, width: int) -> list[Drawn]:
    """House War's Problem track as on the board: columns I–IV, the top row first,
    ``·`` a free space, each name cut to its cell."""
    from core.text import printable as plain

    cell = max(4, (width - 3) // 4)
    lines = [Drawn(" ".join(head.ljust(cell) for head in shown.heads).rstrip(), "bold")]
    for row in shown.rows:
        cells = [plain(_clip(name, cell)) if name else "·" for name in row]
        lines.append(Drawn(" ".join(c.ljust(cell) for c in cells).rstrip()))
    return lines


def houses(shown: Houses, width: int) -> list[Drawn]:
    """House War's Houses' table, the names cut to fit, each House's tokens below it."""
    from boardgames.screen import Line
    from core.text import printable as plain

    name_width = min(max(5, *(len(h.name) for h in shown.rows)), width - 2 - 6 * 3)
    lines = [Drawn("  " + "House".ljust(name_width) + "".join(f"{x:>6}" for x in shown.labels),
                   "bold")]
    for house in shown.rows:
        row = Drawn(("▶ " if house.active else "  ") +
                    plain(_clip(house.name, name_width)).ljust(name_width),
                    "bold" if house.active else "")
        row.append("".join(f"{'?' if figure is None else figure:>6}"
                           for figure in (house.favor, house.disgrace, house.score)))
        lines.append(row)
        lines += drawn_lines(Line(house.details, wrap=True, margin=4), "", width)
    return lines


def _said(last: Sequence[str], next_word: str, next_line: str | None, width: int, *,
          collapse: bool = False) -> list[Drawn]:
    """The last events (``•`` each) and what comes next, under a board."""
    from core.text import printable as plain

    lines = [part for line in last
             for part in wrapped_lines(f"• {plain(line)}", width, collapse=collapse)]
    if next_line is not None:
        lines += wrapped_lines(f"{next_word}: {plain(next_line)}", width, collapse=collapse)
    return lines


# --- the boards ------------------------------------------------------------------------------


@attrs.frozen
class Board(Drawing):
    """A board game's board, ready to draw: what it ``shown`` s (:mod:`boardgames.screen`
    values), the game's ``name`` (its title starts with it), the sentences of the
    ``last`` events and what comes next (``next_line``; ``None``: not said) beneath.
    Each game's board is a subclass, which lays it out as that game's screen does."""

    shown: tuple[Shown, ...]
    name: str
    last: tuple[str, ...] = ()
    next_line: str | None = None


@attrs.frozen
class StuffedBoard(Board):
    """A game of Stuffed on one screen (20 to 72 columns wide, each text's white space
    folded): the board, the last events under ``Last``, what comes next."""

    def lines(self, width: int) -> list[Drawn]:
        width = max(20, min(width, 72))
        lines = board_lines(self.shown, self.name, width, collapse=True)
        if self.last:
            lines.append(Drawn("Last", "bold"))
        return lines + _said(self.last, "Next", self.next_line, width, collapse=True)


@attrs.frozen
class HouseWarBoard(Board):
    """A game of House War on one screen (40 to 72 columns wide): the board, the last
    events, what comes next."""

    def lines(self, width: int) -> list[Drawn]:
        width = max(40, min(width, 72))
        return [*board_lines(self.shown, self.name, width),
                *_said(self.last, "Next", self.next_line, width)]


@attrs.frozen
class LaidOutBoard(Board):
    """A Deckbuilding Game's board laid out already to a width (its lines at most
    :data:`DECKBUILDING_WIDTH` wide, the title in them), then the ``summary`` once the
    game is over under its heading, the last events and what comes next, each in the
    screen's language (``next_word``, ``summary_word``)."""

    summary: tuple[str, ...] = ()
    next_word: str = "Next"
    summary_word: str = "Summary"

    def lines(self, width: int) -> list[Drawn]:
        from core.text import printable as plain

        width = max(40, min(width, DECKBUILDING_WIDTH))
        lines = board_lines(self.shown, "", DECKBUILDING_WIDTH)
        if self.summary:
            heads = [f"{self.summary_word}:", *(f"  {plain(line)}" for line in self.summary)]
            lines += [part for line in heads for part in wrapped_lines(line, width, indent=4)]
        return lines + _said(self.last, self.next_word, self.next_line, width)
