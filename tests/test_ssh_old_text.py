"""Old tables and ``mistborn serve``: text stored before the one text rule (a House War
Problem's name holding ESC, written straight into the SQLite file) is served escaped,
as a Conflict's stakes are, and a damaged row refuses its own game, with a line on the
server's log, never the server. The real ``mistborn serve`` process, the real table
file, the system's OpenSSH client."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_support import console_script, env_for, process
from game_seat_support import HOUSES, HW_SETUP, cli
from player_support import SSH, make_key
from ssh_support import SHARED, Served, err, out

pytestmark = pytest.mark.skipif(not SSH.exists(), reason="needs OpenSSH's ssh client")

OLD = "Ri\x1b[31mot"
"""The Problem Riot as a table written before the text rule may hold it: ESC, then a
terminal's "red" sequence."""

SEATS = ("venture", "lekal", "tekiel", "hasting")


@pytest.fixture
def made(tmp_path: Path) -> Served:
    """The table of the SSH tests with a game of House War set up (Riot among its
    Problems), its in-thread server stopped: each test serves it with ``mistborn
    serve``."""
    made = Served(tmp_path, SHARED)
    with made.table() as table:
        for name in SEATS:
            made.keys[name] = make_key(tmp_path, name)
            table.invite_player(name, keys=[made.pub(name)])
    made.close()
    for args in (HOUSES, *HW_SETUP):
        cli(made.path, *args)
    return made


def rewrite(path: Path, sql: str, *args: object) -> None:
    """Change the table file behind the program's back, as an old version or a damaged
    disk would have left it."""
    with contextlib.closing(sqlite3.connect(path)) as con, con:
        con.execute(sql, args)


def write_old_name(path: Path) -> None:
    """Riot stored as :data:`OLD` in its event and in the board the table keeps."""
    escaped = json.dumps(OLD)[1:-1]
    rewrite(path, "UPDATE entries SET event = replace(event, '\"Riot\"', ?)",
            f'"{escaped}"')
    rewrite(path, "UPDATE views SET view = replace(view, 'Riot', ?)", escaped)
    with contextlib.closing(sqlite3.connect(path)) as con:
        stored = [json.loads(row[0]) for row in con.execute("SELECT event FROM entries")]
    assert OLD in [event.get("name") for event in stored]


@contextlib.contextmanager
def serving(made: Served) -> Iterator[list[str]]:
    """``mistborn serve`` over the table; yields the lines of its log (standard error)
    once it has stopped."""
    server = subprocess.Popen(
        [str(console_script()), "serve", "--host", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, **env_for(made.path)})
    log: list[str] = []
    try:
        assert server.stdout is not None
        for line in server.stdout:
            found = re.search(r" port (\d+)\.$", line.strip())
            if found:
                made.port = int(found.group(1))
            if line.startswith("Players join with"):
                break
        else:
            _, said = server.communicate(timeout=30)
            pytest.fail(f"mistborn serve exited {server.returncode} at start: {said}")
        yield log
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            _, said = server.communicate(timeout=30)
        finally:
            server.kill()
            server.wait()
        log.extend(said.splitlines())


def test_r_hw_2_an_old_problem_name_holding_esc_is_served_escaped(made: Served) -> None:
    """An old House War Problem name holding ESC: the server starts, the board shows the
    name escaped (as a Conflict's stakes are), and the game goes on."""
    write_old_name(made.path)
    with serving(made) as log:
        done = made.ssh("venture", "b", key="venture")
        assert done.returncode == 0, err(done)
        assert "\x1b" not in out(done) + err(done)
        assert "Ri\\x1b[31mot" in out(done)
        done = made.ssh("venture", "collect", key="venture")  # a step of the game
        assert done.returncode == 0, err(done)
        assert "\x1b" not in out(done) + err(done)
        done = made.ssh("gm", "b", key="gm")  # the Conflict's board, its old stakes
        assert done.returncode == 0, err(done)
    assert not [line for line in log if "refused" in line or "Traceback" in line], log
    for args in (("hw", "show", "--json"), ("hw", "worsen", "ashfall")):
        done = process(made.path, *args)  # the table's command, a process of its own
        assert done.returncode == 0, done.stderr
        assert "\x1b" not in done.stdout + done.stderr
    assert json.dumps(OLD)[1:-1] in process(made.path, "hw", "show", "--json").stdout


def test_r_con_1_old_stakes_holding_esc_are_served_escaped(made: Served) -> None:
    """The Conflict's promise the board games now share: old stakes print escaped."""
    rewrite(made.path, "UPDATE entries SET event = replace(event, 'the atium cache', ?) "
            "WHERE event LIKE '%\"start\"%'", json.dumps(OLD)[1:-1])
    with serving(made):
        done = made.ssh("gm", "use", "Rooftops", key="gm")
        assert done.returncode == 0, err(done)
        assert "\x1b" not in out(done)


def test_a_damaged_game_row_refuses_that_game_alone_with_a_line_in_the_log(
        made: Served) -> None:
    """A House War row no program of the project wrote: ``mistborn serve`` starts, says
    once on its log which game it refuses and why, and serves everything else; a phone
    that asks for that game is told in one line and goes on."""
    cli(made.path, "stuffed", "new", "-p", "venture:ch", "bo:r", "--teammates", "3",
        "--mercenaries", "1", "--combo", "ch:2,i,r")  # phones sit at it: started last
    rewrite(made.path, "UPDATE entries SET event = '{garbage' WHERE seq = 2 AND stream_id = "
            "(SELECT id FROM streams WHERE kind = 'housewar')")
    with serving(made) as log:
        done = made.ssh("venture", "roll", key="venture")  # Stuffed's roll
        assert done.returncode == 0, err(done)
        done = made.ssh("venture", "use", "hw", key="venture")
        assert done.returncode == 2
        assert "damaged" in err(done) + out(done)
        done = made.ssh("ada", "use", "Rooftops", key="ada")  # the Conflict
        assert done.returncode == 0, err(done)
    refused = [line for line in log if "refused" in line]
    assert len(refused) == 1, log
    assert refused[0].startswith("mistborn: housewar 'House War 1' refused: the table file ")
    assert "entries row 2 of the housewar 'House War 1': event is not valid JSON" in refused[0]
    assert "Traceback" not in "\n".join(log)
