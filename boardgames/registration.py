"""The board games as the table stores them and the front doors show them: one
:class:`core.game.Game` each, registered with :mod:`core.registry` for its stream kind.

Importing this module registers the three games without loading any of them: each is
built, importing its game's code, the first time its kind is asked for (a command
that only rolls dice or shows odds stays fast).

Every game's sentences, board and "next" line come from the library, made for a
viewer (:mod:`core.viewer`); the front doors only draw them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeVar

from boardgames.errors import RuleViolation
from core import registry
from core.game import Game
from core.text import as_stored

if TYPE_CHECKING:
    from boardgames.deckbuilding.events import Event as DeckbuildingEvent
    from boardgames.deckbuilding.state import Game as DeckbuildingGame
    from boardgames.housewar.events import Event as HouseWarEvent
    from boardgames.housewar.state import State as HouseWarState
    from boardgames.session import Codec
    from boardgames.stuffed.events import Event as StuffedEvent
    from boardgames.stuffed.state import Game as StuffedGame
    from core.game import Board, Next, Players, Summary, View
    from core.steps import Words
    from core.viewer import Viewer

__all__ = ["KINDS", "deckbuilding", "housewar", "stuffed"]

S = TypeVar("S")
E = TypeVar("E")
S_in = TypeVar("S_in", contravariant=True)
E_in = TypeVar("E_in", contravariant=True)

KINDS: Final = ("stuffed", "deckbuilding", "housewar")
"""The board games' stream kinds."""


class _Describe(Protocol[S_in, E_in]):
    """A game's ``describe(before, event, after, *, viewer)``."""

    def __call__(self, before: S_in, event: E_in, after: S_in, *, viewer: Viewer) -> str: ...


def _game(kind: str, title: str, rules: tuple[Callable[[S, E], S], S, type[E], str],
          codec: Codec[E], describe: _Describe[S, E],
          screens: tuple[Board[S], Next[S], Summary[S], Players[S]], view: View[S, E],
          **seats: Any) -> Game[S, E]:
    """One board game as the table keeps it: ``rules`` is its ``apply``, the state
    before anything, the set-up event that must come first and the rule that says so;
    ``screens`` its board, "next" line, end-of-game summary and players; ``view`` what
    the table keeps for its ``show`` (:mod:`boardgames.views`); ``seats`` how a player
    at a seat sees and takes turns, and whom a step changes, where the game has its own
    way (:class:`core.game.Game`)."""
    apply, initial, setup, rule = rules
    board, next_line, summary, players = screens
    return Game(kind=kind, title=title, apply=apply, initial=initial,
                decode=as_stored(codec.from_dict), encode=codec.to_dict, setup=setup, rule=rule,
                refuse=RuleViolation,
                describe=lambda before, event, after, viewer: describe(
                    before, event, after, viewer=viewer),
                board=board, next=next_line, summary=summary, players=players, view=view,
                **seats)


@functools.cache
def stuffed() -> Game[StuffedGame, StuffedEvent]:
    """Stuffed (R-STF-*): :mod:`boardgames.stuffed`."""
    # Imported here, on first use of Stuffed: start-up time.
    from boardgames.stuffed.codec import CODEC
    from boardgames.stuffed.describe import describe
    from boardgames.stuffed.events import NewGame
    from boardgames.stuffed.rules import apply
    from boardgames.stuffed.screen import board, final_summary, next_line
    from boardgames.stuffed.state import EMPTY
    from boardgames.views import stuffed as view

    return _game("stuffed", "game of Stuffed", (apply, EMPTY, NewGame, "R-STF-2"), CODEC,
                 describe, (board, next_line, final_summary, _stuffed_players), view,
                 short="Stuffed")


def _stuffed_players(game: StuffedGame) -> tuple[tuple[str, ...], str | None]:
    playing = game.started and not game.over
    return tuple(p.name for p in game.players), game.current.name if playing else None


def _deckbuilding_board(game: DeckbuildingGame, viewer: Viewer) -> object:
    from boardgames.deckbuilding.screen import board

    return board(game, "", viewer=viewer)


def _deckbuilding_next(game: DeckbuildingGame, viewer: Viewer, *, words: Words | None = None
                       ) -> str:
    from boardgames.deckbuilding.screen import next_line

    return next_line(game, viewer=viewer, words=words)


def _deckbuilding_summary(game: DeckbuildingGame, viewer: Viewer) -> tuple[str, ...]:
    from boardgames.deckbuilding.ending import final_summary

    return final_summary(game, viewer)


def _deckbuilding_players(game: DeckbuildingGame) -> tuple[tuple[str, ...], str | None]:
    playing = game.started and not game.over
    return tuple(p.name for p in game.players), game.active.name if playing else None


@functools.cache
def deckbuilding() -> Game[DeckbuildingGame, DeckbuildingEvent]:
    """Mistborn: The Deckbuilding Game (R-DBG-*): :mod:`boardgames.deckbuilding`."""
    # Imported here, on first use of the Deckbuilding Game: start-up time.
    from boardgames.deckbuilding.codec import CODEC
    from boardgames.deckbuilding.describe import describe
    from boardgames.deckbuilding.events import NewGame
    from boardgames.deckbuilding.rules import apply
    from boardgames.deckbuilding.state import BLANK, changed_players
    from boardgames.views import deckbuilding as view

    return _game("deckbuilding", "Deckbuilding Game", (apply, BLANK, NewGame, "R-DBG-1"),
                 CODEC, describe, (_deckbuilding_board, _deckbuilding_next,
                                   _deckbuilding_summary, _deckbuilding_players), view,
                 changed=changed_players, short="Deckbuilding")


@functools.cache
def housewar() -> Game[HouseWarState, HouseWarEvent]:
    """Mistborn: House War (R-HW-*): :mod:`boardgames.housewar`."""
    # Imported here, on first use of House War: start-up time.
    from boardgames.housewar.codec import CODEC
    from boardgames.housewar.describe import describe
    from boardgames.housewar.events import Start
    from boardgames.housewar.privacy import looking
    from boardgames.housewar.rules import apply
    from boardgames.housewar.screen import board, final_summary, next_line
    from boardgames.housewar.state import State
    from boardgames.views import housewar as view

    return _game("housewar", "game of House War", (apply, State(), Start, "R-HW-5"), CODEC,
                 describe, (board, next_line, final_summary, _housewar_players), view,
                 seat_viewer=lambda seat: looking(houses=[seat]),  # its own key (R-HW-6)
                 turn=_housewar_turn, setting_up=lambda state: state.phase.value == "setup",
                 end_shown=lambda state: state.phase.value == "ended", short="House War")


def _housewar_players(state: HouseWarState) -> tuple[tuple[str, ...], str | None]:
    # Phase values, not the enum: this module imports no game at start-up.
    playing = state.houses and state.phase.value == "playing"
    return tuple(h.name for h in state.houses), state.active.name if playing else None


def _housewar_turn(state: HouseWarState) -> str | None:
    """The Active House from the end of the set-up, whose first step is its income
    (R-HW-5): the sheets and the starting Problems before it are the host's."""
    from boardgames.housewar import Step

    playing = state.houses and (state.phase.value == "playing"
                                or state.next_step is Step.COLLECT)
    return str(state.active.name) if playing else None


registry.register("stuffed", stuffed)
registry.register("deckbuilding", deckbuilding)
registry.register("housewar", housewar)
