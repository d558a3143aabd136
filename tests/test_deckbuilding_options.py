"""The Deckbuilding Game offers what may be done now (``dbg.options``, R-DBG-1..11):
each step of its table, when the rules allow it, for whom (the player whose turn it
is, the Target's holder, the host), with the rules' likely values, each option building
the events the rules then accept; what only the table knows (the cards' damage, coins
and Mission points) is left to the caller. A driver written against the public API
alone plays a whole competitive game from the options (examples/drive_deckbuilding.py).
"""

from __future__ import annotations

import ast
import os
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from boardgames import deckbuilding as dbg
from boardgames.deckbuilding import events as dbg_events
from boardgames.deckbuilding.step_table import STEPS
from boardgames.session import Session
from core.steps import Who

DRIVER = Path(__file__).resolve().parent.parent / "examples" / "drive_deckbuilding.py"
WINNER = re.compile(r"^The game ends on turn (\d+): (.+) wins? \((.+)\)\.$")


def offered(state: dbg.Game, name: str) -> list[dbg.Option[dbg.Game]]:
    return [o for o in dbg.options(state) if o.name == name]


def ways(state: dbg.Game, name: str) -> list[tuple[str | None, dict[str, Any]]]:
    return [(o.seat, dict(o.values)) for o in offered(state, name)]


def push_option(game: Session[dbg.Game, dbg.Event], option: dbg.Option[dbg.Game],
                **values: Any) -> None:
    for event in option.events(**values):
        game.push(event)


def take(game: Session[dbg.Game, dbg.Event], step: str, /, **values: Any) -> None:
    """Push the one way ``step`` is offered now."""
    found = offered(game.state, step)
    assert len(found) == 1, [(o.seat, o.values) for o in found]
    push_option(game, found[0], **values)


# --- what only the table knows, as a test gives it ----------------------------------------


def least(option: dbg.Option[dbg.Game]) -> dict[str, Any]:
    """The smallest values the table could give for what an option needs."""
    table: dict[str, Any] = {"amount": "1", "shown": "1", "name": "Inquisitor",
                             "shields": ("2", "X")}
    return {need: table[need] for need in option.needs}


def drawn(option: dbg.Option[dbg.Game], rng: random.Random) -> dict[str, Any]:
    """Random values the table could give: the cards' numbers, a card drawn."""
    most = 1 if option.name == "ally" else 8  # an Ally's Defense, within the damage
    table: dict[str, Any] = {"amount": rng.randint(1, most), "shown": rng.randint(0, 6),
                             "name": rng.choice(("Inquisitor", "Kandra", "Obligator")),
                             "shields": tuple(rng.choice(("2", "4", "X"))
                                              for _ in range(rng.randint(1, 3)))}
    return {need: table[need] for need in option.needs}


def accepted(state: dbg.Game, option: dbg.Option[dbg.Game], values: dict[str, Any]
             ) -> dbg.Game:
    after = state
    for event in option.events(**values):
        after = dbg.apply(after, event)
    return after


def may_take(state: dbg.Game, option: dbg.Option[dbg.Game]) -> bool:
    """Whether the table of steps lets the option's taker take its step now."""
    step = STEPS[option.name]
    if option.seat is None:
        return True  # the host may take every step
    if step.who is Who.SEAT:
        return step.may is not None and step.may(state, option.seat)
    mine = [p.name for p in step.params if p.seat and not p.many]
    return step.who is Who.TURN and option.seat == state.active.name and all(
        option.values.get(name, option.seat) == option.seat for name in mine)


GAMES = [
    (["Vin", "Kelsier"], dbg.Mode.COMPETITIVE, 2),
    (["Vin", "Kelsier", "Marsh"], dbg.Mode.COMPETITIVE, 2),
    (["Vin", "Kelsier", "Marsh", "Sazed"], dbg.Mode.COMPETITIVE, 2),
    (["Vin", "Kelsier", "Marsh"], dbg.Mode.COOP, 2),
    (["Vin"], dbg.Mode.SOLO, 2),
    (["Vin", "Kelsier", "Marsh"], dbg.Mode.COMPETITIVE, 1),  # saved before R-DBG-9..11
    (["Vin", "Kelsier"], dbg.Mode.COOP, 1),
]


LIKELY = {"combat": 8, "points": 8, "coins": 4, "attack": 20, "spend": 20, "pass": 10,
          "lord": 5, "shield": 5}
"""How much likelier a seeded table takes the turn's own steps than an effect's."""


def whole_game(players: list[str], mode: dbg.Mode, rules: int, seed: int
               ) -> Iterator[dbg.Game]:
    """A whole game played from the options alone with seeded choices and the cards'
    numbers: every state it passes through, to its end."""
    rng = random.Random(seed)
    game = dbg.replay([dbg.NewGame(tuple(players), mode, rules=rules)])
    for _ in range(3000):
        state = game.state
        yield state
        options = dbg.options(state)
        if not options:
            return
        ending = [o for o in options if o.name == "end-turn"]
        draws = [o for o in options if o.name in ("edict", "adversary", "target")]
        rest = [o for o in options if o.name not in ("end-turn", "edict", "adversary")
                and (o.name != "confront" or state.turn.number > 30)]
        if rng.random() < 0.1 or not rest:
            choice = rng.choice(ending or draws)
        else:
            choice = rng.choices(rest, [LIKELY.get(o.name, 1) for o in rest])[0]
        push_option(game, choice, **drawn(choice, rng))
    raise AssertionError("the game never ended")


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize(("players", "mode", "rules"), GAMES)
def test_r_dbg_1_every_option_offered_in_whole_games_is_accepted_by_the_rules(
        players: list[str], mode: dbg.Mode, rules: int, seed: int) -> None:
    """R-DBG-1..11: over whole seeded games, every option offered at every moment,
    given the values it needs, builds events the rules accept, and is offered to one
    the table of steps lets take it; the games end, and then nothing is offered."""
    seen: set[str] = set()
    states = list(whole_game(players, mode, rules, seed))
    for state in states:
        for option in dbg.options(state):
            accepted(state, option, least(option))
            assert may_take(state, option), (option.name, option.seat, option.values)
            seen.add(option.name)
    assert states[-1].over and not dbg.options(states[-1])
    assert {"points", "coins", "end-turn", "damage", "heal", "boxings"} <= seen
    if rules == 2:
        assert {"train", "burns", "burn", "combat"} <= seen
    if mode is dbg.Mode.COMPETITIVE:
        assert "attack" in seen and not seen & {"lord", "edict", "adversary", "collective"}
    else:
        assert {"lord", "edict", "adversary", "collective", "dominance"} <= seen
        assert not seen & {"attack", "ally", "pass", "target"}


def test_every_step_of_the_table_is_offered_in_some_game() -> None:
    """Each of the 26 steps has its offer, and each is offered in the games above."""
    seen: set[str] = set()
    for players, mode, rules in GAMES:
        for seed in (1, 2, 3):
            for state in whole_game(players, mode, rules, seed):
                seen |= {o.name for o in dbg.options(state)}
    assert all(step.offer is not None for step in STEPS)
    assert seen == set(STEPS.names()), set(STEPS.names()) - seen


def test_r_dbg_1_nothing_is_offered_before_the_set_up_or_after_the_end() -> None:
    """R-DBG-1, R-DBG-7: the table has no step before the set-up; an ended game takes
    none."""
    assert dbg.options(dbg.BLANK) == ()
    game = dbg.start(["Vin", "Kelsier"])
    take(game, "combat", amount=40)
    take(game, "attack")  # Kelsier, 38 health, is out: Vin is the last standing
    assert game.state.over and dbg.options(game.state) == ()


def test_r_dbg_1_a_turn_begins_with_the_players_steps_and_the_host_for_other_dials(
        ) -> None:
    """R-DBG-1: "Players start at 36"; the player whose turn it is takes the turn's
    steps, their own dial included; another player's dial is the host's."""
    state = dbg.start(["Vin", "Kelsier", "Marsh"]).state
    assert ways(state, "damage") == [("Vin", {"name": "Vin"}), (None, {"name": "Kelsier"}),
                                     (None, {"name": "Marsh"})]
    assert ways(state, "points") == [("Vin", {})] and offered(state, "points")[0].needs == (
        "amount",)
    assert ways(state, "end-turn") == [("Vin", {})]
    assert not offered(state, "spend") and not offered(state, "attack")
    assert not offered(state, "pass") and not offered(state, "target")


def test_r_dbg_3_spend_is_offered_with_points_nearest_a_tracks_top_first() -> None:
    """R-DBG-3: "Points may be split between tracks": the likely split brings a cube
    nearest the top first, the rest onto the next track."""
    game = dbg.start(["Vin", "Kelsier"])
    take(game, "points", amount=5)
    assert ways(game.state, "spend") == [("Vin", {"split": ("5", "0", "0")})]
    take(game, "spend")
    take(game, "points", amount=9)
    assert ways(game.state, "spend") == [("Vin", {"split": ("7", "2", "0")})]
    take(game, "spend", split=("1", "1", "1"))  # the table's own split
    assert game.state.missions[0].steps == (6, 0) and game.state.active.mission_points == 6


def test_r_dbg_11_the_attack_is_offered_once_with_all_of_the_turns_damage() -> None:
    """R-DBG-4, R-DBG-11: "Damage from cards is pooled over the turn and used after the
    cards … then on players"; "the attack on players is the turn's last use of
    damage"."""
    game = dbg.start(["Vin", "Kelsier", "Marsh"])
    assert not offered(game.state, "attack") and not offered(game.state, "ally")
    take(game, "combat", amount=7)
    assert ways(game.state, "attack") == [("Vin", {"amount": "7"})]
    take(game, "ally", amount=2)  # an Ally's Defense: the table's
    assert ways(game.state, "attack") == [("Vin", {"amount": "5"})]
    take(game, "attack")
    assert [p.health for p in game.state.players] == [36, 38, 35]  # at Marsh, the holder
    state = game.state
    assert not offered(state, "attack") and not offered(state, "combat")
    assert not offered(state, "ally")


def test_r_dbg_4_the_holder_is_offered_the_pass_and_the_host_the_new_holder() -> None:
    """R-DBG-4: "The holder may pass it to any player only after taking damage from
    another player"; "If the holder is eliminated, the attacker picks the new holder
    and the leftover damage goes to them"."""
    game = dbg.start(["Vin", "Kelsier", "Marsh", "Sazed"])  # Sazed holds the Target
    take(game, "combat", amount=3)
    take(game, "attack")
    assert ways(game.state, "pass") == [("Sazed", {"name": "Vin"}),
                                        ("Sazed", {"name": "Kelsier"}),
                                        ("Sazed", {"name": "Marsh"})]
    push_option(game, offered(game.state, "pass")[1])
    assert game.state.target == 1 and not offered(game.state, "pass")
    take(game, "end-turn")
    take(game, "combat", amount=20)
    take(game, "attack", blocked=())  # the holder's: in full at everyone else
    take(game, "end-turn")  # Marsh's turn
    take(game, "combat", amount=50)
    take(game, "attack")  # at Kelsier, the holder: 38, out with 12 left over
    state = game.state
    assert state.turn.pending is not None and state.turn.pending.leftover == 12
    assert [o.name for o in dbg.options(state)] == ["target", "target"]
    assert ways(state, "target") == [(None, {"name": "Vin"}), (None, {"name": "Sazed"})]
    push_option(game, offered(state, "target")[1], blocked=2)
    assert game.state.target == 3 and game.state.players[3].health == 37 - 20 - 10
    assert ways(game.state, "pass") == [("Sazed", {"name": "Vin"}),
                                        ("Sazed", {"name": "Marsh"})]


def test_r_dbg_10_a_token_is_flared_only_above_the_burn_limit() -> None:
    """R-DBG-10: "If you want to use more metal tokens above this limit, you must Flare
    them"; "each token is used at most once a turn"; a Flared token is refreshed."""
    game = dbg.start(["Vin", "Kelsier"])
    assert [v["metal"] for _, v in ways(game.state, "burn")] == [
        m.value for m in dbg_events.Metal]
    assert not offered(game.state, "flare") and not offered(game.state, "refresh")
    push_option(game, offered(game.state, "burn")[0])  # tin: the turn's one Burn
    assert not offered(game.state, "burn")
    flares = [v["metal"] for _, v in ways(game.state, "flare")]
    assert flares == [m.value for m in dbg_events.Metal][1:]
    push_option(game, offered(game.state, "flare")[0])  # pewter
    assert "pewter" not in [v["metal"] for _, v in ways(game.state, "flare")]
    assert ways(game.state, "refresh") == [("Vin", {"metal": "pewter"})]


def test_r_dbg_5_atium_is_offered_for_use_only_held_and_within_the_burns() -> None:
    """R-DBG-5: "Atium tokens are single-use, can't be Flared, and use one of the turn's
    Burns"."""
    game = dbg.start(["Vin", "Kelsier"])
    assert [v for _, v in ways(game.state, "atium")] == [{"action": "gain"}]
    take(game, "atium", action="gain", count=2)
    state = game.state
    assert [v for _, v in ways(state, "atium")] == [{"action": "gain"}, {"action": "use"}]
    assert {"metal": "atium"} in [v for _, v in ways(state, "burn")]
    assert ways(state, "confront") == [("Vin", {"tokens": "1"})]  # one Burn to use
    push_option(game, next(o for o in offered(state, "burn") if o.values["metal"] == "atium"))
    assert [v for _, v in ways(game.state, "atium")] == [{"action": "gain"}]
    assert ways(game.state, "confront") == [("Vin", {"tokens": "0"})]


def test_r_dbg_5_boxings_are_offered_to_buy_with_coins_and_to_cash_when_held() -> None:
    """R-DBG-5: "A Boxing costs 2 coins and can be cashed for 1 coin"."""
    game = dbg.start(["Vin", "Kelsier"])
    assert [v for _, v in ways(game.state, "boxings")] == [{"action": "gain"}]
    take(game, "coins", amount=3)
    assert [v for _, v in ways(game.state, "boxings")] == [{"action": "buy"},
                                                         {"action": "gain"}]
    push_option(game, offered(game.state, "boxings")[0])
    assert [v for _, v in ways(game.state, "boxings")] == [{"action": "cash"},
                                                         {"action": "gain"}]


def test_r_dbg_2_the_lord_rulers_card_comes_before_the_end_of_a_co_op_turn() -> None:
    """R-DBG-2, R-DBG-7: "After each player's turn … they draw and play the top card of
    the Lord Ruler's deck"; "a Lord Ruler card must be drawn and none is left" loses."""
    game = dbg.start(["Vin", "Kelsier"], dbg.Mode.COOP)
    state = game.state
    assert not offered(state, "end-turn") and not offered(state, "attack")
    assert ways(state, "edict") == [("Vin", {"ups": 1, "below": 0, "rows": ("1",)})]
    assert ways(state, "adversary") == [("Vin", {})]
    assert offered(state, "adversary")[0].needs == ("name", "shields")
    take(game, "combat", amount=6)
    assert ("Vin", {"action": "attack", "amount": "6"}) in ways(game.state, "lord")
    take(game, "adversary", name="Inquisitor", shields=("4", "X"))
    state = game.state
    assert ways(state, "end-turn") == [("Vin", {})] and not offered(state, "edict")
    assert not offered(state, "combat") and not offered(state, "shield")  # R-DBG-11
    assert ways(state, "lord") == [("Vin", {"action": "heal"})]
    take(game, "end-turn")
    take(game, "combat", amount=5)
    assert ways(game.state, "shield") == [("Kelsier", {"which": "1", "amount": "4"}),
                                          ("Kelsier", {"which": "1", "kill": True})]
    while game.state.lord_ruler is not None and game.state.lord_ruler.deck:
        take(game, "edict")
        take(game, "end-turn")
    assert ways(game.state, "end-turn") == [(game.state.active.name, {})]
    take(game, "end-turn")
    assert game.state.result == dbg.Result(dbg.EndReason.DECK_EXHAUSTED, ())


def test_an_option_takes_the_cards_numbers_as_numbers_or_as_typed() -> None:
    """A program gives the damage or coins the cards gave as numbers; a door as the
    words typed: the same events (R-DBG-5)."""
    state = dbg.start(["Vin", "Kelsier"]).state
    coins = offered(state, "coins")[0]
    assert coins.events(amount=3) == coins.events(amount="3") == [dbg.GainCoins("Vin", 3)]
    assert coins.events(amount=-3) == [dbg.SpendCoins("Vin", 3)]
    spend = dbg.start(["Vin", "Kelsier"])
    take(spend, "points", amount=3)
    option = offered(spend.state, "spend")[0]
    assert option.events(split=(1, 2, 0)) == [dbg.SpendMission("Vin", (1, 2, 0))]
    with pytest.raises(dbg.MissingValue) as missing:
        coins.events()
    assert missing.value.param == "amount"


# --- a whole game driven from the options alone ---------------------------------------------


def run_driver(*args: str, columns: int = 200) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": str(columns)}
    return subprocess.run([sys.executable, str(DRIVER), *args], capture_output=True,
                          text=True, timeout=120, check=False, env=env)


@pytest.mark.parametrize("seed", [None, "1", "2", "3"])
def test_r_dbg_7_the_driver_plays_a_whole_competitive_game_to_its_winner(
        seed: str | None) -> None:
    """R-DBG-7: "Competitive: one player tops all 3 Mission tracks, last player alive,
    or 4 Atium on Confrontation": the driver, choosing only among the options and
    giving only the cards' numbers, plays to the end and names the winner."""
    done = run_driver(*([seed] if seed else []))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    end = WINNER.match(lines[-1])
    assert end, lines[-1]
    assert end[2] in {"Vin", "Kelsier", "Marsh"}
    assert end[3] in {"missions", "last_standing", "confrontation"}
    assert int(end[1]) > 3


def test_the_driver_is_the_same_game_for_the_same_seed_and_reads_at_40_columns() -> None:
    first, again = run_driver("5"), run_driver("5")
    assert first.stdout == again.stdout != run_driver("6").stdout
    narrow = run_driver("5", columns=40)
    assert max(len(line) for line in narrow.stdout.splitlines()) <= 40
    assert " ".join(narrow.stdout.split()) == " ".join(first.stdout.split())


def test_the_driver_uses_the_public_api_alone_and_builds_no_event() -> None:
    """No event class is named, no module but the package's face imported."""
    tree = ast.parse(DRIVER.read_text(encoding="utf-8"))
    modules = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
               for alias in node.names}
    modules |= {f"{node.module}.{alias.name}" for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.module
                for alias in node.names}
    assert {m for m in modules if m.startswith("boardgames")} == {"boardgames.deckbuilding"}
    assert {m.split(".")[0] for m in modules} <= {"__future__", "random", "shutil", "sys",
                                                  "textwrap", "boardgames"}, modules
    named = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    named |= {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    classes = {name for name in dbg_events.__all__
               if isinstance(getattr(dbg_events, name), type)
               and hasattr(getattr(dbg_events, name), "TYPE")}  # every event class
    assert len(classes) == 31 and not named & classes, named & classes
    assert "options" in named and "events" in named
