"""The events of Mistborn: The Deckbuilding Game: every change to the numbers the
players would otherwise keep on dials, tracks, cubes and tokens is one of these frozen
values, applied by :func:`boardgames.deckbuilding.apply`.

The cards stay on the table: an event records what a card or the table decided ("Vin
gains 3 Mission points", "Kelsier attacks with 7 damage, Marsh's Cloud blocks 2"), and
the library keeps the numbers, enforces their limits and says when the game ends.

Players are named by their name (matched by the project's one name identity,
:mod:`core.names`: ignoring case, and finding a look-alike spelling); Missions by their number 1–3;
Adversaries by their number, counted over the game in the order they are drawn.
Building an event checks only its shape (:class:`~boardgames.locales.LocalizedBadValue`);
whether the rules allow it now is checked when it is applied
(:class:`~boardgames.locales.LocalizedRuleViolation`).

==================  =================  ==============================================
class               TYPE               meaning
==================  =================  ==============================================
NewGame             new                players in seat order, mode, Missions (R-DBG-1)
GainMission         mission_gain       the active player gains Mission points (R-DBG-3)
SpendMission        mission_spend      ...spends them, split over the 3 tracks (R-DBG-3)
Sense               sense              Sense N on the active player (R-DBG-3)
Attack              attack             the active player's damage at players (R-DBG-4)
ChooseTarget        target_choose      who takes the Target after its holder fell
PassTarget          target_pass        the holder passes the Target (R-DBG-4)
Damage              damage             damage not dealt by a player's attack (R-DBG-1)
Heal                heal               a player regains health, at most 40 (R-DBG-1)
GainCoins           coins_gain         coins for this turn (R-DBG-5)
SpendCoins          coins_spend        coins spent on cards (R-DBG-5)
BuyBoxings          boxing_buy         Boxings bought for 2 coins each (R-DBG-5)
CashBoxings         boxing_cash        Boxings cashed for 1 coin each (R-DBG-5)
GainTokens          tokens_gain        Boxings or Atium gained from an effect (R-DBG-5)
UseAtium            atium_use          Atium tokens used (single use, R-DBG-5)
Confrontation       confrontation      4 Atium played on Confrontation (R-DBG-7)
AttackLordRuler     lord_ruler_attack  damage to the Lord Ruler (R-DBG-2)
HealLordRuler       lord_ruler_heal    the Lord Ruler heals, at most 48 (R-DBG-2)
DominanceUp         dominance_up       one row down the Dominance track (R-DBG-2)
Edict               edict              an Edict drawn and resolved (R-DBG-2)
DrawAdversary       adversary          an Adversary drawn, with its shields (R-DBG-6)
HitShield           shield_hit         damage destroys an Adversary's next shield
RemoveShield        shield_remove      a kill-an-Ally effect removes one shield
EndTurn             end_turn           the turn passes to the next player alive
Train               train              the active player's cube up the Training track
GainBurns           burns_gain         more Burns allowed: this turn, or for good
Burn                burn               a metal token Burned within the Burns allowed
Flare               flare              a metal token Flared: flipped until refreshed
Refresh             refresh            a Flared metal token turned back
GainDamage          damage_gain        damage points for this turn (R-DBG-11)
AttackAlly          ally_attack        damage used on another player's Ally
==================  =================  ==============================================

The Training track, the metals and the turn's damage (R-DBG-9..11) are kept from
``rules`` 2 on: their values (:class:`Metal`, :class:`Ability`, the board's
:class:`TrainingLayout`) are here with their events (``train`` to ``ally_attack``).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, cast, get_args

import attrs

from boardgames.deckbuilding.text import CATALOG, bad_value
from boardgames.errors import shown
from boardgames.locales import LocalizedBadValue
from core import bounds
from core.bounds import Bounds
from core.names import name_key, two_spellings
from core.text import allowed_key, first_refused, near

MAX_NAME = 40
"""The longest name of a player or a Mission."""
TRACK_TOP = 12
"""Mission points from the start area to the top of a Mission track (R-DBG-3)."""
MISSIONS = 3
"""Missions in every game (R-DBG-3)."""
MAX_AMOUNT = 999
"""The largest damage, healing or coin amount one event may carry."""
MAX_DOMINANCE = 6
"""The highest Dominance (R-DBG-2)."""
ATTACK_ROW = 0
"""A row of the Dominance track that shows no Dominance number (a one-time attack)."""
SHIELD_X = "X"
"""A shield whose value is the Lord Ruler's current Dominance (R-DBG-6)."""
RULES = 4
"""The reading of the rulebook a new game is played by: 4 draws one Lord Ruler card a
turn (R-DBG-2); 3, a game set up before that check, replays any it drew, and adds two
rulings, a Flare only once the turn's Burns are used (R-DBG-10) and no damage gained
after the attack on players (R-DBG-11); 2, a game set up before them, keeps the
Training track, the metals and the turn's damage (R-DBG-9..11) and replays without the
rulings; 1, a game saved before those, replays as it was played, without them."""


# --- field checks: each raises a localized BadValue naming the field and the value ---

Check = Callable[[Any, "attrs.Attribute[Any]", Any], None]


def check_name(value: object, field: str) -> str:
    """``value`` if it is a name: text of 1–40 characters, not blank, on one line, held
    to the project's one rule for names (:func:`core.text.first_refused`: no control,
    format, private-use or unassigned character among others)."""
    if not isinstance(value, str):
        raise bad_value("bad.name", "R-DBG-1", field=field, value=shown(value), most=MAX_NAME)
    refused = first_refused(value)
    if refused is not None:
        raise bad_value("bad.text", "R-DBG-1", field=field, allowed=allowed_key(refused),
                        value=shown(near(value, refused.at)))
    if not value.strip() or len(value) > MAX_NAME or value != value.strip():
        raise bad_value("bad.name", "R-DBG-1", field=field, value=shown(value), most=MAX_NAME)
    return value


def a_name(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    """Validator: the field holds a name (:func:`check_name`)."""
    check_name(value, attribute.name)


def maybe_name(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    """Validator: the field holds a name or ``None``."""
    if value is not None:
        check_name(value, attribute.name)


def label(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    """Validator: the field holds a name or ``""`` (left empty)."""
    if value != "":
        check_name(value, attribute.name)


def _said(broken: Bounds) -> Exception:
    """A number out of its bounds, in the catalog's words (any language), carrying the
    value given and the step's parameter that gave it."""
    assert broken.low is not None and broken.high is not None  # every bound here has both
    return LocalizedBadValue(CATALOG, "bad.number", {
        "field": broken.field, "value": shown(broken.value), "low": broken.low,
        "high": broken.high}, rule=broken.rule, param=broken.param, value=broken.value)


def check_whole(value: object, field: str, low: int, high: int, rule: str, *,
                param: str | None = None) -> int:
    """``value`` if it is a whole number within ``low``–``high`` (the project's one
    check, :func:`core.bounds.check_whole`); ``param``: the step's parameter that gave
    it, by its table name."""
    return bounds.check_whole(value, field, low, high, rule=rule, refuse=_said, param=param)


def whole(low: int, high: int, rule: str) -> Check:
    """Validator: the field holds a whole number within ``low``–``high``."""
    return bounds.whole(low, high, rule=rule, refuse=_said)


def one_of(kind: type[enum.Enum]) -> Check:
    """Validator: the field holds a member of ``kind``."""
    def check(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, kind):
            raise bad_value("bad.choice", None, field=attribute.name, value=shown(value),
                            allowed=", ".join(str(m.value) for m in kind))

    return check


# The converters of the list fields: a list read from JSON becomes a tuple; anything
# else is kept as it came, for the field's check to refuse by name (a constructor is
# typed as it validates, so a type checker refuses a wrong one before it runs).


def numbers(value: Sequence[int]) -> tuple[int, ...]:
    """Converter: whole numbers (steps, points, rows)."""
    return tuple(value) if isinstance(value, list) else cast("tuple[int, ...]", value)


def texts(value: Sequence[str]) -> tuple[str, ...]:
    """Converter: names, or shields' values."""
    return tuple(value) if isinstance(value, list) else cast("tuple[str, ...]", value)


def is_tuple(field: str, value: object, rule: str) -> tuple[Any, ...]:
    """``value`` if it is a tuple, else a refusal naming ``field``."""
    if not isinstance(value, tuple):
        raise bad_value("bad.list", rule, field=field, value=shown(value))
    return value


def clashing(names: Sequence[str]) -> tuple[str, ...]:
    """The names that are one name with another one by the project's one identity
    (:func:`core.names.name_key`: "Vin", "vin", "Ｖｉｎ")."""
    keys = [name_key(n) for n in names]
    return tuple(n for n, k in zip(names, keys, strict=True) if keys.count(k) > 1)


def refuse_look_alikes(names: Sequence[str], rule: str) -> None:
    """Refuse a name that only looks like another among ``names`` (``Vіn`` with a
    Cyrillic ``і`` beside ``Vin``), in the roster's words."""
    twin = two_spellings(names)
    if twin is not None and twin.why is not None:
        raise bad_value("bad.look_alike", rule, name=shown(twin.name),
                        existing=shown(twin.existing), why=twin.why)



class Mode(enum.Enum):
    """Who plays against whom."""

    COMPETITIVE = "competitive"
    COOP = "coop"
    SOLO = "solo"

    @property
    def against_lord_ruler(self) -> bool:
        """Whether the players face the Lord Ruler (co-op and solo, R-DBG-2)."""
        return self is not Mode.COMPETITIVE


class Token(enum.Enum):
    """The tokens a player keeps (R-DBG-5)."""

    BOXING = "boxing"
    ATIUM = "atium"


# --- the Training track and the metals (R-DBG-9, R-DBG-10) --------------------------


MAX_STEPS = 40
"""The longest Training track a layout may give."""
START_BURNS = 1
"""Burns allowed each turn at the start of the game (R-DBG-9)."""


class Metal(enum.Enum):
    """The 8 metal tokens of every player, in their pairings (R-DBG-10)."""

    TIN = "tin"
    PEWTER = "pewter"
    IRON = "iron"
    STEEL = "steel"
    ZINC = "zinc"
    BRASS = "brass"
    COPPER = "copper"
    BRONZE = "bronze"


class Ability(enum.Enum):
    """What a character card's abilities unlock by the Training track (R-DBG-9), in the
    order a :class:`TrainingLayout` gives their steps."""

    I = "I"  # noqa: E741 (the card's own numeral)
    II = "II"
    III = "III"
    ELIMINATE = "eliminate"
    """The shared second ability: eliminate an Action card as it is bought."""
    ATIUM = "atium"
    """The shared Atium effect."""


def _steps(field: str, value: object, count: int | None, end: int) -> tuple[int, ...]:
    steps = is_tuple(field, value, "R-DBG-9")
    for step in steps:
        check_whole(step, field, 2, end, "R-DBG-9")
    if len(set(steps)) != len(steps) or (count is not None and len(steps) != count):
        raise bad_value("bad.training", "R-DBG-9", field=field, value=shown(steps),
                        count=count if count is not None else len(steps), end=end)
    return steps


@attrs.frozen
class TrainingLayout:
    """The Training track as printed on the players' boards, which the rules text does
    not give (R-DBG-9): its last step ``end`` (the cube starts on step 1), the 3 steps
    that each allow one more Burn a turn, the 5 steps that unlock the character's
    abilities in :class:`Ability` order (I, II, III, eliminate, the Atium effect), and
    the steps that give an Atium token. Every move up from ``end`` gives 1 Atium."""

    end: int = attrs.field(default=16, validator=whole(2, MAX_STEPS, "R-DBG-9"))
    burns: tuple[int, ...] = attrs.field(default=(4, 7, 12), converter=numbers)
    abilities: tuple[int, ...] = attrs.field(default=(2, 5, 11, 9, 14), converter=numbers)
    atium: tuple[int, ...] = attrs.field(default=(3, 6, 8, 10, 13, 15), converter=numbers)

    def __attrs_post_init__(self) -> None:
        _steps("burns", self.burns, 3, self.end)
        _steps("abilities", self.abilities, len(Ability), self.end)
        _steps("atium", self.atium, None, self.end)

    def step(self, moves: int) -> int:
        """The step of a cube that has moved up ``moves`` times from step 1."""
        return min(1 + moves, self.end)

    def burns_at(self, moves: int) -> int:
        """Burns allowed each turn after ``moves`` moves: 1, and one per Burn step
        reached (4 by the end of the track)."""
        return START_BURNS + sum(1 for s in self.burns if s <= self.step(moves))

    def unlocked(self, moves: int) -> tuple[Ability, ...]:
        """The abilities unlocked after ``moves`` moves, in :class:`Ability` order."""
        return tuple(a for a, s in zip(Ability, self.abilities, strict=True)
                     if s <= self.step(moves))

    def atium_between(self, old: int, new: int) -> int:
        """Atium tokens gained moving from ``old`` to ``new`` moves: one per Atium step
        reached, one per move up from the end of the track."""
        steps = sum(1 for s in self.atium if self.step(old) < s <= self.step(new))
        return steps + max(0, 1 + new - self.end) - max(0, 1 + old - self.end)


DEFAULT_TRAINING = TrainingLayout()
"""The tool's own reading of the printed Training track (R-DBG-9): 16 steps; one more
Burn on steps 4, 7 and 12; abilities I, II, III on steps 2, 5 and 11, the
buy-and-eliminate ability on 9 and the Atium effect on 14; an Atium token on steps 3,
6, 8, 10, 13 and 15. It agrees with the rulebook's example (an Atium step reached with
3 Burns allowed and abilities I and II unlocked: step 8). A table whose boards differ
gives its own at ``new``."""


def metals_in(order: tuple[Metal, ...] | set[Metal] | frozenset[Metal]) -> tuple[Metal, ...]:
    """``order``'s metals in the board's order (tin, pewter, iron, steel, …)."""
    return tuple(m for m in Metal if m in order)


def _check_layout(value: object) -> TrainingLayout:
    if not isinstance(value, TrainingLayout):
        raise bad_value("bad.list", "R-DBG-9", field="training", value=shown(value))
    return value


def layout(_instance: Any, _attribute: attrs.Attribute[Any], value: Any) -> None:
    """Validator: the field holds a :class:`TrainingLayout`."""
    _check_layout(value)


# --- the events ------------------------------------------------------------------------


@attrs.frozen
class MissionSpec:
    """A Mission card in play: its name (may be left empty: then it is known by its
    number) and the steps of its mid-track rewards (1–11, rising), read off the card.
    The top (step 12) always has a reward (R-DBG-3)."""

    name: str = attrs.field(default="", validator=label)
    rewards: tuple[int, ...] = attrs.field(default=(), converter=numbers)

    def __attrs_post_init__(self) -> None:
        steps = is_tuple("rewards", self.rewards, "R-DBG-3")
        for step in steps:
            check_whole(step, "rewards", 1, TRACK_TOP - 1, "R-DBG-3")
        if list(steps) != sorted(set(steps)):
            raise bad_value("bad.rewards", "R-DBG-3", value=shown(steps))


def _missions(value: Sequence[MissionSpec]) -> tuple[MissionSpec, ...]:
    return tuple(value) if isinstance(value, list) else cast("tuple[MissionSpec, ...]", value)


@attrs.frozen
class NewGame:
    """Set-up: players in seat order from the first player, the mode, the 3 Missions."""

    TYPE: ClassVar[str] = "new"
    players: tuple[str, ...] = attrs.field(converter=texts)
    mode: Mode = attrs.field(default=Mode.COMPETITIVE, validator=one_of(Mode))
    missions: tuple[MissionSpec, ...] = attrs.field(
        default=(MissionSpec(), MissionSpec(), MissionSpec()), converter=_missions)
    training: TrainingLayout = attrs.field(default=DEFAULT_TRAINING, validator=layout)
    rules: int = attrs.field(default=RULES, validator=whole(1, RULES, "R-DBG-9"))

    def __attrs_post_init__(self) -> None:
        names = is_tuple("players", self.players, "R-DBG-1")
        for name in names:
            check_name(name, "players")
        solo = self.mode is Mode.SOLO
        if not (len(names) == 1 if solo else 2 <= len(names) <= 4):
            raise bad_value("bad.player_count_solo" if solo else "bad.player_count",
                            "R-DBG-1", count=len(names))
        clash = clashing(names)
        if clash:
            raise bad_value("bad.duplicate_player", "R-DBG-1", names=clash)
        refuse_look_alikes(names, "R-DBG-1")
        missions = is_tuple("missions", self.missions, "R-DBG-3")
        if len(missions) != MISSIONS or not all(isinstance(m, MissionSpec) for m in missions):
            raise bad_value("bad.missions", "R-DBG-3", count=len(missions))
        clash = clashing([m.name for m in missions if m.name])
        if clash:
            raise bad_value("bad.duplicate_mission", "R-DBG-3", names=clash)
        refuse_look_alikes([m.name for m in missions if m.name], "R-DBG-3")


@attrs.frozen
class GainMission:
    """The active player gains Mission points; a Sense still pending this turn cancels
    them first (R-DBG-3)."""

    TYPE: ClassVar[str] = "mission_gain"
    player: str = attrs.field(validator=a_name)
    points: int = attrs.field(validator=whole(1, MAX_AMOUNT, "R-DBG-3"))


@attrs.frozen
class SpendMission:
    """The active player spends Mission points: ``points[i]`` on Mission ``i + 1``; one
    point moves a cube one step (from the start area: onto the lowest step)."""

    TYPE: ClassVar[str] = "mission_spend"
    player: str = attrs.field(validator=a_name)
    points: tuple[int, ...] = attrs.field(converter=numbers)

    def __attrs_post_init__(self) -> None:
        points = is_tuple("points", self.points, "R-DBG-3")
        if len(points) != MISSIONS:
            raise bad_value("bad.spend", "R-DBG-3", value=shown(points))
        for value in points:
            check_whole(value, "points", 0, TRACK_TOP, "R-DBG-3")
        if sum(points) == 0:
            raise bad_value("bad.spend", "R-DBG-3", value=shown(points))


@attrs.frozen
class Sense:
    """Sense N played on the active player (``by`` another player, or by an effect):
    it cancels N of their Mission points this turn, unspent ones first (R-DBG-3)."""

    TYPE: ClassVar[str] = "sense"
    player: str = attrs.field(validator=a_name)
    amount: int = attrs.field(validator=whole(1, MAX_AMOUNT, "R-DBG-3"))
    by: str | None = attrs.field(default=None, validator=maybe_name)


@attrs.frozen
class Blocked:
    """Damage of an attack that never reached a player's health: cut by Cloud or taken
    by their Defender allies first (R-DBG-4)."""

    player: str = attrs.field(validator=a_name)
    amount: int = attrs.field(validator=whole(1, MAX_AMOUNT, "R-DBG-4"))


def _blocks(value: Sequence[Blocked]) -> tuple[Blocked, ...]:
    return tuple(value) if isinstance(value, list) else cast("tuple[Blocked, ...]", value)


@attrs.frozen
class Attack:
    """The active player's damage at players, after attacking allies, used once at the
    end of the turn (competitive). It goes to the Target's holder, or, from the holder,
    in full to every other player; without the Target, to the one opponent (R-DBG-4)."""

    TYPE: ClassVar[str] = "attack"
    attacker: str = attrs.field(validator=a_name)
    amount: int = attrs.field(validator=whole(1, MAX_AMOUNT, "R-DBG-4"))
    blocked: tuple[Blocked, ...] = attrs.field(default=(), converter=_blocks)

    def __attrs_post_init__(self) -> None:
        blocked = is_tuple("blocked", self.blocked, "R-DBG-4")
        if not all(isinstance(b, Blocked) for b in blocked):
            raise bad_value("bad.list", "R-DBG-4", field="blocked", value=shown(blocked))
        names = [name_key(b.player) for b in blocked]
        if len(names) != len(set(names)):
            raise bad_value("bad.blocked_twice", "R-DBG-4", value=shown(blocked))
        for item in blocked:
            if item.amount > self.amount:
                raise bad_value("bad.blocked_more", "R-DBG-4", name=item.player,
                                blocked=item.amount, amount=self.amount)


@attrs.frozen
class ChooseTarget:
    """After eliminating the Target's holder, the attacker gives the Target to another
    player, who takes the leftover damage (less what ``blocked`` stopped) (R-DBG-4)."""

    TYPE: ClassVar[str] = "target_choose"
    player: str = attrs.field(validator=a_name)
    blocked: int = attrs.field(default=0, validator=whole(0, MAX_AMOUNT, "R-DBG-4"))


@attrs.frozen
class PassTarget:
    """The holder passes the Target, having taken damage from another player this turn
    once all of it was used (R-DBG-4)."""

    TYPE: ClassVar[str] = "target_pass"
    to: str = attrs.field(validator=a_name)


@attrs.frozen
class Damage:
    """Damage to a player's health that is not a player's attack: the Lord Ruler, an
    Adversary, an Edict, a card's cost (R-DBG-1)."""

    TYPE: ClassVar[str] = "damage"
    player: str = attrs.field(validator=a_name)
    amount: int = attrs.field(validator=whole(1, MAX_AMOUNT, "R-DBG-1"))


@attrs.frozen
class Heal:
    """A player regains health; never above 40 (R-DBG-1)."""

    TYPE: ClassVar[str] = "heal"
    player: str = attrs.field(validator=a_name)
    amount: int = attrs.field(validator=whole(1, MAX_AMOUNT, "R-DBG-1"))


@attrs.frozen
class GainCoins:
    """The active player gains coins for this turn (R-DBG-5)."""

    TYPE: ClassVar[str] = "coins_gain"
    player: str = attrs.field(validator=a_name)
    amount: int = attrs.field(validator=whole(1, MAX_AMOUNT, "R-DBG-5"))


@attrs.frozen
class SpendCoins:
    """The active player spends coins (on Market cards) (R-DBG-5)."""

    TYPE: ClassVar[str] = "coins_spend"
    player: str = attrs.field(validator=a_name)
    amount: int = attrs.field(validator=whole(1, MAX_AMOUNT, "R-DBG-5"))


@attrs.frozen
class BuyBoxings:
    """The active player buys Boxings, 2 coins each (R-DBG-5)."""

    TYPE: ClassVar[str] = "boxing_buy"
    player: str = attrs.field(validator=a_name)
    count: int = attrs.field(default=1, validator=whole(1, MAX_AMOUNT, "R-DBG-5"))


@attrs.frozen
class CashBoxings:
    """The active player cashes Boxings, 1 coin each (R-DBG-5)."""

    TYPE: ClassVar[str] = "boxing_cash"
    player: str = attrs.field(validator=a_name)
    count: int = attrs.field(default=1, validator=whole(1, MAX_AMOUNT, "R-DBG-5"))


@attrs.frozen
class GainTokens:
    """A player gains Boxings or Atium from an effect (Training track, Missions)."""

    TYPE: ClassVar[str] = "tokens_gain"
    player: str = attrs.field(validator=a_name)
    token: Token = attrs.field(validator=one_of(Token))
    count: int = attrs.field(default=1, validator=whole(1, MAX_AMOUNT, "R-DBG-5"))


@attrs.frozen
class UseAtium:
    """A player uses Atium tokens; each is used once and goes back (R-DBG-5)."""

    TYPE: ClassVar[str] = "atium_use"
    player: str = attrs.field(validator=a_name)
    count: int = attrs.field(default=1, validator=whole(1, MAX_AMOUNT, "R-DBG-5"))


@attrs.frozen
class Confrontation:
    """The active player plays 4 Atium on Confrontation and wins (R-DBG-7); ``atium``
    of them are tokens (the rest come from Atium cards used as metals)."""

    TYPE: ClassVar[str] = "confrontation"
    player: str = attrs.field(validator=a_name)
    atium: int = attrs.field(default=4, validator=whole(0, 4, "R-DBG-7"))


@attrs.frozen
class AttackLordRuler:
    """The active player's damage to the Lord Ruler (co-op, solo) (R-DBG-2)."""

    TYPE: ClassVar[str] = "lord_ruler_attack"
    player: str = attrs.field(validator=a_name)
    amount: int = attrs.field(validator=whole(1, MAX_AMOUNT, "R-DBG-2"))


@attrs.frozen
class HealLordRuler:
    """The Lord Ruler heals by an effect other than an Edict's; at most 48 (R-DBG-2)."""

    TYPE: ClassVar[str] = "lord_ruler_heal"
    amount: int = attrs.field(validator=whole(1, MAX_AMOUNT, "R-DBG-2"))


def _row(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    check_whole(value, attribute.name, ATTACK_ROW, MAX_DOMINANCE, "R-DBG-2")


@attrs.frozen
class DominanceUp:
    """The Lord Ruler card slides one row down the Dominance track; ``shown`` is the
    Dominance number the new row shows, or :data:`ATTACK_ROW` (0) for a row without one
    (a one-time attack, whose damage is entered as :class:`Damage`) (R-DBG-2)."""

    TYPE: ClassVar[str] = "dominance_up"
    shown: int = attrs.field(validator=_row)


@attrs.frozen
class Edict:
    """An Edict drawn from the Lord Ruler deck and resolved in order: Dominance up
    ``ups`` times, plus ``ups_below_4`` times with fewer than 4 players (``shown``: what
    each revealed row shows, as in :class:`DominanceUp`); its extra effect (on the
    table); the Lord Ruler heals 10 per Mission no one has completed; 2 Market cards
    cleared (on the table) (R-DBG-2)."""

    TYPE: ClassVar[str] = "edict"
    ups: int = attrs.field(validator=whole(0, 2, "R-DBG-2"))
    shown: tuple[int, ...] = attrs.field(converter=numbers)
    ups_below_4: int = attrs.field(default=0, validator=whole(0, 2, "R-DBG-2"))

    def __attrs_post_init__(self) -> None:
        if not 1 <= self.ups + self.ups_below_4 <= 2:
            raise bad_value("bad.edict_ups", "R-DBG-2", ups=self.ups,
                            below=self.ups_below_4)
        for row in is_tuple("shown", self.shown, "R-DBG-2"):
            check_whole(row, "shown", ATTACK_ROW, MAX_DOMINANCE, "R-DBG-2")


def shield_value(text: str, dominance: int) -> int:
    """The damage a shield needs: its number, or the Dominance for "X" (R-DBG-6)."""
    return dominance if text == SHIELD_X else int(text)


@attrs.frozen
class DrawAdversary:
    """An Adversary drawn from the Lord Ruler deck, placed in front of the active
    player, with 1–3 shields read left to right: each a number or "X" (R-DBG-6)."""

    TYPE: ClassVar[str] = "adversary"
    name: str = attrs.field(validator=a_name)
    shields: tuple[str, ...] = attrs.field(converter=texts)

    def __attrs_post_init__(self) -> None:
        shields = is_tuple("shields", self.shields, "R-DBG-6")
        if not 1 <= len(shields) <= 3:
            raise bad_value("bad.shield_count", "R-DBG-6", count=len(shields))
        for item in shields:
            good = isinstance(item, str) and (item == SHIELD_X or (
                item.isascii() and item.isdigit() and 1 <= int(item) <= MAX_AMOUNT
                and item[0] != "0"))
            if not good:
                raise bad_value("bad.shield", "R-DBG-6", value=shown(item))


@attrs.frozen
class HitShield:
    """The active player's damage on an Adversary's leftmost standing shield; it needs
    at least the shield's value (R-DBG-6)."""

    TYPE: ClassVar[str] = "shield_hit"
    player: str = attrs.field(validator=a_name)
    adversary: int = attrs.field(validator=whole(1, MAX_AMOUNT, "R-DBG-6"))
    damage: int = attrs.field(validator=whole(1, MAX_AMOUNT, "R-DBG-6"))


@attrs.frozen
class RemoveShield:
    """A kill-an-Ally effect (Assassinate) of the active player removes one shield of
    any Adversary (R-DBG-6)."""

    TYPE: ClassVar[str] = "shield_remove"
    player: str = attrs.field(validator=a_name)
    adversary: int = attrs.field(validator=whole(1, MAX_AMOUNT, "R-DBG-6"))


@attrs.frozen
class EndTurn:
    """The active player's turn ends; the next player alive takes theirs. In co-op the
    player must first draw a Lord Ruler card: none left loses the game (R-DBG-7)."""

    TYPE: ClassVar[str] = "end_turn"


# --- the Training track, the metals and the turn's damage (R-DBG-9..11) ----------------


@attrs.frozen
class Train:
    """A Train effect (a card, a Mission): the active player's cube moves up ``steps``
    steps; each reward reached is gained at once (R-DBG-9). The move at the start of a
    turn is the rules' own, not an event."""

    TYPE: ClassVar[str] = "train"
    player: str = attrs.field(validator=a_name)
    steps: int = attrs.field(default=1, validator=whole(1, MAX_STEPS, "R-DBG-9"))


@attrs.frozen
class GainBurns:
    """The active player may Burn ``count`` more metal tokens: this turn (a card), or
    every turn from now on (``lasting``: a permanent Mission reward) (R-DBG-10)."""

    TYPE: ClassVar[str] = "burns_gain"
    player: str = attrs.field(validator=a_name)
    count: int = attrs.field(default=1, validator=whole(1, 8, "R-DBG-10"))
    lasting: bool = attrs.field(default=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.lasting, bool):
            raise bad_value("bad.choice", "R-DBG-10", field="lasting",
                            value=shown(self.lasting), allowed="true, false")


@attrs.frozen
class Burn:
    """The active player Burns one of their metal tokens, within the turn's Burns
    allowed; each token once a turn, none Flared (R-DBG-10). An Atium token is Burned
    with :class:`UseAtium`."""

    TYPE: ClassVar[str] = "burn"
    player: str = attrs.field(validator=a_name)
    metal: Metal = attrs.field(validator=one_of(Metal))


@attrs.frozen
class Flare:
    """The active player Flares a metal token not yet used this turn and not Flared:
    beyond the Burns allowed; it stays flipped until refreshed (R-DBG-10)."""

    TYPE: ClassVar[str] = "flare"
    player: str = attrs.field(validator=a_name)
    metal: Metal = attrs.field(validator=one_of(Metal))


@attrs.frozen
class Refresh:
    """The active player refreshes a Flared metal token (a card of its pairing
    discarded, or a refresh effect); used this turn already, it is not used again
    (R-DBG-10)."""

    TYPE: ClassVar[str] = "refresh"
    player: str = attrs.field(validator=a_name)
    metal: Metal = attrs.field(validator=one_of(Metal))


@attrs.frozen
class GainDamage:
    """The active player gains damage points from the turn's cards; they are used
    after the cards, never more than gained, and what is left is lost (R-DBG-11)."""

    TYPE: ClassVar[str] = "damage_gain"
    player: str = attrs.field(validator=a_name)
    amount: int = attrs.field(validator=whole(1, MAX_AMOUNT, "R-DBG-11"))


@attrs.frozen
class AttackAlly:
    """The active player uses ``amount`` of the turn's damage on another player's Ally
    (at least its Defense: the card says; competitive games only), before attacking
    players (R-DBG-11)."""

    TYPE: ClassVar[str] = "ally_attack"
    player: str = attrs.field(validator=a_name)
    amount: int = attrs.field(validator=whole(1, MAX_AMOUNT, "R-DBG-11"))


Event = (NewGame | GainMission | SpendMission | Sense | Attack | ChooseTarget | PassTarget
         | Damage | Heal | GainCoins | SpendCoins | BuyBoxings | CashBoxings | GainTokens
         | UseAtium | Confrontation | AttackLordRuler | HealLordRuler | DominanceUp | Edict
         | DrawAdversary | HitShield | RemoveShield | EndTurn | Train | GainBurns | Burn
         | Flare | Refresh | GainDamage | AttackAlly)
"""Any event of the game."""

EVENTS: tuple[type[Event], ...] = get_args(Event)
"""Every event class, in the order of the union :data:`Event`."""

__all__ = ["ATTACK_ROW", "DEFAULT_TRAINING", "EVENTS", "MAX_DOMINANCE", "RULES",
           "SHIELD_X", "TRACK_TOP", "Ability", "Attack", "AttackAlly", "AttackLordRuler",
           "Blocked", "Burn", "BuyBoxings", "CashBoxings", "ChooseTarget", "Confrontation",
           "Damage", "DominanceUp", "DrawAdversary", "Edict", "EndTurn", "Event", "Flare",
           "GainBurns", "GainCoins", "GainDamage", "GainMission", "GainTokens", "Heal",
           "HealLordRuler", "HitShield", "Metal", "MissionSpec", "Mode", "NewGame",
           "PassTarget", "Refresh", "RemoveShield", "Sense", "SpendCoins", "SpendMission",
           "Token", "Train", "TrainingLayout", "UseAtium"]
"""The module's values and every event class (the package exports them all)."""
