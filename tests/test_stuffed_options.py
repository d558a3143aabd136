"""Stuffed offers what may be done now from its table of steps (R-STF-2..7):
``stuffed.options(state)`` lists each step the rules allow at this moment, who takes it
(the player whose turn it is; ``None``, the host, for turning a Teammate up) and its
likely values, and each option builds its events, so that a program drives a whole game
from the options alone (``examples/drive_stuffed.py``)."""

from __future__ import annotations

import ast
import functools
import os
import random
import re
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from boardgames import stuffed
from boardgames.stuffed import step_table
from boardgames.stuffed.events import (
    Ability,
    BuyCard,
    CompleteMission,
    Discard,
    EndTurn,
    Event,
    Grunt,
    Mission,
    MyBirden,
    NewGame,
    Offer,
    PlayCard,
    Recruit,
    Reroll,
    Roll,
    Seat,
    SpendSet,
    Steal,
    Teammate,
)
from boardgames.stuffed.state import EMPTY, Game
from core.steps import MissingValue, Option

DRIVER = Path(__file__).resolve().parent.parent / "examples" / "drive_stuffed.py"
SEATS = (Seat("Ann", "Kelsier", "charisma"), Seat("Bo", "Vin", "resource"))
HEIST = Mission("Heist", 1, 0, "ch:2,i")
SPOOK = Teammate("Spook", "loyal", "essence", "e,i")
HAM = Teammate("Ham", "mercenary", "coin", "b,i")
GRUNT = Teammate("Grunt", "loyal", "resource", "c:2")


def game(*events: Event, mission: Mission = HEIST) -> Game:
    """The state after set-up and ``events``."""
    return stuffed.replay([NewGame(SEATS, mission), *events])


def offered(state: Game, name: str | None = None) -> list[tuple[str, str | None, dict[str, Any]]]:
    """The options now, as (step, seat, likely values), of the step ``name`` if given."""
    return [(o.name, o.seat, dict(o.values)) for o in stuffed.options(state)
            if name is None or o.name == name]


def pushed(state: Game, option: Option[Game], **values: Any) -> Game:
    """The state after ``option``'s events with ``values``: every one accepted."""
    for event in option.events(**values):
        state = stuffed.apply(state, event)
    return state


def the(state: Game, step: str, **values: Any) -> Option[Game]:
    """The one option of ``step`` whose likely values include ``values``."""
    found = [o for o in stuffed.options(state) if o.name == step
             and all(o.values.get(k) == v for k, v in values.items())]
    assert len(found) == 1, found
    return found[0]


def test_the_package_offers_the_tables_options() -> None:
    assert stuffed.options is step_table.options
    assert stuffed.Option is Option
    assert "options" in stuffed.__all__ and "Option" in stuffed.__all__
    assert [step.name for step in step_table.STEPS if step.offer is None] == []


def test_r_stf_2_nothing_is_offered_before_set_up_or_once_the_mission_is_completed() -> None:
    """R-STF-7: "the first to do so wins" — nothing is left to do."""
    assert stuffed.options(EMPTY) == ()
    won = game(Offer(SPOOK), Roll("e i ch ch i c c c"), Recruit(SPOOK, (1, 2)),
               CompleteMission((3, 4, 5)))
    assert won.over and stuffed.options(won) == ()


def test_r_stf_2_a_turn_starts_with_the_roll_and_the_host_turns_teammates_up() -> None:
    """R-STF-2: "Turn: Roll all 8 Attribute dice." R-STF-5: a recruited Teammate "is
    replaced face up (2 Loyals and 2 Mercenaries always on offer)"."""
    state = game()
    assert offered(state) == [("offer", None, {"kind": "loyal"}),
                              ("offer", None, {"kind": "mercenary"}), ("roll", "Ann", {})]
    turn_up = the(state, "offer", kind="mercenary")
    assert turn_up.needs == ("name", "attribute", "needs")  # only the table knows the card
    with pytest.raises(MissingValue) as missing:
        turn_up.events()
    assert missing.value.param == "name"
    assert turn_up.events(name="Ham", attribute="coin", needs="b,i") == [Offer(HAM)]
    roll = the(state, "roll")
    assert roll.needs == ()
    assert roll.events(faces=["c c e b i ch r r"]) == [Roll("c c e b i ch r r")]
    (made,) = roll.events()  # the tool rolls
    assert isinstance(made, Roll) and len(made.faces) == 8


def _seeded_game(seed: int, turns: int = 6) -> list[Event]:
    """The events of a game whose every option is taken with nothing but a random
    source seeded with ``seed``: the dice rolled and rerolled, and the choices."""
    rng = random.Random(seed)
    state = game(Offer(SPOOK), Offer(HAM))
    events: list[Event] = []
    while state.turn_number < turns and not state.over:
        options = [o for o in stuffed.options(state) if not o.needs]
        rolls = [o for o in options if o.name in ("roll", "reroll")]
        option = rng.choice(rolls or options)
        for event in option.events(rng=rng):
            state = stuffed.apply(state, event)
            events.append(event)
    return events


def test_r_stf_2_an_offered_roll_takes_a_random_source_and_a_seed_replays_the_game() -> None:
    """R-STF-2: "Turn: Roll all 8 Attribute dice"; R-STF-3: a reroll "rolls all the
    chosen unspent dice at once". The dice of an offered roll or reroll come from the
    random source given to the option, so the same seed plays the same game (they came
    from the operating system's, whatever the program's seed); without one the tool
    still rolls as the command line does."""
    state = game()
    roll = the(state, "roll")
    assert roll.needs == ()
    first = roll.events(rng=random.Random(1))
    assert first == roll.events(rng=random.Random(1))
    assert first == [Roll(state.die.roll(8, random.Random(1)))]
    played = _seeded_game(7)
    assert any(isinstance(event, Reroll) for event in played)
    assert played == _seeded_game(7)
    assert played != _seeded_game(8)
    # A step that rolls no dice takes nothing from the source.
    rolled = pushed(state, roll)
    assert the(rolled, "end-turn").events(rng=random.Random(1)) == [EndTurn()]


def test_r_stf_5_a_kind_is_turned_up_only_while_fewer_than_2_are_on_offer() -> None:
    """R-STF-5: "2 Loyals and 2 Mercenaries always on offer"."""
    state = game(Offer(SPOOK), Offer(Teammate("Sazed", "loyal", "intelligence", "i:2")))
    assert offered(state, "offer") == [("offer", None, {"kind": "mercenary"})]
    state = stuffed.apply(state, Offer(HAM))
    state = stuffed.apply(state, Offer(Teammate("Breeze", "mercenary", "charisma", "b,e")))
    assert offered(state, "offer") == []


def test_r_stf_2_after_the_roll_the_turn_may_end_and_the_roll_is_not_offered_again() -> None:
    """R-STF-2: "You may choose to end your turn at any point." """
    state = game(Roll("b b b e e r r i"))
    names = [name for name, _, _ in offered(state)]
    assert "roll" not in names and names[-1] == "end-turn"
    assert the(state, "end-turn").events() == [EndTurn()]
    after = pushed(state, the(state, "end-turn"))
    assert offered(after, "roll") == [("roll", "Bo", {})]


def test_r_stf_4_sets_and_purchases_are_offered_when_the_dice_and_coins_pay() -> None:
    """R-STF-4: "Spend 3 of a kind (not Birdens) for 1 coin; 4 of a kind (not Birdens)
    for 1 Advantage card ... 2 coins also buy 1 Advantage card"."""
    state = game(Roll("c c c c b b b i"))
    assert offered(state, "spend") == [("spend", "Ann", {"dice": ("1", "2", "3")}),
                                       ("spend", "Ann", {"dice": ("1", "2", "3", "4")})]
    assert offered(state, "buy") == [("buy", "Ann", {"what": "coin", "dice": ("1", "2", "3")}),
                                     ("buy", "Ann", {"what": "card",
                                                     "dice": ("1", "2", "3", "4")})]
    assert the(state, "spend", dice=("1", "2", "3")).events() == [SpendSet((1, 2, 3))]
    assert the(state, "buy", what="card").events() == [SpendSet((1, 2, 3, 4))]
    rich = game(Roll("c c c e e e b i"), SpendSet((1, 2, 3)), SpendSet((4, 5, 6)))
    assert offered(rich, "spend") == []
    assert offered(rich, "buy") == [("buy", "Ann", {"what": "card"})]
    assert the(rich, "buy").events() == [BuyCard()]


def test_r_stf_5_recruits_and_steals_are_offered_when_the_dice_and_coins_pay() -> None:
    """R-STF-5: "Spend dice matching a Teammate's combination to recruit it; a Mercenary
    also costs 2 coins ... Mercenaries ... can be stolen by rolling their combination and
    paying 2 coins"."""
    state = game(Offer(SPOOK), Offer(HAM), Roll("e i b i c c c ch"))
    assert offered(state, "recruit") == [("recruit", "Ann", {"name": "Spook",
                                                             "dice": ("1", "2")})]
    assert the(state, "recruit").events() == [Recruit(SPOOK, (1, 2))]
    paid = game(Offer(HAM), Roll("c c c r r r b i"), SpendSet((1, 2, 3)), SpendSet((4, 5, 6)))
    assert offered(paid, "recruit") == [("recruit", "Ann", {"name": "Ham", "dice": ("7", "8")})]
    mine = pushed(paid, the(paid, "recruit"))
    assert offered(mine, "steal") == []  # never from one's own team
    theirs = pushed(mine, the(mine, "end-turn"))
    theirs = stuffed.apply(theirs, Roll("ch ch ch r r r b i"))
    assert offered(theirs, "steal") == []  # Bo has no coins yet
    theirs = stuffed.apply(stuffed.apply(theirs, SpendSet((1, 2, 3))), SpendSet((4, 5, 6)))
    assert offered(theirs, "steal") == [("steal", "Bo", {"name": "Ham", "victim": "Ann",
                                                         "dice": ("7", "8")})]
    assert the(theirs, "steal").events() == [Steal("Ann", "Ham", (7, 8))]


def test_r_stf_7_the_mission_is_offered_once_the_team_meets_it_and_the_dice_make_it() -> None:
    """R-STF-7: "No one may try the combination before the requirement is met." """
    state = game(Offer(SPOOK), Roll("e i ch ch i c c c"))
    assert offered(state, "mission") == []  # no Teammate yet
    state = pushed(state, the(state, "recruit"))
    assert offered(state, "mission") == [("mission", "Ann", {"dice": ("3", "4", "5")})]
    assert the(state, "mission").events() == [CompleteMission((3, 4, 5))]


def test_r_stf_6_each_unused_ability_whose_attribute_die_is_unspent_is_offered() -> None:
    """R-STF-6: "Spend one die of the matching Attribute on a Hero or Teammate to use its
    ability, once per character per turn." R-STF-4: Grunt trades "a 3 of a kind (not
    Birdens) ... for an Advantage card", once per turn."""
    state = game(Offer(GRUNT), Offer(SPOOK), Roll("c c r e e e ch i"))
    state = pushed(state, the(state, "recruit", name="Grunt"))
    assert offered(state, "ability") == [
        ("ability", "Ann", {"character": "Kelsier"}),
        ("ability", "Ann", {"character": "Grunt", "trade": ("4", "5", "6"), "pay": 3})]
    assert the(state, "ability", character="Grunt").events() == [Grunt(3, (4, 5, 6))]
    assert the(state, "ability", character="Kelsier").events(coins=1) == [
        Ability("Kelsier", 7, coins=1)]
    used = pushed(state, the(state, "ability", character="Kelsier"))
    assert offered(used, "ability") == [
        ("ability", "Ann", {"character": "Grunt", "trade": ("4", "5", "6"), "pay": 3})]
    spent = pushed(used, the(used, "spend"))  # the 3 essence: Grunt has no set left
    assert offered(spent, "ability") == []


def test_r_stf_3_rerolls_are_offered_by_the_hero_and_by_a_card_with_the_dice_to_reroll(
) -> None:
    """R-STF-3: "rerolls come from the Hero's ability (R-STF-6: it costs one die of the
    Hero's Attribute) and from Advantage cards. A reroll rolls all the chosen unspent
    dice at once; spent dice cannot be rerolled." The likely dice are those the odds
    (R-STF-8) would not keep for the Mission."""
    met = game(Offer(SPOOK), Roll("e i c c c c b b"), Recruit(SPOOK, (1, 2)),
               SpendSet((3, 4, 5, 6)), EndTurn(), Roll("b b b b b b b b"), EndTurn())
    state = stuffed.apply(met, Roll("ch b r c c e b ch"))
    rest = ("2", "3", "4", "5", "6", "7")
    assert offered(state, "reroll") == [
        ("reroll", "Ann", {"by": "Kelsier", "dice": rest, "pay": 8}),  # 1 charisma kept
        ("reroll", "Ann", {"card": "card", "dice": rest})]  # both charisma kept
    (event,) = the(state, "reroll", by="Kelsier").events(faces=["i ch r c c e"])
    assert event == Reroll((2, 3, 4, 5, 6, 7), "i ch r c c e", character="Kelsier", paid=8)
    (event,) = the(state, "reroll", card="card").events(faces=["i ch r c c e"])
    assert event == Reroll((2, 3, 4, 5, 6, 7), "i ch r c c e", card="")
    made = stuffed.apply(met, Roll("ch i ch c c e b b"))  # nothing worth rerolling
    assert [(o.values, o.needs) for o in stuffed.options(made) if o.name == "reroll"] == [
        ({"by": "Kelsier"}, ("dice",)), ({"card": "card"}, ("dice",))]
    used = stuffed.apply(state, Ability("Kelsier", 8))
    assert [o.values.get("by") for o in stuffed.options(used) if o.name == "reroll"] == [None]


def test_r_stf_4_play_and_discard_are_offered_while_the_hand_holds_a_card() -> None:
    """R-STF-4: "A hand holds at most 4 Advantage cards: with 4, play or discard one
    before drawing." Which card is played only the table knows."""
    state = game(Roll("c c c c i r e ch"))
    assert offered(state, "play") == offered(state, "discard") == []
    state = pushed(state, the(state, "spend", dice=("1", "2", "3", "4")))
    assert offered(state, "play") == [("play", "Ann", {})]
    play = the(state, "play")
    assert play.needs == ("card",)
    with pytest.raises(MissingValue):
        play.events()
    assert play.events(card=["Windfall"], coins=2) == [PlayCard("Windfall", coins=2)]
    assert the(state, "discard").events() == [Discard()]
    assert ("reroll", "Ann", {"card": "card"}) in offered(state)  # aiming at nothing yet
    birden = game(Roll("c c c c i i i b"), SpendSet((1, 2, 3, 4)))
    assert offered(birden, "play") == [
        ("play", "Ann", {}), ("play", "Ann", {"card": ("My Birden",), "dice": ("5", "6", "7")})]
    assert the(birden, "play", card=("My Birden",)).events() == [MyBirden(8, (5, 6, 7))]


# --- whole games from the options alone ------------------------------------------------

ATTRIBUTES = ("coin", "essence", "intelligence", "charisma", "resource")
COMBOS = ("e,i", "i:2", "c,ch", "ch:2", "r,e", "b,i", "b,r", "b,e", "c", "i,ch", "c:2",
          "b:2", "e:2,r")


def _cards(rng: random.Random) -> Iterable[tuple[str, str, str]]:
    """Teammate cards to turn up: Grunt first, then ones made up, each named anew."""
    yield "Grunt", "resource", "c,i"
    for number in range(1, 1000):
        yield f"Mate {number}", rng.choice(ATTRIBUTES), rng.choice(COMBOS)


def _table_values(option: Option[Game], cards: Iterable[tuple[str, str, str]],
                  rng: random.Random) -> dict[str, Any]:
    """What the table gives ``option`` for what it needs: the card turned up, a card's
    name, dice chosen to reroll (never the die that pays for the ability), and the dice
    rolled, from the seeded source."""
    state = option.state
    values: dict[str, Any] = {}
    if option.name == "offer":
        name, attribute, needs = next(iter(cards))
        values = {"name": name, "attribute": attribute, "needs": needs}
    if "card" in option.needs:
        values["card"] = [rng.choice(["Windfall", "Dust Storm", "Scouting"])]
    if "dice" in option.needs:
        paying = state.current.seat.attribute if "by" in option.values else None
        others = [p for p, s in state.unspent if s is not paying] or [state.unspent[0][0]]
        values["dice"] = [str(others[0])]
    if option.name in ("roll", "reroll"):  # seeded dice: all 8, or those rerolled
        count = len(values.get("dice") or option.values.get("dice") or range(stuffed.DICE))
        values["faces"] = [str(face) for face in state.die.roll(count, rng)]
    return values


@functools.cache
def _whole_game(seed: int) -> tuple[Game, frozenset[str]]:
    """A game played to its end by seeded random choices among the options, each option
    offered at every step pushed (with what the table gives it) to check it is accepted."""
    rng = random.Random(seed)
    cards = iter(_cards(rng))
    mission = Mission("Heist", 3, 1, rng.choice(["ch:2,i,r", "3-kind,b", "i:2,c"]))
    state = game(mission=mission)
    seen: set[str] = set()
    for _ in range(3000):
        options = stuffed.options(state)
        if not options:
            break
        for option in options:
            given = _table_values(option, cards, rng)
            pushed(state, option, **given)  # accepted as offered
            seen.add(option.name)
        first = [o for o in options if o.name in ("offer", "mission", "recruit", "steal")]
        pick = first[0] if first else rng.choice(options)
        state = pushed(state, pick, **_table_values(pick, cards, rng))
    return state, frozenset(seen)


@pytest.mark.parametrize("seed", range(6))
def test_r_stf_2_every_option_offered_in_a_whole_game_is_accepted(seed: int) -> None:
    """R-STF-2..7: at every step of several whole games, each option offered, given
    what it needs, is accepted by the rules; the game ends with the Mission won."""
    state, _ = _whole_game(seed)
    assert state.over


def test_r_stf_2_whole_games_offer_every_step_of_the_table() -> None:
    """R-STF-2..7: the games above meet every step of the table, each offered."""
    seen: set[str] = set()
    for seed in range(6):
        seen |= _whole_game(seed)[1]
    assert seen == set(step_table.STEPS.names())


# --- the driver script -----------------------------------------------------------------

WON = re.compile(r"^The game ends on turn (\d+): (Ann|Bo) wins \((\d+) events\)$")


def drive(*args: str, columns: int = 200) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(DRIVER), *args], capture_output=True,
                          text=True, timeout=120, check=False,
                          env={**os.environ, "COLUMNS": str(columns)})


@pytest.mark.parametrize("seed", [None, "1", "42"])
def test_r_stf_7_the_driver_plays_a_whole_game_to_its_winner(seed: str | None) -> None:
    """R-STF-7: "match the Mission's combination with the dice; the first to do so
    wins." The driver reaches it from the options alone."""
    done = drive(*([seed] if seed else []))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0].startswith("A game of Stuffed begins with Ann")
    assert WON.match(lines[-1]), lines[-1]
    assert re.search(r"completes the Mission Heist .* and wins the game\.$", lines[-2])
    assert drive(*([seed] if seed else [])).stdout == done.stdout  # seeded


def test_the_driver_reads_at_40_columns() -> None:
    narrow, wide = drive("3", columns=40).stdout, drive("3").stdout
    assert max(len(line) for line in narrow.splitlines()) <= 40
    assert " ".join(narrow.split()) == " ".join(wide.split())


def test_the_driver_knows_no_rule_and_builds_no_event_but_the_set_up() -> None:
    tree = ast.parse(DRIVER.read_text(encoding="utf-8"))
    roots = {alias.name.split(".")[0] for node in ast.walk(tree)
             if isinstance(node, ast.Import) for alias in node.names}
    roots |= {node.module for node in ast.walk(tree)
              if isinstance(node, ast.ImportFrom) and node.module}
    assert roots <= {"__future__", "random", "shutil", "sys", "textwrap",
                     "collections.abc", "typing", "boardgames"}, roots
    events = {cls.__name__ for cls in stuffed.EVENTS}
    built = {node.func.attr for node in ast.walk(tree) if isinstance(node, ast.Call)
             and isinstance(node.func, ast.Attribute) and node.func.attr in events}
    assert built == {"NewGame"}  # the table's set-up: who plays, which Mission
