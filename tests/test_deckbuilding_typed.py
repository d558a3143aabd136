"""A Deckbuilding player's words made into values (boardgames.deckbuilding.typed):
the library the ``deckbuilding`` commands call, so no front door reads numbers,
Missions, layouts or rows on its own."""

from __future__ import annotations

import pytest

from boardgames import deckbuilding as dbg
from boardgames.deckbuilding import typed
from boardgames.deckbuilding.events import DEFAULT_TRAINING, MissionSpec
from boardgames.errors import BadValue


def test_r_dbg_3_a_mission_is_typed_by_name_and_its_reward_steps() -> None:
    assert typed.mission_spec("Pits:4,8") == MissionSpec("Pits", (4, 8))
    assert typed.mission_spec(":4 8") == MissionSpec("", (4, 8))
    with pytest.raises(BadValue):
        typed.mission_spec("Pits:four")


def test_r_dbg_9_a_training_layout_keeps_the_default_where_nothing_is_typed() -> None:
    layout = typed.training(["end=18", "burns=4,7,17"])
    assert (layout.end, layout.burns) == (18, (4, 7, 17))
    assert layout.atium == DEFAULT_TRAINING.atium
    for wrong in ("end", "speed=3", "burns=a,b"):
        with pytest.raises(BadValue):
            typed.training([wrong])


def test_r_dbg_3_mission_points_by_track_or_by_mission() -> None:
    state = dbg.start(("Vin", "Elend")).state
    assert typed.mission_split(state, ["2 1 0"]) == (2, 1, 0)
    assert typed.mission_split(state, ["1=2", "3=1"]) == (2, 0, 1)
    with pytest.raises(BadValue):
        typed.mission_split(state, ["2 1"])


def test_r_dbg_2_rows_and_r_dbg_6_shields_as_typed() -> None:
    assert typed.rows(["2,0", "3"]) == (2, 0, 3)
    assert typed.shields(["3 x", "5"]) == ("3", "X", "5")
    with pytest.raises(BadValue):
        typed.rows(["-1"])
    assert typed.whole("7", "points", "R-DBG-3") == 7
