"""What the Narrator reveals to players (table/reveals.py, migration 8
"reveals"), and reading only the rolls a watcher has not seen (``rolls(after=)``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from table_support import crew, plain

from conflict.dice import Roll
from conflict.errors import BadValue
from table import MIGRATIONS, SCHEMA_VERSION, Table, UnknownStream


def _table(path: Path) -> Table:
    table = Table(path)
    table.create_stream("conflict", "Alley fight", who="narrator")
    return table


def test_reveal_hide_and_list_per_conflict(tmp_path: Path) -> None:
    with _table(tmp_path / "t.db") as table:
        table.create_stream("conflict", "Ball", who="narrator")
        assert table.revealed("conflict", "Alley fight") == ()
        assert table.reveal("conflict", "alley FIGHT", "Marsh", who="ada") is True
        assert table.reveal("conflict", "Alley fight", "MARSH", who="ada") is False  # already
        assert table.reveal("conflict", "Alley fight", "Hazekillers", who="ada") is True
        assert table.revealed("conflict", "Alley fight") == ("Marsh", "Hazekillers")
        assert table.revealed("conflict", "Ball") == ()  # a reveal holds for one Conflict
        assert table.hide("conflict", "Alley fight", "marsh") is True
        assert table.hide("conflict", "Alley fight", "marsh") is False
        assert table.revealed("conflict", "Alley fight") == ("Hazekillers",)
    rows = plain(tmp_path / "t.db", "SELECT name, revealed_by FROM reveals")
    assert rows == [("Hazekillers", "ada")]


def test_reveal_refuses_unknown_conflicts_and_bad_names(tmp_path: Path) -> None:
    with _table(tmp_path / "t.db") as table:
        with pytest.raises(UnknownStream, match="did you mean 'Alley fight'"):
            table.reveal("conflict", "Aley fight", "Marsh", who="ada")
        with pytest.raises(BadValue, match="the name revealed"):
            table.reveal("conflict", "Alley fight", "Mar\x1b[31msh", who="ada")
        assert table.revealed("conflict", "Alley fight") == ()


def test_a_version_7_table_gains_reveals_and_keeps_its_data(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    with Table(path, migrations=MIGRATIONS[:7]) as old:
        old.add(crew())
        old.create_stream("conflict", "Alley fight", who="narrator")
        assert old.schema_version == 7
    assert "reveals" not in [r[0] for r in plain(path, "SELECT name FROM sqlite_master")]
    with Table(path) as table:
        assert table.schema_version == SCHEMA_VERSION >= 8
        assert table.names() == ["Kell", "Marsh", "Hazekillers"]
        table.reveal("conflict", "Alley fight", "Marsh", who="ada")
        assert table.revealed("conflict", "Alley fight") == ("Marsh",)
    assert plain(path, "SELECT step, name FROM migrations WHERE step = 8") == [(8, "reveals")]


def test_rolls_after_an_id_are_only_the_new_ones(tmp_path: Path) -> None:
    with Table(tmp_path / "t.db") as table:
        made = [table.record_roll(Roll.from_faces([5, 5, i]), who=who)
                for i, who in zip((1, 2, 3, 4), ("vin", "kell", "vin", "kell"), strict=True)]
        assert [e.id for e in table.rolls(after=made[1].id)] == [made[2].id, made[3].id]
        assert [e.id for e in table.rolls(after=made[3].id)] == []
        assert [e.id for e in table.rolls(after=0, who="VIN")] == [made[0].id, made[2].id]
        assert [e.id for e in table.rolls(after=made[0].id, limit=1)] == [made[3].id]
        with pytest.raises(BadValue, match="after must be a roll's id"):
            table.rolls(after="3")  # type: ignore[arg-type]
