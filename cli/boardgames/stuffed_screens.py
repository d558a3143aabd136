"""The screens of ``mistborn stuffed``: the library's board drawn with Rich
(``show``), and the odds and the dice to keep (``odds``, ``keep``), read at 40 columns.

A die is always its position and two letters (``3 Es``), never a bare glyph; a spent
die is marked ``×`` (and dimmed), the player whose turn it is ``▶`` (and bold): no
colour carries meaning alone. Stored names go through :func:`cli.common.output.plain` into
Rich ``Text``, never parsed as markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

    from boardgames.stuffed.dice import Symbol
    from boardgames.stuffed.odds import Odds
    from boardgames.stuffed.screen import Shown
    from boardgames.stuffed.state import Game
    from cli.boardgames.drawing import ShownDie


def _wrapped(text: str, width: int, indent: int = 0, style: str = "") -> list[Text]:
    """``text`` wrapped at word boundaries to ``width``, later lines indented."""
    from rich.text import Text

    from cli.boardgames.base import rows

    return [Text(line, style=style) for line in rows(text, width, indent=indent, collapse=True)]


class _Typed(NamedTuple):
    """A die of a roll typed in (``keep``): never spent."""

    position: int
    short: str
    spent: bool = False


def dice_rows(dice: Sequence[ShownDie], width: int, label: str = "Dice") -> list[Text]:
    """The dice as ``1 Co  2 Co  3×Es`` rows under a label, as many per row as fit;
    ``×`` marks a spent die (:func:`cli.boardgames.drawing.dice_rows`)."""
    from cli.boardgames.drawing import dice_rows as rows

    return [line.to_rich() for line in rows(dice, width, label)]


def _dice(roll: Sequence[tuple[int, Symbol]]) -> tuple[_Typed, ...]:
    return tuple(_Typed(position, symbol.short) for position, symbol in roll)


def board(name: str, state: Game, width: int, last: Sequence[str], next_line: str
          ) -> RenderableType:
    """The whole game on one screen: the library's board
    (:func:`boardgames.stuffed.screen.board`), the last events and what comes next."""
    from boardgames.stuffed.screen import board as shown

    return drawn_board(name, shown(state), width, last, next_line)


def drawn_board(name: str, shown: Sequence[Shown], width: int, last: Sequence[str],
                next_line: str) -> RenderableType:
    """The library's board ``shown`` (made now, or stored beside the game), the last
    events and what comes next, on one screen (:func:`cli.boardgames.board_lines.stuffed`)."""
    from rich.console import Group

    from cli.boardgames import board_lines

    lines = board_lines.stuffed(name, shown, width, last, next_line)
    return Group(*(line.to_rich() for line in lines))


# --- odds ----------------------------------------------------------------------------------------


def chance_line(label: str, p: Fraction, width: int) -> Text:
    """``label`` then a bar and the percentage as digits, ``width`` wide."""
    from rich.text import Text

    from cli.common.chances import bar, percent

    shown = f"{percent(p)}%".rjust(7)
    line = Text(label + " ")
    line.append(bar(p, max(4, width - len(label) - len(shown) - 2)), style="cyan")
    line.append(" " + shown)
    return line


def _rerolls_label(r: int, most: int) -> str:
    return f"{r} reroll{'' if r == 1 else 's'}".ljust(len(f"{most} rerolls"))


def odds_screen(words: str, short: str, source: str, chances: Sequence[Fraction],
                width: int) -> RenderableType:
    """The chance to make a combination with 0, 1, 2… rerolls, keeping the best each
    time (R-STF-8)."""
    from rich.console import Group
    from rich.text import Text

    width = max(24, min(width, 72))
    parts: list[RenderableType] = [Text(f"Odds of {short}", style="bold")]
    parts += _wrapped(words, width)
    parts += _wrapped(source, width)
    parts.append(Text(""))
    most = len(chances) - 1
    for r, p in enumerate(chances):
        parts.append(chance_line(_rerolls_label(r, most), p, width))
    return Group(*parts)


def keep_screen(odds: Odds, roll: Sequence[tuple[int, Symbol]], chances: Sequence[Fraction],
                width: int) -> RenderableType:
    """The dice to keep and to reroll for the best chance, and the chance with no
    reroll, with one, with two… (R-STF-8)."""
    from rich.console import Group
    from rich.text import Text

    width = max(24, min(width, 72))
    parts: list[RenderableType] = [Text(f"Keep for {odds.combo.short}", style="bold")]
    parts += _wrapped(odds.combo.words, width)
    parts += dice_rows(_dice(roll), width, "Roll  ")
    if odds.matched is not None:
        parts.append(Text(f"Made now with dice {', '.join(map(str, odds.matched))}: "
                          f"spend them.", style="bold"))
    elif odds.rerolls == 0 or not odds.chance:
        parts.append(Text("Cannot be made with these dice" +
                          (" and rerolls." if odds.rerolls else " without a reroll."),
                          style="bold"))
    else:
        kept = {p for p, _ in odds.keep}
        if kept:
            parts += dice_rows(_dice([(p, s) for p, s in roll if p in kept]), width,
                               "Keep  ")
        else:
            parts.append(Text("Keep  nothing"))
        # The die paying for the ability is spent, not rerolled (R-STF-6).
        parts += dice_rows(_dice([(p, s) for p, s in roll
                                  if p not in kept and p != odds.paid]), width, "Reroll")
        if odds.paid is not None:
            parts.append(Text(f"       (die {odds.paid} pays for the ability)"))
    parts.append(Text(""))
    most = len(chances) - 1
    for r, p in enumerate(chances):
        parts.append(chance_line(_rerolls_label(r, most), p, width))
    return Group(*parts)
