"""``mistborn housewar`` (also ``hw``): Mistborn: House War's Unrest, Problem track,
tokens and scores beside the cards, saved in the table.

The group and what its commands share: the :class:`~cli.boardgames.base.Face` that says the
game's events and what comes next (the library's: :mod:`boardgames.housewar.screen`),
and readers for what a player types — Houses and
Problems by any unique beginning of their name, tokens as a player says them
(``2 food 1 atium``, ``2f 1a``). The commands live in
:mod:`cli.boardgames.housewar_setup`, :mod:`cli.boardgames.housewar_turn` and
:mod:`cli.boardgames.housewar_timer`, loaded on first use; the screen in
:mod:`cli.boardgames.housewar_screens`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click

from cli.boardgames.base import Face, GameGroup, add_table_commands, game_option
from cli.common.streams import who_option
from cli.common.table_option import table_option

if TYPE_CHECKING:
    from boardgames.housewar.resources import Resources
    from boardgames.housewar.state import State

KIND = "housewar"


@click.group(cls=GameGroup, modules=("housewar_setup", "housewar_turn", "housewar_timer"),
             context_settings={"help_option_names": ["-h", "--help"]})
@table_option
@game_option
@who_option
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
             venture=2f --favor venture=3
           end-turn
    Also:  unrest 1; score; transfer;
           cost; move; ruin; advisor;
           face-down; reveal
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
    line and report fields."""
    from boardgames.housewar.describe import describe
    from boardgames.housewar.screen import next_line, status

    return Face(KIND, describe, next_line, status, prelude=time_up)


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


# --- reading what a player types ---------------------------------------------------------


def tokens(typed: Sequence[str] | str) -> Resources:
    """Tokens as typed: ``2 food 1 atium``, ``2f 1a``, ``food=2`` (R-HW-5)."""
    from boardgames.housewar.resources import parse_resources

    return parse_resources(typed if isinstance(typed, str) else " ".join(typed))


def house(state: State, typed: str) -> str:
    """The House ``typed`` means (a unique beginning or word of its name); else what
    was typed (the rules refuse it, listing the Houses)."""
    from characters.lookup import matches

    found = matches(typed, [h.name for h in state.houses])
    return found[0] if len(found) == 1 else typed


def place(state: State, typed: str) -> str:
    """A House, or the supply, or the destroyed tokens (``supply``, ``destroyed``)."""
    from boardgames.housewar.events import PLACES

    cleaned = typed.strip().casefold()
    return cleaned if cleaned in PLACES else house(state, typed)


def problem(state: State, typed: str, *, known: bool = False) -> str:
    """The Problem ``typed`` means: on the board (or, with ``known``, any card the game
    has seen), by a unique beginning or word of its name; else what was typed."""
    from characters.lookup import matches

    names = [c.name for c in state.cards] if known else list(state.track.names)
    found = matches(typed, names)
    return found[0] if len(found) == 1 else typed


def pairs(typed: Sequence[str], what: str, rule: str) -> list[tuple[str, str]]:
    """``NAME=VALUE`` items as (name, value); a missing ``=`` is refused."""
    from boardgames.errors import BadValue

    out = []
    for item in typed:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise BadValue(f"{what} is HOUSE=VALUE (e.g. venture=2f), got {item!r}"[:120],
                           rule=rule)
        out.append((name.strip(), value.strip()))
    return out
