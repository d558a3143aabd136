"""Undo takes back the writer's own last step: in every board game as in a Conflict,
another writer's newer step is never taken back by surprise. The command names whose
step it is and changes nothing; ``--anyone`` takes it back all the same. Writers racing
from separate processes at one real table file undo only their own steps."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from cli_support import ok, refused

from table import Table

ROOT = Path(__file__).resolve().parent.parent

# (game, how to start it, one step that anyone may write, what the refusal says first)
GAMES = [
    ("stuffed", ["new", "-p", "ann:ch", "bo:r", "--mission", "Heist", "--teammates", "2",
                 "--mercenaries", "1", "--combo", "ch:2,i"],
     ["roll", "-f", "c,c,c,ch,ch,i,b,r"], "the last step of 'Stuffed 1' is ana's, not yours"),
    ("deckbuilding", ["new", "--players", "vin", "kel"], ["points", "3"],
     "the last step of 'Deckbuilding 1' is ana's, not yours"),
    ("housewar", ["new", "--players", "3", "--length", "short"],
     ["add", "Riot", "-u", "IV", "--setup"],
     "the last step of 'House War 1' is ana's, not yours"),
]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "table.db"


def log_of(db: Path, kind: str) -> list[tuple[str, str | None]]:
    with Table(db) as table:
        info = table.current(kind)
        assert info is not None
        log = table.read(kind, info.name, include_undone=True)
    return [(entry.who, entry.undone_by) for entry in log.entries]


@pytest.mark.parametrize(("game", "start", "step", "said"), GAMES,
                         ids=[game for game, *_ in GAMES])
def test_a_board_game_undo_takes_back_only_your_own_step_unless_anyone(
        db: Path, game: str, start: list[str], step: list[str], said: str) -> None:
    ok(db, game, *start, "--as", "gm")
    ok(db, game, *step, "--as", "ana")
    before = log_of(db, game)
    message = refused(db, game, "undo", "--as", "bo")
    assert message == f"{said}: nothing undone (undo --anyone takes it back)"
    assert log_of(db, game) == before
    assert ok(db, game, "undo", "--as", "ana").startswith("Undone:")
    ok(db, game, *step, "--as", "ana")
    assert ok(db, game, "undo", "--as", "bo", "--anyone").startswith("Undone:")
    assert [undone for _who, undone in log_of(db, game)] == [None, "ana", "bo"]


def test_r_dbg_8_the_refusal_speaks_polish_with_the_polish_edition(db: Path) -> None:
    ok(db, "deckbuilding", "new", "--players", "vin", "kel", "--as", "gm")
    ok(db, "deckbuilding", "points", "3", "--as", "ana")
    assert refused(db, "deckbuilding", "undo", "--as", "bo", "--lang", "pl") == (
        "ostatni ruch w grze 'Deckbuilding 1' należy do gracza ana, nie do ciebie: niczego nie "
        "cofnięto (undo --anyone cofa go mimo to)")


def test_who_writes_is_a_whole_name_never_the_start_of_one(db: Path) -> None:
    """``dbg coins 1 --as B`` at a table holding Brannoch is a near miss: refused with
    the hint (exit status 2), nothing written; so is an undo, whose ownership follows
    the name written whole (the README: a writer's name is kept as the table spells
    it; no rule of the rulebooks covers who writes a step)."""
    ok(db, "char", "import", str(ROOT / "examples/crew.toml"))
    ok(db, "deckbuilding", "new", "--players", "vin", "kel", "--as", "gm")
    before = log_of(db, "deckbuilding")
    hint = ("no character or player named 'B' — did you mean 'Brannoch'? "
            "(--as and $MISTBORN_AS take a whole name)")
    assert refused(db, "deckbuilding", "coins", "1", "--as", "B") == hint
    assert log_of(db, "deckbuilding") == before
    ok(db, "deckbuilding", "coins", "1", "--as", "brannoch")
    assert log_of(db, "deckbuilding")[-1] == ("Brannoch", None)
    assert refused(db, "deckbuilding", "undo", "--as", "B") == hint
    assert refused(db, "deckbuilding", "undo", "--as", "Bran") == hint.replace("'B'", "'Bran'")
    assert "is Brannoch's, not yours" in refused(db, "deckbuilding", "undo", "--as", "gm")
    assert ok(db, "deckbuilding", "undo", "--as", " BRANNOCH ").startswith("Undone:")
    assert log_of(db, "deckbuilding")[-1] == ("Brannoch", "Brannoch")
    # Two names it could start: each is named.
    ok(db, "player", "invite", "brand", "--passphrase")
    assert "did you mean 'Brannoch' or 'brand'?" in refused(db, "dbg", "coins", "1",
                                                           "--as", "bra")
    ok(db, "deckbuilding", "coins", "1", "--as", "BRAND")  # a player's whole name
    assert log_of(db, "deckbuilding")[-1] == ("brand", None)


def test_who_writes_is_never_a_misspelling_of_a_name(db: Path) -> None:
    """A misspelt name (``Branoch`` for ``Brannoch``) is a near miss too, refused with
    the hint and nothing written; a login name that only shares letters with one
    (``kell``, ``ann``) is a writer of its own, kept as typed."""
    ok(db, "char", "import", str(ROOT / "examples/crew.toml"))
    ok(db, "deckbuilding", "new", "--players", "vin", "kel", "--as", "gm")
    before = log_of(db, "deckbuilding")
    assert refused(db, "deckbuilding", "coins", "1", "--as", "Branoch") == (
        "no character or player named 'Branoch' — did you mean 'Brannoch'? "
        "(--as and $MISTBORN_AS take a whole name)")
    assert log_of(db, "deckbuilding") == before
    for login in ("kell", "ann"):
        ok(db, "deckbuilding", "coins", "1", "--as", login)
        assert log_of(db, "deckbuilding")[-1] == (login, None)


# Each writer, in its own process, runs the real commands (click, in process) a number
# of times: a step of its own, then an undo of its own last step. When the other
# writer's step came in between, the undo is refused (exit 2) and that is counted.
RACER = """
import sys
from click.testing import CliRunner
from cli.main import main

path, me, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
env = {"MISTBORN_DB": path, "MISTBORN_AS": me}
runner = CliRunner()
undone = refused = 0
for _ in range(rounds):
    wrote = runner.invoke(main, ["deckbuilding", "coins", "1"], env=env)
    assert wrote.exit_code == 0, wrote.output
    took = runner.invoke(main, ["deckbuilding", "undo"], env=env)
    if took.exit_code == 0:
        undone += 1
    else:
        assert took.exit_code == 2 and "not yours" in took.output, took.output
        refused += 1
print(undone, refused)
"""


def test_two_writers_racing_undo_only_their_own_steps(db: Path) -> None:
    ok(db, "deckbuilding", "new", "--players", "vin", "kel", "--as", "gm")
    rounds = 40
    racers = [subprocess.Popen([sys.executable, "-c", RACER, str(db), me, str(rounds)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               cwd=ROOT) for me in ("ana", "bo")]
    counts: dict[str, tuple[int, int]] = {}
    try:
        for me, racer in zip(("ana", "bo"), racers, strict=True):
            out, err = racer.communicate(timeout=300)
            assert (racer.returncode, err) == (0, "")
            undone, refusals = map(int, out.split())
            counts[me] = (undone, refusals)
    finally:
        for racer in racers:
            racer.kill()
            racer.wait()
    entries = log_of(db, "deckbuilding")[1:]
    assert len(entries) == 2 * rounds
    for me in ("ana", "bo"):
        mine = [undone for who, undone in entries if who == me]
        assert len(mine) == rounds
        # Every undo that went through took back a step of the writer's own...
        assert sum(undone is not None for undone in mine) == counts[me][0]
    # ...and no step was ever taken back by anyone but its writer.
    assert all(undone in (None, who) for who, undone in entries)
