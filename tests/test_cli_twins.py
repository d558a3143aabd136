"""The twin commands (``new``, ``undo``, ``log``, ``list``, ``use``) answer the same way
for a Conflict and for each of the three board games (cli/common/streams.py): ``list`` marks
the current stream ``*``, ``use`` takes any unique beginning and says so, ``undo``
reports ``Undone: …`` until there is nothing left it may take back (a game's set-up
is never taken back), refused on one line, and the log keeps the undone step, marked
with who undid it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from cli_support import ROOT, data, ok, refused

EXAMPLES = sorted(str(p) for p in (ROOT / "examples").glob("*.toml"))


@dataclass(frozen=True)
class Door:
    """How one front door names a new stream and makes one step in it."""

    group: tuple[str, ...]
    new: tuple[str, ...]
    step: tuple[str, ...]
    what: str

    def start(self, db: Path, name: str) -> None:
        if self.what == "Conflict":
            ok(db, *self.group, "new", name, *self.new)
        else:
            ok(db, *self.group, "new", *self.new, "--game", name)

    def log(self, db: Path, name: str) -> list[dict[str, Any]]:
        if self.what == "Conflict":
            lines: list[dict[str, Any]] = data(db, "log", "--conflict", name)
            return lines
        events: list[dict[str, Any]] = data(db, *self.group, "log", "--game", name)["events"]
        return events


DOORS = {
    "conflict": Door(("conflict",), ("--physical",), ("add", "tamsin"), "Conflict"),
    "stuffed": Door(("stuffed",), ("-p", "ann:ch", "bo:r", "--teammates", "1", "--combo",
                                   "ch:2"), ("roll", "-f", "c c c ch ch i b r"), "game"),
    "deckbuilding": Door(("deckbuilding",), ("-p", "Vin", "Kelsier"),
                         ("damage", "kelsier", "5"), "game"),
    "housewar": Door(("housewar",), ("--players", "3", "--length", "short"),
                     ("add", "Ashfall", "-u", "2", "--setup"), "game"),
}


@pytest.fixture(params=sorted(DOORS))
def door(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[Door, Path]:
    db = tmp_path / "table.db"
    found = DOORS[request.param]
    if found.what == "Conflict":
        ok(db, "char", "import", *EXAMPLES)
    found.start(db, "First table")
    found.start(db, "Second table")
    return found, db


def test_list_marks_the_current_stream_and_use_takes_a_unique_beginning(
        door: tuple[Door, Path]) -> None:
    found, db = door
    rows = data(db, *found.group, "list")
    assert [(row["name"], row["current"]) for row in rows] == [
        ("First table", False), ("Second table", True)]
    listed = ok(db, *found.group, "list", columns=120).splitlines()
    assert listed[0].startswith("  First table — ")
    assert listed[1].startswith("* Second table — ")
    assert ok(db, *found.group, "use", "fir") == f"First table is now the current {found.what}.\n"
    assert data(db, *found.group, "use", "sec") == {"current": "Second table"}
    assert "could be" in refused(db, *found.group, "use", "table")


def test_undo_reports_until_nothing_may_be_taken_back_and_the_log_keeps_it(
        door: tuple[Door, Path]) -> None:
    found, db = door
    ok(db, *found.group, *found.step)
    undone = data(db, *found.group, "undo")
    assert undone["undone"] is True and undone["said"][0].startswith("Undone: ")
    assert undone["said"] and undone["events"] and "next" in undone
    if found.what == "Conflict":
        ok(db, *found.group, "undo")  # a Conflict's start is a step like the others
    message = refused(db, *found.group, "undo")
    assert ("only the set-up is left, and it is not undone" in message
            or message == "nothing to undo in the conflict 'Second table'")
    entries = found.log(db, "Second table")
    assert [entry.get("undone_by") for entry in entries if "undone_by" in entry][:1] == ["Ann"]
