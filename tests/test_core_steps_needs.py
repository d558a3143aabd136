"""What an option needs is all the rules will want (``core.steps.Option.needs``): a
program that gives each option exactly the values it names, drawn from the game as it
stands, plays House War, Stuffed and the Deckbuilding Game from a new game to the end
without a refusal (R-HW-2, R-HW-3, R-HW-4, R-STF-2, R-DBG-1)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from profiles import sized

from boardgames import deckbuilding as dbg
from boardgames import housewar as hw
from boardgames import stuffed
from boardgames.housewar import State
from boardgames.housewar.resources import BASIC, Resources
from boardgames.stuffed.events import Mission, NewGame, Seat
from core.errors import RefusedError
from core.steps import Option

Filler = Callable[[Option[Any], random.Random], dict[str, Any]]

# --- House War --------------------------------------------------------------------------


def _icon(rng: random.Random, tokens: Resources) -> str:
    """One token of ``tokens`` as typed (``1 food``)."""
    return f"1 {rng.choice([kind for kind, _ in tokens]).value}"


def _hw_value(option: Option[State], need: str, rng: random.Random,
              given: dict[str, Any]) -> Any:
    """A value for ``need`` as the table would give it, read from the game."""
    state, step = option.state, option.name
    houses = state.houses
    if step == "add":
        if need == "name":
            drawn = len(state.cards) + 1  # Vin's pile is the second, or the third
            return "Vin" if drawn == 4 + 3 * len(houses) else f"Problem {drawn}"
        return rng.randint(1, 4)  # its printed Urgency
    if step == "sheet":
        return f"{rng.randint(1, 2)} food 1 money"
    if step == "score":
        return rng.choice(houses).name if need == "name" else rng.randint(1, 3)
    if step == "cost":
        card = state.card(option.values["name"])
        assert card is not None and card.cost is not None
        lowerable = card.cost - card.cost.cap(card.lowered)
        return _icon(rng, lowerable) if need == "lower" else f"1 {rng.choice(BASIC).value}"
    if step in ("ruin", "advisor"):
        if option.values.get("dismiss"):
            holders = [(h.name, h.ruined) for h in houses if h.ruined]
        elif option.values.get("discard"):
            holders = [(h.name, h.advisors) for h in houses if h.advisors]
        elif step == "ruin":
            holders = [(h.name, h.income) for h in houses if h.income]
        else:
            holders = [(option.values["name"], Resources.of({rng.choice(BASIC): 1}))]
        name, tokens = next((h for h in holders if h[0] == given.get("name")),
                            rng.choice(holders))
        given["name"] = name
        return name if need == "name" else _icon(rng, tokens)
    if step == "transfer":
        places = [(h.name, h.resources) for h in houses]
        places += [("supply", state.supply), ("destroyed", state.destroyed)]
        if need == "source":
            return rng.choice([name for name, tokens in places if tokens])
        if need == "target":
            return rng.choice([name for name, _ in places if name != given["source"]])
        return _icon(rng, dict(places)[given["source"]])
    if step == "unrest":
        return rng.choice([1, 2] + ([-1] if state.unrest else []))
    if step == "face-down":
        return f"Heir {len(state.cards)}-{rng.randint(0, 999)}"
    if step == "discard":
        house, card = given.setdefault("_card", rng.choice(state.unrevealed))
        return house if need == "name" else card
    words = option.step.param(need).words(state, "")  # a name from the state
    assert words, (step, need)
    return rng.choice(words)


def _hw_given(option: Option[State], rng: random.Random) -> dict[str, Any]:
    given: dict[str, Any] = {}
    for need in option.needs:
        given[need] = _hw_value(option, need, rng, given)
    return {need: given[need] for need in option.needs}


def _hw_game(rng: random.Random) -> hw.Game:
    houses = ["Venture", "Lekal", "Hasting", "Tekiel", "Elariel"][:rng.randint(3, 5)]
    return hw.new_game(len(houses), "short", houses)


HW_TURN = {"sheet", "add", "collect", "worsen", "pass", "solve", "no-deal", "end-turn",
           "reveal"}


# --- Stuffed ----------------------------------------------------------------------------

ATTRIBUTES = ("coin", "essence", "intelligence", "charisma", "resource")
COMBOS = ("e,i", "i:2", "c,ch", "ch:2", "r,e", "b,i", "c", "c:2", "b:2")


def _stuffed_given(option: Option[Any], rng: random.Random) -> dict[str, Any]:
    state = option.state
    table: dict[str, Any] = {
        "name": f"Mate {len(state.offer)}-{rng.randint(0, 9999)}",
        "attribute": rng.choice(ATTRIBUTES), "needs": rng.choice(COMBOS),
        "card": rng.choice(["Windfall", "Dust Storm", "Scouting"])}
    if "dice" in option.needs:  # never the die that pays for the ability
        paying = state.current.seat.attribute if "by" in option.values else None
        dice = [p for p, s in state.unspent if s is not paying]
        table["dice"] = (str(rng.choice(dice)),)
    return {need: table[need] for need in option.needs}


def _stuffed_game(rng: random.Random) -> Any:
    game = stuffed.new_session()
    game.push(NewGame((Seat("Ann", "Kelsier", "charisma"), Seat("Bo", "Vin", "resource")),
                      Mission("Heist", 1, 0, rng.choice(["ch:2,i", "3-kind", "i:2,c"]))))
    return game


# --- the Deckbuilding Game --------------------------------------------------------------


def _dbg_given(option: Option[Any], rng: random.Random) -> dict[str, Any]:
    most = 1 if option.name == "ally" else 8  # an Ally's Defense, within the damage
    table: dict[str, Any] = {
        "amount": str(rng.randint(1, most)), "shown": str(rng.randint(0, 6)),
        "name": rng.choice(("Inquisitor", "Kandra")),
        "shields": tuple(rng.choice(("2", "4", "X")) for _ in range(rng.randint(1, 3)))}
    return {need: table[need] for need in option.needs}


def _dbg_game(rng: random.Random) -> Any:
    players = ("Vin", "Kelsier", "Marsh")[:rng.randint(2, 3)]
    return dbg.replay([dbg.NewGame(players, rng.choice([dbg.Mode.COMPETITIVE,
                                                         dbg.Mode.COOP]))])


DBG_TURN = {"combat", "points", "coins", "attack", "spend", "pass", "lord", "shield",
            "end-turn", "edict", "adversary", "target"}


GAMES: dict[str, tuple[Callable[[random.Random], Any], Callable[[Any], Any], Filler,
                       set[str]]] = {
    "housewar": (_hw_game, hw.options, _hw_given, HW_TURN),
    "stuffed": (_stuffed_game, stuffed.options, _stuffed_given, set()),
    "deckbuilding": (_dbg_game, dbg.options, _dbg_given, DBG_TURN),
}


def _over(game: str, state: Any) -> bool:
    return hw.outcome(state) is not None if game == "housewar" else bool(state.over)


@pytest.mark.parametrize("game", list(GAMES))
def test_r_hw_2_r_stf_2_r_dbg_1_a_program_giving_exactly_what_an_option_needs_plays_to_the_end(
        game: str) -> None:
    """A Problem drawn "enters the board at the Urgency shown on the card" (R-HW-2): its
    option needs that Urgency with its name; a score's Favor (or Disgrace, R-HW-3) and a
    cost's icons (R-HW-4) are named too, and a move offered one column left takes
    ``to`` instead. Each option taken with exactly ``option.needs`` (and a seeded
    random source for Stuffed's dice), whole games end without a refusal."""
    start, options, fill, turn = GAMES[game]
    for seed in range(sized(12, 120)):
        rng = random.Random(seed)
        session = start(rng)
        for _ in range(3000):
            offered = options(session.state)
            if not offered or _over(game, session.state):
                break
            own = [o for o in offered if o.name in turn]
            option = rng.choice(own if own and rng.randrange(6) else offered)
            given = fill(option, rng)
            assert set(given) == set(option.needs)
            try:
                for event in option.events(rng=rng, **given):
                    session.push(event)
            except RefusedError as refusal:
                raise AssertionError((seed, option.name, dict(option.values), given,
                                      str(refusal))) from refusal
        assert _over(game, session.state), (game, seed)


def test_r_hw_4_a_move_offered_by_one_column_takes_to_instead() -> None:
    """R-HW-2: a card moves a Problem "to the highest or lowest free space" as well as
    by columns: the move offered one column left (a Soother) is taken ``to="highest"``
    with no ``by`` given, the offered one giving way; a move given both is refused, its
    values said as given (``to='highest'``)."""
    game = hw.new_game(3, "short", ("Venture", "Lekal", "Hasting"))

    def option(step: str) -> Option[State]:
        return next(o for o in hw.options(game.state) if o.name == step)

    for _ in range(3):
        game.push(*option("sheet").events(what="2 money 1 food", cards=1))
    for name, urgency in (("Ashfall", 2), ("Riot", 3), ("Spook", 1)):
        game.push(*option("add").events(name=name, urgency=urgency))
    game.push(*option("collect").events())
    move = option("move")
    assert (dict(move.values), move.needs, dict(move.instead)) == ({"by": -1}, ("name",), {})
    game.push(*move.events(name="Spook", to="highest"))
    assert game.state.urgency("Spook") == 4
    with pytest.raises(RefusedError, match=r"got by=-1, to='lowest'$"):
        option("move").events(name="Riot", by=-1, to="lowest")


def test_r_hw_3_r_hw_4_a_score_and_a_cost_change_need_one_of_their_amounts() -> None:
    """R-HW-3: a score change gains Favor or Disgrace; R-HW-4: "Cost reducers can't
    remove more than the printed cost": a cost change is offered for each Problem whose
    printed cost is known, needing the icons lowered, or raised instead; once nothing
    printed is left to lower, the icons raised."""
    game = hw.new_game(3, "short", ("Venture", "Lekal", "Hasting"))

    def options(step: str) -> list[Option[State]]:
        return [o for o in hw.options(game.state) if o.name == step]

    for _ in range(3):
        game.push(*options("sheet")[0].events(what="2 money 1 food", cards=1))
    for name, urgency, cost in (("Ashfall", 2, "1 food"), ("Riot", 3, "2 warriors"),
                                ("Spook", 1, None)):
        game.push(*options("add")[0].events(name=name, urgency=urgency, cost=cost))
    game.push(*options("collect")[0].events())
    (score,) = options("score")
    assert (score.needs, dict(score.instead)) == (("name", "favor"), {"favor": ("disgrace",)})
    game.push(*score.events(name="Lekal", disgrace=1))
    assert {o.values["name"]: (o.needs, dict(o.instead)) for o in options("cost")} == {
        "Ashfall": (("lower",), {"lower": ("higher",)}),
        "Riot": (("lower",), {"lower": ("higher",)})}  # Spook's cost is not known
    (ashfall,) = [o for o in options("cost") if o.values["name"] == "Ashfall"]
    game.push(*ashfall.events(lower="1 food"))
    assert {o.values["name"]: o.needs for o in options("cost")} == {
        "Ashfall": ("higher",), "Riot": ("lower",)}
