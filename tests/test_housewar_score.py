"""Scores, the Lord Ruler, end-game Personalities and the winner (R-HW-3)."""

from __future__ import annotations

import attrs
import pytest
from test_housewar import R, refused, started, through_step3

from boardgames.errors import BadValue
from boardgames.housewar import (
    AddProblem,
    AddUnrest,
    Award,
    Collect,
    DiscardFaceDown,
    End,
    Event,
    FaceDown,
    Reveal,
    Score,
    Share,
    Solve,
    State,
    Step,
    Transfer,
    Worsen,
    outcome,
    standings,
)
from boardgames.housewar.state import is_lord_ruler, is_vin
from boardgames.session import Session


def _vin_game(extra: tuple[tuple[str, int], ...] = ()) -> Session[State, Event]:
    return started(problems=(("Vin", 1), ("Riot", 2), ("Famine", 3), *extra))


def test_r_hw_3_score_is_favor_less_disgrace() -> None:
    game = through_step3(started())
    game.push(Score("Tekiel", favor=5))
    game.push(Score("Tekiel", disgrace=2))
    game.push(Score("Venture", disgrace=3))
    tekiel, venture = game.state.house("Tekiel"), game.state.house("Venture")
    assert (tekiel.favor, tekiel.disgrace, tekiel.score) == (5, 2, 3)
    assert venture.score == -3
    with pytest.raises(BadValue, match="a gain cannot be negative"):
        Score("Tekiel", favor=-1)
    with pytest.raises(BadValue, match="at least 1 Favor or Disgrace"):
        Score("Tekiel")


def test_r_hw_3_the_lord_ruler_doubles_gains_before_other_modifiers() -> None:
    game = started(problems=(("The Lord Ruler", 1), ("Riot", 2), ("Famine", 3)))
    through_step3(game)
    assert game.state.lord_ruler_in_play
    game.push(Score("Tekiel", favor=2))  # doubled: 4
    game.push(Score("Tekiel", favor=-1, modifier=True))  # then a modifier: 3
    game.push(Score("Venture", disgrace=3))  # doubled: 6
    assert game.state.house("Tekiel").favor == 3
    assert game.state.house("Venture").disgrace == 6
    refused(game, Score("Lekal", favor=-1, modifier=True), "cannot take them below 0")


def test_r_hw_3_solving_the_lord_ruler_itself_earns_double() -> None:
    game = started(problems=(("Riot", 2), ("Famine", 3)))
    game.push(AddProblem("Lord Ruler", 1, reason="setup", cost=R("1 food"), favor=5))
    game.push(Transfer("supply", "Tekiel", R("1 food")))
    through_step3(game)
    game.push(Solve("Lord Ruler", (Share("Tekiel", R("1 food")),),
                    (Award("Tekiel", 3), Award("Lekal", 2))))
    assert game.state.house("Tekiel").favor == 6
    assert game.state.house("Lekal").favor == 4
    assert not game.state.lord_ruler_in_play
    game.push(Score("Venture", favor=1))  # the Lord Ruler is gone: single again
    assert game.state.house("Venture").favor == 1


def test_r_hw_3_ruling_the_lord_rulers_own_eruption_is_doubled_then_no_more() -> None:
    game = started(problems=(("The Lord Ruler", 4), ("Riot", 2), ("Famine", 3)))
    game.push(Collect("Tekiel"))
    game.push(Score("Lekal", disgrace=1))  # on the board: 2
    game.push(Worsen("The Lord Ruler"))  # erupts; the card is discarded after its effect
    assert game.state.lord_ruler_in_play
    game.push(Score("Lekal", disgrace=1))  # its eruption effect: still doubled, 2
    game.push(Worsen("Famine"))  # the turn goes on: the Lord Ruler is gone
    assert not game.state.lord_ruler_in_play
    game.push(Score("Lekal", disgrace=1))  # 1
    assert game.state.house("Lekal").disgrace == 5


def test_r_hw_3_names_of_the_special_problems() -> None:
    assert is_vin("vin") and is_vin(" VIN ") and not is_vin("Vin's Crew")
    assert is_lord_ruler("The Lord Ruler") and is_lord_ruler("lord  ruler")
    assert not is_lord_ruler("Lord Ruler's Edict")


def test_r_hw_3_vin_solved_the_highest_score_wins() -> None:
    game = through_step3(_vin_game())
    game.push(Score("Venture", favor=4))
    game.push(Score("Lekal", favor=6))
    game.push(Solve("Vin", (), (Award("Tekiel", 1),)))
    result = outcome(game.state)
    assert result is not None and result.ended_by is End.VIN_SOLVED
    assert result.highest_wins and result.winners == ("Lekal",)
    assert [s.house for s in result.standings] == ["Lekal", "Venture", "Tekiel"]
    assert result.text() == ("Vin is solved: the Final Empire is saved; highest score wins: "
                             "Lekal wins.")
    refused(game, Transfer("supply", "Tekiel", R("1 food")), "R-HW-1: the game is over")


def test_r_hw_3_vin_erupting_with_unrest_seven_the_highest_wins() -> None:
    game = started(problems=(("Vin", 4), ("Riot", 2), ("Famine", 3)))
    game.push(Collect("Tekiel"))
    game.push(Score("Venture", favor=2))
    game.push(AddUnrest(7))
    game.push(Worsen("Vin"))
    result = outcome(game.state)
    assert result is not None and result.ended_by is End.VIN_ERUPTED
    assert result.unrest == 7 and result.highest_wins and result.winners == ("Venture",)


def test_r_hw_1_ruling_after_the_end_nothing_changes_a_score_or_the_track() -> None:
    """"When any of the following occurs, the game immediately ends and scores are
    totaled. No further cards may be played, and no further deals may be made." After
    the winner is announced, Unrest and scores stay as they are (R-HW-1 ruling)."""
    game = through_step3(_vin_game())
    game.push(AddUnrest(6))
    game.push(Score("Venture", favor=2))
    game.push(FaceDown("Tekiel", "Heir"))
    game.push(Solve("Vin", (), ()))
    over = "R-HW-1: the game is over \\(Vin was solved\\): no further cards may be played"
    for event in (AddUnrest(2), Score("Lekal", favor=1), Transfer("supply", "Lekal",
                                                                 R("1 food")),
                  Worsen("Riot"), FaceDown("Lekal", "Heir")):
        refused(game, event, over + ", nor deals made; only end-game Personalities are "
                                    "revealed now")
    game.push(Reveal("Tekiel", "Heir", favor=1))  # what remains: the reveals
    refused(game, AddUnrest(2), over + ", nor deals made; the scores are final")
    result = outcome(game.state)
    assert result is not None and result.winners == ("Venture",) and result.unrest == 6


def test_r_hw_3_ruling_unrest_at_eight_as_vin_resolves_decides() -> None:
    # Since nothing changes Unrest after the end (R-HW-1 ruling), play no longer reaches
    # Unrest 8 with Vin solved; the outcome of such a state still follows the ruling:
    # Unrest decides, and the lowest score wins.
    game = through_step3(_vin_game())
    game.push(Score("Venture", favor=2))
    game.push(Score("Tekiel", favor=1))
    game.push(Solve("Vin", (), ()))
    state = attrs.evolve(game.state, unrest=8)
    result = outcome(state)
    assert result is not None and result.ended_by is End.VIN_SOLVED
    assert not result.highest_wins and result.winners == ("Lekal",)  # lowest: 0
    assert "the Final Empire collapses" in result.text()


def test_r_hw_3_unrest_eight_the_lowest_score_wins() -> None:
    game = through_step3(started())
    game.push(Score("Tekiel", disgrace=1))
    game.push(Score("Venture", favor=3))
    game.push(AddUnrest(8))
    result = outcome(game.state)
    assert result is not None and result.ended_by is End.UNREST
    assert result.winners == ("Tekiel",)
    assert [s.score for s in result.standings] == [-1, 0, 3]


def test_r_hw_3_ties_go_to_most_resources_then_are_shared() -> None:
    game = through_step3(started())
    game.push(Score("Tekiel", favor=3))
    game.push(Score("Venture", favor=3))
    game.push(Transfer("supply", "Venture", R("1 atium")))
    game.push(Transfer("supply", "Tekiel", R("2 food")))
    game.push(AddUnrest(8))
    # Lowest wins: Lekal at 0.
    result = outcome(game.state)
    assert result is not None and result.winners == ("Lekal",)
    # With the Final Empire saved, Tekiel and Venture tie on 3: Tekiel has more tokens.
    ranked = standings(game.state, highest_wins=True)
    assert [(s.house, s.place) for s in ranked] == [("Tekiel", 1), ("Venture", 2),
                                                    ("Lekal", 3)]
    game.pop()
    game.push(Transfer("supply", "Venture", R("1 money")))
    ranked = standings(game.state, highest_wins=True)
    assert [(s.house, s.place) for s in ranked] == [("Tekiel", 1), ("Venture", 1),
                                                    ("Lekal", 3)]


def test_r_hw_3_shared_victory() -> None:
    game = through_step3(started())
    game.push(Score("Tekiel", favor=2))
    game.push(Score("Lekal", favor=2))
    game.push(AddUnrest(9))
    result = outcome(game.state)
    assert result is not None and result.winners == ("Venture",)
    game.pop()
    game.push(Score("Venture", favor=2))
    game.push(AddUnrest(9))
    result = outcome(game.state)
    assert result is not None
    assert result.winners == ("Tekiel", "Venture", "Lekal")
    assert result.text().endswith("Tekiel, Venture and Lekal share the victory.")


def test_r_hw_3_face_down_personalities_are_revealed_before_totals() -> None:
    game = through_step3(_vin_game())
    game.push(FaceDown("Tekiel", "Financial Heir"))
    game.push(FaceDown("Venture", "Honor Hostage"))
    game.push(FaceDown("Venture", "Financial Heir"))
    refused(game, FaceDown("Venture", "financial heir"), "already has a face-down")
    game.push(DiscardFaceDown("Venture", "Financial Heir"))  # a Coinshot
    refused(game, DiscardFaceDown("Venture", "Financial Heir"), "no face-down")
    refused(game, Reveal("Tekiel", "Financial Heir", favor=2), "revealed at the end")
    game.push(Score("Venture", favor=3))
    game.push(Solve("Vin", (), ()))
    result = outcome(game.state)
    assert result is not None and not result.decided and result.winners == ()
    assert game.state.next_step is Step.REVEAL
    assert result.text().startswith("Vin is solved: the Final Empire is saved; reveal "
                                    "Tekiel's Financial Heir, Venture's Honor Hostage")
    game.push(Reveal("Tekiel", "financial heir", favor=4))
    game.push(Reveal("Venture", "Honor Hostage", disgrace=2))
    result = outcome(game.state)
    assert result is not None and result.decided and result.winners == ("Tekiel",)
    assert game.state.next_step is Step.OVER
    assert game.state.house("Tekiel").revealed == ("Financial Heir",)
    refused(game, Reveal("Tekiel", "Financial Heir"), "no face-down")


def test_r_hw_3_no_outcome_while_the_game_goes_on() -> None:
    game = through_step3(started())
    assert outcome(game.state) is None
