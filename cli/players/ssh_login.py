"""Who gets into the SSH server, and what it keeps beside the table: its
:class:`Settings`, the :class:`TableWorker` thread that owns the table's connection,
the :class:`Login` of each connection (keys always, passphrases under
:class:`~cli.players.ssh_limits.Logins`; at most so many connections, and so many not yet
logged in from one address), and the host key beside the table file.

:mod:`cli.players.ssh_server` serves the sessions; a :class:`Login` reads of it only what
:class:`Door` names.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeVar

import asyncssh
import attrs

from cli.players.ssh_limits import Doorway, Logins, key_id
from core.errors import QUOTE, cut
from core.files import UnreadableFile, check
from core.files import read as read_file

if TYPE_CHECKING:
    from table import Table

T = TypeVar("T")


@attrs.frozen
class Settings:
    """How the server behaves; the defaults suit a table of friends on the Internet.
    Tests shorten the times."""

    keepalive_interval: float = 15.0
    keepalive_count_max: int = 3
    login_timeout: float = 30.0
    sessions_per_player: int = 4
    max_connections: int = 64
    logins_at_once: int = 32  # connections not logged in yet, from all addresses at once
    logins_per_address: int = 8  # connections not logged in yet, from one address at once
    connections_per_second: float = 4.0  # new connections from one address, after a burst
    connection_burst: int = 16
    lines_per_second: float = 8.0
    line_burst: int = 16
    slow_after: int = 3
    refuse_after: int = 10
    failure_window: float = 600.0
    refuse_for: float = 900.0
    longest_delay: float = 8.0
    news_interval: float = 0.25


DEFAULT_SETTINGS: Final = Settings()
"""The settings a server runs with unless told otherwise."""


class TableWorker:
    """One thread that owns the table's connection: every table call of the server runs
    there, in the order asked, while the event loop goes on with the network."""

    def __init__(self, path: Path) -> None:
        from table import Table  # at first use: the table is SQLite's

        self._pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="table")
        self.table: Table = self._pool.submit(Table, path, create=False).result()

    async def run(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``function(*args, **kwargs)`` in the table's thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, lambda: function(*args, **kwargs))

    def close(self) -> None:
        """Close the table and stop the thread."""
        with contextlib.suppress(Exception):
            self._pool.submit(self.table.close).result()
        self._pool.shutdown(wait=True)


class Door(Protocol):
    """What a :class:`Login` reads and keeps count of in the server it lets people into."""

    settings: Settings
    worker: TableWorker
    hasher: concurrent.futures.ThreadPoolExecutor
    dummy_hash: str
    logins: Logins
    doorway: Doorway[Login]

    def keys_of(self, username: str) -> set[str]: ...

    def hash_of(self, username: str) -> str | None: ...


class Login(asyncssh.SSHServer):
    """Authentication for one connection (forwarding requests keep asyncssh's answer:
    refused). Keys are checked as they are, always; passphrases under
    :class:`~cli.players.ssh_limits.Logins`."""

    def __init__(self, server: Door) -> None:
        self.server = server
        self.address = "?"
        self.conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        self.conn = conn
        # A flood or a scanner from one address, or idle connections from many, take
        # no player's place (cli.players.ssh_limits.Doorway): turned away before the
        # server's greeting, or closed, the longest waiting first, to make room.
        for login in self.server.doorway.arrive(self, self.address):
            if login is self:
                conn.close()  # before asyncssh sends its greeting: no key exchange
            else:
                login.make_room()

    def make_room(self) -> None:
        """Close this connection, still logging in, to let a newer one in."""
        if self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS,
                                 "too many logins at once; try again")

    def auth_completed(self) -> None:
        self.server.doorway.logged_in(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self.server.doorway.gone(self)
        self.conn = None
        # One that hung up while its answer was slowed stays counted as a failure: every
        # passphrase attempt is counted before it is checked (validate_password).

    def begin_auth(self, username: str) -> bool:
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    async def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # Never throttled: a key cannot be guessed, so others' failures (a café's
        # shared address, a stranger typing this player's name) must not keep it out.
        offered = key_id(key.export_public_key("openssh").decode("ascii", "replace"))
        known = await self.server.worker.run(self.server.keys_of, username)
        if offered in known:
            self.server.doorway.known(self)  # let it finish ahead of idle connections
        return offered in known

    def password_auth_supported(self) -> bool:
        return True

    async def validate_password(self, username: str, password: str) -> bool:
        from table import check_passphrase

        logins = self.server.logins
        if logins.refused(self.address, username):
            return False
        pause = logins.delay(self.address, username)
        # Counted as a failure before any wait, in one step of the event loop: attempts
        # made in parallel are counted as they come, so the limit holds for them too;
        # the one found right is taken back below.
        logins.failed(self.address, username)
        if pause:
            await asyncio.sleep(pause)
        stored = await self.server.worker.run(self.server.hash_of, username)
        # An unknown name costs the same scrypt as a known one: timing tells nothing.
        loop = asyncio.get_running_loop()
        # Passphrases are made of lower-case words (mistborn player invite): a phone's
        # keyboard capitalising the first letter or adding a space does not make a
        # wrong one.
        typed = password[:200].strip().lower()
        right = await loop.run_in_executor(
            self.server.hasher, check_passphrase, typed, stored or self.server.dummy_hash)
        if not (right and stored) or len(password) > 200:
            return False
        logins.forgive(self.address, username)
        return True


# --- the host key -----------------------------------------------------------------------------


def host_key_path(table: Path) -> Path:
    """Where the server keeps its host key: beside the table file."""
    return table.with_name(f"{table.name}.ssh_host_ed25519_key")


HOST_KEY_MOST: Final = 65_536
"""The most bytes of a host key file read: an OpenSSH private key is a few kilobytes
at most (some 3,400 bytes for a 4,096-bit RSA key)."""


def load_host_key(path: Path) -> asyncssh.SSHKey:
    """The host key at ``path``, made (ed25519, mode 0600) the first time, so phones
    see the same server every time. Read through the one reader (:func:`core.files.
    read`): a pipe or a device is refused at once; a file that holds no private key
    without a passphrase is :class:`core.files.UnreadableFile` too."""
    what = "the host key file"
    if check(path, what=what) is None:
        key = asyncssh.generate_private_key("ssh-ed25519")
        data = key.export_private_key("openssh")
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as out:
            out.write(data)
    data = read_file(path, what=what, limit=HOST_KEY_MOST)
    try:
        return asyncssh.import_private_key(data)
    except (asyncssh.KeyImportError, ValueError) as error:
        raise UnreadableFile(what, str(path), f"holds no private key this server can use "
                                              f"({cut(str(error), QUOTE)})") from None


def fingerprint(key: asyncssh.SSHKey) -> str:
    """The host key's SHA256 fingerprint, as ``ssh`` shows it."""
    return str(key.get_fingerprint("sha256"))
