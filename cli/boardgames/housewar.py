"""``mistborn housewar`` (also ``hw``): Mistborn: House War's Unrest, Problem track,
tokens and scores beside the cards, saved in the table.

The group and what its commands share: the :class:`~cli.boardgames.base.Face` that says the
game's events and what comes next (the library's: :mod:`boardgames.housewar.screen`).
The steps are the game's table of steps (:mod:`boardgames.housewar.step_table`, and
its negotiation timer read by the table's clock: :data:`STEPS`), made commands when used;
what a player types is read by :mod:`boardgames.housewar.grammar`. The other commands
(``new``, ``undo``, ``show``, ``pay``) live in :mod:`cli.boardgames.housewar_setup`,
loaded on first use; the screen in :mod:`cli.boardgames.housewar_screens`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cli.boardgames.base import Face, add_table_commands, game_group
from cli.common.errors import option_words
from cli.common.twins import UNDO

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.console import RenderableType

    from boardgames.housewar.state import State
    from core.viewer import Viewer

KIND = "housewar"


@game_group(KIND, {
    "new": ("cli.boardgames.housewar_setup:new", "Start a game: players, length, Houses."),
    "pay": ("cli.boardgames.housewar_setup:pay", "Can one House pay a cost alone, and how."),
    "undo": UNDO,
    "show": ("cli.boardgames.housewar_setup:show",
             "The Problem grid, Unrest, the Houses' scores."),
}, steps="cli.boardgames.housewar:STEPS", reads=("pay",))
def housewar() -> None:
    """Mistborn: House War beside the cards: Unrest, the Problem track,
    each House's tokens, Favor and Disgrace, the supply — saved in the
    table, with undo; and who can pay what.

    \b
    Start: new --players 4 --length short
             --houses Venture Lekal Tekiel
             Hasting
           sheet venture 2f 1m --cards 1
           add Ashfall --urgency 2 --setup
    Turn:  collect
           worsen ashfall riot
           add Famine --urgency 1
           pass --take atium, or
           solve PROBLEM --share
             venture=2f --favor venture=3,
             or no-deal PROBLEM
           end-turn
    Also:  unrest 1; score; transfer;
           cost; move; ruin; advisor;
           face-down; discard; reveal
    Deal:  timer 3 (negotiation
             minutes); timer stop
    Pay:   pay --hold 2f 1a --cost 3 food
    See:   show (--table: no scores); log
    Slip:  undo

    \b
    Tokens: 2 food 1 atium = 2f 1a
      m Money  f Food  p Prestige
      s Skaa   w Warriors  a Atium
    Houses and Problems: any unique
    beginning of the name.
    """


# --- saying the game -----------------------------------------------------------------------


def face() -> Face:
    """How the command line says a game of House War: the library's sentences, next
    line (a step's parameter it names given as an option: ``--cards N``) and report
    fields."""
    from boardgames.housewar.describe import describe
    from boardgames.housewar.screen import next_line, status

    return Face(KIND, describe, lambda state: next_line(state, words=option_words), status,
                prelude=time_up, board=board, board_summary=True)


def board(name: str, state: State, width: int, said: Sequence[str], following: str,
          viewer: Viewer) -> list[RenderableType | str]:
    """The game on a player's shell, as ``viewer`` may see it: their own House's score,
    ``?`` for the others' until the end, then the whole reveal (R-HW-6)."""
    from cli.boardgames.housewar_screens import board as drawn

    return [drawn(name, state, width, list(said), following, viewer)]


def time_up(state: State) -> tuple[Any, ...]:
    """The negotiation time running out, written before the first step after it."""
    from boardgames.housewar.timer import ran_out
    from table import clock

    return ran_out(state.timer, clock.parse(clock.now()))


def summary(state: State) -> str:
    """A game in a few words, for ``list``."""
    from boardgames.housewar.screen import summary as said

    return said(state)


add_table_commands(housewar, KIND, face, summary)


def _now() -> str:
    from table import clock

    return clock.now()


def __getattr__(name: str) -> Any:
    # STEPS, made when the game is named: every step of a game of House War, in the
    # order ``housewar --help`` lists them; the timer's time is the table's clock.
    if name != "STEPS":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from boardgames.housewar.step_table import STEPS, timer

    made = STEPS.adding(timer(_now))
    globals()[name] = made
    return made
