"""The state of a game of Stuffed: the table, each player's ledger and the turn's dice.

Frozen values only; :func:`boardgames.stuffed.apply` makes new ones. A player's
:class:`Ledger` holds their coins and Advantage cards (as bounded counters that cannot
leave their limits, R-STF-4), their team (at most 2 Loyals and 2 Mercenaries, R-STF-5)
and the characters whose ability they used this turn (R-STF-6).
"""

from __future__ import annotations

import attrs

from boardgames.counters import Bounded
from boardgames.stuffed.dice import DEFAULT_DIE, Die, Symbol
from boardgames.stuffed.events import HAND, Kind, Mission, Seat, Teammate, key
from core.names import find

__all__ = ["EMPTY", "Game", "Ledger", "empty_hand", "no_coins"]


def no_coins() -> Bounded:
    """A purse of 0 coins; coins never go below 0 (R-STF-4)."""
    return Bounded(0, low=0, rule="R-STF-4")


def empty_hand() -> Bounded:
    """A hand of 0 Advantage cards; it holds 0–4 (R-STF-4)."""
    return Bounded(0, low=0, high=HAND, rule="R-STF-4")


@attrs.frozen
class Ledger:
    """One player: their seat (name, Hero), coins, cards, team and abilities used."""

    seat: Seat
    coins: Bounded = attrs.field(factory=no_coins)
    cards: Bounded = attrs.field(factory=empty_hand)
    team: tuple[Teammate, ...] = ()
    used: frozenset[str] = frozenset()  # keys of characters whose ability was used

    @property
    def name(self) -> str:
        return self.seat.name

    def count(self, kind: Kind) -> int:
        """How many Teammates of ``kind`` the team holds."""
        return sum(1 for t in self.team if t.kind is kind)

    @property
    def loyals(self) -> int:
        return self.count(Kind.LOYAL)

    @property
    def mercenaries(self) -> int:
        return self.count(Kind.MERCENARY)

    @property
    def teammates(self) -> int:
        """Teammates counted for the Mission: Loyals, Mercenaries and Sacrifices; never
        the Hero (R-STF-7)."""
        return len(self.team)

    def teammate(self, name: str) -> Teammate | None:
        """The Teammate called ``name`` (any case), if on the team."""
        return next((t for t in self.team if key(t.name) == key(name)), None)

    def attribute_of(self, character: str) -> Symbol | None:
        """The Attribute of the Hero or Teammate called ``character``, if it is theirs."""
        if key(character) == key(self.seat.hero):
            return self.seat.attribute
        mate = self.teammate(character)
        return None if mate is None else mate.attribute

    def meets(self, mission: Mission) -> bool:
        """Whether the team meets the Mission's Teammate requirement (R-STF-7)."""
        return self.teammates >= mission.teammates and self.mercenaries >= mission.mercenaries


@attrs.frozen
class Game:
    """A game of Stuffed at one moment.

    ``turn`` is the index of the player whose turn it is and ``turn_number`` counts
    turns from 1. ``dice`` are the turn's 8 dice (empty until rolled) and ``spent`` the
    positions (from 1) spent this turn. ``offer`` holds the Teammates face up that the
    table has entered; ``replace`` the kinds of the Teammates recruited from the offer
    and not yet replaced (R-STF-5: a recruit is replaced face up); ``lasting`` the
    red-scroll cards in effect as (owner, card); ``gained`` whether the current player
    gained coins this turn (for Scouting).
    """

    players: tuple[Ledger, ...] = ()
    mission: Mission | None = None
    die: Die = DEFAULT_DIE
    turn: int = 0
    turn_number: int = 0
    dice: tuple[Symbol, ...] = ()
    spent: frozenset[int] = frozenset()
    offer: tuple[Teammate, ...] = ()
    replace: tuple[Kind, ...] = ()
    lasting: tuple[tuple[int, str], ...] = ()
    gained: bool = False
    winner: int | None = None

    @property
    def started(self) -> bool:
        """Whether set-up (:class:`~boardgames.stuffed.events.NewGame`) happened."""
        return self.mission is not None

    @property
    def over(self) -> bool:
        """Whether someone completed the Mission (R-STF-7)."""
        return self.winner is not None

    @property
    def rolled(self) -> bool:
        """Whether the current player has rolled this turn."""
        return bool(self.dice)

    @property
    def current(self) -> Ledger:
        """The ledger of the player whose turn it is."""
        return self.players[self.turn]

    @property
    def unspent(self) -> tuple[tuple[int, Symbol], ...]:
        """The turn's unspent dice as (position, symbol), positions from 1."""
        return tuple((p, s) for p, s in enumerate(self.dice, start=1) if p not in self.spent)

    def player(self, name: str) -> int | None:
        """The index of the player called ``name`` (by :func:`core.names.find`: any
        case, or spelled with look-alike letters)."""
        return find(name, [p.name for p in self.players])

    def holder(self, teammate: str) -> int | None:
        """The index of the player whose team holds ``teammate``, if any."""
        return next((i for i, p in enumerate(self.players) if p.teammate(teammate)), None)


EMPTY = Game()
"""The state before set-up."""
