"""The Conflict engine's refusals speak of a group of Extras in the plural: "Canton
guards declare", "have", "are" (R-CON-2), as the guided round and the log do."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cli_support import ok, refused


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """Tamsin Vey (Wits 4) against the Canton guards (a group, Wits 2)."""
    path = tmp_path / "table.db"
    ok(path, "char", "import", "--examples")
    ok(path, "conflict", "new", "Gatehouse", "--physical")
    ok(path, "conflict", "add", "tamsin", "canton")
    return path


def test_r_con_4_a_group_declare_before_in_the_plural(db: Path) -> None:
    message = refused(db, "conflict", "declare", "tamsin", "defense", "2")
    assert message == "R-CON-4: Canton guards (Wits 2) declare before Tamsin Vey (Wits 4)"


def test_r_con_3_a_group_have_already_declared(db: Path) -> None:
    ok(db, "conflict", "declare", "canton", "defense", "2")
    message = refused(db, "conflict", "declare", "canton", "defense", "2")
    assert message == "R-CON-3: Canton guards have already declared in round 1"


def test_r_con_20_a_defeated_group_are_defeated_and_take_no_further_part(db: Path) -> None:
    ok(db, "conflict", "defeat", "canton")
    message = refused(db, "conflict", "declare", "canton", "defense", "2")
    assert message == "R-CON-20: Canton guards are defeated and take no further part"
    assert refused(db, "conflict", "defeat", "canton") == \
        "R-CON-20: Canton guards are already defeated"


def test_r_con_20_a_sheet_is_still_in_the_singular(db: Path) -> None:
    ok(db, "conflict", "defeat", "tamsin")
    message = refused(db, "conflict", "declare", "tamsin", "defense", "2")
    assert message == "R-CON-20: Tamsin Vey is defeated and takes no further part"
