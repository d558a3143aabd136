"""House War's rules through events (R-HW-1..5): set-up, the turn, the track in play,
paying for deals, Unrest and the end of the game.

Helpers here are shared with the other House War test modules.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

import pytest

from boardgames.errors import BadValue, GameError, RuleViolation
from boardgames.housewar import (
    AddProblem,
    AddUnrest,
    Award,
    ChangeCost,
    Collect,
    EndTurn,
    Event,
    MoveProblem,
    NoDeal,
    Pass,
    Phase,
    Score,
    Share,
    Sheet,
    Solve,
    Start,
    State,
    Steal,
    Step,
    Transfer,
    Worsen,
    apply,
    new_game,
    replay,
)
from boardgames.housewar.describe import describe
from boardgames.housewar.resources import NOTHING, Resources, parse_resources
from boardgames.session import Session

HOUSES = ("Tekiel", "Venture", "Lekal")


def R(text: str) -> Resources:
    return parse_resources(text)


def started(problems: Iterable[tuple[str, int]] = (("Ashfall", 1), ("Riot", 2),
                                                  ("Famine", 3)),
            houses: tuple[str, ...] = HOUSES, length: str = "short",
            sheets: Iterable[str] = (), *, legacy: bool = False) -> Session[State, Event]:
    """A game with its starting Problems placed, before the first turn: each House has
    collected its sheet (``sheets`` in House order, else an empty sheet); ``legacy``: a
    game saved before set-up collection was recorded (no sheets, turn 1 doubled)."""
    game = replay([Start(len(houses), length, houses, setup_collection=not legacy)])
    incomes = [R(text) for text in sheets] or [NOTHING] * len(houses)
    for house, income in zip(houses, incomes, strict=True):
        if not legacy:
            game.push(Sheet(house, income))
    for name, urgency in problems:
        game.push(AddProblem(name, urgency, reason="setup"))
    return game


def through_step3(game: Session[State, Event], income: Resources | None = NOTHING,
                  draw: tuple[str, int] = ("New Problem", 1)) -> Session[State, Event]:
    """Steps 1–3 of the Active House's turn: collect, worsen every Problem from the
    right (so none skips another), draw one. ``income`` ``None``: the remembered one."""
    game.push(Collect(game.state.active.name, income))
    for name in sorted(game.state.to_move, key=game.state.urgency, reverse=True):
        game.push(Worsen(name))
    game.push(AddProblem(*draw))
    return game


def refused(game: Session[State, Event], event: Event, match: str,
            error: type[GameError] = RuleViolation) -> None:
    """``event`` is refused with ``match`` in the message and changes nothing."""
    before = game.state
    with pytest.raises(error, match=match):
        game.push(event)
    assert game.state is before
    assert not game.is_legal(event)


# --- set-up (R-HW-5) ---------------------------------------------------------------------


@pytest.mark.parametrize(("players", "rows", "atium", "each"), [(3, 2, 6, 8), (4, 3, 7, 10),
                                                                (5, 3, 8, 12)])
def test_r_hw_5_set_up_by_player_count(players: int, rows: int, atium: int, each: int) -> None:
    state = new_game(players, "medium").state
    assert state.phase is Phase.SETUP
    assert state.supply == Resources.each(each, atium=atium)
    assert state.track.rows == rows
    assert [h.name for h in state.houses] == [f"House {n}" for n in range(1, players + 1)]
    assert state.unrest == 0
    assert state.length is not None and state.length.piles_above_vin == 2
    assert state.next_step is Step.SETUP_SHEETS  # R-HW-5: sheets first, then Problems


@pytest.mark.parametrize("players", [2, 6, 0])
def test_r_hw_5_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(BadValue, match="R-HW-5: players must be 3–5"):
        Start(players, "short")


def test_r_hw_5_game_lengths_are_piles_above_vin() -> None:
    assert [Start(3, length).length.piles_above_vin
            for length in ("short", "medium", "long")] == [1, 2, 3]
    with pytest.raises(BadValue, match="length must be one of short, medium, long"):
        Start(3, "epic")


def test_r_hw_5_house_names() -> None:
    assert Start(3, "short", ["  Tekiel ", "Venture", "Lekal"]).houses[0] == "Tekiel"
    with pytest.raises(BadValue, match="3 players need 3 Houses"):
        Start(3, "short", ["Tekiel", "Venture"])
    with pytest.raises(BadValue, match="House names must differ"):
        Start(3, "short", ["Tekiel", "tekiel", "Lekal"])
    with pytest.raises(BadValue, match="kept for the board's resource spaces"):
        Start(3, "short", ["Supply", "Venture", "Lekal"])
    with pytest.raises(BadValue, match="houses must be a list"):
        Start(3, "short", "Tekiel")


def test_r_hw_5_the_first_event_is_start_and_only_once() -> None:
    with pytest.raises(RuleViolation, match="has not started"):
        apply(State(), AddUnrest(1))
    refused(started(), Start(3, "short"), "already started")


def test_r_hw_2_set_up_places_one_problem_per_player() -> None:
    game = started(problems=[("Ashfall", 1), ("Riot", 1)])
    refused(game, Collect("Tekiel"), r"R-HW-2: set-up places 1 Problem per player first \(2 "
                                     r"of 3\)")
    refused(game, AddProblem("Famine", 1), "added as set-up Problems")
    refused(game, AddUnrest(1), "set-up is not over")
    game.push(AddProblem("Famine", 1, reason="setup"))
    # Ashfall and Riot filled column I (2 rows with 3 players): Famine moved on to II.
    assert game.state.urgency("Famine") == 2
    refused(game, AddProblem("Plague", 1, reason="setup"), "all 3 are placed")
    assert game.state.next_step is Step.COLLECT


def test_r_hw_5_starting_resources_come_from_the_supply() -> None:
    game = started()
    game.push(Transfer("supply", "Tekiel", R("2 money 1 food 1 prestige")))
    assert game.state.house("Tekiel").resources == R("2 money 1 food 1 prestige")
    assert game.state.supply == Resources.each(8, atium=6) - R("2 money 1 food 1 prestige")


# --- the turn: collecting and passing (R-HW-5) ---------------------------------------------


def test_r_hw_5_a_game_saved_before_set_up_collection_collects_double_on_turn_1() -> None:
    # Such a game keeps its old meaning. Peter plays House Tekiel (2 Money, 1 Food, 1
    # Prestige); on the first turn he has 4 Money, 2 Food and 2 Prestige.
    game = started(legacy=True)
    game.push(Collect("Tekiel", R("2 money 1 food 1 prestige")))
    assert game.state.phase is Phase.PLAYING and game.state.turn.number == 1
    assert game.state.house("Tekiel").resources == R("4 money 2 food 2 prestige")
    assert game.state.supply == Resources.each(8, atium=6) - R("4 money 2 food 2 prestige")
    # The second turn (Venture's) collects single income.
    game.push(Worsen("Famine"))
    game.push(Worsen("Riot"))
    game.push(Worsen("Ashfall"))
    game.push(AddProblem("Plague", 1))
    game.push(Pass("Tekiel"))
    game.push(EndTurn())
    game.push(Collect("Venture", R("2 skaa 1 warriors")))
    assert game.state.house("Venture").resources == R("2 skaa 1 warriors")


def _short_supply_game() -> Session[State, Event]:
    game = started(legacy=True)
    game.push(Transfer("supply", "Venture", R("4 money 4 food")))
    game.push(Transfer("supply", "Lekal", R("3 money 4 food")))
    # The supply now holds 1 Money and 0 Food; Tekiel collects 2 Money and 1 Food (doubled
    # on the first turn: 4 and 2): short 3 Money and 2 Food.
    return game


def test_r_hw_5_peter_steals_what_the_supply_lacks_from_one_player_or_several() -> None:
    game = _short_supply_game()
    game.push(Collect("Tekiel", R("2 money 1 food"),
                      steal=(Steal("Venture", R("3 money 2 food")),)))
    assert game.state.house("Tekiel").resources == R("4 money 2 food")
    assert game.state.house("Venture").resources == R("1 money 2 food")
    assert game.state.supply.money == 0
    game.pop()
    game.push(Collect("Tekiel", R("2 money 1 food"),
                      steal=(Steal("Venture", R("2 money")), Steal("Lekal", R("1 money 2 food")))))
    assert game.state.house("Tekiel").resources == R("4 money 2 food")
    assert game.state.house("Lekal").resources == R("2 money 2 food")


def test_r_hw_5_what_no_other_house_holds_is_lost() -> None:
    """"If there aren't enough resources in the supply or among all other players
    (typically because resources have been destroyed), then you collect only what is
    available. The balance is lost." """
    game = _short_supply_game()
    game.push(Transfer("Venture", "destroyed", R("4 money 4 food")))
    game.push(Transfer("Lekal", "destroyed", R("3 money 3 food")))  # Lekal keeps 1 Food
    before, collect = game.state, Collect("Tekiel", R("2 money 1 food"),
                                          steal=(Steal("Lekal", R("1 food")),))
    game.push(collect)
    assert game.state.house("Tekiel").resources == R("1 money 1 food")
    total = game.state.supply + game.state.destroyed + sum(
        (h.resources for h in game.state.houses), NOTHING)
    assert total == Resources.each(8, atium=6)
    assert describe(before, collect, game.state) == (
        "Tekiel collects 1 Money, 1 Food (double income on the first turn), stealing 1 "
        "Food from Lekal; 3 Money, 1 Food is lost: neither the supply nor another House "
        "holds it.")


def test_r_hw_5_the_balance_is_not_lost_while_other_houses_hold_it() -> None:
    """"If there isn't enough of a resource in the supply, you may STEAL the missing
    resources from the other players, in any combination you wish." — "If there aren't
    enough resources in the supply or among all other players [...] The balance is
    lost.": while another House holds some, it is stolen, not lost."""
    game = _short_supply_game()
    with pytest.raises(RuleViolation) as refusal:
        game.push(Collect("Tekiel", R("2 money 1 food")))
    error = refusal.value
    assert str(error) == (
        "R-HW-5: the supply leaves Tekiel short 3 Money, 2 Food of its income, and other "
        "Houses hold 3 Money, 2 Food of it (Venture 3 Money, 2 Food; Lekal 3 Money, 2 "
        "Food): Tekiel steals it from them, in any combination; only what no other House "
        "holds is lost")
    assert (error.param, error.value) == ("steal", "3 Money, 2 Food")
    assert "--" not in str(error)  # each front door words the parameter
    refused(game, Collect("Tekiel", R("2 money 1 food"), steal=(Steal("Lekal", R("1 food")),)),
            "the supply and what it steals leaves Tekiel short 3 Money, 1 Food")
    # Only Venture holds Money now: 2 of the 3 are stolen, the third is lost.
    game.push(Transfer("Lekal", "supply", R("3 money")))
    game.push(Transfer("supply", "destroyed", R("4 money")))
    game.push(Transfer("Venture", "destroyed", R("2 money")))
    game.push(Collect("Tekiel", R("2 money 1 food"),
                      steal=(Steal("Venture", R("2 money 2 food")),)))
    assert game.state.house("Tekiel").resources == R("2 money 2 food")


def test_r_hw_5_stealing_is_limited_to_what_the_supply_lacks() -> None:
    game = _short_supply_game()
    refused(game, Collect("Tekiel", R("2 money 1 food"), steal=(Steal("Venture", R("4 money")),)),
            "R-HW-5: the supply lacks only 3 Money, 2 Food")
    refused(game, Collect("Tekiel", R("2 money 1 food"), steal=(Steal("Venture", R("1 skaa")),)),
            "cannot steal 1 Skaa")
    refused(game, Collect("Tekiel", R("2 money 1 food"), steal=(Steal("Tekiel", R("1 money")),)),
            "cannot steal from itself")
    game.push(Transfer("Lekal", "supply", R("3 money")))
    refused(game, Collect("Tekiel", R("2 money 4 food"), steal=(Steal("Lekal", R("5 food")),)),
            "Lekal holds 4 Food, not 5 Food")
    refused(game, Collect("Venture", R("1 money")), "it is Tekiel's turn")


def test_r_hw_5_passing_takes_one_token_atium_included_or_a_card() -> None:
    game = through_step3(started())
    game.push(Pass("Tekiel", "atium"))
    assert game.state.house("Tekiel").resources == R("1 atium")
    assert game.state.supply.atium == 5
    game.pop()
    game.push(Pass("Tekiel"))  # a Personality card: no token moves
    assert game.state.house("Tekiel").resources == NOTHING
    refused(game, Pass("Tekiel", "food"), "already passed this turn")


def test_r_hw_5_passing_needs_the_kind_in_the_supply() -> None:
    game = started()
    game.push(Transfer("supply", "Venture", R("6 atium")))
    through_step3(game)
    refused(game, Pass("Tekiel", "atium"), "the supply has no Atium left")
    refused(game, Pass("Venture", "food"), "it is Tekiel's turn")


def test_r_hw_5_steps_come_in_order() -> None:
    game = started()
    refused(game, Worsen("Ashfall"), "set-up is not over")
    game.push(Collect("Tekiel"))
    refused(game, Collect("Tekiel"), "already collected")
    refused(game, AddProblem("Plague", 1), "step 2 first: still to move Ashfall, Riot, Famine")
    refused(game, Pass("Tekiel"), "step 2 first")
    refused(game, EndTurn(), "step 2 first")
    for name in ("Famine", "Riot", "Ashfall"):
        game.push(Worsen(name))
    refused(game, Pass("Tekiel"), r"step 3 first: add a Problem")
    game.push(AddProblem("Plague", 1))
    refused(game, Worsen("Plague"), "step 2 is over")
    refused(game, EndTurn(), "passes or makes a deal")
    game.push(NoDeal("Plague"))
    refused(game, Solve("Plague"), "already tried a deal")
    game.push(EndTurn())
    assert game.state.active.name == "Venture" and game.state.turn.number == 2
    assert game.state.next_step is Step.COLLECT


# --- the track in play (R-HW-2) ------------------------------------------------------------


def test_r_hw_2_every_problem_moves_once_in_the_order_chosen() -> None:
    game = started()
    game.push(Collect("Tekiel"))
    assert set(game.state.to_move) == {"Ashfall", "Riot", "Famine"}
    game.push(Worsen("Ashfall"))  # I → II (Riot's column has room: 2 rows, 1 used)
    assert game.state.urgency("Ashfall") == 2
    refused(game, Worsen("Ashfall"), "already moved this turn")
    game.push(Worsen("Riot"))  # II → III
    game.push(Worsen("Famine"))  # III → IV
    assert game.state.to_move == ()
    assert {n: game.state.urgency(n) for n in ("Ashfall", "Riot", "Famine")} == {
        "Ashfall": 2, "Riot": 3, "Famine": 4}


def test_r_hw_2_an_eruption_during_step_2_adds_problems_that_do_not_move() -> None:
    game = started(problems=[("Ashfall", 4), ("Riot", 2), ("Famine", 3)])
    game.push(Collect("Tekiel"))
    game.push(Worsen("Ashfall"))
    assert game.state.erupted == ("Ashfall",)
    # Ashfall's eruption adds a Problem, placed as in step 3.
    game.push(AddProblem("Koloss Assault", 2, reason="effect"))
    assert "Koloss Assault" not in game.state.to_move
    assert set(game.state.to_move) == {"Riot", "Famine"}
    refused(game, Worsen("Koloss Assault"), "was not on the board when step 2 began")


def test_r_hw_2_at_least_two_problems_after_step_3() -> None:
    game = started(problems=[("Ashfall", 4), ("Riot", 4), ("Famine", 3)])
    game.push(Collect("Tekiel"))
    for name in ("Famine", "Ashfall", "Riot"):  # Famine skips the full IV and erupts
        game.push(Worsen(name))
    assert len(game.state.track) == 0 and game.state.problems_needed == 1
    game.push(AddProblem("Plague", 2))
    assert game.state.problems_needed == 1
    assert game.state.next_step is Step.DRAW
    refused(game, Pass("Tekiel"), "step 3 first")
    game.push(AddProblem("Skaa Rebellion", 1))
    assert game.state.problems_needed == 0
    refused(game, AddProblem("Mistwraiths", 1), "step 3 is done")
    game.push(AddProblem("Mistwraiths", 1, reason="effect"))  # a card may still add one


def test_r_hw_2_a_soother_puts_the_problem_on_top_of_the_deck_it_is_drawn_next() -> None:
    game = started(problems=[("Cult of the Survivor", 1), ("Riot", 2), ("Famine", 3)])
    game.push(Collect("Tekiel"))
    game.push(MoveProblem("cult of the survivor", by=-1))
    assert game.state.deck_top == ("Cult of the Survivor",)
    assert game.state.where("Cult of the Survivor") == "on top of the Problem deck"
    # It no longer has to move this turn; the next Problem drawn is that card.
    assert set(game.state.to_move) == {"Riot", "Famine"}
    for name in ("Famine", "Riot"):
        game.push(Worsen(name))
    refused(game, AddProblem("Plague", 1), "the next Problem drawn is Cult of the Survivor")
    game.push(AddProblem("Cult of the Survivor"))  # its starting Urgency is known
    assert game.state.urgency("Cult of the Survivor") == 1
    assert game.state.deck_top == ()


def test_r_hw_2_kelsier_returns_from_the_discard_at_the_highest_urgency() -> None:
    game = started(problems=[("Kelsier", 4), ("Riot", 4), ("Famine", 3)])
    game.push(Collect("Tekiel"))
    game.push(Worsen("Kelsier"))  # erupts
    game.push(Worsen("Riot"))  # erupts
    game.push(Worsen("Famine"))  # III → IV
    assert game.state.erupted == ("Kelsier", "Riot")
    refused(game, AddProblem("Kelsier", reason="turn"), "a turn draw takes a new card")
    game.push(AddProblem("Kelsier", reason="effect", place="highest"))
    assert game.state.urgency("Kelsier") == 4 and game.state.erupted == ("Riot",)
    refused(game, AddProblem("Famine", 3, reason="effect"), "already on the board")


def test_r_hw_2_a_known_card_keeps_its_printed_values() -> None:
    game = started(problems=[("Cult of the Survivor", 1), ("Riot", 2), ("Famine", 3)])
    game.push(Collect("Tekiel"))
    game.push(MoveProblem("Cult of the Survivor", by=-1))
    game.push(Worsen("Famine"))
    game.push(Worsen("Riot"))
    refused(game, AddProblem("Cult of the Survivor", 3), "starts at Urgency I, not III")
    refused(game, AddProblem("Brand New", 1), "next Problem drawn is Cult")
    with pytest.raises(BadValue, match="give Brand New's starting Urgency"):
        apply(started(problems=[("Riot", 1)]).state, AddProblem("Brand New", reason="setup"))


def test_r_hw_2_moves_by_cards_to_the_highest_or_lowest_free_space() -> None:
    game = started()
    game.push(Collect("Tekiel"))
    game.push(MoveProblem("Ashfall", to="highest"))
    assert game.state.urgency("Ashfall") == 4
    game.push(MoveProblem("Ashfall", to="lowest"))
    assert game.state.urgency("Ashfall") == 1
    game.push(MoveProblem("Riot", by=3))  # II + 3: past IV, it erupts
    assert game.state.erupted == ("Riot",) and "Riot" not in game.state.to_move
    with pytest.raises(BadValue, match="either a number of columns or highest/lowest"):
        MoveProblem("Riot")
    with pytest.raises(BadValue, match="not to its start"):
        MoveProblem("Riot", to="start")


# --- deals (R-HW-4) -------------------------------------------------------------------


def test_r_hw_4_tekiel_converts_alone_venture_pays_a_prestige() -> None:
    game = new_game(3, "short", HOUSES)
    for house in HOUSES:
        game.push(Sheet(house))
    game.push(AddProblem("Disobedience", 1, reason="setup", cost=R("2 skaa 1 prestige"),
                         favor=7))
    game.push(AddProblem("Riot", 2, reason="setup"))
    game.push(AddProblem("Famine", 3, reason="setup"))
    game.push(Transfer("supply", "Lekal", R("2 skaa")))
    game.push(Transfer("supply", "Venture", R("1 prestige 1 money")))
    game.push(Transfer("supply", "Tekiel", R("1 money 1 warriors")))
    through_step3(game)
    supply = game.state.supply
    # Pooling is never allowed: Venture's Money and Tekiel's Money cannot make a pair.
    refused(game, Solve("Disobedience", (
        Share("Lekal", R("2 skaa")), Share("Venture", R("1 prestige"), R("1 money")),
    ), (Award("Lekal", 5), Award("Venture", 2))), "R-HW-4: .*cannot pay")
    refused(game, Solve("Disobedience", (Share("Lekal", R("2 skaa")),),
                        (Award("Lekal", 7),)),
            r"the shares pay 2 Skaa, but Disobedience costs 1 Prestige, 2 Skaa now")
    refused(game, Solve("Disobedience", (
        Share("Lekal", R("2 skaa")), Share("Venture", R("1 prestige"))),
        (Award("Lekal", 5), Award("Venture", 3))), "share 8 Favor, but Disobedience gives 7")
    # Tekiel converts its own Money and Warriors into the Prestige instead.
    game.push(Solve("Disobedience", (
        Share("Lekal", R("2 skaa")), Share("Tekiel", R("1 prestige"))),
        (Award("Lekal", 4), Award("Tekiel", 3))))
    state = game.state
    assert state.house("Tekiel").resources == NOTHING
    assert state.house("Lekal").resources == NOTHING
    assert state.house("Lekal").favor == 4 and state.house("Tekiel").favor == 3
    assert state.supply == supply + R("2 skaa 1 money 1 warriors")  # paid tokens return
    assert state.solved == ("Disobedience",)
    assert state.where("Disobedience") == "solved"
    assert state.next_step is Step.END_TURN


def test_r_hw_4_a_share_that_cannot_be_paid_alone_says_how_short() -> None:
    game = started(problems=[("Matter of Honor", 1), ("Riot", 2), ("Famine", 3)])
    game.push(Transfer("supply", "Venture", R("2 skaa")))
    through_step3(game)
    refused(game, Solve("Matter of Honor", (Share("Venture", R("3 skaa")),)),
            r"R-HW-4: Venture cannot pay 3 Skaa alone from 2 Skaa: short 1 token")


def test_r_hw_4_cost_changes_last_until_the_end_of_the_turn() -> None:
    game = started(problems=[("Riot", 2), ("Famine", 3)])
    game.push(AddProblem("Growing Suspicions", 1, reason="setup",
                         cost=R("2 food 2 prestige 2 skaa")))
    through_step3(game)
    game.push(ChangeCost("Growing Suspicions", lowered=R("2 prestige")))  # a Tineye
    game.push(ChangeCost("Growing Suspicions", raised=R("2 warriors")))  # an Informant
    card = game.state.card("Growing Suspicions")
    assert card is not None and card.cost_now == R("2 food 2 skaa 2 warriors")
    game.push(ChangeCost("Growing Suspicions", lowered=R("3 food")))  # only 2 printed
    card = game.state.card("Growing Suspicions")
    assert card is not None and card.cost_now == R("2 skaa 2 warriors")
    game.push(NoDeal("Growing Suspicions"))
    game.push(EndTurn())
    card = game.state.card("Growing Suspicions")
    assert card is not None and card.cost_now == R("2 food 2 prestige 2 skaa")


def test_r_hw_4_cost_changes_need_the_printed_cost() -> None:
    game = through_step3(started())
    refused(game, ChangeCost("Riot", lowered=R("1 food")), "Riot's printed cost is not known")
    with pytest.raises(BadValue, match="a reduction names only"):
        ChangeCost("Riot", lowered=R("1 atium"))


def test_r_hw_4_spent_left_out_means_the_cheapest_way() -> None:
    game = started(problems=[("Riot", 2), ("Famine", 3)])
    game.push(AddProblem("Rationing", 1, reason="setup", cost=R("2 food")))
    game.push(Transfer("supply", "Tekiel", R("1 atium 1 money 1 prestige 1 food")))
    through_step3(game)
    game.push(Solve("Rationing", (Share("Tekiel", R("2 food")),)))
    assert game.state.house("Tekiel").resources == R("1 atium")


# --- Unrest (R-HW-1) ------------------------------------------------------------------


def test_r_hw_1_unrest_starts_at_zero_and_the_game_ends_at_eight() -> None:
    game = through_step3(started())
    assert game.state.unrest == 0
    game.push(AddUnrest(7))
    assert game.state.phase is Phase.PLAYING
    refused(game, AddUnrest(-8), "Unrest is 7: it cannot go below 0")
    game.push(AddUnrest(1))
    assert game.state.phase is Phase.ENDED
    for event in (Pass("Tekiel"), Solve("Riot"), Worsen("Riot"), Score("Tekiel", favor=1),
                  AddUnrest(1), Transfer("supply", "Tekiel", R("1 food")), EndTurn()):
        refused(game, event, r"R-HW-1: the game is over \(Unrest reached 8\): no further "
                             r"cards may be played, nor deals made; the scores are final")


def test_r_hw_1_an_eruption_adding_unrest_ends_the_game_mid_turn() -> None:
    game = started(problems=[("Ashfall", 4), ("Riot", 4), ("Famine", 1)])
    refused(game, AddUnrest(6), "set-up is not over")
    game.push(Collect("Tekiel"))
    game.push(AddUnrest(6))
    game.push(Worsen("Ashfall"))  # erupts: add 2 Unrest
    game.push(AddUnrest(2))
    assert game.state.phase is Phase.ENDED
    refused(game, Worsen("Riot"), "game is over")


# --- purity -----------------------------------------------------------------------------


def test_house_war_modules_import_no_io() -> None:
    forbidden = {"rich", "click", "sqlite3", "sqlite_utils", "asyncio", "asyncssh", "cli",
                 "conflict", "characters"}
    paths = sorted((Path(__file__).parent.parent / "boardgames").glob("housewar/*.py"))
    assert len(paths) >= 9
    for path in paths:
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add(node.module.split(".")[0])
        assert not found & forbidden, f"{path.name} imports {sorted(found & forbidden)}"
