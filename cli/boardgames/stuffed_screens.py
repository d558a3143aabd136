"""The screens of ``mistborn stuffed``: the library's board drawn with Rich
(``show``: :mod:`boardgames.drawing`), and the odds and the dice to keep (``odds``,
``keep``), read at 40 columns: the lines of :mod:`cli.boardgames.stuffed_lines` as Rich
``Text``.

A die is always its position and two letters (``3 Es``), never a bare glyph; a spent
die is marked ``×`` (and dimmed), the player whose turn it is ``▶`` (and bold): no
colour carries meaning alone. Stored names go through :func:`cli.common.output.plain` into
Rich ``Text``, never parsed as markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

    from boardgames.drawing import ShownDie
    from boardgames.stuffed.dice import Symbol
    from boardgames.stuffed.odds import Odds
    from boardgames.stuffed.screen import Shown
    from boardgames.stuffed.state import Game


def dice_rows(dice: Sequence[ShownDie], width: int, label: str = "Dice") -> list[Text]:
    """The dice as ``1 Co  2 Co  3×Es`` rows under a label, as many per row as fit;
    ``×`` marks a spent die (:func:`boardgames.drawing.dice_rows`)."""
    from boardgames.drawing import dice_rows as rows

    return [line.to_rich() for line in rows(dice, width, label)]


def board(name: str, state: Game, width: int, last: Sequence[str], next_line: str
          ) -> RenderableType:
    """The whole game on one screen: the library's board
    (:func:`boardgames.stuffed.screen.drawn`), the last events and what comes next."""
    from boardgames.stuffed.screen import board as shown

    return drawn_board(name, shown(state), width, last, next_line)


def drawn_board(name: str, shown: Sequence[Shown], width: int, last: Sequence[str],
                next_line: str) -> RenderableType:
    """The library's board ``shown`` (made now, or stored beside the game), the last
    events and what comes next, on one screen (:class:`boardgames.drawing.StuffedBoard`)."""
    from boardgames.drawing import StuffedBoard

    return StuffedBoard(tuple(shown), name, tuple(last), next_line).rich(width)


# --- odds ----------------------------------------------------------------------------------------


def chance_line(label: str, p: Fraction, width: int) -> Text:
    """``label`` then a bar and the percentage as digits, ``width`` wide
    (:func:`cli.boardgames.stuffed_lines.chance_line`)."""
    from cli.boardgames import stuffed_lines

    return stuffed_lines.chance_line(label, p, width).to_rich()


def odds_screen(words: str, short: str, source: str, chances: Sequence[Fraction],
                width: int) -> RenderableType:
    """The chance to make a combination with 0, 1, 2… rerolls, keeping the best each
    time (R-STF-8; :func:`cli.boardgames.stuffed_lines.odds_lines`)."""
    from rich.console import Group

    from cli.boardgames.stuffed_lines import odds_lines

    return Group(*(line.to_rich() for line in odds_lines(words, short, source, chances,
                                                         width)))


def keep_screen(odds: Odds, roll: Sequence[tuple[int, Symbol]], chances: Sequence[Fraction],
                width: int) -> RenderableType:
    """The dice to keep and to reroll for the best chance, and the chance with no
    reroll, with one, with two… (R-STF-8; :func:`cli.boardgames.stuffed_lines.keep_lines`)."""
    from rich.console import Group

    from cli.boardgames.stuffed_lines import keep_lines

    return Group(*(line.to_rich() for line in keep_lines(odds, roll, chances, width)))
