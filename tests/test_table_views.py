"""A Conflict's view kept in the table (table/views.py): every write through
the library stores the board and the last steps as a replay would give them, so that
``mistborn conflict show`` draws the board without replaying; a write that stored no
view (raw events, an older program) leaves it stale and readers replay instead."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from characters.model import Sheet
from characters.samples import example_characters
from conflict import saved as conflicts
from conflict.board import board, is_board
from conflict.events import EndConflict, EndRound, Event, Nature
from conflict.serial import event_to_dict
from conflict.simulate.play import Dice, choose, decided
from conflict.simulate.policies import POLICIES
from conflict.state import Phase, State
from conflict.whatnow import Expect, what_now
from core.text import as_stored
from table import DamagedRow, Table, views
from table.sessions import _REPLAYS

NAME = "Rooftops"
CREW = ("Tamsin Vey", "Brannoch")
OPPOSITION = ("Hazekillers of House Orrell", "The Hollow Prelate")


def replayed(table: Table) -> dict[str, object]:
    """The view a fresh replay of the log gives (nothing reused from this process)."""
    _REPLAYS.clear()
    return conflicts.view(conflicts.saved(table, NAME).load())


def begun(table: Table) -> State:
    characters = {c.name: c for c in example_characters()}
    table.add(list(characters.values()))
    conflicts.start(table, NAME, Nature.PHYSICAL, stakes="the ledger", who="narrator")
    joining = [(characters[name], "crew", False) for name in CREW]
    joining += [(characters[name], "opposition", False) for name in OPPOSITION]
    return conflicts.add(table, NAME, joining, who="narrator").after


def next_event(state: State, dice: Dice) -> Event:
    policies = {side: POLICIES["default"] for side in ("crew", "opposition")}
    outcome = decided(state)
    if outcome is not None:
        return EndConflict(outcome)
    now = what_now(state)
    if now.expect is Expect.END_ROUND:
        return EndRound() if state.round < 3 else EndConflict("time runs out")
    return choose(state, now, policies, dice)


def test_every_write_and_undo_leaves_the_view_a_replay_gives(tmp_path: Path) -> None:
    with Table(tmp_path / "t.db") as table:
        state = begun(table)
        assert table.view(conflicts.KIND, NAME) == replayed(table)
        dice = Dice(3, 0)
        steps = 0
        while state.phase is not Phase.ENDED:
            event = next_event(state, dice)
            state = conflicts.record(table, NAME, lambda _s, e=event: [e], who="n").after
            steps += 1
            if steps % 5 == 0:  # undo now and then, and write the step again
                state = conflicts.undo(table, NAME, who="n").after
                assert table.view(conflicts.KIND, NAME) == replayed(table)
                state = conflicts.record(table, NAME, lambda _s, e=event: [e], who="n").after
            view = table.view(conflicts.KIND, NAME)
            assert view == replayed(table)
        assert steps > 20  # the view's lines filled past their window
        assert view is not None and len(view["lines"]) == conflicts.VIEW_LINES
        assert view["board"]["phase"] == "ended"


def test_r_con_1_the_current_streams_view_is_read_without_its_name(tmp_path: Path) -> None:
    with Table(tmp_path / "t.db") as table:
        assert table.view(conflicts.KIND) is None  # no Conflict yet
        begun(table)
        assert table.view(conflicts.KIND) == table.view(conflicts.KIND, NAME) is not None
        conflicts.start(table, "Canal", Nature.SOCIAL, who="narrator")  # now current
        assert table.view(conflicts.KIND) == table.view(conflicts.KIND, "Canal")
        assert table.view(conflicts.KIND) != table.view(conflicts.KIND, NAME)
        version = table.stream(conflicts.KIND, "Canal").version
        table.append(conflicts.KIND, "Canal", [event_to_dict(EndConflict("no one came"))],
                     based_on=version, who="script")
        assert table.view(conflicts.KIND) is None  # stale: replay


def test_a_write_that_stores_no_view_leaves_it_stale(tmp_path: Path) -> None:
    with Table(tmp_path / "t.db") as table:
        state = begun(table)
        now = what_now(state)
        assert now.expect is Expect.DECLARE
        version = table.stream(conflicts.KIND, NAME).version
        # A raw append (an older program, a tool author's script): no view written.
        table.append(conflicts.KIND, NAME, [event_to_dict(now.option.defense(1))],
                     based_on=version, who="script")
        assert table.view(conflicts.KIND, NAME) is None
        assert table.read(conflicts.KIND, NAME).version == version + 1


def test_a_damaged_view_is_not_shown(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    with Table(path) as table:
        begun(table)
        table._connection.write(lambda db: db.execute("UPDATE views SET view = 'not json'"))
        assert table.view(conflicts.KIND, NAME) is None
        table._connection.write(lambda db: db.execute("UPDATE views SET view = '[1]'"))
        assert table.view(conflicts.KIND, NAME) is None
        table._connection.write(lambda db: views.write(db, conflicts.KIND, NAME, 1, {}))
        assert table.view(conflicts.KIND, NAME) is None  # made from a version not the log's
        # Made at a version the log never reached: the log's version was lowered.
        table._connection.write(lambda db: views.write(db, conflicts.KIND, NAME, 99, {}))
        with pytest.raises(DamagedRow, match=r"made at version 99 \(its version was lowered"):
            table.view(conflicts.KIND, NAME)


def test_r_con_21_any_writer_through_the_library_writes_the_end_to_the_roster(
        tmp_path: Path) -> None:
    # The guided round and the player shell write through conflicts.saved(): the end
    # of the Conflict reaches the roster from them as from the step commands.
    with Table(tmp_path / "t.db") as table:
        state = begun(table)
        dice = Dice(5, 0)
        while not any(person.resiliences is not None and person.resiliences.health.damage
                      for person in state.participants if person.name in CREW):
            event = next_event(state, dice)
            assert not isinstance(event, EndConflict), "no Hero was hurt: pick another seed"
            state = conflicts.record(table, NAME, lambda _s, e=event: [e], who="n").after
        hurt = next(person for person in state.participants
                    if person.name in CREW and person.resiliences is not None
                    and person.resiliences.health.damage)
        saved = conflicts.saved(table, NAME)
        saved.record(lambda _s: [EndConflict("the crew slips away")], who="n")
        sheet = table.get(hurt.name)
        assert isinstance(sheet, Sheet) and hurt.resiliences is not None
        assert sheet.resiliences.health.damage == hurt.resiliences.health.damage
        saved.undo(who="n")
        sheet = table.get(hurt.name)
        assert isinstance(sheet, Sheet) and sheet.resiliences.health.damage == 0


SHOWN = """
import sys
from cli.main import main
try:
    main(["conflict", "show", *sys.argv[1:]])
except SystemExit as done:
    loaded = sorted(m for m in sys.modules if m in {"conflict.engine", "conflict.state"})
    print("LOADED", " ".join(loaded) or "-", file=sys.stderr)
    raise
"""


def show(path: Path, *args: str) -> tuple[str, str]:
    done = subprocess.run([sys.executable, "-c", SHOWN, *args], capture_output=True,
                          text=True, env={**os.environ, "MISTBORN_DB": str(path),
                                          "COLUMNS": "60"}, check=False)
    assert done.returncode == 0, done.stderr
    loaded = done.stderr.split("LOADED ", 1)[1].split()
    return done.stdout, " ".join(loaded)


@pytest.mark.parametrize("args", [(), ("--json",), ("roof",), ("--last", "3")])
def test_show_draws_the_view_without_loading_the_engine(tmp_path: Path,
                                                         args: tuple[str, ...]) -> None:
    path = tmp_path / "t.db"
    with Table(path) as table:
        state = begun(table)
        dice = Dice(3, 0)
        for _ in range(8):
            event = next_event(state, dice)
            state = conflicts.record(table, NAME, lambda _s, e=event: [e], who="n").after
    out, loaded = show(path, *args)
    assert loaded == "-"
    # Stale now: the same board comes from a replay, with the engine.
    with sqlite3.connect(path) as db:
        db.execute("UPDATE views SET version = version - 1")
    again, loaded = show(path, *args)
    assert loaded == "conflict.engine conflict.state"
    if "--json" in args:
        assert json.loads(again) == json.loads(out)
    else:
        assert again == out


def test_show_replays_when_asked_for_more_lines_than_the_view_keeps(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    with Table(path) as table:
        state = begun(table)
        dice = Dice(3, 0)
        for _ in range(conflicts.VIEW_LINES + 5):
            event = next_event(state, dice)
            state = conflicts.record(table, NAME, lambda _s, e=event: [e], who="n").after
    out, loaded = show(path, "--json", "--last", str(conflicts.VIEW_LINES + 3))
    assert loaded == "conflict.engine conflict.state"
    assert len(json.loads(out)["last"]) == conflicts.VIEW_LINES + 3


OTHER_SHAPES = ['{"board": {"schema": 0}}', '{"board": {}}',
                '{"board": {"schema": 1}, "lines": 3}',
                '{"board": {"schema": 1}, "lines": [], "live": 0, "since": null}']


@pytest.mark.parametrize("stored", OTHER_SHAPES)
def test_show_replays_a_view_of_another_shape(tmp_path: Path, stored: str) -> None:
    # A view written by another version of mistborn-conflict, or damaged: the events
    # say the same, so show replays them rather than fail.
    path = tmp_path / "t.db"
    with Table(path) as table:
        begun(table)
    expected, _loaded = show(path, "--json")
    with sqlite3.connect(path) as db:
        db.execute("UPDATE views SET view = ?", (stored,))
    out, loaded = show(path, "--json")
    assert loaded == "conflict.engine conflict.state"
    assert json.loads(out) == json.loads(expected)


def reshaped(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    with sqlite3.connect(path) as db:
        (text,) = db.execute("SELECT view FROM views").fetchone()
        view = json.loads(text)
        change(view)
        db.execute("UPDATE views SET view = ?", (json.dumps(view),))


def hero(view: dict[str, Any]) -> dict[str, Any]:
    people: list[dict[str, Any]] = view["board"]["participants"]
    return next(person for person in people if "resiliences" in person)


def group(view: dict[str, Any]) -> dict[str, Any]:
    people: list[dict[str, Any]] = view["board"]["participants"]
    return next(person for person in people if "count" in person)


@pytest.mark.parametrize("change", [
    lambda view: view.update(made_by="0.0.1"),  # another version may narrate otherwise
    lambda view: view["board"].update(schema=True),
    lambda view: view["board"].pop("round"),
    lambda view: hero(view).pop("defeated"),
    lambda view: hero(view).update(action_dice="4"),
    lambda view: hero(view).pop("resiliences"),
    lambda view: group(view).update(count=None),
], ids=["version", "schema", "round", "defeated", "dice", "resiliences", "count"])
def test_show_replays_a_view_another_version_made_or_missing_a_fact(
        tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    path = tmp_path / "t.db"
    with Table(path) as table:
        begun(table)
        view = table.view(conflicts.KIND, NAME)
        assert view is not None and is_board(view["board"])
        assert hero(view)["name"] == "Tamsin Vey" and group(view)["count"] == 8
    expected, _loaded = show(path)
    reshaped(path, change)
    out, loaded = show(path)
    assert loaded == "conflict.engine conflict.state"
    assert out == expected


def test_next_in_show_json_is_safe_to_print(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    with Table(path) as table:
        begun(table)
        with pytest.raises(ValueError, match="outcome must be text without control"):
            EndConflict("they\x1b[2Jflee\u202e")  # the one text rule (core.text)...
        # ...but a table written before it may hold one, and shows it escaped.
        ended = as_stored(EndConflict)("they\x1b[2Jflee\u202e")
        conflicts.record(table, NAME, lambda _s: [ended], who="n")
    out, loaded = show(path, "--json")
    assert loaded == "-"
    assert json.loads(out)["next"]["line"] == "Ended: they\\x1b[2Jflee"


def test_a_board_made_now_is_a_board_and_other_data_is_not(tmp_path: Path) -> None:
    with Table(tmp_path / "t.db") as table:
        state = begun(table)
    made = board(state)
    assert is_board(made) and is_board(json.loads(json.dumps(made)))
    for key in made:
        assert not is_board({k: v for k, v in made.items() if k != key}), key
    assert not is_board([made]) and not is_board(None)
