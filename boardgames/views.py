"""What a board game's ``show`` draws, kept beside the game in the table after every
write (:attr:`core.game.Game.view`), so that the screen is drawn without loading the
game's rules or replaying its events.

A view is a JSON object:

* ``boards``: the board (:mod:`boardgames.screen` values, :func:`~boardgames.screen.
  to_stored`) by what it was made for — ``"narrator"`` for Stuffed and House War, the
  language and width for the Deckbuilding Game (``"en 40"``, ``"en 72"``: its board is
  laid out to a width) — and none for a board that changes with the clock (House War
  while a negotiation timer runs);
* ``lines``: the sentences of the last :data:`VIEW_LINES` live events, oldest first, and
  ``live`` how many live events there are;
* ``next``: what comes next, as :class:`~boardgames.screen.Phrase` s (stored as the
  board is): a step's parameter it names is each front door's to word (``--rows``),
  so the view holds the library's plain wording beside the parameter's table name;
  ``summary``: the end-of-game summary (empty before);
  ``words``: the screen's own words in the game's language (``next``, ``summary``: the
  heads of those lines), none when the front door's are English;
* ``name``: the game's name in the table; ``made_by``: the version of the program
  that made the view.

All of it is what the Narrator's screen says (the table's own ``show``, in English); a
reader that wants anything else — another viewer, another language or width, more
lines than kept, another version's wording — replays the events instead. A view is a
cache of what the events say, never a second truth.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar

from boardgames.screen import Phrase, phrased, to_stored
from core.game import JSON, program_version

if TYPE_CHECKING:
    from boardgames.deckbuilding.events import Event as DeckbuildingEvent
    from boardgames.deckbuilding.state import Game as DeckbuildingGame
    from boardgames.housewar.events import Event as HouseWarEvent
    from boardgames.housewar.state import State as HouseWarState
    from boardgames.stuffed.events import Event as StuffedEvent
    from boardgames.stuffed.state import Game as StuffedGame

__all__ = ["DECKBUILDING_WIDTHS", "VIEW_LINES", "deckbuilding", "housewar", "stuffed"]

S = TypeVar("S")
E = TypeVar("E")

VIEW_LINES: Final = 20
"""How many of the last events a view keeps said."""

DECKBUILDING_WIDTHS: Final = (40, 72)
"""The widths a Deckbuilding Game's stored board is laid out to: a phone's, and the
widest (any terminal of 72 columns or more, and output that is not a terminal)."""


def _view(name: str, states: Sequence[S], events: Sequence[E],
          describe: Callable[[S, E, S], str],
          boards: Mapping[str, object], following: tuple[Phrase, ...], summary: Sequence[str],
          words: Mapping[str, str] | None = None) -> JSON:
    """The view of a game whose live ``events`` gave ``states`` (see the module)."""
    start = max(0, len(events) - VIEW_LINES)
    return {"boards": {key: to_stored(board) for key, board in boards.items()},
            "lines": [describe(states[i], events[i], states[i + 1])
                      for i in range(start, len(events))],
            "live": len(events), "next": to_stored(following), "summary": list(summary),
            "words": dict(words or {}), "name": name, "made_by": program_version()}


def stuffed(name: str, states: Sequence[StuffedGame], events: Sequence[StuffedEvent]
            ) -> JSON:
    """A game of Stuffed's view: its board, sentences and summary for the Narrator
    (every figure of Stuffed lies on the table for all to see)."""
    # Here, not above: a view is made only by a write, with the game loaded already.
    from boardgames.stuffed.describe import describe
    from boardgames.stuffed.screen import board, final_summary, next_line

    state = states[-1]
    return _view(name, states, events, describe, {"narrator": board(state)},
                 phrased(next_line(state)), final_summary(state))


def housewar(name: str, states: Sequence[HouseWarState], events: Sequence[HouseWarEvent]
             ) -> JSON:
    """A game of House War's view for the Narrator (R-HW-6: every figure, marked
    hidden from the players); no board while a negotiation timer runs (it reads the
    clock)."""
    # Here, not above: a view is made only by a write, with the game loaded already.
    from boardgames.housewar.describe import describe
    from boardgames.housewar.screen import board, final_summary, next_phrases

    state = states[-1]
    boards = {} if state.timer is not None else {"narrator": board(state)}
    return _view(name, states, events, describe, boards, next_phrases(state),
                 final_summary(state))


def deckbuilding(name: str, states: Sequence[DeckbuildingGame],
                 events: Sequence[DeckbuildingEvent]) -> JSON:
    """A Deckbuilding Game's view in English, its board laid out to each of
    :data:`DECKBUILDING_WIDTHS` (``"en 40"``, ``"en 72"``)."""
    # Here, not above: a view is made only by a write, with the game loaded already.
    from boardgames.deckbuilding.describe import describe
    from boardgames.deckbuilding.ending import final_summary
    from boardgames.deckbuilding.screen import board, next_phrases, say, words

    state = states[-1]
    boards: dict[str, Any] = {f"en {width}": board(state, name, "en", width)
                              for width in DECKBUILDING_WIDTHS}
    return _view(name, states, events, describe, boards, next_phrases(state, "en"),
                 final_summary(state, lang="en"),
                 {"next": words("en")["next"], "summary": say("summary.head", "en")})
