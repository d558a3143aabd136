"""The state of a game of Mistborn: House War: every number the table would track.

A :class:`State` is frozen; :func:`boardgames.housewar.apply` returns a new one for
each event. It holds the Houses (tokens, Favor, Disgrace, face-down Personalities), the
supply and the destroyed tokens, Unrest, the Problem track and every Problem card the
game has seen (on the board, back on top of the deck, erupted or solved), and where
the current turn stands. The cards themselves stay on the table.
"""

from __future__ import annotations

import enum

import attrs

from boardgames.errors import RuleViolation, shown
from boardgames.housewar.events import RULES, Length, key
from boardgames.housewar.pay import effective_cost
from boardgames.housewar.resources import NOTHING, Resources
from boardgames.housewar.timer import Timer
from boardgames.housewar.track import Track, numeral
from core.names import closest, find

__all__ = ["LORD_RULER", "MIN_ON_BOARD", "UNREST_END", "VIN", "Card", "Close", "End", "Gain",
           "House", "Phase", "State", "Step", "Turn", "is_lord_ruler", "is_vin"]

UNREST_END = 8
"""Unrest at which the Final Empire collapses and the game ends (R-HW-1)."""

MIN_ON_BOARD = 2
"""Problems that must be on the board after step 3 (R-HW-2)."""

VIN = "Vin"
LORD_RULER = "The Lord Ruler"


def is_vin(name: str) -> bool:
    """Whether ``name`` is the Vin Problem, whose end ends the game (R-HW-3)."""
    return key(name) == key(VIN)


def is_lord_ruler(name: str) -> bool:
    """Whether ``name`` is the Lord Ruler Problem, which doubles Favor and Disgrace
    while in play (R-HW-3). ``Lord Ruler`` without ``The`` is accepted too."""
    return key(name) in (key(LORD_RULER), key("Lord Ruler"))


class Phase(enum.Enum):
    """Where the game stands."""

    NEW = "new"  # nothing yet: the first event must be Start
    SETUP = "setup"  # starting Problems and resources
    PLAYING = "playing"
    ENDED = "ended"  # only end-game reveals remain (R-HW-1 ruling)


class End(enum.Enum):
    """What ended the game (R-HW-1, R-HW-3)."""

    UNREST = "unrest"
    VIN_SOLVED = "vin_solved"
    VIN_ERUPTED = "vin_erupted"


class Close(enum.Enum):
    """How the Active House used step 4."""

    PASSED = "passed"
    SOLVED = "solved"
    NO_DEAL = "no_deal"


class Step(enum.Enum):
    """What the game waits for next (for screens and prompts)."""

    START = "start"  # a Start event
    SETUP_SHEETS = "setup_sheets"  # every House collects its sheet (R-HW-5)
    SETUP_PROBLEMS = "setup_problems"  # one starting Problem per player
    COLLECT = "collect"  # step 1
    WORSEN = "worsen"  # step 2: Problems still to move
    DRAW = "draw"  # step 3: a Problem (or one more) must be added
    PASS_OR_DEAL = "pass_or_deal"  # step 4
    END_TURN = "end_turn"  # step 5
    REVEAL = "reveal"  # the game is over; face-down Personalities to reveal
    OVER = "over"  # the winner is known


@attrs.frozen
class Gain:
    """Favor and Disgrace a House gained at once, for the end-game breakdown (R-HW-6):
    what gave it (``source``: a Problem solved, a card revealed, what the table said, or
    ``""``), ``how`` (``deal``, ``effect``, ``modifier`` or ``reveal``), the amounts
    gained and how much of them the Lord Ruler's doubling added (R-HW-3)."""

    source: str
    how: str
    favor: int
    disgrace: int
    doubled_favor: int = 0
    doubled_disgrace: int = 0


@attrs.frozen
class House:
    """One player's House: its tokens, its scoring pile and every gain in it, its
    face-down cards, and what it collects each turn (R-HW-5): its ``sheet`` (``None``
    until collected at set-up) and ``cards``, its Advisors' icons and its Ruined icons."""

    name: str
    resources: Resources = NOTHING
    favor: int = 0
    disgrace: int = 0
    face_down: tuple[str, ...] = ()  # end-game Personalities in play, face down
    revealed: tuple[str, ...] = ()  # those revealed at the end
    sheet: Resources | None = None
    cards: int = 0
    advisors: Resources = NOTHING
    ruined: Resources = NOTHING
    gains: tuple[Gain, ...] = ()

    @property
    def score(self) -> int:
        """Favor less Disgrace (R-HW-3)."""
        return self.favor - self.disgrace

    @property
    def icons(self) -> Resources:
        """Every resource icon it collects from, covered or not: its sheet and Advisors."""
        return (self.sheet or NOTHING) + self.advisors

    @property
    def income(self) -> Resources:
        """What step 1 collects: its sheet and Advisors, less its Ruined icons (R-HW-5)."""
        return self.icons - self.icons.cap(self.ruined)


@attrs.frozen
class Card:
    """A Problem card the game has seen: its printed starting Urgency, and its printed
    cost and Favor reward when known, with this turn's cost changes (R-HW-4)."""

    name: str
    start: int
    cost: Resources | None = None
    favor: int | None = None
    lowered: Resources = NOTHING
    raised: Resources = NOTHING

    @property
    def cost_now(self) -> Resources | None:
        """The cost to pay this turn (``None`` when the printed cost is not known)."""
        if self.cost is None:
            return None
        return effective_cost(self.cost, self.lowered, self.raised)


@attrs.frozen
class Turn:
    """The current turn: whose it is and which steps are done."""

    number: int = 0  # 0 during set-up; the first turn is 1
    active: int = 0  # index of the Active House
    collected: bool = False  # step 1
    to_move: tuple[str, ...] | None = None  # step 2: None until it begins
    draws: int = 0  # step 3 draws so far
    closed: Close | None = None  # step 4


@attrs.frozen
class State:
    """A game of House War at one moment."""

    phase: Phase = Phase.NEW
    setup_collection: bool = True  # False: a game saved before it was recorded (R-HW-5)
    rules: int = RULES  # the edition of the rules it was set up under (events.Start.rules)
    players: int = 0
    length: Length | None = None
    houses: tuple[House, ...] = ()
    supply: Resources = NOTHING
    destroyed: Resources = NOTHING
    unrest: int = 0
    track: Track = attrs.field(factory=lambda: Track.empty(3))
    cards: tuple[Card, ...] = ()
    deck_top: tuple[str, ...] = ()  # put back on the Problem deck; the last is on top
    erupted: tuple[str, ...] = ()  # discarded after erupting, oldest first
    solved: tuple[str, ...] = ()  # discarded after being solved, oldest first
    setup_problems: int = 0
    turn: Turn = Turn()
    ended_by: End | None = None
    # The Problem whose eruption effect is being applied: it is discarded only once the
    # effect is applied, so it is still in play until the turn goes on (R-HW-3 ruling).
    erupting: str | None = None
    timer: Timer | None = None  # the negotiation timer, while one runs

    # --- Houses ---------------------------------------------------------------------

    def house_index(self, name: str) -> int:
        """Index of the House called ``name`` (by :func:`core.names.find`: ignoring
        case and repeated spaces, or spelled with look-alike letters)."""
        names = [house.name for house in self.houses]
        found = find(" ".join(name.split()), names)
        if found is not None:
            return found
        close = closest(name, names)
        if close is not None:
            raise RuleViolation(f"no House called {shown(name)} — did you mean {close}?",
                                rule="R-HW-5")
        known = ", ".join(names) or "none yet"
        raise RuleViolation(f"no House called {shown(name)} (Houses: {known})",
                            rule="R-HW-5")

    def house(self, name: str) -> House:
        """The House called ``name``."""
        return self.houses[self.house_index(name)]

    @property
    def active(self) -> House:
        """The Active House."""
        return self.houses[self.turn.active]

    # --- Problems -------------------------------------------------------------------

    def card(self, name: str) -> Card | None:
        """The Problem card called ``name``, if the game has seen it."""
        wanted = key(name)
        for card in self.cards:
            if key(card.name) == wanted:
                return card
        return None

    def on_board(self, name: str) -> str:
        """The exact name of the Problem ``name`` on the board; refused otherwise."""
        wanted = key(name)
        for placed in self.track.names:
            if key(placed) == wanted:
                return placed
        close = closest(name, self.track.names)
        if close is not None:
            raise RuleViolation(f"{shown(name)} is not on the Problem track — did you mean "
                                f"{close}?", rule="R-HW-2")
        on = ", ".join(self.track.names) or "none"
        raise RuleViolation(f"{shown(name)} is not on the Problem track (on it: {on})",
                            rule="R-HW-2")

    def urgency(self, name: str) -> int:
        """The Urgency of a Problem on the board: its column (R-HW-2)."""
        column = self.track.column_of(self.on_board(name))
        assert column is not None
        return column

    @property
    def lord_ruler_in_play(self) -> bool:
        """Whether the Lord Ruler Problem is in play: Favor and Disgrace gained are
        doubled (R-HW-3). It is in play on the board, and while its own eruption effect
        is applied (the card is discarded after its effect)."""
        return (any(is_lord_ruler(name) for name in self.track.names)
                or (self.erupting is not None and is_lord_ruler(self.erupting)))

    @property
    def problems_needed(self) -> int:
        """How many more Problems step 3 must add now: 1 until the turn's draw is made,
        then 1 more while fewer than 2 are on the board (R-HW-2); 0 otherwise."""
        if self.phase is not Phase.PLAYING or self.turn.closed is not None:
            return 0
        if self.turn.draws == 0:
            return 1
        return 1 if len(self.track) < MIN_ON_BOARD else 0

    @property
    def to_move(self) -> tuple[str, ...]:
        """The Problems step 2 must still move this turn (all on the board until the
        first one moves)."""
        if self.phase is not Phase.PLAYING or not self.turn.collected:
            return ()
        if self.turn.to_move is None:
            return () if self.turn.draws else self.track.names
        return self.turn.to_move

    @property
    def sheets_missing(self) -> tuple[str, ...]:
        """The Houses still to collect their sheet at set-up (R-HW-5)."""
        if not self.setup_collection:
            return ()
        return tuple(h.name for h in self.houses if h.sheet is None)

    @property
    def unrevealed(self) -> tuple[tuple[str, str], ...]:
        """``(House, card)`` for every face-down Personality not yet revealed."""
        return tuple((h.name, card) for h in self.houses for card in h.face_down)

    @property
    def next_step(self) -> Step:
        """What the game waits for next."""
        if self.phase is Phase.NEW:
            return Step.START
        if self.phase is Phase.SETUP:
            if self.sheets_missing:
                return Step.SETUP_SHEETS
            return (Step.SETUP_PROBLEMS if self.setup_problems < self.players
                    else Step.COLLECT)
        if self.phase is Phase.ENDED:
            return Step.REVEAL if self.unrevealed else Step.OVER
        if not self.turn.collected:
            return Step.COLLECT
        if self.to_move:
            return Step.WORSEN
        if self.problems_needed:
            return Step.DRAW
        if self.turn.closed is None:
            return Step.PASS_OR_DEAL
        return Step.END_TURN

    def where(self, name: str) -> str:
        """Where the Problem card ``name`` is, in words."""
        card = self.card(name)
        if card is None:
            return "not drawn yet"
        column = self.track.column_of(card.name)
        if column is not None:
            return f"Urgency {numeral(column)}"
        if card.name in self.deck_top:
            return "on top of the Problem deck"
        if card.name in self.erupted:
            return "erupted"
        return "solved"
