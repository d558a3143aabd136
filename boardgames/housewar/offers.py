"""What a game of House War offers now: for each step of its table
(:mod:`boardgames.housewar.step_table`), the ways the rules allow it at this point of the
game, who takes it and its likely values (R-HW-1..6). ``options(state)`` in
:mod:`boardgames.housewar` lists them, each building its events.

What the game waits for (``State.next_step``) is offered exactly then:

* set-up: each House still to collect its sheet (``sheet``, the host's: its tokens are
  the sheet's, which only the table sees), then each starting Problem (``add`` as a
  set-up Problem: the card drawn is the table's);
* step 1, ``collect``: the Active House's remembered income, stealing from the Houses
  after it in turn order what the supply lacks (R-HW-5);
* step 2, ``worsen``: each Problem still to move, one option each (the Active House
  chooses the order, R-HW-2);
* step 3, ``add``: the next Problem (its name given when it is on top of the deck,
  else the table's to draw, with its printed Urgency, which ``needs`` names, and its
  cost and Favor);
* step 4: ``pass`` (taking a Personality card), ``no-deal`` over each Problem, and
  ``solve`` for each Problem the Houses can pay: the Active House covers all it can,
  then each House after it in turn order, each paying the cheapest way, and the Favor
  is shared as the icons were, the rest to the Active House, which is part of every
  deal it starts (R-HW-3, R-HW-4); a Problem whose printed cost is not known is offered
  by name, its shares the table's and its Favor, if printed, the Active House's;
* step 5, ``end-turn``;
* once the game is over, ``reveal`` for each face-down Personality, by its House
  (R-HW-3), and nothing else (R-HW-1 ruling).

While the game is played, what cards and eruptions do at any time is offered too, each
needing what the card or the effect names, as only the table knows it: ``move`` (a
Problem; one column left, a Soother, unless told: ``by`` or ``to`` instead), ``cost``
(each Problem whose printed cost is known; the icons the card lowers or raises),
``score`` (a House, and the Favor or Disgrace), ``ruin`` (a House and an icon it
collects; with ``dismiss``, one a Ruined token covers), ``advisor`` (the Active House's
Advisor's icon; with ``discard``, a House's Advisor leaving play), ``face-down`` (the
Active House's card),
``transfer``, ``unrest`` and ``discard`` (a face-down card, while one is in play), the
host's; and while an eruption's effect is applied, ``add`` as an effect (R-HW-2). They
are the Active House's to take, acting for itself, or the host's for any House.
``option.needs`` names every value the rules will want, the amounts a card says
included (a cost's icons, a score's Favor); where one of several will do, it names the
first and ``option.instead`` the others (a score's Disgrace, a cost's raised icons). At a
table with a clock, ``timer`` is offered for step 4's deal (3 minutes: the rulebook
recommends 3–4) and, while one runs, to stop it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from boardgames.housewar.events import Collect
from boardgames.housewar.income import income_wanted
from boardgames.housewar.pay import can_pay
from boardgames.housewar.resources import BASIC, Resource, Resources
from boardgames.housewar.state import Phase, State, Step
from core.steps import Offered

__all__ = ["OFFERS", "deal", "steals"]


def _said(tokens: Resources) -> str:
    """Tokens as a player types them: ``2 food 1 atium``."""
    return " ".join(f"{number} {kind.value}" for kind, number in tokens)


def _turn(state: State) -> str | None:
    """The Active House once set-up is done (its first step is its income); before,
    the host's (the sheets and starting Problems come before any turn)."""
    playing = state.phase is Phase.PLAYING or state.next_step is Step.COLLECT
    return state.active.name if state.houses and playing else None


def _at(state: State, step: Step) -> list[Offered]:
    """The Active House's one way to take a step when the game waits for ``step``."""
    return [Offered(_turn(state))] if state.next_step is step else []


def _any_time(state: State, values: Mapping[str, Any] | None = None, *,
              host: bool = False, needs: tuple[str, ...] = (),
              either: tuple[tuple[str, ...], ...] = ()) -> list[Offered]:
    """A card's or an effect's step while the game is played (R-HW-1 ruling: none
    after the end, none during set-up), needing ``needs`` and one of each group of
    ``either`` besides its required values (:class:`core.steps.Offered`)."""
    if state.phase is not Phase.PLAYING:
        return []
    return [Offered(None if host else _turn(state), dict(values or {}), needs, either)]


def _in_order(state: State) -> list[str]:
    """The Houses from the Active House on, in turn order."""
    names = [house.name for house in state.houses]
    first = state.turn.active
    return names[first:] + names[:first]


# --- the turn -----------------------------------------------------------------------


def steals(state: State) -> tuple[str, ...]:
    """``HOUSE=TOKENS`` of what the Active House's income takes from the Houses after it
    in turn order, where the supply lacks it (R-HW-5: the balance is lost only when no
    other House holds it)."""
    active = state.active.name
    wanted = income_wanted(state, Collect(active))
    lacking = wanted - state.supply.cap(wanted)
    taken = []
    for name in _in_order(state)[1:]:
        got = state.house(name).resources.cap(lacking)
        if got:
            taken.append(f"{name}={_said(got)}")
            lacking = lacking - got
    return tuple(taken)


def _collect(state: State) -> list[Offered]:
    if state.next_step is not Step.COLLECT:
        return []
    taken = steals(state)
    return [Offered(_turn(state), {"steal": taken} if taken else {})]


def _worsen(state: State) -> list[Offered]:
    if state.next_step is not Step.WORSEN:
        return []
    return [Offered(_turn(state), {"names": (name,)}) for name in state.to_move]


def _add(state: State) -> list[Offered]:
    """The set-up's Problems, the turn's step 3 and an eruption's effect (R-HW-2): the
    card put back on top of the deck is drawn first, by name (an effect may bring back
    another the game has seen instead); else the table draws, and gives the card's
    printed Urgency with its name (a new card's is needed; a card coming back starts
    where it did)."""
    top = {"name": state.deck_top[-1]} if state.deck_top else {}
    drawn = () if top else ("urgency",)
    offered = []
    if state.next_step is Step.SETUP_PROBLEMS:
        offered.append(Offered(None, {**top, "reason": "setup"}, drawn))
    if state.next_step is Step.DRAW:
        offered.append(Offered(_turn(state), top, drawn))
    if state.erupting is not None:
        offered += _any_time(state, {**top, "reason": "effect"}, needs=drawn)
    return offered


def _split(state: State, cost: Resources) -> list[tuple[str, Resources]] | None:
    """Who covers which icons of ``cost``: the Active House all it can pay alone, then
    each House after it in turn order (R-HW-4: each converts alone); ``None`` when the
    Houses cannot pay it so."""
    parts = []
    remaining = cost
    for name in _in_order(state):
        holds = state.house(name).resources
        part = holds.cap(remaining).with_count(Resource.ATIUM, 0)  # paid directly
        for kind in BASIC:
            while part[kind] < remaining[kind]:
                more = part + Resources.of({kind: 1})
                if not can_pay(holds, more):
                    break
                part = more
        if part:
            parts.append((name, part))
            remaining = remaining - part
    return None if remaining else parts


def deal(state: State, name: str) -> dict[str, Any] | None:
    """The likely deal over the Problem ``name`` (R-HW-3, R-HW-4), as ``solve``'s values:
    the Active House covers all it can pay alone, then each House after it in turn
    order (``share``; each pays the cheapest way), and the Favor is shared as the icons
    were, the rest to the Active House (``favor``); ``None`` when the Houses cannot pay
    its cost as it is now. A Problem whose printed cost is not known: by name, its
    shares the table's, and its printed Favor, when known, all the Active House's (no
    icon is known to share it by), as the rules want it shared in full (R-HW-3)."""
    card = state.card(name)
    cost = None if card is None else card.cost_now
    if card is None or cost is None:
        if card is None or card.favor is None:
            return {"name": name}
        return {"name": name, "favor": (f"{state.active.name}={card.favor}",)}
    parts = _split(state, cost)
    if parts is None:
        return None
    values: dict[str, Any] = {"name": name,
                              "share": tuple(f"{who}={_said(part)}" for who, part in parts)}
    if card.favor is None:
        return values
    icons = cost.total
    shared = {who: card.favor * part.total // icons for who, part in parts} if icons else {}
    active = state.active.name
    shared[active] = shared.get(active, 0) + card.favor - sum(shared.values())
    values["favor"] = tuple(f"{who}={favor}" for who, favor in shared.items())
    return values


def _solve(state: State) -> list[Offered]:
    if state.next_step is not Step.PASS_OR_DEAL:
        return []
    deals = (deal(state, name) for name in state.track.names)
    return [Offered(_turn(state), values) for values in deals if values is not None]


def _no_deal(state: State) -> list[Offered]:
    if state.next_step is not Step.PASS_OR_DEAL:
        return []
    return [Offered(_turn(state), {"name": name}) for name in state.track.names]


def _reveal(state: State) -> list[Offered]:
    """Each House reveals its own face-down cards at the end (R-HW-3)."""
    if state.next_step is not Step.REVEAL:
        return []
    return [Offered(house, {"name": house, "card": (card,)})
            for house, card in state.unrevealed]


# --- at any time ----------------------------------------------------------------------


def _move(state: State) -> list[Offered]:
    """A Soother moves a Problem one column left (R-HW-2: "usually because a Soother
    Personality card is played"); or by other columns, or to the highest or lowest free
    space, instead (one of them)."""
    if not state.track.names:
        return []
    return _any_time(state, {"by": -1}, either=(("by", "to"),))


def _cost(state: State) -> list[Offered]:
    """A card lowers or raises a cost this turn (R-HW-4), for each Problem on the board
    whose printed cost is known: the icons lowered or raised (at least one), only
    raised once no printed icon is left to lower."""
    offered = []
    for name in state.track.names:
        card = state.card(name)
        if card is None or card.cost is None:
            continue
        if card.cost - card.cost.cap(card.lowered):
            offered += _any_time(state, {"name": name}, either=(("lower", "higher"),))
        else:
            offered += _any_time(state, {"name": name}, needs=("higher",))
    return offered


def _score(state: State) -> list[Offered]:
    """A card or an effect gives a House Favor or Disgrace (R-HW-3): at least one."""
    return _any_time(state, either=(("favor", "disgrace"),))


def _ruin(state: State) -> list[Offered]:
    """A Ruined token covers an icon a House collects; a Lesser Noble dismisses one
    (R-HW-5)."""
    houses = state.houses
    offered = _any_time(state) if any(house.income for house in houses) else []
    if any(house.ruined for house in houses):
        offered += _any_time(state, {"dismiss": True})
    return offered


def _advisor(state: State) -> list[Offered]:
    """The Active House plays an Advisor; one in play leaves it (R-HW-5)."""
    offered = _any_time(state, {"name": state.active.name}) if state.houses else []
    if any(house.advisors for house in state.houses):
        offered += _any_time(state, {"discard": True})
    return offered


def _face_down(state: State) -> list[Offered]:
    return _any_time(state, {"name": state.active.name}) if state.houses else []


def _discard(state: State) -> list[Offered]:
    return _any_time(state, host=True) if state.unrevealed else []


def _host(state: State) -> list[Offered]:
    return _any_time(state, host=True)


def _timer(state: State) -> list[Offered]:
    """The negotiation timer: started for the deal of step 4 (the rulebook recommends
    3–4 minutes), stopped while one runs."""
    offered = _any_time(state, {"length": "3"}) if state.next_step is Step.PASS_OR_DEAL else []
    if state.timer is not None:
        offered += _any_time(state, {"length": "stop"})
    return offered


OFFERS: Final[Mapping[str, Callable[[State], Sequence[Offered]]]] = {
    "sheet": lambda state: ([Offered(None, {"name": name}) for name in state.sheets_missing]
                            if state.next_step is Step.SETUP_SHEETS else []),
    "add": _add, "worsen": _worsen, "move": _move, "collect": _collect,
    "pass": lambda state: _at(state, Step.PASS_OR_DEAL), "solve": _solve,
    "no-deal": _no_deal, "end-turn": lambda state: _at(state, Step.END_TURN),
    "cost": _cost, "unrest": _host, "score": _score, "ruin": _ruin,
    "advisor": _advisor, "transfer": _host, "face-down": _face_down, "discard": _discard,
    "reveal": _reveal, "timer": _timer,
}
"""Each step's offer, by the step's name (:attr:`core.steps.Step.offer`)."""
