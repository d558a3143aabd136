"""Where ``mistborn serve`` listens, for the other commands to say: a small file beside
the table (``t.db.serving``: the server's process, address and port), written once the
server listens and removed when it stops. ``mistborn player invite`` reads it to print
the ``ssh -p PORT`` line that reaches the running server.

A server killed without stopping leaves its file behind: a file whose process is gone
is taken as no server. Light at import: no asyncssh, no table.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import socket
import tempfile
from pathlib import Path
from typing import Final

import attrs

DEFAULT_PORT: Final = 2222
"""The port ``mistborn serve`` listens on unless told another (``--port``)."""


@attrs.frozen
class Serving:
    """A server listening over a table: its process, address and port."""

    pid: int
    host: str
    port: int


def record_path(table: Path) -> Path:
    """Where the server over the table file ``table`` records itself: beside it."""
    return table.with_name(f"{table.name}.serving")


def record(table: Path, host: str, port: int) -> None:
    """Say that this process serves ``table`` on ``host``:``port`` (whole, or not at
    all: written beside, then renamed)."""
    path = record_path(table)
    text = json.dumps({"pid": os.getpid(), "host": host, "port": port})
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text + "\n")
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)


def forget(table: Path) -> None:
    """The server of this process stopped: remove its record (not another's)."""
    found = _read(record_path(table))
    if found is not None and found.pid == os.getpid():
        with contextlib.suppress(OSError):
            record_path(table).unlink()


def try_listen(host: str, port: int) -> None:
    """Take ``host``:``port`` as the server listens on it, every address the host names,
    and let go at once: an address this machine does not have, a name that names none,
    or a port in use or not permitted raises :class:`OSError` or :class:`UnicodeError`
    (:func:`cannot_listen` says which) before anything is made."""
    found = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM,
                               flags=socket.AI_PASSIVE)
    for family, kind, proto, _name, address in dict.fromkeys(found):
        try:
            probe = socket.socket(family, kind, proto)
        except OSError:  # a family this system lacks: the server skips it too
            continue
        with probe:
            # As the server's listener is made (asyncio's create_server).
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6 and hasattr(socket, "IPPROTO_IPV6"):
                probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            probe.bind(address)


def cannot_listen(host: str, port: int, error: OSError | UnicodeError) -> str:
    """Why the server cannot listen on ``host``:``port``, as one line."""
    where = f"cannot listen on {host or 'every address'} port {port}"
    if isinstance(error, UnicodeError):  # a name too long, or an empty part: no host name
        return f"{where}: that is no host name or address"
    if isinstance(error, socket.gaierror):
        why = error.strerror or str(error)
    elif error.errno == errno.EADDRNOTAVAIL:
        return f"{where}: that is not an address of this machine"
    else:
        why = os.strerror(error.errno) if error.errno else str(error)
    said = f"{where}: {why[:1].lower()}{why[1:]}"
    if error.errno in (errno.EACCES, errno.EPERM) and 0 < port < 1024:
        said += " (ports below 1024 are mostly kept for the system's own servers)"
    return said


RECORD_MOST = 4096
"""The most bytes a server's record is read up to (it holds a process, an address and
a port)."""


def running(table: Path) -> Serving | None:
    """The server over ``table``, when one runs (its process is alive)."""
    found = _read(record_path(table))
    if found is None or not _alive(found.pid):
        return None
    return found


def _read(path: Path) -> Serving | None:
    """The record at ``path``; ``None`` when there is none or it cannot be read."""
    from core.files import UnreadableFile, read

    try:  # through the one reader: a pipe or a device put there is no record
        data = json.loads(read(path, what="the server's record", limit=RECORD_MOST))
        pid, host, port = data["pid"], data["host"], data["port"]
    except (UnreadableFile, ValueError, TypeError, KeyError):
        return None
    if not (isinstance(pid, int) and isinstance(host, str) and isinstance(port, int)
            and pid > 0 and 0 < port < 65536):
        return None
    return Serving(pid, host, port)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: alive
        return True
    except OSError:
        return False
    return True
