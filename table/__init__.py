"""The table: one SQLite file holding everything a group keeps between sessions.

It holds the roster (sheets, Extra groups), event streams (Conflicts and board games,
as append-only logs), the roll log and the players who may join over SSH. The only code
touching SQLite; :class:`Table` is its one entry point.

* Created on first use; opening applies the missing named migrations
  (:mod:`.schema`) in one transaction.
* Shared safely by many processes at once (:mod:`.connection`): write-ahead log,
  every write one ``BEGIN IMMEDIATE`` transaction, waits for other writers in Python
  (interruptible) up to ``wait`` seconds; a process killed at any moment leaves the
  file as it was before its unfinished write.
* Every failure of the file is a one-line :class:`TableError`; the file is unchanged.

Only light modules load with this package (the rest on first use): a roll stays fast.
"""

from __future__ import annotations

import importlib
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TypeVar

from conflict.errors import BadValue
from core.errors import shown, shown_path
from table.connection import DEFAULT_WAIT, Connection
from table.errors import (
    DamagedRow,
    NameTaken,
    NothingToUndo,
    NotYourStep,
    SheetChanged,
    StaleLog,
    TableBusy,
    TableCannotOpen,
    TableDamaged,
    TableError,
    TableFull,
    TableNotFound,
    TableReadOnly,
    TableTooNew,
    UnknownCharacter,
    UnknownName,
    UnknownPlayer,
    UnknownStream,
    closest_name,
)
from table.schema import MIGRATIONS, SCHEMA_VERSION, Migration, migrate, read_version

if TYPE_CHECKING:
    from characters.model import Character, Sheet
    from conflict.dice import Roll
    from table.logs import (
        DEFAULT_ATTEMPTS,
        STREAM_KINDS,
        Appended,
        Build,
        Entry,
        Log,
        StreamInfo,
        Then,
        Undone,
    )
    from table.players import KEY_TYPES, Player, check_passphrase, hash_passphrase
    from table.rolls import RollEntry
    from table.roster import Added, Versioned

__all__ = [
    "APP_NAME",
    "DEFAULT_ATTEMPTS",
    "DEFAULT_WAIT",
    "KEY_TYPES",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "STREAM_KINDS",
    "TABLE_FILE",
    "Added",
    "Appended",
    "Build",
    "DamagedRow",
    "Entry",
    "Log",
    "Migration",
    "NameTaken",
    "NotYourStep",
    "NothingToUndo",
    "Player",
    "RollEntry",
    "SheetChanged",
    "StaleLog",
    "StreamInfo",
    "Table",
    "TableBusy",
    "TableCannotOpen",
    "TableDamaged",
    "TableError",
    "TableFull",
    "TableNotFound",
    "TableReadOnly",
    "TableTooNew",
    "Then",
    "Undone",
    "UnknownCharacter",
    "UnknownName",
    "UnknownPlayer",
    "UnknownStream",
    "Versioned",
    "check_passphrase",
    "closest_name",
    "default_path",
    "hash_passphrase",
]

T = TypeVar("T")

APP_NAME: Final = "mistborn-conflict"
TABLE_FILE: Final = "table.db"

_LAZY: Final = {
    "Added": "roster",
    "Versioned": "roster",
    "DEFAULT_ATTEMPTS": "logs",
    "STREAM_KINDS": "logs",
    "Appended": "logs",
    "Build": "logs",
    "Entry": "logs",
    "Log": "logs",
    "StreamInfo": "logs",
    "Then": "logs",
    "Undone": "logs",
    "KEY_TYPES": "players",
    "Player": "players",
    "check_passphrase": "players",
    "hash_passphrase": "players",
    "RollEntry": "rolls",
}


_MOVED: Final = {"conflicts": "conflict.saved", "which": "conflict.which"}
"""Modules that moved out of the table, kept importable from here for one release."""


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(f"table.{_LAZY[name]}"), name)
    if name in _MOVED:
        import warnings

        warnings.warn(f"table.{name} moved to {_MOVED[name]}", DeprecationWarning,
                      stacklevel=2)
        # The table imports no game: the moved module is fetched by name.
        return importlib.import_module(_MOVED[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def default_path(*, make_folder: bool = False) -> Path:
    """Where the table lives unless told otherwise: the user's data directory.

    With ``make_folder``, the folder is made if missing; a folder that cannot be made
    (a file in the way, no permission) raises :class:`TableCannotOpen`.
    """
    import platformdirs

    path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / TABLE_FILE
    if make_folder:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            reason = error.strerror or str(error)
            raise TableCannotOpen(
                f"cannot make the folder for the table {shown_path(path.parent)}: {reason}"
            ) from None
    return path


class Table:
    """An open table file. Use as a context manager, or call :meth:`close`.

    ``create=False`` refuses a path with no file (:class:`TableNotFound`, for commands
    that only read). ``wait`` is how long a write waits, in seconds, for another
    program's write to finish before :class:`TableBusy`. ``migrations`` is for tests
    of the schema machinery.
    """

    def __init__(
        self,
        path: str | Path,
        *,
        create: bool = True,
        wait: float = DEFAULT_WAIT,
        migrations: Sequence[Migration] = MIGRATIONS,
    ) -> None:
        if not str(path).strip():
            raise TableNotFound("no table file given: the path is empty")
        if isinstance(wait, bool) or not isinstance(wait, int | float) or not wait >= 0:
            raise BadValue(f"wait must be a number of seconds, 0 or more, got {shown(wait)}")
        self.path = Path(path)
        self._connection = Connection(self.path, create=create, wait=wait)
        try:
            migrate(self._connection, migrations)
        except BaseException:
            self._connection.close()
            raise

    def __repr__(self) -> str:
        return f"Table({str(self.path)!r})"

    def close(self) -> None:
        """Close the file (again is harmless)."""
        self._connection.close()

    def __enter__(self) -> Table:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        """The schema version the file is at."""
        return self._connection.read(read_version)

    def data_version(self) -> int:
        """A number that changes whenever another connection (any process) commits a
        change to the table: a watcher polls it and reloads when it moves. This
        connection's own writes do not change it."""
        return self._connection.data_version()

    # --- the roster --------------------------------------------------------------------

    def names(self) -> list[str]:
        """Every name in the table, heroes first, then villains, then Extra groups."""
        from table import roster_names  # not the sheets' classes: names only
        return list(self._connection.read(roster_names.names))

    def characters(self) -> list[Character]:
        """Every sheet and group, heroes first, then villains, then Extra groups."""
        return [character for character, _ in self.characters_versioned()]

    def characters_versioned(self) -> list[Versioned]:
        """Every sheet and group with the version of its row, in the order of
        :meth:`characters`."""
        from table import roster
        return list(self._connection.read(lambda db: roster.listing(db, self.path)))

    def listed(self) -> list[tuple[str, str, Any]] | None:
        """The roster's kept listing, no sheet read (:func:`.roster_listing.stored`)."""
        from table import roster_listing
        return self._connection.read(roster_listing.stored)

    def versions(self) -> dict[str, int]:
        """Each name in the table with the version of its sheet (cheap: no sheet is
        read), e.g. for an export to record."""
        from table import roster
        return dict(self._connection.read(roster.versions))

    def find(self, name: str) -> Character | None:
        """The character or group called ``name`` (any case), or None."""
        from table import roster
        found = self._connection.read(lambda db: roster.find(db, name, self.path))
        return None if found is None else found[0]

    def get(self, name: str) -> Character:
        """The character or group called ``name`` (any case).

        Raises :class:`UnknownCharacter`, suggesting the closest name.
        """
        return self.get_versioned(name)[0]

    def get_versioned(self, name: str) -> Versioned:
        """``(character, version)`` for ``name`` (any case); see :meth:`get`."""
        from table import roster
        found: Versioned = self._connection.read(lambda db: roster.get(db, name, self.path))
        return found

    def add(
        self,
        characters: Sequence[Character],
        *,
        replace: bool = False,
        expected_versions: Mapping[str, int] | None = None,
        force: bool = False,
    ) -> list[Added]:
        """Add sheets and groups, all in one transaction: all are written, or none.

        A name already in the table raises :class:`NameTaken` unless ``replace``, which
        overwrites that entry: sheet, kind and damage come from the new value, but for a
        sheet with no expected version (a file kept by hand, which does not track the
        damage taken since it was written) the damage the table recorded is kept where
        the new sheet carries less (R-CON-20; :attr:`Added.kept_damage` says what),
        unless ``force``.
        Two of ``characters`` with the same name always raise :class:`NameTaken`.

        ``expected_versions`` maps names (any case) to the version each had when the
        sheets were exported. A stored sheet whose version differs, or that has been
        removed since, raises :class:`SheetChanged` naming each one, unless ``force``.
        """
        from table import roster
        roster.check_distinct(characters)
        expected = dict(expected_versions or {})
        added: list[Added] = self._connection.write(
            lambda db: roster.add(db, characters, replace=replace,
                                  expected_versions=expected, force=force, path=self.path)
        )
        return added

    def change(self, name: str, edit: Callable[[Character], Character]) -> Character:
        """Read the character called ``name``, apply ``edit`` and store the result, all in
        one transaction (so two people changing one sheet never lose a change).

        ``edit`` may rename the character; a name already used by another raises
        :class:`NameTaken`. ``edit`` may be called more than once if the table is busy,
        so it must not have side effects beyond its result. Returns the stored character.
        """
        from table import roster
        changed: Versioned = self._connection.write(
            lambda db: roster.change(db, name, edit, self.path)
        )
        return changed[0]

    def remove(self, name: str) -> Character:
        """Remove the character or group called ``name``; returns what was removed."""
        from table import roster
        removed: Character = self._connection.write(
            lambda db: roster.remove(db, name, self.path)
        )
        return removed

    def damage(self, name: str, resilience: str, amount: int) -> Sheet:
        """Record ``amount`` damage to a Hero's or Villain's Resilience (R-CON-20)."""
        from table import roster

        return self._resilience(name, roster.resilience_edit(resilience, amount, heal=False))

    def heal(self, name: str, resilience: str, amount: int) -> Sheet:
        """Take ``amount`` damage off a Resilience; damage never goes below 0."""
        from table import roster

        return self._resilience(name, roster.resilience_edit(resilience, amount, heal=True))

    def _resilience(self, name: str, edit: Callable[[Character], Sheet]) -> Sheet:
        from characters.model import Sheet
        from core.text import as_stored

        # Damage changes no text: a sheet an older version stored (with text the one
        # text rule now refuses) takes it as it is, and its text stays as stored.
        changed = as_stored(self.change)(name, edit)
        assert isinstance(changed, Sheet)  # the edit refuses Extra groups
        return changed

    # --- event streams -----------------------------------------------------------------

    def create_stream(
        self, kind: str, name: str, *, who: str, current: bool | None = None
    ) -> StreamInfo:
        """Start an empty stream of ``kind`` (see ``STREAM_KINDS``) called ``name``.

        Names are unique within a kind ignoring case (:class:`NameTaken`). The new
        stream becomes the current one of its kind if ``current``, or (by default) if
        there is none yet.
        """
        from table import logs
        made: StreamInfo = self._connection.write(
            lambda db: logs.create(db, kind, name, who=who, current=current)
        )
        return made

    def streams(self, kind: str | None = None) -> list[StreamInfo]:
        """Every stream (of ``kind`` if given), oldest first."""
        from table import logs
        return list(self._connection.read(lambda db: logs.listing(db, kind)))

    def stream(self, kind: str, name: str) -> StreamInfo:
        """The stream of ``kind`` called ``name`` (any case); :class:`UnknownStream`
        suggests the closest name."""
        from table import logs
        found: StreamInfo = self._connection.read(lambda db: logs.info(db, kind, name))
        return found

    def set_current(self, kind: str, name: str) -> StreamInfo:
        """Make ``name`` the current stream of ``kind``."""
        from table import logs
        made: StreamInfo = self._connection.write(lambda db: logs.set_current(db, kind, name))
        return made

    def current(self, kind: str) -> StreamInfo | None:
        """The current stream of ``kind``, or ``None``."""
        from table import logs
        found: StreamInfo | None = self._connection.read(lambda db: logs.current(db, kind))
        return found

    def currents(self, *kinds: str) -> list[StreamInfo]:
        """The current stream of each of ``kinds`` that has one, read at once."""
        from table import logs
        found: list[StreamInfo] = self._connection.read(lambda db: logs.currents(db, kinds))
        return found

    def view(self, kind: str, name: str | None = None) -> dict[str, Any] | None:
        """The stream's view (the current one's of ``kind`` when ``name`` is ``None``)
        as its last write stored it (a Conflict's board and last steps), or ``None`` if
        it has none or a later write left it stale: then replay (see :mod:`.views`)."""
        from table import views
        found: dict[str, Any] | None = self._connection.read(
            lambda db: views.read(db, kind, name))
        return found

    def read(self, kind: str, name: str, *, include_undone: bool = False) -> Log:
        """The stream's log: its entries (live ones only, unless ``include_undone``) and
        its version, read in one consistent snapshot."""
        from table import logs
        log: Log = self._connection.read(
            lambda db: logs.read(db, kind, name, include_undone=include_undone)
        )
        return log

    def append(
        self,
        kind: str,
        name: str,
        events: Sequence[Mapping[str, Any]],
        *,
        based_on: int,
        who: str,
    ) -> Appended:
        """Append ``events`` (JSON objects) in one transaction: all or none.

        If the stream's version is no longer ``based_on`` (another writer appended or
        undid since it was read), raises :class:`StaleLog` and writes nothing.
        """
        from table import logs
        texts = logs.encode(events)
        appended: Appended = self._connection.write(
            lambda db: logs.append(db, kind, name, texts, based_on=based_on, who=who)
        )
        return appended

    def undo(self, kind: str, name: str, *, based_on: int, who: str) -> Undone:
        """Mark the last live entry undone (the entry stays, with who and when).

        :class:`StaleLog` as for :meth:`append`; :class:`NothingToUndo` on a log
        with no live entry.
        """
        from table import logs
        undone: Undone = self._connection.write(
            lambda db: logs.undo(db, kind, name, based_on=based_on, who=who)
        )
        return undone

    def commit(
        self,
        kind: str,
        name: str,
        build: Build,
        *,
        who: str,
        attempts: int | None = None,
        then: Then | None = None,
    ) -> Appended:
        """The loop writers use: read the live log, ``build(log)`` the events, append
        them based on the version read; if another writer got in first, read and build
        again. ``build`` raising aborts with nothing written (its exception propagates
        unchanged); an empty result writes nothing; ``then`` runs in the same
        transaction after the append. See :func:`.logs.commit`.
        """
        from table import logs
        tries = logs.DEFAULT_ATTEMPTS if attempts is None else attempts
        committed: Appended = logs.commit(
            self._connection, kind, name, build, who=who, attempts=tries, then=then
        )
        return committed

    def transaction(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work(db)`` in one write transaction of the table (``BEGIN
        IMMEDIATE``, waiting for other writers as every write does): all it writes is
        kept, or none if it raises. For the stream machinery (:mod:`.sessions`) and a
        game's hooks; ``work`` may be called again if the table was busy, so it must
        have no side effect beyond the database."""
        done: T = self._connection.write(work)
        return done

    # --- the roll log ------------------------------------------------------------------

    def record_roll(self, roll: Roll, *, who: str, purpose: str = "") -> RollEntry:
        """Add a roll made outside a Conflict to the roll log."""
        from table import rolls
        entry: RollEntry = self._connection.write(
            lambda db: rolls.record(db, roll, who=who, purpose=purpose)
        )
        return entry

    def rolls(self, *, who: str | None = None, limit: int | None = None,
              after: int | None = None) -> list[RollEntry]:
        """The roll log, newest last: everyone's, or ``who``'s (ignoring case); with
        ``limit``, only the last ``limit`` rolls; with ``after``, only the rolls whose
        ``id`` is greater (what a watcher has not seen yet)."""
        from table import rolls
        return list(self._connection.read(
            lambda db: rolls.listing(db, who=who, limit=limit, after=after)))

    # --- players over SSH --------------------------------------------------------------

    def invite_player(
        self,
        name: str,
        *,
        keys: Sequence[str] = (),
        passphrase_hash: str | None = None,
        characters: Sequence[str] = (),
        narrator: bool = False,
    ) -> Player:
        """Invite a player: OpenSSH public ``keys`` (lines as in ``id_ed25519.pub``), a
        hash from :func:`hash_passphrase` (never the passphrase itself), the names of
        the characters they control (each must be in the roster) and whether they are a
        Narrator. Names are unique ignoring case among players not revoked."""
        from table import players
        checked_keys = players.parse_public_keys(keys)
        players.check_hash(passphrase_hash)
        invited: Player = self._connection.write(
            lambda db: players.invite(
                db,
                name,
                keys=checked_keys,
                passphrase_hash=passphrase_hash,
                characters=characters,
                narrator=narrator,
            )
        )
        return invited

    def players(self, *, include_revoked: bool = False) -> list[Player]:
        """The players in the order they were invited (revoked ones if asked)."""
        from table import players
        return list(
            self._connection.read(lambda db: players.listing(db, include_revoked=include_revoked))
        )

    def player(self, name: str) -> Player:
        """The player (not revoked) called ``name``; :class:`UnknownPlayer` otherwise."""
        from table import players
        found: Player = self._connection.read(lambda db: players.player(db, name))
        return found

    def revoke_player(self, name: str) -> Player:
        """Stop ``name`` from joining (the row stays, with the time it was revoked)."""
        from table import players
        revoked: Player = self._connection.write(lambda db: players.revoke(db, name))
        return revoked

    def sit_player(self, name: str, kind: str, stream: str) -> None:
        """Keep the game ``stream`` of ``kind`` as where the player ``name`` chose to
        sit (``use``), for their next session too."""
        from table import players
        self._connection.write(lambda db: players.sit(db, name, kind, stream))

    # --- what players may see ----------------------------------------------------------

    def reveal(self, kind: str, stream: str, name: str, *, who: str) -> bool:
        """Reveal the participant ``name`` of the stream (a Conflict) to the players:
        its statistics and Resiliences are no longer hidden from them. Returns whether
        it was hidden until now. :class:`UnknownStream` for a stream not in the table."""
        from table import reveals
        done: bool = self._connection.write(
            lambda db: reveals.reveal(db, kind, stream, name, who=who))
        return done

    def hide(self, kind: str, stream: str, name: str) -> bool:
        """Hide ``name``'s numbers from the players again; whether they had been
        revealed."""
        from table import reveals
        done: bool = self._connection.write(lambda db: reveals.hide(db, kind, stream, name))
        return done

    def revealed(self, kind: str, stream: str) -> tuple[str, ...]:
        """The names revealed to the players in the stream, in the order revealed."""
        from table import reveals
        found: tuple[str, ...] = self._connection.read(
            lambda db: reveals.revealed(db, kind, stream))
        return found
