"""Random games of House War played through events: invariants after every event.

A driver picks, at each point, an event for what the game waits for (the next step of
the turn, usually legal) or something a card or a player might do at any time (often
refused). Refused events must change nothing. After each accepted event:

* tokens are conserved: supply + every House + destroyed = the starting supply;
* every Problem card seen is in exactly one place (board, deck top, erupted, solved),
  and the fresh cards drawn equal board + deck top + erupted + solved;
* the grid never overfills, and no name is on it twice;
* each House's Favor and Disgrace equal the sum of the events' gains, doubled (here,
  independently) while the Lord Ruler was on the board;
* the game has ended exactly when Unrest reached 8 or Vin was solved or erupted;
* the event survives a JSON round trip, and :func:`describe` says it in one line;
* undo gives back the state before, equal to replaying the events without it;

and at the end the replay of all events, from objects or from JSON, equals the state.
"""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import sized

from boardgames.errors import GameError
from boardgames.housewar import (
    CODEC,
    AddProblem,
    AddUnrest,
    Advisor,
    Award,
    ChangeCost,
    Collect,
    DiscardFaceDown,
    EndTurn,
    Event,
    FaceDown,
    MoveProblem,
    NoDeal,
    Pass,
    Phase,
    Reveal,
    Ruin,
    Score,
    Share,
    Sheet,
    Solve,
    State,
    Steal,
    Step,
    Transfer,
    Worsen,
    new_game,
    replay,
    replay_json,
    snapshot,
)
from boardgames.housewar.describe import describe
from boardgames.housewar.pay import cheapest_payment
from boardgames.housewar.privacy import looking
from boardgames.housewar.resources import BASIC, NOTHING, RESOURCES, Resources, starting_supply
from boardgames.housewar.state import UNREST_END, is_lord_ruler, is_vin

small = st.builds(Resources, *(st.integers(0, 2) for _ in RESOURCES))
small_costs = st.builds(Resources, *(st.integers(0, 2) for _ in BASIC))
PERSONALITIES = ("Financial Heir", "Honor Hostage", "Heir")


def _fresh(state: State) -> str:
    """A Problem never seen: sometimes Vin or the Lord Ruler, else P<n>."""
    return f"P{len(state.cards)}"


@st.composite
def draw_name(draw: st.DrawFn, state: State) -> tuple[str, int | None]:
    if state.deck_top and draw(st.integers(0, 9)):
        return state.deck_top[-1], None
    special = [n for n in ("Vin", "The Lord Ruler") if state.card(n) is None]
    name = draw(st.sampled_from([*special, _fresh(state)])) if special and not draw(
        st.integers(0, 6)) else _fresh(state)
    return name, draw(st.integers(1, 4))


@st.composite
def add_problem(draw: st.DrawFn, state: State, reason: str) -> Event:
    name, urgency = draw(draw_name(state))
    cost = draw(st.none() | small_costs) if urgency is not None else None
    favor = draw(st.none() | st.integers(0, 8)) if urgency is not None else None
    place = draw(st.sampled_from(["start", "start", "start", "highest", "lowest"]))
    if reason == "effect" and state.erupted and not draw(st.integers(0, 3)):
        name, urgency, cost, favor = draw(st.sampled_from(state.erupted)), None, None, None
    return AddProblem(name, urgency, place, reason, cost, favor)


@st.composite
def solve(draw: st.DrawFn, state: State) -> Event:
    name = draw(st.sampled_from(state.track.names))
    card = state.card(name)
    assert card is not None
    cost = card.cost_now if card.cost_now is not None else draw(small_costs)
    shares = []
    remaining = cost
    for house in draw(st.permutations(state.houses)):
        if not remaining:
            break
        part = Resources.of((kind, draw(st.integers(0, remaining[kind])))
                            for kind in BASIC)
        if house is state.houses[-1] or draw(st.booleans()):
            part = remaining
        if not part:
            continue
        remaining = remaining - part
        payment = cheapest_payment(house.resources, part)
        spent = payment.spent if payment is not None and draw(st.booleans()) else None
        shares.append(Share(house.name, part, spent))
    favor = card.favor if card.favor is not None else draw(st.integers(0, 6))
    awards = []
    if favor:
        first = draw(st.integers(0, favor))
        awards = [Award(state.houses[0].name, first)]
        if favor - first:
            awards.append(Award(state.houses[-1].name, favor - first))
    return Solve(name, tuple(shares), tuple(awards))


def _place(draw: st.DrawFn, state: State) -> str:
    return draw(st.sampled_from(["supply", "destroyed", *(h.name for h in state.houses)]))


@st.composite
def anytime(draw: st.DrawFn, state: State) -> Event:
    houses = [h.name for h in state.houses]
    kind = draw(st.sampled_from(["move", "add", "unrest", "score", "transfer", "cost",
                                 "face_down", "discard", "modifier", "ruin", "advisor"]))
    board = state.track.names
    if kind == "move" and board:
        if draw(st.booleans()):
            return MoveProblem(draw(st.sampled_from(board)), by=draw(
                st.sampled_from([-2, -1, -1, 1, 1, 2, 4])))
        return MoveProblem(draw(st.sampled_from(board)),
                           to=draw(st.sampled_from(["highest", "lowest"])))
    if kind == "add":
        return draw(add_problem(state, "effect"))
    if kind == "unrest":
        return AddUnrest(draw(st.sampled_from([-1, 1, 2, 3, 4])))
    if kind == "score":
        favor, disgrace = draw(st.tuples(st.integers(0, 3), st.integers(0, 3)).filter(any))
        return Score(draw(st.sampled_from(houses)), favor, disgrace)
    if kind == "modifier":
        return Score(draw(st.sampled_from(houses)), favor=draw(st.sampled_from([-1, 1])),
                     modifier=True)
    if kind == "transfer":
        source, target = _place(draw, state), _place(draw, state)
        if source == target:
            target = houses[0] if source != houses[0] else "supply"
        return Transfer(source, target, draw(small.filter(bool)))
    if kind == "cost" and board:
        return ChangeCost(draw(st.sampled_from(board)), lowered=draw(small_costs),
                          raised=draw(small_costs.filter(bool)))
    if kind == "face_down":
        return FaceDown(draw(st.sampled_from(houses)), draw(st.sampled_from(PERSONALITIES)))
    if kind == "discard":
        return DiscardFaceDown(draw(st.sampled_from(houses)),
                               draw(st.sampled_from(PERSONALITIES)))
    if kind in ("ruin", "advisor"):
        cls = Ruin if kind == "ruin" else Advisor
        return cls(draw(st.sampled_from(houses)), draw(small_costs.filter(bool)),
                   draw(st.booleans()))
    return AddUnrest(1)


@st.composite
def next_event(draw: st.DrawFn, state: State) -> Event:
    """An event for what the game waits for, or (one time in four) any other."""
    step = state.next_step
    if state.phase is Phase.PLAYING and not draw(st.integers(0, 3)):
        return draw(anytime(state))
    active = state.active.name if state.houses else ""
    if step is Step.SETUP_SHEETS:
        return Sheet(state.sheets_missing[0], draw(small_costs), draw(st.integers(0, 2)))
    if step is Step.SETUP_PROBLEMS:
        if not draw(st.integers(0, 4)):
            return Transfer("supply", draw(st.sampled_from([h.name for h in state.houses])),
                            draw(small.filter(bool)))
        return draw(add_problem(state, "setup"))
    if step is Step.COLLECT:
        income = draw(small)
        steals: tuple[Steal, ...] = ()
        others = [h for h in state.houses if h.name != active and h.resources]
        if others and draw(st.booleans()):
            victim = draw(st.sampled_from(others))
            steals = (Steal(victim.name, victim.resources.cap(income)
                            if victim.resources.cap(income) else victim.resources),)
        return Collect(active, draw(st.none() | st.just(income)), steals)
    if step is Step.WORSEN:
        return Worsen(draw(st.sampled_from(state.to_move)))
    if step is Step.DRAW:
        return draw(add_problem(state, "turn"))
    if step is Step.PASS_OR_DEAL:
        choice = draw(st.integers(0, 5))
        if choice <= 2:
            return draw(solve(state))
        if choice == 3:
            return NoDeal(draw(st.sampled_from(state.track.names)))
        return Pass(active, draw(st.none() | st.sampled_from(RESOURCES)))
    if step is Step.END_TURN:
        return EndTurn()
    if step is Step.REVEAL:
        house, card = draw(st.sampled_from(state.unrevealed))
        return Reveal(house, card, draw(st.integers(0, 3)), draw(st.integers(0, 3)))
    raise AssertionError(f"no event for {step}")


class Tally:
    """What the events say, counted apart from the library's own state."""

    def __init__(self) -> None:
        self.favor: Counter[str] = Counter()
        self.disgrace: Counter[str] = Counter()
        self.fresh = 0
        self.seen: set[str] = set()

    def add(self, before: State, event: Event, after: State) -> None:
        lord = any(is_lord_ruler(name) for name in before.track.names)
        # A Problem erupting is in play until the turn goes on (its effect applied).
        turn_goes_on = isinstance(event, (Worsen, Collect, Pass, Solve, NoDeal, EndTurn)) or (
            isinstance(event, AddProblem) and event.reason.value == "turn")
        if before.erupting and is_lord_ruler(before.erupting) and not turn_goes_on:
            lord = True
        double = 2 if lord else 1
        if isinstance(event, Score):
            factor = 1 if event.modifier else double
            self.favor[after.house(event.house).name] += event.favor * factor
            self.disgrace[after.house(event.house).name] += event.disgrace * factor
        elif isinstance(event, Reveal):
            self.favor[after.house(event.house).name] += event.favor * double
            self.disgrace[after.house(event.house).name] += event.disgrace * double
        elif isinstance(event, Solve):
            for award in event.awards:
                self.favor[after.house(award.house).name] += award.favor * double
        elif isinstance(event, AddProblem):
            name = " ".join(event.name.split()).casefold()
            if name not in self.seen:
                self.seen.add(name)
                self.fresh += 1


def check(before: State, event: Event, after: State, tally: Tally) -> None:
    # Tokens are conserved (R-HW-5): none is created or leaves the game.
    held = sum((h.resources for h in after.houses), NOTHING)
    assert after.supply + held + after.destroyed == starting_supply(after.players)
    # The Problem cards (R-HW-2): each in exactly one place.
    places = [*after.track.names, *after.deck_top, *after.erupted, *after.solved]
    assert sorted(places) == sorted(card.name for card in after.cards)
    assert len(places) == len(set(places)) == tally.fresh
    # The grid never overfills.
    for column in after.track.columns:
        assert len(column) == after.track.rows
    assert len(after.track) <= after.track.spaces
    # Scores equal the sum of the events (R-HW-3).
    for house in after.houses:
        assert house.favor == tally.favor[house.name] >= 0
        assert house.disgrace == tally.disgrace[house.name] >= 0
        assert house.score == house.favor - house.disgrace
        assert all(count >= 0 for count in house.resources.vector())
    # The end (R-HW-1, R-HW-3).
    vin_gone = any(is_vin(n) for n in (*after.erupted, *after.solved))
    assert after.unrest >= 0
    if after.phase is Phase.PLAYING:
        assert after.unrest < UNREST_END and not vin_gone
    if after.phase is Phase.ENDED and before.phase is not Phase.ENDED:
        assert after.unrest >= UNREST_END or vin_gone
    # JSON round trip and one sentence.
    assert CODEC.from_json(CODEC.to_json(event)) == event
    sentence = describe(before, event, after)
    assert sentence and "\n" not in sentence
    # R-HW-6: before the end, the shared board hears no score and no face-down card.
    if after.phase is not Phase.ENDED and isinstance(event, (Score, Solve, FaceDown,
                                                              DiscardFaceDown)):
        table = looking()
        said = describe(before, event, after, viewer=table)
        assert "score" not in said and not any(p in said for p in PERSONALITIES), said
        for house in snapshot(after, table)["houses"]:
            assert (house["favor"], house["score"], house["face_down"]) == (None, None, None)


@settings(max_examples=sized(20, 1000), deadline=None)  # games
@given(st.data())
def test_random_games_keep_every_invariant(data: st.DataObject) -> None:
    players = data.draw(st.sampled_from([3, 4, 5]), label="players")
    game = new_game(players, data.draw(st.sampled_from(["short", "medium", "long"])))
    tally = Tally()
    undone = 0
    steps = data.draw(st.integers(10, 160), label="steps")
    for _ in range(steps):
        before = game.state
        if before.next_step is Step.OVER:
            break
        event = data.draw(next_event(before), label="event")
        try:
            after = game.push(event)
        except GameError as error:
            assert game.state is before, "a refused event changed the state"
            message = str(error)
            assert "\n" not in message and message.startswith(("R-HW-", "cannot", "not "))
            continue
        tally.add(before, event, after)
        check(before, event, after, tally)
        if data.draw(st.integers(0, 9), label="undo") == 0:
            assert game.pop() == event
            assert game.state == before
            if not undone:  # once a game (it replays everything): the same state anew
                assert replay(game.events).state == before
            undone += 1
            game.push(event)
    shown = json.loads(json.dumps(snapshot(game.state)))
    assert {p["name"]: p["where"] for p in shown["problems"]} == {
        card.name: game.state.where(card.name) for card in game.state.cards}
    assert shown["unrest"] == game.state.unrest
    lines = [CODEC.to_json(event) for event in game.events]
    assert replay(game.events).state == game.state
    assert replay_json(lines).state == game.state
