"""The roster's names, read without loading the sheets' classes: every writer's name is
looked up among them (``mistborn roll 5 --as Vin``), and :mod:`characters.model`
with its converter is not worth loading for that (start-up time). The rest of the
roster is :mod:`table.roster`, which reads its rows through these."""

from __future__ import annotations

import sqlite3
from typing import Final

from core.errors import shown
from table.errors import RESTORE
from table.stored import Row, kind_of

__all__ = ["KIND_ORDER", "checked", "names", "sorted_rows", "where"]

KIND_ORDER: Final = {"hero": 0, "villain": 1, "extra": 2}
"""Each kind the roster stores (the values of :class:`characters.model.Kind`) and its
place in a listing: heroes first, then villains, then Extra groups."""


def where(row: sqlite3.Row, advice: str = RESTORE) -> Row:
    """The row as a damaged-row error names it: by its name, or its id if it has none."""
    name = row["name"]
    return Row("characters", shown(name) if isinstance(name, str) else f"id {row['id']}",
               advice)


def checked(row: sqlite3.Row) -> sqlite3.Row:
    """``row`` if its name, name key and kind are what the roster stores."""
    found = where(row)
    found.text(row["name"], "name")
    found.text(row["name_key"], "name_key")
    if row["kind"] not in KIND_ORDER:
        raise found.damaged("kind", f"is {kind_of(row['kind'])}, not one of "
                                    f"{', '.join(KIND_ORDER)}")
    return row


def sorted_rows(db: sqlite3.Connection, columns: str = "*") -> list[sqlite3.Row]:
    """Rows of the roster, heroes first, then villains, then Extra groups, by name."""
    rows = [checked(row) for row in db.execute(f"SELECT id, {columns} FROM characters")]
    return sorted(rows, key=lambda r: (KIND_ORDER[r["kind"]], r["name_key"]))


def names(db: sqlite3.Connection) -> list[str]:
    """Every name, heroes first, then villains, then Extra groups."""
    return [row["name"] for row in sorted_rows(db, "name, name_key, kind")]
