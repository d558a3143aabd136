"""What the table and the front doors need of any game saved as an event stream.

A game — the Conflict (:mod:`conflict.saved`) or a board game
(:mod:`boardgames.registration`) — is played the same way everywhere: a stream of
frozen events, each checked and applied by a pure ``apply(state, event) -> state``
starting from the state before set-up; events go to and from JSON-ready dicts through
the game's codec; the first event is the set-up. :class:`Game` gathers these for one
game, typed by its state ``S`` and its events ``E``, together with what a front door
shows: a sentence for each event, the board and what comes next, each made *for a
viewer* (:mod:`core.viewer`).

The table (:mod:`table`) stores any :class:`Game` without knowing which it
is; it finds one by its stream ``kind`` through :mod:`core.registry`.

This module imports no project package.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import attrs

from core.viewer import Viewer, player

if TYPE_CHECKING:
    from core.steps import Words

__all__ = ["JSON", "Board", "Changed", "Describe", "Game", "Next", "Players", "Refusal", "Summary",
           "View", "program_version"]

S = TypeVar("S")
E = TypeVar("E")
S_in = TypeVar("S_in", contravariant=True)

JSON = dict[str, Any]
"""One event as a JSON-ready object (what a codec makes and reads)."""


class Refusal(Protocol):
    """How a game says "the rules forbid this": its own rule error class (or any
    callable made like one), raised by the table in the game's name — so a refusal of
    the table (a game that does not begin with its set-up) is the same kind of error as
    the game's own refusals."""

    def __call__(self, message: str, *, rule: str) -> Exception: ...


Describe = Callable[[S, E, S, Viewer], str]
"""``describe(before, event, after, viewer)``: the event as one sentence for
``viewer``."""

Board = Callable[[S, Viewer], object]
"""``board(state, viewer)``: the game as ``viewer`` may see it (a JSON-ready object or
lines of text, as the game draws it)."""

class Next(Protocol[S_in]):
    """``next(state, viewer, *, words=None)``: what comes next, as one line for
    ``viewer``. A step's parameter the line names (a board game's ``edict`` with its
    ``rows``) is worded by ``words``, a front door's words for a parameter by its table
    name (:data:`core.steps.Words`: ``--rows`` on the command line), else plainly
    (``with rows``): the library's line names no door's option."""

    def __call__(self, state: S_in, viewer: Viewer, /, *, words: Words | None = None
                 ) -> str: ...

Summary = Callable[[S, Viewer], tuple[str, ...]]
"""``summary(state, viewer)``: once the game is over, how it ended and one line per
player for ``viewer``; nothing while it goes on."""

Players = Callable[[S], tuple[tuple[str, ...], str | None]]
"""``players(state)``: the names of the players (or Houses) in seat order, and whose
turn it is (``None`` before the set-up or once the game is over)."""

Changed = Callable[[S, S], tuple[str, ...]]
"""``changed(before, after)``: the players (or Houses) a step changes, read from the
states before and after it (the damage done to them, whatever the event names)."""

View = Callable[[str, Sequence[S], Sequence[E]], JSON]
"""``view(name, states, events)``: what a front door shows of the game ``name`` without
replaying it, as a JSON object — made from its live ``events`` and the states (before
each event, then after the last), stored by the table beside the stream after every
write (:mod:`table.views`) and read back only while the stream is unchanged."""


@functools.cache
def program_version() -> str:
    """The installed version of mistborn-conflict, which a stored view names as its
    maker ("" when run from a source tree that is not installed: its views are never
    taken as current)."""
    # Here, not above: only a write that stores a view asks (start-up time).
    from importlib import metadata

    try:
        return metadata.version("mistborn-conflict")
    except metadata.PackageNotFoundError:
        return ""


def _no_summary(state: Any, viewer: Viewer) -> tuple[str, ...]:
    return ()


def _no_players(state: Any) -> tuple[tuple[str, ...], str | None]:
    return (), None


def _no_change(before: Any, after: Any) -> tuple[str, ...]:
    return ()


def _seat_viewer(seat: str) -> Viewer:
    from core.names import name_key  # a player's seat only (start-up)

    return player([name_key(seat)])


def _never(state: Any) -> bool:
    return False


@attrs.frozen
class Game(Generic[S, E]):
    """One game as the table stores it and the front doors show it.

    ``kind``: its stream kind in the table (``"conflict"``, ``"stuffed"``…);
    ``title``: how messages name one of it (``"game of Stuffed"``); ``short``: how a
    game's default name says which game it is (``"Stuffed"``: ``Stuffed 3``); ``apply`` and
    ``initial``: the rules and the state before set-up; ``decode``/``encode``: the
    codec; ``setup``: the set-up event's class and ``rule`` the rule of set-up, named
    when a game is missing or does not begin with it; ``refuse``: the game's rule
    error (see :class:`Refusal`).

    ``describe``, ``board`` and ``next`` are what the front doors show, each made for
    a viewer: every game's sentences, board and "next" line live in its library;
    ``summary`` the end-of-game summary, and ``players`` who sits at the game and whose
    turn it is, ``changed`` the players a step changes (both for a player's own
    history: :mod:`core.player_log`).

    ``seat_viewer(seat)``: how a player sitting at ``seat`` is shown the game (by the
    game's own name key); ``turn(state)``: whose step a player's phone waits for
    (``None``: the host's; default: whose turn ``players`` says); ``setting_up(state)``:
    the set-up is under way (the host's); ``end_shown(state)``: the game is over and
    its end showed every hidden figure, so a player may not take back the step that
    ended it.

    ``setup_kept``: undo never takes the set-up back (start another game instead);
    ``undo_whole_step``: undo takes back every event the last write appended (one
    command's worth), not only the last event. ``view``: what a front door shows
    without replaying, stored with each write (see :data:`View`); none when ``None``.
    """

    kind: str
    title: str
    apply: Callable[[S, E], S]
    initial: S
    decode: Callable[[Mapping[str, Any]], E]
    encode: Callable[[E], JSON]
    setup: type[E]
    rule: str
    refuse: Refusal
    describe: Describe[S, E]
    board: Board[S]
    next: Next[S]
    setup_kept: bool = True
    undo_whole_step: bool = True
    summary: Summary[S] = _no_summary
    players: Players[S] = _no_players
    view: View[S, E] | None = None
    seat_viewer: Callable[[str], Viewer] = _seat_viewer
    turn: Callable[[S], str | None] | None = None
    setting_up: Callable[[S], bool] = _never
    end_shown: Callable[[S], bool] = _never
    changed: Changed[S] = _no_change
    short: str = "Game"

    def whose_turn(self, state: S) -> str | None:
        """Whose step a player's phone waits for (:attr:`turn`, else ``players``')."""
        return self.turn(state) if self.turn is not None else self.players(state)[1]

    def replay(self, events: list[E] | tuple[E, ...]) -> S:
        """The state ``events`` give, applied in order to :attr:`initial`."""
        state = self.initial
        for event in events:
            state = self.apply(state, event)
        return state
