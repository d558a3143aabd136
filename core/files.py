"""The one way the product reads a file it is given: a player's public key, the SSH
server's host key, a sheet file; and the one check of a file another program opens for
it (the table, which SQLite reads) or that it replaces (an export's target).

A pipe (``mkfifo``) blocks a plain ``open`` until something writes to it, forever; a
device such as ``/dev/zero`` never ends; a folder is no file. :func:`read` opens without
waiting, takes only a regular file, and reads at most the size its caller states, so a
wrong path is one line at once, never a hang nor gigabytes read. :func:`check` refuses
what is not a regular file before another program opens it.

Both raise :class:`UnreadableFile`, whose ``problem`` follows the path as its subject
(``is not a regular file (a pipe, a device or a folder)``); standard library only,
light at import.
"""

from __future__ import annotations

import os
import stat
from typing import Final

from core.errors import Malformed, shown_path

__all__ = ["NOT_REGULAR", "UnreadableFile", "check", "read"]

NOT_REGULAR: Final = "is not a regular file (a pipe, a device or a folder)"
"""Why a pipe, a device, a socket or a folder is refused, after its path."""


class UnreadableFile(Malformed):
    """A file that cannot be read or used as asked: ``what`` it was to be (``the key
    file``), its ``path`` as given, and the ``problem`` (after the path: ``is too big:
    …``); ``regular`` is false when it is no regular file, ``size`` its size when it is
    too big, ``strerror`` the system's reason when the system refused it. Nothing was
    read from it."""

    def __init__(self, what: str, path: str, problem: str, *, regular: bool = True,
                 size: int | None = None, strerror: str | None = None) -> None:
        self.what = what
        self.path = path
        self.problem = problem
        self.regular = regular
        self.size = size
        self.strerror = strerror
        self.param = None
        self.value = path
        super().__init__(f"{what} {shown_path(path)} {problem}")


def _failed(what: str, where: str, error: OSError, problem: str = "cannot be read"
            ) -> UnreadableFile:
    why = error.strerror or str(error)
    return UnreadableFile(what, where, f"{problem}: {why}", strerror=why)


def read(path: str | os.PathLike[str], *, what: str, limit: int) -> bytes:
    """The bytes of the regular file at ``path``: at most ``limit`` of them, or
    :class:`UnreadableFile` (``what`` names the file in its message: ``the key file``)
    when it is missing, unreadable, no regular file, or longer than ``limit``."""
    where = os.fspath(path)
    try:
        # Opened without waiting: a FIFO or a device would block a plain open or read
        # forever (O_NOCTTY: a terminal named by mistake never becomes this process's).
        descriptor = os.open(where, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                             | getattr(os, "O_NOCTTY", 0))
    except OSError as error:
        raise _failed(what, where, error) from None
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            raise UnreadableFile(what, where, NOT_REGULAR, regular=False)
        with os.fdopen(descriptor, "rb", closefd=False) as file:
            data = file.read(limit + 1)  # never more than the limit and one byte
    except OSError as error:
        raise _failed(what, where, error) from None
    finally:
        os.close(descriptor)
    if len(data) > limit:
        size = max(status.st_size, len(data))
        raise UnreadableFile(what, where, f"is too big: {size:,} bytes (at most {limit:,})",
                             size=size)
    return data


def check(path: str | os.PathLike[str], *, what: str, links: bool = True
          ) -> os.stat_result | None:
    """The status of the regular file at ``path``, ``None`` if there is none, or
    :class:`UnreadableFile` when it is no regular file (a link too, unless ``links``)
    or cannot be looked at: for a file another program opens (SQLite, the table) or one
    that is replaced whole (an export's target)."""
    where = os.fspath(path)
    try:
        status = os.stat(where) if links else os.lstat(where)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise _failed(what, where, error, "cannot be used") from None
    if not stat.S_ISREG(status.st_mode):
        problem = NOT_REGULAR if links else (
            "is not a regular file (a link, a pipe, a device or a folder)")
        raise UnreadableFile(what, where, problem, regular=False)
    return status
