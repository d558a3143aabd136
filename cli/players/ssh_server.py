"""The built-in SSH server (``mistborn serve``): players' phones join the table with any
SSH client, and the Narrator needs no system accounts.

A thin adapter around :class:`cli.players.shell.PlayerShell`, and the only module of
the project that imports asyncssh. One process owns the table: every line is handled
inside it with the library and plain ``sqlite3`` (one worker thread holds the one
connection, so the event loop never waits on the disk), never by a command per line.

Who may join
    The SSH user name is the player's name (``mistborn player invite``). A public key
    listed for that player, or their passphrase (checked against the stored salted
    hash, in a thread of its own), lets them in; anything else is refused.

    A listed key always gets in, at once, whatever anyone else has failed: keys cannot
    be guessed, so no lock-out applies to them (an unknown key is refused and counts
    for nothing). Only passphrases are guessable, so only wrong passphrases count (one
    left unanswered by hanging up counts too): per address, per name, and per address
    and name together (:class:`~cli.players.ssh_limits.Logins`). After a few, answers to
    passphrases from that address or for that name are slowed (0.5 s, doubling, at
    most 8 s); after more, passphrases for that name from that address are refused for
    a while, right or wrong. Never a whole address: players behind one café's address
    are not kept out by one of them. Never a whole name: a stranger failing for
    ``kell`` slows kell's passphrase but cannot keep kell out — kell's key works from
    anywhere, and the passphrase from any other address; the slow-down keeps guessing
    a generated passphrase (five words and a number) from many addresses hopeless.
    A player revoked while connected is told "Your invitation was withdrawn." and the
    session ends, at their next line or the table's next news; nothing names another
    player. Connections that have not logged in yet are limited to 8 from one
    address and 32 from all at once (64 connections in all), and an address may open
    16 in a row, then 4 a second (:class:`~cli.players.ssh_limits.Doorway`): a scanner
    or a flood from one address keeps out no player elsewhere, idle connections from
    many make room for newer ones (not for one signing with a player's key), and
    logins are closed after 30 s.

What the wire carries
    Only a modern set of algorithms (:data:`KEX`, :data:`CIPHERS`, :data:`MACS`, no
    compression): post-quantum hybrids and X25519, AES-GCM and AES-CTR, SHA-2
    encrypt-then-MAC. docs/security.md lists them with the limits.

What a session may do
    An interactive session runs the player shell as the authenticated player; ``ssh
    vin@host roll 5`` runs one player-shell line and exits 0, and a command that is no
    player-shell verb exits 2. Subsystems (SFTP), port, agent and X11 forwarding are
    refused. Lines longer than 200 characters, text that is not UTF-8 and control
    characters are refused, and the session goes on. Each player may send so many lines
    a second (a bucket of tokens; a Tab, which reads the table to complete a word,
    counts as one): a player who floods is told to slow down and cannot starve the
    others. Keepalives end sessions whose phone went away; nothing is lost,
    since everything lives in the table, and reconnecting shows the board and the
    player's last result. A player may keep 4 sessions; a fifth closes the one heard
    from longest ago (a phone gone quiet need not wait for its keepalives).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import gc
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TypeVar

import asyncssh

from characters.names import name_key
from cli.common.errors import UserError
from cli.players import serving
from cli.players.one_line import refused
from cli.players.shell import WITHDRAWN, PlayerShell
from cli.players.ssh_editor import COMPLETE, END, INTERRUPT, TOO_LONG, LineEditor, crlf
from cli.players.ssh_limits import Doorway, Logins, RateLimit, Throttle, key_id
from cli.players.ssh_login import (
    DEFAULT_SETTINGS,
    Login,
    Settings,
    TableWorker,
    fingerprint,
    host_key_path,
    load_host_key,
)
from cli.players.view import Batch, NewsReader, warm_up
from cli.players.words import Reply
from core.errors import shown

if TYPE_CHECKING:
    from conflict.intents.complete import Completion

T = TypeVar("T")

KEX: Final = ("mlkem768x25519-sha256", "sntrup761x25519-sha512",
              "sntrup761x25519-sha512@openssh.com", "curve25519-sha256",
              "curve25519-sha256@libssh.org")
"""The key exchanges offered, those of them the installed asyncssh has: the
post-quantum hybrids first (ML-KEM with the cryptography library 44 and later; NTRU
Prime with liboqs), then X25519, which every client since OpenSSH 6.5 (and PuTTY,
Dropbear, libssh2, the phone apps) has. Never SHA-1, a NIST curve, a finite-field
group (slow for the server, and deprecated by the cryptography library) or a group
exchange (which hands out 1024-bit groups). What a key exchange costs the server is
bounded by :class:`~cli.players.ssh_limits.Doorway`'s rate per address."""

CIPHERS: Final = ("aes128-gcm@openssh.com", "aes256-gcm@openssh.com", "aes128-ctr",
                  "aes192-ctr", "aes256-ctr")
"""The ciphers offered: AES, which every SSH client has and the cryptography library
runs in one call a packet (asyncssh's ChaCha20 takes four, a quarter of the server's
time per roll)."""

MACS: Final = ("hmac-sha2-256-etm@openssh.com", "hmac-sha2-512-etm@openssh.com")
"""The MACs offered (with AES-CTR; AES-GCM carries its own): SHA-2, encrypt-then-MAC,
full-length tags."""

COMPRESSION: Final = ("none",)
"""No compression: screens of 40 columns need none, and none runs before a login."""


def offered(wanted: tuple[str, ...], have: list[bytes]) -> list[str]:
    """Those of ``wanted`` that asyncssh has (``have``), in ``wanted``'s order."""
    names = {name.decode("ascii") for name in have}
    return [name for name in wanted if name in names]

REPLACED: Final = "You opened another session; this one is closed."

CLOSED: Final = "The table has closed."
"""What every phone is told as the server stops, before it is dropped."""

MAX_READ: Final = 4096
"""Characters a session may send without a line break before the line is refused."""


# --- sessions ---------------------------------------------------------------------------------


class _Session:
    """One interactive session: its shell, and news waiting while a line is handled."""

    def __init__(self, process: asyncssh.SSHServerProcess[str], shell: PlayerShell,
                 pty: bool) -> None:
        self.process = process
        self.shell = shell
        self.pty = pty
        self.editor = LineEditor(terminal=pty, longest=MAX_READ, prompt=shell.prompt(),
                                 width=shell.width)
        self.busy = False
        self.waiting: list[str] = []
        self.echo = ""
        self.heard = time.monotonic()  # when the phone last sent anything

    def take_echo(self) -> str:
        """The echo of the line just typed, not yet written."""
        echo, self.echo = self.echo, ""
        return echo

    def write(self, text: str) -> None:
        with contextlib.suppress(Exception):  # a session going away: its loop ends
            self.process.stdout.write(crlf(text) if self.pty else text)

    def replaced(self) -> None:
        """Close this session to make room for a newer one of the same player."""
        start = self.editor.clear() if self.pty and not self.shell.plain else "\n"
        self.write(f"{start}{REPLACED}\n")
        with contextlib.suppress(Exception):
            self.process.exit(0)

    def closed(self) -> None:
        """The server stops: say so on one line and end the session."""
        start = self.editor.clear() if self.pty and not self.shell.plain else "\n"
        self.write(f"{start}{CLOSED}\n")
        with contextlib.suppress(Exception):
            self.process.exit(0)

    def withdraw(self) -> None:
        """The player was revoked: say so and end the session (a line being handled
        ends it itself)."""
        if self.busy:
            return
        start = self.editor.clear() if self.pty and not self.shell.plain else "\n"
        self.write(f"{start}{WITHDRAWN}\n")
        with contextlib.suppress(Exception):
            self.process.exit(2)

    def news(self, text: str) -> None:
        if not text:
            return
        if self.busy:
            self.waiting.append(text)
            return
        start = self.editor.clear() if self.pty and not self.shell.plain else "\n"
        self.editor.prompt = self.shell.prompt()  # news may sit the shell at a new game
        self.write(f"{start}{text}{self.editor.redraw()}")


def _to_stderr(line: str) -> None:
    """The server's log: one line on its standard error."""
    print(line, file=sys.stderr, flush=True)


class Server:
    """The SSH server over the table at ``path``: :meth:`start`, then :meth:`close`."""

    def __init__(self, path: Path, host_key: Path, settings: Settings = DEFAULT_SETTINGS,
                 *, log: Callable[[str], None] | None = None) -> None:
        from table.players import unmatched_hash

        self.path = path
        self.log = _to_stderr if log is None else log
        self.settings = settings
        self.host_key = load_host_key(host_key)
        self.worker = TableWorker(path)
        self.hasher = concurrent.futures.ThreadPoolExecutor(2, thread_name_prefix="scrypt")
        self.dummy_hash = unmatched_hash()
        self.logins = Logins(Throttle(slow_after=settings.slow_after,
                                      refuse_after=settings.refuse_after,
                                      window=settings.failure_window,
                                      refuse_for=settings.refuse_for,
                                      longest=settings.longest_delay))
        self.limits = RateLimit(settings.lines_per_second, settings.line_burst)
        self.doorway: Doorway[Login] = Doorway(
            connections=settings.max_connections, logins=settings.logins_at_once,
            per_address=settings.logins_per_address, rate=settings.connections_per_second,
            burst=settings.connection_burst)
        self.sessions: dict[str, set[_Session]] = {}
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._news_task: asyncio.Task[None] | None = None
        self._dirty: asyncio.Event | None = None
        self._reader: NewsReader | None = None
        self._tasks: set[asyncio.Task[Any]] = set()

    @property
    def logging_in(self) -> dict[str, int]:
        """Connections not logged in yet, by address."""
        return self.doorway.waiting()

    # --- reading players (in the table's thread)

    def keys_of(self, username: str) -> set[str]:
        from table import TableDamaged, UnknownPlayer

        try:
            return {key_id(key) for key in self.worker.table.player(username).keys}
        except TableDamaged as error:
            self._refused(username, error)
            return set()
        except (UnknownPlayer, ValueError):
            return set()

    def hash_of(self, username: str) -> str | None:
        from table import TableDamaged, UnknownPlayer

        try:
            return self.worker.table.player(username).passphrase_hash
        except TableDamaged as error:
            self._refused(username, error)
            return None
        except (UnknownPlayer, ValueError):
            return None

    def _refused(self, username: str, error: Exception) -> None:
        """Say on the server's log why ``username`` cannot log in (their row of the
        table is damaged): that login is refused, every other goes on."""
        said = " ".join(str(error).split())[:300]
        self.log(f"mistborn: login refused for {shown(username)}: {said}")

    # --- life

    async def start(self, host: str = "0.0.0.0", port: int = 2222) -> int:
        """Listen on ``host``:``port`` (0: any free port); returns the port. An address
        or port that cannot be had is a :class:`~cli.common.errors.UserError` saying
        why (:func:`~cli.players.serving.cannot_listen`)."""
        from asyncssh.kex import get_kex_algs

        s = self.settings
        try:
            self._acceptor = await asyncssh.create_server(
                lambda: Login(self), host, port, server_host_keys=[self.host_key],
                process_factory=self._session, encoding="utf-8", errors="replace",
                line_editor=False, kex_algs=offered(KEX, get_kex_algs()),
                encryption_algs=CIPHERS, mac_algs=MACS, compression_algs=COMPRESSION,
                allow_scp=False, sftp_factory=None, agent_forwarding=False,
                x11_forwarding=False, kbdint_auth=False, host_based_auth=False,
                gss_auth=False, gss_kex=False, keepalive_interval=s.keepalive_interval,
                keepalive_count_max=s.keepalive_count_max, login_timeout=s.login_timeout,
                reuse_address=True)
        except (OSError, UnicodeError) as error:  # taken since it was tried, or a bad host
            raise UserError(serving.cannot_listen(host, port, error)) from None
        self._reader = await self.worker.run(NewsReader, self.worker.table, self.log)
        await self.worker.run(warm_up)
        self._dirty = asyncio.Event()
        self._news_task = asyncio.create_task(self._news_loop())
        sockets = self._acceptor.sockets
        return int(sockets[0].getsockname()[1]) if sockets else port

    async def close(self) -> None:
        """Stop listening, tell every phone the table has closed and end the sessions,
        close the table."""
        news = self._news_task
        while news is not None and not news.done():  # until it is really stopped
            news.cancel()
            await asyncio.wait([news], timeout=1)
        if self._acceptor is not None:
            self._acceptor.close()  # no new connection; those open are closed below
        sessions = [s for group in self.sessions.values() for s in group]
        for session in sessions:
            session.closed()
        if sessions:  # the line reaches the phones before the connections go
            await asyncio.wait([asyncio.ensure_future(s.process.wait_closed())
                                for s in sessions], timeout=2)
        if self._acceptor is not None:
            # Only now: from Python 3.12 a closed server's wait_closed() also waits for
            # every connection it accepted to close, which the sessions above do.
            await asyncio.wait([asyncio.ensure_future(self._acceptor.wait_closed())],
                               timeout=5)
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=5)
        self.hasher.shutdown(wait=False)
        self.worker.close()

    # --- news for every session

    def changed(self) -> None:
        """The server itself wrote to the table: tell the sessions soon."""
        if self._dirty is not None:
            self._dirty.set()

    async def _news_loop(self) -> None:
        assert self._dirty is not None and self._reader is not None
        reader, dirty = self._reader, self._dirty
        version = await self.worker.run(self.worker.table.data_version)
        interval = self.settings.news_interval
        while True:
            # asyncio.timeout, not wait_for: in Python 3.11 wait_for can swallow a
            # cancellation that lands as the wait ends, and close() then waits forever.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(interval):
                    await dirty.wait()
            wrote = dirty.is_set()
            dirty.clear()
            now = await self.worker.run(self.worker.table.data_version)
            if now == version and not wrote and not reader.due():  # due: a game's timer
                continue
            version = now
            try:
                batch = await self.worker.run(reader.poll)
            except Exception:  # a busy or damaged table: try again next time
                batch = None
            if batch:
                await self._tell(batch)
            await asyncio.sleep(interval)  # a burst of rolls makes one batch

    async def _tell(self, batch: Batch) -> None:
        """Show ``batch`` to every session, each as its player may read it. Each
        session's text is made by its own call in the table's thread: lines typed
        meanwhile are handled between them instead of waiting for every session's
        news. Sessions that see a line alike share its drawing (``drawn``)."""
        from table import UnknownPlayer

        drawn: dict[object, str] = {}
        for session in [s for group in self.sessions.values() for s in group]:
            try:
                text = await self.worker.run(session.shell.show, batch, drawn)
            except UnknownPlayer:  # revoked: the session ends
                session.withdraw()
            except Exception:  # a damaged table: their next line says so
                continue
            else:
                session.news(text)

    # --- one session

    async def _session(self, process: asyncssh.SSHServerProcess[str]) -> None:
        username = str(process.get_extra_info("username"))
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        try:
            await self._serve(process, username)
        except Exception as error:  # never let one session take the server down
            with contextlib.suppress(Exception):
                process.stderr.write(f"mistborn: {' '.join(str(error).split())[:200]}\n")
                process.exit(1)
        finally:
            if task is not None:
                self._tasks.discard(task)
            with contextlib.suppress(Exception):
                if not process.is_closing():
                    process.exit(0)

    async def _serve(self, process: asyncssh.SSHServerProcess[str], username: str) -> None:
        if process.subsystem is not None:
            process.stderr.write("mistborn: no subsystems here\n")
            process.exit(1)
            return
        term = process.get_terminal_type()
        width = process.get_terminal_size()[0] or 40
        from table import UnknownPlayer

        try:
            shell: PlayerShell = await self.worker.run(
                PlayerShell, self.worker.table, username, width=width,
                color=term is not None, news=False)
        except UnknownPlayer:  # revoked while logging in: never name the others
            process.stderr.write(f"mistborn: {WITHDRAWN}\n")
            process.exit(2)
            return
        if process.command is not None:
            await self._one_shot(process, shell, process.command)
            return
        key = name_key(shell.name)
        group = self.sessions.setdefault(key, set())
        if len(group) >= self.settings.sessions_per_player:
            # The player is back on a new phone or connection while old ones linger
            # (a phone gone quiet is cleared by keepalives only after a while): the
            # one heard from longest ago makes room, told why.
            quietest = min(group, key=lambda old: old.heard)
            group.discard(quietest)
            quietest.replaced()
        session = _Session(process, shell, pty=term is not None)
        group.add(session)
        try:
            session.write(await self.worker.run(shell.welcome))
            await self._loop(session, key)
        finally:
            group.discard(session)
            if not group:
                self.sessions.pop(key, None)

    async def _one_shot(self, process: asyncssh.SSHServerProcess[str], shell: PlayerShell,
                        line: str) -> None:
        why = await self.worker.run(refused, shell, line)
        if why is not None:
            process.stderr.write(f"{why}\n")
            process.exit(2)
            return
        if not self.limits.allow(name_key(shell.name)):
            process.stderr.write("mistborn: too many lines at once; wait a moment\n")
            process.exit(2)
            return
        reply: Reply = await self.worker.run(shell.handle, line)
        self.changed()
        (process.stdout if reply.status == 0 else process.stderr).write(reply.text)
        process.exit(reply.status)

    async def _loop(self, session: _Session, key: str) -> None:
        shell, process = session.shell, session.process

        async def complete(typed: str) -> list[Completion]:
            """Tab's words: counted as a line is, so a flood of Tabs starves no one."""
            if not self.limits.allow(key):
                return []
            try:
                return await self.worker.run(shell.completions, typed)
            except Exception:  # a busy or damaged table: nothing to offer
                return []

        async for line in _lines(process, session, complete):
            if line == TOO_LONG:
                reply = Reply(f"! that line is longer than {MAX_READ} characters\n",
                              status=2)
            elif not self.limits.allow(key):
                reply = Reply("! too fast: wait, then type it again\n", status=2)
            else:
                session.busy = True
                try:
                    reply = await self.worker.run(shell.handle, line)
                finally:
                    session.busy = False
                if line.strip():
                    self.changed()
            waiting, session.waiting = session.waiting, []
            said = session.take_echo() + reply.text + "".join(waiting)
            if reply.quit:
                session.write(said)
                process.exit(reply.status)  # 2: the player was revoked
                return
            session.editor.prompt = shell.prompt()  # a game's own prompt (hw> )
            session.write(said + shell.prompt())  # one packet


async def _lines(process: asyncssh.SSHServerProcess[str], session: _Session,
                 complete: Callable[[str], Awaitable[list[Completion]]]
                 ) -> AsyncIterator[str]:
    """The session's lines, typed through its :class:`~cli.players.ssh_editor.LineEditor`
    (lines past :data:`MAX_READ` characters come as one refusal; a Tab is completed
    with what ``complete`` finds); a resized terminal changes the shell's width;
    Ctrl-C drops the line being typed; Ctrl-D, the end of input or a dropped connection
    ends it."""
    session.write(session.shell.prompt())
    editor = session.editor
    while True:
        try:
            chunk = await process.stdin.read(MAX_READ)
        except asyncssh.TerminalSizeChanged as change:
            session.shell.width = change.width or session.shell.width
            editor.width = session.shell.width
            continue
        except (asyncssh.BreakReceived, asyncssh.SignalReceived):
            chunk = "\x03"
        except (asyncssh.Error, ConnectionError, OSError):
            return
        if not chunk:
            return
        session.heard = time.monotonic()
        while chunk:
            echo, done = editor.feed(chunk)
            chunk = editor.rest()  # typed after a Tab: fed once the Tab is completed
            if done:
                session.echo += echo  # the echo of Enter travels with the reply: one packet
            elif echo:
                session.write(echo)
            for line in done:
                if line == END:
                    return
                if line == INTERRUPT:
                    session.write(session.take_echo() + session.shell.prompt())
                elif line == COMPLETE:
                    words = await complete(editor.before_cursor())
                    session.write(session.take_echo() + editor.complete(words))
                else:
                    yield line


def serve(path: Path, *, host: str, port: int, host_key: Path | None = None,
          settings: Settings = DEFAULT_SETTINGS, announce: Callable[[str], None] = print) -> None:
    """Run the server until SIGTERM (returns) or Ctrl-C (raises KeyboardInterrupt once
    the sessions are closed and the table shut, for the exit status 130)."""
    import signal

    # The table's thread and the network's take turns at the interpreter: hand over
    # within 0.5 ms rather than Python's default 5 ms, or every line waits for it.
    sys.setswitchinterval(0.0005)
    interrupted: list[bool] = []

    async def main() -> None:
        server = Server(path, host_key or host_key_path(path), settings)
        stop = asyncio.Event()

        def interrupt() -> None:
            interrupted.append(True)
            stop.set()

        loop = asyncio.get_running_loop()
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signal.SIGTERM, stop.set)
            loop.add_signal_handler(signal.SIGINT, interrupt)
        try:
            bound = await server.start(host, port)
        except BaseException:  # nothing listens: the table and threads are let go
            await server.close()
            raise
        try:
            # For mistborn player invite to say: kept before the port is announced, so
            # an invitation made as soon as it is read names this port.
            serving.record(path, host, bound)
            # What start-up loaded lives as long as the server: kept out of the
            # collector's full passes, each of which stopped every session for 15-40 ms
            # mid-game.
            gc.collect()
            gc.freeze()
            announce(f"Serving {path} on {host} port {bound}.")
            announce(f"Host key {fingerprint(server.host_key)}")
            announce(f"Players join with: ssh -p {bound} NAME@THIS-MACHINE (Ctrl-C stops)")
            await stop.wait()
        finally:
            serving.forget(path)
            await server.close()

    try:
        asyncio.run(main())
    except KeyboardInterrupt:  # where no signal handler can be set: as asyncio raised it
        interrupted.append(True)
    if interrupted:
        raise KeyboardInterrupt
