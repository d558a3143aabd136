"""House War offers what may be done now (``housewar.options``, from its table of
steps): every option builds events the rules accept, given only what the table knows,
and what the game waits for is offered exactly when it waits for it (R-HW-1..6)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import scaled

from boardgames import housewar as hw
from boardgames.errors import GameError
from boardgames.housewar import (
    AddProblem,
    Collect,
    EndTurn,
    NoDeal,
    Pass,
    Phase,
    Reveal,
    State,
    Step,
    Worsen,
)
from boardgames.housewar.resources import BASIC
from boardgames.housewar.rules import apply
from boardgames.housewar.step_table import STEPS
from core.steps import MissingValue

Option = hw.Option[State]

TURN_STEPS = {"sheet", "collect", "worsen", "pass", "solve", "no-deal", "end-turn",
              "reveal"}
"""The steps that take what the game waits for (``add`` too, but for an effect)."""

WAITS_FOR = {Step.SETUP_SHEETS: {"sheet"}, Step.SETUP_PROBLEMS: {"add"},
             Step.COLLECT: {"collect"}, Step.WORSEN: {"worsen"}, Step.DRAW: {"add"},
             Step.PASS_OR_DEAL: {"pass", "no-deal"}, Step.END_TURN: {"end-turn"},
             Step.REVEAL: {"reveal"}, Step.OVER: set()}
"""What the game offers of its own steps, by what it waits for (``solve``: when a
Problem can be paid; ``add``: an effect's too, while an eruption is applied)."""


# --- the table: what only it knows ----------------------------------------------------


def _one(rng: random.Random, tokens: hw.Resources, *, atium: bool = True) -> str:
    """One token of ``tokens``, as typed (``1 food``)."""
    kinds = [kind for kind, _ in tokens if atium or kind.value != "atium"]
    return f"1 {rng.choice(kinds).value}"


class Table:
    """The people at the table: their sheets, the Problem cards they draw (Vin and the
    Lord Ruler among them), the Personality cards they play and what those say."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.vin_at = rng.randint(4, 12)
        self.heirs = 0

    def card(self, state: State) -> dict[str, Any]:
        """The next Problem card off the deck (every card drawn so far is one the game
        has seen): its name and what is printed on it."""
        drawn = len(state.cards) + 1
        rng = self.rng
        name = "Vin" if drawn == self.vin_at else (
            "The Lord Ruler" if drawn == 3 else f"Problem {drawn}")
        values: dict[str, Any] = {"name": name, "urgency": rng.randint(1, 4)}
        if rng.randrange(4):  # its cost and Favor given, as a table usually does
            values["cost"] = (" ".join(f"{rng.randint(1, 2)} {kind.value}"
                                       for kind in rng.sample(BASIC, rng.randint(1, 2))),)
            values["favor"] = rng.randint(2, 8)
        return values

    def gives(self, option: Option) -> dict[str, Any]:
        """What the card or the effect names, for each value ``option`` needs (and the
        card's amounts, where a card says them: a cost's icons, a score's gain)."""
        state, rng, name = option.state, self.rng, option.name
        given: dict[str, Any] = {}
        if name == "sheet":
            given = {"what": (f"{rng.randint(1, 2)} food {rng.randint(0, 1)} money",),
                     "cards": rng.randint(0, 2)}
        elif name == "add" and "name" in option.needs:
            given = self.card(state)
            if option.values.get("reason") == "effect" and state.erupted and rng.randrange(2):
                given = {"name": rng.choice(state.erupted)}  # Kelsier returns
            elif state.deck_top:
                given = {"name": state.deck_top[-1]}
        elif name in ("move", "no-deal"):
            given = {"name": rng.choice(state.track.names)}
        elif name == "cost":
            given = self._cost(state, option.values["name"])
        elif name == "score":
            given = {"name": rng.choice(state.houses).name,
                     rng.choice(["favor", "disgrace"]): rng.randint(1, 3)}
        elif name in ("ruin", "advisor"):
            given = self._icon(option)
        elif name == "transfer":
            given = self._transfer(state)
        elif name == "unrest":
            given = {"amount": rng.choice([1, 2] + ([-1] if state.unrest else []))}
        elif name == "face-down":
            self.heirs += 1
            given = {"card": (f"Heir {self.heirs}",)}
        elif name == "discard":
            house, card = rng.choice(state.unrevealed)
            given = {"name": house, "card": (card,)}
        return {key: value for key, value in given.items()
                if key in option.needs or key not in option.values}

    def _cost(self, state: State, name: str) -> dict[str, Any]:
        """A card lowering (a Tineye) or raising the cost of the Problem offered."""
        card = state.card(name)
        assert card is not None and card.cost is not None
        lowerable = card.cost - card.cost.cap(card.lowered)
        if lowerable and self.rng.randrange(2):  # a Tineye
            return {"name": card.name, "lower": (_one(self.rng, lowerable),)}
        return {"name": card.name, "higher": (f"1 {self.rng.choice(BASIC).value}",)}

    def _icon(self, option: Option) -> dict[str, Any]:
        """A House and one of its icons: uncovered (ruin), covered (dismissed), any
        (an Advisor played) or an Advisor's (one leaving play)."""
        state = option.state
        houses = state.houses
        if option.values.get("dismiss"):
            house = self.rng.choice([h for h in houses if h.ruined])
            return {"name": house.name, "what": (_one(self.rng, house.ruined),)}
        if option.values.get("discard"):
            house = self.rng.choice([h for h in houses if h.advisors])
            return {"name": house.name, "what": (_one(self.rng, house.advisors),)}
        if option.name == "ruin":
            house = self.rng.choice([h for h in houses if h.income])
            return {"name": house.name, "what": (_one(self.rng, house.income),)}
        return {"what": (f"1 {self.rng.choice(BASIC).value}",)}

    def _transfer(self, state: State) -> dict[str, Any]:
        """A bribe, an eruption's return or destruction, a Lurcher's theft or retrieval."""
        sources = [(h.name, h.resources) for h in state.houses if h.resources]
        sources += [(place, tokens) for place, tokens in (("supply", state.supply),
                                                          ("destroyed", state.destroyed))
                    if tokens]
        source, tokens = self.rng.choice(sources)
        targets = [h.name for h in state.houses] + ["supply", "destroyed"]
        target = self.rng.choice([place for place in targets if place != source])
        return {"source": source, "target": target, "what": (_one(self.rng, tokens),)}


# --- a whole game, from the options alone ----------------------------------------------


def _check_offered_when_waited_for(state: State, options: tuple[Option, ...]) -> None:
    """The game's own steps are offered exactly when the game waits for them."""
    waits = state.next_step
    own = {o.name for o in options if o.name in TURN_STEPS or (
        o.name == "add" and o.values.get("reason") != "effect")}
    assert own - {"solve"} == WAITS_FOR[waits], (waits, own)
    if state.phase is not Phase.PLAYING:  # nothing else during set-up or at the end
        assert {o.name for o in options} <= WAITS_FOR[waits] | {"collect"}, options
    if waits is Step.REVEAL:
        assert {(o.seat, o.values["name"], o.values["card"][0]) for o in options} == {
            (house, house, card) for house, card in state.unrevealed}


def _accepted(state: State, events: list[Any]) -> State:
    for event in events:
        state = apply(state, event)
    return state


def _turn_events(state: State) -> Iterator[tuple[str, Any, dict[str, Any]]]:
    """The game's own events the rules might accept now, each with the step and the
    values an option offering it would have."""
    if not state.houses:
        return
    active = state.active.name
    yield "collect", Collect(active), {}
    yield "pass", Pass(active), {}
    yield "end-turn", EndTurn(), {}
    for name in state.track.names:
        yield "worsen", Worsen(name), {"names": (name,)}
        yield "no-deal", NoDeal(name), {"name": name}
    for house, card in state.unrevealed:
        yield "reveal", Reveal(house, card), {"name": house, "card": (card,)}
    if state.deck_top:
        yield "add", AddProblem(state.deck_top[-1]), {"name": state.deck_top[-1]}


def _check_every_accepted_step_is_offered(state: State, options: tuple[Option, ...]) -> None:
    """What the rules accept of the game's own steps now is offered, with those values."""
    offered = [(o.name, dict(o.values)) for o in options]
    for name, event, values in _turn_events(state):
        try:
            apply(state, event)
        except GameError:
            continue
        found = [v for n, v in offered if n == name and all(v.get(k) == values[k]
                                                          for k in values)]
        assert found, (name, event, offered)


def _play(seed: int, pick: Callable[[random.Random, list[Option]], Option]) -> State:
    """A whole game driven by ``pick`` among the options, each checked at every point."""
    rng = random.Random(seed)
    table = Table(rng)
    houses = ["Venture", "Lekal", "Hasting", "Tekiel", "Elariel"][:rng.randint(3, 5)]
    game = hw.new_game(len(houses), rng.choice(["short", "medium", "long"]), houses)
    for _ in range(2000):
        state = game.state
        options = hw.options(state)
        assert options == STEPS.options(state)
        _check_offered_when_waited_for(state, options)
        _check_every_accepted_step_is_offered(state, options)
        built = []
        for option in options:
            events = option.events(**table.gives(option))
            _accepted(state, list(events))  # raises if the rules refuse it
            built.append(events)
        if not options:
            return state
        chosen = pick(rng, list(options))
        for event in built[options.index(chosen)]:
            game.push(event)
    raise AssertionError("the game did not end")


def _mostly_the_turn(rng: random.Random, options: list[Option]) -> Option:
    """What the game waits for, mostly; now and then what a card or effect does."""
    own = [o for o in options if o.name in TURN_STEPS or o.name == "add"]
    return rng.choice(options if not own or not rng.randrange(5) else own)


@settings(max_examples=scaled(12), deadline=None)
@given(st.integers(0, 2**32))
def test_r_hw_5_every_option_of_a_whole_game_builds_events_the_rules_accept(seed: int) -> None:
    """Each step offered, at every point of whole games (cards played now and then), is
    accepted by the rules with what the table gives it; the game's own steps are offered
    exactly when it waits for them (R-HW-2 "Each turn every Problem moves one column
    right"; R-HW-5), and after the end only the reveals: "Reveal any face down cards
    that affect your score now" (R-HW-1, R-HW-3)."""
    state = _play(seed, _mostly_the_turn)
    assert state.next_step is Step.OVER and hw.outcome(state) is not None


def _sheets(tokens: tuple[str, str, str] = ("1 food", "1 food", "1 food")) -> hw.Game:
    """A game of Venture, Lekal and Hasting, each House's sheet collected with its
    ``tokens`` through its option."""
    game = hw.new_game(3, "short", ["Venture", "Lekal", "Hasting"])
    for house, what in zip(("Venture", "Lekal", "Hasting"), tokens, strict=True):
        (sheet,) = [o for o in hw.options(game.state) if o.values.get("name") == house]
        for event in sheet.events(what=what):
            game.push(event)
    return game


def _set_up(tokens: tuple[str, str, str] = ("1 food", "1 food", "1 food")) -> hw.Game:
    """:func:`_sheets`, then Riot, Ashfall and Famine placed at urgency 1: Venture's
    first turn is next."""
    game = _sheets(tokens)
    for name in ("Riot", "Ashfall", "Famine"):
        for event in hw.options(game.state)[0].events(name=name, urgency=1):
            game.push(event)
    return game


def test_r_hw_4_a_deal_is_offered_for_each_problem_the_houses_can_pay() -> None:
    """"Each player involved in the deal collects the Favor they were promised" and pays
    alone (R-HW-4): the likely deal splits the cost, the Active House first, and the
    Favor as the icons."""
    game = _sheets(("1 food", "2 skaa", "1 money"))
    for name, urgency, cost, favor in (("Riot", 1, "1 food 2 skaa", 6),
                                       ("Ashfall", 2, "3 warriors", 3),
                                       ("Famine", 1, None, None)):
        (add,) = hw.options(game.state)
        for event in add.events(name=name, urgency=urgency, favor=favor,
                                cost=(cost,) if cost else ()):
            game.push(event)
    while game.state.next_step is not Step.PASS_OR_DEAL:
        option = hw.options(game.state)[0]
        for event in option.events(**({"name": "Spook", "urgency": 3}
                                      if option.needs else {})):
            game.push(event)
    solves = {o.values["name"]: o for o in hw.options(game.state) if o.name == "solve"}
    assert set(solves) == {"Riot", "Famine", "Spook"}  # nobody holds 3 Warriors' worth
    riot = solves["Riot"]
    assert riot.seat == "Venture" and riot.needs == ()
    assert riot.values["share"] == ("Venture=1 food", "Lekal=2 skaa")
    assert riot.values["favor"] == ("Venture=2", "Lekal=4")
    assert dict(solves["Famine"].values) == {"name": "Famine"}  # the table's terms
    for event in riot.events():
        game.push(event)
    assert [h.favor for h in game.state.houses] == [2, 4, 0]


def test_r_hw_3_a_deal_over_a_problem_of_unknown_cost_shares_its_printed_favor() -> None:
    """"The Favor shown on the Problem card is distributed as negotiated" (R-HW-3): a
    Problem added with its Favor but not its cost is offered with all of its Favor to
    the Active House, which starts the deal, and the rules accept it as offered (it was
    offered by name alone, then refused: "the awards share 0 Favor, but Spook gives
    3")."""
    game = _sheets(("2 money 1 food", "2 money 1 food", "2 money 1 food"))
    for name, urgency, cost, favor in (("Ashfall", 2, ("2 food 1 skaa",), 5),
                                       ("Riot", 3, ("2 warriors",), 4),
                                       ("Spook", 1, (), 3)):
        (add,) = hw.options(game.state)
        game.push(*add.events(name=name, urgency=urgency, cost=cost, favor=favor))
    while game.state.next_step is not Step.PASS_OR_DEAL:
        option = hw.options(game.state)[0]
        game.push(*option.events(**({"name": "Famine", "urgency": 2, "cost": "3 food",
                                     "favor": 5} if option.needs else {})))
    (spook,) = [o for o in hw.options(game.state)
                if o.name == "solve" and o.values["name"] == "Spook"]
    assert spook.needs == () and spook.values["favor"] == ("Venture=3",)
    game.push(*spook.events())
    assert [h.favor for h in game.state.houses] == [3, 0, 0]


def test_r_hw_5_collect_steals_what_the_supply_lacks_from_the_next_houses() -> None:
    """"If there aren't enough resources in the supply, take the remaining resources
    from other players" (R-HW-5): the likely income takes it from the Houses after the
    Active House, in turn order."""
    game = _set_up(("5 food", "2 food", "1 food"))
    (collect,) = hw.options(game.state)
    assert collect.name == "collect" and collect.seat == "Venture"
    # The sheets took the supply's 8 Food: Venture's 5 are all lacking; Lekal's 2 and
    # Hasting's 1 are taken, and the 2 no House holds are lost.
    assert game.state.supply.food == 0
    assert collect.values["steal"] == ("Lekal=2 food", "Hasting=1 food")
    for event in collect.events():
        game.push(event)
    assert [h.resources.food for h in game.state.houses] == [5 + 3, 0, 0]


def test_r_hw_5_the_sheet_and_the_drawn_card_are_the_tables_to_give() -> None:
    """"All players immediately collect the resources … shown along the sides of their
    House sheet" (R-HW-5): only the table sees the sheet, so the option needs its tokens;
    a Problem drawn is the table's too, unless it was put back on top of the deck."""
    game = hw.new_game(3, "short", ["Venture", "Lekal", "Hasting"])
    sheets = hw.options(game.state)
    assert [(o.name, o.seat, o.values["name"], o.needs) for o in sheets] == [
        ("sheet", None, house, ("what",)) for house in ("Venture", "Lekal", "Hasting")]
    with pytest.raises(MissingValue) as missing:
        sheets[0].events()
    assert missing.value.param == "what"
    for option in sheets:
        for event in option.events(what="1 food", cards=1):
            game.push(event)
    (add,) = hw.options(game.state)
    assert (add.name, add.seat, dict(add.values), add.needs) == (
        "add", None, {"reason": "setup"}, ("name", "urgency"))  # a new card's, printed


def test_r_hw_2_a_problem_put_back_on_the_deck_is_offered_by_name() -> None:
    """"If a Problem moves off the left side of the board … It will be the next Problem
    card drawn" (R-HW-2): step 3 offers it by name, needing nothing."""
    game = _set_up()
    for step in ("collect", "worsen", "worsen", "worsen"):
        option = next(o for o in hw.options(game.state) if o.name == step)
        for event in option.events():
            game.push(event)
    move = next(o for o in hw.options(game.state) if o.name == "move")
    assert (move.seat, dict(move.values), move.needs) == ("Venture", {"by": -1}, ("name",))
    for event in move.events(name="Riot", by=-4):  # past I: on top of the deck
        game.push(event)
    assert game.state.deck_top == ("Riot",)
    (add,) = [o for o in hw.options(game.state) if o.name == "add"]
    assert (add.seat, dict(add.values), add.needs) == ("Venture", {"name": "Riot"}, ())


def test_r_hw_1_after_the_end_only_the_reveals_are_offered_each_to_its_house() -> None:
    """"The game immediately ends" when Unrest reaches 8 (R-HW-1); "Reveal any face down
    cards that affect your score now" (R-HW-3): each House reveals its own, and then
    nothing is offered."""
    game = _set_up()
    for event in hw.options(game.state)[0].events():  # Venture collects
        game.push(event)
    face_down = next(o for o in hw.options(game.state) if o.name == "face-down")
    assert (face_down.seat, dict(face_down.values), face_down.needs) == (
        "Venture", {"name": "Venture"}, ("card",))
    for house in ("Lekal", "Venture"):
        for event in face_down.events(name=house, card=("Financial Heir",)):
            game.push(event)
    unrest = next(o for o in hw.options(game.state) if o.name == "unrest")
    assert unrest.seat is None and unrest.needs == ("amount",)
    for event in unrest.events(amount=8):
        game.push(event)
    reveals = hw.options(game.state)
    assert [(o.name, o.seat, o.needs) for o in reveals] == [
        ("reveal", "Venture", ()), ("reveal", "Lekal", ())]
    for option in reveals:
        for event in option.events(favor=2):
            game.push(event)
    assert hw.options(game.state) == ()
    outcome = hw.outcome(game.state)
    assert outcome is not None and outcome.winners == ("Hasting",)


def test_nothing_is_offered_before_the_game_starts() -> None:
    """A game begins with its set-up (R-HW-5), which ``new_game`` writes: before it,
    nothing is offered."""
    assert hw.options(State()) == ()


def test_every_step_of_the_table_has_an_offer() -> None:
    """Each step says when the rules allow it (R-HW-5), and the package offers them."""
    assert [step.name for step in STEPS if step.offer is None] == []
    assert hw.options is not None and "options" in hw.__all__
    assert {"Option", "MissingValue"} <= set(hw.__all__)


def test_the_negotiation_timer_is_offered_for_the_deal_and_to_stop() -> None:
    """The rulebook recommends "3–4 minutes" for a turn's deal (R-HW-4): at a table
    with a clock, the timer is offered at step 4, and stopping it while it runs."""
    from boardgames.housewar.step_table import timer

    steps = STEPS.adding(timer(lambda: "2025-03-01T20:15:00+00:00"))
    game = hw.new_game(3, "short", ["Venture", "Lekal", "Hasting"])
    while game.state.next_step is not Step.PASS_OR_DEAL:
        assert "timer" not in {o.name for o in steps.options(game.state)}
        option = steps.options(game.state)[0]
        given = {"what": "1 food"} if option.name == "sheet" else (
            {"name": f"Problem {len(game.state.cards)}", "urgency": 1} if option.needs else {})
        for event in option.events(**given):
            game.push(event)
    (start,) = [o for o in steps.options(game.state) if o.name == "timer"]
    assert (start.seat, dict(start.values), start.needs) == ("Venture", {"length": "3"}, ())
    for event in start.events():
        game.push(event)
    assert game.state.timer is not None and game.state.timer.seconds == 180
    stop = [o for o in steps.options(game.state) if o.name == "timer"][-1]
    assert dict(stop.values) == {"length": "stop"}
    for event in stop.events():
        game.push(event)
    assert game.state.timer is None
