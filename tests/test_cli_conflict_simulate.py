"""``mistborn conflict simulate``: the Conflict in the table played on many times, the
report on screen and as JSON, policies per side, refusals, and the table left as it
was."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from conflict import saved as conflicts
from conflict.simulate import DEFAULT_ROUNDS, simulate
from table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cli_support import console_script, env_for, ok, process, refused


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A table with the example sheets and a Conflict of two Heroes against four
    Canton guards, after set-up."""
    path = tmp_path / "table.db"
    ok(path, "char", "import", "--examples")
    ok(path, "conflict", "new", "Gatehouse", "--physical")
    ok(path, "conflict", "add", "tamsin", "brannoch", "canton")
    return path


def report(db: Path, *args: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(ok(db, "conflict", "simulate", "--workers", "1",
                                             *args, "--json"))
    return document


def test_the_report_is_the_library_s_for_the_saved_conflict(db: Path) -> None:
    document = report(db, "--seed", "5", "--runs", "60")
    with Table(db, create=False) as table:
        _saved, loaded = conflicts.load(table, "Gatehouse")
    expected = simulate(loaded.state, runs=60, seed=5, workers=1).to_json()
    assert {key: document[key] for key in expected} == expected
    assert document["conflict"] == "Gatehouse"
    assert document["version"] == loaded.version
    assert [side["side"] for side in document["sides"]] == ["crew", "opposition"]
    wins = sum(side["win"]["count"] for side in document["sides"])
    assert wins + document["draw"]["count"] + document["unfinished"]["count"] == 60


def test_the_same_seed_gives_the_same_report_in_one_process_or_several(db: Path) -> None:
    one = report(db, "--seed", "9", "--runs", "100")
    # A real process with two workers: the same answer.
    done = process(db, "conflict", "simulate", "--seed", "9", "--runs", "100",
                   "--workers", "2", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == one


def test_without_runs_it_stops_once_the_chance_is_known_to_two_points(db: Path) -> None:
    document = report(db, "--seed", "2")
    assert document["stopped_by"] == "precision"
    assert document["precision"] == 0.02
    for side in document["sides"]:
        assert side["win"]["high"] - side["win"]["low"] <= 0.04 + 1e-12


def test_until_precision_and_runs_together_cap_the_runs(db: Path) -> None:
    document = report(db, "--seed", "2", "--until-precision", "0.001", "--runs", "75")
    assert document["runs"] == 75
    assert document["stopped_by"] == "runs"


def test_no_seed_picks_one_and_shows_it(db: Path) -> None:
    document = report(db, "--runs", "25")
    again = report(db, "--runs", "25", "--seed", str(document["seed"]))
    assert again == document


def test_policies_for_every_side_or_one(db: Path) -> None:
    assert report(db, "--runs", "25", "--seed", "1", "--policy", "reckless")["policies"] == \
        {"crew": "reckless", "opposition": "reckless"}
    assert report(db, "--runs", "25", "--seed", "1", "--policy", "Opposition=Bold",
                  "--policy", "cautious")["policies"] == \
        {"crew": "cautious", "opposition": "bold"}


@pytest.mark.parametrize(("args", "message"), [
    (["--policy", "sneaky"], "--policy 'sneaky': no policy called 'sneaky' (policies: "),
    (["--policy", "=bold"], "--policy '=bold': name the side before '='"),
    (["--policy", "ministry=bold"], "no side called 'ministry' in this Conflict"),
    (["--runs", "0"], "--runs must be 1–1000000, got 0"),
    (["--until-precision", "0.5"],
     "--until-precision must be a number more than 0 and less than 0.5, got 0.5"),
    (["--rounds", "x"], "--rounds must be a whole number 1–1000, got 'x'"),
    (["Nowhere"], "no Conflict named 'Nowhere' (there is 'Gatehouse')"),
])
def test_bad_requests_are_one_line(db: Path, args: list[str], message: str) -> None:
    assert message in refused(db, "conflict", "simulate", *args)


def test_an_ended_conflict_or_one_side_alone_is_refused_naming_the_rule(db: Path) -> None:
    ok(db, "conflict", "new", "Alone", "--physical")
    ok(db, "conflict", "add", "tamsin")
    assert refused(db, "conflict", "simulate").startswith("R-CON-2: a simulation needs "
                                                          "participants on two sides")
    ok(db, "conflict", "use", "Gatehouse")
    ok(db, "conflict", "end", "the", "guards", "flee")
    assert refused(db, "conflict", "simulate") == (
        "R-CON-21: the Conflict has ended (the guards flee): nothing is left to simulate")


def test_the_table_is_only_read(db: Path) -> None:
    before = ok(db, "log", "--json")
    mtime = db.stat().st_mtime_ns
    report(db, "--runs", "50", "--seed", "3")
    assert ok(db, "log", "--json") == before
    assert db.stat().st_mtime_ns == mtime


def test_a_table_named_that_does_not_exist_is_not_made(tmp_path: Path) -> None:
    missing = tmp_path / "typo.db"
    assert refused(missing, "conflict", "simulate") == f"no table at {str(missing)!r}"
    assert not missing.exists()


@pytest.mark.parametrize("columns", [40, 120])
def test_the_screen_reads_at_40_and_120_columns(db: Path, columns: int) -> None:
    out = ok(db, "conflict", "simulate", "--runs", "100", "--seed", "4", "--workers", "1",
             columns=columns)
    lines = out.splitlines()
    assert lines[0] == "Who wins this fight?"
    assert lines[1].startswith("100 runs") and "seed 4" in lines[1]
    assert any(line.startswith("crew ") and "%" in line for line in lines)
    assert any("Canton guards" in line for line in lines)
    assert any("wiped out" in line for line in lines)
    assert max(len(line) for line in lines) <= columns


def test_rounds_default_in_the_help_is_the_library_s(db: Path) -> None:
    assert f"[default: {DEFAULT_ROUNDS}]" in " ".join(
        ok(db, "conflict", "simulate", "--help", columns=200).split())


def test_ctrl_c_stops_every_worker_with_130_and_no_traceback(db: Path) -> None:
    environment = {**os.environ, **env_for(db)}
    with subprocess.Popen([str(console_script()), "conflict", "simulate", "--runs",
                           "1000000", "--workers", "2"], env=environment,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          start_new_session=True) as child:
        time.sleep(1.5)  # the workers are playing
        os.killpg(child.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the whole group
        try:
            out, err = child.communicate(timeout=30)
        except subprocess.TimeoutExpired:  # a hang is a failure, never a hung suite
            os.killpg(child.pid, signal.SIGKILL)
            child.communicate()
            raise
    assert child.returncode == 130
    assert out == ""
    assert err.strip() == "mistborn: interrupted"
