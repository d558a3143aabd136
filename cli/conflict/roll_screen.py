"""The screen of ``mistborn roll``: a roll as label–value rows that read at 40
columns, built as :mod:`cli.common.light` lines and drawn by Rich. The players' shell
draws the same lines (:func:`screen`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cli.common.glyphs import die
from cli.common.light import LightScreen, Line
from conflict.dice import MAX_POOL, MIN_POOL, NUDGE_FACE, Roll

if TYPE_CHECKING:
    from rich.console import RenderableType

__all__ = ["notes", "screen", "screen_lines"]

_MINUS = "\N{MINUS SIGN}"


def _signed(number: int) -> str:
    if number > 0:
        return f"+{number}"
    return f"{_MINUS}{-number}" if number < 0 else "0"


def _dice(faces: Sequence[int], *, bold_face: int = 0) -> Line:
    """Dice as glyph+digit, one space apart; the dice of ``bold_face`` stand out."""
    line = Line()
    for index, face in enumerate(faces):
        if index:
            line.append(" ")
        line.append(die(face), style="bold cyan" if face == bold_face else "")
    return line


def notes(judged: Roll) -> list[str]:
    """Plain notes on a pool outside 2–10 dice (R-DICE-2, R-DICE-3)."""
    found: list[str] = []
    if judged.free_nudges:
        extra = judged.free_nudges
        found.append(
            f"rolled {MAX_POOL}; {extra} dice beyond {MAX_POOL} became free Nudges"
            if extra > 1
            else f"rolled {MAX_POOL}; 1 die beyond {MAX_POOL} became a free Nudge"
        )
    if judged.penalty:
        found.append(
            f"rolled {MIN_POOL}; Outcome {_MINUS}1 for each missing die: "
            f"{_MINUS}{judged.penalty} (R-DICE-3)"
        )
    return found


def rows(pairs: Sequence[tuple[str, Line]], width: int) -> list[Line]:
    """Label–value rows: labels in one bold column, values wrapped beside them by the
    one wrapper (:func:`core.wrap.spans`), no line ending in spaces (copied screens
    stay clean)."""
    indent = max(len(label) for label, _ in pairs) + 1
    room = max(width - indent, 12)
    lines = []
    for label, value in pairs:
        for index, piece in enumerate(value.wrapped(room, indent=0)):
            row = Line(label.ljust(indent), "bold") if index == 0 else Line(" " * indent)
            lines.append(row.append_line(piece))
    return lines


def _nudges(judged: Roll) -> Line:
    nudges = Line(str(judged.nudges), "bold")
    sixes = [NUDGE_FACE] * judged.sixes
    if sixes:
        nudges.append(": ")
        nudges.append_line(_dice(sixes))
        nudges.append(" set aside")
    if judged.free_nudges:
        nudges.append(", " if sixes else ": ")
        nudges.append(f"{judged.free_nudges} free")
    return nudges


def _result(judged: Roll) -> Line:
    result = Line(str(judged.result), "bold")
    if judged.result:
        result.append(" — a set of ")
        result.append(die(judged.result), style="bold cyan")
        result.append(f" ×{judged.faces.count(judged.result)}")
    else:
        result.append(" — no matching set")
    return result


def screen_lines(judged: Roll, *, by_hand: bool, seed: int | None, width: int) -> list[Line]:
    """The roll as lines for a screen ``width`` cells wide."""
    heading = Line("Dice rolled by hand" if by_hand else "Roll", "bold")
    heading.append(f" · pool of {judged.asked}")
    if seed is not None:
        heading.append(f" · seed {seed}")

    kept = sorted((face for face in judged.faces if face != NUDGE_FACE), reverse=True)
    pairs = [("Dice", _dice(kept, bold_face=judged.result) if kept
              else Line("none besides sixes")),
             ("Nudges", _nudges(judged)), ("Result", _result(judged))]
    if judged.difficulty is not None and judged.outcome is not None:
        pairs.append(("Difficulty", Line(str(judged.difficulty))))
        sums = f"{judged.result} {_MINUS} {judged.difficulty}"
        if judged.penalty:
            sums += f" {_MINUS} {judged.penalty}"
        outcome = Line(f"{_signed(judged.outcome)} = {sums}: ")
        if judged.success:
            outcome.append("success", style="bold green")
        else:
            outcome.append("failure", style="bold red")
        pairs.append(("Outcome", outcome))
    pairs.extend(("Note", Line(note, "italic")) for note in notes(judged))
    return [heading, *rows(pairs, width)]


def screen(judged: Roll, *, by_hand: bool, seed: int | None) -> RenderableType:
    """The roll as a Rich renderable, its rows fitted to the width Rich draws at."""
    return LightScreen(lambda width: screen_lines(judged, by_hand=by_hand, seed=seed,
                                                  width=width))
