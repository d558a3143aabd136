"""R-DBG-3, the Mission tracks: spending points from the start area, Sense for the
whole turn (the rulebook's example), rewards reached with first-player rewards, the
finishing order, and who is highest and lowest with every tie rule (and the ruling for
two tied cubes)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from test_deckbuilding import FOUR, THREE, end_turns, game, refused

from boardgames import deckbuilding as dbg
from boardgames.deckbuilding import (
    EndTurn,
    GainMission,
    MissionSpec,
    Mode,
    Sense,
    SpendMission,
)
from boardgames.errors import BadValue, RuleViolation
from boardgames.session import Session


def test_r_dbg_3_the_sense_example_advances_once() -> None:
    # 2 Mission points, Sense 3 played on them, then 2 more points: 1 step.
    session = game()
    session.push(GainMission("Vin", 2))
    session.push(Sense("Vin", 3, by="Kelsier"))
    assert session.state.players[0].mission_points == 0
    session.push(GainMission("Vin", 2))
    assert session.state.players[0].mission_points == 1
    refused(session, SpendMission("Vin", (2, 0, 0)), "R-DBG-3")
    session.push(SpendMission("Vin", (1, 0, 0)))
    assert session.state.missions[0].steps == (1, 0, 0)


def test_r_dbg_3_sense_lasts_the_turn_only_and_so_do_unspent_points() -> None:
    session = game(("Vin", "Kelsier"))
    session.push(Sense("Vin", 2, by="Kelsier"))
    session.push(GainMission("Vin", 1))
    assert session.state.players[0].mission_points == 0
    end_turns(session, 1)
    session.push(GainMission("Kelsier", 3))
    end_turns(session, 1)
    assert [p.mission_points for p in session.state.players] == [0, 0]
    session.push(GainMission("Vin", 2))  # the old Sense is gone
    assert session.state.players[0].mission_points == 2


def test_r_dbg_3_sense_on_oneself_or_off_turn_is_refused() -> None:
    session = game()
    refused(session, Sense("Vin", 2, by="Vin"), "R-DBG-3")
    refused(session, Sense("Kelsier", 2, by="Vin"), "R-DBG-3")


def test_r_dbg_3_one_point_from_the_start_area_reaches_the_lowest_step() -> None:
    session = game()
    session.push(GainMission("Vin", 4))
    session.push(SpendMission("Vin", (1, 0, 0)))
    assert session.state.missions[0].steps[0] == 1
    session.push(SpendMission("Vin", (1, 2, 0)))  # points split between tracks
    assert [m.steps[0] for m in session.state.missions] == [2, 2, 0]
    assert session.state.players[0].mission_points == 0


def test_r_dbg_3_twelve_points_reach_the_top_and_no_further() -> None:
    session = game()
    session.push(GainMission("Vin", 14))
    session.push(SpendMission("Vin", (11, 0, 0)))
    refused(session, SpendMission("Vin", (2, 0, 0)), "R-DBG-3")
    session.push(SpendMission("Vin", (1, 0, 0)))
    assert session.state.missions[0].steps[0] == dbg.TRACK_TOP
    assert session.state.missions[0].finished == (0,)


def test_r_dbg_3_spending_is_the_active_players() -> None:
    session = game()
    refused(session, GainMission("Kelsier", 2), "R-DBG-3")
    session.push(GainMission("Vin", 2))
    end_turns(session, 1)
    refused(session, SpendMission("Vin", (1, 0, 0)), "R-DBG-3")


def test_r_dbg_3_rewards_reached_mid_track_and_top_with_first_player_rewards() -> None:
    missions = (MissionSpec("Eyes", (4, 8)), MissionSpec(), MissionSpec())
    session = game(THREE, missions=missions)
    before = session.state
    session.push(GainMission("Vin", 12))
    session.push(SpendMission("Vin", (5, 0, 0)))  # passes step 4
    reached = dbg.rewards_reached(before, session.state)
    assert [(r.mission, r.step, r.seat, r.first) for r in reached] == [(0, 4, 0, True)]
    end_turns(session, 1)
    before = session.state
    session.push(GainMission("Kelsier", 12))
    session.push(SpendMission("Kelsier", (12, 0, 0)))
    reached = dbg.rewards_reached(before, session.state)
    # Vin took step 4's first-player reward; Kelsier is first at 8 and at the top.
    assert [(r.step, r.first, r.top) for r in reached] == [
        (4, False, False), (8, True, False), (12, True, True)]
    end_turns(session, 2)
    before = session.state
    session.push(GainMission("Vin", 7))
    session.push(SpendMission("Vin", (7, 0, 0)))
    reached = dbg.rewards_reached(before, session.state)
    assert [(r.step, r.first) for r in reached] == [(8, False), (12, False)]
    assert session.state.missions[0].finished == (1, 0)
    assert session.state.missions[0].firsts == ((4, 0), (8, 1), (12, 1))


def _steps(session: Session[dbg.Game, dbg.Event], mission: int, steps: list[int]) -> None:
    """Move each seat's cube on ``mission`` to ``steps`` by playing turns in order."""
    for seat, step in enumerate(steps):
        while session.state.turn.seat != seat:
            session.push(EndTurn())
        if step:
            name = session.state.players[seat].name
            points = [0, 0, 0]
            points[mission] = step - session.state.missions[mission].steps[seat]
            session.push(GainMission(name, points[mission]))
            session.push(SpendMission(name, tuple(points)))


def _standing(session: Session[dbg.Game, dbg.Event], mission: int = 0
              ) -> tuple[set[str], set[str]]:
    state = session.state
    result = dbg.standing(state, mission)
    return ({state.players[s].name for s in result.highest},
            {state.players[s].name for s in result.lowest})


def test_r_dbg_3_start_area_is_not_on_the_track_and_a_lone_cube_is_highest_only() -> None:
    session = game(FOUR)
    assert _standing(session) == (set(), set())
    _steps(session, 0, [0, 3, 0, 0])
    assert _standing(session) == ({"Kelsier"}, set())


def test_r_dbg_3_ruling_exactly_two_cubes_tied_are_neither() -> None:
    session = game(FOUR)
    _steps(session, 0, [5, 5, 0, 0])
    assert _standing(session) == (set(), set())
    _steps(session, 0, [0, 0, 2, 0])  # a third cube: ties count again
    assert _standing(session) == ({"Vin", "Kelsier"}, {"Marsh"})


def test_r_dbg_3_two_cubes_apart_are_highest_and_lowest() -> None:
    session = game()
    _steps(session, 0, [6, 2, 0])
    assert _standing(session) == ({"Vin"}, {"Kelsier"})


def test_r_dbg_3_three_or_more_cubes_ties_all_count() -> None:
    session = game(FOUR)
    _steps(session, 0, [7, 7, 3, 3])
    assert _standing(session) == ({"Vin", "Kelsier"}, {"Marsh", "Sazed"})
    session2 = game()
    _steps(session2, 0, [4, 4, 4])  # all tied: each is highest and lowest
    assert _standing(session2) == ({"Vin", "Kelsier", "Marsh"},) * 2


def test_r_dbg_3_the_first_to_finish_stays_highest() -> None:
    session = game()
    _steps(session, 0, [0, 12, 0])
    _steps(session, 0, [12, 0, 0])  # Vin finishes second
    assert _standing(session) == ({"Kelsier"}, {"Vin"})
    _steps(session, 0, [0, 0, 12])
    assert _standing(session) == ({"Kelsier"}, {"Marsh"})


def test_r_dbg_3_solo_highest_and_lowest_by_rewards() -> None:
    missions = (MissionSpec("A", (3, 7)), MissionSpec(), MissionSpec())
    session = game(("Vin",), Mode.SOLO, missions)
    assert _standing(session) == (set(), set())
    session.push(GainMission("Vin", 12))
    session.push(SpendMission("Vin", (2, 1, 0)))
    assert _standing(session) == (set(), {"Vin"})  # on the track, below its first reward
    assert _standing(session, 1) == (set(), {"Vin"})  # no mid reward: the first is the top
    session.push(SpendMission("Vin", (1, 0, 0)))
    assert _standing(session) == (set(), set())
    session.push(SpendMission("Vin", (4, 0, 0)))  # step 7: its last mid-track reward
    assert _standing(session) == ({"Vin"}, set())


def test_r_dbg_3_co_op_does_not_end_at_the_top_of_all_three() -> None:
    session = game(("Vin",), Mode.SOLO)
    session.push(GainMission("Vin", 36))
    session.push(SpendMission("Vin", (12, 12, 12)))
    assert session.state.result is None
    assert dbg.completed_missions(session.state) == 3




def test_r_dbg_3_missions_are_found_by_number_or_name() -> None:
    session = game(THREE, missions=(MissionSpec("Eyes of the Mist"), MissionSpec(),
                                    MissionSpec("Ash")))
    state = session.state
    assert [dbg.find_mission(state, t) for t in ("1", "eyes of the mist", "2", " ash")] == [
        0, 0, 1, 2]
    message = refused_lookup(lambda: dbg.find_mission(state, "4"))
    assert message == "R-DBG-3: no Mission '4' (Missions: Eyes of the Mist, 2 and Ash)"


def refused_lookup(look: Callable[[], object]) -> str:
    with pytest.raises(RuleViolation) as caught:
        look()
    return str(caught.value)


@pytest.mark.parametrize("index", [-1, 3, True, 1.0])
def test_r_dbg_3_standing_refuses_an_index_outside_the_missions(index: object) -> None:
    game = dbg.new_game(("Vin", "Kelsier"))
    with pytest.raises(BadValue, match=r"R-DBG-3: a Mission's index into game\.missions is 0–2"):
        dbg.standing(game, index)  # type: ignore[arg-type]
