"""Whose roll it is, over the real OpenSSH client: a roll throws the attacker's and the
defenders' dice at once, and a player may roll it when any of those dice are theirs
(R-CON-14/17); the Narrator may roll any. The Conflict is brought to the roll in
process; only the rolls go over SSH. And ``mistborn serve`` stopped by Ctrl-C, or
unable to listen, as a process of its own."""

from __future__ import annotations

import os
import random
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from player_support import SSH
from ssh_support import FAST, Served, err, out

from cli.players.shell import PlayerShell
from conflict import saved as conflicts

pytestmark = pytest.mark.skipif(not SSH.exists(), reason="needs OpenSSH's ssh client")


@pytest.fixture
def at_tamsins_defense(tmp_path: Path) -> Iterator[Served]:
    """The Hazekillers' attack on Tamsin (ada's), defended, waits for its roll."""
    served = Served(tmp_path, FAST)
    with served.table() as table:
        gm, ada, dee = (PlayerShell(table, name, rng=random.Random(4), color=False)
                        for name in ("gm", "ada", "dee"))
        for who, line in [(gm, "d as haze attack tamsin 5"), (ada, "d attack haze 5"),
                          (dee, "d defense 4"), (gm, "d as prelate attack brannoch 4"),
                          (ada, "a 3"), (gm, "t as haze"), (ada, "roll")]:
            assert who.handle(line).status == 0, line
        if conflicts.load(table)[1].state.pending == 2:
            assert ada.handle("dmg").status == 0
        for who, line in [(gm, "a as haze 5"), (ada, "def")]:
            assert who.handle(line).status == 0, line
        now = conflicts.load(table)[1].state
        assert now.pending == 1 and now.action(1).awaiting == "roll"  # type: ignore[union-attr]
    yield served
    served.close()


def _rolled(served: Served) -> bool:
    with served.table() as table:
        action = conflicts.load(table)[1].state.action(1)
        assert action is not None
        return action.attacker_roll is not None


def test_r_con_17_a_player_rolls_their_own_characters_defense(at_tamsins_defense: Served
                                                              ) -> None:
    served = at_tamsins_defense
    done = served.ssh("dee", "roll", key="dee")  # Brannoch's dice are not in this roll
    assert done.returncode == 2
    assert " ".join(err(done).split()) == ("! it is not your roll: action 1 rolls for "
                                           "Hazekillers of House Orrell and Tamsin Vey")
    assert not _rolled(served)
    done = served.ssh("ada", "roll", key="ada")
    assert done.returncode == 0, err(done)
    assert "Action 1: Hazekillers of House Orrell roll" in " ".join(out(done).split())
    assert _rolled(served)


def test_r_con_17_the_narrator_may_roll_any_roll(at_tamsins_defense: Served) -> None:
    served = at_tamsins_defense
    done = served.ssh("gm", "roll", key="gm")
    assert done.returncode == 0, err(done)
    assert _rolled(served)


def test_serve_stops_on_ctrl_c_with_exit_status_130(tmp_path: Path) -> None:
    from cli_support import console_script, env_for

    db = tmp_path / "t.db"
    server = subprocess.Popen(
        [str(console_script()), "serve", "--host", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, **env_for(db)})
    try:
        assert server.stdout is not None
        for line in server.stdout:
            if line.startswith("Players join with"):
                break
        server.send_signal(signal.SIGINT)  # what Ctrl-C in its terminal sends
        _out, said = server.communicate(timeout=30)
    finally:
        server.kill()
        server.wait()
    assert server.returncode == 130
    assert said.strip() == "mistborn: interrupted" and "Traceback" not in said


def _serve(db: Path, host: str, port: int) -> subprocess.CompletedProcess[str]:
    """``mistborn serve`` as its own process, expected to stop at once."""
    from cli_support import console_script, env_for

    return subprocess.run(
        [str(console_script()), "serve", "--host", host, "--port", str(port)],
        capture_output=True, text=True, timeout=60, check=False, stdin=subprocess.DEVNULL,
        env={**os.environ, **env_for(db)})


def test_serve_where_it_cannot_listen_says_why_in_one_line_and_makes_nothing(
        tmp_path: Path) -> None:
    """README: "A mistake is reported on one line with exit status 2, and changes
    nothing": a port another server holds, a host name that names no address, an
    address this machine does not have, a name no host could have — no traceback, no
    table or host key made, no record of a server that never ran."""
    import socket

    from cli_support import refused

    from cli.players import serving

    db = tmp_path / "t.db"
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        cases = [
            ("127.0.0.1", port, f"cannot listen on 127.0.0.1 port {port}: address already "
                                "in use"),
            ("999.1.1.1", 2299, "cannot listen on 999.1.1.1 port 2299: name or service not "
                                "known"),
            ("192.0.2.1", 2299, "cannot listen on 192.0.2.1 port 2299: that is not an "
                                "address of this machine"),
            ("h" * 70, 2299, f"cannot listen on {'h' * 30}…{'h' * 29} port 2299: that is no "
                             "host name or address"),
        ]
        # The first as its own process (no traceback from a real run); the others in
        # this one, which says the same line with the same status (cli_support).
        (host, at, said), *others = cases
        done = _serve(db, host, at)
        assert (done.returncode, done.stdout) == (2, ""), done.stderr[-2000:]
        assert done.stderr == f"mistborn: {said}\n"
        for host, at, said in others:
            assert refused(db, "serve", "--host", host, "--port", str(at)) == said
    assert sorted(tmp_path.iterdir()) == []
    assert not serving.record_path(db).exists()


def test_a_second_serve_on_the_port_of_the_first_leaves_the_first_ones_record(
        tmp_path: Path) -> None:
    """A server already listening on the port, over the same table: the second says so
    in one line, exit status 2, and the first's record still names the first."""
    from cli_support import console_script, env_for

    from cli.players import serving

    db = tmp_path / "t.db"
    first = subprocess.Popen(
        [str(console_script()), "serve", "--host", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, **env_for(db)})
    try:
        assert first.stdout is not None
        for line in first.stdout:
            if line.startswith("Players join with"):
                port = int(line.split()[5])
                break
        done = _serve(db, "127.0.0.1", port)
        assert (done.returncode, done.stdout) == (2, ""), done.stderr[-2000:]
        assert done.stderr == (f"mistborn: cannot listen on 127.0.0.1 port {port}: address "
                               "already in use\n")
        assert serving.running(db) == serving.Serving(first.pid, "127.0.0.1", port)
        first.send_signal(signal.SIGINT)
        first.communicate(timeout=30)
    finally:
        first.kill()
        first.wait()


def test_a_server_whose_port_was_taken_after_it_was_tried_says_why(tmp_path: Path) -> None:
    """The port checked free, then taken before the server listens: still one line
    (the command's refusal), and the server's table and threads let go."""
    import asyncio
    import socket

    from cli.common.errors import UserError
    from cli.players.ssh_login import host_key_path
    from cli.players.ssh_server import Server

    served = Served(tmp_path, FAST)  # a table, its players and a host key
    try:
        with socket.create_server(("127.0.0.1", 0)) as taken:
            port = taken.getsockname()[1]
            server = Server(served.path, host_key_path(served.path), FAST)

            async def start() -> None:
                try:
                    await server.start("127.0.0.1", port)
                finally:
                    await server.close()

            with pytest.raises(UserError) as refused:
                asyncio.run(start())
        assert str(refused.value) == (f"cannot listen on 127.0.0.1 port {port}: address "
                                      "already in use")
    finally:
        served.close()


def test_player_invite_says_the_port_of_the_server_running_over_the_table(
        tmp_path: Path) -> None:
    """``player invite`` prints the ``ssh -p`` line that reaches the running server,
    whatever port it listens on; with none running, the default port and how to
    choose another. A server gone without stopping counts as none."""
    from cli_support import console_script, env_for, ok
    from player_support import make_key

    from cli.players import serving

    db = tmp_path / "t.db"
    key = f"{make_key(tmp_path, 'phone')}.pub"  # a key, not a passphrase: no scrypt to wait on
    server = subprocess.Popen(
        [str(console_script()), "serve", "--host", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, **env_for(db)})
    try:
        assert server.stdout is not None
        for line in server.stdout:
            if line.startswith("Players join with"):
                port = int(line.split()[5])
                break
        # Kept before the port is announced: an invitation as soon as it is read names it.
        assert serving.record_path(db).exists()
        invited = " ".join(ok(db, "player", "invite", "vin", "--key", key).split())
        assert f"They join with: ssh -p {port} vin@THIS-MACHINE" in invited
        assert "No server runs" not in invited
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=30)
    finally:
        server.kill()
        server.wait()
    assert server.returncode == 130
    assert not serving.record_path(db).exists()
    stopped = " ".join(ok(db, "player", "invite", "kell", "--key", key).split())
    assert ("They join with: ssh -p 2222 kell@THIS-MACHINE No server runs over this table "
            "yet: 2222 is the port mistborn serve listens on unless given another (serve "
            "--port N).") in stopped
    serving.record_path(db).write_text(  # as a server killed outright leaves it
        f'{{"pid": {server.pid}, "host": "127.0.0.1", "port": {port}}}\n')
    gone = " ".join(ok(db, "player", "invite", "wax", "--key", key).split())
    assert "They join with: ssh -p 2222 wax@THIS-MACHINE No server runs" in gone


def test_serve_stopping_tells_each_phone_the_table_has_closed(tmp_path: Path) -> None:
    """Ctrl-C stops ``mistborn serve`` with exit status 130, and each phone reads one
    line saying the table has closed before it is dropped."""
    import pexpect
    from cli_support import console_script, env_for
    from player_support import make_key, make_table

    db = tmp_path / "t.db"
    keys = {name: make_key(tmp_path, name) for name in ("ada", "dee")}
    with make_table(db) as table:
        for name, character in (("ada", "Tamsin Vey"), ("dee", "Brannoch")):
            table.revoke_player(name)
            table.invite_player(name, keys=[Path(f"{keys[name]}.pub").read_text()],
                                characters=[character])
    server = subprocess.Popen(
        [str(console_script()), "serve", "--host", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, **env_for(db)})
    phones: list[pexpect.spawn] = []
    try:
        assert server.stdout is not None
        for line in server.stdout:
            if line.startswith("Players join with"):
                port = line.split()[5]
                break
        for name in keys:
            phone = pexpect.spawn(str(SSH), [
                "-F", "/dev/null", "-p", port, "-o", "StrictHostKeyChecking=no",
                "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
                "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes", "-i", str(keys[name]),
                "-tt", f"{name}@127.0.0.1"], encoding="utf-8", dimensions=(30, 40),
                timeout=15)
            phone.expect("Type \\? for help")
            phone.expect_exact("> ")
            phones.append(phone)
        phones[1].sendline("plain on")  # a phone without escape codes
        phones[1].expect_exact("> ")
        server.send_signal(signal.SIGINT)
        for phone in phones:
            phone.expect_exact("The table has closed.\r\n")
            phone.expect(pexpect.EOF)
            assert "The table has closed." not in phone.before
        _out, said = server.communicate(timeout=30)
    finally:
        for phone in phones:
            phone.close(force=True)
        server.kill()
        server.wait()
    assert server.returncode == 130
    assert said.strip() == "mistborn: interrupted" and "Traceback" not in said
