"""The roll log: rolls made outside a Conflict (``mistborn roll N --as NAME --for TEXT``).

Each row keeps who rolled, what for, the pool asked, the faces, and what the rules made
of them (Result, Nudges, and with a Difficulty the success), so the ``sqlite3`` tool
shows them as they are. Reading rebuilds the :class:`~conflict.dice.Roll` from the
faces. Recording one roll imports nothing beyond the dice and this package's
light modules: no sheet codecs, no engine.
"""

from __future__ import annotations

import datetime
import json
import sqlite3

import attrs

from conflict.dice import Roll
from conflict.errors import BadValue, ConflictError
from core.errors import shown
from table import clock
from table.errors import check_purpose, check_text, name_key
from table.stored import Row

__all__ = ["RollEntry", "listing", "record"]


@attrs.frozen
class RollEntry:
    """One roll in the log."""

    id: int
    who: str
    purpose: str
    roll: Roll
    at: datetime.datetime


def record(db: sqlite3.Connection, roll: Roll, *, who: str, purpose: str) -> RollEntry:
    """Add ``roll`` to the log."""
    check_text(who, "who rolled")
    check_purpose(purpose)
    at = clock.now()
    cursor = db.execute(
        "INSERT INTO rolls (who, purpose, asked, faces, result, nudges, difficulty, success, "
        "rolled_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            who,
            purpose,
            roll.asked,
            json.dumps(list(roll.faces)),
            roll.result,
            roll.nudges,
            roll.difficulty,
            None if roll.success is None else int(roll.success),
            at,
        ),
    )
    assert cursor.lastrowid is not None
    return RollEntry(cursor.lastrowid, who, purpose, roll, clock.parse(at))


def _entry(row: sqlite3.Row) -> RollEntry:
    """The roll of ``row``, each column read strictly (the Result, Nudges and success
    stored beside the faces are for people reading the file: the dice say them again)."""
    where = Row("rolls", shown(row["id"]))
    faces = where.json(row["faces"], "faces")
    try:
        roll = Roll(asked=where.whole(row["asked"], "asked"), faces=faces,
                    difficulty=where.optional_whole(row["difficulty"], "difficulty"))
    except (ConflictError, TypeError) as error:
        raise where.damaged("faces", f"are not a roll of the pool asked: {error}") from None
    return RollEntry(where.whole(row["id"], "id"), where.text(row["who"], "who"),
                     where.text(row["purpose"], "purpose"), roll,
                     where.time(row["rolled_at"], "rolled_at"))


def _key_of(value: object) -> str | None:
    """The name key of a stored ``who`` (``None`` for a damaged one, which then matches
    no name: the row is refused when read)."""
    return name_key(value) if isinstance(value, str) else None


def listing(db: sqlite3.Connection, *, who: str | None, limit: int | None,
            after: int | None = None) -> list[RollEntry]:
    """The rolls (by ``who``, ignoring case, if given), newest last; with ``limit``, only
    the last ``limit`` of them; with ``after``, only those whose id is greater."""
    conditions: list[str] = []
    params: list[object] = []
    if who is not None:
        db.create_function("name_key", 1, _key_of, deterministic=True)
        conditions.append("name_key(who) = ?")
        params.append(name_key(who))
    if after is not None:
        if isinstance(after, bool) or not isinstance(after, int):
            raise BadValue(f"after must be a roll's id (a whole number), got {shown(after)}")
        conditions.append("id > ?")
        params.append(after)
    where = f" WHERE {' AND '.join(conditions)}" if conditions else ""
    last = ""
    if limit is not None:
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
            raise BadValue(f"limit must be a whole number of 0 or more, got {shown(limit)}")
        last = f" LIMIT {limit}"
    rows = db.execute(
        f"SELECT * FROM (SELECT * FROM rolls{where} ORDER BY id DESC{last}) ORDER BY id", params
    )
    return [_entry(row) for row in rows]
