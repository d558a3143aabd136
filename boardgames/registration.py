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
from typing import TYPE_CHECKING, Final

from boardgames.errors import RuleViolation
from core import registry
from core.game import Game

if TYPE_CHECKING:
    from boardgames.deckbuilding.events import Event as DeckbuildingEvent
    from boardgames.deckbuilding.state import Game as DeckbuildingGame
    from boardgames.housewar.events import Event as HouseWarEvent
    from boardgames.housewar.state import State as HouseWarState
    from boardgames.stuffed.events import Event as StuffedEvent
    from boardgames.stuffed.state import Game as StuffedGame
    from core.game import Game
    from core.viewer import Viewer

__all__ = ["KINDS", "deckbuilding", "housewar", "stuffed"]

KINDS: Final = ("stuffed", "deckbuilding", "housewar")
"""The board games' stream kinds."""


@functools.cache
def stuffed() -> Game[StuffedGame, StuffedEvent]:
    """Stuffed (R-STF-*): :mod:`boardgames.stuffed`."""
    # Imported here, on first use of Stuffed: start-up time.
    from boardgames.stuffed.codec import CODEC
    from boardgames.stuffed.describe import describe
    from boardgames.stuffed.events import NewGame
    from boardgames.stuffed.rules import apply
    from boardgames.stuffed.screen import board, next_line
    from boardgames.stuffed.state import EMPTY

    return Game(kind="stuffed", title="game of Stuffed", apply=apply, initial=EMPTY,
                decode=CODEC.from_dict, encode=CODEC.to_dict, setup=NewGame,
                rule="R-STF-2", refuse=RuleViolation,
                describe=lambda before, event, after, viewer: describe(
                    before, event, after, viewer=viewer),
                board=board, next=next_line)


def _deckbuilding_board(game: DeckbuildingGame, viewer: Viewer) -> object:
    from boardgames.deckbuilding.screen import board

    return board(game, "", viewer=viewer)


def _deckbuilding_next(game: DeckbuildingGame, viewer: Viewer) -> str:
    from boardgames.deckbuilding.screen import next_line

    return next_line(game, viewer=viewer)


@functools.cache
def deckbuilding() -> Game[DeckbuildingGame, DeckbuildingEvent]:
    """Mistborn: The Deckbuilding Game (R-DBG-*): :mod:`boardgames.deckbuilding`."""
    # Imported here, on first use of the Deckbuilding Game: start-up time.
    from boardgames.deckbuilding.codec import CODEC
    from boardgames.deckbuilding.describe import describe
    from boardgames.deckbuilding.events import NewGame
    from boardgames.deckbuilding.rules import apply
    from boardgames.deckbuilding.state import BLANK

    return Game(kind="deckbuilding", title="Deckbuilding Game", apply=apply, initial=BLANK,
                decode=CODEC.from_dict, encode=CODEC.to_dict, setup=NewGame,
                rule="R-DBG-1", refuse=RuleViolation,
                describe=lambda before, event, after, viewer: describe(
                    before, event, after, viewer=viewer),
                board=_deckbuilding_board, next=_deckbuilding_next)


@functools.cache
def housewar() -> Game[HouseWarState, HouseWarEvent]:
    """Mistborn: House War (R-HW-*): :mod:`boardgames.housewar`."""
    # Imported here, on first use of House War: start-up time.
    from boardgames.housewar.codec import CODEC
    from boardgames.housewar.describe import describe
    from boardgames.housewar.events import Start
    from boardgames.housewar.rules import apply
    from boardgames.housewar.screen import board, next_line
    from boardgames.housewar.state import State

    return Game(kind="housewar", title="game of House War", apply=apply, initial=State(),
                decode=CODEC.from_dict, encode=CODEC.to_dict, setup=Start,
                rule="R-HW-5", refuse=RuleViolation,
                describe=lambda before, event, after, viewer: describe(
                    before, event, after, viewer=viewer),
                board=board, next=next_line)


registry.register("stuffed", stuffed)
registry.register("deckbuilding", deckbuilding)
registry.register("housewar", housewar)
