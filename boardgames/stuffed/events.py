"""The events of a game of Stuffed: every change to a game is one of these frozen values.

A game's state is what applying its events in order gives
(:func:`boardgames.stuffed.apply`). The faces rolled live inside :class:`Roll` and
:class:`Reroll`, so a replay never rolls again. Every event but :class:`NewGame` and
:class:`Offer` is done by the player whose turn it is, so events do not name them.
Dice are named by position, 1–8, as they lie on the table.

Building an event checks only its shape (a die position of 9, an empty name) and raises
:class:`~boardgames.errors.BadValue`; whether the rules allow it *now* is checked by
``apply``, which raises :class:`~boardgames.errors.RuleViolation` naming the rule.

==============  ===========  =========================================================
class           TYPE         meaning
==============  ===========  =========================================================
NewGame         new          players (in turn order), their Heroes, the Mission, the die
Offer           offer        a Loyal or Mercenary turned face up on offer (R-STF-5)
Roll            roll         the 8 dice rolled at the start of a turn (R-STF-2)
Reroll          reroll       chosen dice rolled again, by an ability or a card (R-STF-3)
SpendSet        set          3 of a kind for a coin, 4 of a kind for a card (R-STF-4)
BuyCard         buy          2 coins for an Advantage card (R-STF-4)
Grunt           grunt        Grunt's ability: 3 of a kind for a card (R-STF-4, R-STF-6)
Ability         ability      another ability, its gains as the player reports them
Recruit         recruit      dice (and 2 coins for a Mercenary) for a Teammate (R-STF-5)
Steal           steal        an opponent's Mercenary for its dice and 2 coins (R-STF-5)
PlayCard        play         a white-scroll Advantage card, its gains as reported
MyBirden        my_birden    the My Birden card: a Birden and 3 of a kind draw 2 cards
PlaySacrifice   sacrifice    the Sacrifice card joins the team as a Teammate (R-STF-5)
Discard         discard      an Advantage card discarded to make room (R-STF-4)
EndTurn         end          the player stops, playing red-scroll cards (R-STF-2)
CompleteMission mission      the Mission's combination made: the player wins (R-STF-7)
==============  ===========  =========================================================
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any, ClassVar, get_args

import attrs

from boardgames.errors import BadValue, shown
from boardgames.stuffed.dice import (
    DEFAULT_DIE,
    DICE,
    Combo,
    Die,
    Symbol,
    Symbols,
    parse_combo,
    parse_symbol,
    parse_symbols,
)
from core.bounds import check_whole, said_by
from core.names import name_key, two_spellings
from core.text import refusal

__all__ = ["CARD_COST", "EVENTS", "GRUNT", "HAND", "MAX_EACH", "MAX_GAIN", "MAX_NAME",
           "MAX_PLAYERS", "MERCENARY_COST", "SACRIFICE", "SCOUTING", "Ability", "BuyCard",
           "CompleteMission", "Discard", "EndTurn", "Event", "Grunt", "Kind", "Mission",
           "MyBirden", "NewGame", "Offer", "PlayCard", "PlaySacrifice", "Recruit", "Reroll",
           "Roll", "Seat", "SpendSet", "Steal", "Teammate", "check_name", "key"]

MAX_NAME = 40
MAX_PLAYERS = 6
MAX_GAIN = 20  # coins or cards one card or ability could give; more is a typo
HAND = 4  # R-STF-4: the most Advantage cards a hand holds
MAX_EACH = 2  # R-STF-5: Loyals, and Mercenaries, per team and on offer
MERCENARY_COST = 2  # R-STF-5: coins to recruit or steal a Mercenary
CARD_COST = 2  # R-STF-4: coins for an Advantage card
GRUNT = "grunt"  # the Loyal whose ability trades 3 of a kind for a card (R-STF-4)
SACRIFICE = "Sacrifice"  # the Advantage card that is a Teammate (R-STF-5)
SCOUTING = "scouting"  # the red-scroll card that shares coins gained (see EndTurn)


def check_name(value: object, what: str = "a name") -> str:
    """``value`` stripped, if it is a usable one-line name of 1–40 characters."""
    if not isinstance(value, str):
        raise BadValue(f"{what} must be text, got {shown(value)}")
    name = value.strip()
    why = refusal(value)  # the project's one rule for names, at the ends too
    if why is not None:
        raise BadValue(f"{what} must be {why[0]}, got {shown(why[1])}")
    if not name or len(name) > MAX_NAME:
        raise BadValue(f"{what} must be 1–{MAX_NAME} printable characters on one line, "
                       f"got {shown(value)}")
    return name


def key(name: str) -> str:
    """How names are matched: the project's one name identity
    (:func:`core.names.name_key`: case, surrounding spaces, compatibility forms and
    invisible characters ignored)."""
    return name_key(name)


def _card_name(value: str) -> str:
    return "" if value == "" else check_name(value, "a card's name")


def _player(value: str) -> str:
    return check_name(value, "a player's name")


def _hero(value: str) -> str:
    return check_name(value, "a Hero's name")


def _mate_name(value: str) -> str:
    return check_name(value, "a Teammate's name")


def _mission_name(value: str) -> str:
    return check_name(value, "a Mission's name")


def _character(value: str) -> str:
    return check_name(value, "a character's name")


def _maybe_character(value: str) -> str:
    return "" if value == "" else _character(value)


def _note(value: str) -> str:
    return "" if value == "" else check_name(value, "a note")


def _whole(value: object, what: str, low: int, high: int, rule: str | None = None) -> int:
    return check_whole(value, what, low, high, rule=rule, refuse=_REFUSE)


_REFUSE = said_by(BadValue, whole_in_range=True)


def _position(value: int) -> int:
    return _whole(value, "a die position", 1, DICE, rule="R-STF-1")


def _paid(value: int | None) -> int | None:
    return None if value is None else _position(value)


def _positions(value: Iterable[int]) -> tuple[int, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise BadValue(f"die positions must be a list of numbers 1–{DICE}, got {shown(value)}",
                       rule="R-STF-1")
    out = tuple(_position(v) for v in value)
    if len(set(out)) != len(out):
        raise BadValue(f"a die position shows twice in {shown(list(out))}", rule="R-STF-1")
    return out


def _symbol(value: Symbol | str) -> Symbol:
    return parse_symbol(value, rule="R-STF-6")


def _die(value: Die | Symbols) -> Die:
    return value if isinstance(value, Die) else Die(value)


class Kind(enum.Enum):
    """What kind of Teammate a card is (R-STF-5)."""

    LOYAL = "loyal"
    MERCENARY = "mercenary"
    SACRIFICE = "sacrifice"  # an Advantage card; counts for the Mission only

    @property
    def label(self) -> str:
        """The word on the card: ``Loyal``, ``Mercenary``, ``Sacrifice``."""
        return self.value.capitalize()

    @property
    def labels(self) -> str:
        """Its plural: ``Loyals``, ``Mercenaries``, ``Sacrifices``."""
        return "Mercenaries" if self is Kind.MERCENARY else self.label + "s"

    def __str__(self) -> str:
        return self.value


def _kind(value: Kind | str) -> Kind:
    if isinstance(value, Kind):
        return value
    typed = value.strip().lower() if isinstance(value, str) else ""
    for kind in Kind:  # any start of the word: l, loy, m, merc, s…
        if typed and kind.value.startswith(typed):
            return kind
    raise BadValue(f"a Teammate is loyal, mercenary or sacrifice, got {shown(value)}",
                   rule="R-STF-5")


def _optional_combo(value: Combo | str | None) -> Combo | None:
    return None if value is None else parse_combo(value)


def _check_teammate(instance: Teammate, _attribute: Any, _value: Combo | None) -> None:
    if (instance.kind is Kind.SACRIFICE) != (instance.combo is None):
        raise BadValue(f"{instance.name}: a Loyal or Mercenary has a combination to recruit "
                       f"it, a Sacrifice has none", rule="R-STF-5")


@attrs.frozen
class Teammate:
    """A Teammate card: its name, kind, the Attribute its ability takes (R-STF-6) and
    the combination that recruits it (none for the Sacrifice)."""

    name: str = attrs.field(converter=_mate_name)
    kind: Kind = attrs.field(converter=_kind)
    attribute: Symbol = attrs.field(converter=_symbol)
    combo: Combo | None = attrs.field(converter=_optional_combo, default=None,
                                      validator=_check_teammate)


@attrs.frozen
class Seat:
    """A player at the table and the Hero they picked, with the Hero's Attribute (the
    die its reroll ability takes, R-STF-6)."""

    name: str = attrs.field(converter=_player)
    hero: str = attrs.field(converter=_hero)
    attribute: Symbol = attrs.field(converter=_symbol)


def _check_mission(instance: Mission, _attribute: Any, _value: Combo) -> None:
    if instance.mercenaries > instance.teammates:
        raise BadValue(f"a Mission cannot need {instance.mercenaries} Mercenaries among "
                       f"{instance.teammates} Teammates", rule="R-STF-7")


def _check_teammates(_instance: Any, _attribute: Any, value: int) -> None:
    _whole(value, "a Mission's Teammates", 0, 2 * MAX_EACH + 2, rule="R-STF-7")


def _check_mercenaries(_instance: Any, _attribute: Any, value: int) -> None:
    _whole(value, "a Mission's Mercenaries", 0, MAX_EACH, rule="R-STF-7")


@attrs.frozen
class Mission:
    """The Mission card: how many Teammates, of which at least how many Mercenaries,
    before its combination may be tried (R-STF-7)."""

    name: str = attrs.field(converter=_mission_name)
    teammates: int = attrs.field(validator=_check_teammates)
    mercenaries: int = attrs.field(validator=_check_mercenaries)
    combo: Combo = attrs.field(converter=parse_combo, validator=_check_mission)


# --- events ---------------------------------------------------------------------------


def _seats(value: Iterable[Seat]) -> tuple[Seat, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise BadValue(f"players must be a list, got {shown(value)}")
    seats = tuple(value)
    if not 1 <= len(seats) <= MAX_PLAYERS or not all(isinstance(s, Seat) for s in seats):
        raise BadValue(f"a game has 1–{MAX_PLAYERS} players, got {shown(seats)}")
    for what, names in (("player", [s.name for s in seats]), ("Hero", [s.hero for s in seats])):
        keys = [key(n) for n in names]
        for name in names:
            if keys.count(key(name)) > 1:
                raise BadValue(f"two {what}s are called {shown(name)}: names must differ")
        twin = two_spellings(names)
        if twin is not None:  # two names that only look alike ("Vin", "Vіn")
            raise BadValue(twin.message, rule="R-STF-1")
    return seats


@attrs.frozen
class NewGame:
    """Set-up: the players in turn order (the first one starts), the face-up Mission
    and the die every Attribute die follows (R-STF-1)."""

    TYPE: ClassVar[str] = "new"
    seats: tuple[Seat, ...] = attrs.field(converter=_seats)
    mission: Mission
    die: Die = attrs.field(default=DEFAULT_DIE, converter=_die)


@attrs.frozen
class Offer:
    """A Loyal or Mercenary card turned face up on offer (R-STF-5)."""

    TYPE: ClassVar[str] = "offer"
    teammate: Teammate


def _faces(value: Symbols) -> tuple[Symbol, ...]:
    return parse_symbols(value)


def _eight(value: Symbols) -> tuple[Symbol, ...]:
    faces = parse_symbols(value, rule="R-STF-2")
    if len(faces) != DICE:
        raise BadValue(f"a turn starts with all {DICE} dice rolled, got {len(faces)} faces",
                       rule="R-STF-2")
    return faces


@attrs.frozen
class Roll:
    """The faces of all 8 dice, rolled at the start of the player's turn (R-STF-2)."""

    TYPE: ClassVar[str] = "roll"
    faces: tuple[Symbol, ...] = attrs.field(converter=_eight)


def _check_reroll(instance: Reroll, _attribute: Any, _value: str) -> None:
    if not instance.positions:
        raise BadValue("a reroll needs at least one die", rule="R-STF-3")
    if len(instance.faces) != len(instance.positions):
        raise BadValue(f"{len(instance.positions)} dice rerolled need as many faces, got "
                       f"{len(instance.faces)}", rule="R-STF-3")
    if instance.character and instance.paid is None:
        raise BadValue(f"an ability costs one die: say which die pays for "
                       f"{shown(instance.character)}", rule="R-STF-6")
    if not instance.character and instance.paid is not None:
        raise BadValue("an Advantage card's reroll costs no die: give the character whose "
                       "ability rerolls, or no die paid", rule="R-STF-3")
    if instance.character and instance.card:
        raise BadValue("a reroll comes from an ability or a card, not both", rule="R-STF-3")
    if instance.paid is not None and instance.paid in instance.positions:
        raise BadValue(f"die {instance.paid} pays for the ability, so it cannot be rerolled",
                       rule="R-STF-3")


@attrs.frozen
class Reroll:
    """Dice rolled again, all at once (R-STF-3): by a character's ability, which costs
    the die at ``paid`` (R-STF-6), or by an Advantage card (``card``: its name, may be
    blank). ``faces[i]`` is what the die at ``positions[i]`` now shows."""

    TYPE: ClassVar[str] = "reroll"
    positions: tuple[int, ...] = attrs.field(converter=_positions)
    faces: tuple[Symbol, ...] = attrs.field(converter=_faces)
    character: str = attrs.field(default="", converter=_maybe_character)
    paid: int | None = attrs.field(default=None, converter=_paid)
    card: str = attrs.field(default="", converter=_card_name, validator=_check_reroll)


@attrs.frozen
class SpendSet:
    """3 of a kind spent for a coin, or 4 of a kind for an Advantage card; never
    Birdens (R-STF-4)."""

    TYPE: ClassVar[str] = "set"
    positions: tuple[int, ...] = attrs.field(converter=_positions)

    def __attrs_post_init__(self) -> None:
        if len(self.positions) not in (3, 4):
            raise BadValue(f"a set is 3 of a kind (a coin) or 4 of a kind (a card), got "
                           f"{len(self.positions)} dice", rule="R-STF-4")


@attrs.frozen
class BuyCard:
    """2 coins paid to the bank for an Advantage card (R-STF-4)."""

    TYPE: ClassVar[str] = "buy"


@attrs.frozen
class Grunt:
    """Grunt's ability: the die at ``paid`` (Grunt's Attribute) and 3 of a kind, not
    Birdens, for an Advantage card; once per turn (R-STF-4, R-STF-6)."""

    TYPE: ClassVar[str] = "grunt"
    paid: int = attrs.field(converter=_position)
    positions: tuple[int, ...] = attrs.field(converter=_positions)

    def __attrs_post_init__(self) -> None:
        if len(self.positions) != 3:
            raise BadValue(f"Grunt trades 3 of a kind, got {len(self.positions)} dice",
                           rule="R-STF-4")
        if self.paid in self.positions:
            raise BadValue(f"die {self.paid} pays for the ability and cannot be in the set",
                           rule="R-STF-6")


def _gain(value: int) -> int:
    return _whole(value, "a gain", 0, MAX_GAIN)


@attrs.frozen
class Ability:
    """A character's ability used by spending the die at ``paid`` of its Attribute,
    once per character per turn (R-STF-6). What the card's text gives is reported:
    ``coins`` gained, ``cards`` drawn, and a ``note`` for the log."""

    TYPE: ClassVar[str] = "ability"
    character: str = attrs.field(converter=_character)
    paid: int = attrs.field(converter=_position)
    coins: int = attrs.field(default=0, converter=_gain)
    cards: int = attrs.field(default=0, converter=_gain)
    note: str = attrs.field(default="", converter=_note)


@attrs.frozen
class Recruit:
    """The dice at ``positions``, matching the Teammate's combination, spent to recruit
    it; a Mercenary also costs 2 coins (R-STF-5)."""

    TYPE: ClassVar[str] = "recruit"
    teammate: Teammate
    positions: tuple[int, ...] = attrs.field(converter=_positions)


@attrs.frozen
class Steal:
    """``victim``'s Mercenary ``name`` taken by spending dice matching its combination
    and 2 coins (R-STF-5)."""

    TYPE: ClassVar[str] = "steal"
    victim: str = attrs.field(converter=_player)
    name: str = attrs.field(converter=_mate_name)
    positions: tuple[int, ...] = attrs.field(converter=_positions)


@attrs.frozen
class PlayCard:
    """A white-scroll Advantage card played from the hand and discarded; what it gives
    is reported: ``coins`` gained, then ``cards`` drawn (R-STF-4)."""

    TYPE: ClassVar[str] = "play"
    card: str = attrs.field(default="", converter=_card_name)
    coins: int = attrs.field(default=0, converter=_gain)
    cards: int = attrs.field(default=0, converter=_gain)


@attrs.frozen
class MyBirden:
    """The My Birden card: the Birden at ``birden`` and the 3 of a kind at
    ``positions`` draw 2 cards; one set only, and the dice stay unspent (R-STF-4)."""

    TYPE: ClassVar[str] = "my_birden"
    birden: int = attrs.field(converter=_position)
    positions: tuple[int, ...] = attrs.field(converter=_positions)

    def __attrs_post_init__(self) -> None:
        if len(self.positions) != 3 or self.birden in self.positions:
            raise BadValue(f"My Birden shows a Birden and 3 other dice of a kind, got the "
                           f"Birden at {self.birden} and {shown(list(self.positions))}",
                           rule="R-STF-4")


@attrs.frozen
class PlaySacrifice:
    """The Sacrifice card played from the hand: she joins the team as a Teammate that
    is neither Loyal nor Mercenary, and leaves it when her ability is used (R-STF-5)."""

    TYPE: ClassVar[str] = "sacrifice"
    attribute: Symbol = attrs.field(converter=_symbol)
    name: str = attrs.field(default=SACRIFICE, converter=_mate_name)


@attrs.frozen
class Discard:
    """An Advantage card discarded from the hand, e.g. to make room (R-STF-4)."""

    TYPE: ClassVar[str] = "discard"
    card: str = attrs.field(default="", converter=_card_name)


def _red(value: Iterable[str]) -> tuple[str, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise BadValue(f"red-scroll cards must be a list of names, got {shown(value)}")
    cards = tuple(check_name(v, "a card's name") for v in value)
    if len(cards) > HAND:
        raise BadValue(f"a hand holds at most {HAND} cards, got {len(cards)} to play",
                       rule="R-STF-4")
    return cards


@attrs.frozen
class EndTurn:
    """The player stops (R-STF-2), playing the red-scroll cards named in ``red`` from
    the hand: they last through the other players' turns and are discarded when this
    player's next turn begins. A red card named Scouting gives every other player 1
    coin at the end of each opponent's turn in which that opponent gained coins."""

    TYPE: ClassVar[str] = "end"
    red: tuple[str, ...] = attrs.field(default=(), converter=_red)


@attrs.frozen
class CompleteMission:
    """The dice at ``positions`` make the Mission's combination, with its Teammate
    requirement met: the player wins and the game ends (R-STF-7)."""

    TYPE: ClassVar[str] = "mission"
    positions: tuple[int, ...] = attrs.field(converter=_positions)


Event = (NewGame | Offer | Roll | Reroll | SpendSet | BuyCard | Grunt | Ability | Recruit
         | Steal | PlayCard | MyBirden | PlaySacrifice | Discard | EndTurn | CompleteMission)
"""Any Stuffed event."""

EVENTS: tuple[type[Event], ...] = get_args(Event)
"""Every event class, in the order of the union :data:`Event`."""
