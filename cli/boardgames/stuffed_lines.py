"""The odds and the dice to keep of ``mistborn stuffed`` (``odds``, ``keep``) as lines
(:class:`cli.common.light.Line`), read at 40 columns, which the click commands hand to
Rich (:mod:`cli.boardgames.stuffed_screens`). Light at import — neither click nor Rich
nor the game's rules.

A die is always its position and two letters (``3 Es``), never a bare glyph.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from cli.boardgames.drawing import dice_rows, wrapped_lines
from cli.common.chances import bar, percent
from cli.common.light import Line

if TYPE_CHECKING:
    from boardgames.stuffed.dice import Symbol
    from boardgames.stuffed.odds import Odds

__all__ = ["chance_line", "keep_lines", "odds_lines"]


class _Typed(NamedTuple):
    """A die of a roll typed in (``keep``): never spent."""

    position: int
    short: str
    spent: bool = False


def _dice(roll: Sequence[tuple[int, Symbol]]) -> tuple[_Typed, ...]:
    return tuple(_Typed(position, symbol.short) for position, symbol in roll)


def _wrapped(text: str, width: int) -> list[Line]:
    return wrapped_lines(text, width, indent=0, collapse=True)


def chance_line(label: str, p: Fraction, width: int) -> Line:
    """``label`` then a bar and the percentage as digits, ``width`` wide."""
    shown = f"{percent(p)}%".rjust(7)
    line = Line(label + " ")
    line.append(bar(p, max(4, width - len(label) - len(shown) - 2)), "cyan")
    return line.append(" " + shown)


def _rerolls_label(r: int, most: int) -> str:
    return f"{r} reroll{'' if r == 1 else 's'}".ljust(len(f"{most} rerolls"))


def _chances(chances: Sequence[Fraction], width: int) -> list[Line]:
    most = len(chances) - 1
    return [Line(""), *(chance_line(_rerolls_label(r, most), p, width)
                        for r, p in enumerate(chances))]


def odds_lines(words: str, short: str, source: str, chances: Sequence[Fraction],
               width: int) -> list[Line]:
    """The chance to make a combination with 0, 1, 2… rerolls, keeping the best each
    time (R-STF-8)."""
    width = max(24, min(width, 72))
    return [Line(f"Odds of {short}", "bold"), *_wrapped(words, width),
            *_wrapped(source, width), *_chances(chances, width)]


def keep_lines(odds: Odds, roll: Sequence[tuple[int, Symbol]], chances: Sequence[Fraction],
               width: int) -> list[Line]:
    """The dice to keep and to reroll for the best chance, and the chance with no
    reroll, with one, with two… (R-STF-8)."""
    width = max(24, min(width, 72))
    parts = [Line(f"Keep for {odds.combo.short}", "bold"), *_wrapped(odds.combo.words, width),
             *dice_rows(_dice(roll), width, "Roll  ")]
    if odds.matched is not None:
        parts.append(Line(f"Made now with dice {', '.join(map(str, odds.matched))}: "
                          f"spend them.", "bold"))
    elif odds.rerolls == 0 or not odds.chance:
        parts.append(Line("Cannot be made with these dice" +
                          (" and rerolls." if odds.rerolls else " without a reroll."), "bold"))
    else:
        kept = {p for p, _ in odds.keep}
        if kept:
            parts += dice_rows(_dice([(p, s) for p, s in roll if p in kept]), width, "Keep  ")
        else:
            parts.append(Line("Keep  nothing"))
        # The die paying for the ability is spent, not rerolled (R-STF-6).
        parts += dice_rows(_dice([(p, s) for p, s in roll
                                  if p not in kept and p != odds.paid]), width, "Reroll")
        if odds.paid is not None:
            parts.append(Line(f"       (die {odds.paid} pays for the ability)"))
    return parts + _chances(chances, width)
