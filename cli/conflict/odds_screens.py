"""The screens of ``mistborn odds`` for a pool and for a Contest: bars and
percentages that read at 40 columns, built as :mod:`cli.common.light` lines and drawn
by Rich. The players' shell draws the same lines (:func:`pool_screen`,
:func:`contest_screen`)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from cli.common.chances import bar, percent
from cli.common.glyphs import die
from cli.common.light import Line
from conflict.odds import DIFFICULTIES, ContestOdds, PoolOdds, pool_odds

if TYPE_CHECKING:
    from rich.console import RenderableType

__all__ = ["contest_lines", "contest_screen", "pool_lines", "pool_screen"]

_MINUS = "\N{MINUS SIGN}"


def bar_line(label: str, p: Fraction, width: int, *, marked: bool = False) -> Line:
    """``label`` then a bar and the percentage as digits, exactly ``width`` wide."""
    shown = f"{percent(p)}%".rjust(7)
    bar_width = max(4, width - len(label) - len(shown) - 2)
    line = Line(style="bold reverse" if marked else "")
    line.append(label + " ")
    line.append(bar(p, bar_width), style="" if marked else "cyan")
    line.append(" " + shown)
    return line


def pool_notes(odds: PoolOdds) -> list[str]:
    """Notes on a pool capped at 10 dice or raised to 2 (R-DICE-2, R-DICE-3)."""
    notes = []
    if odds.free_nudges:  # R-DICE-2: the pool is capped; each die beyond is a Nudge
        beyond = ("the 1 die beyond is a free Nudge" if odds.free_nudges == 1
                  else f"the {odds.free_nudges} dice beyond are free Nudges")
        notes.append(f"capped at {odds.dice} dice: rolls {odds.dice}, {beyond} (R-DICE-2)")
    if odds.penalty:
        notes.append(f"rolls {odds.dice} dice; Outcome {_MINUS}{odds.penalty} (R-DICE-3)")
    return notes


def _nudge_summary(odds: PoolOdds, width: int) -> list[str]:
    """``0: 48.2%  1: 38.6% …`` wrapped to ``width``; a long, rare tail is folded
    into one ``k+`` entry."""
    items: list[str] = []
    tail = Fraction(1)
    for nudges, p in odds.nudges.items():
        if tail < Fraction(1, 1000) and p != tail:
            items.append(f"{nudges}+: {percent(tail)}%")
            break
        items.append(f"{nudges}: {percent(p)}%")
        tail -= p
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + 2 + len(item) <= width:
            lines[-1] += "  " + item
        else:
            lines.append(item)
    return lines


def pool_lines(odds: PoolOdds, difficulty: int | None, width: int) -> list[Line]:
    """Challenge odds per Difficulty, then the Results and Nudges a pool rolls."""
    width = min(width, 72)
    lines = [Line(f"Pool of {odds.pool} {'die' if odds.pool == 1 else 'dice'}", "bold")]
    for note in pool_notes(odds):
        lines.extend(Line(note, "italic").wrapped(width))

    lines.append(Line("\nChance of success by Difficulty", "bold"))
    for d in DIFFICULTIES:
        marked = d == difficulty
        label = f"{'▶' if marked else ' '}D{d}"
        lines.append(bar_line(label, odds.success(d), width, marked=marked))

    lines.append(Line("\nResult (highest set, R-DICE-5)", "bold"))
    for result, p in odds.results.items():
        label = f"{die(result)}{die(result)}" if result else "none"
        lines.append(bar_line(label.ljust(4), p, width))

    lines.append(Line("\nNudges (sixes" + (" + free" if odds.free_nudges else "") + ")",
                      "bold"))
    lines.extend(Line(line) for line in _nudge_summary(odds, width))
    return lines


def contest_lines(odds: ContestOdds, width: int) -> list[Line]:
    """Win, stalemate and fail as bars, and the damage an attack deals on average."""
    width = min(width, 72)
    lines = [Line(f"Contest: {odds.attacker} dice attack {odds.defender} dice", "bold"),
             Line(f"Difficulty {odds.difficulty}")]
    for side, asked in (("attacker", odds.attacker), ("defender", odds.defender)):
        for note in pool_notes(pool_odds(asked)):
            lines.extend(Line(f"{side} {note}", "italic").wrapped(width))
    lines.append(Line(""))
    lines.append(bar_line("Win      ", odds.win, width))
    lines.append(bar_line("Stalemate", odds.stalemate, width))
    lines.append(bar_line("Fail     ", odds.fail, width))
    lines.append(Line(""))
    lines.append(Line("Damage per attack: ").append(f"{float(odds.expected_damage):.2f}",
                                                     style="bold"))
    if odds.win:
        lines.append(Line("Damage per win:    ").append(
            f"{float(odds.expected_damage / odds.win):.2f}", style="bold"))
    lines.append(Line("Damage = 1 + Nudges on a win (R-CON-18)", "italic"))
    return lines


def pool_screen(odds: PoolOdds, difficulty: int | None, width: int) -> RenderableType:
    """:func:`pool_lines` as a Rich renderable."""
    from rich.console import Group

    return Group(*(line.to_rich() for line in pool_lines(odds, difficulty, width)))


def contest_screen(odds: ContestOdds, width: int) -> RenderableType:
    """:func:`contest_lines` as a Rich renderable."""
    from rich.console import Group

    return Group(*(line.to_rich() for line in contest_lines(odds, width)))
