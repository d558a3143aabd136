"""Shared by the tests of the SSH server: a real server in a thread of the test
process over a real table file, reached by the system's OpenSSH ``ssh`` client with
throwaway keys, one-shot or through a pseudo-terminal (pexpect)."""

from __future__ import annotations

import asyncio
import functools
import os
import re
import subprocess
import threading
from collections.abc import Sequence
from pathlib import Path

import attrs
import pexpect
from player_support import SSH, make_key, make_table

from cli.players.ssh_login import Settings, host_key_path
from cli.players.ssh_server import Server
from table import Table, hash_passphrase

PASSPHRASE = "ash-mist-coin-vial-lens-42"
BO_PASSPHRASE = "coin-lens-ash-vial-mist-17"
FAST = Settings(keepalive_interval=0.3, keepalive_count_max=2, login_timeout=10,
                slow_after=2, refuse_after=3, failure_window=60, refuse_for=60,
                longest_delay=0.1, news_interval=0.05,
                # the tests connect from one address faster than any table's phones
                connections_per_second=1000, connection_burst=1000)
SHARED = attrs.evolve(FAST, slow_after=1000, refuse_after=1000)  # tests share its address


@functools.cache
def hashed(passphrase: str) -> str:
    """``hash_passphrase(passphrase)``, made once a test run: scrypt takes the best part
    of a second on purpose, and every server the tests start invites two players with
    a passphrase (each table its own file; the same salt in them is harmless here)."""
    return hash_passphrase(passphrase)


class Served:
    """A server running in a thread of this process, over a real table file."""

    def __init__(self, folder: Path, settings: Settings = FAST) -> None:
        self.folder = folder
        self.path = folder / "t.db"
        with make_table(self.path) as table:
            self.keys = {name: make_key(folder, name)
                         for name in ("ada", "dee", "gm", "eve", "kell")}
            for name in ("ada", "dee", "gm", "bo"):
                table.revoke_player(name)
            table.invite_player("ada", keys=[self.pub("ada")], characters=["Tamsin Vey"])
            table.invite_player("dee", keys=[self.pub("dee")], characters=["Brannoch"])
            table.invite_player("gm", keys=[self.pub("gm")], narrator=True)
            table.invite_player("kell", keys=[self.pub("kell")],
                                passphrase_hash=hashed(PASSPHRASE))
            table.invite_player("bo", passphrase_hash=hashed(BO_PASSPHRASE),
                                characters=["Orrin Haskel", "Lady Veradine Casswell"])
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.server = Server(self.path, host_key_path(self.path), settings)
        self.port = self.run(self.server.start("127.0.0.1", 0))

    def pub(self, name: str) -> str:
        return Path(f"{self.keys[name]}.pub").read_text()

    def run(self, coroutine):  # type: ignore[no-untyped-def]
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(30)

    def close(self) -> None:
        self.run(self.server.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)

    def options(self, key: str | None, source: str | None = None) -> list[str]:
        args = [str(SSH), "-F", "/dev/null", "-p", str(self.port),
                "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                "-o", "LogLevel=ERROR", "-o", "ConnectTimeout=10"]
        if source is not None:
            args += ["-b", source]
        if key is not None:
            args += ["-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes",
                     "-i", str(self.keys[key])]
        else:
            args += ["-o", "BatchMode=no", "-o", "PubkeyAuthentication=no",
                     "-o", "PreferredAuthentications=password",
                     "-o", "NumberOfPasswordPrompts=1"]
        return args

    def ssh(self, user: str, *command: str, key: str | None = None,
            passphrase: str | None = None, source: str | None = None,
            extra: Sequence[str] = (), stdin: bytes = b"", timeout: float = 30
            ) -> subprocess.CompletedProcess[bytes]:
        """``ssh user@127.0.0.1 COMMAND`` with a key, or with a passphrase given through
        SSH_ASKPASS (never a terminal)."""
        env = dict(os.environ)
        if passphrase is not None:
            script = self.folder / f"askpass-{abs(hash(passphrase))}"
            script.write_text(f"#!/bin/sh\necho '{passphrase}'\n")
            script.chmod(0o700)
            env.update(SSH_ASKPASS=str(script), SSH_ASKPASS_REQUIRE="force", DISPLAY=":0")
        args = [*self.options(key, source), *extra, f"{user}@127.0.0.1", *command]
        return subprocess.run(args, input=stdin, capture_output=True, timeout=timeout,
                              env=env, check=False, start_new_session=True)

    def table(self) -> Table:
        return Table(self.path)


def out(done: subprocess.CompletedProcess[bytes]) -> str:
    return done.stdout.decode("utf-8", "replace")


def err(done: subprocess.CompletedProcess[bytes]) -> str:
    return done.stderr.decode("utf-8", "replace")



def words(text: str) -> str:
    """A pattern for ``text`` however the screen wrapped it."""
    return r"\s+".join(re.escape(word) for word in text.split())


def terminal(served: Served, user: str, columns: int = 40) -> pexpect.spawn:
    child = pexpect.spawn(str(SSH), [*served.options(user)[1:], "-tt", f"{user}@127.0.0.1"],
                          encoding="utf-8", dimensions=(50, columns), timeout=15)
    child.expect("Type \\? for help")
    child.expect("> ")
    return child
