"""A whole game of House War from set-up to the winner, worked out by hand (R-HW-1..5).

Three Houses in turn order: Tekiel (income 2 Money, 1 Food, 1 Prestige), Venture
(2 Money, 2 Skaa, 1 Warriors) and Lekal (2 Food, 1 Skaa, 1 Prestige); a short game.
The numbers in the comments are the hand count the assertions check.
"""

from __future__ import annotations

from test_housewar import R, refused

from boardgames.housewar import (
    CODEC,
    AddProblem,
    AddUnrest,
    Award,
    Collect,
    End,
    EndTurn,
    Event,
    FaceDown,
    Pass,
    Phase,
    Reveal,
    Score,
    Share,
    Solve,
    Start,
    Steal,
    Step,
    Transfer,
    Worsen,
    outcome,
    replay,
    replay_json,
)
from boardgames.housewar.resources import NOTHING, Resources

SET_UP: list[Event] = [
    # Saved before set-up collection was recorded (R-HW-5): its starting resources are
    # transfers and its first turn collects double, as it did then.
    Start(3, "short", ["Tekiel", "Venture", "Lekal"], setup_collection=False),
    AddProblem("Ashfall", 1, reason="setup", cost=R("2 food"), favor=4),
    AddProblem("Riot", 2, reason="setup", cost=R("1 skaa 1 warriors"), favor=3),
    AddProblem("Famine", 1, reason="setup", cost=R("1 money 2 food"), favor=5),
    Transfer("supply", "Tekiel", R("1 money 1 food")),
    Transfer("supply", "Venture", R("1 skaa 1 warriors")),
    Transfer("supply", "Lekal", R("1 food 1 prestige")),
]
TURN_1: list[Event] = [  # Tekiel
    Collect("Tekiel", R("2 money 1 food 1 prestige")),  # doubled: 4 Money, 2 Food, 2 Prestige
    Worsen("Riot"),  # II → III
    Worsen("Ashfall"),  # I → II
    Worsen("Famine"),  # I → II
    AddProblem("Vin", 1, cost=R("2 prestige 2 skaa 2 warriors"), favor=10),
    Solve("Ashfall", (Share("Tekiel", R("2 food")),), (Award("Tekiel", 4),)),
    EndTurn(),
]
TURN_2: list[Event] = [  # Venture
    Collect("Venture", R("2 money 2 skaa 1 warriors")),
    Worsen("Famine"),  # II → III
    Worsen("Riot"),  # III → IV
    Worsen("Vin"),  # I → II
    AddProblem("The Lord Ruler", 3, cost=R("3 money"), favor=6),  # III, beside Famine
    Solve("Riot", (Share("Venture", R("1 skaa 1 warriors")),),
          (Award("Venture", 2), Award("Lekal", 1))),  # doubled: 4 and 2
    EndTurn(),
]
TURN_3: list[Event] = [  # Lekal
    Collect("Lekal", R("2 food 1 skaa 1 prestige")),
    FaceDown("Lekal", "Financial Heir"),
    Worsen("Famine"),  # III → IV
    Worsen("The Lord Ruler"),  # III → IV: IV is full
    Worsen("Vin"),  # II → III
    AddProblem("Koloss Assault", 4),  # IV is full: it erupts at once
    Score("Tekiel", disgrace=1),  # its eruption: each House 1 Disgrace, doubled
    Score("Venture", disgrace=1),
    Score("Lekal", disgrace=1),
    Pass("Lekal", "atium"),
    EndTurn(),
]
TURN_4: list[Event] = [  # Tekiel
    # The supply has 1 Money: Tekiel steals the other from Venture.
    Collect("Tekiel", R("2 money 1 food 1 prestige"), (Steal("Venture", R("1 money")),)),
    Worsen("Famine"),  # erupts
    AddUnrest(2),  # its eruption
    Worsen("The Lord Ruler"),  # erupts
    Score("Tekiel", disgrace=1),  # its eruption, still doubled (ruling)
    Score("Venture", disgrace=1),
    Score("Lekal", disgrace=1),
    Worsen("Vin"),  # III → IV
    AddProblem("Skaa Rebellion", 2, cost=R("2 skaa 1 warriors"), favor=5),
    Pass("Tekiel", "atium"),
    EndTurn(),
]
TURN_5: list[Event] = [  # Venture
    Collect("Venture", R("2 money 2 skaa 1 warriors"), (Steal("Tekiel", R("2 money")),)),
    AddUnrest(4),  # a card's; after the end nothing moves Unrest (R-HW-1 ruling)
    Worsen("Vin"),  # erupts: the game ends
    Reveal("Lekal", "Financial Heir", favor=2),
]
GAME: list[Event] = [*SET_UP, *TURN_1, *TURN_2, *TURN_3, *TURN_4, *TURN_5]


def test_a_whole_game_from_set_up_to_the_winner() -> None:
    game = replay(SET_UP)
    state = game.state
    assert state.supply == R("7 money 6 food 7 prestige 7 skaa 7 warriors 6 atium")
    assert state.track.columns == (("Ashfall", "Famine"), ("Riot", None), (None, None),
                                   (None, None))

    for event in TURN_1:
        game.push(event)
    state = game.state
    assert state.house("Tekiel").resources == R("5 money 1 food 2 prestige")
    assert state.house("Tekiel").favor == 4
    assert state.track.columns == (("Vin", None), (None, "Famine"), ("Riot", None),
                                   (None, None))
    assert state.supply == R("3 money 6 food 5 prestige 7 skaa 7 warriors 6 atium")

    for event in TURN_2:
        game.push(event)
    state = game.state
    assert state.house("Venture").resources == R("2 money 2 skaa 1 warriors")
    assert (state.house("Venture").favor, state.house("Lekal").favor) == (4, 2)
    assert state.track.columns == ((None, None), ("Vin", None),
                                   ("The Lord Ruler", "Famine"), (None, None))
    assert state.active.name == "Lekal" and state.turn.number == 3

    for event in TURN_3:
        game.push(event)
    state = game.state
    assert state.erupted == ("Koloss Assault",)
    assert [h.disgrace for h in state.houses] == [2, 2, 2]
    assert state.house("Lekal").resources == R("3 food 1 skaa 2 prestige 1 atium")
    assert state.track.columns == ((None, None), (None, None), ("Vin", None),
                                   ("Famine", "The Lord Ruler"))

    for event in TURN_4:
        game.push(event)
    state = game.state
    assert state.unrest == 2
    assert [h.disgrace for h in state.houses] == [4, 4, 4]
    assert state.house("Tekiel").resources == R("7 money 2 food 3 prestige 1 atium")
    assert state.house("Venture").resources == R("1 money 2 skaa 1 warriors")
    assert state.track.columns == ((None, None), ("Skaa Rebellion", None), (None, None),
                                   ("Vin", None))
    assert state.supply == R("3 food 3 prestige 5 skaa 7 warriors 4 atium")

    for event in TURN_5[:3]:
        game.push(event)
    assert game.state.phase is Phase.ENDED and game.state.ended_by is End.VIN_ERUPTED
    refused(game, Worsen("Skaa Rebellion"), "the game is over")
    refused(game, AddUnrest(1), "the game is over")
    result = outcome(game.state)
    assert result is not None and not result.decided  # Lekal's Financial Heir is face down
    game.push(TURN_5[3])

    state = game.state
    assert state.unrest == 6 and state.next_step is Step.OVER
    assert [(h.name, h.favor, h.disgrace, h.score) for h in state.houses] == [
        ("Tekiel", 4, 4, 0), ("Venture", 4, 4, 0), ("Lekal", 4, 4, 0)]
    assert state.house("Tekiel").resources == R("5 money 2 food 3 prestige 1 atium")  # 11
    assert state.house("Venture").resources == R("3 money 4 skaa 2 warriors")  # 9
    assert state.house("Lekal").resources == R("3 food 1 skaa 2 prestige 1 atium")  # 7
    assert state.supply == R("3 food 3 prestige 3 skaa 6 warriors 4 atium")
    held = sum((h.resources for h in state.houses), NOTHING)
    assert state.supply + held == Resources.each(8, atium=6)
    result = outcome(state)
    assert result is not None and result.highest_wins
    assert result.winners == ("Tekiel",)  # three Houses on 0: Tekiel has most tokens
    assert [(s.house, s.tokens, s.place) for s in result.standings] == [
        ("Tekiel", 11, 1), ("Venture", 9, 2), ("Lekal", 7, 3)]
    assert result.text() == ("Vin erupted with Unrest 6: the Final Empire is (just barely) "
                             "saved; highest score wins: Tekiel wins.")
    assert list(game.events) == GAME


def test_the_whole_game_replays_from_json_and_undoes_to_the_start() -> None:
    game = replay(GAME)
    lines = [CODEC.to_json(event) for event in GAME]
    assert replay_json(lines).state == game.state
    states = [replay(GAME[:n]).state for n in range(1, len(GAME) + 1)]
    for expected in reversed(states[:-1]):
        game.pop()
        assert game.state == expected
    assert len(game) == 1 and game.state.phase is Phase.SETUP
