"""The Problem track (R-HW-2): the rulebook's examples, worked on the grid alone."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardgames.errors import BadValue, RuleViolation
from boardgames.housewar.track import (
    DECK,
    ERUPTS,
    Track,
    enter,
    enter_highest,
    enter_lowest,
    move,
    move_to,
    numeral,
    rows_for,
    urgency,
)


def board(rows: int, *columns: tuple[str, ...]) -> Track:
    """A track with the named Problems placed column by column, lowest row first."""
    track = Track.empty(rows)
    for index, names in enumerate(columns, start=1):
        for name in names:
            track = track.put(name, index)
    return track


def test_r_hw_2_rows_by_player_count() -> None:
    assert rows_for(3) == 2  # the bottom row is out of play
    assert rows_for(4) == 3
    assert rows_for(5) == 3
    assert Track.empty(2).spaces == 8
    assert Track.empty(3).spaces == 12


def test_r_hw_2_enters_at_starting_urgency_in_the_lowest_free_space() -> None:
    landing = enter(board(3, (), ("Riot",)), "Ashfall", 2)
    assert landing.column == 2
    assert landing.track.columns[1] == ("Riot", "Ashfall", None)


def test_r_hw_2_a_full_starting_column_sends_it_right() -> None:
    track = board(2, ("A", "B"), ("C", "D"))
    landing = enter(track, "New", 1)
    assert landing.column == 3 and landing.skipped == (1, 2)


def test_r_hw_2_all_out_war_skips_the_full_column_two() -> None:
    # 3 players: All-Out War must move 1 column right but column II is full; it moves
    # to the first available space, in column III.
    track = board(2, ("All-Out War",), ("Riot", "Plague"))
    landing = move(track, "All-Out War", 1)
    assert landing.column == 3
    assert landing.track.column_of("All-Out War") == 3
    assert landing.track.columns[0] == (None, None)


def test_r_hw_2_major_heist_two_orders_of_moving() -> None:
    # 3 players: Major Heist in II; two Problems fill III; IV is empty.
    start = board(2, (), ("Major Heist",), ("Spook", "Famine"), ())
    # Option 1: the two in III move first, filling IV; Major Heist then finds III free.
    one = move(start, "Spook", 1).track
    one = move(one, "Famine", 1).track
    heist = move(one, "Major Heist", 1)
    assert heist.column == 3
    assert heist.track.columns == ((None, None), (None, None), ("Major Heist", None),
                                   ("Spook", "Famine"))
    # Option 2: Major Heist moves first, skipping full III into IV; one of the others
    # takes IV's last space, the other erupts.
    two = move(start, "Major Heist", 1)
    assert two.column == 4 and two.skipped == (3,)
    spook = move(two.track, "Spook", 1)
    assert spook.column == 4
    famine = move(spook.track, "Famine", 1)
    assert famine.erupted and famine.column == ERUPTS
    assert famine.track.column_of("Famine") is None
    assert famine.track.columns[3] == ("Major Heist", "Spook")


def test_r_hw_2_spook_moves_to_column_four_and_its_urgency_is_four() -> None:
    landing = move(board(3, (), (), ("Spook",)), "Spook", 1)
    assert landing.column == 4 and numeral(landing.column) == "IV"


def test_r_hw_2_kelsier_returns_at_the_highest_possible_urgency() -> None:
    # 3 players, column IV full: Kelsier returns to the board in column III.
    track = board(2, ("A",), (), ("B",), ("C", "D"))
    landing = enter_highest(track, "Kelsier")
    assert landing.column == 3
    assert landing.track.columns[2] == ("B", "Kelsier")


def test_r_hw_2_lowest_possible_urgency_is_the_leftmost_free_space() -> None:
    track = board(2, ("A", "B"), ("C",))
    assert enter_lowest(track, "New").column == 2
    assert track.lowest_free() == 2 and track.highest_free() == 4


def test_r_hw_2_a_soother_puts_a_problem_in_column_one_on_the_deck() -> None:
    track = board(3, ("Cult of the Survivor",))
    landing = move(track, "Cult of the Survivor", -1)
    assert landing.to_deck and landing.column == DECK
    assert len(landing.track) == 0


def test_r_hw_2_moving_left_skips_full_columns() -> None:
    track = board(2, ("A",), ("B", "C"), ("Riot",))
    landing = move(track, "Riot", -1)
    assert landing.column == 1 and landing.skipped == (2,)
    full_left = board(2, ("A", "E"), ("B", "C"), ("Riot",))
    landing = move(full_left, "Riot", -1)
    assert landing.to_deck and landing.skipped == (2, 1)


def test_r_hw_2_column_four_moves_right_and_erupts() -> None:
    landing = move(board(3, (), (), (), ("Ashfall",)), "Ashfall", 1)
    assert landing.erupted


def test_r_hw_2_a_new_problem_with_no_space_to_its_right_erupts_at_once() -> None:
    track = board(2, (), (), ("A", "B"), ("C", "D"))
    assert enter(track, "New", 3).erupted
    full = board(2, ("E", "F"), ("G", "H"), ("A", "B"), ("C", "D"))
    assert enter_highest(full, "New").erupted
    assert enter_lowest(full, "New").erupted


def test_r_hw_2_moves_of_more_than_one_column_aim_and_then_skip() -> None:
    # Urgency +2 from I aims at III; III is free, so it lands there even though II is
    # full.
    track = board(2, ("A",), ("B", "C"))
    assert move(track, "A", 2).column == 3
    # Aimed at a full III it moves on to IV.
    track = board(2, ("A",), (), ("B", "C"))
    assert move(track, "A", 2).column == 4


def test_r_hw_2_move_to_highest_counts_its_own_space_as_free() -> None:
    track = board(2, (), (), (), ("A", "B"))
    landing = move_to(track, "B", highest=True)
    assert landing.column == 4  # it stays in IV: its space was free once it left
    landing = move_to(track, "B", highest=False)
    assert landing.column == 1


def test_track_refusals() -> None:
    track = board(2, ("A", "B"))
    with pytest.raises(RuleViolation, match="R-HW-2: column I is full"):
        track.put("C", 1)
    with pytest.raises(RuleViolation, match="already on the Problem track"):
        track.put("A", 2)
    with pytest.raises(RuleViolation, match="not on the Problem track"):
        move(track, "Z", 1)
    with pytest.raises(BadValue, match="2 or 3 rows"):
        Track.empty(4)
    with pytest.raises(BadValue, match="I–IV"):
        urgency(5)
    assert urgency("iii") == 3


names = st.sampled_from([f"P{n}" for n in range(14)])


@given(st.sampled_from([2, 3]),
       st.lists(st.tuples(st.sampled_from(["enter", "high", "low", "move"]), names,
                          st.integers(-3, 3)), max_size=40))
def test_r_hw_2_the_grid_never_overfills_and_names_stay_unique(
        rows: int, steps: list[tuple[str, str, int]]) -> None:
    track = Track.empty(rows)
    for kind, name, number in steps:
        on = track.column_of(name) is not None
        if kind == "move" and on and number:
            landing = move(track, name, number)
        elif kind == "enter" and not on:
            landing = enter(track, name, max(1, abs(number) or 1))
        elif kind == "high" and not on:
            landing = enter_highest(track, name)
        elif kind == "low" and not on:
            landing = enter_lowest(track, name)
        else:
            continue
        before = len(track) - (1 if on else 0)
        track = landing.track
        assert len(track) == before + (1 if 1 <= landing.column <= 4 else 0)
        for column in track.columns:
            assert len(column) == rows
        assert len(set(track.names)) == len(track.names)
        assert len(track) <= track.spaces
