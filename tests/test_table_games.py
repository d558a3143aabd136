"""The board games saved in the table (table/games.py, which plays any game
registered in core.registry): a game starts with its
set-up in one write, replays in any process, takes every new event only if the rules
allow it against the log as it stands when written, never undoes its set-up, and
loses nothing when several processes write at once. Real table files throughout."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from boardgames import deckbuilding as dbg
from boardgames import housewar as hw
from boardgames import stuffed
from boardgames.errors import RuleViolation
from characters.lookup import NameAmbiguous, NameNotFound
from conflict.errors import BadValue
from core.registry import UnknownKind
from table import NothingToUndo, Table, games, logs
from table.games import NoGame, SetupKept

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def table(tmp_path: Path) -> Any:
    with Table(tmp_path / "table.db") as opened:
        yield opened


def stuffed_setup() -> stuffed.NewGame:
    return stuffed.NewGame(
        (stuffed.Seat("Ann", "Kelsier", "charisma"), stuffed.Seat("Bo", "Vin", "resource")),
        stuffed.Mission("Heist", 2, 1, "ch:2,i,r"))


def test_r_stf_2_a_game_starts_current_with_its_set_up_in_one_write(table: Table) -> None:
    name, recorded = games.start(table, "stuffed", None, [stuffed_setup()], who="Ann")
    assert name == "Stuffed 1"
    assert recorded.version == 1 and recorded.after.players[0].name == "Ann"
    info = table.current("stuffed")
    assert info is not None and info.name == "Stuffed 1"
    second, _ = games.start(table, "stuffed", None, [stuffed_setup()], who="Bo")
    assert second == "Stuffed 2"
    assert table.current("stuffed").name == "Stuffed 2"  # type: ignore[union-attr]
    assert games.names(table, "stuffed") == ["Stuffed 1", "Stuffed 2"]
    # Another kind keeps its own names and current game.
    assert table.current("housewar") is None


def test_r_stf_2_r_dbg_1_r_hw_5_a_default_name_says_its_game_and_is_unique_in_the_table(
        table: Table) -> None:
    """Every game begins with its set-up (R-STF-2, R-DBG-1, R-HW-5) and, unnamed, is
    called after its game with a number no other game of the table ends with: a phone
    told "use dbg 2" finds it, and two games are never both "Game 1"."""
    from conflict import saved as conflicts
    from conflict.events import Nature

    table.create_stream("stuffed", "Game 1", who="Ann")  # as an older table holds it
    conflicts.start(table, "Canal 3", Nature.PHYSICAL, who="Ann")  # a name given by hand
    made = [games.start(table, kind, None, [setup], who="Ann")[0] for kind, setup in (
        ("housewar", hw.Start(3, "short")), ("deckbuilding", dbg.NewGame(("Vin", "Marsh"))),
        ("stuffed", stuffed_setup()), ("housewar", hw.Start(3, "short")))]
    assert made == ["House War 2", "Deckbuilding 4", "Stuffed 5", "House War 6"]
    assert [info.name for info in table.streams("stuffed")] == ["Game 1", "Stuffed 5"]


def test_r_hw_5_a_set_up_the_rules_refuse_makes_no_game(table: Table) -> None:
    with pytest.raises(RuleViolation, match="R-HW-5: set-up is not over"):
        games.start(table, "housewar", "Early", [hw.Start(3, "short"), hw.AddUnrest(1)],
                    who="Ann")
    assert table.streams("housewar") == []
    with pytest.raises(RuleViolation, match="R-HW-5: a game of House War begins with its "
                                            "set-up"):
        games.start(table, "housewar", "X", [hw.AddUnrest(1)], who="Ann")
    assert table.streams("housewar") == []


def test_a_new_process_replays_the_game(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    with Table(path) as table:
        games.start(table, "deckbuilding", "Luthadel",
                    [dbg.NewGame(("Vin", "Kelsier", "Marsh"))], who="Ann")
        games.record(table, "deckbuilding", "Luthadel",
                     lambda _state: [dbg.Damage("Marsh", 5), dbg.Heal("Vin", 9)], who="Ann")
    code = ("import sys; from table import Table, games\n"
            "with Table(sys.argv[1], create=False) as t:\n"
            "    name = games.find(t, 'deckbuilding', 'luth')\n"
            "    state = games.saved(t, 'deckbuilding', name).load().state\n"
            "    print([p.health for p in state.players])\n")
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True,
                          text=True, cwd=ROOT, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, "[40, 38, 35]\n", "")


def test_an_event_the_rules_refuse_writes_nothing(table: Table) -> None:
    games.start(table, "stuffed", "Heist", [stuffed_setup()], who="Ann")
    with pytest.raises(RuleViolation, match="R-STF-2: Ann has not rolled yet"):
        games.record(table, "stuffed", "Heist", lambda _state: [stuffed.BuyCard()], who="Ann")
    assert table.stream("stuffed", "Heist").version == 1


def test_the_rules_judge_the_log_as_it_stands_when_written(tmp_path: Path) -> None:
    # Two phones roll for Ann at once: the second write is built again on the log with
    # the first roll in it, and the rules refuse a second roll (R-STF-2).
    path = tmp_path / "table.db"
    with Table(path) as first, Table(path) as second:
        games.start(first, "stuffed", "Heist", [stuffed_setup()], who="Ann")
        roll = stuffed.Roll("c c c ch ch i b r")
        attempts = []

        def intent(state: stuffed.Game) -> list[stuffed.Event]:
            attempts.append(state.rolled)
            if len(attempts) == 1:  # the other phone gets in between read and write
                games.record(second, "stuffed", "Heist", lambda _s: [roll], who="Bo")
            return [stuffed.Roll("e e e e e e e e")]

        with pytest.raises(RuleViolation, match="R-STF-2: Ann already rolled this turn"):
            games.record(first, "stuffed", "Heist", intent, who="Ann")
        assert attempts == [False, True]
        state = games.saved(first, "stuffed", "Heist").load().state
        assert state.dice == roll.faces


def test_r_hw_5_undo_takes_back_events_but_never_the_set_up(table: Table) -> None:
    games.start(table, "housewar", "Venture", [hw.Start(3, "short")], who="Ann")
    games.record(table, "housewar", "Venture",
                 lambda _s: [hw.AddProblem("Ashfall", urgency=2, reason="setup")], who="Ann")
    undid = games.undo(table, "housewar", "Venture", who="Bo")
    assert isinstance(undid.event, hw.AddProblem) and len(undid.after.track) == 0
    with pytest.raises(SetupKept, match=r"^R-HW-5: only the set-up is left, and it is not "
                                        r"undone$"):
        games.undo(table, "housewar", "Venture", who="Bo")
    log = table.read("housewar", "Venture", include_undone=True)
    assert [e.undone_by for e in log.entries] == [None, "Bo"]


def test_undo_on_an_empty_log_is_refused(table: Table) -> None:
    table.create_stream("stuffed", "Empty", who="Ann")
    with pytest.raises(NothingToUndo):
        games.undo(table, "stuffed", "Empty", who="Ann")


def test_a_game_is_found_by_the_current_one_or_a_unique_beginning(table: Table) -> None:
    with pytest.raises(NoGame, match=r"^R-STF-2: there is no game of Stuffed in the table "
                                     r"yet$") as refused:
        games.find(table, "stuffed", None)
    # What to type is the front door's to say (the table holds no command).
    assert str(refused.value.hinted("mistborn stuffed new")) == (
        "R-STF-2: there is no game of Stuffed in the table yet: start one with "
        "mistborn stuffed new")
    games.start(table, "stuffed", "Heist at Kredik Shaw", [stuffed_setup()], who="Ann")
    games.start(table, "stuffed", "Heist at Fellise", [stuffed_setup()], who="Ann")
    assert games.find(table, "stuffed", None) == "Heist at Fellise"
    assert games.find(table, "stuffed", "kredik") == "Heist at Kredik Shaw"
    with pytest.raises(NameAmbiguous):
        games.find(table, "stuffed", "heist")
    with pytest.raises(NameNotFound, match="game of Stuffed"):
        games.find(table, "stuffed", "pits")
    with pytest.raises(UnknownKind, match="no game is played in streams of kind 'chess'"):
        games.rules("chess")


FOUR_WRITERS = """
import sys
from boardgames import deckbuilding as dbg
from table import Table, games

path, me = sys.argv[1], int(sys.argv[2])
with Table(path) as table:
    for n in range(25):
        games.record(table, "deckbuilding", "Melee",
                     lambda _state: [dbg.GainTokens("Vin", dbg.Token.ATIUM, 1)],
                     who=f"phone {me}")
"""


def test_four_processes_write_one_game_at_once_and_nothing_is_lost(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    with Table(path) as table:
        games.start(table, "deckbuilding", "Melee", [dbg.NewGame(("Vin", "Elend"))],
                    who="Ann")
    writers = [subprocess.Popen([sys.executable, "-c", FOUR_WRITERS, str(path), str(me)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                cwd=ROOT) for me in range(4)]
    try:
        for writer in writers:
            out, err = writer.communicate(timeout=120)
            assert (writer.returncode, out, err) == (0, "", "")
    finally:
        for writer in writers:
            writer.kill()
            writer.wait()
    with Table(path) as table:
        state = games.saved(table, "deckbuilding", "Melee").load().state
        log = table.read("deckbuilding", "Melee")
    assert state.players[0].atium == 100
    assert len(log.entries) == 101


def test_undo_takes_back_the_whole_last_write_and_only_it(table: Table) -> None:
    games.start(table, "deckbuilding", "Luthadel",
                [dbg.NewGame(("Vin", "Kelsier", "Marsh"))], who="Ann")
    games.record(table, "deckbuilding", "Luthadel",
                 lambda _state: [dbg.Damage("Marsh", 5)], who="Ann")
    games.record(table, "deckbuilding", "Luthadel",
                 lambda _state: [dbg.Damage("Vin", 2), dbg.Heal("Marsh", 1)], who="Ann")
    undid = games.undo(table, "deckbuilding", "Luthadel", who="Bo")
    assert [type(event) for _before, event, _after in undid.steps] == [dbg.Damage, dbg.Heal]
    assert [p.health for p in undid.after.players] == [36, 38, 35]  # Marsh's 5 kept
    log = table.read("deckbuilding", "Luthadel", include_undone=True)
    assert [e.undone_by for e in log.entries] == [None, None, "Bo", "Bo"]
    undid = games.undo(table, "deckbuilding", "Luthadel", who="Bo")
    assert len(undid.steps) == 1 and [p.health for p in undid.after.players] == [36, 38, 40]


def test_a_log_undoes_a_count_of_its_last_entries_or_refuses(table: Table) -> None:
    table.create_stream("stuffed", "Raw", who="Ann")
    table.append("stuffed", "Raw", [{"n": 1}, {"n": 2}, {"n": 3}], based_on=0, who="Ann")
    for count in (0, -1, True, 1.5):
        with pytest.raises(BadValue, match="count must be a whole number"):
            table._connection.write(lambda db, c=count: logs.undo(
                db, "stuffed", "Raw", based_on=1, who="Bo", count=c))
    with pytest.raises(NothingToUndo):
        table._connection.write(lambda db: logs.undo(db, "stuffed", "Raw", based_on=1,
                                                     who="Bo", count=4))
    undone = table._connection.write(lambda db: logs.undo(db, "stuffed", "Raw", based_on=1,
                                                          who="Bo", count=2))
    assert [e.seq for e in undone.entries] == [2, 3] and undone.entry.seq == 3
    assert [e.event for e in table.read("stuffed", "Raw").entries] == [{"n": 1}]
