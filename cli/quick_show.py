"""``conflict show`` and the board games' ``show``, answered before click loads
(start-up time, see :mod:`cli.quick`) when the current stream's view is stored and
fresh.

``mistborn conflict show``, ``stuffed show``, ``hw show`` and ``dbg show`` (their long
names too), with ``--last N`` at most once: :func:`shown` reads the view the last write
stored (:func:`cli.conflict.stored.from_view`, :func:`cli.boardgames.stored.
current_view`) from the table ``$MISTBORN_DB`` names (else the one in the data
directory), as the click command does first, and draws the same lines
(:mod:`cli.common.board_lines`, :mod:`cli.boardgames.board_lines`) with
:mod:`cli.common.light`. When the view cannot be taken — none stored, a stale one, no
table, no Conflict or game, a table that cannot be read, a name, ``--players``,
``--game``, ``--json``, the Deckbuilding Game in Polish or at a width its board is not
kept for, a name whose width the light renderer does not know beside a Conflict's
row — nothing is shown here: the click command replays the events, or says what is
wrong in its own words.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cli.boardgames.stored import Stored


__all__ = ["GROUPS", "shown"]

GROUPS = {"stuffed": "stuffed", "dbg": "deckbuilding", "deckbuilding": "deckbuilding",
          "hw": "housewar", "housewar": "housewar", "conflict": "conflict"}
"""The words naming each group whose ``show`` may be answered here, and its stream's
kind."""

_MOST_LAST = 100


class _Unmeasured(Exception):
    """A text whose width :mod:`cli.common.light` does not know decides a layout."""


def _last(words: Sequence[str], default: int) -> int | None:
    """How many of the last events ``show`` is asked for: ``default``, or ``--last N``."""
    if list(words) == ["show"]:
        return default
    if len(words) == 3 and words[0] == "show" and words[1] == "--last":
        count = words[2]
        if count.isascii() and count.isdigit() and len(count) <= 3 \
                and int(count) <= _MOST_LAST:
            return int(count)
    return None


def shown(game: str, words: Sequence[str]) -> Callable[[], None] | None:
    """What draws ``mistborn GAME WORDS…`` from the stored view, if they are a plain
    ``show`` and the view can be taken; ``None`` to leave them to click."""
    kind = GROUPS[game]
    count = _last(words, 5 if kind == "conflict" else 3)
    if count is None or os.environ.get("MISTBORN_WAIT", "").strip():
        return None
    if kind == "conflict":
        return _conflict(count)
    if kind == "deckbuilding":
        return _deckbuilding(count)
    stored = _read(kind, "narrator", count)
    if stored is None:
        return None
    return _stuffed(stored) if kind == "stuffed" else _housewar(stored)


def _read(kind: str, board: str, count: int) -> Stored | None:
    """The current game's stored view of ``kind``, holding ``board`` and ``count``
    lines; ``None`` if it cannot be taken."""
    from cli.boardgames.stored import current_view
    from cli.common.table_file import read_quietly

    return read_quietly(lambda table: current_view(table, kind, board, count))


def _conflict(count: int) -> Callable[[], None] | None:
    """The current Conflict's board and last ``count`` lines from its stored view, laid
    out now for the console's width; ``None`` if the view cannot be taken, or a text
    whose width is not known here decides where a row breaks."""
    from cli.common.board_lines import board_lines
    from cli.common.light import width
    from cli.common.table_file import read_quietly
    from cli.conflict.stored import from_view
    from conflict.which import KIND

    found = read_quietly(lambda table: from_view(table, table.view(KIND), count))
    if found is None:
        return None
    board, last = found
    columns = width()
    try:
        lines = board_lines(board, columns, last, _measured)
    except _Unmeasured:
        return None

    def run() -> None:
        from cli.common.light import show

        show(lambda _width: lines)

    return run


def _measured(text: str) -> int:
    from cli.common.light import cells

    found = cells(text)
    if found is None:
        raise _Unmeasured(text)
    return found


def _stuffed(stored: Stored) -> Callable[[], None]:
    def run() -> None:
        from cli.boardgames.board_lines import stuffed
        from cli.common.light import show

        show(lambda width: stuffed(stored.name, stored.board, width, stored.lines,
                                   stored.next_line))
        if stored.summary:
            _echo_wrapped(["Summary:", *(f"  {_plain(line)}" for line in stored.summary)])

    return run


def _housewar(stored: Stored) -> Callable[[], None]:
    def run() -> None:
        from cli.boardgames.board_lines import housewar
        from cli.common.light import show

        show(lambda width: housewar(stored.name, stored.board, width, stored.lines,
                                    stored.next_line))

    return run


def _deckbuilding(count: int) -> Callable[[], None] | None:
    from cli.boardgames.board_lines import DECKBUILDING_WIDTH
    from cli.boardgames.drawing import locale_language
    from cli.common.light import width

    if locale_language() != "en":
        return None
    fitted = max(40, min(width(), DECKBUILDING_WIDTH))
    stored = _read("deckbuilding", f"en {fitted}", count)
    if stored is None or not {"next", "summary"} <= stored.words.keys():
        return None

    def run() -> None:
        from cli.boardgames.board_lines import deckbuilding_board, deckbuilding_words
        from cli.common.light import show

        lines = [*deckbuilding_board(stored.board),
                 *deckbuilding_words(fitted, stored.words, stored.summary, stored.lines,
                                     stored.next_line)]
        show(lambda _width: lines)

    return run


def _plain(text: str) -> str:
    from core.text import printable

    return printable(text)


def _echo_wrapped(lines: Sequence[str]) -> None:
    """``lines`` each broken to the terminal's width, as
    :func:`cli.common.output.echo_wrapped` prints them."""
    import shutil

    from core.wrap import rows

    width = max(20, shutil.get_terminal_size((80, 24)).columns)
    for line in lines:
        sys.stdout.write("\n".join(rows(line, width, cut=False)) + "\n")
    sys.stdout.flush()
