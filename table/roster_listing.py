"""A listing of the roster kept beside it, so that ``mistborn char list`` shows the roster
without building every sheet (start-up time: the sheets' classes and their converter
cost more than the whole listing may).

Every write to the roster (:mod:`table.roster`) keeps, in the ``meta`` table
under :data:`KEY`, one entry per row: what :func:`characters.summary.summary` gives for
the sheet, found by reading the row back as strictly as every reader does — so a row
has an entry only if reading it succeeds. Each entry is filed under a digest of the
row's stored columns: a row changed since by any other means (a tool, a restore, a
damaged file) has no entry, and :func:`stored` then gives ``None``; so does a listing
written by a program that read sheets another way (:data:`FORMAT`). Each entry is kept
with a digest of itself and its row's: an entry edited by hand has none that matches,
and counts as missing (the roster's rows, not the listing, say what a sheet holds).
The table knows no game here: it files what it is given.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import sqlite3
from collections.abc import Callable
from typing import Any, Final

__all__ = ["COLUMNS", "FORMAT", "KEY", "keep", "stored"]

KEY: Final = "roster_listing"
FORMAT: Final = 2
"""Raised whenever the way a sheet is read, summed up or kept changes: a listing kept
by another format is never trusted."""

COLUMNS: Final = "name, name_key, kind, player, sheet, version"
"""The stored columns a row's digest covers (all that reading a sheet looks at)."""


def digest(row: sqlite3.Row | tuple[Any, ...]) -> str:
    """The digest of a row's :data:`COLUMNS`, whatever their stored types."""
    values = tuple(row)[:6]
    return hashlib.sha256(repr(values).encode("utf-8", "backslashreplace")).hexdigest()


def _entries(db: sqlite3.Connection) -> dict[str, Any]:
    """The entries kept, by digest; none when the listing is missing, of another
    format or not what this module writes."""
    row = db.execute("SELECT value FROM meta WHERE key = ?", (KEY,)).fetchone()
    with contextlib.suppress(ValueError, TypeError, RecursionError):  # not what it writes
        kept = json.loads(row[0]) if row is not None else None
        if isinstance(kept, dict) and kept.get("format") == FORMAT:
            rows = kept.get("rows")
            if isinstance(rows, dict):
                return {key: kept_entry[1] for key, kept_entry in rows.items()
                        if isinstance(kept_entry, list) and len(kept_entry) == 2
                        and kept_entry[0] == _checked(key, kept_entry[1])}
    return {}


def _checked(key: str, entry: Any) -> str:
    """The digest an entry is kept with: of the row's digest ``key`` and the entry."""
    text = json.dumps([key, entry], ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(text.encode("utf-8", "backslashreplace")).hexdigest()


def _as_read(entry: Any) -> Any:
    """``entry`` as reading it back gives it (tuples as lists, keys as texts), so that
    its digest is the one :func:`_entries` finds."""
    return json.loads(json.dumps(entry, ensure_ascii=False)) if entry is not None else None


def keep(db: sqlite3.Connection, entry: Callable[[sqlite3.Row], Any | None]) -> None:
    """Bring the listing up to date with the roster, in the caller's transaction:
    ``entry`` gives a row's entry, or ``None`` for a row that cannot be read (it is
    then left out); rows already listed are not read again."""
    kept = _entries(db)
    rows = {}
    for row in db.execute(f"SELECT {COLUMNS}, id FROM characters"):
        found = digest(row)
        rows[found] = kept[found] if found in kept else _as_read(entry(row))
    listing = {"format": FORMAT, "rows": {k: [_checked(k, v), v] for k, v in rows.items()
                                          if v is not None}}
    db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
               (KEY, json.dumps(listing, ensure_ascii=False, sort_keys=True)))


def stored(db: sqlite3.Connection) -> list[tuple[str, str, Any]] | None:
    """Each row's kind, name key and entry, in the stored order of the roster's rows;
    ``None`` unless every row has its entry."""
    kept = _entries(db)
    found = []
    for row in db.execute(f"SELECT {COLUMNS} FROM characters"):
        entry = kept.get(digest(row))
        if entry is None:
            return None
        found.append((row[2], row[1], entry))
    return found
