"""``mistborn stuffed``: a game of Stuffed tracked beside the box, saved in the table.

The group and what its commands share: the :class:`~cli.boardgames.base.Face` that says the
game's events and what comes next (the library's: :mod:`boardgames.stuffed.screen`),
and readers for what a player types — dice by
position (``1 4 5``) or by symbol (``ch ch b``, ``ch:2``, ``3-kind``), characters by
any unique beginning of their name (``hero`` is the player's own Hero), players
likewise. The steps are the game's table of steps
(:mod:`boardgames.stuffed.step_table`), made commands when used; the other commands
live in :mod:`cli.boardgames.stuffed_setup` and :mod:`cli.boardgames.stuffed_odds`,
loaded on first use; the screens in :mod:`cli.boardgames.stuffed_screens`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cli.boardgames.base import Face, add_table_commands, game_group
from cli.common.errors import option_words
from cli.common.twins import UNDO

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.console import RenderableType

    from boardgames.stuffed.state import Game
    from core.viewer import Viewer

KIND = "stuffed"


@game_group(KIND, {
    "new": ("cli.boardgames.stuffed_setup:new", "Start a game: players, Heroes, the Mission."),
    "undo": UNDO,
    "show": ("cli.boardgames.stuffed_setup:show",
             "The tray, the Mission and every player's ledger."),
    "odds": ("cli.boardgames.stuffed_odds:odds",
             "Exact chance to make a combination (no game needed)."),
    "keep": ("cli.boardgames.stuffed_odds:keep",
             "Which dice to keep for a combination, and the chance."),
}, steps="boardgames.stuffed.step_table:STEPS", reads=("odds", "keep"))
def stuffed() -> None:
    """Stuffed beside the box: the 8 dice, coins, cards, Teammates and the Mission,
    saved in the table as you go; and which dice to keep.

    \b
    Start: new -p ann:ch bo:r
             --teammates 3 --mercenaries 1
             --combo ch:2,i,r
    Turn:  roll, spend, buy, recruit,
           steal, ability, reroll, play,
           discard, mission, end-turn
    Offer: offer NAME (turned face up)
    Slip:  undo         See: show, log
    Odds:  odds COMBO, keep COMBO

    \b
    Symbols, any case, any unique start:
      c coin        e essence
      b birden      i intelligence
      ch charisma   r resource
    Dice: by position 1–8 (1 4 5) or by
    symbol (ch ch b).
    COMBO: ch:2,i,r = ch ch i r =
      charisma:2,intelligence,resource;
      3-kind: any 3 of a kind but Birdens.
    """


# --- what the game says ----------------------------------------------------------------------


def face() -> Face:
    """How the command line says a game of Stuffed: the library's sentences, next line
    (a step's parameter it names given as an option) and report fields."""
    from boardgames.stuffed.describe import describe
    from boardgames.stuffed.rules import check_open
    from boardgames.stuffed.screen import next_line, status

    return Face(KIND, describe, lambda state: next_line(state, words=option_words), status,
                check=check_open, board=board)


def board(name: str, state: Game, width: int, said: Sequence[str], following: str,
          viewer: Viewer) -> list[RenderableType | str]:
    """The game on a player's shell: every ledger is open to all (R-STF-1)."""
    from cli.boardgames.stuffed_screens import board as drawn

    return [drawn(name, state, width, list(said), following)]


def summary(state: Game) -> str:
    """A game in a few words, for ``list``."""
    from boardgames.stuffed.screen import summary as said

    return said(state)


add_table_commands(stuffed, KIND, face, summary)
