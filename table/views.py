"""Views: what a stream looks like after its last write, kept beside its log so that a
reader can show it without replaying the events.

A game's writer stores a view (a JSON object: a Conflict's board and its last narrated
steps) in the same transaction as each append or undo, marked with the stream's version
it was made from and a digest of the entries it was made from (:func:`write`). A
reader takes it only while that version is still the stream's and the digest its
entries' (:func:`read`): any write that did not store a view (an older program, a tool
author appending raw events) leaves it stale, and so does an entry edited in place; the
reader replays the log instead. A view is a cache of what the events say, never a second
truth.

This module imports none of the rules, so that a command that only shows a view
starts fast.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from core.jsonread import Unreadable, read_json
from table.errors import name_key
from table.stream_rows import MADE_FROM, checked_version, digest, made_from

__all__ = ["read", "write"]


def write(db: sqlite3.Connection, kind: str, name: str, version: int,
          view: dict[str, Any]) -> None:
    """Store ``view`` as the stream's, made from its log at ``version``."""
    from table import logs

    stream_id = int(logs._stream(db, kind, name)["id"])
    # Kept with what it was made from: a reader never shows it over entries that a
    # tool deleted or changed since (stream_rows.checked_version).
    kept = {**view, MADE_FROM: made_from(db, stream_id)}
    db.execute(
        "INSERT INTO views (stream_id, version, view) VALUES (?, ?, ?) "
        "ON CONFLICT (stream_id) DO UPDATE SET version = excluded.version, "
        "view = excluded.view",
        (stream_id, version, json.dumps(kept, ensure_ascii=False, separators=(",", ":"))))


def read(db: sqlite3.Connection, kind: str, name: str | None) -> dict[str, Any] | None:
    """The stream's view (the current stream's of ``kind`` when ``name`` is ``None``)
    if it was made from the log as it stands (``None`` if there is none, or it is
    stale — made at an earlier version, or from entries edited since — or it is not a
    JSON object). A stream whose version does not agree with its entries or its view
    (:mod:`.stream_rows`: entries deleted, a version set or lowered by hand) does not
    replay to its view: :class:`~table.errors.DamagedRow`, never the view."""
    query = ("SELECT v.view, s.id, s.name, s.version, v.version FROM streams s JOIN views v "
             "ON v.stream_id = s.id WHERE s.kind = ? AND v.version >= s.version AND ")
    if name is None:  # no name to compare: the reader of the current view starts fast
        row = db.execute(query + "s.is_current = 1", (kind,)).fetchone()
    else:
        row = db.execute(query + "s.name_key = ?", (kind, name_key(name))).fetchone()
    if row is None:
        return None
    # A view made at a later version than the stream's (its version lowered by hand),
    # or from fewer or more entries than it holds (some deleted): damage, never shown.
    checked_version(db, kind, str(row[2]), row[1], row[3])
    if not isinstance(row[0], str):
        return None
    try:  # the strict reader: a damaged view is only a stale one (the log is the truth)
        view = read_json(row[0])
    except Unreadable:
        return None
    if not isinstance(view, dict):
        return None
    made = view.pop(MADE_FROM, None)
    # Kept without all it was made from (by an older release), or made from entries
    # edited in place since: replay, which shows what the log says now.
    if not isinstance(made, list) or len(made) != 3 or made[2] != digest(db, row[1]):
        return None
    return view
