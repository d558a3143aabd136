"""One open table file: pragmas, transactions, waiting for other writers, and errors.

Every statement the table package runs goes through :meth:`Connection.read` or
:meth:`Connection.write`, so this module is the one place where SQLite's failures
become :class:`~table.errors.TableError` (one line, nothing changed).

Many writers
    The file is shared by several processes at once (the Narrator's terminal, players'
    commands, an SSH server). It runs in write-ahead-log mode with
    ``synchronous=NORMAL``: readers never wait for writers, a commit costs no fsync,
    and a process killed at any moment leaves the file as it was before its last
    unfinished transaction. Every write is one ``BEGIN IMMEDIATE`` transaction, so two
    writers never deadlock by upgrading read locks, and nobody ever sees
    "database is locked".

Waiting, interruptibly
    SQLite's own busy timeout sleeps inside C, where Ctrl-C cannot reach it. The
    connection is opened with no busy timeout; when the table is locked this module
    retries in Python with short jittered sleeps (2 ms growing to 50 ms) until a
    deadline (10 s unless told), then raises :class:`TableBusy`. Ctrl-C interrupts
    the wait at once.

Plain ``sqlite3``, not sqlite-utils
    Measured on the development machine (2 CPUs, shared; median of 15 runs of
    ``python -c "import X"``; bare interpreter 18.5 ms): ``import sqlite3`` 19.3 ms,
    ``import sqlite_utils`` 78.0 ms, i.e. ~60 ms per command for sqlite-utils against
    ~1 ms. ``python bench/table_writes.py --runs 21`` (least wall time of 21 runs, with
    cached bytecode): imports for a roll 47.6 ms, the same process opening the table
    and recording one roll 57.6 ms (the extra is mostly four ``fdatasync`` calls:
    the new write-ahead log and its folder on the first write, the log and the file
    when the last connection closes); ``mistborn roll 5`` 80.3 ms; ``mistborn char
    list`` 109–120 ms, against 164 ms for the first release (over sqlite-utils)
    timed beside it. The package therefore uses the standard library only, but for
    the export (:mod:`.export`), which only ``mistborn table export`` imports.
"""

from __future__ import annotations

import contextlib
import os
import random
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Final, TypeVar

from core.errors import shown_path
from core.files import UnreadableFile, check
from table import errors

__all__ = ["DEFAULT_WAIT", "NEARLY_FULL", "Connection", "busy_message", "translate"]

DEFAULT_WAIT: Final = 10.0
"""Seconds a write waits for another program's write to finish before giving up."""

_FIRST_PAUSE: Final = 0.002
_LONGEST_PAUSE: Final = 0.05

T = TypeVar("T")


def busy_message(wait: float) -> str:
    """The one line shown when the table stayed locked for ``wait`` seconds."""
    return f"the table is busy: another program has been writing to it for {wait:g} s"


def _uri_path(path: Path) -> str:
    """``path`` as the path of an SQLite URI filename (``%``, ``?`` and ``#`` escaped)."""
    text = str(path.absolute())
    return text.replace("%", "%25").replace("?", "%3F").replace("#", "%23")


def _is_busy(error: sqlite3.Error) -> bool:
    code = getattr(error, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


NEARLY_FULL: Final = 1 << 20
"""Free bytes below which a disk that fails a write is taken for full."""


def _disk(path: Path) -> os.statvfs_result | None:
    """The file system holding ``path``, if the system says (no statvfs on Windows)."""
    try:
        return os.statvfs(path.parent)
    except (OSError, AttributeError):  # no statvfs (Windows), or the folder is gone
        return None


def _disk_full(path: Path) -> bool:
    """Whether the disk holding ``path`` has (nearly) no room left for the table."""
    status = _disk(path)
    return status is not None and status.f_blocks > 0 and \
        status.f_bavail * status.f_frsize < NEARLY_FULL


def _no_disk(path: Path) -> bool:
    """Whether ``path`` is on a file system of no size at all: the system's own files
    (``/proc``, ``/sys``), which look like regular files but hold no table."""
    status = _disk(path)
    return status is not None and status.f_blocks == 0


_READING: Final = frozenset({sqlite3.SQLITE_IOERR_READ, sqlite3.SQLITE_IOERR_SHORT_READ,
                             sqlite3.SQLITE_IOERR_CORRUPTFS})
"""SQLite's codes for a read that failed: never a full disk."""


_MISSING: Final = ("no such table", "no such column")
_NO_COLUMN: Final = "No item with that key"  # sqlite3.Row's word for a column it lacks


def unchangeable(path: Path) -> bool:
    """Whether this process cannot write the folder of the table file ``path`` (a
    read-only disk, an archive's folder): SQLite cannot make its working files beside
    the table there, which it needs even to read it."""
    return path.is_file() and not os.access(path.parent, os.W_OK)


def open_reading(path: Path) -> sqlite3.Connection:
    """The table file ``path`` opened to read it, never created. Where its folder cannot
    be written (:func:`unchangeable`), it is read sharing the working files a writer
    keeps beside it (another account may write it: its locks are honoured), and with
    none there, as the file stands (``immutable``): nothing committed lies outside it.
    SQLite's error when it cannot be read."""
    base = f"file:{_uri_path(path)}"
    uris = [f"{base}?mode=rw"]
    if unchangeable(path):
        uris = [f"{base}?mode=ro"]
        if not Path(f"{path}-wal").exists():
            uris.append(f"{base}?mode=ro&immutable=1")
    *first, last = uris
    for uri in first:
        with contextlib.suppress(sqlite3.Error):
            return _reading(uri)
    return _reading(last)  # its error is the one told


def _reading(uri: str) -> sqlite3.Connection:
    """The table at ``uri``, read once: what needs SQLite's working files."""
    # isolation_level=None: no implicit transactions; timeout=0: no busy wait inside C
    # (see Connection._retry).
    db = sqlite3.connect(uri, uri=True, timeout=0, isolation_level=None)
    try:
        db.execute("PRAGMA schema_version").fetchone()
    except BaseException:
        db.close()
        raise
    return db


def folder_read_only(path: Path) -> errors.TableReadOnly:
    """The refusal of a write to a table whose folder cannot be written."""
    return errors.TableReadOnly(
        f"cannot write to the table {shown_path(path)}: its folder is read-only "
        "(the table keeps working files beside it)")


def translate(error: sqlite3.Error, path: Path, *, wait: float) -> errors.TableError:
    """The table's one-line error for a failure SQLite reported on ``path``."""
    code = getattr(error, "sqlite_errorcode", None)
    primary = None if code is None else code & 0xFF
    where = shown_path(path)
    text = str(error).replace("\n", " ")
    if isinstance(error, sqlite3.ProgrammingError) and "closed" in text:
        return errors.TableError(f"the table {where} is closed")
    if code == sqlite3.SQLITE_READONLY_DIRECTORY:
        return folder_read_only(path)
    if primary == sqlite3.SQLITE_READONLY:
        return errors.TableReadOnly(f"cannot write to the table {where}: the file is read-only")
    if primary == sqlite3.SQLITE_FULL:
        return errors.TableFull(
            f"cannot write to the table {where}: the disk is full; nothing was saved")
    if primary == sqlite3.SQLITE_CORRUPT:
        return errors.TableDamaged(
            f"the table {where} is damaged ({text}); restore it from a backup")
    if primary == sqlite3.SQLITE_NOTADB:
        return errors.TableDamaged(f"{where} is not a usable table: {text}")
    if isinstance(error, sqlite3.OperationalError) and text.startswith(_MISSING):
        # A table or column the schema version promises is gone (a hand edit).
        return errors.TableDamaged(
            f"the table file {where} is damaged: {text}; restore a copy of the file")
    if primary in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return errors.TableBusy(busy_message(wait))
    if primary == sqlite3.SQLITE_CANTOPEN:
        return errors.TableCannotOpen(f"cannot open the table {where}: {text}")
    if primary == sqlite3.SQLITE_IOERR:
        if _no_disk(path):
            return errors.TableCannotOpen(
                f"{where} is not a table file: it is one of the system's own files (on "
                f"a file system with no disk), which SQLite cannot use ({text})")
        if code in _READING:
            return errors.TableError(
                f"cannot read the table {where}: reading it failed ({text}); check the "
                f"disk, or {errors.RESTORE}")
        if _disk_full(path):  # after SQLITE_FULL once, SQLite says only "disk I/O error"
            return errors.TableFull(
                f"cannot write to the table {where}: the disk is full; nothing was saved")
        return errors.TableError(f"cannot read or write the table {where}: {text}")
    return errors.TableError(f"the table {where} failed: {text}")


class Connection:
    """An open table file. Use :meth:`read` and :meth:`write` for every statement."""

    def __init__(self, path: Path, *, create: bool = True, wait: float = DEFAULT_WAIT) -> None:
        self.path = path
        self.wait = wait
        self._closed = False
        self.frozen = False
        """Whether the table is read as a file no one can change (its folder is
        read-only): every write is refused."""
        self._db = self._connect(create)
        try:
            with self._guard():
                self._retry(self._set_up)
        except (errors.TableReadOnly, errors.TableCannotOpen):
            # SQLite keeps its working files (the write-ahead log, the shared memory)
            # beside the table, even to read it: where this process cannot make them,
            # the table is opened only to read (open_reading says how).
            self._db.close()
            if not unchangeable(self.path):
                raise
            self._db = self._connect(create=False, reading=True)
            self.frozen = True
        except errors.TableFull:
            # Opening makes the journal files beside the table, for reading too: a
            # command that only reads is told so, not that its write failed.
            self._db.close()
            raise errors.TableFull(
                f"cannot open the table {shown_path(self.path)}: the disk is full (the table "
                "needs a little room beside it, even to be read); nothing was changed"
            ) from None
        except BaseException:
            self._db.close()
            raise

    def _connect(self, create: bool, *, reading: bool = False) -> sqlite3.Connection:
        where = shown_path(self.path)
        try:
            if not self.path.parent.is_dir():
                if not create:
                    raise errors.TableNotFound(f"no table at {where}")
                raise errors.TableCannotOpen(f"cannot open the table {where}: no such directory")
            if self.path.is_dir():
                raise errors.TableCannotOpen(f"cannot open the table {where}: it is a folder")
            # SQLite would wait on a pipe, or fail on a device as "disk I/O error": the
            # one check of a file the product uses refuses them first.
            check(self.path, what="the table")
        except OSError as error:  # a path too long for the system, a loop of links…
            raise errors.TableCannotOpen(
                f"cannot open the table {where}: {error.strerror or error}") from None
        except UnreadableFile as error:
            raise errors.TableCannotOpen(f"cannot open the table {where}: it {error.problem}"
                                         ) from None
        # mode=rw never creates the file; either mode opens a write-protected file for
        # reading only, and writing to it then fails as SQLITE_READONLY.
        uri = f"file:{_uri_path(self.path)}?mode={'rwc' if create else 'rw'}"
        try:
            # isolation_level=None: no implicit transactions (read/write open them);
            # timeout=0: no busy wait inside C (see _retry).
            db = (open_reading(self.path) if reading
                  else sqlite3.connect(uri, uri=True, timeout=0, isolation_level=None))
        except sqlite3.Error as error:
            if not create and not self.path.exists():
                raise errors.TableNotFound(f"no table at {where}") from None
            raise translate(error, self.path, wait=self.wait) from None
        db.row_factory = sqlite3.Row
        return db

    def _set_up(self) -> None:
        self._db.execute("PRAGMA journal_mode = WAL")
        self._db.execute("PRAGMA synchronous = NORMAL")
        self._db.execute("PRAGMA foreign_keys = ON")

    # --- the one place SQLite errors are turned into table errors

    @contextlib.contextmanager
    def _guard(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as error:
            raise translate(error, self.path, wait=self.wait) from None
        except errors.DamagedRow as error:  # a row read: name the file it is in
            raise error.in_file(str(self.path)) from None
        except IndexError as error:
            if str(error) != _NO_COLUMN:
                raise
            # sqlite3.Row has no such column: a tool dropped one the version promises.
            raise errors.TableDamaged(
                f"the table file {shown_path(self.path)} is damaged: a column this version "
                "reads is missing; restore a copy of the file") from None

    def _retry(self, attempt: Callable[[], T]) -> T:
        """``attempt()``, again after a short interruptible sleep while the table is
        locked, until the deadline; then :class:`TableBusy`."""
        deadline = time.monotonic() + self.wait
        longest = _FIRST_PAUSE
        while True:
            try:
                return attempt()
            except sqlite3.OperationalError as error:
                if not _is_busy(error):
                    raise
            left = deadline - time.monotonic()
            if left <= 0:
                raise errors.TableBusy(busy_message(self.wait))
            pause = _FIRST_PAUSE + random.random() * (longest - _FIRST_PAUSE)
            time.sleep(min(pause, left))
            longest = min(longest * 2, _LONGEST_PAUSE)

    def _rollback(self) -> None:
        if self._db.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("ROLLBACK")

    def _transaction(self, begin: str, work: Callable[[sqlite3.Connection], T]) -> T:
        self._db.execute(begin)
        try:
            result = work(self._db)
            self._db.execute("COMMIT")
        except BaseException:
            self._rollback()
            raise
        return result

    # --- public

    def read(self, query: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``query`` in one read transaction: it sees one consistent snapshot."""
        with self._guard():
            return self._retry(lambda: self._transaction("BEGIN", query))

    def write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` in one ``BEGIN IMMEDIATE`` transaction: everything it writes is
        kept, or nothing is (an exception, Ctrl-C or a failure rolls it all back).

        ``work`` may run more than once if the table stays locked mid-transaction, so
        it must only read and write through the connection it is given.
        """
        if self.frozen:
            raise folder_read_only(self.path)
        with self._guard():
            return self._retry(lambda: self._transaction("BEGIN IMMEDIATE", work))

    def data_version(self) -> int:
        """SQLite's ``PRAGMA data_version``: changes whenever *another* connection
        commits a change to the file (this connection's own writes do not count)."""
        with self._guard():
            row = self._retry(lambda: self._db.execute("PRAGMA data_version").fetchone())
        return int(row[0])

    def close(self) -> None:
        """Close the file (again is harmless)."""
        if not self._closed:
            self._closed = True
            with self._guard():
                self._db.close()
