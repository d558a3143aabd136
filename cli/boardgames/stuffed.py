"""``mistborn stuffed``: a game of Stuffed tracked beside the box, saved in the table.

The group and what its commands share: the :class:`~cli.boardgames.base.Face` that says the
game's events and what comes next (the library's: :mod:`boardgames.stuffed.screen`),
and readers for what a player types — dice by
position (``1 4 5``) or by symbol (``ch ch b``, ``ch:2``, ``3-kind``), characters by
any unique beginning of their name (``hero`` is the player's own Hero), players
likewise. The commands live in :mod:`cli.boardgames.stuffed_setup`,
:mod:`cli.boardgames.stuffed_turn` and :mod:`cli.boardgames.stuffed_odds`, loaded on first
use; the screens in :mod:`cli.boardgames.stuffed_screens`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from cli.boardgames.base import Face, GameGroup, add_table_commands, game_option
from cli.common.streams import who_option
from cli.common.table_option import table_option

if TYPE_CHECKING:
    from boardgames.stuffed.dice import Symbol
    from boardgames.stuffed.state import Game

KIND = "stuffed"


@click.group(cls=GameGroup, modules=("stuffed_setup", "stuffed_turn", "stuffed_odds"),
             context_settings={"help_option_names": ["-h", "--help"]})
@table_option
@game_option
@who_option
def stuffed() -> None:
    """Stuffed beside the box: the 8 dice, coins, cards, Teammates and the Mission,
    saved in the table as you go; and which dice to keep.

    \b
    Start: new -p ann:ch bo:r
             --teammates 3 --mercenaries 1
             --combo ch:2,i,r
    Turn:  roll, spend, buy, recruit,
           ability, reroll, play, mission,
           end-turn
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
    and report fields."""
    from boardgames.stuffed.describe import describe
    from boardgames.stuffed.rules import check_open
    from boardgames.stuffed.screen import next_line, status

    return Face(KIND, describe, next_line, status, check=check_open)


# --- reading what a player types ----------------------------------------------------------


def _tokens(typed: Sequence[str]) -> list[str]:
    return [part for item in typed for part in item.replace(",", " ").split() if part]


def chosen_dice(state: Game, typed: Sequence[str], doing: str, *, rule: str = "R-STF-1",
                exclude: Sequence[int] = ()) -> tuple[int, ...]:
    """The dice a player means: positions (``1 4 5``), or symbols and sets picked from
    the unspent dice (``ch ch b``, ``ch:2``, ``3-kind``), leaving out ``exclude``."""
    from boardgames.errors import BadValue, RuleViolation
    from boardgames.stuffed.dice import match, parse_combo

    tokens = _tokens(typed)
    if not tokens:
        raise BadValue(f"{doing} needs dice: positions (1 4 5) or symbols (ch ch b)",
                       rule=rule)
    numbers = [t for t in tokens if t.isdigit()]
    if numbers and len(numbers) != len(tokens):
        raise BadValue(f"give dice by position (1 4 5) or by symbol (ch ch b), not both: "
                       f"{' '.join(tokens)!r}"[:120], rule=rule)
    if numbers:
        return tuple(int(t) for t in numbers)
    if not state.rolled:
        raise RuleViolation(f"{state.current.name} has not rolled yet: a turn starts with "
                            f"all 8 dice rolled", rule="R-STF-2")
    combo = parse_combo(" ".join(tokens))
    unspent = [(p, s) for p, s in state.unspent if p not in exclude]
    found = match(combo, unspent)
    if found is None:
        shown = ", ".join(f"{p} {s.short}" for p, s in unspent) or "none"
        raise RuleViolation(f"{doing}: the unspent dice ({shown}) show no {combo.words}",
                            rule=rule)
    return found


def character(state: Game, typed: str) -> str:
    """The Hero or Teammate of the current player that ``typed`` means: ``hero``, or a
    unique beginning or word of a name; else what was typed (the rules refuse it)."""
    from characters.lookup import matches

    ledger = state.current
    if typed.strip().casefold() == "hero":
        return ledger.seat.hero
    found = matches(typed, [ledger.seat.hero, *(t.name for t in ledger.team)])
    return found[0] if len(found) == 1 else typed


def player(state: Game, typed: str) -> str:
    """The player ``typed`` means (a unique beginning or word of the name)."""
    from characters.lookup import matches

    found = matches(typed, [p.name for p in state.players])
    return found[0] if len(found) == 1 else typed


def paid_die(state: Game, name: str, exclude: Sequence[int], given: int | None) -> int:
    """The die that pays for ``name``'s ability: ``given``, else the last unspent die
    showing its Attribute and not used otherwise (R-STF-6)."""
    from boardgames.errors import RuleViolation
    from boardgames.stuffed.screen import dice_text

    if given is not None:
        return given
    ledger = state.current
    attribute: Symbol | None = ledger.attribute_of(name)
    if attribute is None:
        mates = ", ".join(t.name for t in ledger.team) or "none"
        raise RuleViolation(f"{ledger.name} has no character called {name!r} (Hero "
                            f"{ledger.seat.hero}; Teammates: {mates})", rule="R-STF-6")
    payers = [p for p, s in state.unspent if s is attribute and p not in exclude]
    if not payers:
        raise RuleViolation(f"{name}'s ability takes a die showing {attribute}, and no "
                            f"unspent die shows one (unspent: {dice_text(state)})",
                            rule="R-STF-6")
    return payers[-1]


def summary(state: Game) -> str:
    """A game in a few words, for ``list``."""
    from boardgames.stuffed.screen import summary as said

    return said(state)


add_table_commands(stuffed, KIND, face, summary)
