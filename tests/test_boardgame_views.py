"""A board game's view kept in the table (boardgames/views.py, cli/boardgames/stored.py):
every write stores the board, the last sentences, what comes next and the summary, so
that ``show`` draws them without loading the game or replaying it — and whatever the
view, ``show`` prints exactly what a replay prints: a missing, stale, damaged or
other version's view is not shown, the events are replayed instead."""

from __future__ import annotations

import random
import sqlite3
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from profiles import scaled

from boardgames.screen import (
    Grid,
    HouseRow,
    Houses,
    Line,
    Part,
    Title,
    Tray,
    TrayDie,
    board_from_stored,
    from_stored,
    to_stored,
)
from table import Table, games
from table.errors import NothingToUndo

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from board_games import deckbuilding, house_war, stuffed_game
from cli_support import ok

# kind → (the command's group, a long game of it: set-up first)
GAMES: dict[str, tuple[str, Callable[[random.Random], list[Any]]]] = {
    "stuffed": ("stuffed", lambda rng: stuffed_game(12, rng)),
    "deckbuilding": ("dbg", lambda rng: deckbuilding(12, rng)),
    "housewar": ("hw", lambda rng: house_war(6, rng)),
}


def _started(path: Path, kind: str, events: Sequence[Any]) -> None:
    with Table(path) as table:
        games.start(table, kind, "Game 1", events[:1], who="Ann")


def _forget_views(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM views")
    db.close()


def _stored_and_replayed(path: Path, group: str, *args: str, columns: int = 40
                         ) -> tuple[str, str]:
    """What ``show`` prints with the view the last write stored, then with none."""
    stored = ok(path, group, "show", *args, columns=columns)
    _forget_views(path)
    return stored, ok(path, group, "show", *args, columns=columns)


# --- the stored board is the replayed board, whatever the writes and undos ---------------


@pytest.mark.parametrize("kind", list(GAMES))
@settings(max_examples=scaled(6), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000),
       steps=st.lists(st.one_of(st.integers(1, 12), st.just(0)), min_size=1, max_size=5),
       last=st.sampled_from([0, 3, 25]), columns=st.sampled_from([40, 55, 80]))
def test_r_stf_r_dbg_r_hw_show_after_any_writes_and_undos_equals_the_replayed_board(
        tmp_path_factory: pytest.TempPathFactory, kind: str, seed: int,
        steps: list[int], last: int, columns: int) -> None:
    group, play = GAMES[kind]
    events = play(random.Random(seed))
    path = tmp_path_factory.mktemp("views") / "t.db"
    _started(path, kind, events)
    written = 1
    for step in steps:  # 0: an undo; n: the next n events in one write
        with Table(path) as table:
            if step == 0:
                try:
                    undid = games.undo(table, kind, "Game 1", who="Ann")
                except (games.SetupKept, NothingToUndo):
                    continue
                written -= len(undid.steps)
            else:
                chunk = list(events[written:written + step])
                if not chunk:
                    continue
                games.record(table, kind, "Game 1", lambda _s, c=chunk: c, who="Ann")
                written += len(chunk)
            assert table.view(kind, "Game 1") is not None
        stored, replayed = _stored_and_replayed(path, group, "--last", str(last),
                                                columns=columns)
        assert stored == replayed


# --- a view that cannot be taken is not shown ---------------------------------------------


PLAYED = stuffed_game(8, random.Random(3))


@pytest.fixture
def played(tmp_path: Path) -> Path:
    """A game of Stuffed played but for its last event."""
    path = tmp_path / "t.db"
    _started(path, "stuffed", PLAYED)
    with Table(path) as table:
        games.record(table, "stuffed", "Game 1", lambda _s: PLAYED[1:-1], who="Ann")
    return path


@pytest.mark.parametrize("stored", ["not json", "[1]", '{"made_by": "0.0.1"}'])
def test_r_stf_1_a_damaged_or_foreign_view_is_not_shown_the_events_are(
        played: Path, stored: str) -> None:
    expected = ok(played, "stuffed", "show")
    with sqlite3.connect(played) as db:
        db.execute("UPDATE views SET view = ?", (stored,))
    db.close()
    assert ok(played, "stuffed", "show") == expected


LINE = ["Line", "x", "plain", False, 0, 2, []]


@pytest.mark.parametrize("changed", [
    {"boards": {"narrator": [["Line", 5]]}},
    {"lines": [3], "live": 1},
    {"boards": {}},
    {"next": "x"},
    # screen values where they do not belong: a phrase or a part as a line of the
    # board, a line as what comes next
    {"boards": {"narrator": [["Phrase", "hello", ""]]}},
    {"boards": {"narrator": [["Part", "p", "plain"]]}},
    {"next": [LINE]},
])
@pytest.mark.parametrize("kind", ["stuffed", "housewar"])
def test_r_stf_1_r_hw_2_a_view_changed_by_hand_is_not_shown_the_events_are(
        tmp_path: Path, kind: str, changed: dict[str, Any]) -> None:
    # The view kept by the last write, its one part changed, all else (its name, what it
    # was made from) as kept: a reader that took it would draw it.
    import json

    path = tmp_path / "t.db"
    group, play = GAMES[kind]
    events = play(random.Random(5))
    _started(path, kind, events)
    with Table(path) as table:
        games.record(table, kind, "Game 1", lambda _s: events[1:6], who="Ann")
    expected = ok(path, group, "show")
    with sqlite3.connect(path) as db:
        (kept,) = db.execute("SELECT view FROM views").fetchone()
        db.execute("UPDATE views SET view = ?", (json.dumps({**json.loads(kept), **changed}),))
    db.close()
    assert ok(path, group, "show") == expected


def test_r_stf_1_a_write_that_stores_no_view_leaves_it_stale(played: Path) -> None:
    before = ok(played, "stuffed", "show")
    with Table(played) as table:  # a raw event, as a tool might append it
        log = table.read("stuffed", "Game 1")
        table.append("stuffed", "Game 1", [games.rules("stuffed").encode(PLAYED[-1])],
                     based_on=log.version, who="tool")
        assert table.view("stuffed", "Game 1") is None
    stored, replayed = _stored_and_replayed(played, "stuffed")
    assert stored == replayed != before


def test_r_stf_1_show_replays_when_asked_for_more_lines_than_the_view_keeps(
        tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    events = stuffed_game(30, random.Random(5))
    _started(path, "stuffed", events)
    with Table(path) as table:
        games.record(table, "stuffed", "Game 1", lambda _s: events[1:], who="Ann")
    assert len(events) > 40
    stored, replayed = _stored_and_replayed(path, "stuffed", "--last", "40")
    assert stored == replayed
    assert stored.count("• ") >= 40


# --- the board as JSON, read back strictly ---------------------------------------------------


BOARD = (Title(" · turn 2", wrap=True), Line("Mission", "head", wrap=True, margin=2),
         Line("", parts=(Part("a", "active"), Part(" b"))),
         Tray("Dice", (TrayDie(1, "Co"), TrayDie(2, "Ch", spent=True))),
         Grid(("I", "II"), (("Riot", ""), ("", "Famine"))),
         Houses(("Favor",), (HouseRow("Venture", 3, None, None, True, "tokens F1"),)))


def test_a_stored_board_reads_back_as_it_was() -> None:
    import json

    assert board_from_stored(json.loads(json.dumps([to_stored(v) for v in BOARD]))) == BOARD


@pytest.mark.parametrize("data", [
    ["Line", "x"], ["Line", 1, "plain", False, 0, 2, []], ["Title", "x", 1],
    ["Tray", "Dice", [["Title", "x", False]]], ["Houses", ["F"], [["HouseRow", "V", "3",
                                                                   None, None, True, ""]]],
    ["Grid", ["I"], [["a", 1]]], ["Secret", 1], [], "Line", [["Line"]], None,
])
def test_a_stored_board_of_another_shape_is_refused(data: object) -> None:
    with pytest.raises(ValueError):
        from_stored(data)


def test_only_screen_values_are_stored() -> None:
    with pytest.raises(TypeError):
        to_stored(Line("x", parts=({"a": 1},)))  # type: ignore[arg-type]


# --- the screen values: frozen, compared and copied as attrs values, made without code ----


def test_a_screen_value_is_frozen_compared_hashed_and_copied_by_its_fields() -> None:
    import copy
    import pickle

    from attrs.exceptions import FrozenInstanceError

    line = Line("Mission", "head", parts=(Part("a", "active"),))
    same = Line("Mission", "head", parts=(Part("a", "active"),))
    assert line == same and hash(line) == hash(same) and line != Line("Mission")
    assert line != ("Mission", "head", False, 0, 2, (Part("a", "active"),))
    assert Title("x") != Part("x")  # another kind of value, though its fields match
    assert repr(line) == ("Line(text='Mission', tag='head', wrap=False, margin=0, indent=2, "
                          "parts=(Part(text='a', tag='active'),))")
    assert copy.copy(line) == copy.deepcopy(line) == pickle.loads(pickle.dumps(line)) == line
    with pytest.raises(FrozenInstanceError):  # as an attrs frozen class refuses it
        line.text = "changed"  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del line.tag


# --- a game over: the board kept for show holds its end and the summary -----------------


@pytest.mark.parametrize("steps", [
    [("dbg", "new", "--players", "Vin", "Kelsier"), ("dbg", "damage", "kelsier", "40")],
    [("hw", "new", "--players", "3", "--length", "short", "--houses", "Venture", "Lekal",
      "Hasting"), ("hw", "sheet", "venture", "2f"), ("hw", "sheet", "lekal", "1s"),
     ("hw", "sheet", "hasting", "1w"), ("hw", "add", "Riot", "-u", "IV", "--setup"),
     ("hw", "add", "Ashfall", "-u", "2", "--setup"), ("hw", "add", "Famine", "-u", "1", "--setup"),
     ("hw", "collect"), ("hw", "score", "lekal", "--favor", "3"), ("hw", "unrest", "8")],
], ids=["dbg", "hw"])
@pytest.mark.parametrize("columns", [40, 80])
def test_r_dbg_7_r_hw_3_show_of_a_game_over_is_the_replayed_one(
        tmp_path: Path, steps: list[tuple[str, ...]], columns: int) -> None:
    path = tmp_path / "t.db"
    for step in steps:
        ok(path, *step)
    with Table(path) as table:  # the game's current view, which show draws
        assert table.view({"dbg": "deckbuilding", "hw": "housewar"}[steps[0][0]])
    stored, replayed = _stored_and_replayed(path, steps[0][0], columns=columns)
    assert stored == replayed
    assert ("Summary:" in stored) if steps[0][0] == "dbg" else ("wins" in stored)
