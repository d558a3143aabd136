"""The state of a game of Mistborn: The Deckbuilding Game, and what can be read off it.

A :class:`Game` is a frozen value: the players in seat order with their health dials
and tokens, the 3 Mission tracks, who holds the Target, the Lord Ruler (co-op and
solo), whose turn it is with that turn's coins, and the result once the game is over.
Only :func:`boardgames.deckbuilding.apply` makes a new one; the functions here read it:
who is alive, who is highest and lowest on a track, which Missions are completed, the
Dominance that "X" reads.
"""

from __future__ import annotations

import enum

import attrs

from boardgames.deckbuilding.events import (
    DEFAULT_TRAINING,
    MISSIONS,
    RULES,
    TRACK_TOP,
    Metal,
    Mode,
    TrainingLayout,
)
from boardgames.deckbuilding.text import violation
from boardgames.errors import BadValue, shown
from core.names import closest, find, name_key

__all__ = ["BLANK", "BOXING_CASH", "BOXING_PRICE", "CONFRONTATION_ATIUM", "EDICT_HEALING",
           "FOURTH_SEAT_BOXINGS", "LORD_RULER_DECK", "LORD_RULER_HEALTH", "MAX_HEALTH",
           "SEAT_BONUS", "START_DOMINANCE", "START_HEALTH", "TARGET_MIN_PLAYERS", "Adversary",
           "EndReason", "Game", "LordRuler", "Mission", "Pending", "Player", "Result", "Standing",
           "Turn", "burns_allowed", "changed_players", "completed_missions", "dominance",
           "find_adversary", "find_mission", "living", "next_seat", "standing", "target_in_play",
           "topped_all", "training_step"]

START_HEALTH = 36
"""Every player's health at the start (R-DBG-1)."""
SEAT_BONUS = (0, 2, 4, 4)
"""Competitive health bonus by seat from the first player (R-DBG-1)."""
FOURTH_SEAT_BOXINGS = 1
"""The 4th seat's starting Boxing in a competitive game (R-DBG-1)."""
MAX_HEALTH = 40
"""A player's health never exceeds this (R-DBG-1)."""
LORD_RULER_HEALTH = 48
"""The Lord Ruler's starting and highest health (R-DBG-2)."""
START_DOMINANCE = 1
LORD_RULER_DECK = 36
"""Cards in the Lord Ruler deck (R-DBG-2)."""
EDICT_HEALING = 10
"""The Lord Ruler's healing per Mission not completed, at each Edict (R-DBG-2)."""
BOXING_PRICE = 2
BOXING_CASH = 1
CONFRONTATION_ATIUM = 4
TARGET_MIN_PLAYERS = 3
"""The Target is in play while at least this many players are alive (R-DBG-4)."""


@attrs.frozen
class Player:
    """A player: health dial, tokens, and what they hold for the current turn."""

    name: str
    health: int
    boxings: int = 0
    atium: int = 0
    out: bool = False
    """Eliminated: out of the game; their cubes stay on the Mission tracks."""
    mission_points: int = 0
    """Mission points gained this turn and not yet spent (lost at the end of the turn)."""
    sense: int = 0
    """Mission points a Sense will still cancel this turn (R-DBG-3)."""
    trained: int = 0
    """Moves up the Training track so far; the cube is on step 1 + trained (R-DBG-9)."""
    flared: tuple[Metal, ...] = ()
    """Metal tokens Flared and not yet refreshed, in the board's order (R-DBG-10)."""
    more_burns: int = 0
    """Burns allowed each turn beyond the Training track's (lasting rewards)."""

    @property
    def alive(self) -> bool:
        """Whether the player is still in the game."""
        return not self.out


@attrs.frozen
class Mission:
    """One Mission track: every seat's cube (0: the start area, 1–12: the steps, 12 the
    top), the order seats reached the top, and who took each first-player reward."""

    name: str
    rewards: tuple[int, ...]
    """Steps of the mid-track rewards; the top (12) always has one."""
    steps: tuple[int, ...]
    finished: tuple[int, ...] = ()
    """Seats in the order they reached the top (the placement spots)."""
    firsts: tuple[tuple[int, int], ...] = ()
    """(step, seat) for each first-player reward taken, in the order taken."""

    @property
    def reward_steps(self) -> tuple[int, ...]:
        """Every step with a reward: the mid-track ones and the top."""
        return (*self.rewards, TRACK_TOP)

    @property
    def completed(self) -> bool:
        """A Mission is completed once any player reaches its top (R-DBG-2)."""
        return bool(self.finished)


@attrs.frozen
class Adversary:
    """An Adversary in play in front of a player, with its shields left to right."""

    number: int
    name: str
    owner: int
    """The seat it was placed in front of."""
    shields: tuple[str, ...]
    destroyed: int = 0
    """Shields destroyed so far, counted from the left (R-DBG-6)."""

    @property
    def next_shield(self) -> str:
        """The leftmost shield still standing."""
        return self.shields[self.destroyed]


@attrs.frozen
class LordRuler:
    """The Lord Ruler's dial, Dominance track and deck (co-op and solo, R-DBG-2)."""

    health: int = LORD_RULER_HEALTH
    dominance: int = START_DOMINANCE
    rows: int = 0
    """Rows of the Dominance track revealed so far."""
    deck: int = LORD_RULER_DECK
    """Cards left in the Lord Ruler deck."""
    adversaries: tuple[Adversary, ...] = ()
    discarded: int = 0
    """Adversaries defeated (moved to the Lord Ruler's discard pile)."""
    drawn: int = 0
    """Adversaries drawn so far: the next one drawn gets number ``drawn + 1``."""


@attrs.frozen
class Pending:
    """The Target's holder was eliminated: ``chooser`` (the attacker's seat, or None
    when no player's attack did it) picks the new holder, who takes ``leftover``."""

    chooser: int | None
    leftover: int


@attrs.frozen
class Turn:
    """Whose turn it is, and what lasts only for this turn."""

    number: int = 1
    seat: int = 0
    coins: int = 0
    """The active player's coins; they don't carry over (R-DBG-5)."""
    attacked: bool = False
    """The active player used their damage at players this turn (R-DBG-4)."""
    may_pass: bool = False
    """The Target's holder took damage from another player this turn (R-DBG-4)."""
    drawn: int = 0
    """Lord Ruler cards drawn this turn (co-op, solo)."""
    pending: Pending | None = None
    burned: int = 0
    """Burns used this turn, Atium tokens included (R-DBG-10)."""
    used: tuple[Metal, ...] = ()
    """Metal tokens Burned or Flared this turn: each is used at most once a turn."""
    extra_burns: int = 0
    """Burns allowed this turn only, by cards (R-DBG-10)."""
    damage: int = 0
    """Damage points gained this turn and not yet used (R-DBG-11)."""


class EndReason(enum.Enum):
    """How a game ended (R-DBG-7)."""

    MISSIONS = "missions"
    LAST_STANDING = "last_standing"
    CONFRONTATION = "confrontation"
    LORD_RULER_DEFEATED = "lord_ruler_defeated"
    DECK_EXHAUSTED = "deck_exhausted"
    ALL_OUT = "all_out"


@attrs.frozen
class Result:
    """The end of the game: why, and the seats that won (co-op: all the players, or
    none when the Lord Ruler wins)."""

    reason: EndReason
    winners: tuple[int, ...]


@attrs.frozen
class Game:
    """A whole game's numbers. :data:`BLANK` (no players) is the state before
    :class:`~boardgames.deckbuilding.events.NewGame`."""

    mode: Mode = Mode.COMPETITIVE
    players: tuple[Player, ...] = ()
    missions: tuple[Mission, ...] = ()
    target: int | None = None
    """The seat holding the Target, None when it is not (or no longer) in play."""
    lord_ruler: LordRuler | None = None
    turn: Turn = Turn()
    result: Result | None = None
    training: TrainingLayout = DEFAULT_TRAINING
    """The Training track's layout (R-DBG-9)."""
    rules: int = RULES
    """1: a game saved before the Training track, metals and the turn's damage, played
    without them; 2: one set up before the rulings on Flares and the turn's damage
    (:data:`~boardgames.deckbuilding.events.RULES`)."""

    @property
    def tracks_training(self) -> bool:
        """Whether the Training track, metals and the turn's damage are kept
        (R-DBG-9..11): every game but one saved before them."""
        return self.rules >= 2

    @property
    def holds_rulings(self) -> bool:
        """Whether a Flare waits for the turn's Burns to be used (R-DBG-10) and the
        attack on players ends the turn's gaining of damage (R-DBG-11): every game but
        one set up before these rulings."""
        return self.rules >= 3

    @property
    def one_card_a_turn(self) -> bool:
        """Whether a second Lord Ruler card in one turn is refused (R-DBG-2): every
        game but one set up before the check."""
        return self.rules >= 4

    @property
    def started(self) -> bool:
        """Whether the game has been set up."""
        return bool(self.players)

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.result is not None

    @property
    def active(self) -> Player:
        """The player whose turn it is."""
        return self.players[self.turn.seat]

    def seat(self, name: str) -> int:
        """The seat of the player called ``name`` (by :func:`core.names.find`: ignoring
        case, or spelled with look-alike letters); else a RuleViolation listing the
        players."""
        names = [player.name for player in self.players]
        found = find(name, names)
        if found is not None:
            return found
        close = closest(name, names)
        if close is not None:
            raise violation("no_player_close", "R-DBG-1", name=shown(name), close=close)
        raise violation("no_player", "R-DBG-1", name=shown(name), players=tuple(names))


BLANK = Game()
"""The state before any event: a game not yet set up."""


# --- reading the state ---------------------------------------------------------------


def living(game: Game) -> tuple[int, ...]:
    """Seats of the players still in the game."""
    return tuple(i for i, p in enumerate(game.players) if p.alive)


def target_in_play(game: Game) -> bool:
    """Whether the Target is in the game: competitive, 3 or more players alive
    (R-DBG-4)."""
    return game.mode is Mode.COMPETITIVE and game.target is not None


def dominance(game: Game) -> int:
    """The Lord Ruler's Dominance: what "X" reads on Edicts and Adversaries (R-DBG-2)."""
    if game.lord_ruler is None:
        raise violation("not_coop", "R-DBG-2")
    return game.lord_ruler.dominance


def completed_missions(game: Game) -> int:
    """How many Missions any player has completed (reached the top of) (R-DBG-2)."""
    return sum(1 for m in game.missions if m.completed)


def next_seat(game: Game, seat: int) -> int:
    """The seat after ``seat`` in turn order, skipping eliminated players; ``seat``
    itself when no one else is alive."""
    count = len(game.players)
    for step in range(1, count + 1):
        candidate = (seat + step) % count
        if game.players[candidate].alive:
            return candidate
    return seat


def _height(mission: Mission, seat: int) -> tuple[int, int]:
    """How high a cube stands: its step, then (at the top) how early it finished, so
    that the first to finish stays highest (R-DBG-3)."""
    step = mission.steps[seat]
    if step == TRACK_TOP:
        return step, len(mission.finished) - mission.finished.index(seat)
    return step, 0


@attrs.frozen
class Standing:
    """Who is highest and who is lowest on one Mission track."""

    highest: frozenset[int]
    lowest: frozenset[int]


def standing(game: Game, mission: int) -> Standing:
    """The seats highest and lowest on the Mission at index ``mission`` of
    ``game.missions`` (0–2; the screens and events number them 1–3), by the
    rulebook's tie rules (R-DBG-3):

    * cubes in the start area are not on the track;
    * a cube alone on the track is highest, not lowest;
    * the first to reach the top stays highest (finishing order breaks ties at the top);
    * with 3 or more cubes, every cube tied at the top is highest and every cube tied
      at the bottom lowest (all tied: each is both);
    * ruling: with exactly two cubes tied, neither is highest nor lowest.

    Solo (the rulebook's answer for one player): lowest when on the track but below its
    first reward; highest from its last mid-track reward (without one: at the top).
    """
    if isinstance(mission, bool) or not isinstance(mission, int) or \
            not 0 <= mission < len(game.missions):
        raise BadValue(f"a Mission's index into game.missions is 0–{len(game.missions) - 1}"
                       f", got {shown(mission)}", rule="R-DBG-3")
    track = game.missions[mission]
    on = [s for s, step in enumerate(track.steps) if step > 0]
    if not on:
        return Standing(frozenset(), frozenset())
    if game.mode is Mode.SOLO:
        step = track.steps[0]
        first = track.reward_steps[0]
        last = track.rewards[-1] if track.rewards else TRACK_TOP
        return Standing(frozenset({0}) if step >= last else frozenset(),
                        frozenset({0}) if step < first else frozenset())
    if len(on) == 1:
        return Standing(frozenset(on), frozenset())
    heights = {s: _height(track, s) for s in on}
    top, bottom = max(heights.values()), min(heights.values())
    if len(on) == 2 and top == bottom:
        return Standing(frozenset(), frozenset())  # ruling R-DBG-3: two cubes tied
    return Standing(frozenset(s for s in on if heights[s] == top),
                    frozenset(s for s in on if heights[s] == bottom))


def find_mission(game: Game, text: str) -> int:
    """The Mission (0–2) that ``text`` names: its number 1–3 or its name, ignoring
    case; else a RuleViolation listing them."""
    for index, mission in enumerate(game.missions):
        if text.strip() == str(index + 1) or (
                mission.name and name_key(mission.name) == name_key(text)):
            return index
    close = closest(text, [m.name for m in game.missions if m.name])
    if close is not None:
        raise violation("no_mission_close", "R-DBG-3", value=shown(text), close=close)
    raise violation("no_mission", "R-DBG-3", value=shown(text),
                    names=tuple(m.name or str(i + 1) for i, m in enumerate(game.missions)))


def find_adversary(game: Game, text: str) -> Adversary:
    """The Adversary in play that ``text`` names: its number, or a name only one
    Adversary in play has (ignoring case); else a RuleViolation."""
    adversaries = game.lord_ruler.adversaries if game.lord_ruler else ()
    found = [a for a in adversaries if text.strip() == str(a.number)] or [
        a for a in adversaries if name_key(a.name) == name_key(text)]
    if len(found) == 1:
        return found[0]
    in_play = ", ".join(f"{a.number} {a.name}" for a in adversaries) or "—"
    if found:
        raise violation("adversary_ambiguous", "R-DBG-6", value=shown(text), numbers=in_play)
    close = closest(text, [a.name for a in adversaries])
    if close is not None:
        raise violation("no_adversary_close", "R-DBG-6", value=shown(text), close=close,
                        numbers=in_play)
    raise violation("no_adversary_named", "R-DBG-6", value=shown(text),
                    numbers=in_play)


def burns_allowed(game: Game, seat: int) -> int:
    """Metal tokens ``seat`` may Burn a turn: the Training track's, lasting rewards,
    and on their own turn, this turn's extra Burns (R-DBG-9, R-DBG-10)."""
    player = game.players[seat]
    extra = game.turn.extra_burns if seat == game.turn.seat else 0
    return game.training.burns_at(player.trained) + player.more_burns + extra


def training_step(game: Game, seat: int) -> int:
    """The step of ``seat``'s cube on the Training track (R-DBG-9)."""
    return game.training.step(game.players[seat].trained)


def changed_players(before: Game, after: Game) -> tuple[str, ...]:
    """The players a step changes, in seat order: their dial, tokens, Training or
    metals, their cubes, the Target coming to or leaving them, their turn beginning,
    and everyone when the game ends — so an attack belongs to whom it hit (R-DBG-4), an
    elimination to whom it put out (R-DBG-1), whoever's turn it was."""
    seats: set[int] = set()
    olds = before.players if before.started else ()
    for seat, player in enumerate(after.players):
        if seat >= len(olds) or olds[seat] != player:
            seats.add(seat)
    for old, new in zip(before.missions, after.missions, strict=False):
        seats |= {s for s, (a, b) in enumerate(zip(old.steps, new.steps, strict=True))
                  if a != b}
    if before.target != after.target:
        seats |= {s for s in (before.target, after.target) if s is not None}
    if after.started and (before.turn.number, before.turn.seat) != (
            after.turn.number, after.turn.seat):
        seats.add(after.turn.seat)
    if before.result != after.result:
        seats |= set(range(len(after.players)))
    return tuple(after.players[s].name for s in sorted(seats))


def topped_all(game: Game, seat: int) -> bool:
    """Whether ``seat`` has reached the top of all 3 Mission tracks."""
    return len(game.missions) == MISSIONS and all(
        m.steps[seat] == TRACK_TOP for m in game.missions)
