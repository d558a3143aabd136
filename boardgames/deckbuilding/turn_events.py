"""The Training track, the metals and the turn's damage of Mistborn: The Deckbuilding
Game (R-DBG-9..11): their values (:class:`Metal`, :class:`Ability`, the board's
:class:`TrainingLayout`) and their events, which :mod:`boardgames.deckbuilding.events`
counts among every event of the game.

==================  =================  ==============================================
class               TYPE               meaning
==================  =================  ==============================================
Train               train              the active player's cube up the Training track
GainBurns           burns_gain         more Burns allowed: this turn, or for good
Burn                burn               a metal token Burned within the Burns allowed
Flare               flare              a metal token Flared: flipped until refreshed
Refresh             refresh            a Flared metal token turned back
GainDamage          damage_gain        damage points for this turn (R-DBG-11)
AttackAlly          ally_attack        damage used on another player's Ally
==================  =================  ==============================================
"""

from __future__ import annotations

import enum
from typing import Any, ClassVar

import attrs

from boardgames.deckbuilding.checks import a_name, as_tuple, check_whole, is_tuple, one_of, whole
from boardgames.deckbuilding.text import bad_value
from boardgames.errors import shown

MAX_STEPS = 40
"""The longest Training track a layout may give."""
MAX_AMOUNT = 999
"""The largest amount one event may carry (as in :mod:`~boardgames.deckbuilding.events`)."""
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
    burns: tuple[int, ...] = attrs.field(default=(4, 7, 12), converter=as_tuple)
    abilities: tuple[int, ...] = attrs.field(default=(2, 5, 11, 9, 14), converter=as_tuple)
    atium: tuple[int, ...] = attrs.field(default=(3, 6, 8, 10, 13, 15), converter=as_tuple)

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


# --- the events ------------------------------------------------------------------------


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
    with :class:`~boardgames.deckbuilding.events.UseAtium`."""

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


TURN_EVENTS = (Train, GainBurns, Burn, Flare, Refresh, GainDamage, AttackAlly)
"""The events of this module."""


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
