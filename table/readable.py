"""Readable views of the table, for other tools (schema version 10).

The tables keep what the program needs (JSON text, keys for matching names, flags as
0 and 1); these SQL views show the same rows with columns in plain words, so that
``sqlite3``, ``sqlite-utils`` or a spreadsheet reads the file without knowing the
program. Everything a view shows is the Narrator's: whoever holds the file can read
every table in it, villains' numbers included. What no view shows is what no one needs
to read back: players' SSH keys and passphrase hashes.

A view computes from the tables on each read, so it never goes stale. Each reads JSON
only where :sql:`json_valid` says the text is JSON: a damaged row shows empty cells
instead of breaking the whole view. Released definitions are never changed; a later
schema version drops and recreates a view to change it.

=============  ===================================================================
view           one row per
=============  ===================================================================
``roll_log``     roll made outside a Conflict, oldest first
``event_log``    step of a Conflict or board game, game by game, in order
``game_list``    Conflict or board game
``sheet_list``   sheet or Extra group in the roster
``player_list``  player invited to join over SSH (no keys, no passphrase hash)
=============  ===================================================================
"""

from __future__ import annotations

import sqlite3
from typing import Final

__all__ = ["VIEWS", "create"]


def _yes_no(condition: str) -> str:
    return f"CASE WHEN {condition} THEN 'yes' ELSE 'no' END"


def _names(column: str, path: str, item: str = "value") -> str:
    """The names listed at ``path`` in the JSON text of ``column``, joined by ", "."""
    return (f"CASE WHEN json_valid({column}) THEN (SELECT group_concat({item}, ', ') "
            f"FROM json_each({column}, '{path}')) END")


def _sheet_value(path: str) -> str:
    return f"CASE WHEN json_valid(c.sheet) THEN json_extract(c.sheet, '{path}') END"


_ROLL_LOG: Final = """
SELECT id AS roll,
       who,
       purpose AS what_for,
       rolled_at,
       asked AS pool,
       trim(replace(replace(replace(faces, '[', ''), ']', ''), ',', '')) AS faces,
       result,
       nudges,
       difficulty,
       CASE success WHEN 1 THEN 'yes' WHEN 0 THEN 'no' END AS succeeded
FROM rolls
ORDER BY id"""

_EVENT_LOG: Final = f"""
SELECT s.kind AS game_kind,
       s.name AS game_name,
       e.seq AS step,
       e.sent_by AS who,
       e.sent_at,
       CASE WHEN json_valid(e.event) THEN json_extract(e.event, '$.type') END AS event_kind,
       e.event,
       {_yes_no("e.undone_at IS NOT NULL")} AS undone,
       e.undone_by,
       e.undone_at
FROM entries e JOIN streams s ON s.id = e.stream_id
ORDER BY s.id, e.seq"""

_GAME_LIST: Final = f"""
SELECT s.kind AS game_kind,
       s.name AS game_name,
       (SELECT count(*) FROM entries e
        WHERE e.stream_id = s.id AND e.undone_at IS NULL) AS steps,
       (SELECT count(*) FROM entries e
        WHERE e.stream_id = s.id AND e.undone_at IS NOT NULL) AS undone_steps,
       {_yes_no("s.is_current = 1")} AS current,
       s.created_by AS started_by,
       s.created_at AS started_at,
       (SELECT max(e.sent_at) FROM entries e WHERE e.stream_id = s.id) AS last_step_at
FROM streams s
ORDER BY s.id"""

_RESILIENCES: Final = ",\n".join(
    f"       {_sheet_value(f'$.resiliences.{name}.{part}')} AS {name}_{part}"
    for name in ("health", "reputation", "willpower") for part in ("full", "damage"))

_STATISTICS: Final = ",\n".join(
    f"       {_sheet_value(f'$.{group}.{name}')} AS {name}"
    for group, names in (("attributes", ("physique", "charm", "wits")),
                         ("standings", ("resources", "influence", "spirit")))
    for name in names)

_SHEET_LIST: Final = f"""
SELECT c.name,
       c.kind,
       c.player,
{_STATISTICS},
{_RESILIENCES},
       {_sheet_value('$.count')} AS extras,
       {_names("c.sheet", "$.powers",
               "json_extract(value, '$.name') || ' ' || json_extract(value, '$.rating')")}
           AS powers,
       c.version,
       c.updated_at
FROM characters c
ORDER BY CASE c.kind WHEN 'hero' THEN 0 WHEN 'villain' THEN 1 ELSE 2 END, c.id"""

_PLAYER_LIST: Final = f"""
SELECT name,
       {_names("characters", "$")} AS plays,
       {_yes_no("narrator = 1")} AS narrator,
       CASE WHEN json_valid(public_keys) THEN json_array_length(public_keys) END AS ssh_keys,
       {_yes_no("passphrase_hash IS NOT NULL")} AS passphrase,
       created_at AS invited_at,
       revoked_at
FROM players
ORDER BY id"""

VIEWS: Final[dict[str, str]] = {
    "roll_log": _ROLL_LOG,
    "event_log": _EVENT_LOG,
    "game_list": _GAME_LIST,
    "sheet_list": _SHEET_LIST,
    "player_list": _PLAYER_LIST,
}
"""Each view's name and the ``SELECT`` it shows, as schema version 10 made them."""


def create(db: sqlite3.Connection) -> None:
    """Make every view of :data:`VIEWS` (the migration to schema version 10)."""
    for name, select in VIEWS.items():
        db.execute(f'CREATE VIEW "{name}" AS{select}')
