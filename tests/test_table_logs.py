"""Event streams (table/logs.py): append-only logs, undo, optimistic writers.

Real files throughout; the proofs for many writers and killed writers use real
processes.
"""

from __future__ import annotations

import datetime
import math
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import scaled, sized
from table_support import ROOT, plain

from conflict.errors import BadValue
from table import (
    STREAM_KINDS,
    Log,
    NameTaken,
    NothingToUndo,
    StaleLog,
    Table,
    UnknownStream,
)

KIND = "conflict"


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with Table(tmp_path / "table.db") as opened:
        yield opened


@pytest.fixture
def siege(table: Table) -> Table:
    table.create_stream(KIND, "Siege of Luthadel", who="Narrator")
    return table


# --- streams --------------------------------------------------------------------------------


def test_the_kinds_are_a_conflict_and_the_three_board_games() -> None:
    assert STREAM_KINDS == ("conflict", "stuffed", "deckbuilding", "housewar")


def test_the_first_stream_of_a_kind_becomes_current(table: Table) -> None:
    assert table.current(KIND) is None
    first = table.create_stream(KIND, "Ambush", who="Narrator")
    assert (first.name, first.kind, first.version, first.current, first.last_seq) == (
        "Ambush", KIND, 0, True, 0
    )
    assert first.created_by == "Narrator"
    assert first.created_at.tzinfo == datetime.UTC
    second = table.create_stream(KIND, "Chase", who="Narrator")
    assert not second.current
    assert table.current(KIND) == table.stream(KIND, "ambush")
    made = table.set_current(KIND, "CHASE")
    assert made.current and made.name == "Chase"
    assert [s.current for s in table.streams(KIND)] == [False, True]
    third = table.create_stream(KIND, "Duel", who="Narrator", current=True)
    assert table.current(KIND) == third
    assert [(s.name, s.current) for s in table.streams()] == [
        ("Ambush", False), ("Chase", False), ("Duel", True)
    ]
    # One current per kind: a game of Stuffed does not unseat the Conflict.
    table.create_stream("stuffed", "Friday game", who="Ada")
    assert table.current(KIND) == third
    assert table.current("stuffed") is not None
    assert [s.name for s in table.streams("stuffed")] == ["Friday game"]
    assert plain(table.path, "SELECT count(*) FROM streams WHERE is_current = 1") == [(2,)]


def test_stream_names_are_unique_per_kind_ignoring_case(table: Table) -> None:
    table.create_stream(KIND, "Ambush", who="Narrator")
    with pytest.raises(NameTaken) as caught:
        table.create_stream(KIND, "AMBUSH ", who="Narrator")
    assert str(caught.value) == (
        "'AMBUSH ' is already a conflict in the table (as 'Ambush'); names are unique ignoring case"
    )
    table.create_stream("housewar", "Ambush", who="Narrator")  # another kind: fine
    assert len(table.streams()) == 2


def test_unknown_streams_suggest_the_closest_name(table: Table) -> None:
    with pytest.raises(UnknownStream) as caught:
        table.read(KIND, "Ambush")
    assert str(caught.value) == "no conflict named 'Ambush': the table holds no conflict yet"
    table.create_stream(KIND, "Ambush at Kredik Shaw", who="Narrator")
    table.create_stream(KIND, "Chase", who="Narrator")
    with pytest.raises(UnknownStream) as caught:
        table.append(KIND, "kredik", [{"a": 1}], based_on=0, who="Narrator")
    assert str(caught.value) == (
        "no conflict named 'kredik' — did you mean 'Ambush at Kredik Shaw'?"
    )
    assert caught.value.suggestion == "Ambush at Kredik Shaw"
    with pytest.raises(UnknownStream, match="did you mean 'Chase'"):
        table.set_current(KIND, "chace")


@pytest.mark.parametrize(
    ("kind", "name", "who", "needle"),
    [
        ("chess", "A", "N", "a stream kind must be one of conflict, stuffed, deckbuilding, "
                            "housewar, got 'chess'"),
        (KIND, "  ", "N",
         "the name of a conflict must be non-empty text (visible characters), got '  '"),
        (KIND, "A", "", "who must be non-empty text (visible characters), got ''"),
    ],
)
def test_malformed_streams_are_refused(
    table: Table, kind: str, name: str, who: str, needle: str
) -> None:
    with pytest.raises(BadValue) as caught:
        table.create_stream(kind, name, who=who)
    assert str(caught.value) == needle
    assert plain(table.path, "SELECT count(*) FROM streams") == [(0,)]


# --- appending and reading ------------------------------------------------------------------


def test_appended_events_come_back_equal_numbered_and_signed(siege: Table) -> None:
    first = {"type": "start", "names": ["Vin", "Kelsier"], "round": 1, "odds": 0.5}
    second = {"type": "roll", "faces": [6, 5, 5], "nested": {"ok": True, "none": None}}
    third = {"type": "note", "text": "Straff's army — 🜂 at the gates"}
    done = siege.append(KIND, "siege of luthadel", [first, second], based_on=0, who="Narrator")
    assert done.version == 1  # one append, one version, however many events
    assert [e.seq for e in done.entries] == [1, 2]
    again = siege.append(KIND, "Siege of Luthadel", [third], based_on=1, who="Vin's player")
    assert (again.version, [e.seq for e in again.entries]) == (2, [3])

    log = siege.read(KIND, "Siege of Luthadel")
    assert (log.kind, log.name, log.version) == (KIND, "Siege of Luthadel", 2)
    assert log.events == [first, second, third]
    assert [(e.seq, e.who, e.undone) for e in log.entries] == [
        (1, "Narrator", False), (2, "Narrator", False), (3, "Vin's player", False)
    ]
    assert log.entries[0].at == log.entries[1].at <= log.entries[2].at
    assert log.entries[0].at.tzinfo == datetime.UTC
    assert done.entries == log.entries[:2]
    # Stored as JSON text with UTC times to the microsecond, as the sqlite3 tool sees it.
    stored = plain(siege.path, "SELECT seq, event, sent_at FROM entries ORDER BY seq")
    assert stored[2][1] == '{"type":"note","text":"Straff\'s army — 🜂 at the gates"}'
    assert str(stored[0][2]).endswith("+00:00") and len(str(stored[0][2])) == 32
    info = siege.stream(KIND, "Siege of Luthadel")
    assert (info.version, info.last_seq) == (2, 3)


@pytest.mark.parametrize(
    ("events", "needle"),
    [
        ([], "an append needs a list of one or more events"),
        ({"type": "start"}, "an append needs a list of one or more events"),
        ([["start"]], "event 1 must be a JSON object of plain values: not an object: list"),
        ([{"a": 1}, {"a": (1, 2)}], "event 2 .* does not read back equal"),
        ([{1: "a"}], "event 1 .* does not read back equal"),
        ([{"a": math.nan}], "event 1 .* Out of range float values"),
        ([{"a": {1, 2}}], "event 1 .* Object of type set is not JSON serializable"),
    ],
)
def test_events_must_be_json_objects_that_read_back_equal(
    siege: Table, events: Any, needle: str
) -> None:
    with pytest.raises(BadValue, match=needle):
        siege.append(KIND, "Siege of Luthadel", events, based_on=0, who="Narrator")
    assert siege.read(KIND, "Siege of Luthadel").version == 0
    assert plain(siege.path, "SELECT count(*) FROM entries") == [(0,)]


def test_undo_marks_the_last_live_entry_and_keeps_history(siege: Table) -> None:
    name = "Siege of Luthadel"
    siege.append(KIND, name, [{"n": 1}, {"n": 2}], based_on=0, who="Narrator")
    undone = siege.undo(KIND, name, based_on=1, who="Vin's player")
    assert (undone.version, undone.entry.seq, undone.entry.event) == (2, 2, {"n": 2})
    assert undone.entry.undone and undone.entry.undone_by == "Vin's player"
    assert siege.read(KIND, name).events == [{"n": 1}]
    siege.undo(KIND, name, based_on=2, who="Narrator")
    assert siege.read(KIND, name).events == []
    with pytest.raises(NothingToUndo, match="nothing to undo in the conflict 'Siege of Luthadel'"):
        siege.undo(KIND, name, based_on=3, who="Narrator")
    # Numbers are never reused: the next append is entry 3.
    after = siege.append(KIND, name, [{"n": 3}], based_on=3, who="Narrator")
    assert [e.seq for e in after.entries] == [3]
    everything = siege.read(KIND, name, include_undone=True)
    assert [(e.seq, e.undone, e.undone_by) for e in everything.entries] == [
        (1, True, "Narrator"), (2, True, "Vin's player"), (3, False, None)
    ]
    assert everything.events == [{"n": 3}]
    assert everything.entries[1].undone_at is not None
    assert everything.entries[1].undone_at >= everything.entries[1].at
    assert plain(siege.path, "SELECT count(*) FROM entries") == [(3,)]


@settings(max_examples=scaled(30))
@given(st.lists(st.one_of(st.integers(1, 4), st.just(0)), max_size=25))
def test_any_appends_and_undos_read_back_as_a_plain_list_model(steps: list[int]) -> None:
    # 0: undo; k > 0: append k events in one call.
    live: list[dict[str, int]] = []
    version = next_seq = 0
    with tempfile.TemporaryDirectory() as folder, Table(Path(folder) / "t.db") as table:
        table.create_stream(KIND, "Model", who="N")
        for step in steps:
            if step == 0:
                if not live:
                    with pytest.raises(NothingToUndo):
                        table.undo(KIND, "Model", based_on=version, who="N")
                    continue
                table.undo(KIND, "Model", based_on=version, who="N")
                live.pop()
            else:
                events = [{"seq": next_seq + n + 1} for n in range(step)]
                table.append(KIND, "Model", events, based_on=version, who="N")
                live += events
                next_seq += step
            version += 1
        log = table.read(KIND, "Model")
        assert log.events == live and log.version == version
        assert [e.seq for e in log.entries] == [e["seq"] for e in live]
        assert len(table.read(KIND, "Model", include_undone=True).entries) == next_seq


# --- optimistic concurrency ------------------------------------------------------------------


def test_a_writer_building_on_an_old_version_is_refused_and_writes_nothing(
    tmp_path: Path,
) -> None:
    path = tmp_path / "table.db"
    name = "Siege"
    with Table(path) as narrator, Table(path) as player:
        narrator.create_stream(KIND, name, who="Narrator")
        narrator.append(KIND, name, [{"n": 1}], based_on=0, who="Narrator")
        seen_by_narrator = narrator.read(KIND, name)
        seen_by_player = player.read(KIND, name)
        assert seen_by_narrator.version == seen_by_player.version == 1
        narrator.append(KIND, name, [{"n": 2}], based_on=1, who="Narrator")
        with pytest.raises(StaleLog) as caught:
            player.append(KIND, name, [{"p": 1}, {"p": 2}], based_on=1, who="Player")
        assert caught.value.version == 2 and caught.value.based_on == 1
        assert str(caught.value) == (
            "the conflict 'Siege' changed while you were deciding (version 1, now 2): "
            "look again and retry"
        )
        with pytest.raises(StaleLog):
            player.undo(KIND, name, based_on=1, who="Player")
        log = player.read(KIND, name)
        assert log.events == [{"n": 1}, {"n": 2}] and log.version == 2


def test_commit_builds_again_on_the_new_log_when_another_writer_got_in_first(
    tmp_path: Path,
) -> None:
    path = tmp_path / "table.db"
    with Table(path) as narrator, Table(path) as player:
        narrator.create_stream(KIND, "Siege", who="Narrator")
        seen: list[Log] = []

        def build(log: Log) -> list[dict[str, Any]]:
            seen.append(log)
            if len(seen) == 1:  # meanwhile, the Narrator acts
                narrator.append(KIND, "Siege", [{"by": "narrator"}], based_on=0, who="Narrator")
            return [{"by": "player", "built_on": len(log.events)}]

        done = player.commit(KIND, "Siege", build, who="Player")
        assert [log.version for log in seen] == [0, 1]
        assert seen[1].events == [{"by": "narrator"}]
        assert done.version == 2 and [e.seq for e in done.entries] == [2]
        assert player.read(KIND, "Siege").events == [
            {"by": "narrator"}, {"by": "player", "built_on": 1}
        ]


class Refused(Exception):
    pass


def test_commit_writes_nothing_when_build_refuses_or_has_nothing(siege: Table) -> None:
    refusal = Refused("R-CON-15: Vin already defended")

    def refuse(log: Log) -> Sequence[dict[str, Any]]:
        raise refusal

    with pytest.raises(Refused) as caught:
        siege.commit(KIND, "Siege of Luthadel", refuse, who="Vin's player")
    assert caught.value is refusal  # unchanged
    nothing = siege.commit(KIND, "Siege of Luthadel", lambda log: [], who="Narrator")
    assert (nothing.entries, nothing.version) == ((), 0)
    assert siege.read(KIND, "Siege of Luthadel").version == 0


def test_commit_always_finishes_by_building_under_the_lock_at_last(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    with Table(path) as narrator, Table(path) as player:
        narrator.create_stream(KIND, "Siege", who="Narrator")
        calls: list[int] = []

        def build(log: Log) -> list[dict[str, Any]]:
            calls.append(log.version)
            if len(calls) <= 3:  # someone always gets in first, three times running
                narrator.append(KIND, "Siege", [{"n": len(calls)}], based_on=log.version,
                                who="Narrator")
            return [{"player": True}]

        done = player.commit(KIND, "Siege", build, who="Player", attempts=3)
        assert calls == [0, 1, 2, 3]  # three stale tries, then one under the write lock
        assert done.version == 4
        assert player.read(KIND, "Siege").events[-1] == {"player": True}


def test_data_version_moves_when_another_connection_writes(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    with Table(path) as watcher, Table(path) as writer:
        writer.create_stream(KIND, "Siege", who="Narrator")
        before = watcher.data_version()
        assert watcher.data_version() == before  # nothing happened
        writer.append(KIND, "Siege", [{"n": 1}], based_on=0, who="Narrator")
        moved = watcher.data_version()
        assert moved != before
        own = writer.data_version()
        writer.append(KIND, "Siege", [{"n": 2}], based_on=1, who="Narrator")
        assert writer.data_version() == own  # a connection's own writes do not count
        assert watcher.data_version() != moved


# --- real processes ---------------------------------------------------------------------------

KILLED_WRITER = """
import sys
from table import Table
with Table(sys.argv[1]) as table:
    if not table.streams("conflict"):
        table.create_stream("conflict", "Siege", who="writer")
    log = table.read("conflict", "Siege", include_undone=True)
    version = log.version
    batch = max((e.event["batch"] for e in log.entries), default=-1) + 1
    if log.entries and (batch - 1) % 5 == 4 and not log.entries[-1].undone:
        # killed last time between an append and the undo that follows it: finish it
        version = table.undo("conflict", "Siege", based_on=version, who="w").version
    print("ready", flush=True)
    while True:
        size = 1 + batch % 4
        events = [{"batch": batch, "part": n, "of": size} for n in range(size)]
        version = table.append("conflict", "Siege", events, based_on=version, who="w").version
        if batch % 5 == 4:
            version = table.undo("conflict", "Siege", based_on=version, who="w").version
        batch += 1
"""

ALL_TABLES = {"meta", "migrations", "characters", "streams", "entries", "rolls", "players",
              "conflict_results", "reveals", "views"}


def check_after_kill(path: Path) -> int:
    """The table a killed writer left: intact, and every append whole or absent.
    Returns how many appends it holds."""
    assert plain(path, "PRAGMA integrity_check") == [("ok",)]
    tables = {row[0] for row in plain(path, "SELECT name FROM sqlite_master WHERE type='table'")}
    assert tables in (set(), ALL_TABLES)  # a migration is never half done
    if not tables or not plain(path, "SELECT 1 FROM streams"):
        return 0
    with Table(path) as table:
        log = table.read(KIND, "Siege", include_undone=True)
    assert [e.seq for e in log.entries] == list(range(1, len(log.entries) + 1))
    batches: list[list[dict[str, Any]]] = []
    for entry in log.entries:
        event = entry.event
        if event["part"] == 0:
            batches.append([])
        batches[-1].append(event)
    for number, batch in enumerate(batches):
        size = 1 + number % 4
        assert batch == [{"batch": number, "part": n, "of": size} for n in range(size)]
    # After every 5th append the writer undid its last entry (the kill may have fallen
    # between the last such append and its undo; the next run finishes that undo).
    undone = [(e.event["batch"], e.event["part"]) for e in log.entries if e.undone]
    expected = [(b, b % 4) for b in range(len(batches)) if b % 5 == 4]
    assert undone in (expected, expected[:-1])
    if undone != expected:
        assert expected[-1][0] == len(batches) - 1
    assert log.version == len(batches) + len(undone)
    return len(batches)


def test_writers_killed_at_any_moment_never_leave_half_an_append(tmp_path: Path) -> None:
    # Rounds 0 and 3 start new files (the first lane maybe killed while creating or
    # migrating), round 1 starts the files rounds 2, 4 and 5 append to: quick runs
    # each kind of round once, deep twice.
    rounds = sized(3, 6)
    rng = random.Random()
    kills = appends = 0
    started: list[subprocess.Popen[str]] = []
    try:
        for round_ in range(rounds):
            lanes = []
            for lane in range(4):
                path = tmp_path / f"lane{lane}.db"
                if round_ % 3 == 0:  # now and then a new file: kill during creation too
                    path = tmp_path / f"lane{lane}-round{round_}.db"
                child = subprocess.Popen(
                    [sys.executable, "-c", KILLED_WRITER, str(path)],
                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                )
                started.append(child)
                lanes.append((path, child))
            for lane, (path, child) in enumerate(lanes):
                assert child.stdout is not None
                if lane == 0 and round_ % 3 == 0:
                    time.sleep(rng.uniform(0.0, 0.12))  # maybe while opening or migrating
                else:
                    assert child.stdout.readline() == "ready\n"
                    time.sleep(rng.choice([rng.uniform(0, 0.005), rng.uniform(0.02, 0.1)]))
                child.send_signal(signal.SIGKILL)
                _, err = child.communicate()
                assert child.returncode == -signal.SIGKILL and err == ""
                kills += 1
                if path.exists():
                    appends += check_after_kill(path)
    finally:
        for child in started:
            child.kill()
            child.wait()
    assert kills == 4 * rounds and appends > 0


WRITER = """
import sys
from conflict.dice import Roll
from table import Table
path, me = sys.argv[1], int(sys.argv[2])
mine = 0

def build(log):
    # The writer re-validates against the log as it is now: all its own events are
    # there in order; the event records how many entries it was built on.
    seen = [e.event["n"] for e in log.entries if e.event["writer"] == me]
    assert seen == list(range(mine)), (seen, mine)
    return [{"writer": me, "n": mine, "built_on": len(log.entries)}]

with Table(path) as table:
    print("ready", flush=True)
    assert sys.stdin.readline() == "go\\n"  # every writer has the table open
    for _ in range(100):
        table.commit("conflict", "Melee", build, who=f"writer {me}")
        mine += 1
        if mine % 10 == 0:
            table.record_roll(Roll.from_faces([mine % 5 + 1] * 2), who=f"writer {me}")
"""


def test_several_processes_write_at_once_and_nothing_is_lost(tmp_path: Path) -> None:
    # Eight under the deep profile, three otherwise: all with the table open before
    # any writes, then all writing 100 events at once.
    count = sized(3, 8)
    path = tmp_path / "table.db"
    with Table(path) as table:
        table.create_stream(KIND, "Melee", who="Narrator")
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path), str(me)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, cwd=ROOT,
        )
        for me in range(count)
    ]
    try:
        for writer in writers:
            assert writer.stdout is not None
            assert writer.stdout.readline() == "ready\n"
        for writer in writers:
            assert writer.stdin is not None
            writer.stdin.write("go\n")
            writer.stdin.flush()  # communicate() closes it
        for writer in writers:
            out, err = writer.communicate(timeout=120)
            assert (writer.returncode, out, err) == (0, "", "")
    finally:
        for writer in writers:
            writer.kill()
            writer.wait()
    with Table(path) as table:
        log = table.read(KIND, "Melee", include_undone=True)
        rolls = table.rolls()
    assert log.version == 100 * count
    assert [e.seq for e in log.entries] == list(range(1, 100 * count + 1))
    for me in range(count):
        assert [e.event["n"] for e in log.entries if e.event["writer"] == me] == list(range(100))
        assert {e.who for e in log.entries if e.event["writer"] == me} == {f"writer {me}"}
    # Each event was appended to exactly the log it was built on.
    assert all(e.event["built_on"] == e.seq - 1 for e in log.entries)
    assert Counter(r.who for r in rolls) == {f"writer {me}": 10 for me in range(count)}
    assert plain(path, "PRAGMA integrity_check") == [("ok",)]


def test_r_con_1_the_current_streams_of_several_kinds_are_read_at_once(tmp_path: Path
                                                                       ) -> None:
    from table import Table

    with Table(tmp_path / "t.db") as table:
        assert table.currents("conflict", "stuffed") == []
        table.create_stream("conflict", "Canal", who="gm")
        table.create_stream("conflict", "Dock", who="gm", current=True)
        table.create_stream("stuffed", "Game 1", who="gm")
        found = table.currents("conflict", "stuffed", "housewar")
        assert sorted(found, key=lambda info: info.kind) == [
            table.current("conflict"), table.current("stuffed")]
        assert [info.name for info in found if info.kind == "conflict"] == ["Dock"]
        assert table.currents("housewar") == []
