"""House War's set-up collection, remembered income and first Active House (R-HW-5),
hidden scores and the end-game breakdown (R-HW-6), and refusing to lower a cost with
nothing left to lower (R-HW-4). Known answers worked out by hand from the rulebook."""

from __future__ import annotations

import json

import pytest
from test_housewar import HOUSES, R, refused, started, through_step3

from boardgames.errors import BadValue
from boardgames.housewar import (
    CODEC,
    AddProblem,
    AddUnrest,
    Advisor,
    Award,
    ChangeCost,
    Collect,
    FaceDown,
    Pass,
    Phase,
    Reveal,
    Ruin,
    Score,
    Share,
    Sheet,
    Solve,
    Start,
    Steal,
    Step,
    Transfer,
    Worsen,
    board,
    breakdown,
    describe,
    first_active,
    looking,
    new_game,
    replay,
    replay_json,
    snapshot,
)
from boardgames.housewar.resources import Resources
from boardgames.housewar.screen import HouseRow, Houses
from core.viewer import NARRATOR, TABLE, player

# --- R-HW-5: set-up collection ------------------------------------------------------------


def test_r_hw_5_every_house_collects_its_sheet_at_set_up_from_the_supply() -> None:
    game = new_game(3, "short", HOUSES)
    assert game.state.next_step is Step.SETUP_SHEETS
    game.push(Sheet("Tekiel", R("2 money 1 food 1 prestige"), cards=1))
    game.push(Sheet("Venture", R("2 skaa 1 warriors")))
    game.push(Sheet("Lekal", R("2 food 1 skaa")))
    assert game.state.house("Tekiel").resources == R("2 money 1 food 1 prestige")
    assert game.state.house("Lekal").resources == R("2 food 1 skaa")
    # 3 players: 8 of each; the sheets took 2 Money, 3 Food, 1 Prestige, 3 Skaa, 1
    # Warriors.
    assert game.state.supply == Resources(6, 5, 7, 5, 7, 6)
    assert game.state.next_step is Step.SETUP_PROBLEMS
    refused(game, Sheet("Lekal", R("1 food")), "Lekal has already collected its sheet")


def test_r_hw_5_only_the_first_active_house_collects_again_on_turn_1() -> None:
    # The rulebook's Peter plays Tekiel (2 Money, 1 Food, 1 Prestige): set-up and his
    # first turn give him 4 Money, 2 Food and 2 Prestige; Venture (2 Skaa, 1 Warriors)
    # holds only its set-up collection until its own first turn.
    game = started(sheets=["2 money 1 food 1 prestige", "2 skaa 1 warriors", "1 food"])
    game.push(Collect("Tekiel"))
    assert game.state.house("Tekiel").resources == R("4 money 2 food 2 prestige")
    assert game.state.house("Venture").resources == R("2 skaa 1 warriors")
    assert game.state.supply == Resources(4, 5, 6, 6, 7, 6)
    for name in ("Famine", "Riot", "Ashfall"):
        game.push(Worsen(name))
    game.push(AddProblem("Plague", 1))
    game.push(Pass("Tekiel"))
    game.push(_end_turn())
    game.push(Collect("Venture"))  # single income, no doubling
    assert game.state.house("Venture").resources == R("4 skaa 2 warriors")


def _end_turn() -> object:
    from boardgames.housewar import EndTurn

    return EndTurn()


def test_r_hw_5_the_first_turn_needs_every_sheet_and_every_problem() -> None:
    game = new_game(3, "short", HOUSES)
    game.push(Sheet("Tekiel", R("1 money")))
    for name, urgency in (("Ashfall", 1), ("Riot", 2), ("Famine", 3)):
        game.push(AddProblem(name, urgency, reason="setup"))
    refused(game, Collect("Tekiel"),
            r"R-HW-5: every House collects its sheet at set-up first \(still to collect: "
            r"Venture, Lekal\)")
    game.push(Sheet("Venture"))
    game.push(Sheet("Lekal"))
    game.push(Collect("Tekiel"))
    refused(game, Sheet("Lekal", R("1 food")), "R-HW-5: sheets are collected at set-up")


def test_r_hw_5_a_short_supply_at_collection_is_stolen_then_lost() -> None:
    game = started(sheets=["2 money 1 food", "", ""])
    game.push(Transfer("supply", "destroyed", R("5 money")))
    game.push(Transfer("supply", "Venture", R("7 food")))
    # The supply holds 1 Money and 0 Food; Tekiel collects 2 Money and 1 Food: it
    # steals 1 Food from Venture, and the missing Money, which no House holds, is lost.
    event = Collect("Tekiel", steal=(Steal("Venture", R("1 food")),))
    before = game.state
    after = game.push(event)
    assert after.house("Tekiel").resources == R("3 money 2 food")
    assert describe(before, event, after) == (
        "Tekiel collects 1 Money, 1 Food, stealing 1 Food from Venture; 1 Money is lost: "
        "neither the supply nor another House holds it.")


# --- R-HW-5: the first Active House ---------------------------------------------------------


@pytest.mark.parametrize(("houses", "first"), [
    (("Lekal", "Venture", "Tekiel"), "Venture"),
    (("Hasting", "Steel Ministry", "Elariel"), "Steel Ministry"),
    (("House Tekiel", "House Hasting", "Lekal"), "House Hasting"),
    (("Elariel", "Tekiel", "Lekal", "Erikeller", "Buvidas"), "Elariel"),
    (("Red", "Blue", "Green"), "Red"),  # none on the list: the first named
])
def test_r_hw_5_the_first_active_house_is_highest_on_the_house_list(
        houses: tuple[str, ...], first: str) -> None:
    assert first_active(houses) == first


def test_r_hw_5_the_table_may_name_the_first_house_and_turns_go_on_around() -> None:
    game = replay([Start(3, "short", ["Lekal", "Venture", "Tekiel"], first="tekiel")])
    assert game.state.active.name == "Tekiel"
    for house in ("Lekal", "Venture", "Tekiel"):
        game.push(Sheet(house))
    for name, urgency in (("Ashfall", 1), ("Riot", 2), ("Famine", 3)):
        game.push(AddProblem(name, urgency, reason="setup"))
    refused(game, Collect("Lekal"), "it is Tekiel's turn")
    through_step3(game)
    game.push(Pass("Tekiel"))
    game.push(_end_turn())
    assert game.state.active.name == "Lekal"  # on around the table
    with pytest.raises(BadValue, match="R-HW-5: the first Active House 'Kredik' is not"):
        Start(3, "short", ["Lekal", "Venture", "Tekiel"], first="Kredik")


# --- R-HW-5: the income remembered ----------------------------------------------------------


def test_r_hw_5_income_is_the_sheet_less_ruined_icons_plus_advisors() -> None:
    game = started(sheets=["2 money 1 food", "", ""])
    through_step3(game, income=None)
    game.push(Pass("Tekiel"))
    game.push(Ruin("Tekiel", R("1 food")))  # an eruption ruins Tekiel's Food
    assert game.state.house("Tekiel").income == R("2 money")
    refused(game, Ruin("Tekiel", R("1 food")), "no uncovered icon for 1 Food")
    game.push(Advisor("Tekiel", R("1 prestige")))  # a Labor Advisor played face up
    assert game.state.house("Tekiel").income == R("2 money 1 prestige")
    game.push(Ruin("Tekiel", R("1 food"), dismissed=True))  # a Lesser Noble
    assert game.state.house("Tekiel").income == R("2 money 1 food 1 prestige")
    game.push(Ruin("Tekiel", R("1 prestige")))  # the Advisor's icon can be ruined too
    game.push(Advisor("Tekiel", R("1 prestige"), discarded=True))  # a Coinshot
    house = game.state.house("Tekiel")
    assert (house.income, house.ruined) == (R("2 money 1 food"), R(""))
    refused(game, Advisor("Tekiel", R("1 skaa"), discarded=True), "Advisors give nothing")


def test_r_hw_5_collect_with_no_numbers_takes_the_remembered_income() -> None:
    game = started(sheets=["2 money 1 food", "", ""])
    before = game.state
    assert describe(before, Collect("Tekiel"), game.push(Collect("Tekiel"))) == (
        "Tekiel collects 2 Money, 1 Food.")
    game.pop()
    after = game.push(Collect("Tekiel", R("1 money")))  # given: what it collects instead
    assert describe(before, Collect("Tekiel", R("1 money")), after) == (
        "Tekiel collects 1 Money (as given; its income is 2 Money, 1 Food).")


def test_r_hw_5_sentences_of_the_sheet_ruin_and_advisor() -> None:
    game = new_game(3, "short", HOUSES)
    before = game.state
    event = Sheet("Tekiel", R("2 money 1 warriors"), cards=2)
    assert describe(before, event, game.push(event)) == (
        "Tekiel collects its sheet at set-up: 2 Money, 1 Warrior and 2 Personality cards.")
    game = through_step3(started(sheets=["2 money 1 food", "", ""]), income=None)
    for event, said in (
            (Ruin("Tekiel", R("1 food")),
             "A Ruined token covers Tekiel's 1 Food: it collects 2 Money each turn."),
            (Advisor("Tekiel", R("1 warriors")),
             "Tekiel's Advisor comes into play, adding 1 Warrior: it collects 2 Money, 1 "
             "Warrior each turn."),
            (Ruin("Tekiel", R("1 food"), dismissed=True),
             "A Ruined token is dismissed from Tekiel's 1 Food: it collects 2 Money, 1 Food, "
             "1 Warrior each turn.")):
        before = game.state
        assert describe(before, event, game.push(event)) == said


# --- R-HW-5: games saved before set-up collection keep their meaning --------------------------


def test_r_hw_5_a_schema_1_game_replays_with_its_first_turn_doubled() -> None:
    lines = [json.dumps({"game": "housewar", "schema": 1, **body}) for body in (
        {"type": "start", "players": 3, "length": "short", "houses": list(HOUSES)},
        {"type": "add_problem", "name": "Ashfall", "urgency": 1, "reason": "setup"},
        {"type": "add_problem", "name": "Riot", "urgency": 2, "reason": "setup"},
        {"type": "add_problem", "name": "Famine", "urgency": 3, "reason": "setup"},
        {"type": "collect", "house": "Tekiel", "income": {"money": 2, "food": 1},
         "steal": []})]
    game = replay_json(lines)
    assert game.events[0] == Start(3, "short", HOUSES, setup_collection=False, rules=1)
    assert game.state.house("Tekiel").resources == R("4 money 2 food")
    # Written again, it is version 2 and reads the same.
    assert replay_json([CODEC.to_json(e) for e in game.events]).state == game.state
    refused(started(legacy=True), Sheet("Tekiel"), "set up before sheets were collected")


# --- R-HW-4: lowering a cost ------------------------------------------------------------------


def test_r_hw_4_lowering_a_cost_already_at_0_is_refused() -> None:
    game = started(problems=[("Riot", 2), ("Famine", 3)])
    game.push(AddProblem("Ashfall", 1, reason="setup", cost=R("2 food")))
    through_step3(game)
    game.push(ChangeCost("Ashfall", lowered=R("2 food")))
    assert game.state.card("Ashfall").cost_now == R("")  # type: ignore[union-attr]
    refused(game, ChangeCost("Ashfall", lowered=R("1 food")),
            r"R-HW-4: Ashfall's printed cost has no Food left to lower \(it costs nothing "
            r"now\)")
    refused(game, ChangeCost("Ashfall", lowered=R("1 skaa")), "no Skaa left to lower")
    game.push(ChangeCost("Ashfall", raised=R("1 food")))  # an Informant's icon
    refused(game, ChangeCost("Ashfall", lowered=R("1 food")),  # lowers printed icons only
            r"no Food left to lower \(it costs 1 Food now\)")


def test_r_hw_4_and_5_one_warrior_reads_in_the_singular() -> None:
    assert R("1 warriors").text() == "1 Warrior" and R("2 w").text() == "2 Warriors"
    game = through_step3(started())
    before = game.state
    assert describe(before, Pass("Tekiel", "warriors"), game.push(Pass("Tekiel", "w"))) == (
        "Tekiel passes and takes 1 Warrior from the supply.")


# --- R-HW-6: hidden scores ------------------------------------------------------------------


def _scored() -> object:
    game = started(problems=[("Riot", 2), ("Famine", 3)])
    game.push(AddProblem("Disobedience", 1, reason="setup", cost=R("1 skaa"), favor=5))
    game.push(Transfer("supply", "Venture", R("1 skaa")))
    through_step3(game)
    game.push(Score("Lekal", disgrace=2, source="Riot"))
    game.push(FaceDown("Venture", "Financial Heir"))
    return game


def _row(state: object, viewer: object, name: str) -> HouseRow:
    houses = next(item for item in board(state, viewer)  # type: ignore[arg-type]
                  if isinstance(item, Houses))
    return next(row for row in houses.rows if row.name == name)


def test_r_hw_6_the_shared_board_shows_no_score_and_no_face_down_card() -> None:
    game = _scored()
    state = game.state  # type: ignore[attr-defined]
    for name in HOUSES:
        row = _row(state, TABLE, name)
        assert (row.favor, row.disgrace, row.score) == (None, None, None)
    assert _row(state, TABLE, "Venture").details == "tokens S1 · 1 face down"
    shown = snapshot(state, TABLE)
    assert all(h["score"] is None and h["favor"] is None and h["face_down"] is None
               for h in shown["houses"])
    assert [h["face_down_count"] for h in shown["houses"]] == [0, 1, 0]
    assert "Financial Heir" not in json.dumps(shown) and '"disgrace": 2' not in json.dumps(
        shown)


def test_r_hw_6_a_player_sees_their_own_score_and_cards_only() -> None:
    state = _scored().state  # type: ignore[attr-defined]
    venture = looking(houses=["venture"])
    assert _row(state, venture, "Venture").details == "tokens S1 · face down: Financial Heir"
    assert (_row(state, venture, "Venture").score, _row(state, venture, "Lekal").score) == (
        0, None)
    lekal = looking(houses=["Lekal"])
    assert _row(state, lekal, "Lekal").score == -2
    assert _row(state, NARRATOR, "Lekal").score == -2  # the host sees everything


def test_r_hw_6_sentences_name_gains_and_cards_only_to_those_who_may_see_them() -> None:
    game = started(problems=[("Riot", 2), ("Famine", 3)])
    game.push(AddProblem("Disobedience", 1, reason="setup", cost=R("1 skaa"), favor=7))
    game.push(Transfer("supply", "Lekal", R("1 skaa")))
    through_step3(game)
    deal = Solve("Disobedience", (Share("Lekal", R("1 skaa")),),
                 (Award("Lekal", 5), Award("Venture", 2)))
    before, after = game.state, game.push(deal)
    assert describe(before, deal, after, viewer=TABLE) == (
        "Disobedience is solved: Lekal pays 1 Skaa; Favor: Lekal (face down), Venture "
        "(face down).")
    assert describe(before, deal, after, viewer=player(["lekal"])) == (
        "Disobedience is solved: Lekal pays 1 Skaa; Favor: Lekal 5, Venture (face down).")
    assert describe(before, deal, after) == (
        "Disobedience is solved: Lekal pays 1 Skaa; Favor: Lekal 5, Venture 2.")
    for event, said in ((Score("Venture", favor=1, disgrace=2), "Venture gains Favor and "
                         "Disgrace (face down)."),
                        (Score("Venture", favor=-1, modifier=True),
                         "Venture's gain is adjusted (face down)."),
                        (FaceDown("Venture", "Heir"), "Venture plays a Personality face "
                         "down.")):
        before = game.state
        assert describe(before, event, game.push(event), viewer=TABLE) == said


def test_r_hw_6_at_the_end_everything_is_revealed_with_a_breakdown_by_source() -> None:
    game = started(problems=[("The Lord Ruler", 2), ("Famine", 3)])
    game.push(AddProblem("Disobedience", 1, reason="setup", cost=R("1 skaa"), favor=5))
    game.push(Transfer("supply", "Lekal", R("1 skaa")))
    through_step3(game)
    # The Lord Ruler is in play: Lekal's 3 Favor become 6, Venture's 2 become 4.
    game.push(Solve("Disobedience", (Share("Lekal", R("1 skaa")),),
                    (Award("Lekal", 3), Award("Venture", 2))))
    game.push(Score("Lekal", disgrace=1, source="Famine"))  # doubled: 2
    game.push(Score("Lekal", favor=1, modifier=True, source="Terringdwel"))
    game.push(FaceDown("Venture", "Financial Heir"))
    assert breakdown(game.state) == ()  # how a score was made stays hidden until the end
    game.push(AddUnrest(8))
    assert game.state.phase is Phase.ENDED
    game.push(Reveal("Venture", "Financial Heir", favor=2))  # doubled: 4
    parts = {part.house: part.text() for part in breakdown(game.state)}
    assert parts["Lekal"] == ("Lekal: score 5 = Favor 7 (Disobedience 6, Terringdwel "
                              "(modifier) 1) − Disgrace 2 (Famine 2); the Lord Ruler doubled "
                              "4 of it.")
    assert parts["Venture"] == ("Venture: score 8 = Favor 8 (Disobedience 4, Financial Heir "
                                "revealed 4) − Disgrace 0; the Lord Ruler doubled 4 of it; "
                                "revealed Financial Heir.")
    assert _row(game.state, TABLE, "Lekal").score == 5  # revealed to all
    shown = snapshot(game.state, TABLE)
    assert shown["houses"][2]["score"] == 5
    assert [b["house"] for b in shown["outcome"]["breakdown"]] == list(HOUSES)
    lines = [getattr(item, "text", "") for item in board(game.state, TABLE)]
    assert parts["Lekal"] in lines
