"""The events of a game of Mistborn: House War: every change is one of these values.

Events are what a table says: "Venture collects 2 Money, 1 Food", "Ashfall worsens",
"Lekal passes and takes 1 Atium", "Disobedience is solved: Lekal pays 2 Skaa, Venture
1 Prestige; Lekal gains 5 Favor, Venture 2". A game's state is what applying its events
in order gives (:func:`boardgames.housewar.apply`). Houses and Problems are named by
name (matched ignoring case and repeated spaces).

Building an event checks only its shape (:class:`~boardgames.errors.BadValue`);
whether the rules allow it now is checked when it is applied
(:class:`~boardgames.errors.RuleViolation`, naming the rule).

=================  ==================  ==============================================
class              TYPE                meaning
=================  ==================  ==============================================
Start              start               set-up: players, game length, Houses (R-HW-5)
Sheet              sheet               set-up: a House collects its sheet (R-HW-5)
Ruin               ruin                a Ruined token covers (or uncovers) an icon
Advisor            advisor             an Advisor adds (or takes back) an icon
AddProblem         add_problem         a Problem enters the track (R-HW-2)
Worsen             worsen              step 2: one Problem moves a column right
MoveProblem        move_problem        a card moves a Problem (e.g. a Soother)
Collect            collect             step 1: the Active House's income (R-HW-5)
Pass               pass                step 4: pass, taking 1 token or card (R-HW-5)
Solve              solve               step 4: a deal closes, a Problem is solved
NoDeal             no_deal             step 4: a deal fails, the Problem stays
EndTurn            end_turn            step 5: the next House becomes Active
ChangeCost         change_cost         a card lowers or raises a cost (R-HW-4)
AddUnrest          unrest              Unrest moves (R-HW-1)
Score              score               a House gains Favor or Disgrace (R-HW-3)
Transfer           transfer            tokens move: bribe, theft, return, destruction
FaceDown           face_down           an end-game Personality is played face down
DiscardFaceDown    discard_face_down   a face-down Personality is discarded
Reveal             reveal              at the end, a face-down Personality is revealed
=================  ==================  ==============================================

The House sheets' events are in :mod:`boardgames.housewar.sheets`, the negotiation
timer's in :mod:`boardgames.housewar.timer`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, TypeAlias, get_args

import attrs

from boardgames.errors import BadValue, shown
from boardgames.housewar.checks import (
    a_name,
    check_name,
    clean,
    one_of,
    tuple_of,
    whole_number,
)
from boardgames.housewar.checks import (
    key as key,
)
from boardgames.housewar.kinds import Length, Place, Reason
from boardgames.housewar.pay import check_cost
from boardgames.housewar.resources import NOTHING, Resource, Resources, resource
from boardgames.housewar.sheets import Advisor, Ruin, Sheet
from boardgames.housewar.timer import StartTimer, StopTimer, TimeUp
from boardgames.housewar.track import urgency
from core.names import two_spellings

MAX_MOVE = 5  # a move of 5 columns takes any Problem off the track either way
SUPPLY = "supply"
"""The name of the Available Resources space in a :class:`Transfer`."""
DESTROYED = "destroyed"
"""The name of the Destroyed Resources space in a :class:`Transfer`."""
PLACES = (SUPPLY, DESTROYED)


def _to_length(value: Length | str) -> Length:
    return one_of(Length, value)


def _to_place(value: Place | str) -> Place:
    return one_of(Place, value)


def _to_reason(value: Reason | str) -> Reason:
    return one_of(Reason, value)


def _to_place_or_none(value: Place | str | None) -> Place | None:
    return None if value is None else one_of(Place, value)


def _to_urgency_or_none(value: int | str | None) -> int | None:
    return None if value is None else urgency(value)


def _to_resource_or_none(value: Resource | str | None) -> Resource | None:
    return None if value is None else resource(value)


def _resources(value: Resources) -> Resources:
    if not isinstance(value, Resources):
        raise BadValue(f"expected resources, got {shown(value)}", rule="R-HW-5")
    return value


def _resources_or_none(value: Resources | None) -> Resources | None:
    return None if value is None else _resources(value)


def _houses(value: Iterable[str]) -> tuple[str, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise BadValue(f"houses must be a list of names, got {shown(value)}", rule="R-HW-5")
    names = tuple(clean(v) for v in value)
    for name in names:
        check_name("a House", name, "R-HW-5")
        if key(name) in PLACES:
            raise BadValue(f"a House cannot be called {shown(name)}: the name is kept for "
                           f"the board's resource spaces", rule="R-HW-5")
    if len({key(n) for n in names}) != len(names):
        raise BadValue(f"House names must differ: {shown(list(names))}", rule="R-HW-5")
    twin = two_spellings(names)
    if twin is not None:  # two names that only look alike ("Venture", "Vеnture")
        raise BadValue(twin.message, rule="R-HW-5")
    return names


def _nonempty(_instance: Any, attribute: attrs.Attribute[Any], value: Resources) -> None:
    if not value:
        raise BadValue(f"{attribute.name} must name at least 1 token", rule="R-HW-5")


# --- set-up and the track -------------------------------------------------------------


def _first_or_none(value: str | None) -> str | None:
    return None if value is None else clean(value)


RULES = 2
"""The edition of the rules a game set up now is played by, kept in its :class:`Start`
(from 2, R-HW-1's ruling: the end is final)."""


@attrs.frozen
class Start:
    """Set-up (R-HW-5): ``players`` 3–5, the game's ``length``, and the Houses in turn
    order (empty: "House 1", "House 2"…); ``first`` the House that takes the first turn
    (``None``: the first listed; :func:`~boardgames.housewar.sheets.first_active` gives
    the rulebook's choice).

    ``setup_collection``: every House collects its sheet at set-up (:class:`Sheet`) and
    the first turn collects once more, as the rulebook says. A game saved before set-up
    collection was recorded reads as ``False``: its first turn collected double the
    income typed, and still does, so old games keep their meaning.

    ``rules``: the edition of the rules the game is played by. From 2, the end is final
    (R-HW-1's ruling: only end-game reveals and the timer after it). A start stored
    without it is edition 1 and replays as it was played: after Vin is solved or erupts,
    Unrest and score steps (the Vin card's own effects) are still accepted."""

    TYPE: ClassVar[str] = "start"

    players: int = attrs.field(validator=whole_number(3, 5, rule="R-HW-5"))
    length: Length = attrs.field(converter=_to_length)
    houses: tuple[str, ...] = attrs.field(default=(), converter=_houses)
    first: str | None = attrs.field(default=None, converter=_first_or_none)
    setup_collection: bool = attrs.field(default=True)
    rules: int = attrs.field(default=RULES, validator=whole_number(1, RULES, "R-HW-5"))

    def __attrs_post_init__(self) -> None:
        if self.houses and len(self.houses) != self.players:
            raise BadValue(f"{self.players} players need {self.players} Houses, got "
                           f"{len(self.houses)}: {shown(list(self.houses))}", rule="R-HW-5")
        if not isinstance(self.setup_collection, bool):
            raise BadValue(f"setup_collection must be true or false, got "
                           f"{shown(self.setup_collection)}", rule="R-HW-5")
        if self.first is not None and key(self.first) not in {key(n) for n in self.names}:
            raise BadValue(f"the first Active House {shown(self.first)} is not one of the "
                           f"Houses ({', '.join(self.names)})", rule="R-HW-5")

    @property
    def first_index(self) -> int:
        """The index of the House that takes the first turn."""
        if self.first is None:
            return 0
        return [key(n) for n in self.names].index(key(self.first))

    @property
    def names(self) -> tuple[str, ...]:
        """The Houses' names, the defaults filled in."""
        return self.houses or tuple(f"House {n}" for n in range(1, self.players + 1))


@attrs.frozen
class AddProblem:
    """A Problem card enters the track (R-HW-2).

    ``urgency`` is the card's printed starting Urgency (1–4), needed the first time the
    card is seen; ``place`` is where it enters (its starting column, or the highest or
    lowest free space); ``reason`` says whether it is a set-up Problem, the turn's step 3
    draw or an effect's. The printed ``cost`` and ``favor`` reward are optional: when
    given, a deal must pay that cost and share that Favor.
    """

    TYPE: ClassVar[str] = "add_problem"

    name: str = attrs.field(converter=clean, validator=a_name("R-HW-2"))
    urgency: int | None = attrs.field(default=None, converter=_to_urgency_or_none)
    place: Place = attrs.field(default=Place.START, converter=_to_place)
    reason: Reason = attrs.field(default=Reason.TURN, converter=_to_reason)
    cost: Resources | None = attrs.field(default=None)
    favor: int | None = attrs.field(default=None,
                                   validator=whole_number(0, 99, "R-HW-3", optional=True,
                                                          param="favor"))

    @cost.validator
    def _cost(self, _attribute: attrs.Attribute[Any], value: Any) -> None:
        if value is not None:
            check_cost(_resources(value), "a Problem's cost")


@attrs.frozen
class Worsen:
    """Step 2: the Problem moves one column right (R-HW-2). Every Problem on the board
    when step 2 begins moves once, one at a time, in the order the Active House
    chooses; past column IV it erupts."""

    TYPE: ClassVar[str] = "worsen"

    problem: str = attrs.field(converter=clean, validator=a_name("R-HW-2"))


@attrs.frozen
class MoveProblem:
    """A card or effect moves a Problem (R-HW-2): ``by`` columns (negative is left, as
    a Soother does), or ``to`` the highest or lowest free space."""

    TYPE: ClassVar[str] = "move_problem"

    problem: str = attrs.field(converter=clean, validator=a_name("R-HW-2"))
    by: int = attrs.field(default=0, validator=whole_number(-MAX_MOVE, MAX_MOVE, "R-HW-2",
                                                            param="by"))
    to: Place | None = attrs.field(default=None, converter=_to_place_or_none)

    def __attrs_post_init__(self) -> None:
        if (self.by == 0) == (self.to is None):
            to = None if self.to is None else self.to.value  # as it was given
            raise BadValue("a move gives either a number of columns or highest/lowest, "
                           f"got by={self.by}, to={shown(to)}", rule="R-HW-2")
        if self.to is Place.START:
            raise BadValue("a Problem on the board moves by columns or to the highest or "
                           "lowest free space, not to its start", rule="R-HW-2")


# --- the turn ---------------------------------------------------------------------------


@attrs.frozen
class Steal:
    """Tokens taken from another House when the supply runs short (R-HW-5)."""

    source: str = attrs.field(converter=clean, validator=a_name("R-HW-5"))
    resources: Resources = attrs.field(converter=_resources, validator=_nonempty)


def _steals(value: Iterable[Steal]) -> tuple[Steal, ...]:
    return tuple_of(Steal, "steal", value)


@attrs.frozen
class Collect:
    """Step 1: the Active House collects its income (R-HW-5).

    ``income`` ``None``: the House's remembered income (its sheet, plus Advisors, less
    Ruined icons); given, what it collects this turn instead. (In a game saved before
    set-up collection was recorded, the first turn collects double.) What the supply
    lacks may be stolen from other Houses (``steal``, kinds the House collects, no more
    than the supply lacks); what is still missing is lost.
    """

    TYPE: ClassVar[str] = "collect"

    house: str = attrs.field(converter=clean, validator=a_name("R-HW-5"))
    income: Resources | None = attrs.field(default=None, converter=_resources_or_none)
    steal: tuple[Steal, ...] = attrs.field(default=(), converter=_steals)


@attrs.frozen
class Pass:
    """Step 4: the Active House passes and takes 1 token of any kind from the supply,
    Atium included, or (``take`` ``None``) draws 1 Personality card (R-HW-5)."""

    TYPE: ClassVar[str] = "pass"

    house: str = attrs.field(converter=clean, validator=a_name("R-HW-5"))
    take: Resource | None = attrs.field(default=None, converter=_to_resource_or_none)


@attrs.frozen
class Share:
    """One House's part of a deal: the icons of the cost it ``covers`` and the tokens it
    ``spent`` on them, converting alone (R-HW-4). ``spent`` ``None``: the cheapest way."""

    house: str = attrs.field(converter=clean, validator=a_name("R-HW-4"))
    covers: Resources = attrs.field(converter=_resources, validator=_nonempty)
    spent: Resources | None = attrs.field(default=None, converter=_resources_or_none)

    @covers.validator
    def _covers(self, _attribute: attrs.Attribute[Any], value: Resources) -> None:
        check_cost(value, "a share of a cost")


@attrs.frozen
class Award:
    """Favor promised to a House in a deal (doubled while the Lord Ruler is in play)."""

    house: str = attrs.field(converter=clean, validator=a_name("R-HW-3"))
    favor: int = attrs.field(validator=whole_number(0, 99, "R-HW-3", param="favor"))


def _shares(value: Iterable[Share]) -> tuple[Share, ...]:
    return tuple_of(Share, "shares", value)


def _awards(value: Iterable[Award]) -> tuple[Award, ...]:
    return tuple_of(Award, "awards", value)


@attrs.frozen
class Solve:
    """Step 4: a deal closes and ``problem`` is solved: each share is paid, then the
    Favor is awarded as agreed (R-HW-3, R-HW-4). Paid tokens go back to the supply."""

    TYPE: ClassVar[str] = "solve"

    problem: str = attrs.field(converter=clean, validator=a_name("R-HW-4"))
    shares: tuple[Share, ...] = attrs.field(default=(), converter=_shares)
    awards: tuple[Award, ...] = attrs.field(default=(), converter=_awards)

    def __attrs_post_init__(self) -> None:
        for what, names in (("shares", [s.house for s in self.shares]),
                            ("awards", [a.house for a in self.awards])):
            if len({key(n) for n in names}) != len(names):
                raise BadValue(f"{what} name a House twice: {shown(names)}", rule="R-HW-4")


@attrs.frozen
class NoDeal:
    """Step 4: negotiation over ``problem`` fails; it stays where it is and committed
    tokens go back to their owners (nothing changes hands)."""

    TYPE: ClassVar[str] = "no_deal"

    problem: str = attrs.field(converter=clean, validator=a_name("R-HW-4"))


@attrs.frozen
class EndTurn:
    """Step 5: the turn ends; cost changes lapse and the House to the left (next in
    turn order) becomes the Active House."""

    TYPE: ClassVar[str] = "end_turn"


# --- at any time -------------------------------------------------------------------------


@attrs.frozen
class ChangeCost:
    """A card lowers (Tineye, Thug, Lesser Noble…) or raises (Informant) a Problem's
    cost until the end of the turn; reducers never remove more than is printed (R-HW-4)."""

    TYPE: ClassVar[str] = "change_cost"

    problem: str = attrs.field(converter=clean, validator=a_name("R-HW-4"))
    lowered: Resources = attrs.field(default=NOTHING, converter=_resources)
    raised: Resources = attrs.field(default=NOTHING, converter=_resources)

    def __attrs_post_init__(self) -> None:
        check_cost(self.lowered, "a reduction")
        check_cost(self.raised, "an increase")
        if not self.lowered and not self.raised:
            raise BadValue("a cost change lowers or raises at least 1 icon", rule="R-HW-4")


@attrs.frozen
class AddUnrest:
    """Unrest moves ``amount`` spaces (negative to lower it); at 8 the game ends (R-HW-1)."""

    TYPE: ClassVar[str] = "unrest"

    amount: int = attrs.field(validator=whole_number(-20, 20, "R-HW-1", param="amount"))

    def __attrs_post_init__(self) -> None:
        if self.amount == 0:
            raise BadValue("Unrest moves by at least 1 space, got 0", rule="R-HW-1",
                           param="amount", value=0)


@attrs.frozen
class Score:
    """A House gains Favor and/or Disgrace (R-HW-3); doubled while the Lord Ruler is in
    play. A ``modifier`` (a Personality such as Terringdwel adjusting a gain) applies
    after the doubling, is never doubled and may be negative. ``source`` says what gave
    it (``Riot erupting``), for the end-game breakdown."""

    TYPE: ClassVar[str] = "score"

    house: str = attrs.field(converter=clean, validator=a_name("R-HW-3"))
    favor: int = attrs.field(default=0, validator=whole_number(-99, 99, "R-HW-3",
                                                               param="favor"))
    disgrace: int = attrs.field(default=0, validator=whole_number(-99, 99, "R-HW-3",
                                                                  param="disgrace"))
    modifier: bool = attrs.field(default=False)
    source: str = attrs.field(default="", converter=clean)

    @source.validator
    def _source(self, _attribute: attrs.Attribute[Any], value: Any) -> None:
        if value != "":
            check_name("source", value, "R-HW-3")

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.modifier, bool):
            raise BadValue(f"modifier must be true or false, got {shown(self.modifier)}")
        if self.favor == 0 and self.disgrace == 0:
            raise BadValue("a score change gains at least 1 Favor or Disgrace",
                           rule="R-HW-3", param="favor", value=0)
        if not self.modifier and (self.favor < 0 or self.disgrace < 0):
            negative = "favor" if self.favor < 0 else "disgrace"
            raise BadValue("Favor and Disgrace once gained stay: a gain cannot be "
                           "negative (only a modifier can)", rule="R-HW-3",
                           param=negative, value=getattr(self, negative))


@attrs.frozen
class Transfer:
    """Tokens move between Houses, the supply (``"supply"``) and the Destroyed
    Resources (``"destroyed"``): a bribe or trade, a Lurcher's theft, an eruption that
    returns or destroys tokens, a Lurcher retrieving destroyed ones, starting resources
    (R-HW-5)."""

    TYPE: ClassVar[str] = "transfer"

    source: str = attrs.field(converter=clean, validator=a_name("R-HW-5"))
    target: str = attrs.field(converter=clean, validator=a_name("R-HW-5"))
    resources: Resources = attrs.field(converter=_resources, validator=_nonempty)

    def __attrs_post_init__(self) -> None:
        if key(self.source) == key(self.target):
            raise BadValue(f"a transfer moves tokens between two places, got "
                           f"{shown(self.source)} twice", rule="R-HW-5")


@attrs.frozen
class FaceDown:
    """``house`` plays a Personality card face down, to be revealed at the end (R-HW-3)."""

    TYPE: ClassVar[str] = "face_down"

    house: str = attrs.field(converter=clean, validator=a_name("R-HW-3"))
    card: str = attrs.field(converter=clean, validator=a_name("R-HW-3"))


@attrs.frozen
class DiscardFaceDown:
    """A face-down Personality of ``house`` is discarded (e.g. by a Coinshot)."""

    TYPE: ClassVar[str] = "discard_face_down"

    house: str = attrs.field(converter=clean, validator=a_name("R-HW-3"))
    card: str = attrs.field(converter=clean, validator=a_name("R-HW-3"))


@attrs.frozen
class Reveal:
    """At the end, before totals, ``house`` reveals a face-down Personality and gains
    what it gives (doubled while the Lord Ruler is in play) (R-HW-3)."""

    TYPE: ClassVar[str] = "reveal"

    house: str = attrs.field(converter=clean, validator=a_name("R-HW-3"))
    card: str = attrs.field(converter=clean, validator=a_name("R-HW-3"))
    favor: int = attrs.field(default=0, validator=whole_number(0, 99, "R-HW-3", param="favor"))
    disgrace: int = attrs.field(default=0, validator=whole_number(0, 99, "R-HW-3",
                                                                  param="disgrace"))


Event: TypeAlias = (Start | AddProblem | Worsen | MoveProblem | Collect | Pass | Solve
                    | NoDeal | EndTurn | ChangeCost | AddUnrest | Score | Transfer
                    | FaceDown | DiscardFaceDown | Reveal | Sheet | Ruin | Advisor
                    | StartTimer | StopTimer | TimeUp)
"""Any House War event."""

EVENTS: tuple[type[Event], ...] = get_args(Event)
"""Every event class, in the order of the union :data:`Event`."""

__all__ = ["EVENTS", "RULES", "AddProblem", "AddUnrest", "Advisor", "Award", "ChangeCost",
           "Collect", "DiscardFaceDown", "EndTurn", "Event", "FaceDown", "Length",
           "MoveProblem", "NoDeal", "Pass", "Place", "Reason", "Reveal", "Ruin", "Score",
           "Share", "Sheet", "Solve", "Start", "StartTimer", "Steal", "StopTimer",
           "TimeUp", "Transfer", "Worsen"]
"""The module's values and every event class (the package exports them all)."""
