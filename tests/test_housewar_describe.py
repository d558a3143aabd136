"""Each House War event in one sentence: the whole game's log, and the other cases."""

from __future__ import annotations

import pytest
from test_housewar import R, started, through_step3
from test_housewar_game import GAME

from boardgames.housewar import (
    AddProblem,
    AddUnrest,
    ChangeCost,
    Collect,
    DiscardFaceDown,
    Event,
    FaceDown,
    MoveProblem,
    NoDeal,
    Pass,
    Score,
    Share,
    Solve,
    State,
    Transfer,
    Worsen,
    replay,
)
from boardgames.housewar.describe import describe
from boardgames.session import Session

DOUBLED = "(doubled: the Lord Ruler is in play)"

LOG = [
    "A 3-player short game begins (1 pile above Vin): Tekiel, Venture and Lekal, in turn "
    "order; the supply holds 6 Atium and 8 of each other resource.",
    "Ashfall is placed at Urgency I.",
    "Riot is placed at Urgency II.",
    "Famine is placed at Urgency I.",
    "Tekiel takes 1 Money, 1 Food from the supply.",
    "Venture takes 1 Skaa, 1 Warrior from the supply.",
    "Lekal takes 1 Food, 1 Prestige from the supply.",
    # turn 1
    "Tekiel collects 4 Money, 2 Food, 2 Prestige (double income on the first turn).",
    "Riot worsens from Urgency II to III.",
    "Ashfall worsens from Urgency I to II.",
    "Famine worsens from Urgency I to II.",
    "Vin is drawn at Urgency I.",
    "Ashfall is solved: Tekiel pays 2 Food; Favor: Tekiel 4.",
    "Tekiel's turn ends; Venture is the Active House for turn 2.",
    # turn 2
    "Venture collects 2 Money, 2 Skaa, 1 Warrior.",
    "Famine worsens from Urgency II to III.",
    "Riot worsens from Urgency III to IV.",
    "Vin worsens from Urgency I to II.",
    "The Lord Ruler is drawn at Urgency III.",
    f"Riot is solved: Venture pays 1 Skaa, 1 Warrior; Favor: Venture 4, Lekal 2 {DOUBLED}.",
    "Venture's turn ends; Lekal is the Active House for turn 3.",
    # turn 3
    "Lekal collects 2 Food, 1 Prestige, 1 Skaa.",
    "Lekal plays Financial Heir face down.",
    "Famine worsens from Urgency III to IV.",
    "The Lord Ruler worsens from Urgency III to IV.",
    "Vin worsens from Urgency II to III.",
    "Koloss Assault is drawn and erupts at once (column IV full): apply its eruption effect.",
    f"Tekiel gains 1 Disgrace {DOUBLED}: score 2.",
    f"Venture gains 1 Disgrace {DOUBLED}: score 2.",
    f"Lekal gains 1 Disgrace {DOUBLED}: score 0.",
    "Lekal passes and takes 1 Atium from the supply.",
    "Lekal's turn ends; Tekiel is the Active House for turn 4.",
    # turn 4
    "Tekiel collects 2 Money, 1 Food, 1 Prestige, stealing 1 Money from Venture.",
    "Famine erupts from Urgency IV: apply its eruption effect.",
    "Unrest rises by 2 to 2.",
    "The Lord Ruler erupts from Urgency IV: apply its eruption effect.",
    f"Tekiel gains 1 Disgrace {DOUBLED}: score 0.",
    f"Venture gains 1 Disgrace {DOUBLED}: score 0.",
    f"Lekal gains 1 Disgrace {DOUBLED}: score -2.",
    "Vin worsens from Urgency III to IV.",
    "Skaa Rebellion is drawn at Urgency II.",
    "Tekiel passes and takes 1 Atium from the supply.",
    "Tekiel's turn ends; Venture is the Active House for turn 5.",
    # turn 5
    "Venture collects 2 Money, 2 Skaa, 1 Warrior, stealing 2 Money from Tekiel.",
    "Unrest rises by 4 to 6.",
    "Vin erupts from Urgency IV. The game is over: Vin erupted with Unrest 6: the Final "
    "Empire is (just barely) saved; reveal Lekal's Financial Heir before the totals "
    "(highest score wins).",
    "Lekal reveals Financial Heir: 2 Favor, score 0. The game is over: Vin erupted with "
    "Unrest 6: the Final Empire is (just barely) saved; highest score wins: Tekiel wins.",
]


def _log(events: list[Event]) -> list[str]:
    game = replay(events[:1])
    lines = [describe(replay([]).state, events[0], game.state)]
    for event in events[1:]:
        before = game.state
        lines.append(describe(before, event, game.push(event)))
    return lines


def test_the_whole_game_reads_as_a_log() -> None:
    assert _log(GAME) == LOG


def _say(game: Session[State, Event], event: Event) -> str:
    before = game.state
    return describe(before, event, game.push(event))


def test_moves_skips_and_the_deck() -> None:
    game = started(problems=[("Cult of the Survivor", 1), ("Riot", 2), ("Plague", 2)])
    game.push(Collect("Tekiel"))
    assert _say(game, Worsen("Cult of the Survivor")) == (
        "Cult of the Survivor worsens from Urgency I to III (column II full).")
    assert _say(game, MoveProblem("Cult of the Survivor", by=-1)) == (
        "Cult of the Survivor moves from Urgency III to I (column II full).")
    assert _say(game, MoveProblem("Cult of the Survivor", by=-1)) == (
        "Cult of the Survivor moves left off Urgency I onto the top of the Problem deck: it "
        "is the next Problem drawn.")
    assert _say(game, MoveProblem("Riot", to="highest")) == (
        "Riot moves from Urgency II to IV, the highest possible.")
    assert _say(game, MoveProblem("Riot", by=-2)) == "Riot moves from Urgency IV to II."
    game.push(Worsen("Riot"))  # II → III
    game.push(Worsen("Plague"))  # II → III
    assert _say(game, AddProblem("Cult of the Survivor")) == (
        "Cult of the Survivor is drawn again from the top of the deck at Urgency I.")
    assert _say(game, MoveProblem("Plague", by=3)) == (
        "Plague erupts from Urgency III: apply its eruption effect.")
    assert _say(game, AddProblem("Plague", reason="effect", place="lowest")) == (
        "Plague returns to the board at Urgency I (the lowest possible).")


def test_one_more_problem_must_be_added() -> None:
    game = started(problems=[("Ashfall", 4), ("Riot", 4), ("Famine", 3)])
    game.push(Collect("Tekiel"))
    for name in ("Famine", "Ashfall", "Riot"):
        game.push(Worsen(name))
    assert _say(game, AddProblem("Plague", 2)) == (
        "Plague is drawn at Urgency II; only 1 on the board, so 1 more must be added.")


def test_deals_costs_and_trades() -> None:
    game = started(problems=[("Riot", 2), ("Famine", 3)])
    game.push(AddProblem("Growing Suspicions", 1, reason="setup",
                         cost=R("2 food 2 prestige 2 skaa")))
    game.push(Transfer("supply", "Tekiel", R("2 food 1 skaa 1 atium 1 money 1 prestige")))
    through_step3(game)
    assert _say(game, ChangeCost("Growing Suspicions", lowered=R("3 prestige"))) == (
        "Growing Suspicions now costs 2 Food, 2 Skaa until the end of the turn (lowered by "
        "2 Prestige of 3 Prestige: never more than is printed).")
    assert _say(game, ChangeCost("Growing Suspicions", raised=R("1 warriors"))) == (
        "Growing Suspicions now costs 2 Food, 2 Skaa, 1 Warrior until the end of the turn "
        "(raised by 1 Warrior).")
    assert _say(game, Solve("Growing Suspicions", (
        Share("Tekiel", R("2 food 2 skaa 1 warriors")),))) == (
        "Growing Suspicions is solved: Tekiel pays 2 Food, 1 Skaa, 1 Atium as Warriors, "
        "1 Money + 1 Prestige as Skaa.")
    game.pop()
    assert _say(game, NoDeal("Growing Suspicions")) == (
        "The deal over Growing Suspicions fails: it stays at Urgency II and nothing is paid.")
    assert _say(game, Transfer("Tekiel", "Venture", R("1 food"))) == (
        "Tekiel gives 1 Food to Venture.")
    assert _say(game, Transfer("Venture", "supply", R("1 food"))) == (
        "Venture returns 1 Food to the supply.")
    assert _say(game, Transfer("Tekiel", "destroyed", R("1 atium"))) == (
        "Tekiel loses 1 Atium to the destroyed resources (out of play).")
    assert _say(game, Transfer("destroyed", "Lekal", R("1 atium"))) == (
        "Lekal retrieves 1 Atium from the destroyed resources.")
    assert _say(game, Transfer("supply", "destroyed", R("1 skaa"))) == (
        "1 Skaa in the supply is destroyed (out of play).")
    assert _say(game, Transfer("destroyed", "supply", R("1 skaa"))) == (
        "1 Skaa goes back from the destroyed resources to the supply.")
    assert _say(game, AddUnrest(3)) == "Unrest rises by 3 to 3."
    assert _say(game, AddUnrest(-1)) == "Unrest falls by 1 to 2."
    assert _say(game, Score("Lekal", favor=2)) == "Lekal gains 2 Favor: score 2."
    assert _say(game, Score("Lekal", favor=-1, modifier=True)) == (
        "Lekal adjusts its gain by -1 Favor: score 1.")
    assert _say(game, FaceDown("Lekal", "Heir")) == "Lekal plays Heir face down."
    assert _say(game, DiscardFaceDown("Lekal", "heir")) == (
        "Lekal's face-down Heir is discarded.")


def test_passing_for_a_card() -> None:
    game = through_step3(started())
    assert _say(game, Pass("Tekiel")) == "Tekiel passes and draws 1 Personality card."


def test_what_neither_the_supply_nor_another_house_holds_is_lost() -> None:
    """"If there aren't enough resources in the supply or among all other players
    (typically because resources have been destroyed), then you collect only what is
    available. The balance is lost." (R-HW-5)"""
    game = started(legacy=True)  # a game saved before set-up collection (R-HW-5)
    game.push(Transfer("supply", "destroyed", R("8 food")))
    assert _say(game, Collect("Tekiel", R("1 money 1 food"))) == (
        "Tekiel collects 2 Money (double income on the first turn); 2 Food is lost: "
        "neither the supply nor another House holds it.")


@pytest.mark.parametrize("event", [MoveProblem("Riot", by=-1), Score("Tekiel", favor=1)])
def test_sentences_are_one_line(event: Event) -> None:
    game = through_step3(started())
    assert "\n" not in _say(game, event)
