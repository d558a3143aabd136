"""A board game's ``show`` from the view its last write stored (:mod:`boardgames.views`):
the board, the last sentences, what comes next and the summary, read back without
loading the game's rules or replaying its events.

A view is taken only when this version of the program made it, the stream has not
changed since (:meth:`table.Table.view`), it holds the board asked for and
the lines asked for, and every part of it is what a view holds; anything else — none
stored, a stale one, one damaged by hand or by a bad disk, another version's — is
not shown: the command replays the events, which say the same. Light at import
(neither the game's rules nor attrs).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from cli.version import __version__

if TYPE_CHECKING:
    from rich.console import RenderableType

    from table import Table


class Stored(NamedTuple):
    """What a ``show`` draws, as the view holds it: the game's ``name``, its ``board``
    (:mod:`boardgames.screen` values), the last ``lines``, the ``next_line``, the
    ``summary`` (empty before the end) and the screen's ``words`` (empty: English)."""

    name: str
    board: tuple[Any, ...]
    lines: list[str]
    next_line: str
    summary: list[str]
    words: dict[str, str]


def stored_show(kind: str, board: str, count: int) -> Stored | None:
    """The chosen game of ``kind`` as its stored view shows it, with the ``board`` kept
    under that key and the last ``count`` lines; ``None`` when the view cannot be
    taken (see the module): then replay."""
    # Here, not above: the table and the games' options load only when a show is drawn.
    from cli.boardgames.base import chosen_game, find_game
    from cli.common.table_option import open_table

    with open_table(create=False) as table:
        typed = chosen_game()
        if typed is None:
            return current_view(table, kind, board, count)
        name = find_game(table, kind, typed)
        view = table.view(kind, name)
    return read_view(view, name, board, count)


def show_stored(kind: str, count: int,
                draw: Callable[[str, Sequence[Any], int, Sequence[str], str], RenderableType]
                ) -> Stored | None:
    """The Narrator's ``show`` of the chosen game of ``kind`` printed from its stored view,
    drawn by ``draw`` (the game's board, the last ``count`` lines and what comes next, to
    the terminal's width); the view, or ``None`` when it cannot be taken and nothing is
    printed: then replay."""
    from cli.common.output import make_console

    stored = stored_show(kind, "narrator", count)
    if stored is None:
        return None
    console = make_console()
    console.print(draw(stored.name, stored.board, console.width, stored.lines,
                       stored.next_line))
    return stored


def current_view(table: Table, kind: str, board: str, count: int) -> Stored | None:
    """:func:`stored_show` for the current game of ``kind``, whose view names it: found
    without reading the log."""
    view = table.view(kind)
    name = None if view is None else view.get("name")
    return read_view(view, name, board, count) if isinstance(name, str) else None


def read_view(view: Mapping[str, Any] | None, name: str, board: str, count: int
              ) -> Stored | None:
    """:func:`stored_show`'s reading of the view ``view`` of the game ``name``; what
    comes next with each step's parameter it names as the command line gives it
    (:func:`cli.common.errors.option_words`: ``--rows``), as a replay says it."""
    from boardgames.screen import board_from_stored, phrases_from_stored, worded
    from cli.common.errors import option_words

    if view is None or view.get("made_by") != __version__:
        return None
    lines, live, boards = _texts(view.get("lines")), view.get("live"), view.get("boards")
    summary, words = _texts(view.get("summary")), view.get("words")
    if lines is None or summary is None \
            or type(live) is not int or not isinstance(boards, dict) \
            or not isinstance(words, dict) or _texts(list(words.values())) is None:
        return None
    if board not in boards or (count > len(lines) and len(lines) != live):
        return None
    try:
        shown = board_from_stored(boards[board])
        following = phrases_from_stored(view.get("next"))
    except ValueError:
        return None
    return Stored(name, shown, lines[max(0, len(lines) - count):] if count else [],
                  worded(following, option_words), summary, words)


def _texts(value: object) -> list[str] | None:
    """``value`` if it is a list of texts."""
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return value
    return None
