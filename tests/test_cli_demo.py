"""``mistborn demo`` (a short seeded Conflict in a table of its own) and the example
sheets that ship with the tool (``characters.samples``, ``char import --examples``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from characters.errors import CharacterError
from characters.files import read
from characters.samples import SHEET_FILES, example_characters, example_text
from conflict import saved as conflicts
from conflict.engine import apply
from conflict.state import EMPTY, Phase
from conflict.whatnow import Expect, what_now
from table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cli_support import ROOT, console_script, data, ok, refused


def mistborn(*args: str, home: Path, columns: int = 80, **env: str
             ) -> subprocess.CompletedProcess[str]:
    """The real command in a process of its own, with a home (and data folder) of its
    own, so a table it wrongly made there would be seen."""
    environment = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"),
                   "COLUMNS": str(columns), "NO_COLOR": "1", **env}
    environment.pop("MISTBORN_DB", None)
    return subprocess.run([str(console_script()), *args], capture_output=True, text=True,
                          encoding="utf-8", env=environment, timeout=120, check=False)


def demo_json(tmp_path: Path, *args: str) -> dict[str, Any]:
    result = mistborn("demo", "--json", *args, home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    document: dict[str, Any] = json.loads(result.stdout)
    return document


def test_the_demo_plays_a_conflict_to_its_end_showing_the_board(tmp_path: Path) -> None:
    result = mistborn("demo", home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    out = result.stdout
    assert "Tamsin Vey joins the crew" in out
    assert "Hazekillers of House Orrell join the opposition" in out
    assert "Round 1" in out and "Round 2" in out
    assert "rolls" in out  # dice were rolled and judged
    assert "The Conflict ends: " in out
    assert out.count("Next: ") >= 2  # a board at each round's end and at the end
    assert "H █" in out  # Resiliences as bars
    assert "mistborn char import --examples" in out  # where to go next


def test_the_demo_never_touches_the_user_s_table(tmp_path: Path) -> None:
    mine = tmp_path / "mine.db"
    result = mistborn("demo", home=tmp_path, MISTBORN_DB=str(mine))
    assert result.returncode == 0, result.stderr
    assert not mine.exists()
    assert not (tmp_path / "data").exists()  # nor the default table's folder


def test_the_same_seed_plays_the_same_conflict_and_other_seeds_differ(tmp_path: Path) -> None:
    first = demo_json(tmp_path, "--seed", "7")
    assert demo_json(tmp_path, "--seed", "7") == first
    plays = {json.dumps(demo_json(tmp_path, "--seed", str(seed))["said"]) for seed in (1, 2, 3)}
    assert len(plays) > 1


def test_the_demo_s_json_holds_what_it_said_and_a_board_per_round(tmp_path: Path) -> None:
    document = demo_json(tmp_path, "--rounds", "2")
    assert document["table"] is None
    assert document["seed"] == 7
    assert "Tamsin Vey" in document["imported"]
    assert document["outcome"]
    assert 1 <= document["rounds"] <= 2
    assert len(document["boards"]) == document["rounds"]
    assert document["said"][-1] == f"The Conflict ends: {document['outcome']}."
    final = document["boards"][-1]
    assert final["phase"] == "ended"


def test_rounds_caps_the_conflict_and_the_narrator_calls_the_end(tmp_path: Path) -> None:
    document = demo_json(tmp_path, "--rounds", "1", "--seed", "7")
    assert document["rounds"] == 1
    # Seed 7 leaves both sides standing after one round: the rounds allowed end it.
    assert document["outcome"] == "the rounds allowed are played"


def test_keep_leaves_a_table_that_replays_to_the_end_with_damage_in_the_roster(
        tmp_path: Path) -> None:
    kept = tmp_path / "demo.db"
    result = mistborn("demo", "--keep", str(kept), home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert f"mistborn conflict show --db {kept}" in result.stdout
    with Table(kept, create=False) as table:
        _saved, loaded = conflicts.load(table, None)
        state = loaded.state
        assert state.phase is Phase.ENDED
        # Every event the demo wrote replays through the engine to the same state.
        replayed = EMPTY
        for event in loaded.events:
            replayed = apply(replayed, event)
        assert replayed == state
        # R-CON-21 ruling: the damage reached the roster when the Conflict ended.
        tamsin = state.participant("Tamsin Vey")
        sheet = table.get("Tamsin Vey")
        assert tamsin.resiliences is not None
        assert sheet.resiliences.health.damage == tamsin.resiliences.health.damage
        assert {name for name in table.names()} >= {c.name for c in example_characters()}
    # The log names players for their Heroes' steps and the Narrator for the rest.
    log = ok(kept, "log", "--json")
    writers = {entry["who"] for entry in json.loads(log)}
    assert {"narrator", "Ada", "Dee"} <= writers


def test_keep_refuses_a_file_that_exists_and_leaves_it_alone(tmp_path: Path) -> None:
    kept = tmp_path / "demo.db"
    kept.write_bytes(b"mine")
    result = mistborn("demo", "--keep", str(kept), home=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == f"mistborn: --keep: {kept} already exists; name a new file\n"
    assert kept.read_bytes() == b"mine"


@pytest.mark.parametrize("args", [["--seed", "-1"], ["--rounds", "0"], ["--rounds", "11"],
                                  ["--pace", "9"]])
def test_bad_options_are_one_line(tmp_path: Path, args: list[str]) -> None:
    result = mistborn("demo", *args, home=tmp_path)
    assert result.returncode == 2
    assert result.stdout == "" and result.stderr.count("\n") == 1


def test_the_demo_reads_at_40_columns(tmp_path: Path) -> None:
    result = mistborn("demo", home=tmp_path, columns=40)
    assert result.returncode == 0, result.stderr
    too_wide = [line for line in result.stdout.splitlines() if len(line.rstrip()) > 40]
    assert too_wide == []


def test_a_demo_run_ends_where_the_engine_says_it_is_decided(tmp_path: Path) -> None:
    kept = tmp_path / "demo.db"
    assert mistborn("demo", "--keep", str(kept), "--seed", "3", home=tmp_path).returncode == 0
    with Table(kept, create=False) as table:
        _saved, loaded = conflicts.load(table, None)
    before_end = loaded.states[-2]
    assert what_now(before_end).expect in (Expect.END_ROUND, Expect.ACT, Expect.DECLARE,
                                           Expect.DEFENSE, Expect.ROLL, Expect.DAMAGE)
    standing = {p.side for p in loaded.state.participants if not p.defeated}
    if loaded.state.outcome != "the rounds allowed are played":
        assert loaded.state.outcome == (f"{standing.pop()} wins" if standing
                                        else "every side fell")


# --- the example sheets --------------------------------------------------------------------


def test_the_packaged_examples_are_the_files_in_examples() -> None:
    from_files = [c for name in SHEET_FILES for c in read(ROOT / "examples" / name)]
    assert example_characters() == from_files
    assert example_text("crew.toml") == (ROOT / "examples" / "crew.toml").read_text("utf-8")


def test_an_unknown_example_file_is_refused() -> None:
    with pytest.raises(CharacterError, match=r"no example file 'heroes\.toml'"):
        example_text("heroes.toml")


def test_char_import_examples_adds_the_example_sheets(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    imported = data(db, "char", "import", "--examples")["imported"]
    assert [entry["name"] for entry in imported] == [c.name for c in example_characters()]


def test_char_import_examples_again_names_the_example_sheets_not_a_path_never_typed(
        tmp_path: Path) -> None:
    """A Narrator who typed ``--examples`` is told about the example sheets, not about
    ``examples/crew.toml``, a file of the clone they may never have seen; a file they
    named is still named as typed."""
    db = tmp_path / "table.db"
    data(db, "char", "import", "--examples")
    assert refused(db, "char", "import", "--examples") == (
        "the example sheets: 'Tamsin Vey' is already in the table; nothing imported "
        "(use --replace to overwrite it)")
    mine = tmp_path / "mine.toml"
    mine.write_text((ROOT / "examples" / "crew.toml").read_text("utf-8"), "utf-8")
    assert refused(db, "char", "import", str(mine)).startswith(
        f"{mine}: 'Tamsin Vey' is already in the table")
    assert refused(tmp_path / "other.db", "char", "import", str(mine), "--examples") == (
        f"the example sheets: 'Tamsin Vey' is also in {mine}; names must differ ignoring "
        "case")


def test_char_import_needs_files_or_examples(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    assert refused(db, "char", "import") == \
        "name the sheet files to import (FILE...), or --examples"
    assert not db.exists()


def test_ctrl_c_stops_the_demo_with_130_and_leaves_no_table_behind(tmp_path: Path) -> None:
    import signal

    temporary = tmp_path / "tmp"
    temporary.mkdir()
    environment = {**os.environ, "HOME": str(tmp_path), "TMPDIR": str(temporary),
                   "NO_COLOR": "1", "PYTHONUNBUFFERED": "1"}
    with subprocess.Popen([str(console_script()), "demo", "--pace", "0.5"], env=environment,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as child:
        assert child.stdout is not None and child.stderr is not None
        for line in child.stdout:
            if "Round 1" in line:
                break
        assert [p.name[:14] for p in temporary.iterdir()] == ["mistborn-demo-"]
        child.send_signal(signal.SIGINT)
        child.stdout.read()
        error = child.stderr.read()
        assert child.wait(timeout=30) == 130
    assert error == "\nmistborn: interrupted\n"  # the new line ends the echoed ^C
    assert list(temporary.iterdir()) == []
