"""The board games' ``show`` screens as lines (:class:`cli.common.light.Line`): the
library's board (:mod:`boardgames.screen` values, made now or stored beside the game),
the last events and what comes next, which the commands hand to Rich
(:mod:`cli.boardgames.stuffed_screens`, :mod:`cli.boardgames.housewar_screens`,
:mod:`cli.boardgames.deckbuilding_setup`). Light at import — neither click nor Rich.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from boardgames.screen import Grid, Houses, Line, Title, Tray
from cli.boardgames.drawing import dice_rows, drawn_lines, wrapped_lines
from cli.common.light import Line as Drawn
from core.text import printable as plain

DECKBUILDING_WIDTH = 72
"""The widest a Deckbuilding Game's board is laid out."""


def stuffed(name: str, shown: Sequence[object], width: int, last: Sequence[str],
            next_line: str) -> list[Drawn]:
    """A game of Stuffed on one screen: the board ``shown``, the last events, what
    comes next."""
    width = max(20, min(width, 72))
    parts = board(shown, name, width, collapse=True)
    if last:
        parts.append(Drawn("Last", "bold"))
        for line in last:
            parts += wrapped_lines(f"• {plain(line)}", width, indent=2, collapse=True)
    parts += wrapped_lines(f"Next: {plain(next_line)}", width, indent=2, collapse=True)
    return parts


def board(shown: Sequence[object], name: str, width: int, *, collapse: bool = False
          ) -> list[Drawn]:
    """The library's board ``shown`` (:mod:`boardgames.screen` values: lines and titles,
    a tray of dice, House War's grid and Houses), drawn ``width`` wide; ``collapse``
    folds the white space of a line's text."""
    parts: list[Drawn] = []
    for item in shown:
        if isinstance(item, Tray):
            parts += dice_rows(item.dice, width, item.label)
        elif isinstance(item, Grid):
            parts += grid(item, width)
        elif isinstance(item, Houses):
            parts += houses(item, width)
        else:
            parts += drawn_lines(_line(item), name, width, collapse=collapse)
    return parts


def _line(item: object) -> Line | Title:
    """``item``, a board's line or title (any other value is no board's)."""
    if not isinstance(item, Line | Title):
        raise TypeError(f"not a line of a board: {item!r}")
    return item


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(1, width - 1)] + "…"


def grid(shown: Grid, width: int) -> list[Drawn]:
    """House War's Problem track as on the board: columns I–IV, the top row first,
    ``·`` a free space, each name cut to its cell."""
    cell = max(4, (width - 3) // 4)
    lines = [Drawn(" ".join(head.ljust(cell) for head in shown.heads).rstrip(), "bold")]
    for row in shown.rows:
        cells = [plain(_clip(name, cell)) if name else "·" for name in row]
        lines.append(Drawn(" ".join(c.ljust(cell) for c in cells).rstrip()))
    return lines


def houses(shown: Houses, width: int) -> list[Drawn]:
    """House War's Houses' table, the names cut to fit, each House's tokens below it."""
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


def housewar(name: str, shown: Sequence[object], width: int, last: Sequence[str],
             next_line: str) -> list[Drawn]:
    """A game of House War on one screen: the board ``shown``, the last events, what
    comes next."""
    width = max(40, min(width, 72))
    parts = board(shown, name, width)
    for line in last:
        parts += wrapped_lines(f"• {plain(line)}", width)
    parts += wrapped_lines(f"Next: {plain(next_line)}", width)
    return parts


def deckbuilding_board(shown: Sequence[object]) -> list[Drawn]:
    """A Deckbuilding Game's board, laid out already (to its width)."""
    return board(shown, "", DECKBUILDING_WIDTH)


def deckbuilding_words(width: int, words: Mapping[str, str], summary: Sequence[str],
                       last: Sequence[str], next_line: str) -> list[Drawn]:
    """Under a Deckbuilding Game's board: the summary under its heading (in the
    screen's ``words``), the last events and what comes next."""
    lines: list[Drawn] = []
    if summary:
        heads = [f"{words.get('summary', 'Summary')}:", *(f"  {plain(line)}" for line in summary)]
        lines += [part for line in heads for part in wrapped_lines(line, width, indent=4)]
    lines += [part for line in last for part in wrapped_lines(f"• {plain(line)}", width)]
    lines += wrapped_lines(f"{words['next']}: {plain(next_line)}", width)
    return lines
