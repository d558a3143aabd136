"""A roll's screen as the player shell sends it, written without Rich: the characters
and escape codes Rich writes for :func:`cli.conflict.roll.screen` (a roll the tool
made, no Difficulty: ``r 5`` in the shell), built straight from the roll.

The server draws a new screen for each set of faces it has not drawn yet, and Rich's
machinery was most of that: a few hundred different screens for a pool of 5, the first
evening's rolls nearly all new. The lines are cut where :func:`core.wrap.spans` cuts
them, as the screen does (:func:`cli.common.output.hanging`), and each line is written
in the pieces Rich writes: a piece wherever a style of the screen starts or ends, each
styled piece as ``ESC[codes m … ESC[0m``. Anything else (a Difficulty, a line Rich
would measure wider than the screen) is left to Rich: :func:`roll_text` says ``None``.
The tests hold it to Rich's own drawing, byte for byte, for every kind of roll.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

from rich.cells import cell_len

from cli.common.output import die
from cli.conflict.roll import notes
from conflict.dice import NUDGE_FACE, Roll
from core.wrap import spans

_CODES: Final = {"bold": 1, "italic": 3, "cyan": 36}
"""Each style's SGR code, in the order Rich writes them (attributes, then colour)."""

_BOLD: Final = frozenset({"bold"})
_CYAN: Final = frozenset({"bold", "cyan"})
_ITALIC: Final = frozenset({"italic"})

Span = tuple[int, int, frozenset[str]]
"""Where a style applies in a line's text: start, end, the style's parts."""


class _Styled:
    """Text with a style for the whole (however long it grows) and styled stretches,
    as Rich's ``Text`` keeps them."""

    def __init__(self, text: str = "", style: frozenset[str] = frozenset()) -> None:
        self.text = text
        self.style = style
        self.spans: list[Span] = []

    def add(self, text: str, style: frozenset[str] = frozenset()) -> _Styled:
        if text and style:
            self.spans.append((len(self.text), len(self.text) + len(text), style))
        self.text += text
        return self

    def piece(self, start: int, end: int) -> list[Span]:
        """The stretches of ``text[start:end]``, counted from ``start``: the style of
        the whole first (a piece put in a line is a stretch of it), then the others."""
        whole: list[Span] = [(0, end - start, self.style)] if self.style else []
        return whole + [(max(a, start) - start, min(b, end) - start, style)
                        for a, b, style in self.spans if a < end and b > start]


def _dice(faces: Sequence[int], bold_face: int = 0) -> _Styled:
    line = _Styled()
    for index, face in enumerate(faces):
        line.add(" " if index else "")
        line.add(die(face), _CYAN if face == bold_face else frozenset())
    return line


def _values(judged: Roll) -> list[tuple[str, _Styled]]:
    """The screen's rows, label and value, as :func:`cli.conflict.roll.screen` makes them."""
    kept = sorted((face for face in judged.faces if face != NUDGE_FACE), reverse=True)
    dice = _dice(kept, bold_face=judged.result) if kept else _Styled("none besides sixes")
    nudges = _Styled(str(judged.nudges), _BOLD)
    if judged.sixes:
        nudges.add(": ").add(_dice([NUDGE_FACE] * judged.sixes).text).add(" set aside")
    if judged.free_nudges:
        nudges.add(", " if judged.sixes else ": ").add(f"{judged.free_nudges} free")
    result = _Styled(str(judged.result), _BOLD)
    if judged.result:
        result.add(" — a set of ").add(die(judged.result), _CYAN)
        result.add(f" ×{judged.faces.count(judged.result)}")
    else:
        result.add(" — no matching set")
    return [("Dice", dice), ("Nudges", nudges), ("Result", result),
            *(("Note", _Styled(note, _ITALIC)) for note in notes(judged))]


def _written(text: str, spans: Sequence[Span], colored: bool) -> str:
    """One line as Rich writes it: a piece between every two places a stretch starts
    or ends, each with the codes of the stretches over it."""
    if not colored:
        return text
    cuts = sorted({0, len(text), *(a for a, _, _ in spans), *(b for _, b, _ in spans)})
    out = []
    for start, end in itertools.pairwise(cuts):
        style = frozenset().union(*(s for a, b, s in spans if a <= start < b))
        codes = ";".join(str(_CODES[part]) for part in sorted(style, key=_CODES.__getitem__))
        piece = text[start:end]
        out.append(f"\x1b[{codes}m{piece}\x1b[0m" if codes else piece)
    return "".join(out)


def roll_text(judged: Roll, width: int, *, colored: bool) -> str | None:
    """The screen of ``judged`` at ``width`` columns (20 or more), escape codes when
    ``colored``, each line ending in a line break (not yet stripped of trailing spaces);
    ``None`` when Rich must draw it."""
    if judged.difficulty is not None:
        return None
    heading = f"Roll · pool of {judged.asked}"
    lines = [(heading, [(0, len(heading), _BOLD)])]
    rows = _values(judged)
    indent = max(len(label) for label, _ in rows) + 1
    room = max(width - indent, 12)
    for label, value in rows:
        for number, (start, end) in enumerate(spans(value.text, room, 0)):
            shifted = [(a + indent, b + indent, s) for a, b, s in value.piece(start, end)]
            if number:
                lines.append((" " * indent + value.text[start:end], shifted))
            else:
                text = label.ljust(indent) + value.text[start:end]
                lines.append((text, [(0, len(text), _BOLD), *shifted]))
    if any(cell_len(text) > width for text, _ in lines):
        return None
    return "".join(f"{_written(text, spans_, colored)}\n" for text, spans_ in lines)
