"""The table: one SQLite file holding everything a group keeps between sessions.

Today it holds the roster (Hero and Villain sheets, Extra groups); later schema
versions add the Conflict event log and the roll log. It is the one module of the core
that touches SQLite (through sqlite-utils).

* The file is created on first use and carries a schema version in its ``meta`` table;
  :data:`MIGRATIONS` lists the steps from an empty file to the current schema, and
  opening a table applies the missing ones in one transaction.
* Write-ahead logging, a busy timeout, and every write inside one ``BEGIN IMMEDIATE``
  transaction: a process killed mid-write leaves the file as it was before that write.
* Each sheet is stored as the JSON of its plain form (see :mod:`characters.files`),
  beside columns for the name, a case-folded ``name_key`` (unique: names are unique
  ignoring case, in any script), the kind and the player. Damage lives inside the
  sheet, apart from each Resilience's full score (R-CON-20).
"""

from __future__ import annotations

import contextlib
import datetime
import difflib
import json
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final

import attrs
import sqlite_utils

from characters.errors import CharacterError
from characters.files import section_of, structure, unstructure
from characters.model import Character, ExtraGroup, Kind, Sheet
from characters.names import name_key
from conflict.errors import BadValue, ConflictError, RuleViolation

APP_NAME: Final = "mistborn-conflict"
TABLE_FILE: Final = "table.db"
DEFAULT_BUSY_TIMEOUT_MS: Final = 5000
_KIND_ORDER: Final = {Kind.HERO.value: 0, Kind.VILLAIN.value: 1, Kind.EXTRA.value: 2}

Migration = Callable[[sqlite_utils.Database], None]


class TableError(ConflictError):
    """The table file cannot be used: not a database, from a newer version, damaged."""


def closest_name(name: str, known: Sequence[str]) -> str | None:
    """The known name a person most likely meant by ``name``, or ``None``.

    A close spelling wins (``Kel`` → ``Kell``); failing that, the shortest name that
    contains what was typed (``hazekillers`` → ``Hazekillers of House Orrell``), since
    Narrators type the word they remember of a long name.
    """
    by_key = {name_key(k): k for k in known}
    typed = name_key(name).strip()
    close = difflib.get_close_matches(typed, list(by_key), n=1, cutoff=0.6)
    if close:
        return by_key[close[0]]
    if not typed:
        return None
    containing = sorted((k for k in by_key if typed in k), key=lambda k: (len(k), k))
    return by_key[containing[0]] if containing else None


class UnknownCharacter(BadValue):
    """No character or group in the table has that name; ``suggestion`` is the closest."""

    def __init__(self, name: str, known: Sequence[str]) -> None:
        self.name = name
        self.known = tuple(known)
        self.suggestion = closest_name(name, known)
        if self.suggestion is not None:
            message = f"no character named {name!r} — did you mean {self.suggestion!r}?"
        elif not known:
            message = f"no character named {name!r}: the table is empty"
        else:
            shown = ", ".join(repr(k) for k in sorted(known, key=name_key)[:5])
            more = ", …" if len(known) > 5 else ""
            message = f"no character named {name!r} (the table holds {shown}{more})"
        super().__init__(message)


class NameTaken(RuleViolation):
    """A name already used in the table (names are unique ignoring case)."""

    def __init__(self, name: str, existing: str) -> None:
        self.name = name
        self.existing = existing
        same = "" if existing == name else f" (as {existing!r})"
        super().__init__(f"{name!r} is already in the table{same}; names are unique ignoring case")


def default_path() -> Path:
    """Where the table lives unless told otherwise: the user's data directory."""
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / TABLE_FILE


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


# --- schema ------------------------------------------------------------------------


def _create_roster(db: sqlite_utils.Database) -> None:
    """Version 1: the roster of sheets and Extra groups."""
    db.table("characters").create(
        {
            "id": int,
            "name": str,
            "name_key": str,
            "kind": str,
            "player": str,
            "sheet": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"name", "name_key", "kind", "sheet", "updated_at"},
        strict=db.supports_strict,
    )
    db.table("characters").create_index(["name_key"], index_name="characters_name_key", unique=True)


MIGRATIONS: Final[tuple[Migration, ...]] = (_create_roster,)
"""Steps from an empty file to the current schema; step ``i`` makes version ``i + 1``.
Later features append steps here and never change the ones already released."""

SCHEMA_VERSION: Final = len(MIGRATIONS)


# --- the table -----------------------------------------------------------------------


@attrs.frozen
class Added:
    """One character written by :meth:`Table.add`; ``replaced`` when it overwrote one."""

    character: Character
    replaced: bool


class Table:
    """An open table file. Use as a context manager, or call :meth:`close`."""

    def __init__(
        self,
        path: str | Path,
        *,
        busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
        migrations: Sequence[Migration] = MIGRATIONS,
    ) -> None:
        self.path = Path(path)
        self._migrations = tuple(migrations)
        if not self.path.parent.is_dir():
            raise TableError(f"cannot open the table {str(self.path)!r}: no such directory")
        try:
            # isolation_level=None: no implicit transactions; write() opens them itself.
            conn = sqlite3.connect(self.path, timeout=busy_timeout_ms / 1000, isolation_level=None)
        except sqlite3.Error as error:
            raise TableError(f"cannot open the table {str(self.path)!r}: {error}") from None
        self.db = sqlite_utils.Database(conn)
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            conn.execute("PRAGMA foreign_keys = ON")
            self.db.enable_wal()
            self._migrate()
        except sqlite3.DatabaseError as error:
            conn.close()
            raise TableError(f"{str(self.path)!r} is not a usable table: {error}") from None
        except BaseException:
            conn.close()
            raise

    def close(self) -> None:
        """Close the file."""
        self.db.close()

    def __enter__(self) -> Table:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    @contextlib.contextmanager
    def write(self) -> Iterator[sqlite_utils.Database]:
        """One write transaction: everything inside is kept, or nothing is."""
        conn = self.db.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    # --- schema version

    def _read_version(self) -> int:
        if not self.db["meta"].exists():
            return 0
        rows = list(self.db.query("SELECT value FROM meta WHERE key = 'schema_version'"))
        return int(rows[0]["value"]) if rows else 0

    @property
    def schema_version(self) -> int:
        """The schema version the file is at."""
        return self._read_version()

    def _migrate(self) -> None:
        known = len(self._migrations)
        if self._read_version() == known:
            return
        with self.write() as db:
            version = self._read_version()  # again, now that we hold the write lock
            if version > known:
                raise TableError(
                    f"{str(self.path)!r} has schema version {version}, newer than this "
                    f"mistborn-conflict knows ({known}); upgrade mistborn-conflict"
                )
            db.execute(
                "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)"
            )
            for step in range(version, known):
                self._migrations[step](db)
                db.execute(
                    "INSERT INTO meta (key, value) VALUES ('schema_version', ?) "
                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    [str(step + 1)],
                )

    # --- roster: reading

    def _row_character(self, row: dict[str, Any]) -> Character:
        cls = ExtraGroup if row["kind"] == Kind.EXTRA.value else Sheet
        try:
            return structure(json.loads(row["sheet"]), cls)
        except (ValueError, CharacterError) as error:
            raise TableError(
                f"the sheet of {row['name']!r} in {str(self.path)!r} is damaged: {error}"
            ) from None

    def _rows(self) -> list[dict[str, Any]]:
        return list(self.db.query("SELECT * FROM characters"))

    def names(self) -> list[str]:
        """Every name in the table, heroes first, then villains, then Extra groups."""
        rows = sorted(self._rows(), key=lambda r: (_KIND_ORDER.get(r["kind"], 9), r["name_key"]))
        return [row["name"] for row in rows]

    def characters(self) -> list[Character]:
        """Every sheet and group, heroes first, then villains, then Extra groups."""
        rows = sorted(self._rows(), key=lambda r: (_KIND_ORDER.get(r["kind"], 9), r["name_key"]))
        return [self._row_character(row) for row in rows]

    def _row(self, name: str) -> dict[str, Any] | None:
        rows = list(self.db.query("SELECT * FROM characters WHERE name_key = ?", [name_key(name)]))
        return rows[0] if rows else None

    def find(self, name: str) -> Character | None:
        """The character or group called ``name`` (any case), or None."""
        row = self._row(name)
        return None if row is None else self._row_character(row)

    def get(self, name: str) -> Character:
        """The character or group called ``name`` (any case).

        Raises :class:`UnknownCharacter`, suggesting the closest name.
        """
        row = self._row(name)
        if row is None:
            raise UnknownCharacter(name, self.names())
        return self._row_character(row)

    # --- roster: writing

    @staticmethod
    def _columns(character: Character) -> dict[str, Any]:
        return {
            "name": character.name,
            "name_key": name_key(character.name),
            "kind": character.kind.value,
            "player": character.player if isinstance(character, Sheet) else None,
            "sheet": json.dumps(unstructure(character), ensure_ascii=False),
            "updated_at": _now(),
        }

    def _insert(self, db: sqlite_utils.Database, character: Character) -> None:
        columns = self._columns(character)
        db.execute(
            "INSERT INTO characters (name, name_key, kind, player, sheet, updated_at) "
            "VALUES (:name, :name_key, :kind, :player, :sheet, :updated_at)",
            columns,
        )

    def _overwrite(self, db: sqlite_utils.Database, row_id: int, character: Character) -> None:
        columns = {**self._columns(character), "id": row_id}
        db.execute(
            "UPDATE characters SET name = :name, name_key = :name_key, kind = :kind, "
            "player = :player, sheet = :sheet, updated_at = :updated_at WHERE id = :id",
            columns,
        )

    def add(self, characters: Sequence[Character], *, replace: bool = False) -> list[Added]:
        """Add sheets and groups, all in one transaction: all are written, or none.

        A name already in the table raises :class:`NameTaken` unless ``replace``, which
        overwrites that entry (sheet, kind and damage all come from the new value).
        Two of ``characters`` with the same name always raise :class:`NameTaken`.
        """
        seen: dict[str, str] = {}
        for character in characters:
            key = name_key(character.name)
            if key in seen:
                raise NameTaken(character.name, seen[key])
            seen[key] = character.name
        added: list[Added] = []
        with self.write() as db:
            for character in characters:
                row = self._row(character.name)
                if row is None:
                    self._insert(db, character)
                elif replace:
                    self._overwrite(db, int(row["id"]), character)
                else:
                    raise NameTaken(character.name, row["name"])
                added.append(Added(character, row is not None))
        return added

    def change(self, name: str, edit: Callable[[Character], Character]) -> Character:
        """Read the character called ``name``, apply ``edit`` and store the result, all in
        one transaction (so two people changing one sheet never lose a change).

        ``edit`` may rename the character; a name already used by another raises
        :class:`NameTaken`. Returns the stored character.
        """
        with self.write() as db:
            row = self._row(name)
            if row is None:
                raise UnknownCharacter(name, self.names())
            old = self._row_character(row)
            new = edit(old)
            if section_of(new) != section_of(old):
                raise BadValue(
                    f"{old.name!r} is a {section_of(old)}; it cannot become a {section_of(new)}"
                )
            other = self._row(new.name)
            if other is not None and other["id"] != row["id"]:
                raise NameTaken(new.name, other["name"])
            self._overwrite(db, int(row["id"]), new)
        return new

    def remove(self, name: str) -> Character:
        """Remove the character or group called ``name``; returns what was removed."""
        with self.write() as db:
            row = self._row(name)
            if row is None:
                raise UnknownCharacter(name, self.names())
            removed = self._row_character(row)
            db.execute("DELETE FROM characters WHERE id = ?", [row["id"]])
        return removed

    def damage(self, name: str, resilience: str, amount: int) -> Sheet:
        """Record ``amount`` damage to a Hero's or Villain's Resilience (R-CON-20)."""
        return self._resilience_change(name, resilience, amount, heal=False)

    def heal(self, name: str, resilience: str, amount: int) -> Sheet:
        """Take ``amount`` damage off a Resilience; damage never goes below 0."""
        return self._resilience_change(name, resilience, amount, heal=True)

    def _resilience_change(self, name: str, resilience: str, amount: int, *, heal: bool) -> Sheet:
        def edit(character: Character) -> Character:
            if isinstance(character, ExtraGroup):
                raise RuleViolation(
                    f"{character.name!r} is a group of Extras, which have no tracked "
                    "Resiliences: each point of damage defeats one Extra",
                    rule="R-CON-19",
                )
            current = character.resiliences.get(resilience)
            new = (current.healed(amount, clamp=True) if heal
                   else current.damaged(amount, clamp=True))
            return attrs.evolve(
                character, resiliences=character.resiliences.replace(resilience, new)
            )

        changed = self.change(name, edit)
        assert isinstance(changed, Sheet)
        return changed
